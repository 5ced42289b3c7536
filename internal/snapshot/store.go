package snapshot

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Store is the snapshots/ directory: one file per language per release
// (snapshots/en/2026-02-27.json) and the current state of each language
// (snapshots/current/en.json), which is what the generator reads.
type Store struct{ Dir string }

// Languages the store keeps, by code.
var Languages = []string{"en", "es"}

// LanguageName is the English name of a language code.
func LanguageName(code string) string {
	switch code {
	case "en":
		return "English"
	case "es":
		return "Spanish"
	}
	return code
}

// HistoryPath is the file of one release of a language.
func (s Store) HistoryPath(lang, effective string) string {
	return filepath.Join(s.Dir, lang, effective+".json")
}

// CurrentPath is the file of the current state of a language.
func (s Store) CurrentPath(lang string) string {
	return filepath.Join(s.Dir, "current", lang+".json")
}

// History loads every release of a language, oldest first.
func (s Store) History(lang string) ([]*Snapshot, error) {
	files, err := filepath.Glob(filepath.Join(s.Dir, lang, "*.json"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var out []*Snapshot
	for _, f := range files {
		snap, err := Load(f)
		if err != nil {
			return nil, err
		}
		if want := strings.TrimSuffix(filepath.Base(f), ".json"); snap.Effective != want || snap.Lang != lang {
			return nil, fmt.Errorf("%s holds %s@%s, expected %s@%s", f, snap.Lang, snap.Effective, lang, want)
		}
		out = append(out, snap)
	}
	return out, nil
}

// Current loads the current state of a language, or nil if there is none.
func (s Store) Current(lang string) (*Snapshot, error) {
	snap, err := Load(s.CurrentPath(lang))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return snap, err
}

// Resolve reads a snapshot named by a path or by "lang@date" ("en@2024-07-30",
// or "en@current").
func (s Store) Resolve(name string) (*Snapshot, error) {
	if lang, date, ok := strings.Cut(name, "@"); ok && !strings.ContainsAny(name, `/\`) {
		if date == "current" {
			snap, err := s.Current(lang)
			if err == nil && snap == nil {
				err = fmt.Errorf("no current snapshot for %q", lang)
			}
			return snap, err
		}
		p := s.HistoryPath(lang, date)
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("%s: no snapshot of %s for %s in %s", name, lang, date, filepath.Join(s.Dir, lang))
		}
		return Load(p)
	}
	return Load(name)
}
