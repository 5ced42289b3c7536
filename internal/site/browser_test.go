package site

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/rulenum"
	"github.com/mtgrules/crgen/internal/scrape"
)

// The browser tests read the built site in Debian's chromium, headless,
// served on loopback, driven with chromedp; the accessibility checks run
// axe-core in the page. Where chromium or axe-core is absent they skip
// saying so, but under CI=true, where they fail: .ci/run installs both
// (apt-get install chromium; npm install axe-core into .cache/axe).

// Environment: where chromium and axe-core are when not where the tests
// look, and where the screenshots go (CI keeps them).
const (
	EnvChromium = "CRGEN_CHROMIUM"
	EnvAxe      = "CRGEN_AXE"
	EnvShots    = "CRGEN_SITE_SHOTS"
)

// absent skips a test that needs what is missing, or fails it in CI.
func absent(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s, and CI=true: .ci/run installs it", what)
	}
	t.Skip(what)
}

type session struct {
	ctx    context.Context
	cancel func()
	srv    *httptest.Server
	axe    string // axe-core's source
	err    error
}

var (
	browserOnce sync.Once
	browserSess session
)

func chromiumPath() string {
	if p := os.Getenv(EnvChromium); p != "" {
		return p
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// tab is a new tab of the shared browser, on the site the suite built,
// and the site's address.
func tab(t *testing.T) (context.Context, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser tests run in make test, not -short")
	}
	s := siteOf(t)
	exe := chromiumPath()
	if exe == "" {
		absent(t, "no chromium (apt-get install chromium, or set "+EnvChromium+")")
	}
	axePath := os.Getenv(EnvAxe)
	if axePath == "" {
		axePath = filepath.Join(corpus.Root(t), ".cache", "axe", "node_modules", "axe-core", "axe.min.js")
	}
	axe, err := os.ReadFile(axePath)
	if err != nil {
		absent(t, "no axe-core at "+axePath+" (npm install --prefix .cache/axe axe-core, or set "+EnvAxe+")")
	}
	browserOnce.Do(func() {
		profile, err := os.MkdirTemp("", "crgen-chromium-")
		if err != nil {
			browserSess.err = err
			return
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(profile),
			chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
		ctx, cancelCtx := chromedp.NewContext(alloc)
		// Start the browser now, once.
		if err := chromedp.Do(ctx); err != nil {
			browserSess.err = fmt.Errorf("starting %s: %w", exe, err)
		}
		browserSess.srv = httptest.NewServer(http.FileServer(http.Dir(s.dir)))
		browserSess.ctx, browserSess.axe = ctx, string(axe)
		browserSess.cancel = func() {
			cancelCtx()
			cancelAlloc()
			browserSess.srv.Close()
			_ = os.RemoveAll(profile)
		}
	})
	if browserSess.err != nil {
		t.Fatal(browserSess.err)
	}
	ctx, cancel := chromedp.NewContext(browserSess.ctx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancel() })
	return ctx, browserSess.srv.URL
}

func closeBrowser() {
	if browserSess.cancel != nil {
		browserSess.cancel()
	}
}

func do(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitFor waits until js is true in the page.
func waitFor(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+js+")"))
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v (last: %v)", js, ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func open(t *testing.T, ctx context.Context, base, p string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(base+"/"+p))
	waitFor(t, ctx, "document.readyState === 'complete'")
}

