package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"path"
	"slices"
	"time"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The files of every release (All).
const (
	// HistoryFile holds every name's lives in both languages.
	HistoryFile = "History.json"
	// ArchiveFile is the releases' files in one zip: <lang>/<date>/<file>.
	ArchiveFile = "Releases.zip"
)

// AsOf returns release i of a language's history (oldest first) as of
// itself: its own facts, and each fact it does not carry (a release of
// rule pages carries 205.3 and 107.4) from the newest release before it
// that does, with that release in its provenance.
func AsOf(h []*snapshot.Snapshot, i int) (*snapshot.Snapshot, error) {
	s, err := snapshot.Current(h[:i+1])
	if err != nil {
		return nil, err
	}
	s.Effective = h[i].Effective
	return s, nil
}

// All builds the files of every recorded release of store, each as of
// itself (AsOf), under <lang>/<date>/, History.json, and NOTICE, once for
// all of them: paths with slashes, deterministic to the byte.
func All(store snapshot.Store) (map[string][]byte, error) {
	out := map[string][]byte{}
	hist := History{Meta: HistoryMeta{Version: "crgen", Releases: map[string][]string{}, InForce: map[string][]ReleaseSpan{}},
		AsOf: map[string]map[string]string{}, Lists: map[string]map[string][]Life{}}
	renames, err := store.Renames()
	if err != nil {
		return nil, err
	}
	english := map[string]*snapshot.Snapshot{} // English releases as of themselves, by date
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			return nil, err
		}
		hist.Meta.Releases[lang] = []string{}
		for i := range h {
			s, err := AsOf(h, i)
			if err != nil {
				return nil, err
			}
			hist.Meta.Releases[lang] = append(hist.Meta.Releases[lang], s.Effective)
			var en *snapshot.Snapshot
			if lang == "en" {
				english[s.Effective] = s
			} else if en = englishFor(english, s); en == nil {
				return nil, fmt.Errorf("%s@%s: no English release on or before it says which card types share each subtype list", lang, s.Effective)
			}
			m, err := Build(s, en)
			if err != nil {
				return nil, fmt.Errorf("%s@%s: %w", lang, s.Effective, err)
			}
			files, err := m.Files()
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				if f.Name != crgen.NoticeFile {
					out[path.Join(lang, s.Effective, f.Name)] = f.Data
				}
			}
		}
		rn := renames // the renames are the English history's
		if lang != "en" {
			rn = nil
		}
		hist.Lists[lang] = lives(h, rn)
		hist.AsOf[lang], hist.Meta.InForce[lang] = readings(h)
	}
	b, err := snapshot.MarshalFile(hist)
	if err != nil {
		return nil, err
	}
	out[HistoryFile] = b
	out[crgen.NoticeFile] = []byte(crgen.Notice)
	return out, nil
}

// englishFor is the English release, as of itself, that says which card
// types share each subtype list of s: the newest on or before s's date
// that carries the card types and subtypes.
func englishFor(english map[string]*snapshot.Snapshot, s *snapshot.Snapshot) *snapshot.Snapshot {
	var best *snapshot.Snapshot
	for d, en := range english {
		if d <= s.Effective && en.Has(snapshot.FactCardTypes) && en.Has(snapshot.FactSubtypes) && (best == nil || d > best.Effective) {
			best = en
		}
	}
	return best
}

// History is History.json: every name each list of either language ever
// had, with its lives.
//
//	{"meta": {"version": "crgen", "releases": {"en": [dates], "es": [dates]},
//	          "in_force": {"en": [{"release", "until", "reads"}], "es": [...]}},
//	 "as_of": {"en": {"card_types": date, ...}, "es": {...}},
//	 "lists": {"en": {"card_types": [life, ...], "creature": [...], ...}, "es": {...}}}
//
// A list is keyed as in the snapshots (a fact's name, or a subtype
// category); its names in the order they first appeared, which is the
// order of the generated constants' values. as_of gives, per language,
// the release each list is as of (the newest that read it), in the shape
// of every file of this project; in_force, each release's stretch of
// dates (from its own date until the next release's, absent for the
// newest), and for a release recorded from rule pages the lists it read
// (reads; absent when it read them all): the release in force on a date
// is the one whose stretch holds it, and a list it did not read is as of
// the newest release before it that did.
type History struct {
	Meta  HistoryMeta                  `json:"meta"`
	AsOf  map[string]map[string]string `json:"as_of"`
	Lists map[string]map[string][]Life `json:"lists"`
}

