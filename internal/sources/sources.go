// Package sources reads sources/sources.json: every document the pipeline
// reads, declared as data (id, language, format, live URL, captured copy and
// its sha256), so adding a source is an edit to a JSON file, not to Go code.
package sources

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Formats a source can have.
const (
	FormatCRText = snapshot.FormatCRText // the official whole-document TXT
	FormatPlain  = "plain"               // a plain-text rule page
	FormatHTML   = "html"                // an HTML rule page, read with Selectors
	// FormatCurated is a hand-curated JSON list of names that no captured
	// source covers (Spanish card types and supertypes); snapshots mark
	// facts from it as curated.
	FormatCurated = "curated"
	// FormatPrinted is a hand-curated JSON list of what cards print that
	// the rules spell differently or dropped, and of mana symbols cards
	// print outside rule 107.4; scrape writes it to snapshots/printed.json.
	FormatPrinted = "printed"
)

// Manifest is the parsed sources/sources.json.
type Manifest struct {
	Sources []Source `json:"sources"`
	dir     string
}

// Source declares one document.
type Source struct {
	ID     string `json:"id"`
	Lang   string `json:"lang,omitempty"` // en or es; none for a printed-forms source
	Format string `json:"format"`
	// URL is where -live fetches the document; for cr-txt with Discover, the
	// page that links to it. Empty when the address was not recorded.
	URL string `json:"url,omitempty"`
	// Discover finds the document's link on the page at URL.
	Discover *Discover `json:"discover,omitempty"`
	// Rule is the rule a rule page covers.
	Rule string `json:"rule,omitempty"`
	// Effective is the CR release the document belongs to, for documents
	// that do not state it themselves.
	Effective string `json:"effective,omitempty"`
	// Selectors for FormatHTML.
	Selectors *rulepage.Selectors `json:"selectors,omitempty"`
	Captured  *Captured           `json:"captured,omitempty"`
	Note      string              `json:"note,omitempty"`
}

// Discover says how to find the document's link on a landing page.
type Discover struct {
	Link   string `json:"link"`   // selector of candidate <a> elements
	Suffix string `json:"suffix"` // the href must end with this (case-insensitive)
}

// Captured is the committed copy of a document, for offline runs.
type Captured struct {
	Path   string `json:"path"` // relative to the sources directory
	SHA256 string `json:"sha256"`
}

