package scrape

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/retry/retrytest"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// rulesSite is a loopback English rules site: a page linking one TXT. It
// answers conditional requests and HEAD as a web server does
// (http.ServeContent), unless ignoreConditional, and logs what it sent.
type rulesSite struct {
	mu                sync.Mutex
	link              string // the TXT's path
	txt               []byte
	ignoreConditional bool
	log               []string // "GET /en/rules 304 0"
	srv               *httptest.Server
}

func newRulesSite(t *testing.T, link string, txt []byte) *rulesSite {
	s := &rulesSite{link: link, txt: txt}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *rulesSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cw := &countingWriter{ResponseWriter: w, status: http.StatusOK}
	var body []byte
	switch r.URL.Path {
	case "/en/rules":
		body = fmt.Appendf(nil, `<html><body><a href="/en/news">News</a> <a href="%s">TXT</a></body></html>`, strings.ReplaceAll(s.link, " ", "%20"))
		cw.Header().Set("Content-Type", "text/html; charset=utf-8")
	case s.link:
		body = s.txt
		cw.Header().Set("Content-Type", "text/plain; charset=utf-8")
	default:
		http.NotFound(cw, r)
		s.log = append(s.log, fmt.Sprintf("%s %s %d %d", r.Method, r.URL.Path, cw.status, cw.n))
		return
	}
	if s.ignoreConditional {
		if r.Method != http.MethodHead {
			_, _ = cw.Write(body)
		}
	} else {
		cw.Header().Set("ETag", fmt.Sprintf(`"%x"`, sha256.Sum256(body)))
		http.ServeContent(cw, r, "", time.Time{}, bytes.NewReader(body))
	}
	s.log = append(s.log, fmt.Sprintf("%s %s %d %d", r.Method, r.URL.Path, cw.status, cw.n))
}

func (s *rulesSite) takeLog() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.log
	s.log = nil
	return l
}

type countingWriter struct {
	http.ResponseWriter
	status, n int
}

func (c *countingWriter) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += n
	return n, err
}

// probeManifest is a sources.json whose only live source is the site's
// rules page.
func probeManifest(t *testing.T, site *rulesSite) *sources.Manifest {
	t.Helper()
	dir := t.TempDir()
	page := `{"sources": [{"id": "cr-en", "lang": "en", "format": "cr-txt", "url": "` + site.srv.URL + `/en/rules",
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
	site := newRulesSite(t, "/downloads/MagicCompRules 20260227.txt", txt)
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
	if seen.Link != site.srv.URL+"/downloads/MagicCompRules%2020260227.txt" || seen.Page.ETag == "" || seen.Document.ETag == "" || seen.Document.Length != int64(len(txt)) {
		t.Errorf("first probe saw %+v", seen)
	}
	site.takeLog()

	// An idle hour: the page unchanged (304), the TXT asked for its headers.
	idle := probe(&first.Next)
	if idle.Changed {
		t.Errorf("nothing changed, but the probe says %q", idle.Why)
	}
	if got, want := site.takeLog(), []string{"GET /en/rules 304 0", "HEAD " + site.link + " 200 0"}; !slices.Equal(got, want) {
		t.Errorf("an idle probe sent %q, want %q", got, want)
	}
	if idle.Next.Sources["cr-en"] != seen {
		t.Errorf("an idle probe's state %+v, want the same as before %+v", idle.Next.Sources["cr-en"], seen)
	}

	// A server that ignores conditional requests: the page costs its
	// bytes, the TXT still nothing.
	site.ignoreConditional = true
	plain := probe(&first.Next)
	log := site.takeLog()
	if plain.Changed || len(log) != 2 || !strings.HasPrefix(log[0], "GET /en/rules 200 ") || log[1] != "HEAD "+site.link+" 200 0" {
		t.Errorf("a server ignoring conditional requests: changed %v %q, requests %q", plain.Changed, plain.Why, log)
	}
	site.ignoreConditional = false

	// The TXT replaced at the same link.
	site.txt = append(slices.Clone(txt), "100.1. More.\n"...)
	if res := probe(&first.Next); !res.Changed || !strings.Contains(strings.Join(res.Why, ""), "not the document read last") {
		t.Errorf("a TXT replaced at its link: changed %v %q", res.Changed, res.Why)
	}
	// A new release: the page links another TXT.
	site.link, site.txt = "/downloads/MagicCompRules 20261120.txt", txt
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
	site := newRulesSite(t, "/downloads/MagicCompRules 20260227.txt", txt)
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
	site := newRulesSite(t, "/downloads/MagicCompRules 20260227.txt", []byte("text\n"))
	m := probeManifest(t, site)
	m.Sources[0].URL = site.srv.URL + "/en/gone"
	_, err := Probe(context.Background(), probeClient(), m, snapshot.Store{Dir: t.TempDir()}, nil)
	if err == nil || !strings.Contains(err.Error(), "source cr-en") || !strings.Contains(err.Error(), "404") {
		t.Errorf("a page gone: %v", err)
	}
	m = probeManifest(t, site)
	site.link = "/downloads/rules.pdf"
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
