package diff_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// wordsOf is a text of the words named by the bytes of s, from an
// alphabet of size words ("w0 w3 w1 "), spaces varied by the byte's high
// bits: few words, many repeats, as the diffs that cleanup reshapes.
func wordsOf(s string, size int) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "w%d", int(s[i])%size)
		switch s[i] >> 6 {
		case 0, 1:
			b.WriteByte(' ')
		case 2:
			b.WriteString("  ")
		default:
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Package worddiff's own Myers diff and cleanup give go-diff's diffs and
// similarities, word for word, on texts of few words repeated (where
// the cleanups reshape a diff most) and of many (where anchors split it);
// but for the empty spans go-diff leaves now and then on such texts (never
// on the rules), which worddiff leaves out.
func FuzzWordDiffIsGoDiffs(f *testing.F) {
	f.Add("abcabc", "acbacb", uint8(3))
	f.Add("The creature types are Advisor, Ally, Angel.", "The creature types are Aardwolf, Advisor, Angel, Ape.", uint8(0))
	f.Add(strings.Repeat("xy", 40), strings.Repeat("yx", 41), uint8(2))
	f.Fuzz(func(t *testing.T, a, b string, size uint8) {
		if size > 0 {
			a, b = wordsOf(a, int(size)), wordsOf(b, int(size))
		}
		got, gotSim := worddiff.DiffSimilarity(a, b)
		want, wantSim := diff.GoDiffWords(a, b)
		if want = withoutEmpty(want); !slices.Equal(got, want) || gotSim != wantSim {
			t.Fatalf("%q → %q:\n got %v %v\nwant %v %v", a, b, got, gotSim, want, wantSim)
		}
	})
}

// withoutEmpty is spans without the empty, neighbours of one op joined.
func withoutEmpty(spans []worddiff.Span) []worddiff.Span {
	var out []worddiff.Span
	for _, s := range spans {
		switch k := len(out); {
		case s.Text == "":
		case k > 0 && out[k-1].Op == s.Op:
			out[k-1].Text += s.Text
		default:
			out = append(out, s)
		}
	}
	return out
}

// book is the rule book of the corpus's English releases, read once for
// the package's tests (shared: not to be changed).
var book struct {
	once sync.Once
	b    *rulebook.Book
	err  error
}

func corpusBook(t testing.TB) *rulebook.Book {
	t.Helper()
	releases := corpus.Releases(t) // skips without the corpus
	book.once.Do(func() {
		b := &rulebook.Book{Lang: "en"}
		for _, r := range releases {
			w, err := crtext.ReadWhole(corpus.Read(t, strings.ReplaceAll(r.Date, "-", "")))
			if err == nil {
				err = b.Add(w)
			}
			if err != nil {
				book.err = fmt.Errorf("%s: %w", r.Date, err)
				return
			}
		}
		book.b = b
	})
	if book.err != nil {
		t.Fatal(book.err)
	}
	return book.b
}

// textPair is a rule's text in one release and the next.
type textPair struct{ old, cur string }

// changedRules are the texts of every rule that changed from one
// recorded release to the next, under its number or a new one (the
// pairing's moves), each pair once.
func changedRules(t testing.TB) []textPair {
	b := corpusBook(t)
	seen := map[textPair]bool{}
	var out []textPair
	for i := 1; i < len(b.Releases); i++ {
		old, cur := b.Texts(b.Releases[i-1].Date), b.Texts(b.Releases[i].Date)
		pairs := map[string]string{}
		for n := range cur {
			if _, ok := old[n]; ok {
				pairs[n] = n
			}
		}
		for _, m := range b.Pairing(i).Moves {
			pairs[m.From] = m.To
		}
		for _, from := range slices.Sorted(maps.Keys(pairs)) {
			p := textPair{old[from], cur[pairs[from]]}
			if p.old != p.cur && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// Package worddiff's diffs are go-diff's on every rule that changed from
// one recorded release to the next: the golden files and the pairings
// built on them do not move.
func TestWordDiffIsGoDiffsOnEveryRelease(t *testing.T) {
	pairs := changedRules(t)
	differ := 0
	for _, p := range pairs {
		got, gotSim := worddiff.DiffSimilarity(p.old, p.cur)
		want, wantSim := diff.GoDiffWords(p.old, p.cur)
		if !slices.Equal(got, want) || gotSim != wantSim {
			differ++
			t.Errorf("%q → %q:\n got %v %v\nwant %v %v", p.old, p.cur, got, gotSim, want, wantSim)
		}
	}
	t.Logf("%d changed rules diffed, %d diffs differ from go-diff's", len(pairs), differ)
}

// BenchmarkWordDiff diffs every rule that changed from one recorded
// release to the next (one op: all of them) with package worddiff,
// beside the same word diff built on go-diff (diffmatchpatch's Myers
// diff and semantic cleanup), which gives the same diffs.
func BenchmarkWordDiff(b *testing.B) {
	pairs := changedRules(b)
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pairs {
				worddiff.DiffSimilarity(p.old, p.cur)
			}
		}
	})
	b.Run("impl=baseline=go-diff", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pairs {
				diff.GoDiffWords(p.old, p.cur)
			}
		}
	})
}