// HistoryMeta names the producer and every recorded release.
type HistoryMeta struct {
	Version  string                   `json:"version"`
	Releases map[string][]string      `json:"releases"`
	InForce  map[string][]ReleaseSpan `json:"in_force"`
}

// ReleaseSpan is the stretch of dates a release was in force: from its
// own date until Until (the next release's; "" for the newest), and,
// for a release of rule pages, the lists it read.
type ReleaseSpan struct {
	Release string   `json:"release"`
	Until   string   `json:"until,omitempty"`
	Reads   []string `json:"reads,omitempty"`
}

// Life is one name of a list: when the rules first and last listed it,
// the first release without it, the times they dropped it and listed it
// again, what replaced it; and the same as the stretches the rules listed
// it (lives: from since, until the first release without it, absent
// while listed).
type Life struct {
	Name       string     `json:"name"`
	First      string     `json:"first"`
	Oldest     bool       `json:"first_is_oldest_known"` // the name may be older than the history
	Last       string     `json:"last"`
	Removed    string     `json:"removed,omitempty"` // first release without it; absent while listed
	Rule       string     `json:"rule"`
	ReplacedBy string     `json:"replaced_by,omitempty"`
	Gaps       []Gap      `json:"gaps"`
	Lives      []Interval `json:"lives"`
}

// Interval is one stretch of releases listing a name: from Since until
// the first release without it (Until; "" while listed).
type Interval struct {
	Since string `json:"since"`
	Until string `json:"until,omitempty"`
}

// Gap is a stretch of releases without the name between two of its
// lives.
type Gap struct {
	Removed string `json:"removed"`
	Back    string `json:"back"`
}

// readings are, for a language's history, the release each list is as
// of (the newest that read it) and each release's stretch of dates with
// the lists a release of rule pages read.
func readings(h []*snapshot.Snapshot) (map[string]string, []ReleaseSpan) {
	asOf := map[string]string{}
	spans := []ReleaseSpan{}
	lists := snapshot.ListsOf(h...)
	for i, s := range h {
		span := ReleaseSpan{Release: s.Effective}
		if i+1 < len(h) {
			span.Until = h[i+1].Effective
		}
		all := true
		for _, l := range lists {
			if s.Carries(l) {
				asOf[l] = s.Effective
				span.Reads = append(span.Reads, l)
			} else {
				all = false
			}
		}
		if all {
			span.Reads = nil
		}
		spans = append(spans, span)
	}
	return asOf, spans
}

func lives(h []*snapshot.Snapshot, renames []snapshot.Rename) map[string][]Life {
	out := map[string][]Life{}
	for _, list := range snapshot.ListsOf(h...) {
		for _, l := range history.Lives(h, list, renames) {
			life := Life{Name: l.Name, First: l.First, Oldest: l.Oldest, Last: l.Last, Removed: l.Removed, Rule: l.Rule, ReplacedBy: l.ReplacedBy, Gaps: []Gap{}}
			since := l.First
			for _, g := range l.Gaps {
				life.Gaps = append(life.Gaps, Gap{g.Removed, g.Back})
				life.Lives = append(life.Lives, Interval{since, g.Removed})
				since = g.Back
			}
			life.Lives = append(life.Lives, Interval{since, l.Removed})
			out[list] = append(out[list], life)
		}
	}
	return out
}

// Archive zips the files of All, History.json with them, sorted by path,
// with a fixed time: the same files give the same bytes.
func Archive(files map[string][]byte) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		w, err := z.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate, Modified: time.Date(2009, 7, 11, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(files[n]); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
