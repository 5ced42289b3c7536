package worddiff

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

func TestDiff(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want []Span
	}{
		{"Creatures and tribals share their lists of subtypes.", "Creatures and kindreds share their lists of subtypes.",
			[]Span{{Equal, "Creatures and "}, {Delete, "tribals "}, {Insert, "kindreds "}, {Equal, "share their lists of subtypes."}}},
		// Spaces belong to the word before them.
		{"See rule 117.5.", "See  rule 117.5.", []Span{{Delete, "See "}, {Insert, "See  "}, {Equal, "rule 117.5."}}},
		{"", "Trample", []Span{{Insert, "Trample"}}},
		{"Trample", "", []Span{{Delete, "Trample"}}},
		{"", "", nil},
		// An equality no longer than the edits around it is no equality.
		{"a b c d", "x b y d", []Span{{Delete, "a b c "}, {Insert, "x b y "}, {Equal, "d"}}},
	} {
		if got := Diff(c.a, c.b); !slices.Equal(got, c.want) {
			t.Errorf("Diff(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

// Whatever two texts, the diff gives both back, with no empty span and
// no two neighbours of one op, and its similarity is the share of words
// it keeps.
func FuzzDiff(f *testing.F) {
	f.Add("The creature types are Advisor, Ally, Angel.", "The creature types are Aardwolf, Advisor, Angel, Ape.")
	f.Add("a b a b a b", "b a b a b a")
	f.Add(strings.Repeat("x y ", 300), strings.Repeat("y x ", 300))
	f.Add("Urza’s  Tower", "Urza's Tower\u00a0")
	f.Add("  leading spaces", "leading  spaces  ")
	f.Add("w0 w0 w0 w0  w0 w0 w0 w0 w0\nw0  w0  w0\nw0 w0  w0 w0\nw0 w0 w0 w0 ", "w0 w0  w0\nw0 w0 w0\nw0 w0 w0  w0 ") // go-diff leaves empty spans
	f.Fuzz(func(t *testing.T, a, b string) {
		spans, sim := DiffSimilarity(a, b)
		var ra, rb strings.Builder
		kept := 0
		for i, s := range spans {
			if s.Text == "" || i > 0 && spans[i-1].Op == s.Op {
				t.Fatalf("diff of %q and %q: %q: an empty span or two of one op", a, b, spans)
			}
			switch s.Op {
			case Equal:
				kept += CountWords(s.Text)
				ra.WriteString(s.Text)
				rb.WriteString(s.Text)
			case Delete:
				ra.WriteString(s.Text)
			case Insert:
				rb.WriteString(s.Text)
			default:
				t.Fatalf("op %q", s.Op)
			}
		}
		if ra.String() != a || rb.String() != b {
			t.Fatalf("diff of %q and %q gives back %q and %q", a, b, ra.String(), rb.String())
		}
		want := 0.0
		if n := CountWords(a) + CountWords(b); n > 0 {
			want = float64(2*kept) / float64(n)
		}
		if sim != want || sim < 0 || sim > 1 || a == b && a != "" && sim != 1 {
			t.Errorf("diff of %q and %q: similarity %v, want %v", a, b, sim, want)
		}
	})
}

// A diff allocates the spans it returns and nothing else.
func TestDiffAllocatesOnlyItsSpans(t *testing.T) {
	a := "Creatures and tribals share their lists of subtypes; these subtypes are called creature types. " + strings.Repeat("Advisor, Aetherborn, Ally, ", 30)
	b := "Creatures and kindreds share their lists of subtypes; these subtypes are called creature types. " + strings.Repeat("Advisor, Aetherborn, Alien, Ally, ", 30)
	Diff(a, b) // the working memory, once
	if n := testing.AllocsPerRun(100, func() { Diff(a, b) }); n != 1 {
		t.Errorf("a diff of two lists: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { Diff("", "") }); n != 0 {
		t.Errorf("a diff of nothing: %v allocations, want 0", n)
	}
}

func TestWords(t *testing.T) {
	for s, want := range map[string][]string{
		"Creatures and  tribals\nshare": {"Creatures ", "and  ", "tribals\n", "share"},
		"  two\u00a0words ":             {"  ", "two\u00a0", "words "},
		"":                              nil,
	} {
		if got := Tokenize(s); !slices.Equal(got, want) || CountWords(s) != len(want) {
			t.Errorf("Tokenize(%q) = %q (%d words), want %q", s, got, CountWords(s), want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want Class
	}{
		{"See rule 117.5.", "See rule 117.5.", Same},
		{"Urza's Tower", "Urza’s  Tower", Typography},
		// Dashes, the spaces around them and italics (2015-01-23).
		{`"Choose one -- ," "Choose two -- ,"`, "“Choose one —,” “Choose two —,”", Typography},
		{"Cumulative upkeep--Pay {1}.", "Cumulative upkeep — Pay {1}.", Typography},
		{"the _Magic_ game", "the Magic game", Typography},
		{"illegal ; see rule 601.2e-g.", "illegal; see rule 601.2e–g.", Typography},
		{"See rule 117.5.", "See rule 118.5.", Reference},
		{"See rules 702.19a–b.", "See rules 702.20a–b.", Reference},
		// A range of rules cited (601.2e–g → 601.2f–h, 2021-06-18).
		{"described in rules 601.2e–g.", "described in rules 601.2f–h.", Reference},
		// Words run together are no typography.
		{"any one creature", "anyone creature", Reworded},
		// A real change in the same words is no change of references.
		{"See rule 117.5.", "See rule 117.6 and 118.", Reworded},
		{"Creatures and tribals share", "Creatures and kindreds share", Reworded},
	} {
		if got := Classify(c.a, c.b); got != c.want {
			t.Errorf("Classify(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

func TestOpText(t *testing.T) {
	b, err := json.Marshal([]Span{{Equal, "a "}, {Insert, "b"}, {Delete, "c"}})
	if want := `[{"op":"=","text":"a "},{"op":"+","text":"b"},{"op":"-","text":"c"}]`; err != nil || string(b) != want {
		t.Errorf("JSON %s, %v; want %s", b, err, want)
	}
	var spans []Span
	if err := json.Unmarshal(b, &spans); err != nil || len(spans) != 3 || spans[2].Op != Delete {
		t.Errorf("read back %v, %v", spans, err)
	}
	if err := json.Unmarshal([]byte(`[{"op":"*","text":"a"}]`), &spans); err == nil || !strings.Contains(err.Error(), `"*" is no op`) {
		t.Errorf("an unknown op: %v", err)
	}
	if _, err := json.Marshal(Span{Op: 'x'}); err == nil {
		t.Error("an unknown op written")
	}
}

// ruleNumber is the regular expression ReferenceKey and RuleNumbers
// scan for by hand.
var ruleNumber = regexp.MustCompile(`\b[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?(?:[-–—](?:[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?|\d{1,3}[a-z]?|[a-z]))?\b`)

// ReferenceKey and RuleNumbers find what the regular expression finds.
func FuzzReferenceKey(f *testing.F) {
	for _, s := range []string{
		"See rule 117.5.", "rules 702.19a–b and 205.3", "117.52b3", "1234 123 0123 100.1a.", "é117.5x", "701.47d_", "601.2f,g",
		"205.3mm", "999.", "100.1234", "x100.1 100.1b2 100.12c",
		"601.2e–g.", "301.5a-d ", "100–199", "702.19a—702.19c", "601.2e–gh", "601.2e-12b", "117.5-", "608.2c–k and 608.2m",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := ReferenceKey(s), ruleNumber.ReplaceAllString(s, ReferenceMark); got != want {
			t.Errorf("ReferenceKey(%q) = %q, want %q", s, got, want)
		}
		if got, want := RuleNumbers(s), ruleNumber.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Errorf("RuleNumbers(%q) = %q, want %q", s, got, want)
		}
	})
}

// foldedWords is s with each word folded as Similarity compares words,
// written as a word of its own ("x" and the folded word), one space after.
func foldedWords(s string) string {
	var b strings.Builder
	for w := range Words(s) {
		b.WriteString("x")
		w = strings.TrimRightFunc(w, unicode.IsSpace)
		for r, i := nextFolded(w, 0); r >= 0; r, i = nextFolded(w, i) {
			b.WriteRune(r)
		}
		b.WriteString(" ")
	}
	return b.String()
}

// Similarity is DiffSimilarity's of the texts with their words folded.
func FuzzSimilarity(f *testing.F) {
	f.Add("Choose one -- \"Flying\"", "Choose one — “Flying”")
	f.Add("_Magic_ cards", "Magic  cards")
	f.Add("a b a b", "b a b a")
	f.Add("  x_ - y", "x--y")
	f.Fuzz(func(t *testing.T, a, b string) {
		_, want := DiffSimilarity(foldedWords(a), foldedWords(b))
		if got := Similarity(a, b); got != want {
			t.Errorf("Similarity(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}

// TypographyKey folds what it folds once: its key is its own key, without
// two spaces, a space at either end, or a curly quote.
func FuzzTypographyKey(f *testing.F) {
	for _, s := range []string{"Choose one -- ,", "“Choose one —,”", " _Magic_  game ", "a - b", "(  x )", "−1/−1", "it’s", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := TypographyKey(s)
		if again := TypographyKey(k); again != k {
			t.Fatalf("TypographyKey(%q) = %q, and again %q", s, k, again)
		}
		if strings.Contains(k, "  ") || strings.HasPrefix(k, " ") || strings.HasSuffix(k, " ") || strings.ContainsAny(k, "’‘“”—–_") {
			t.Errorf("TypographyKey(%q) = %q: left something to fold", s, k)
		}
		if Classify(s, k) != Same && Classify(s, k) != Typography {
			t.Errorf("%q and its key %q: %s", s, k, Classify(s, k))
		}
	})
}