// follow clicks the link sel selects, as a reader does: scrolled to,
// then clicked (the element's own click, which no scroll of the page
// can make land elsewhere).
func follow(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const a = document.querySelector(%q); if (!a) return false; a.scrollIntoView(); a.click(); return true; })()`, sel)
	if !eval[bool](t, ctx, js) {
		t.Fatalf("no link %s on %s", sel, eval[string](t, ctx, "location.href"))
	}
}

// pathOf is the page the tab shows, from the site's root, with its
// fragment.
func pathOf(t *testing.T, ctx context.Context, base string) string {
	t.Helper()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(loc, base+"/")
}

// Open the newest release and follow a reference: the page of the rule
// it names opens at that rule.
func TestBrowserFollowsAReference(t *testing.T) {
	ctx, base := tab(t)
	e := ruletext.English.Newest()
	// The first reference of the newest rules to a rule of another
	// section, found in the book, not on the page.
	var from, to string
	for _, n := range e.Numbers() {
		r, _ := e.Lookup(n)
		for _, ref := range rulenum.Refs(r.Text) {
			if m := ref.Numbers[0]; rulenum.KindOf(m) >= rulenum.Rule && rulenum.SectionOf(m) != rulenum.SectionOf(n) {
				if _, ok := e.Lookup(m); ok {
					from, to = n, m
					break
				}
			}
		}
		if from != "" {
			break
		}
	}
	if from == "" {
		t.Fatal("the newest rules refer to no rule of another section")
	}
	open(t, ctx, base, "en/"+Current+"/index.html")
	follow(t, ctx, `a[href="`+rulenum.SectionOf(from)+`.html"]`)
	waitFor(t, ctx, `location.pathname.endsWith("/`+rulenum.SectionOf(from)+`.html") && document.readyState === "complete"`)
	sel := fmt.Sprintf(`[id=%q] a[href$=%q]`, from, "#"+to)
	follow(t, ctx, sel)
	waitFor(t, ctx, fmt.Sprintf(`location.hash === %q && document.readyState === "complete"`, "#"+to))
	if got, want := pathOf(t, ctx, base), "en/"+Current+"/"+rulenum.SectionOf(to)+".html#"+to; got != want {
		t.Errorf("following %s's reference to %s opened %s, want %s", from, to, got, want)
	}
	target := eval[string](t, ctx, `(document.querySelector(":target") || {}).id || ""`)
	top := eval[float64](t, ctx, `document.querySelector(":target").getBoundingClientRect().top`)
	if target != to || top < -1 || top > 200 {
		t.Errorf("the page opened at %q (top %v), want rule %s at the top", target, top, to)
	}
}

// Search "lethal damage" finds 120.4a with its context, reading at most
// QueryBudget bytes, as the browser counts them.
func TestBrowserSearchFindsWithContext(t *testing.T) {
	ctx, base := tab(t)
	open(t, ctx, base, "index.html")
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#site-q"), "lethal damage\n"))
	waitFor(t, ctx, `location.pathname.endsWith("/search.html") && /match/.test(document.getElementById("status").textContent)`)
	type result struct{ Label, Href, Text, Mark string }
	results := eval[[]result](t, ctx, `Array.from(document.querySelectorAll("#results li")).map(li => ({Label: li.querySelector("a").textContent, Href: li.querySelector("a").getAttribute("href"), Text: li.querySelector("p").textContent, Mark: li.querySelector("mark").textContent}))`)
	found := false
	for _, r := range results {
		if r.Label == "120.4a" {
			found = true
			if !strings.EqualFold(r.Mark, "lethal damage") || len(r.Text) <= len(r.Mark) {
				t.Errorf("120.4a's result shows %q, marking %q: want the words in their context", r.Text, r.Mark)
			}
			if !strings.HasSuffix(r.Href, "en/"+Current+"/120.html#120.4a") {
				t.Errorf("120.4a's result leads to %s", r.Href)
			}
		}
	}
	if !found {
		t.Errorf("search for lethal damage shows %v: no 120.4a", results)
	}
	spent := transferred(t, ctx)
	if spent > QueryBudget {
		t.Errorf("the query transferred %d bytes, over %d", spent, QueryBudget)
	}
	// A second query, of common words, in the same page.
	eval[bool](t, ctx, `(document.getElementById("q").value = "") === ""`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#q"), "the creature and the player of a card\n"))
	waitFor(t, ctx, `/match/.test(document.getElementById("status").textContent) && window.crgenSearch.spent > 0 && !/Searching/.test(document.getElementById("status").textContent)`)
	if spent2 := transferred(t, ctx) - spent; spent2 > QueryBudget {
		t.Errorf("the second query transferred %d bytes, over %d", spent2, QueryBudget)
	}
	t.Logf("lethal damage: %d results, %d bytes transferred", len(results), spent)
	// The Spanish rules, chosen in the page.
	open(t, ctx, base, "search.html?q=tipos%20de%20criatura&lang=es")
	waitFor(t, ctx, `/match/.test(document.getElementById("status").textContent)`)
	labels := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#results li a")).map(a => a.getAttribute("href"))`)
	want := ruletext.Spanish.Newest().Search("tipos de criatura")
	if len(want) == 0 || len(labels) == 0 || !strings.HasSuffix(labels[0], "es/"+Current+"/"+rulenum.SectionOf(want[0].Number)+".html#"+want[0].Number) {
		t.Errorf("the Spanish search for tipos de criatura shows %v; the book finds %d matches", labels, len(want))
	}
}

