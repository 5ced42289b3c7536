package rulebook

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/diff"
)

const changesBase = `These rules are effective as of January 9, 2026.

Contents

1. Game Concepts
100. General
2. Parts of a Card
205. Type Line
7. Additional Rules
702. Keyword Abilities
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.2. To play, each player needs their own deck of traditional Magic cards.

2. Parts of a Card

205. Type Line

205.3. Subtypes

205.3a A card can have one or more subtypes printed on its type line.

205.3g Artifacts have their own unique set of subtypes; these subtypes are called artifact types. The artifact types are Clue, Food, and Gold.

205.4. Supertypes

205.4a An object can have one or more supertypes.

7. Additional Rules

702. Keyword Abilities

702.1. Most abilities describe exactly what they do.

702.2. Deathtouch

702.2a Deathtouch is a static ability.

702.2b A creature dealt damage by a source with deathtouch is destroyed.

Glossary

Abandon
To turn a face-up ongoing scheme card face down.

Deathtouch
A keyword ability that causes damage dealt by an object to be especially effective.

Credits
`

// release is changesBase as of date (January 9, 2026 → the long date),
// with the replacements of r.
func release(t *testing.T, date string, r ...string) *crtext.Whole {
	t.Helper()
	text := strings.Replace(changesBase, "January 9, 2026", date, 1)
	w, err := crtext.ParseWhole(strings.NewReplacer(r...).Replace(text))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// The releases of the tests: A whole, B whose 205.3 page comes first,
// C after it.
const (
	relA, dateA = "January 9, 2026", "2026-01-09"
	relB, dateB = "February 27, 2026", "2026-02-27"
	relC, dateC = "April 17, 2026", "2026-04-17"
)

// pageB is 205.3 as B prints it: 205.3g lists Map.
var pageB = []string{"Clue, Food, and Gold.", "Clue, Food, Gold, and Map."}

// textB is the official text of B: its page's 205.3, and rules outside
// it changed (702.2a), added (702.3, a rule 100.2 before the old one,
// which becomes 100.3), a glossary term changed and one added.
var textB = append(slices.Clone(pageB),
	"100.2. To play,", "100.2. A player may use a sideboard.\n\n100.3. To play,",
	"702.2a Deathtouch is a static ability.", "702.2a Deathtouch is a static ability of a source.",
	"702.2b A creature dealt damage by a source with deathtouch is destroyed.\n", "702.2b A creature dealt damage by a source with deathtouch is destroyed.\n\n702.3. Flying\n\n702.3a Flying is an evasion ability.\n",
	"to be especially effective.", "to be especially deadly.",
)

func addWhole(t *testing.T, b *Book, w *crtext.Whole) {
	t.Helper()
	if err := b.Add(w); err != nil {
		t.Fatal(err)
	}
}

// addPage records B's 205.3 page.
func addPage(t *testing.T, b *Book) {
	t.Helper()
	w := release(t, relB, pageB...)
	var page Page
	for _, p := range w.Rules {
		if heldBy(p.Number, []string{"205.3"}) {
			page.Rules = append(page.Rules, p)
		}
	}
	page.Rule = "205.3"
	if err := b.AddPages(dateB, []Page{page}); err != nil {
		t.Fatal(err)
	}
}

// entries are a whole diff's changes, each as its JSON, counted.
func entries(d *DocDiff) map[string]int {
	out := map[string]int{}
	for part, cs := range map[string][]diff.RuleChange{"rule": d.Rules, "glossary": d.Glossary, "contents": d.Contents} {
		for _, c := range cs {
			b, _ := json.Marshal(c)
			out[part+" "+string(b)]++
		}
	}
	return out
}

// addUp checks that what the diffs shown say, put together, is what
// want says: every change of want in one of them, once, none other.
func addUp(t *testing.T, want *DocDiff, shown ...*DocDiff) {
	t.Helper()
	got := map[string]int{}
	for _, d := range shown {
		for k, n := range entries(d) {
			got[k] += n
		}
	}
	w := entries(want)
	for k, n := range w {
		if got[k] != n {
			t.Errorf("shown %d times, want %d: %s", got[k], n, k)
		}
	}
	for k, n := range got {
		if w[k] == 0 {
			t.Errorf("shown %d times, not a change of %s@%s → %s@%s: %s", n, want.Lang, want.From, want.Lang, want.To, k)
		}
	}
}

func mustCompare(t *testing.T, b *Book, from, to string) *DocDiff {
	t.Helper()
	d, err := b.Compare(from, to)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustDiff(t *testing.T, old, cur *Book) []*Change {
	t.Helper()
	cs, err := Diff(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func kinds(cs []*Change) string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s %s→%s", c.Kind, c.From, c.To))
	}
	return strings.Join(out, ", ")
}

// The official text of a release recorded from its 205.3 page completes
// it: the report shows what the text adds to the record (rules outside
// the page changed, added, renumbered; the glossary), and not again what
// the page showed: the page's report and the completion's add up to the
// whole diff of the releases.
func TestCompletionShowsWhatThePagesDidNot(t *testing.T) {
	old := &Book{Lang: "en"}
	addWhole(t, old, release(t, relA))
	addPage(t, old)
	cur := clone(old)
	addWhole(t, cur, release(t, relB, textB...))

	cs := mustDiff(t, old, cur)
	if len(cs) != 1 || cs[0].Kind != KindCompletion || cs[0].From != dateB || cs[0].To != dateB {
		t.Fatalf("changes: %s, want the completion of %s", kinds(cs), dateB)
	}
	c := cs[0]
	if !slices.Equal(c.Held, []string{"205.3"}) || c.Before != dateA || len(c.Partial) != 0 {
		t.Errorf("held %v, before %q, partial %v; want 205.3, %s, none", c.Held, c.Before, c.Partial, dateA)
	}
	got := map[string]string{}
	for _, rc := range c.Rules {
		got[rc.Number] = rc.Status + " " + rc.OldNumber
	}
	want := map[string]string{"100.2": "added ", "100.3": "renumbered 100.2", "702.2a": "changed ", "702.3": "added ", "702.3a": "added "}
	if !maps.Equal(got, want) {
		t.Errorf("rules of the completion: %v, want %v", got, want)
	}
	if len(c.Glossary) != 1 || c.Glossary[0].Number != "Deathtouch" {
		t.Errorf("glossary of the completion: %+v", c.Glossary)
	}
	// The page's report said 205.3g changed; the completion's, the rest.
	addUp(t, mustCompare(t, cur, dateA, dateB), mustCompare(t, old, dateA, dateB), &c.DocDiff)
}

// A completion and a newer release in one update: the completion of
// the release, then the newer release from it, each change once.
func TestCompletionAndReleaseTogether(t *testing.T) {
	old := &Book{Lang: "en"}
	addWhole(t, old, release(t, relA))
	addPage(t, old)
	cur := clone(old)
	addWhole(t, cur, release(t, relB, textB...))
	addWhole(t, cur, release(t, relC, append(slices.Clone(textB), "Most abilities describe", "Most abilities say")...))

	cs := mustDiff(t, old, cur)
	if len(cs) != 2 || cs[0].Kind != KindCompletion || cs[0].To != dateB || cs[1].Kind != KindRelease || cs[1].From != dateB || cs[1].To != dateC {
		t.Fatalf("changes: %s, want the completion of %s, then the release %s → %s", kinds(cs), dateB, dateB, dateC)
	}
	addUp(t, mustCompare(t, cur, dateA, dateB), mustCompare(t, old, dateA, dateB), &cs[0].DocDiff)
	addUp(t, mustCompare(t, cur, dateB, dateC), &cs[1].DocDiff)
	if len(cs[1].Rules) != 1 || cs[1].Rules[0].Number != "702.1" {
		t.Errorf("the release: %+v", cs[1].Rules)
	}
}

// An amendment of a release read whole compares its record before and
// after, a number being the same rule: a rule rewritten is changed, not
// removed and added, nor paired with another.
func TestAmendmentOfAWholeRelease(t *testing.T) {
	old := &Book{Lang: "en"}
	addWhole(t, old, release(t, relA))
	addWhole(t, old, release(t, relB))
	cur := clone(old)
	addWhole(t, cur, release(t, relB,
		"702.2a Deathtouch is a static ability.", "702.2a Any damage this deals to a creature is enough to destroy it.",
		"with two or more players", "with two or more people"))

	cs := mustDiff(t, old, cur)
	if len(cs) != 1 || cs[0].Kind != KindAmendment || cs[0].From != dateB || cs[0].To != dateB {
		t.Fatalf("changes: %s, want the amendment of %s", kinds(cs), dateB)
	}
	c := cs[0]
	var got []string
	for _, rc := range c.Rules {
		got = append(got, rc.Number+" "+rc.Status+" "+rc.OldNumber)
	}
	if want := []string{"100.1 changed ", "702.2a changed "}; !slices.Equal(got, want) {
		t.Errorf("the amendment: %v, want %v", got, want)
	}
	if len(c.Held) != 0 || c.Before != "" {
		t.Errorf("a whole release: held %v, before %q", c.Held, c.Before)
	}
}

// An amendment of a release whose rules a later release of rule pages
// keeps is shown once, at the release amended: the later one's record
// did not change.
func TestAmendmentKeptByALaterReleaseIsShownOnce(t *testing.T) {
	old := &Book{Lang: "en"}
	addWhole(t, old, release(t, relA))
	addPage(t, old)
	cur := clone(old)
	addWhole(t, cur, release(t, relA, "especially effective", "especially lethal", "traditional Magic cards", "Magic cards"))

	cs := mustDiff(t, old, cur)
	if len(cs) != 1 || cs[0].Kind != KindAmendment || cs[0].To != dateA {
		t.Fatalf("changes: %s, want the amendment of %s alone", kinds(cs), dateA)
	}
	if len(cs[0].Rules) != 1 || cs[0].Rules[0].Number != "100.2" || len(cs[0].Glossary) != 1 {
		t.Errorf("the amendment: rules %+v, glossary %+v", cs[0].Rules, cs[0].Glossary)
	}
	// The page read again otherwise is an amendment of its rules only.
	cur = clone(old)
	w := release(t, relB, "Clue, Food, and Gold.", "Clue, Food, Gold, and Junk.")
	var page Page
	for _, p := range w.Rules {
		if heldBy(p.Number, []string{"205.3"}) {
			page.Rules = append(page.Rules, p)
		}
	}
	page.Rule = "205.3"
	if err := cur.AddPages(dateB, []Page{page}); err != nil {
		t.Fatal(err)
	}
	cs = mustDiff(t, old, cur)
	if len(cs) != 1 || cs[0].Kind != KindAmendment || len(cs[0].Rules) != 1 || cs[0].Rules[0].Number != "205.3g" || !slices.Equal(cs[0].Held, []string{"205.3"}) {
		t.Fatalf("the page amended: %s %+v", kinds(cs), cs)
	}
}

// A past release recorded for the first time is shown from the release
// before it; the releases after it are not shown again.
func TestPastReleaseRecorded(t *testing.T) {
	old := &Book{Lang: "en"}
	addWhole(t, old, release(t, relA))
	addWhole(t, old, release(t, relC, textB...))
	cur := clone(old)
	addWhole(t, cur, release(t, relB, pageB...))

	cs := mustDiff(t, old, cur)
	if len(cs) != 1 || cs[0].Kind != KindRecorded || cs[0].From != dateA || cs[0].To != dateB {
		t.Fatalf("changes: %s, want %s recorded, from %s", kinds(cs), dateB, dateA)
	}
	addUp(t, mustCompare(t, cur, dateA, dateB), &cs[0].DocDiff)
}

// Nothing changed, nothing shown; a pairing amended by hand is not a
// change of the text; a release the book before held must stay.
func TestDiffOfTheSameBook(t *testing.T) {
	old := &Book{Lang: "en"}
	addWhole(t, old, release(t, relA))
	addWhole(t, old, release(t, relB, textB...))
	if cs := mustDiff(t, old, clone(old)); len(cs) != 0 {
		t.Errorf("the same book: %s", kinds(cs))
	}
	cur := clone(old)
	if err := cur.Amend(dateB, "100.2", "100.2"); err != nil {
		t.Fatal(err)
	}
	if cs := mustDiff(t, old, cur); len(cs) != 0 {
		t.Errorf("a pairing amended: %s", kinds(cs))
	}
	if _, err := Diff(old, &Book{Lang: "en", Releases: old.Releases[1:]}); err == nil || !strings.Contains(err.Error(), "lacks en@"+dateA) {
		t.Errorf("a release lost: %v", err)
	}
	if cs := mustDiff(t, &Book{Lang: "en"}, old); len(cs) != 0 {
		t.Errorf("from an empty book: %s", kinds(cs))
	}
}

// wholeOf is release date of b as the official text would print it:
// every rule, heading and glossary entry the book gives for it.
func wholeOf(b *Book, date string) *crtext.Whole {
	w := &crtext.Whole{Effective: date}
	for _, h := range b.Contents {
		if v, ok := At(h.Versions, date); ok {
			w.Contents = append(w.Contents, crtext.Heading{Number: h.Number, Title: v.Text})
		}
	}
	for _, h := range b.Rules {
		v, ok := At(h.Versions, date)
		if !ok {
			continue
		}
		w.Rules = append(w.Rules, crtext.Para{Number: h.Number, Text: v.Text, More: v.More, Lead: v.Lead})
		for _, a := range v.Also {
			w.Rules = append(w.Rules, crtext.Para{Number: h.Number, Text: a.Text, More: a.More, Lead: a.Lead})
		}
	}
	for _, t := range b.Glossary {
		if v, ok := At(t.Versions, date); ok {
			w.Glossary = append(w.Glossary, crtext.Entry{Term: t.Term, Definition: v.More})
		}
	}
	return w
}

// The composed case, on the frozen tree: its newest release recorded
// from rule pages, completed by the official text, which prints the
// pages' rules as recorded, and changes a rule outside them, adds a rule
// with a subrule after the last of that rule's section, and changes a
// glossary entry. The completion shows those, and nothing the pages
// showed: the pages' diff and the completion's add up to the whole diff
// of the release.
func TestCompletionOfTheFrozenTreesNewestRelease(t *testing.T) {
	old, err := Load(filepath.Join(corpus.Frozen(t), "snapshots", "rules", "en"), "en")
	if err != nil {
		t.Fatal(err)
	}
	i := len(old.Releases) - 1
	rel := old.Releases[i]
	if len(rel.Holds) == 0 || i == 0 {
		t.Skipf("the frozen tree's newest release, en@%s, is recorded whole: no release of rule pages to complete", rel.Date)
	}
	w := wholeOf(old, rel.Date)
	// Outside the pages: the last subrule, reworded, and a rule after the
	// last of its section.
	changed := -1
	for k, p := range w.Rules {
		if !heldBy(p.Number, rel.Holds) && strings.ContainsAny(p.Number[len(p.Number)-1:], "abcdefghijkmnpqrstuvwxyz") {
			changed = k
		}
	}
	if changed < 0 {
		t.Fatalf("en@%s holds no subrule outside %v", rel.Date, rel.Holds)
	}
	reworded := w.Rules[changed].Number
	w.Rules[changed].Text += " This sentence is new."
	sec := SectionOf(reworded)
	last, at := 0, 0
	for k, p := range w.Rules {
		var n int
		if _, err := fmt.Sscanf(strings.TrimPrefix(p.Number, sec+"."), "%d", &n); err == nil && SectionOf(p.Number) == sec && strings.HasPrefix(p.Number, sec+".") {
			last, at = max(last, n), k+1
		}
	}
	added := fmt.Sprintf("%s.%d", sec, last+1)
	w.Rules = slices.Insert(w.Rules, at, crtext.Para{Number: added, Text: "Testword"}, crtext.Para{Number: added + "a", Text: "Testword is a static ability."})
	term := w.Glossary[0].Term
	w.Glossary[0].Definition = append(slices.Clone(w.Glossary[0].Definition), "A line the official text adds.")

	cur := clone(old)
	addWhole(t, cur, w)
	cs := mustDiff(t, old, cur)
	if len(cs) != 1 || cs[0].Kind != KindCompletion || cs[0].To != rel.Date {
		t.Fatalf("changes: %s, want the completion of en@%s", kinds(cs), rel.Date)
	}
	c := cs[0]
	var rules []string
	for _, rc := range c.Rules {
		rules = append(rules, rc.Number+" "+rc.Status)
	}
	if want := []string{reworded + " changed", added + " added", added + "a added"}; !slices.Equal(rules, want) {
		t.Errorf("the completion's rules: %v, want %v", rules, want)
	}
	if len(c.Glossary) != 1 || c.Glossary[0].Number != term || len(c.Contents) != 0 {
		t.Errorf("the completion's glossary %+v, contents %+v; want %s changed", c.Glossary, c.Contents, term)
	}
	before := old.Releases[i-1].Date
	addUp(t, mustCompare(t, cur, before, rel.Date), mustCompare(t, old, before, rel.Date), &c.DocDiff)
}

// An amendment of a release holds in the release of rule pages after
// it, for every rule its pages do not hold (they are as the release
// before printed them); the rules its pages hold keep their text.
func TestAmendmentHoldsInTheReleaseOfPagesAfterIt(t *testing.T) {
	b := &Book{Lang: "en"}
	addWhole(t, b, release(t, relA))
	addPage(t, b)
	if got := b.Followers(dateA); !slices.Equal(got, []string{dateB}) {
		t.Fatalf("followers of %s: %v, want %s", dateA, got, dateB)
	}
	corrected := "702.2a Deathtouch is a static ability. This sentence was left out of the record."
	addWhole(t, b, release(t, relA, "702.2a Deathtouch is a static ability.", corrected))
	for _, date := range []string{dateA, dateB} {
		if v, ok := b.Rule("702.2a", date); !ok || "702.2a "+v.Text != corrected {
			t.Errorf("702.2a as of %s: %q, want the correction", date, v.Text)
		}
	}
	if v, ok := b.Rule("205.3g", dateB); !ok || !strings.Contains(v.Text, "Map") {
		t.Errorf("205.3g as of %s, its page's: %q", dateB, v.Text)
	}
}
