package rehearsal

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/gencmd"
	"github.com/mtgrules/crgen/internal/scrapecmd"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// EnvFutures lists the seeds of the futures TestFutures rehearses: "1-40",
// "7", "3,9". make test rehearses defaultFutures; make futures as many as
// asked.
const EnvFutures = "CRGEN_FUTURES"

// future is one future TestFutures rehearses: its seed draws the names
// and the places of the changes; its releases, when given, fix the kinds
// of change each makes, which the seed draws otherwise.
type future struct {
	seed     uint64
	releases []chosenRelease
}

// chosenRelease fixes what one release of a future does.
type chosenRelease struct {
	changes []string // names of changeKinds, made in this order
	// spanish: its Spanish page comes with it; late: the Spanish page of
	// the release before comes after it; probe: a rewording is tried
	// first and must be refused.
	spanish, late, probe bool
}

// defaultFutures are the futures make test rehearses: between them every
// kind of change, combined, in one release and in two in a row, a Spanish
// page late, a rewording refused. They are chosen, not drawn, so that no
// change of the tree or of the tests' words can leave a kind out.
var defaultFutures = []future{
	{seed: 1, releases: []chosenRelease{
		{changes: []string{"add names", "remove names", "rename with evidence", "move between categories", "new category"}},
		// What a category may drop is a small one of the release before:
		// battle, or the one just added (Undercity is named outside its list).
		{changes: []string{"drop a category", "retranslate", "new keyword"}, late: true, probe: true},
	}},
	{seed: 2, releases: []chosenRelease{
		{changes: []string{"rename a category", "new group of mana symbols", "new keyword", "add names"}, spanish: true},
	}},
}

// TestFutures derives releases nobody wrote from the tree as it stands,
// by a seeded random choice of the changes the rules have made or could
// make (names added, removed, renamed with evidence, moved; a category
// added, renamed or dropped; a new group of mana symbols; Spanish a
// release behind, a Spanish page for a release no longer the newest, a
// translation changed; a list sentence reworded beyond recognition), one
// or two releases in a row, and runs each through the manual recipe
// (scrape import, scrape accept, scrape, gen): the lists must be what the
// release says, every value kept, the Go API compatible, the generated/
// diff a few lines per name, and the tests of the state (generated/, the
// tree itself, the conformance of the card corpus) must pass. A failure
// names the seed: CRGEN_FUTURES=<seed> make futures replays it.
func TestFutures(t *testing.T) {
	if os.Getenv(EnvInside) != "" {
		t.Skip("inside a rehearsal: futures are not rehearsed again")
	}
	if testing.Short() {
		t.Skip("-short: each future runs scrape, gen and the tests of the state")
	}
	project := corpus.Root(t)
	futures := chosenFutures(t)
	made := map[string]bool{} // kinds of change made, and "two in a row", "Spanish late"
	for _, fu := range futures {
		name, replay := fmt.Sprintf("seed=%d", fu.seed), fmt.Sprintf("%s=%d make futures", EnvFutures, fu.seed)
		if fu.releases != nil {
			name = fmt.Sprintf("chosen=%d", fu.seed)
			replay = "go test ./internal/rehearsal -run 'TestFutures/" + name + "$'"
		}
		t.Run(name, func(t *testing.T) {
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("replay: %s", replay)
				}
			})
			steps := rehearseFuture(t, project, fu)
			made["two in a row"] = made["two in a row"] || len(steps) > 1
			for _, s := range steps {
				made["Spanish late"] = made["Spanish late"] || s.late
				for _, c := range s.changes {
					kind, _, _ := strings.Cut(c, ":")
					made[kind] = true
				}
			}
		})
	}
	if os.Getenv(EnvFutures) != "" {
		return
	}
	want := []string{"two in a row", "Spanish late", "probe"}
	for _, k := range changeKinds[:len(changeKinds)-1] { // rewording: the probe
		want = append(want, k.name)
	}
	for _, k := range want {
		if !made[k] {
			t.Errorf("the futures of make test never make %q: add it to a release of defaultFutures", k)
		}
	}
}