// transferred is what the page read of the search index, as the
// browser's resource timing counts it (headers included).
func transferred(t *testing.T, ctx context.Context) int {
	return int(eval[float64](t, ctx, `performance.getEntriesByType("resource").filter(e => e.name.includes("/search/")).reduce((s, e) => s + e.transferSize, 0)`))
}

// Open 205.3m's history back to 204.3k: its number on its section page
// leads to its history, which leads to 204.3k as the release of
// 2011-07-15 printed it.
func TestBrowserHistoryAcrossRenumbering(t *testing.T) {
	ctx, base := tab(t)
	// 205.3m today, or whatever 204.3k's rule is numbered in a release to
	// come.
	steps, err := ruletext.English.Trace("204.3k")
	if err != nil {
		t.Fatal(err)
	}
	today := steps[len(steps)-1].Number
	open(t, ctx, base, "en/"+Current+"/"+rulenum.SectionOf(today)+".html#"+today)
	follow(t, ctx, `[id="`+today+`"] a.n`)
	perma := HistoryPath(ruletext.English, "2009-07-11", "204.3k")
	waitFor(t, ctx, `location.pathname.endsWith("/`+perma+`") && document.readyState === "complete"`)
	text := eval[string](t, ctx, `document.querySelector("main").innerText`)
	for _, want := range []string{"Today it is rule " + today, "renumbered from 204.3k to 205.3m", "2009-07-11: 204.3k"} {
		if !strings.Contains(text, want) {
			t.Errorf("%s does not say %q", perma, want)
		}
	}
	follow(t, ctx, `a[href$="2011-07-15/204.html#204.3k"]`)
	waitFor(t, ctx, `location.hash === "#204.3k" && document.readyState === "complete"`)
	if got := pathOf(t, ctx, base); got != "en/2011-07-15/204.html#204.3k" {
		t.Errorf("the history's 2011-07-15 leads to %s", got)
	}
	if got := eval[string](t, ctx, `document.querySelector(":target a.n").textContent`); got != "204.3k" {
		t.Errorf("the rule opened is %q, want 204.3k", got)
	}
	// And back: a citation of 204.3k of 2010 leads to the same history.
	open(t, ctx, base, "cite.html")
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#number"), "204.3k"), chromedp.SendKeys(chromedp.CSS("#date"), "2010\n"))
	waitFor(t, ctx, `location.pathname.endsWith("/`+perma+`")`)
}

