package site

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"github.com/mtgrules/crgen/generated/ruletext"
)

// EnvWhole names the variable that makes the tests build the whole site
// (every release) instead of a sample: make site-check sets it.
const EnvWhole = "CRGEN_SITE_WHOLE"

// sample are the releases the suite writes beside the newest and the
// one before it (which Build adds): the first recorded, the last that
// numbered 205.3m 204.3k, and the update that changed the most. Past
// facts, pinned.
// and the release that renamed Tribal Kindred.
var sample = []string{"2009-07-11", "2011-07-15", "2015-01-23", "2024-07-30"}

// built is the site the tests share: built once, read by every test.
type built struct {
	dir string
	res Result
	b   *builder
	err error
}

var (
	buildOnce sync.Once
	shared    built
)

// siteOf builds the site of the suite once (a sample, or with
// CRGEN_SITE_WHOLE=1 every release) and returns it.
func siteOf(t testing.TB) *built {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "crgen-site-")
		if err != nil {
			shared.err = err
			return
		}
		shared.dir = filepath.Join(dir, "site")
		o := Options{Releases: sample}
		if os.Getenv(EnvWhole) != "" {
			o.Releases = nil
		}
		if err := prepare(shared.dir); err != nil {
			shared.err = err
			return
		}
		b, err := newBuilder(shared.dir, o)
		if err != nil {
			shared.err = err
			return
		}
		if err := b.build(); err != nil {
			shared.err = err
			return
		}
		shared.b, shared.res = b, b.result()
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return &shared
}

func TestMain(m *testing.M) {
	code := m.Run()
	closeBrowser()
	if shared.dir != "" {
		_ = os.RemoveAll(filepath.Dir(shared.dir))
	}
	os.Exit(code)
}

