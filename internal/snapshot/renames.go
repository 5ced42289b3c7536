package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Rename is a name one release step of the English history replaced by
// another, with the rule text that shows it ("Creatures and tribals
// share" → "Creatures and kindreds share").
type Rename struct {
	Release  string `json:"release"` // the first release with the new name
	List     string `json:"list"`
	From     string `json:"from"`
	To       string `json:"to"`
	Evidence string `json:"evidence"`
}

// renamesFile is snapshots/renames.json.
type renamesFile struct {
	Note    string   `json:"note"`
	Renames []Rename `json:"renames"`
}

const renamesNote = "The renames of the English history, release step by release step, as scrape compares the releases in snapshots/en (rule text word by word). scrape rewrites this file from the history on every run; gen reads it, so that generating needs no comparison of rule text. Do not edit."

// RenamesPath is the file of the English history's renames.
func (s Store) RenamesPath() string { return filepath.Join(s.Dir, "renames.json") }

// Renames loads the English history's renames.
func (s Store) Renames() ([]Rename, error) {
	b, err := os.ReadFile(s.RenamesPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s not found: scrape writes it from the history; run make regen", s.RenamesPath())
	}
	if err != nil {
		return nil, err
	}
	var f renamesFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %w", s.RenamesPath(), err)
	}
	return f.Renames, nil
}

// MarshalRenames returns the canonical form of the renames file.
func MarshalRenames(r []Rename) ([]byte, error) {
	if r == nil {
		r = []Rename{}
	}
	return MarshalFile(renamesFile{Note: renamesNote, Renames: r})
}
