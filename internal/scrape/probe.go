package scrape

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// A probe asks the live sources whether anything changed since the last
// refresh, at the cost of a few headers: the scheduled refresh runs every
// hour, and almost every hour nothing has. For a source found by a link
// (the English rules page and its TXT), one conditional GET of the page
// and one HEAD of the document it links; for a document fetched directly,
// one conditional GET. A server that ignores conditional requests costs
// its page, never the TXT: the link and the document's validators still
// say whether anything is new.

// ProbeState is what the last refresh read of each live source, by
// source ID: what the next probe compares against. It is kept outside
// the repository (the workflow's cache), since validators change without
// the rules changing.
type ProbeState struct {
	Sources map[string]ProbedSource `json:"sources"`
	// Failed is set when the refresh after the probe failed: the next
	// probe then counts everything as changed, so the next run retries
	// it in full (and reports its outcome).
	Failed bool `json:"failed,omitempty"`
}

// ProbedSource is what a probe saw of one live source.
type ProbedSource struct {
	Page fetch.Validators `json:"page"` // the page at the source's URL
	// Link is the document the page links (sources with Discover).
	Link     string           `json:"link,omitempty"`
	Document fetch.Validators `json:"document"`
	SHA256   string           `json:"sha256,omitempty"` // of a document fetched directly
}

// ProbeResult is what a probe found.
type ProbeResult struct {
	Changed bool
	// Why says, one line per live source, what was seen.
	Why  []string
	Next ProbeState // to keep if the refresh that follows succeeds
}

// LoadProbeState reads a state a probe wrote; a missing file is no state
// (the first run, or a cache gone): nil, nil.
func LoadProbeState(path string) (*ProbeState, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st ProbeState
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("%s: not a probe state (the JSON scrape probe -next writes): %w", path, err)
	}
	return &st, nil
}

// Marshal is the state as scrape probe writes it.
func (st ProbeState) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(st, "", "  ")
	return append(b, '\n'), err
}

// Probe asks each live source of m whether it changed since prev (nil: no
// record; the newest snapshot's provenance in store stands in for it).
func Probe(ctx context.Context, c *fetch.Client, m *sources.Manifest, store snapshot.Store, prev *ProbeState) (*ProbeResult, error) {
	res := &ProbeResult{Next: ProbeState{Sources: map[string]ProbedSource{}}}
	if prev != nil && prev.Failed {
		res.Changed = true
		res.Why = append(res.Why, "the last refresh failed: running in full again")
	}
	for i := range m.Sources {
		src := &m.Sources[i]
		if src.URL == "" {
			continue
		}
		var last *ProbedSource
		if prev != nil {
			if p, ok := prev.Sources[src.ID]; ok {
				last = &p
			}
		}
		recorded, err := recordedSource(store, src)
		if err != nil {
			return nil, err
		}
		seen, changed, why, err := probeSource(ctx, c, src, last, recorded)
		if err != nil {
			return nil, fmt.Errorf("source %s: %w", src.ID, err)
		}
		res.Next.Sources[src.ID] = seen
		res.Changed = res.Changed || changed
		res.Why = append(res.Why, src.ID+": "+why)
	}
	if len(res.Next.Sources) == 0 {
		return nil, errors.New("sources.json declares no source with a URL: nothing to probe")
	}
	return res, nil
}

// recordedSource is the provenance of src in the newest snapshot of its
// language: the document a refresh read last, when no probe state says.
func recordedSource(store snapshot.Store, src *sources.Source) (*snapshot.Source, error) {
	cur, err := store.Current(src.Lang)
	if err != nil || cur == nil {
		return nil, err
	}
	i := slices.IndexFunc(cur.Sources, func(s snapshot.Source) bool { return s.ID == src.ID })
	if i < 0 {
		return nil, nil
	}
	return &cur.Sources[i], nil
}

func probeSource(ctx context.Context, c *fetch.Client, src *sources.Source, last *ProbedSource, recorded *snapshot.Source) (seen ProbedSource, changed bool, why string, err error) {
	var since fetch.Validators
	if last != nil {
		since = last.Page
	}
	kind := fetch.Text
	if src.Discover != nil || src.Format == sources.FormatHTML {
		kind = fetch.HTML
	}
	body, page, notModified, err := c.Conditional(ctx, src.URL, kind, since)
	if err != nil {
		return seen, false, "", err
	}
	seen.Page = page
	if src.Discover == nil {
		// The document itself: unchanged when the server says so, or when
		// its bytes are those read last.
		if notModified {
			seen.SHA256 = last.SHA256
			return seen, false, "unchanged (HTTP 304)", nil
		}
		sum := sha256.Sum256(body)
		seen.SHA256 = hex.EncodeToString(sum[:])
		if last != nil && last.SHA256 == seen.SHA256 || last == nil && recorded != nil && recorded.SHA256 == seen.SHA256 {
			return seen, false, "unchanged (the same bytes; the server ignored the conditional request)", nil
		}
		return seen, true, "changed: new bytes at " + src.URL, nil
	}
	if notModified {
		seen.Link = last.Link
	} else if seen.Link, err = fetch.FindLink(body, src.URL, src.Discover.Link, src.Discover.Suffix); err != nil {
		return seen, false, "", err
	}
	seen.Document, err = c.Head(ctx, seen.Link)
	if err != nil {
		return seen, false, "", err
	}
	pageSays := "the page is unchanged (HTTP 304)"
	if !notModified {
		pageSays = "the page was sent whole"
	}
	switch {
	case last != nil && seen.Link != last.Link:
		return seen, true, fmt.Sprintf("changed: the page links %s, not %s", seen.Link, last.Link), nil
	case last != nil && seen.Document.Differ(last.Document):
		return seen, true, fmt.Sprintf("changed: %s is not the document read last (%s; was %s)", seen.Link, seen.Document, last.Document), nil
	case last != nil:
		return seen, false, pageSays + ", and so is " + seen.Link, nil
	case recorded != nil && recorded.URL == seen.Link:
		return seen, false, pageSays + "; it links " + seen.Link + ", which the newest snapshot was read from (no record of the last probe)", nil
	}
	return seen, true, "changed: no record of what was read last (the page links " + seen.Link + ")", nil
}
