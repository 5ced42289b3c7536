package scrape

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/retry/retrytest"
	"github.com/mtgrules/crgen/internal/scrape/scrapetest"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// probeManifest is a sources.json whose only live source is the site's
// rules page.
func probeManifest(t *testing.T, site *scrapetest.RulesSite) *sources.Manifest {
	t.Helper()
	dir := t.TempDir()
	page := `{"sources": [{"id": "cr-en", "lang": "en", "format": "cr-txt", "url": "` + site.URL + scrapetest.PagePath + `",
		"discover": {"link": "a[href]", "suffix": ".txt"}}]}`
	if err := os.WriteFile(filepath.Join(dir, "sources.json"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := sources.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func probeClient() *fetch.Client {
	c := fetch.New()
	c.Retry.Clock = retrytest.New()
	return c
}

// A probe after a refresh costs two requests and no body when nothing
// changed; a new link, a document replaced at its link, a failed refresh
// or no record at all each make it say the refresh must run.
func TestProbe(t *testing.T) {
	txt := []byte("These rules are effective as of February 27, 2026.\n")
	site := scrapetest.NewRulesSite(t, "/downloads/MagicCompRules 20260227.txt", txt)
	m := probeManifest(t, site)
	store := snapshot.Store{Dir: t.TempDir()} // no snapshots: no provenance to fall back on
	ctx := context.Background()
	probe := func(prev *ProbeState) *ProbeResult {
		t.Helper()
		res, err := Probe(ctx, probeClient(), m, store, prev)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}

	first := probe(nil)
	if !first.Changed || !strings.Contains(strings.Join(first.Why, "\n"), "no record") {
		t.Errorf("a first probe: changed %v, %q", first.Changed, first.Why)
	}
	seen := first.Next.Sources["cr-en"]
	if seen.Link != site.URL+"/downloads/MagicCompRules%2020260227.txt" || seen.Page.ETag == "" || seen.Document.ETag == "" || seen.Document.Length != int64(len(txt)) {
		t.Errorf("first probe saw %+v", seen)
	}
	site.TakeLog()

	// An idle hour: the page unchanged (304), the TXT asked for its headers.
	idle := probe(&first.Next)
	if idle.Changed {
		t.Errorf("nothing changed, but the probe says %q", idle.Why)
	}
	if got, want := site.TakeLog(), []string{"GET /en/rules 304 0", "HEAD " + site.Link() + " 200 0"}; !slices.Equal(got, want) {
		t.Errorf("an idle probe sent %q, want %q", got, want)
	}
	if idle.Next.Sources["cr-en"] != seen {
		t.Errorf("an idle probe's state %+v, want the same as before %+v", idle.Next.Sources["cr-en"], seen)
	}

	// A server that ignores conditional requests: the page costs its
	// bytes, the TXT still nothing.
	site.IgnoreConditional(true)
	plain := probe(&first.Next)
	log := site.TakeLog()
	if plain.Changed || len(log) != 2 || !strings.HasPrefix(log[0], "GET /en/rules 200 ") || log[1] != "HEAD "+site.Link()+" 200 0" {
		t.Errorf("a server ignoring conditional requests: changed %v %q, requests %q", plain.Changed, plain.Why, log)
	}
	site.IgnoreConditional(false)

	// The TXT replaced at the same link.
	site.Serve(site.Link(), append(slices.Clone(txt), "100.1. More.\n"...))
	if res := probe(&first.Next); !res.Changed || !strings.Contains(strings.Join(res.Why, ""), "not the document read last") {
		t.Errorf("a TXT replaced at its link: changed %v %q", res.Changed, res.Why)
	}
	// A new release: the page links another TXT.
	site.Serve("/downloads/MagicCompRules 20261120.txt", txt)
	published := probe(&first.Next)
	if !published.Changed || !strings.Contains(strings.Join(published.Why, ""), "the page links") {
		t.Errorf("a new link: changed %v %q", published.Changed, published.Why)
	}
	// Once that refresh is kept, the next hour is idle again.
	if res := probe(&published.Next); res.Changed {
		t.Errorf("after the new release was kept: %q", res.Why)
	}
	// A refresh that failed is retried in full.
	if res := probe(&ProbeState{Failed: true}); !res.Changed || !strings.Contains(res.Why[0], "failed") {
		t.Errorf("after a failed refresh: changed %v %q", res.Changed, res.Why)
	}
}

// Without a record of the last probe (a cache gone), the newest
// snapshot's provenance says which TXT was read last.
func TestProbeFallsBackOnTheSnapshot(t *testing.T) {
	txt := []byte("These rules are effective as of February 27, 2026.\n")
	site := scrapetest.NewRulesSite(t, "/downloads/MagicCompRules 20260227.txt", txt)
	m := probeManifest(t, site)
	store := corpus.FrozenStore(t)
	cur, err := store.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(cur.Sources, func(s snapshot.Source) bool { return s.ID == "cr-en" })
	if i < 0 {
		t.Fatal("the frozen tree's English snapshot has no cr-en source")
	}
	res, err := Probe(context.Background(), probeClient(), m, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Changed {
		t.Errorf("the site links %s, the snapshot was read from %s: want changed, got %q", res.Next.Sources["cr-en"].Link, cur.Sources[i].URL, res.Why)
	}
	// The same link as the snapshot's: nothing new.
	dir := t.TempDir()
	copyDir(t, store.Dir, dir)
	cur.Sources[i].URL = res.Next.Sources["cr-en"].Link
	b, err := snapshot.Marshal(cur)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "current", "en.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = Probe(context.Background(), probeClient(), m, snapshot.Store{Dir: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Changed {
		t.Errorf("the link the snapshot was read from: changed, %q", res.Why)
	}
}

// A page gone wrong is an error naming the source, not "nothing changed".
func TestProbeErrors(t *testing.T) {
	site := scrapetest.NewRulesSite(t, "/downloads/MagicCompRules 20260227.txt", []byte("text\n"))
	m := probeManifest(t, site)
	m.Sources[0].URL = site.URL + "/en/gone"
	_, err := Probe(context.Background(), probeClient(), m, snapshot.Store{Dir: t.TempDir()}, nil)
	if err == nil || !strings.Contains(err.Error(), "source cr-en") || !strings.Contains(err.Error(), "404") {
		t.Errorf("a page gone: %v", err)
	}
	m = probeManifest(t, site)
	site.Serve("/downloads/rules.pdf", []byte("text\n"))
	_, err = Probe(context.Background(), probeClient(), m, snapshot.Store{Dir: t.TempDir()}, nil)
	if err == nil || !strings.Contains(err.Error(), "no link") {
		t.Errorf("a page linking no TXT: %v", err)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}