func chosenFutures(t *testing.T) []future {
	t.Helper()
	spec := os.Getenv(EnvFutures)
	if spec == "" {
		return defaultFutures
	}
	var out []future
	for _, part := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.ParseUint(lo, 10, 64)
		b := a
		if isRange {
			b, err = strconv.ParseUint(hi, 10, 64)
		}
		if err != nil || b < a {
			t.Fatalf("%s=%q: want seeds like 1-40, 7 or 3,9", EnvFutures, spec)
		}
		for s := a; s <= b; s++ {
			out = append(out, future{seed: s})
		}
	}
	return out
}

// plan derives the releases of one future from the tree's state.
func plan(t *testing.T, project string, store snapshot.Store, fu future) []*stepPlan {
	t.Helper()
	r := rand.New(rand.NewPCG(fu.seed, 0x6675747572657321))
	prev := baseWorld(t, store)
	p := newPool(t, project, prev, r, record(t, filepath.Join(filepath.Dir(store.Dir), "generated")))
	releases := fu.releases
	if releases == nil {
		releases = drawReleases(r)
	}
	var steps []*stepPlan
	for i, rel := range releases {
		s := &stepPlan{w: prev.clone(), before: prev.categories()}
		s.w.date = after(t, prev.date, 14+r.IntN(60))
		for _, name := range rel.changes {
			k := slices.IndexFunc(changeKinds, func(k changeKind) bool { return k.name == name })
			if k < 0 {
				t.Fatalf("future %d: no change of kind %q", fu.seed, name)
			}
			if d := changeKinds[k].apply(t, r, p, s); d != "" {
				s.changes = append(s.changes, name+": "+d)
			} else if fu.releases != nil {
				t.Fatalf("future %d, release %d: the tree leaves no %q to make", fu.seed, i+1, name)
			}
		}
		if len(s.changes) == 0 {
			s.changes = append(s.changes, "add names: "+addNames(t, r, p, s))
		}
		s.spanish = s.spanish || rel.spanish
		s.late = i > 0 && !steps[i-1].spanish && rel.late
		if rel.probe {
			s.changes = append(s.changes, "probe: "+reword(t, r, p, s))
		}
		steps = append(steps, s)
		prev = s.w
	}
	return steps
}

// drawReleases draws the releases of a future: one or two, each making
// one to four kinds of change, its Spanish page with it or not, the one
// before late or not, and now and then a rewording to refuse first.
func drawReleases(r *rand.Rand) []chosenRelease {
	out := make([]chosenRelease, 1+r.IntN(2))
	for i := range out {
		kinds := r.Perm(len(changeKinds) - 1) // rewording last, as the probe
		for _, k := range kinds[:1+r.IntN(4)] {
			out[i].changes = append(out[i].changes, changeKinds[k].name)
		}
		out[i].spanish = r.IntN(2) == 0
		out[i].late = r.IntN(2) == 0
		out[i].probe = r.IntN(4) == 0
	}
	return out
}

func describe(seed uint64, steps []*stepPlan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "future %d:\n", seed)
	for i, s := range steps {
		fmt.Fprintf(&b, "  release %d, en@%s", i+1, s.w.date)
		if s.spanish {
			b.WriteString(", with its Spanish page")
		}
		if s.late {
			fmt.Fprintf(&b, ", then the Spanish page of en@%s", steps[i-1].w.date)
		}
		b.WriteString("\n")
		for _, c := range s.changes {
			fmt.Fprintf(&b, "    %s\n", c)
		}
	}
	return b.String()
}

// futureTree is a copy of the project in which a future is run.
type futureTree struct {
	dir, tmp string
	store    snapshot.Store
}

// scrape runs a scrape subcommand in the tree, returning its exit status
// and what it printed.
func (f *futureTree) scrape(t *testing.T, args ...string) (int, string) {
	t.Helper()
	sub, rest := []string{}, args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, rest = args[:1], args[1:]
	}
	dirs := []string{"-sources", filepath.Join(f.dir, "sources"), "-snapshots", f.store.Dir}
	if slices.Equal(sub, []string{"accept"}) {
		dirs = dirs[:2] // accept records captured copies: sources only
	}
	full := slices.Concat(sub, dirs, rest)
	var out bytes.Buffer
	code := scrapecmd.Command.Main(context.Background(), full, cli.Env{Stdout: &out, Stderr: &out})
	return code, out.String()
}