// The newest update's change page shows as many changes as the
// pipeline's own diff of the two releases (scrape diff -whole: the rule
// books of snapshots/, not the book the site is built from).
func TestBrowserChangePageCountsTheWholeDiff(t *testing.T) {
	ctx, base := tab(t)
	rels := ruletext.English.Releases()
	if len(rels) < 2 {
		t.Skip("one release: no change")
	}
	from, to := rels[len(rels)-2].Date, rels[len(rels)-1].Date
	book, err := rulebook.Load(scrape.BookDir(filepath.Join(corpus.Root(t), "snapshots"), "en"), "en")
	if err != nil {
		t.Fatal(err)
	}
	d, err := book.Compare(from, to)
	if err != nil {
		t.Fatal(err)
	}
	want := len(d.Rules) + len(d.Glossary) + len(d.Contents)
	open(t, ctx, base, "en/"+Current+"/changes.html")
	got := eval[int](t, ctx, `document.querySelectorAll("details.change").length`)
	if got != want {
		t.Errorf("the change page of %s shows %d changes; scrape diff -whole en@%s en@%s gives %d", to, got, from, to, want)
	}
	// Collapsible: the button closes every change, and opens them again.
	do(t, ctx, chromedp.Click(chromedp.CSS(`[data-toggle=details]`)))
	if open := eval[int](t, ctx, `document.querySelectorAll("details.change[open]").length`); open != 0 && got > 0 {
		t.Errorf("%d changes still open after closing them all", open)
	}
}

// Any two releases compare in the browser from the data beside the
// pages: rules paired by identity, 204.3k renumbered 205.3m between
// 2011-07-15 and 2015-01-23, and every rule Lang.Compare says changed.
func TestBrowserComparesAnyTwoReleases(t *testing.T) {
	ctx, base := tab(t)
	from, to := "2011-07-15", "2015-01-23"
	open(t, ctx, base, "compare.html?from="+from+"&to="+to)
	waitFor(t, ctx, `window.crgenCompare`)
	summaries := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("details.change summary")).map(s => s.textContent)`)
	if !slices.Contains(summaries, "204.3k → 205.3m: renumbered") {
		t.Errorf("comparing %s with %s does not show 204.3k renumbered 205.3m", from, to)
	}
	numbers := map[string]bool{}
	for _, s := range summaries {
		n, _, _ := strings.Cut(s, ":")
		if i := strings.LastIndex(n, "→ "); i >= 0 {
			n = n[i+len("→ "):]
		}
		numbers[strings.TrimSpace(n)] = true
	}
	d, err := ruletext.English.Compare(from, to)
	if err != nil {
		t.Fatal(err)
	}
	missing := 0
	for _, c := range d.Rules {
		if !numbers[c.Number] {
			if missing++; missing <= 5 {
				t.Errorf("%s (%s) changed from %s to %s, the browser's comparison does not show it", c.Number, c.Status, from, to)
			}
		}
	}
}

// Reading needs no script: with JavaScript off, a section page shows its
// rules and their links.
func TestBrowserReadsWithoutJavaScript(t *testing.T) {
	ctx, base := tab(t)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, base, "en/"+Current+"/702.html")
	r, _ := ruletext.English.Newest().Lookup("702.2")
	text := eval[string](t, ctx, `document.querySelector("main").innerText`)
	if !strings.Contains(text, r.Text) {
		t.Errorf("without JavaScript the page does not show 702.2 (%q)", r.Text)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".r a.n").length`); n < len(ruletext.English.Newest().Subrules("702")) {
		t.Errorf("%d rules link their history", n)
	}
}

