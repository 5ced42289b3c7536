package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Catalogue is what the record does not hold, said: the releases of the
// rules known to exist that no snapshot records, each with where it is
// known from. It is curated by hand (snapshots/catalogue.json); scrape
// drops a release from it once the history records it. Every answer a
// missing release could change says so: a Since is exact only where no
// catalogued release lies between it and the release before it, and an
// answer as of a date names the unrecorded release in force that day.
type Catalogue struct {
	Note     string             `json:"note"`
	Releases []CatalogueRelease `json:"releases"`
}

// CatalogueRelease is one release known to exist and not recorded.
type CatalogueRelease struct {
	Lang      string `json:"lang"`
	Effective string `json:"effective"`
	// KnownFrom says how it is known: the page or document naming it.
	KnownFrom string `json:"known_from"`
}

// CataloguePath is the file of the catalogue.
func (s Store) CataloguePath() string { return filepath.Join(s.Dir, "catalogue.json") }

// Catalogue reads the catalogue; none is an empty one.
func (s Store) Catalogue() (*Catalogue, error) {
	b, err := os.ReadFile(s.CataloguePath())
	if errors.Is(err, fs.ErrNotExist) {
		return &Catalogue{}, nil
	}
	if err != nil {
		return nil, err
	}
	var c Catalogue
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %w", s.CataloguePath(), err)
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", s.CataloguePath(), err)
	}
	return &c, nil
}

// Validate reports the first entry that is not a release of a language
// on a real date with where it is known from, or is twice.
func (c *Catalogue) Validate() error {
	for i, r := range c.Releases {
		if !slices.Contains(Languages, r.Lang) {
			return fmt.Errorf("release %d: language %q, want one of %s", i+1, r.Lang, strings.Join(Languages, ", "))
		}
		if _, err := time.Parse(time.DateOnly, r.Effective); err != nil {
			return fmt.Errorf("release %d: effective %q is not a date (YYYY-MM-DD)", i+1, r.Effective)
		}
		if strings.TrimSpace(r.KnownFrom) == "" {
			return fmt.Errorf("%s@%s: known_from is empty: say where the release is known from", r.Lang, r.Effective)
		}
		if i > 0 && (c.Releases[i-1].Lang > r.Lang || c.Releases[i-1].Lang == r.Lang && c.Releases[i-1].Effective >= r.Effective) {
			return fmt.Errorf("%s@%s: out of order or twice (keep them by language, then date)", r.Lang, r.Effective)
		}
	}
	return nil
}

// Unrecorded are the dates of the catalogued releases of lang, oldest
// first.
func (c *Catalogue) Unrecorded(lang string) []string {
	var out []string
	for _, r := range c.Releases {
		if r.Lang == lang {
			out = append(out, r.Effective)
		}
	}
	return out
}

// Between are the unrecorded releases of lang after from and up to to
// (from "" is the beginning).
func (c *Catalogue) Between(lang, from, to string) []string {
	var out []string
	for _, d := range c.Unrecorded(lang) {
		if d > from && d <= to {
			out = append(out, d)
		}
	}
	return out
}

// Without is the catalogue without the releases recorded (lang →
// dates), and whether it dropped any.
func (c *Catalogue) Without(recorded map[string][]string) (*Catalogue, bool) {
	out := &Catalogue{Note: c.Note}
	for _, r := range c.Releases {
		if !slices.Contains(recorded[r.Lang], r.Effective) {
			out.Releases = append(out.Releases, r)
		}
	}
	return out, len(out.Releases) != len(c.Releases)
}