var (
	idRE   = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]*$`)
	dateRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	ruleRE = regexp.MustCompile(`^\d{3}\.\d+$`)
)

// Load reads and validates dir/sources.json.
func Load(dir string) (*Manifest, error) {
	path := filepath.Join(dir, "sources.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	m := &Manifest{dir: dir}
	if err := dec.Decode(m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

func (m *Manifest) validate() error {
	if len(m.Sources) == 0 {
		return fmt.Errorf("no sources declared")
	}
	seen := map[string]bool{}
	for i, s := range m.Sources {
		where := fmt.Sprintf("source %d (%q)", i+1, s.ID)
		switch {
		case !idRE.MatchString(s.ID):
			return fmt.Errorf("%s: id must be lower-case letters, digits, dots and dashes", where)
		case seen[s.ID]:
			return fmt.Errorf("%s: duplicate id", where)
		case s.Format == FormatPrinted && (s.Lang != "" || s.Captured == nil || s.URL != "" || s.Effective != ""):
			return fmt.Errorf("%s: a printed-forms source is a captured file of both languages: no lang, url or effective date", where)
		case s.Format != FormatPrinted && s.Lang != "en" && s.Lang != "es":
			return fmt.Errorf("%s: lang %q is not en or es", where, s.Lang)
		case !slices.Contains([]string{FormatCRText, FormatPlain, FormatHTML, FormatCurated, FormatPrinted}, s.Format):
			return fmt.Errorf("%s: unknown format %q", where, s.Format)
		case s.Effective != "" && !dateRE.MatchString(s.Effective):
			return fmt.Errorf("%s: effective %q is not YYYY-MM-DD", where, s.Effective)
		case s.Format == FormatCurated && (s.Captured == nil || s.Effective == "" || s.URL != ""):
			return fmt.Errorf("%s: a curated source is a captured file with an effective date and no url", where)
		case s.Format != FormatCRText && s.Format != FormatCurated && s.Format != FormatPrinted && !ruleRE.MatchString(s.Rule):
			return fmt.Errorf("%s: a rule page must declare its rule (e.g. \"205.3\")", where)
		case s.Format == FormatHTML && s.Selectors == nil:
			return fmt.Errorf("%s: an html source must declare selectors", where)
		case s.Format != FormatCRText && s.Format != FormatPrinted && s.Effective == "" && (s.Selectors == nil || s.Selectors.Effective == ""):
			return fmt.Errorf("%s: a rule page must declare its effective date or an effective selector", where)
		case s.URL == "" && s.Captured == nil:
			return fmt.Errorf("%s: neither a url nor a captured copy", where)
		case s.Discover != nil && (s.Discover.Link == "" || s.Discover.Suffix == ""):
			return fmt.Errorf("%s: discover needs link and suffix", where)
		case s.Captured != nil && (s.Captured.Path == "" || len(s.Captured.SHA256) != 64):
			return fmt.Errorf("%s: captured needs a path and a sha256", where)
		case s.Captured != nil && !filepath.IsLocal(filepath.FromSlash(s.Captured.Path)):
			// scrape -live writes the copy there: never outside sources/.
			return fmt.Errorf("%s: captured path %q must lie under the sources directory (relative, without ..)", where, s.Captured.Path)
		}
		seen[s.ID] = true
	}
	return nil
}

// Dir is the directory the manifest was read from.
func (m *Manifest) Dir() string { return m.dir }

// ReadCaptured returns the captured copy of s, verified against its sha256
// and at most maxBytes long.
func (m *Manifest) ReadCaptured(s *Source, maxBytes int64) ([]byte, error) {
	if s.Captured == nil {
		return nil, fmt.Errorf("source %s has no captured copy", s.ID)
	}
	path := m.CapturedPath(s)
	data, err := ReadFile(path, maxBytes)
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", s.ID, err)
	}
	if got := snapshot.SHA256(data); got != s.Captured.SHA256 {
		return nil, &ChangedError{Source: s.ID, Path: path, Got: got, Want: s.Captured.SHA256}
	}
	return data, nil
}

// CapturedPath is where the captured copy of s lives.
func (m *Manifest) CapturedPath(s *Source) string { return filepath.Join(m.dir, s.Captured.Path) }

// ChangedError is a captured copy whose bytes are not the ones
// sources.json records: edited by hand, or replaced on purpose.
type ChangedError struct {
	Source, Path, Got, Want string
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("source %s: captured copy %s has sha256 %s, but sources.json records %s: if the change is intended, run 'scrape accept %s' to record the new sha256; otherwise restore the file (git checkout %s)",
		e.Source, e.Path, e.Got, e.Want, e.Path, e.Path)
}

// ReadFile reads a source document from disk, refusing one larger than
// maxBytes before reading it: the same cap as a fetch.
func ReadFile(path string, maxBytes int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read-only: nothing to lose
	if fi, err := f.Stat(); err == nil && maxBytes > 0 && fi.Size() > maxBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than the cap of %d for a source document (raise it with -max-bytes if this file is right)", path, fi.Size(), maxBytes)
	}
	var r io.Reader = f
	if maxBytes > 0 {
		r = io.LimitReader(f, maxBytes+1)
	}
	// One buffer of the file's size (io.ReadAll grows by doubling and
	// copying, holding up to twice the file), then whatever follows if
	// the file grew meanwhile or has no size (a pipe).
	size := 512
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 && fi.Size() < 1<<40 {
		size = int(fi.Size()) + 1 // +1: reaching EOF needs no new buffer
	}
	data := make([]byte, 0, size)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	if maxBytes > 0 && int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("%s: more than the cap of %d bytes for a source document (raise it with -max-bytes if this file is right)", path, maxBytes)
	}
	return data, nil
}

// Accept records the sha256 of the captured copy at path (relative to the
// working directory) in the manifest, for a copy changed on purpose. It
// returns the source it belongs to.
func (m *Manifest) Accept(path string) (*Source, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	for i := range m.Sources {
		s := &m.Sources[i]
		if s.Captured == nil {
			continue
		}
		p, err := filepath.Abs(m.CapturedPath(s))
		if err != nil || p != abs {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		s.Captured.SHA256 = snapshot.SHA256(data)
		return s, nil
	}
	var known []string
	for _, s := range m.Sources {
		if s.Captured != nil {
			known = append(known, m.CapturedPath(&s))
		}
	}
	return nil, fmt.Errorf("%s is no captured copy declared in %s (captured copies: %s)", path, filepath.Join(m.dir, "sources.json"), strings.Join(known, ", "))
}

// Marshal returns the manifest as indented JSON, for -live updating the
// sha256 of refreshed captured copies.
func (m *Manifest) Marshal() ([]byte, error) { return snapshot.MarshalFile(m) }

// Identify recognises a captured document by its sha256, and otherwise
// guesses its format from its content, without decoding it (reading it
// decodes it, once). It returns the sha256, worked out once.
func Identify(m *Manifest, data []byte, path string) (src Source, sum string) {
	sum = snapshot.SHA256(data)
	if m != nil {
		for _, s := range m.Sources {
			if s.Captured != nil && s.Captured.SHA256 == sum {
				return s, sum
			}
		}
	}
	id := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	trimmed := bytes.TrimLeft(data, "\xef\xbb\xbf \t\r\n")
	if bytes.HasPrefix(trimmed, []byte("<")) {
		return Source{ID: id, Format: FormatHTML}, sum
	}
	if textenc.Contains(data, "These rules are effective as of") {
		return Source{ID: id, Format: FormatCRText}, sum
	}
	src = Source{ID: id, Format: FormatPlain}
	if p, err := rulepage.ParsePlain(data); err == nil {
		src.Rule = p.Rule
	}
	return src, sum
}