// Every kind of page, narrow (360 px) and dark or light: no horizontal
// scroll, a skip link that shows when focused with a visible focus, and
// no serious or critical violation that axe-core finds. Screenshots of a
// narrow and a dark page go to CRGEN_SITE_SHOTS (.cache/site-shots).
func TestBrowserForEveryReader(t *testing.T) {
	_, base := tab(t) // the browser and the site, or the reason to skip
	rels := ruletext.English.Releases()
	pages := []string{
		"index.html", "search.html?q=lethal%20damage", "compare.html?from=" + rels[len(rels)-2].Date + "&to=" + rels[len(rels)-1].Date, "cite.html",
		"en/index.html", "en/" + Current + "/index.html", "en/" + Current + "/702.html", "en/" + Current + "/glossary.html",
		"en/" + Current + "/lists.html", "en/" + Current + "/changes.html", "en/2015-01-23/changes.html", HistoryPath(ruletext.English, "2009-07-11", "204.3k"),
		NumberPath(ruletext.English, "204.3k"), "es/" + Current + "/index.html", "es/" + Current + "/205.html",
	}
	shots := os.Getenv(EnvShots)
	if shots == "" {
		shots = filepath.Join(corpus.Root(t), ".cache", "site-shots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	// Each page in a tab of its own, side by side: the browser renders
	// and runs axe-core on both cores.
	for _, scheme := range []string{"light", "dark"} {
		for _, p := range pages {
			t.Run(scheme+"/"+p, func(t *testing.T) {
				t.Parallel()
				ctx, _ := tab(t)
				if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
					t.Fatal(err)
				}
				do(t, ctx, chromedp.EmulateViewport(360, 780))
				open(t, ctx, base, p)
				if strings.HasPrefix(p, "compare.html") {
					waitFor(t, ctx, "window.crgenCompare")
				}
				if strings.HasPrefix(p, "search.html") {
					waitFor(t, ctx, `/match/.test(document.getElementById("status").textContent)`)
				}
				if dark := eval[bool](t, ctx, `matchMedia("(prefers-color-scheme: dark)").matches`); dark != (scheme == "dark") {
					t.Fatalf("the page is not in %s mode", scheme)
				}
				if w := eval[float64](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
					t.Errorf("%s (%s, 360 px): scrolls %v px sideways", p, scheme, w)
				}
				// Tab first reaches the skip link, shown and outlined.
				do(t, ctx, chromedp.KeyEvent("\t"))
				type focus struct {
					Class, Outline string
					Left           float64
				}
				f := eval[focus](t, ctx, `(() => { const a = document.activeElement; const s = getComputedStyle(a); return {Class: a.className, Outline: s.outlineStyle, Left: a.getBoundingClientRect().left}; })()`)
				if f.Class != "skip" || f.Outline == "none" || f.Left < 0 {
					t.Errorf("%s: Tab focuses %+v, want the skip link, visible and outlined", p, f)
				}
				if scheme == "light" || strings.Contains(p, "current/") || p == "index.html" {
					for _, v := range axeViolations(t, ctx) {
						t.Errorf("%s (%s, 360 px): axe: %s", p, scheme, v)
					}
				}
				if scheme == "dark" && p == "en/"+Current+"/changes.html" {
					shot(t, ctx, filepath.Join(shots, "dark-changes.png"))
				}
				if scheme == "light" && p == "en/"+Current+"/702.html" {
					shot(t, ctx, filepath.Join(shots, "narrow-702.png"))
				}
			})
		}
	}
	// axe-core does run: a page made wrong on purpose has violations.
	t.Run("axe runs", func(t *testing.T) {
		t.Parallel()
		ctx, _ := tab(t)
		open(t, ctx, base, "index.html")
		eval[bool](t, ctx, `(() => { const i = document.createElement("img"); i.src = "assets/site.css"; document.querySelector("main").appendChild(i); return true; })()`)
		if vs := axeViolations(t, ctx); len(vs) == 0 {
			t.Error("axe finds nothing wrong with an image without a text alternative: it does not run")
		}
	})
	t.Logf("screenshots in %s", shots)
}

// axeViolations are the serious and critical violations axe-core finds
// in the page, a line each.
func axeViolations(t *testing.T, ctx context.Context) []string {
	t.Helper()
	if !eval[bool](t, ctx, `typeof axe !== "undefined"`) {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](browserSess.axe+";true")); err != nil {
			t.Fatal(err)
		}
	}
	return eval[[]string](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => v.id + " (" + v.impact + "): " + v.help + ": " + v.nodes.length + " nodes, " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")))`)
}

func shot(t *testing.T, ctx context.Context, to string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
