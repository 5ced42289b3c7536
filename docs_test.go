package crgen

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The README and the pages of docs/ link to each other and to the code:
// every relative link must lead to a file, and every #anchor to a
// heading of it.
func TestDocLinks(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, "README.md")
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target, anchor, _ := strings.Cut(m[1], "#")
			if strings.Contains(target, "://") {
				continue
			}
			path := page
			if target != "" {
				path = filepath.Join(filepath.Dir(page), target)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: link %s: %v", page, m[1], err)
				continue
			}
			if anchor != "" && !slices.Contains(anchors(string(data)), anchor) {
				t.Errorf("%s: link %s: %s has no heading %q", page, m[1], path, anchor)
			}
		}
	}
}

// anchors are the ids GitHub gives the headings of a Markdown page.
func anchors(md string) []string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") {
			id := strings.Map(func(r rune) rune {
				switch {
				case r == ' ':
					return '-'
				case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
					return r
				case r >= 'A' && r <= 'Z':
					return r + 'a' - 'A'
				}
				return -1
			}, h)
			out = append(out, id)
		}
	}
	return out
}

// The README stays a page a newcomer reads in minutes; the rest is in
// docs/.
func TestReadmeIsShort(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > 150 {
		t.Errorf("README.md has %d lines; keep it under 150 and move the rest to docs/", n)
	}
}

// The architecture page names every package of the module, and every
// package it names exists: it is checked against the code as the code
// changes.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	b, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, root := range []string{"internal", "generated"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() || d.Name() == "testdata" {
				if d != nil && d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return err
			}
			if gofiles, _ := filepath.Glob(filepath.Join(p, "*.go")); len(gofiles) > 0 && !strings.Contains(page, "`"+filepath.ToSlash(p)+"`") {
				t.Errorf("docs/architecture.md does not name the package %s", p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range regexp.MustCompile("`((?:internal|generated)/[a-z/]+)`").FindAllStringSubmatch(page, -1) {
		if _, err := os.Stat(strings.TrimSuffix(m[1], "/")); err != nil {
			t.Errorf("docs/architecture.md names %s, which does not exist", m[1])
		}
	}
}
