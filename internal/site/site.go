// Package site writes the rules for people: a static website of every
// recorded release of the Comprehensive Rules, from the record alone
// (package ruletext and the lists of generated/), offline and byte for
// byte the same on every run.
//
// A release is a page per section, each rule and example at its own
// anchor, every reference a link to that release's own rule; its
// glossary, its lists (keywords with their forms, subtypes by category,
// mana symbols, in English and Spanish) and its change (the whole diff
// from the release before, the lists' changes first). Every rule has a
// history page named by its identity, which no renumbering changes
// (HistoryPath), and every number ever printed a page saying which rule
// held it when (NumberPath): a citation of 204.3k of 2010 leads to 205.3m
// today. Beside the pages, JSON for programs (data/, schemas in
// schemas/site-*.schema.json) and a sharded search index that the
// browser reads a few files of per query. The newest release also lives
// at stable paths (Current). Reading needs no JavaScript; search,
// comparing any two releases and resolving a citation use it.
//
// cmd/scrape site writes it (internal/scrapecmd); CheckLinks checks a
// built tree's every link.
package site

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/mtgrules/crgen/generated/ruletext"
)

// Options say what to build.
type Options struct {
	// Releases are the dates of the English releases whose pages to
	// write; nil writes every release. The newest is always written (the
	// stable paths are its), and so is the release before each one
	// written (its change page compares them). Every history and number
	// page is written either way, linking to the releases written.
	Releases []string
	// Workers write pages side by side; 0 is GOMAXPROCS.
	Workers int
	// maxPage is MaxPage but in tests of the pages a change is split into.
	maxPage int
}

// Result is what a build wrote.
type Result struct {
	Files int   // every file
	Pages int   // HTML pages
	Bytes int64 // every file's size, summed
	// Largest is the largest HTML page, from the site's root, and its
	// size.
	Largest      string
	LargestBytes int64
	// Releases are the English releases written, oldest first.
	Releases []string
}

// MaxPage is the most bytes a page may weigh: a build refuses to write
// a larger one (the change of a release that rewrote much is split).
const MaxPage = 1 << 20

// marker is the file every site holds, by which Build knows a folder it
// may empty.
const marker = "data/site.json"

// Build writes the site into dir: a folder absent, empty, or holding a
// site an earlier Build wrote (emptied first; any other folder is
// refused).
func Build(dir string, o Options) (Result, error) {
	if err := prepare(dir); err != nil {
		return Result{}, err
	}
	b, err := newBuilder(dir, o)
	if err != nil {
		return Result{}, err
	}
	if err := b.build(); err != nil {
		return Result{}, err
	}
	return b.result(), nil
}

// prepare makes dir an empty folder, refusing to empty one that holds
// anything but a site.
func prepare(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return err
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(marker))); err != nil {
		return fmt.Errorf("site: %s is not empty and holds no site written before (no %s): refusing to empty it", dir, marker)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// releaseSet is the releases of one language the site writes pages of.
type releaseSet struct {
	lang  ruletext.Lang
	all   []ruletext.Release
	index map[string]int // date → index in all
	built []bool         // by index
}

func newReleaseSet(lang ruletext.Lang, only []string) (*releaseSet, error) {
	rs := &releaseSet{lang: lang, all: lang.Releases(), index: map[string]int{}}
	if len(rs.all) == 0 {
		return nil, fmt.Errorf("site: no releases of the %s rules", lang)
	}
	rs.built = make([]bool, len(rs.all))
	for i, r := range rs.all {
		rs.index[r.Date] = i
	}
	newest := len(rs.all) - 1
	if only == nil {
		for i := range rs.built {
			rs.built[i] = true
		}
		return rs, nil
	}
	// Each change page compares a release with the one before it.
	want := func(i int) {
		rs.built[i] = true
		if i > 0 {
			rs.built[i-1] = true
		}
	}
	want(newest)
	for _, d := range only {
		i, ok := rs.index[d]
		if !ok {
			return nil, fmt.Errorf("site: no release of the %s rules is dated %s (the releases: %s to %s)", lang, d, rs.all[0].Date, rs.all[newest].Date)
		}
		want(i)
	}
	return rs, nil
}

func (rs *releaseSet) newest() int       { return len(rs.all) - 1 }
func (rs *releaseSet) date(i int) string { return rs.all[i].Date }
func (rs *releaseSet) isBuilt(d string) bool {
	i, ok := rs.index[d]
	return ok && rs.built[i]
}

// builtDates are the dates of the releases written, oldest first.
func (rs *releaseSet) builtDates() []string {
	var out []string
	for i, ok := range rs.built {
		if ok {
			out = append(out, rs.all[i].Date)
		}
	}
	return out
}

// parallel runs do(i) for i in [0, n) on workers goroutines, returning
// the first error by index (the same error on every run).
func parallel(workers, n int, do func(i int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, max(n, 1)) {
		wg.Go(func() {
			for i := range next {
				errs[i] = do(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(slices.DeleteFunc(errs, func(e error) bool { return e == nil })...)
}
