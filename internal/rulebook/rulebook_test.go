package rulebook

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/textenc"
)

// read is the corpus's releases read whole and decoded, oldest first,
// read once for the package's tests.
var read struct {
	sync.Mutex
	wholes []*crtext.Whole
	texts  []string
	book   *Book
}

// readCorpus returns the corpus's releases read whole (shared: not to be
// changed) and their decoded texts.
func readCorpus(t testing.TB) (ws []*crtext.Whole, texts []string) {
	t.Helper()
	read.Lock()
	defer read.Unlock()
	if read.wholes != nil {
		return read.wholes, read.texts
	}
	defer func() { read.wholes, read.texts = ws, texts }()
	for _, r := range corpus.Releases(t) {
		data := corpus.Read(t, strings.ReplaceAll(r.Date, "-", ""))
		w, err := crtext.ReadWhole(data)
		if err != nil {
			t.Fatalf("%s: %v", r.Date, err)
		}
		text, _, err := textenc.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		ws, texts = append(ws, w), append(texts, text)
	}
	return ws, texts
}

// Every release of the corpus read whole, recorded, and given back by
// the record: its counts (pinned: history does not change), and every
// rule's paragraphs as the release prints them, whitespace aside, but
// for the typos of the numbering the corpus README names.
func TestBookGivesBackEveryRelease(t *testing.T) {
	t.Parallel()
	ws, texts := readCorpus(t)
	b := clone(corpusBook(t))
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	differ := map[string][]string{}
	for i, w := range ws {
		rel, _ := b.ReleaseAsOf(w.Effective)
		got := [3]int{rel.Rules, rel.Examples, rel.Glossary}
		if want, ok := wantCounts[w.Effective]; !ok || got != want {
			t.Errorf("%s: %d rules, %d examples, %d glossary entries; want %v", w.Effective, got[0], got[1], got[2], want)
		}
		if d := b.Differences(w, 3); len(d) > 0 {
			t.Errorf("%s: the record differs from the release read: %v", w.Effective, d)
		}
		differ[w.Effective] = notGivenBack(b, w.Effective, texts[i])
	}
	for date, ns := range differ {
		for _, n := range ns {
			t.Errorf("%s: rule %s: the record does not give it back as printed", date, n)
		}
	}
	// The comparison sees a change: one word of one rule, one release.
	last := ws[len(ws)-1].Effective
	h := b.History("100.1")
	v := &h.Versions[len(h.Versions)-1]
	v.Text += " Changed."
	if got := notGivenBack(b, last, texts[len(texts)-1]); !slices.Equal(got, []string{"100.1"}) {
		t.Errorf("100.1 changed in the record of %s: not given back %v, want [100.1]", last, got)
	}
	if d := b.Differences(ws[len(ws)-1], 3); len(d) != 1 || !strings.Contains(d[0], "rule 100.1: ") {
		t.Errorf("100.1 changed in the record of %s: differences %q", last, d)
	}

	// The quirks read past, pinned: the flaws of the official text,
	// each with the first and last release printing it and how many
	// releases do.
	type span struct {
		first, last string
		n           int
	}
	quirks := map[string]span{}
	for _, r := range b.Releases {
		for _, q := range r.Quirks {
			_, what, _ := strings.Cut(q, ": ") // without its line
			s, ok := quirks[what]
			if !ok {
				s.first = r.Date
			}
			s.last, s.n = r.Date, s.n+1
			quirks[what] = s
		}
	}
	want := map[string]span{
		`rule 120.1c printed "120.1c.": read as 120.1c`:                             {"2009-07-11", "2010-04-23", 5},
		`rule 400.2 printed "400.2": read as 400.2`:                                 {"2009-07-11", "2009-07-11", 1},
		`rule 800.4a printed "800.4a.": read as 800.4a`:                             {"2009-07-11", "2011-09-30", 13},
		`rule 800.4b printed "800.4b.": read as 800.4b`:                             {"2009-07-11", "2011-09-30", 13},
		`rule 806.4b printed "806.4b.": read as 806.4b`:                             {"2009-07-11", "2009-07-11", 1},
		`rule 806.6b printed "806.6b.": read as 806.6b`:                             {"2009-07-11", "2009-07-11", 1},
		`rule 809.6 printed "809.6": read as 809.6`:                                 {"2009-07-11", "2009-09-04", 2},
		`rule 702.30d appears twice (first on line 2609)`:                           {"2009-09-04", "2009-09-04", 1},
		`rule 702.30d appears twice (first on line 2678)`:                           {"2009-10-01", "2009-10-01", 1},
		`rule 809.5 printed "809.5": read as 809.5`:                                 {"2009-10-01", "2010-04-23", 3},
		`rule 121.1c printed "121.1c.": read as 121.1c`:                             {"2010-07-16", "2013-02-01", 13},
		`rule 808.1 printed "808.1": read as 808.1`:                                 {"2010-07-16", "2010-10-01", 2},
		`rule 811.5 printed "811.5": read as 811.5`:                                 {"2010-07-16", "2010-10-01", 2},
		`rule 702.93a printed "702.93a.": read as 702.93a`:                          {"2012-05-01", "2013-05-01", 6},
		`glossary term "Attack Multiple Players" has no definition`:                 {"2013-02-01", "2013-02-01", 1},
		`rule 118.1d printed "118.1d.": read as 118.1d`:                             {"2018-07-13", "2019-06-14", 5},
		`rule 119.1d printed "119.1d.": read as 119.1d`:                             {"2019-07-12", "2026-04-17", 39},
		`rule 606.5 printed "606.5": read as 606.5`:                                 {"2021-06-18", "2026-04-17", 26},
		`paragraph "f" of rule 702.148b does not begin a sentence: kept as printed`: {"2021-11-19", "2021-11-19", 1},
		`rule 702.124h printed "702.124h.": read as 702.124h`:                       {"2022-06-10", "2023-04-14", 5},
		`rule 702.124i printed "702.124i.": read as 702.124i`:                       {"2022-06-10", "2023-04-14", 5},
	}
	for what, s := range quirks {
		if w, ok := want[what]; !ok || w != s {
			t.Errorf("quirk %q: in %d releases, %s to %s; want %+v", what, s.n, s.first, s.last, w)
		}
	}
	for what := range want {
		if _, ok := quirks[what]; !ok {
			t.Errorf("quirk %q not read", what)
		}
	}
}