func (f *futureTree) gen(t *testing.T) {
	t.Helper()
	var out bytes.Buffer
	if code := gencmd.Command.Main(context.Background(), []string{"-snapshots", f.store.Dir, "-out", filepath.Join(f.dir, "generated")}, cli.Env{Stdout: &out, Stderr: &out}); code != 0 {
		t.Fatalf("gen: %s", out.String())
	}
}

func (f *futureTree) write(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(f.tmp, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func rehearseFuture(t *testing.T, project string, fu future) []*stepPlan {
	tmp := t.TempDir()
	f := &futureTree{dir: filepath.Join(tmp, "tree"), tmp: tmp}
	copyProject(t, project, f.dir)
	f.store = snapshot.Store{Dir: filepath.Join(f.dir, "snapshots")}
	steps := plan(t, project, f.store, fu)
	t.Log(describe(fu.seed, steps))
	for i, s := range steps {
		before := f.keep(t, i)
		if s.refuse != nil {
			f.probe(t, s)
		}
		f.importRelease(t, s)
		if s.spanish {
			f.publishSpanish(t, s.w)
		}
		if s.late {
			f.publishSpanish(t, steps[i-1].w)
		}
		f.gen(t)
		f.check(t, s, steps[:i+1])
		f.checkGenerated(t, before, s)
	}
	f.stateTests(t)
	return steps
}

// probe tries the release with a list sentence reworded: it must be
// refused, naming the rule or the words it expected, with nothing written.
func (f *futureTree) probe(t *testing.T, s *stepPlan) {
	t.Helper()
	state := corpus.Digest(t, f.dir)
	code, out := f.scrape(t, "import", f.write(t, "reworded.txt", s.refuse))
	if code == 0 || !strings.Contains(out, s.refuseWords) {
		t.Errorf("a reworded list sentence: scrape import exit %d, want a refusal saying %q:\n%s", code, s.refuseWords, out)
	}
	if !maps.Equal(state, corpus.Digest(t, f.dir)) {
		t.Errorf("a refused import changed the tree")
	}
}

// importRelease is the first recipe of docs/maintaining.md: scrape import of the TXT. A
// release that drops a category is refused first, as a broken page would
// be, and imported with -allow-shrink, as a maintainer who checked it
// would.
func (f *futureTree) importRelease(t *testing.T, s *stepPlan) {
	t.Helper()
	txt := f.write(t, "MagicCompRules "+s.w.date+".txt", s.w.englishTXT(t))
	code, out := f.scrape(t, "import", txt)
	if s.dropped != "" {
		if code == 0 || !strings.Contains(out, s.dropped+" types") {
			t.Fatalf("a release dropping the %s types: exit %d, want the guard to refuse it naming them:\n%s", s.dropped, code, out)
		}
		code, out = f.scrape(t, "import", "-allow-shrink", txt)
	}
	if code != 0 {
		t.Fatalf("scrape import of en@%s: exit %d\n%s", s.w.date, code, out)
	}
}

// publishSpanish is the second recipe of docs/maintaining.md for the Spanish 205.3 page
// of w's release: captured, accepted as of its date, scraped.
func (f *futureTree) publishSpanish(t *testing.T, w *world) {
	t.Helper()
	page := filepath.Join(f.dir, "sources", "captured", "rule-205.3-es.txt")
	if err := os.WriteFile(page, w.spanishPage(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := f.scrape(t, "accept", "-effective", w.date, page); code != 0 {
		t.Fatalf("scrape accept -effective %s: %s", w.date, out)
	}
	if code, out := f.scrape(t); code != 0 {
		t.Fatalf("scrape with the Spanish page of %s: %s", w.date, out)
	}
}

// stateTests are the tests of what a release changes: generated/, the
// tree itself, and the card corpus against them. Every other test works
// on fixtures no release touches.
func (f *futureTree) stateTests(t *testing.T) {
	t.Helper()
	cmd := exec.Command("make", "state")
	cmd.Dir = f.dir
	cmd.Env = append(os.Environ(), EnvInside+"=1", trimpath, corpus.EnvDir+"="+corpus.Dir(t, ""))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("the tests of the state fail on this future: %v\n%s", err, tail(string(out), 80))
	}
}
