package scrape

import (
	"bytes"
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/retry/retrytest"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// A live run discovers the TXT link on the rules page, fetches it, and adds
// the release to the history, through a loopback test server.
func TestLiveRun(t *testing.T) {
	release := corpus.Read(t, "20260227")
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/base/en/rules":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(`<html><body><a href="/base/en/rules#top">Rules</a>
			<a href="../downloads/MagicCompRules%2020260227.txt">TXT</a>
			<a href="/base/downloads/MagicCompRules 20260227.pdf">PDF</a></body></html>`))
		case "/base/downloads/MagicCompRules 20260227.txt":
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write(release)
		default:
			t.Errorf("unexpected request %s %s", r.Method, r.URL)
			http.Error(w, "unexpected", http.StatusTeapot)
		}
	})
	srv := httptest.NewServer(handler)
	defer srv.Close()

	srcDir, snapDir := corpus.CopyProject(t)
	if err := os.RemoveAll(snapDir); err != nil {
		t.Fatal(err)
	}
	m, _ := sources.Load(srcDir)
	m.Sources[0].URL = srv.URL + "/base/en/rules"
	b, _ := m.Marshal()
	if err := os.WriteFile(filepath.Join(srcDir, "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}

	c := fetch.New()
	c.Retry.Clock = retrytest.New()
	changed, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir, Live: true, Fetcher: c})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(changed, filepath.Join(snapDir, "en", "2026-02-27.json")) {
		t.Errorf("wrote %v", changed)
	}
	cur, err := snapshot.Store{Dir: snapDir}.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	if cur.Partial || cur.Provenance["card_types"].Effective != "2026-02-27" || cur.Provenance["subtypes"].Effective != corpus.FrozenRelease {
		t.Errorf("current: partial %v provenance %v", cur.Partial, cur.Provenance)
	}
	if got := cur.Sources[0].URL; got != srv.URL+"/base/downloads/MagicCompRules%2020260227.txt" {
		t.Errorf("source URL %q", got)
	}
}

// htmlPage renders the frozen tree's English 205.3 seed as an HTML rule
// page of the release of effective (YYYY-MM-DD), the way a rules site
// would serve it.
func htmlPage(t *testing.T, effective string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpus.Frozen(t), "sources", "captured", "rule-205.3-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := rulepage.ParsePlain(b)
	if err != nil {
		t.Fatal(err)
	}
	date, err := time.Parse(time.DateOnly, effective)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString(`<html><body><p class="effective">These rules are effective as of ` + date.Format("January 2, 2006") + `.</p>`)
	for _, r := range p.Rules {
		text, example, _ := strings.Cut(r.Text, " Example: ")
		sb.WriteString(`<section class="rule"><span class="num">` + html.EscapeString(r.Number) + `</span><p class="txt">` + html.EscapeString(text) + `</p>`)
		if example != "" {
			sb.WriteString(`<p class="txt">Example: ` + html.EscapeString(example) + `</p>`)
		}
		sb.WriteString("</section>\n")
	}
	sb.WriteString("</body></html>")
	return []byte(sb.String())
}

func TestHTMLSource(t *testing.T) {
	src := sources.Source{ID: "html-205.3-en", Lang: "en", Format: sources.FormatHTML, Rule: "205.3",
		Selectors: &rulepage.Selectors{Rule: "section.rule", Number: ".num", Text: ".txt", Effective: ".effective"}}
	// The seed's own release, printed long on the page, read back as a date.
	_, seed := seeds(t)
	s, _, err := Read(Document{Source: src, URL: "https://rules.example/205.3", Data: htmlPage(t, seed.Effective)})
	if err != nil {
		t.Fatal(err)
	}
	if s.Effective != seed.Effective || !slices.Equal(s.BasicLandTypes, seed.BasicLandTypes) || !slices.Equal(s.Covers, []string{"205.3"}) {
		t.Errorf("effective %s basic %v covers %v", s.Effective, s.BasicLandTypes, s.Covers)
	}
	for _, c := range seed.Categories() {
		if !slices.Equal(s.Subtypes[c], seed.Subtypes[c]) {
			t.Errorf("%s types differ between the HTML page and the plain-text seed", c)
		}
	}
	if s.Rules["205.3b"] != seed.Rules["205.3b"] {
		t.Errorf("205.3b:\n%q\n%q", s.Rules["205.3b"], seed.Rules["205.3b"])
	}
	src.Selectors = &rulepage.Selectors{Rule: "div.rule-v2", Number: ".num", Text: ".txt"}
	_, _, err = Read(Document{Source: src, URL: "https://rules.example/205.3", Data: htmlPage(t, seed.Effective)})
	if err == nil || !strings.Contains(err.Error(), "source html-205.3-en") || !strings.Contains(err.Error(), `selector rule "div.rule-v2" matches nothing`) {
		t.Errorf("got %v", err)
	}
}

// English moving ahead of the curated Spanish card types is a warning, not
// a failed refresh: the Spanish snapshot simply lacks the new name.
func TestCuratedBehindEnglishWarns(t *testing.T) {
	srcDir, snapDir := corpus.CopyProject(t)
	p := filepath.Join(srcDir, "curated", "es-types.json")
	b, _ := os.ReadFile(p)
	b = []byte(strings.Replace(string(b), `{"en": "kindred", "es": "afín"},`, "", 1))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	rewriteSHA(t, srcDir, "curated-es-types", b)
	redate(t, srcDir, "curated-es-types", nextRelease(t, snapDir))
	plan, err := Build(context.Background(), Options{SourcesDir: srcDir, SnapshotsDir: snapDir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Apply(); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(plan.Warnings, func(w string) bool {
		return strings.HasPrefix(w, "no Spanish name yet for: ") && strings.Contains(w, "kindred") && strings.HasSuffix(w, "(card types)")
	}) {
		t.Errorf("warnings: %q", plan.Warnings)
	}
	es, err := snapshot.Store{Dir: snapDir}.Current("es")
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(es.CardTypes, "afín") || !slices.Contains(es.CardTypes, "criatura") {
		t.Errorf("Spanish card types %v", es.CardTypes)
	}
}

// A live run refreshes the captured copy of a rule page that has a URL and
// the sha256 in sources.json, so the next offline run reads the new copy.
func TestLiveRefreshesCapturedCopy(t *testing.T) {
	srcDir, snapDir := corpus.CopyProject(t)
	old, err := os.ReadFile(filepath.Join(srcDir, "captured", "rule-107.4-es.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// The page as the site serves it today: same rules, one more chrome line.
	page := append(slices.Clone(old), []byte("\nAnuncio\n")...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/reglas/107.4" {
			t.Errorf("unexpected request %s", r.URL)
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write(page)
	}))
	defer srv.Close()
	m, _ := sources.Load(srcDir)
	m.Sources = slices.DeleteFunc(m.Sources, func(s sources.Source) bool { return s.ID == "cr-en" }) // no landing page here
	for i := range m.Sources {
		if m.Sources[i].ID == "rule-107.4-es" {
			m.Sources[i].URL = srv.URL + "/reglas/107.4"
		}
	}
	b, _ := m.Marshal()
	if err := os.WriteFile(filepath.Join(srcDir, "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}

	if _, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir, Live: true}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(srcDir, "captured", "rule-107.4-es.txt"))
	if !bytes.Equal(got, page) {
		t.Error("captured copy not refreshed")
	}
	m2, err := sources.Load(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range m2.Sources {
		if s.ID == "rule-107.4-es" && s.Captured.SHA256 != snapshot.SHA256(page) {
			t.Errorf("sha256 in sources.json not updated: %s", s.Captured.SHA256)
		}
	}
	// Offline again: the refreshed copy verifies, and the facts did not change.
	changed, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir})
	if err != nil || len(changed) != 0 {
		t.Errorf("offline after live: %v %v", changed, err)
	}
}
