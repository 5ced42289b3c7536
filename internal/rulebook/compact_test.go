package rulebook

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/internal/bookfile"
	"github.com/mtgrules/crgen/internal/diff"
)

// compactOf is the corpus book laid out as the reader reads it, once for
// the package's tests.
var compactOf = sync.OnceValues(func() (*bookfile.File, error) {
	data, err := bookfile.Encode(read.book.Compact(), bookfile.Options{Compress: true})
	if err != nil {
		return nil, err
	}
	return bookfile.Open(string(data))
})

func corpusCompact(t *testing.T) (*Book, *bookfile.File) {
	t.Helper()
	b := corpusBook(t)
	f, err := compactOf()
	if err != nil {
		t.Fatal(err)
	}
	return b, f
}

// The compact form reads back every rule, heading and glossary entry of
// every release as the record holds it: its text, every paragraph, its
// misprinted number, its printings again, the release that first printed
// it; and nothing the record does not hold.
func TestCompactReadsAsTheBook(t *testing.T) {
	t.Parallel()
	b, f := corpusCompact(t)
	if f.Releases() != len(b.Releases) || f.Lang() != b.Lang {
		t.Fatalf("%d releases of %q, want %d of %q", f.Releases(), f.Lang(), len(b.Releases), b.Lang)
	}
	same := func(kind string, key string, i int, want Version, got bookfile.Version) {
		t.Helper()
		var paras []string
		for k := range got.Paras() {
			p, err := got.Para(k)
			if err != nil {
				t.Fatal(err)
			}
			paras = append(paras, p)
		}
		wantParas := want.More
		if kind != "glossary term" {
			wantParas = append([]string{want.Text}, want.More...)
		}
		if !slices.Equal(paras, wantParas) || got.Lead() != want.Lead || f.Date(got.Since()) != want.Since || got.Also() != len(want.Also) {
			t.Errorf("%s %s of %s: read back %q (lead %q, since %s, %d printed again), recorded %q (lead %q, since %s, %d)",
				kind, key, f.Date(i), paras, got.Lead(), f.Date(got.Since()), got.Also(), wantParas, want.Lead, want.Since, len(want.Also))
		}
		for j, a := range want.Also {
			lead, ps, err := got.AlsoPrinting(j)
			if err != nil || lead != a.Lead || !slices.Equal(ps, append([]string{a.Text}, a.More...)) {
				t.Errorf("%s %s of %s: printed again %q %q, recorded %q %q", kind, key, f.Date(i), lead, ps, a.Lead, a.Text)
			}
		}
	}
	checked := 0
	for i, rel := range b.Releases {
		for h, r := range b.Rules {
			want, ok := At(r.Versions, rel.Date)
			got, gok := f.At(bookfile.Rules, h, i)
			if found, fok := f.Find(bookfile.Rules, r.Number); !fok || found != h || f.Key(bookfile.Rules, h) != r.Number {
				t.Fatalf("rule %s: found at %d, %v (want %d)", r.Number, found, fok, h)
			}
			if ok != gok {
				t.Errorf("rule %s of %s: in the record %v, read back %v", r.Number, rel.Date, ok, gok)
				continue
			}
			if ok {
				same("rule", r.Number, i, want, got)
				checked++
			}
		}
		for h, c := range b.Contents {
			want, ok := At(c.Versions, rel.Date)
			got, gok := f.Heading(c.Number, i)
			if ok != gok || ok && got != want.Text || f.Key(bookfile.Contents, h) != c.Number {
				t.Errorf("heading %s of %s: %q, %v, recorded %q, %v", c.Number, rel.Date, got, gok, want.Text, ok)
			}
		}
		for h, term := range b.Glossary {
			want, ok := At(term.Versions, rel.Date)
			got, gok := f.At(bookfile.Glossary, h, i)
			if ok != gok {
				t.Errorf("term %q of %s: in the record %v, read back %v", term.Term, rel.Date, ok, gok)
				continue
			}
			if ok {
				same("glossary term", term.Term, i, want, got)
				if th, found := f.Term(term.Term, i); !found || f.Key(bookfile.Glossary, th) != term.Term {
					t.Errorf("term %q of %s: looked up, %q, %v", term.Term, rel.Date, f.Key(bookfile.Glossary, th), found)
				}
			}
		}
	}
	if checked < 100000 {
		t.Errorf("%d rules read back: the corpus is not all there", checked)
	}
}

