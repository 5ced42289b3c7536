package rulebook

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

	"github.com/mtgrules/crgen/internal/atomicfile"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulenum"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The files of a book, in its directory (snapshots/rules/<lang>/):
// releases.json, contents.json, glossary.json, and one file per section
// of the rules ("702.json"), so that a release's change touches the
// files of the sections it changed.
const (
	releasesFile = "releases.json"
	contentsFile = "contents.json"
	glossaryFile = "glossary.json"
)

type releasesJSON struct {
	Lang     string    `json:"lang"`
	Releases []Release `json:"releases"`
}

type contentsJSON struct {
	Contents []Rule `json:"contents"`
}

type glossaryJSON struct {
	Glossary []Term `json:"glossary"`
}

type sectionJSON struct {
	Section string `json:"section"`
	Rules   []Rule `json:"rules"`
}

// SectionOf is the section a rule number belongs to: "702" for 702.19b.
func SectionOf(number string) string { return rulenum.SectionOf(number) }

// Files are the book's files by name, encoded as every file of the
// project is (snapshot.MarshalFile).
func (b *Book) Files() (map[string][]byte, error) {
	files := map[string][]byte{}
	put := func(name string, v any) error {
		data, err := snapshot.MarshalFile(v)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		files[name] = data
		return nil
	}
	if err := put(releasesFile, releasesJSON{Lang: b.Lang, Releases: b.Releases}); err != nil {
		return nil, err
	}
	if len(b.Contents) > 0 {
		if err := put(contentsFile, contentsJSON{Contents: b.Contents}); err != nil {
			return nil, err
		}
	}
	if len(b.Glossary) > 0 {
		if err := put(glossaryFile, glossaryJSON{Glossary: b.Glossary}); err != nil {
			return nil, err
		}
	}
	for i := 0; i < len(b.Rules); {
		sec := SectionOf(b.Rules[i].Number)
		j := i
		for j < len(b.Rules) && SectionOf(b.Rules[j].Number) == sec {
			j++
		}
		if err := put(sec+".json", sectionJSON{Section: sec, Rules: b.Rules[i:j]}); err != nil {
			return nil, err
		}
		i = j
	}
	return files, nil
}

// Write writes the book's files into dir, each atomically, and removes
// the files of sections it no longer has.
func (b *Book) Write(dir string) error {
	files, err := b.Files()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if _, err := atomicfile.Write(filepath.Join(dir, name), files[name]); err != nil {
			return err
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	for _, path := range old {
		if _, ok := files[filepath.Base(path)]; !ok {
			if err := os.Remove(path); err != nil {
				return err
			}
		}
	}
	return nil
}

// Load reads the book in dir and checks it is well formed. A directory
// that does not exist is an empty book.
func Load(dir, lang string) (*Book, error) {
	b, err := LoadFS(os.DirFS(dir), lang)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return b, nil
}

// LoadFS reads the book whose files are at the root of fsys (a
// directory, or the copy a generated package embeds) and checks it is
// well formed. No releases.json is an empty book.
func LoadFS(fsys fs.FS, lang string) (*Book, error) {
	b := &Book{Lang: lang}
	var rel releasesJSON
	switch err := readJSON(fsys, releasesFile, &rel); {
	case errors.Is(err, fs.ErrNotExist):
		return b, nil
	case err != nil:
		return nil, err
	}
	if rel.Lang != lang {
		return nil, fmt.Errorf("%s: the book of %q, not %q", releasesFile, rel.Lang, lang)
	}
	b.Releases = rel.Releases
	var c contentsJSON
	if err := readJSON(fsys, contentsFile, &c); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	b.Contents = c.Contents
	var g glossaryJSON
	if err := readJSON(fsys, glossaryFile, &g); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	b.Glossary = g.Glossary
	paths, err := fs.Glob(fsys, "[0-9][0-9][0-9].json")
	if err != nil {
		return nil, err
	}
	for _, path := range paths {
		var s sectionJSON
		if err := readJSON(fsys, path, &s); err != nil {
			return nil, err
		}
		if want := strings.TrimSuffix(path, ".json"); s.Section != want {
			return nil, fmt.Errorf("%s: holds section %q", path, s.Section)
		}
		for _, r := range s.Rules {
			if _, _, ok := crtext.SplitNumber(r.Number + " X"); !ok || SectionOf(r.Number) != s.Section {
				return nil, fmt.Errorf("%s: rule %q is no rule of section %s", path, r.Number, s.Section)
			}
		}
		b.Rules = append(b.Rules, s.Rules...)
	}
	slices.SortStableFunc(b.Rules, func(x, y Rule) int { return CompareNumbers(x.Number, y.Number) })
	if err := b.Check(); err != nil {
		return nil, err
	}
	b.reindex()
	return b, nil
}

func readJSON(fsys fs.FS, path string, v any) error {
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Check reports the first way the book is not well formed: releases out
// of order, a version of a release not recorded or out of order, a
// history that begins gone or is gone twice running, a number twice.
func (b *Book) Check() error {
	dates := make([]string, len(b.Releases))
	for i, r := range b.Releases {
		if i > 0 && r.Date <= dates[i-1] {
			return fmt.Errorf("release %s after %s: releases are kept oldest first", r.Date, dates[i-1])
		}
		if r.Source != "txt" && r.Source != "pages" {
			return fmt.Errorf("release %s: source %q, want txt or pages", r.Date, r.Source)
		}
		dates[i] = r.Date
	}
	check := func(kind string, hs []Rule, compare func(a, b string) int) error {
		for i, h := range hs {
			if i > 0 && compare(hs[i-1].Number, h.Number) >= 0 {
				return fmt.Errorf("%s %q after %q: out of order or twice", kind, h.Number, hs[i-1].Number)
			}
			if len(h.Versions) == 0 || h.Versions[0].Gone {
				return fmt.Errorf("%s %q: its history must begin with a text", kind, h.Number)
			}
			for j, v := range h.Versions {
				if _, ok := slices.BinarySearch(dates, v.Since); !ok {
					return fmt.Errorf("%s %q: version of %s, a release not recorded", kind, h.Number, v.Since)
				}
				if j > 0 && v.Since <= h.Versions[j-1].Since {
					return fmt.Errorf("%s %q: version of %s after one of %s", kind, h.Number, v.Since, h.Versions[j-1].Since)
				}
				if j > 0 && v.Gone && h.Versions[j-1].Gone {
					return fmt.Errorf("%s %q: gone twice running (%s)", kind, h.Number, v.Since)
				}
			}
		}
		return nil
	}
	if err := check("rule", b.Rules, CompareNumbers); err != nil {
		return err
	}
	if err := check("heading", b.Contents, CompareNumbers); err != nil {
		return err
	}
	terms := make([]Rule, len(b.Glossary))
	for i, t := range b.Glossary {
		terms[i] = Rule{Number: t.Term, Versions: t.Versions}
	}
	return check("glossary term", terms, compareTerms)
}