// notGivenBack are the rules of release date whose paragraphs, as the
// record gives them back, are not the lines text prints, whitespace
// aside (the run of lines from the rule's to the next rule's or
// heading's).
func notGivenBack(b *Book, date, text string) []string {
	lines := strings.FieldsFunc(textenc.NormalizeNewlines(text), func(r rune) bool { return r == '\n' })
	var printed []string // the rules' lines: from the first rule to the glossary
	started := false
	for _, l := range lines {
		l = squash(l)
		_, _, isRule := crtext.SplitNumber(l)
		if !started && !isRule {
			continue
		}
		started = true
		if l == "Glossary" || l == "Credits" {
			break
		}
		if l != "" {
			printed = append(printed, l)
		}
	}
	var bad []string
	i := 0
	for _, h := range b.Rules {
		v, ok := At(h.Versions, date)
		if !ok {
			continue
		}
		for _, p := range append([]Printing{{Lead: v.Lead, Text: v.Text, More: v.More}}, v.Also...) {
			// The rule's lines are found from where the last ended:
			// headings between rules are skipped.
			want := append([]string{squash(crtext.Para{Number: h.Number, Lead: p.Lead, Text: p.Text}.Printed())}, squashAll(p.More)...)
			j := i
			for j < len(printed) && !strings.HasPrefix(printed[j], h.Number) {
				j++
			}
			if j+len(want) > len(printed) || !slices.Equal(printed[j:j+len(want)], want) {
				bad = append(bad, h.Number)
				continue
			}
			i = j + len(want)
		}
	}
	return bad
}

// squash is s without its whitespace: "901.4.All" is "901.4. All".
func squash(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), "")
}

func squashAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = squash(s)
	}
	return out
}

// The record does not depend on the order releases are recorded in: an
// older release recorded after newer ones (an import) falls in its place
// and changes no other.
func TestOrderOfRecordingDoesNotMatter(t *testing.T) {
	t.Parallel()
	ws, _ := readCorpus(t)
	if len(ws) < 3 {
		t.Skip("fewer than three releases")
	}
	inOrder := corpusBook(t)
	// Every other release first, then the rest, newest first.
	mixed := &Book{Lang: "en"}
	var later []*crtext.Whole
	for i, w := range ws {
		if i%2 == 0 {
			if err := mixed.Add(w); err != nil {
				t.Fatal(err)
			}
		} else {
			later = append(later, w)
		}
	}
	for _, w := range slices.Backward(later) {
		before := clone(mixed)
		if err := mixed.Add(w); err != nil {
			t.Fatal(err)
		}
		if err := mixed.Unchanged(before); err != nil {
			t.Fatalf("recording %s: %v", w.Effective, err)
		}
	}
	a, err := inOrder.Files()
	if err != nil {
		t.Fatal(err)
	}
	b, err := mixed.Files()
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(a, b, bytes.Equal) {
		for name := range a {
			if !bytes.Equal(a[name], b[name]) {
				t.Errorf("%s differs recorded in order and out of order", name)
			}
		}
	}
}

// clone is a copy of b that recording in b leaves as it is.
func clone(b *Book) *Book {
	c := &Book{Lang: b.Lang, Releases: slices.Clone(b.Releases), Glossary: slices.Clone(b.Glossary)}
	for _, h := range b.Rules {
		c.Rules = append(c.Rules, Rule{Number: h.Number, Versions: slices.Clone(h.Versions)})
	}
	for _, h := range b.Contents {
		c.Contents = append(c.Contents, Rule{Number: h.Number, Versions: slices.Clone(h.Versions)})
	}
	for i := range c.Glossary {
		c.Glossary[i].Versions = slices.Clone(c.Glossary[i].Versions)
	}
	return c
}
