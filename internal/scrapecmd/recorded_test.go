package scrapecmd

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// A recorded release is immutable: each way a read could rewrite one is
// refused through the command, before anything is written.

// tree is a copy of the project's sources/, snapshots/ and generated/.
type tree struct{ root, src, snap, gen string }

func newTree(t *testing.T) tree {
	t.Helper()
	root := corpus.FrozenCopy(t)
	return tree{root, filepath.Join(root, "sources"), filepath.Join(root, "snapshots"), filepath.Join(root, "generated")}
}

// state is what must not move when a read is refused.
func (tr tree) state(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range []string{tr.src, tr.snap, tr.gen} {
		for p, sum := range corpus.Digest(t, d) {
			out[filepath.Join(filepath.Base(d), p)] = sum
		}
	}
	return out
}

func (tr tree) unchanged(t *testing.T, before map[string]string) {
	t.Helper()
	after := tr.state(t)
	if !maps.Equal(before, after) {
		for p := range after {
			if before[p] != after[p] {
				t.Errorf("%s changed or appeared", p)
			}
		}
		for p := range before {
			if _, ok := after[p]; !ok {
				t.Errorf("%s disappeared", p)
			}
		}
	}
}

// values generates the tree's snapshots with its record and returns the
// record as it would be written, and the files.
func (tr tree) values(t *testing.T) *gen.Record {
	t.Helper()
	rec, err := gen.LoadRecord(filepath.Join(tr.gen, gen.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gen.FilesWith(tr.snap, tr.gen, rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// frozenRecord is the frozen tree's record, the one newTree's copy starts
// from: the working tree's moves with every rules update.
func frozenRecord(t *testing.T) *gen.Record {
	t.Helper()
	rec, err := gen.LoadRecord(filepath.Join(corpus.Frozen(t), "generated", gen.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// serveLive serves a rules page linking one TXT, as the live English
// source does, and points the tree's cr-en source at it.
func (tr tree) serveLive(t *testing.T, txt []byte) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/en/rules":
			_, _ = w.Write([]byte(`<html><body><a href="/docs/MagicCompRules.txt">TXT</a></body></html>`))
		case "/docs/MagicCompRules.txt":
			_, _ = w.Write(txt)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	m, err := sources.Load(tr.src)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Sources {
		if m.Sources[i].ID == "cr-en" {
			m.Sources[i].URL = srv.URL + "/en/rules"
		}
	}
	b, _ := m.Marshal()
	if err := os.WriteFile(filepath.Join(tr.src, "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// newestRelease is the newest official TXT the tree's English history
// holds and the corpus has, with its date.
func newestRelease(t *testing.T, tr tree) (string, []byte) {
	t.Helper()
	h, err := snapshot.Store{Dir: tr.snap}.History("en")
	if err != nil {
		t.Fatal(err)
	}
	dir := corpus.Dir(t, "cr-en")
	for i := len(h) - 1; i >= 0; i-- {
		date := h[i].Effective
		if _, err := os.Stat(filepath.Join(dir, "en-"+strings.ReplaceAll(date, "-", "")+".txt")); err == nil && !h[i].Partial {
			return date, corpus.Read(t, strings.ReplaceAll(date, "-", ""))
		}
	}
	t.Fatal("no English release of the history is in the corpus")
	return "", nil
}

func TestLiveReleaseOfARecordedDateThatDiffersIsRefused(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	date, txt := newestRelease(t, tr)
	served := corpus.DropEveryThirdCreature(t, txt)
	tr.serveLive(t, served)
	// A creature type the served copy drops, listed without a break until
	// now: had the copy been recorded, its history would show a gap.
	dropped, periods := droppedCreature(t, tr, txt, served)
	before := tr.state(t)
	for _, extra := range [][]string{nil, {"-allow-shrink"}} {
		args := append([]string{"-live", "-sources", tr.src, "-snapshots", tr.snap}, extra...)
		_, stderr, code := run(t, args...)
		for _, want := range []string{
			"refusing to rewrite the recorded release en@" + date,
			"creature types: ", "of the record missing (",
			"the live source serves a broken or different document",
			"scrape -amend en@" + date,
		} {
			if code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("%v: exit %d, stderr lacks %q:\n%s", extra, code, want, stderr)
			}
		}
	}
	tr.unchanged(t, before)
	if out, _, _ := run(t, "history", "-snapshots", tr.snap, dropped); out != periods {
		t.Errorf("history of %s, dropped by the refused copy:\n%s\nwas:\n%s", dropped, out, periods)
	}
}

// droppedCreature is a current creature type of the tree that served
// drops from txt, with its history, listed without a break.
func droppedCreature(t *testing.T, tr tree, txt, served []byte) (name, periods string) {
	t.Helper()
	cur, err := snapshot.Store{Dir: tr.snap}.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	kept := oneWordCreatures(t, served)
	for _, n := range oneWordCreatures(t, txt) {
		if slices.Contains(kept, n) || !slices.Contains(cur.Subtypes["creature"], n) {
			continue
		}
		out, stderr, code := run(t, "history", "-snapshots", tr.snap, n)
		if code != 0 {
			t.Fatalf("history %s: exit %d %s", n, code, stderr)
		}
		if strings.Contains(out, "still listed") && !strings.Contains(out, "gone in") {
			return n, out
		}
	}
	t.Fatal("the served copy drops no creature type the tree lists without a break")
	return "", ""
}

func TestLiveReleaseIdenticalToARecordedOneIsNoChange(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	_, txt := newestRelease(t, tr)
	tr.serveLive(t, txt)
	before := tr.state(t)
	out, stderr, code := run(t, "-live", "-sources", tr.src, "-snapshots", tr.snap)
	if code != 0 || strings.TrimSpace(out) != "no changes" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	// sources.json points at the test server: the rest is untouched.
	after := tr.state(t)
	delete(before, "sources/sources.json")
	delete(after, "sources/sources.json")
	if !maps.Equal(before, after) {
		t.Error("an identical live release changed files")
	}
}

// redate rewrites the effective-date lines of a release ("These rules are
// effective as of ...").
func redate(t *testing.T, txt []byte, from, to string) []byte {
	t.Helper()
	long := func(d string) string {
		tm, err := time.Parse(time.DateOnly, d)
		if err != nil {
			t.Fatal(err)
		}
		return tm.Format("January 2, 2006")
	}
	out := strings.ReplaceAll(string(txt), "effective as of "+long(from), "effective as of "+long(to))
	if out == string(txt) {
		t.Fatalf("no effective-date line for %s", from)
	}
	return []byte(out)
}

func TestLiveReleaseOlderThanTheNewestIsRefused(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	h, err := snapshot.Store{Dir: tr.snap}.History("en")
	if err != nil {
		t.Fatal(err)
	}
	oldest := h[0].Effective
	first, _ := time.Parse(time.DateOnly, oldest)
	for name, date := range map[string]string{
		"before every recorded release":     first.AddDate(0, 0, -10).Format(time.DateOnly),
		"between two recorded, not one yet": first.AddDate(0, 0, 1).Format(time.DateOnly),
	} {
		txt := redate(t, corpus.Read(t, strings.ReplaceAll(oldest, "-", "")), oldest, date)
		tr.serveLive(t, txt)
		before := tr.state(t)
		_, stderr, code := run(t, "-live", "-sources", tr.src, "-snapshots", tr.snap)
		if code != 1 || !strings.Contains(stderr, "the live document is the release of "+date+", older than the newest English release recorded") || !strings.Contains(stderr, "scrape import") {
			t.Errorf("%s: exit %d, stderr %q", name, code, stderr)
		}
		tr.unchanged(t, before)
	}
}

// addArtifactType adds an artifact type no release lists to the tree's
// captured 205.3 pages: in English where it sorts, in Spanish at the same
// place (the Spanish page lists its names in the English order). It
// returns the pages and the English name.
func addArtifactType(t *testing.T, tr tree) (files []string, added string) {
	t.Helper()
	store := snapshot.Store{Dir: tr.snap}
	en, err := store.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	es, err := store.Current("es")
	if err != nil {
		t.Fatal(err)
	}
	spanish := map[string]string{}
	for _, p := range es.PairingEN["artifact"] {
		spanish[p.EN] = p.ES
	}
	takenEN, takenES := listed(t, tr.snap, "en"), listed(t, tr.snap, "es")
	for _, e := range frozenRecord(t).Entries("artifact") {
		takenEN[history.NameKey(e.Name)] = true
	}
	names := en.Subtypes["artifact"]
	// Between two English names, before one the Spanish page has (Spanish
	// names may lag behind English ones) and that is not the last.
	for i := 1; i+1 < len(names); i++ {
		prev, next := names[i-1], names[i]
		nextES, ok := spanish[next]
		if !ok {
			continue
		}
		name := unlisted(prev, takenEN)
		if name >= next {
			continue
		}
		nameES := unlisted(nextES, takenES, takenEN)
		for id, edit := range map[string][3]string{
			"rule-205.3-en": {"artifact types are ", " " + next + ",", " " + name + ", " + next + ","},
			"rule-205.3-es": {"tipos de artefacto son ", " " + nextES + ",", " " + nameES + ", " + nextES + ","},
		} {
			files = append(files, insertInList(t, filepath.Join(tr.src, "captured", id+".txt"), edit[0], edit[1], edit[2]))
		}
		t.Logf("added the artifact type %s (Spanish %s) before %s", name, nameES, next)
		return files, name
	}
	t.Fatalf("no place to add an artifact type among %v", names)
	return nil, ""
}

// insertInList replaces from by to in the line of page that holds the
// list sentence, and returns page.
func insertInList(t *testing.T, page, sentence, from, to string) string {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, sentence) })
	if i < 0 || !strings.Contains(lines[i], from) {
		t.Fatalf("%s: no %q in a line saying %q", page, from, sentence)
	}
	lines[i] = strings.Replace(lines[i], from, to, 1)
	if err := os.WriteFile(page, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return page
}

func TestRecapturedPageWithTheOldDateIsRefusedAndWithItsOwnDateRecorded(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	files, added := addArtifactType(t, tr)
	if _, stderr, code := run(t, append([]string{"accept", "-sources", tr.src}, files...)...); code != 0 {
		t.Fatalf("accept: %s", stderr)
	}
	before := tr.state(t)
	_, stderr, code := run(t, "-sources", tr.src, "-snapshots", tr.snap)
	for _, want := range []string{"refusing to rewrite the recorded release ", "artifact types: 1 not in the record (", "scrape accept -effective YYYY-MM-DD FILE"} {
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("stale date: exit %d, stderr lacks %q:\n%s", code, want, stderr)
		}
	}
	tr.unchanged(t, before)

	// Said to be a new release, it is recorded beside the old one, which
	// stays byte for byte; no value moves, the new type gets the next one.
	next := dayAfterNewest(t, tr)
	if _, stderr, code := run(t, append([]string{"accept", "-effective", next, "-sources", tr.src}, files...)...); code != 0 {
		t.Fatalf("accept -effective: %s", stderr)
	}
	recorded := corpus.Digest(t, tr.snap)
	books := loadBooks(t, tr.snap)
	out, stderr, code := run(t, "-sources", tr.src, "-snapshots", tr.snap)
	if code != 0 || !strings.Contains(out, "added to the history: en@"+next+", es@"+next) {
		t.Fatalf("new release: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	now := corpus.Digest(t, tr.snap)
	for p, sum := range recorded {
		// The rule books hold every release: each recorded one must
		// still read as it did.
		if now[p] != sum && !strings.HasPrefix(p, "current") && !strings.HasPrefix(p, "rules/") {
			t.Errorf("%s rewritten", p)
		}
	}
	for lang, old := range books {
		b, err := rulebook.Load(scrape.BookDir(tr.snap, lang), lang)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Unchanged(old); err != nil {
			t.Errorf("rule book of %s: %v", lang, err)
		}
		if rel, _ := b.Newest(); rel.Date != next {
			t.Errorf("rule book of %s: newest release %s, want %s", lang, rel.Date, next)
		}
	}
	rec := tr.values(t)
	if lost := rec.Lost(frozenRecord(t)); len(lost) > 0 {
		t.Errorf("values moved: %v", lost)
	}
	if got := rec.Name("artifact", len(frozenRecord(t).Entries("artifact"))+1); got != added {
		t.Errorf("the next artifact value is %q, want %s", got, added)
	}
}

func TestImportOfAChangedCopyIsRefusedUnlessAmended(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	date, txt := newestRelease(t, tr)
	changed := filepath.Join(t.TempDir(), "en-changed.txt")
	if err := os.WriteFile(changed, corpus.DropEveryThirdCreature(t, txt), 0o644); err != nil {
		t.Fatal(err)
	}
	before := tr.state(t)
	_, stderr, code := run(t, "import", "-sources", tr.src, "-snapshots", tr.snap, changed)
	if code != 1 || !strings.Contains(stderr, "refusing to rewrite the recorded release en@"+date) || !strings.Contains(stderr, "scrape -amend en@"+date) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	tr.unchanged(t, before)

	if _, stderr, code := run(t, "import", "-amend", "en@2001-01-01", "-sources", tr.src, "-snapshots", tr.snap, changed); code != 1 || !strings.Contains(stderr, "-amend en@2001-01-01: the history holds no such release") {
		t.Errorf("amending an unknown release: exit %d, %q", code, stderr)
	}
	tr.unchanged(t, before)

	// On purpose: amended, every value kept, the report shows it.
	out, stderr, code := run(t, "import", "-amend", "en@"+date, "-allow-shrink", "-sources", tr.src, "-snapshots", tr.snap, changed)
	if code != 0 || !strings.Contains(out, "amended: en@"+date) {
		t.Fatalf("amend: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if lost := tr.values(t).Lost(frozenRecord(t)); len(lost) > 0 {
		t.Errorf("an amendment moved values: %v", lost)
	}
	// The rule book says which copy of the official text it now holds.
	book, err := rulebook.Load(scrape.BookDir(tr.snap, "en"), "en")
	if err != nil {
		t.Fatal(err)
	}
	amendedWith, err := os.ReadFile(changed)
	if err != nil {
		t.Fatal(err)
	}
	if rel, _ := book.ReleaseAsOf(date); rel.ReadFrom != snapshot.SHA256(amendedWith) {
		t.Errorf("en@%s amended: read_from %q, want the sha256 of the copy read", date, rel.ReadFrom)
	}
	out, _, code = run(t, "report", "-exit-code", "-format", "markdown", filepath.Join(corpus.Frozen(t), "snapshots"), tr.snap)
	if code != 3 || !strings.Contains(out, fmt.Sprintf("**Amended**: the recorded release en@%s was corrected on purpose", date)) || !strings.Contains(out, "### Amendment of en@"+date) {
		t.Errorf("report: exit %d\n%s", code, out)
	}
}

// dayAfterNewest is a date after every release the tree holds.
func dayAfterNewest(t *testing.T, tr tree) string {
	t.Helper()
	newest := ""
	for _, lang := range snapshot.Languages {
		h, err := snapshot.Store{Dir: tr.snap}.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		if n := h[len(h)-1].Effective; n > newest {
			newest = n
		}
	}
	d, _ := time.Parse(time.DateOnly, newest)
	return d.AddDate(0, 0, 1).Format(time.DateOnly)
}

// A release imported between two recorded ones is guarded against the
// release before it, not only against the current state: a broken copy of
// an old release (a third of its creature types gone) is refused.
func TestImportedOldReleaseIsGuardedAgainstItsPredecessor(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	h, err := snapshot.Store{Dir: tr.snap}.History("en")
	if err != nil {
		t.Fatal(err)
	}
	prev := h[len(h)/2]
	for prev.Partial {
		t.Fatal("the middle of the history is a rule page")
	}
	d, _ := time.Parse(time.DateOnly, prev.Effective)
	date := d.AddDate(0, 0, 1).Format(time.DateOnly)
	if h[len(h)/2+1].Effective <= date {
		t.Fatalf("no room after %s", prev.Effective)
	}
	txt := redate(t, corpus.Read(t, strings.ReplaceAll(prev.Effective, "-", "")), prev.Effective, date)
	if !strings.Contains(string(txt), "All other creature types are one word long: ") {
		// Older wording: "The creature types are ...".
		txt = []byte(strings.Replace(string(txt), "The creature types are ", "All other creature types are one word long: ", 1))
		txt = corpus.DropEveryThirdCreature(t, txt)
		txt = []byte(strings.Replace(string(txt), "All other creature types are one word long: ", "The creature types are ", 1))
	} else {
		txt = corpus.DropEveryThirdCreature(t, txt)
	}
	file := filepath.Join(t.TempDir(), "en-"+date+".txt")
	if err := os.WriteFile(file, txt, 0o644); err != nil {
		t.Fatal(err)
	}
	before := tr.state(t)
	_, stderr, code := run(t, "import", "-sources", tr.src, "-snapshots", tr.snap, file)
	if code != 1 || !strings.Contains(stderr, "refusing to write the release en@"+date+" (compared with the releases before it)") || !strings.Contains(stderr, "creature types ("+prev.RuleOf(snapshot.FactSubtypes)+"): shrinks from") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	tr.unchanged(t, before)
}

// The official TXT of a release recorded from a rule page completes the
// record: the facts the page did not carry (card types, supertypes, mana
// symbols) are added, nothing it said changes, and nothing is refused.
func TestOfficialReleaseCompletesARecordFromARulePage(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	h, err := snapshot.Store{Dir: tr.snap}.History("en")
	if err != nil {
		t.Fatal(err)
	}
	var page *snapshot.Snapshot
	for _, s := range h {
		if s.Partial && s.Has(snapshot.FactSubtypes) {
			page = s
		}
	}
	// The frozen tree's newest English release is such a page, newer than
	// every official TXT it records: the test always has its case.
	if page == nil {
		t.Fatal("the frozen history holds no English release recorded from a 205.3 page only")
	}
	base, txt := newestRelease(t, tr)
	if base > page.Effective {
		t.Fatalf("the newest official release, %s, is newer than the page's, %s", base, page.Effective)
	}
	// The release of the page's date: the newest official text, re-dated,
	// with the page's 205.3 in place of its own.
	text := strings.ReplaceAll(string(redate(t, txt, base, page.Effective)), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	from := slices.Index(lines, "205.3. Subtypes")
	to := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "205.4. ") })
	if from < 0 || to < from {
		t.Fatalf("%s: rule 205.3 not where expected", base)
	}
	var out []string
	for _, n := range sortedRules(page) {
		head, examples, _ := strings.Cut(page.Rules[n], " Example: ")
		sep := " "
		if n == "205.3" {
			sep = ". "
		}
		out = append(out, n+sep+head, "")
		for _, e := range strings.Split(examples, " Example: ") {
			if e != "" {
				out = append(out, "Example: "+e, "")
			}
		}
	}
	out = slices.Concat(lines[:from], out, lines[to:])
	file := filepath.Join(t.TempDir(), "en-"+page.Effective+".txt")
	if err := os.WriteFile(file, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	out2, stderr, code := run(t, "import", "-sources", tr.src, "-snapshots", tr.snap, file)
	if code != 0 || !strings.Contains(out2, "completed (facts the record did not carry): en@"+page.Effective) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out2, stderr)
	}
	got, err := snapshot.Load(snapshot.Store{Dir: tr.snap}.HistoryPath("en", page.Effective))
	if err != nil {
		t.Fatal(err)
	}
	if got.Partial || !got.Has(snapshot.FactCardTypes) || !got.Has(snapshot.FactMana) {
		t.Errorf("not completed: partial %v", got.Partial)
	}
	for c, names := range page.Subtypes {
		if !slices.Equal(got.Subtypes[c], names) {
			t.Errorf("%s types changed", c)
		}
	}
	for n, text := range page.Rules {
		if got.Rules[n] != text {
			t.Errorf("rule %s changed", n)
		}
	}
	if lost := tr.values(t).Lost(frozenRecord(t)); len(lost) > 0 {
		t.Errorf("values moved: %v", lost)
	}
}

func sortedRules(s *snapshot.Snapshot) []string {
	var out []string
	for n := range s.Rules {
		if n == "205.3" || strings.HasPrefix(n, "205.3") && len(n) == len("205.3a") {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		if snapshot.RuleLess(a, b) {
			return -1
		}
		return 1
	})
	return out
}

// loadBooks are the rule books of the snapshots in dir, by language.
func loadBooks(t *testing.T, dir string) map[string]*rulebook.Book {
	t.Helper()
	books := map[string]*rulebook.Book{}
	for _, lang := range snapshot.Languages {
		b, err := rulebook.Load(scrape.BookDir(dir, lang), lang)
		if err != nil {
			t.Fatal(err)
		}
		books[lang] = b
	}
	return books
}