// read is a file of the built site.
func (s *built) read(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(p)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readFile(t testing.TB, dir, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// newest is the newest English release: derived, never a literal.
func newest() string {
	rs := ruletext.English.Releases()
	return rs[len(rs)-1].Date
}

// Every link of every page the suite built leads to a file of the site,
// every fragment to an id of its page; no page outweighs MaxPage; every
// kind of page is there.
func TestEveryLinkLeadsSomewhere(t *testing.T) {
	s := siteOf(t)
	broken, pages, err := CheckLinks(s.dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range broken {
		if i == 20 {
			t.Errorf("... %d more", len(broken)-20)
			break
		}
		t.Error(b)
	}
	if pages != s.res.Pages {
		t.Errorf("CheckLinks read %d pages, the build wrote %d", pages, s.res.Pages)
	}
	kinds := map[string]int{}
	var total int64
	err = filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		total += info.Size()
		r, _ := filepath.Rel(s.dir, p)
		r = filepath.ToSlash(r)
		if strings.HasSuffix(r, ".html") && info.Size() > MaxPage {
			t.Errorf("%s weighs %d bytes, over %d", r, info.Size(), MaxPage)
		}
		kinds[pageKind(r)]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total != s.res.Bytes {
		t.Errorf("the build says it wrote %d bytes; the folder holds %d", s.res.Bytes, total)
	}
	for _, k := range []string{"home", "tool", "releases", "contents", "section", "glossary", "lists", "changes", "history", "number", "data", "search", "asset"} {
		if kinds[k] == 0 {
			t.Errorf("no page of kind %s", k)
		}
	}
	whole := projectedBytes(t, s)
	if whole > MaxSite {
		t.Errorf("the whole site would weigh %d bytes, over %d", whole, MaxSite)
	}
	t.Logf("%d pages, %d files, %d bytes (the whole site: %d); the largest page %s, %d bytes; by kind %v", s.res.Pages, s.res.Files, s.res.Bytes, whole, s.res.Largest, s.res.LargestBytes, kinds)
}

// MaxSite is the most the whole site may weigh (every release).
const MaxSite = 300_000_000

// projectedBytes is what the whole site weighs: what was built, or for a
// sample, what was built plus, for each release left out, the mean of
// the pages and data of the releases built.
func projectedBytes(t *testing.T, s *built) int64 {
	t.Helper()
	all := len(ruletext.English.Releases())
	if len(s.res.Releases) == all {
		return s.res.Bytes
	}
	var perRelease int64
	for _, date := range s.res.Releases {
		for _, dir := range []string{"en/" + date, DataPath(ruletext.English, date, "")} {
			err := filepath.WalkDir(filepath.Join(s.dir, dir), func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				info, err := d.Info()
				perRelease += info.Size()
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return s.res.Bytes + perRelease/int64(len(s.res.Releases))*int64(all-len(s.res.Releases))
}

// pageKind is what a file of the site is, by its path.
func pageKind(p string) string {
	parts := strings.Split(p, "/")
	switch {
	case p == "index.html":
		return "home"
	case len(parts) == 1:
		return "tool"
	case parts[0] == "data":
		return "data"
	case parts[0] == "search":
		return "search"
	case parts[0] == "assets":
		return "asset"
	case len(parts) == 2:
		return "releases"
	case parts[1] == "history":
		return "history"
	case parts[1] == "n":
		return "number"
	}
	switch base := parts[len(parts)-1]; {
	case base == "index.html":
		return "contents"
	case base == "glossary.html", base == "lists.html":
		return strings.TrimSuffix(base, ".html")
	case strings.HasPrefix(base, "changes"):
		return "changes"
	}
	return "section"
}

// Two builds of the same releases write the same bytes.
func TestBuildIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the site twice more")
	}
	t.Parallel()
	dirs := [2]string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")}
	for k, dir := range dirs {
		// One worker and many: the order pages are written in is not the
		// order of their bytes.
		if _, err := Build(dir, Options{Releases: []string{}, Workers: 1 + 3*k}); err != nil {
			t.Fatal(err)
		}
	}
	files := func(dir string) map[string][]byte {
		out := map[string][]byte{}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			r, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(r)] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a, b := files(dirs[0]), files(dirs[1])
	if len(a) != len(b) {
		t.Errorf("%d files, then %d", len(a), len(b))
	}
	diffs := 0
	for p, x := range a {
		if !bytes.Equal(x, b[p]) {
			if diffs++; diffs <= 5 {
				t.Errorf("%s differs between two builds", p)
			}
		}
	}
}

// A folder that holds anything but a site is never emptied.
func TestBuildRefusesAFolderItDidNotWrite(t *testing.T) {
	dir := t.TempDir()
	precious := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(precious, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(dir, Options{Releases: []string{}})
	if err == nil || !strings.Contains(err.Error(), "refusing to empty it") {
		t.Fatalf("Build into a folder of someone's: %v, want a refusal", err)
	}
	if _, err := os.Stat(precious); err != nil {
		t.Errorf("the folder's file is gone: %v", err)
	}
	if _, err := Build(filepath.Join(dir, "x"), Options{Releases: []string{"1999-01-01"}}); err == nil || !strings.Contains(err.Error(), "no release of the en rules is dated 1999-01-01") {
		t.Errorf("a release not recorded: %v", err)
	}
}

// The stable paths hold the newest release, byte for byte the pages of
// its date.
func TestStablePathsHoldTheNewest(t *testing.T) {
	s := siteOf(t)
	n := newest()
	for _, pair := range [][2]string{{"en/" + Current, "en/" + n}, {"es/" + Current, "es/" + ruletext.Spanish.Newest().Date()}} {
		cur, dated := filepath.Join(s.dir, pair[0]), filepath.Join(s.dir, pair[1])
		entries, err := os.ReadDir(dated)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) == 0 {
			t.Fatalf("%s is empty", pair[1])
		}
		for _, e := range entries {
			a, _ := os.ReadFile(filepath.Join(dated, e.Name()))
			b, err := os.ReadFile(filepath.Join(cur, e.Name()))
			if err != nil {
				t.Errorf("%s/%s has no twin at the stable path: %v", pair[1], e.Name(), err)
				continue
			}
			if !bytes.Equal(a, b) {
				t.Errorf("%s/%s differs from %s/%s", pair[0], e.Name(), pair[1], e.Name())
			}
		}
	}
}

// Every page of a release says its effective date, and whether a newer
// release is in force, linking it.
func TestEveryReleasePageSaysItsDate(t *testing.T) {
	s := siteOf(t)
	n := newest()
	for _, date := range s.res.Releases {
		dir := filepath.Join(s.dir, "en", date)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			if !bytes.Contains(b, []byte(`effective <strong><time datetime="`+date+`">`+date+`</time></strong>`)) {
				t.Errorf("en/%s/%s does not say its effective date", date, e.Name())
			}
			newer := bytes.Contains(b, []byte("A newer release is in force: <a href=\"../"+Current+"/"))
			if newer != (date != n) {
				t.Errorf("en/%s/%s: says a newer release is in force: %v; the newest is %s", date, e.Name(), newer, n)
			}
			if date == n && !bytes.Contains(b, []byte("This is the newest release recorded.")) {
				t.Errorf("en/%s/%s does not say it is the newest", date, e.Name())
			}
		}
	}
}

// A page's elements with their attributes, for the tests that read
// pages.
type elem struct {
	tag   string
	attrs map[string]string
	text  string // the text directly inside, for a and summary
	in    []string
}

// elements are the start tags of a page, each with the ids of the
// elements around it (in, outermost first) and, for a and summary, its
// text.
func elements(t testing.TB, b []byte) []elem {
	t.Helper()
	var out []elem
	var stack []string // ids or "" of open elements
	var tags []string
	var open []int // index in out of the open a and summary
	z := html.NewTokenizer(bytes.NewReader(b))
	void := map[string]bool{"meta": true, "link": true, "input": true, "br": true, "img": true, "hr": true}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			e := elem{tag: string(name), attrs: map[string]string{}, in: slices.Clone(stack)}
			for {
				k, v, more := z.TagAttr()
				e.attrs[string(k)] = string(v)
				if !more {
					break
				}
			}
			out = append(out, e)
			if tt == html.SelfClosingTagToken || void[e.tag] {
				continue
			}
			stack = append(stack, e.attrs["id"])
			tags = append(tags, e.tag)
			open = append(open, len(out)-1)
		case html.TextToken:
			for _, k := range open {
				if out[k].tag == "a" || out[k].tag == "summary" {
					out[k].text += string(z.Text())
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			for k := len(tags) - 1; k >= 0; k-- {
				if tags[k] == string(name) {
					stack, tags, open = stack[:k], tags[:k], open[:k]
					break
				}
			}
		}
	}
}