// The compact form pairs every rule of every release as the record's
// pairing does, going forward and back.
func TestCompactPairsAsTheBook(t *testing.T) {
	t.Parallel()
	b, f := corpusCompact(t)
	index := map[string]int{}
	for h, r := range b.Rules {
		index[r.Number] = h
	}
	for i := 1; i < len(b.Releases); i++ {
		date, prev := b.Releases[i].Date, b.Releases[i-1].Date
		held := func(d string) func(string) bool { return func(n string) bool { _, ok := b.Rule(n, d); return ok } }
		for h, r := range b.Rules {
			if _, ok := At(r.Versions, prev); ok {
				want, wok := b.Next(i, r.Number, held(date))
				got, gok := f.Next(bookfile.Rules, i, h)
				if wok != gok || wok && index[want] != got {
					t.Errorf("%s: %s of %s is %q, %v; read back %q, %v", date, r.Number, prev, want, wok, f.Key(bookfile.Rules, got), gok)
				}
			}
			if _, ok := At(r.Versions, date); ok {
				want, wok := b.Previous(i, r.Number, held(prev))
				got, gok := f.Previous(bookfile.Rules, i, h)
				if wok != gok || wok && index[want] != got {
					t.Errorf("%s: %s came from %q, %v; read back %q, %v", date, r.Number, want, wok, f.Key(bookfile.Rules, got), gok)
				}
			}
		}
	}
}

// The compact form's whole diff of every adjacent pair of releases, and
// of the first with the last, says what the record's does: the same
// rules, terms and headings, the same statuses, the same texts. (Both
// are bookfile.Compare: this checks the compact form and the record's
// source read alike.)
func TestCompactComparesAsTheBook(t *testing.T) {
	t.Parallel()
	b, f := corpusCompact(t)
	key := func(number, old, status, text string, spans []string) string {
		return number + "|" + old + "|" + status + "|" + text + "|" + strings.Join(spans, "¦")
	}
	pairs := [][2]int{{0, len(b.Releases) - 1}}
	for i := 1; i < len(b.Releases); i++ {
		pairs = append(pairs, [2]int{i - 1, i})
	}
	for _, p := range pairs {
		want, err := b.Compare(b.Releases[p[0]].Date, b.Releases[p[1]].Date)
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.Compare(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Quirks, want.Quirks) {
			t.Errorf("%s → %s: quirks %q, the record %q", want.From, want.To, got.Quirks, want.Quirks)
		}
		for _, part := range []struct {
			name string
			want []diff.RuleChange
			got  []bookfile.Change
		}{{"rules", want.Rules, got.Rules}, {"glossary", want.Glossary, got.Glossary}, {"contents", want.Contents, got.Contents}} {
			var w, g []string
			for _, c := range part.want {
				w = append(w, key(c.Number, c.OldNumber, c.Status, c.Text, sides(c.Diff)))
			}
			for _, c := range part.got {
				g = append(g, key(c.Number, c.OldNumber, string(c.Status), c.Text, sides(c.Diff)))
			}
			slices.Sort(w)
			slices.Sort(g)
			if !slices.Equal(w, g) {
				t.Errorf("%s → %s, %s: the compact form says %d changes, the record %d; first differing: %q",
					want.From, want.To, part.name, len(g), len(w), firstDiff(w, g))
			}
		}
	}
}

// sides are the two texts a diff joins: the older and the newer.
func sides(spans []diff.Span) []string {
	var old, cur strings.Builder
	for _, s := range spans {
		if s.Op != diff.Insert {
			old.WriteString(s.Text)
		}
		if s.Op != diff.Delete {
			cur.WriteString(s.Text)
		}
	}
	return []string{old.String(), cur.String()}
}

func firstDiff(a, b []string) [2]string {
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return [2]string{x, y}
		}
	}
	return [2]string{}
}

// A rule's trace read from the compact form is the record's, for every
// rule of the newest release and of a release of 2011.
func TestCompactTracesAsTheBook(t *testing.T) {
	t.Parallel()
	b, f := corpusCompact(t)
	for _, i := range []int{len(b.Releases) - 1, b.indexOf("2011-07-15")} {
		date := b.Releases[i].Date
		for _, r := range b.Rules {
			if _, ok := At(r.Versions, date); !ok {
				continue
			}
			want, err := b.Trace(r.Number, date)
			if err != nil {
				t.Fatal(err)
			}
			got, err := f.Trace(r.Number, i)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Errorf("%s of %s: %d steps, the record %d", r.Number, date, len(got), len(want))
				continue
			}
			for k := range want {
				w, g := want[k], got[k]
				if w.Release != g.Release || w.Number != g.Number || w.Event != g.Event || w.From != g.From || w.Into != g.Into || w.Text != g.Text {
					t.Errorf("%s of %s, step %d: %+v, the record %+v", r.Number, date, k, g, w)
				}
			}
		}
	}
}
