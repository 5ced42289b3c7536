package extract

import (
	"strings"
	"testing"
)

// indexCases are phrases the readers look for, in texts that hold them
// once, twice, at either end, overlapping themselves, or only in part.
var indexCases = []struct{ s, substr string }{
	{"", ""},
	{"abc", ""},
	{"", "a"},
	{"a", "a"},
	{"ab", "abc"},
	{"Suspected is a designation a permanent can have.", " is a designation"},
	{"It is a designatio", " is a designation"},
	{" is a designation", " is a designation"},
	{"x is a designation is a designation", " is a designation"},
	{"“Ward [cost]” means “Whenever", "“"},
	{"“Ward [cost]” means “Whenever", "”"},
	{"“Ward [cost]” means", " means "},
	{"Ward [cost] means", " means "},
	{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "aab"},
	{"abababababababababababababababababababababababababac", "abac"},
	{strings.Repeat("gg ", 200) + "designation", "designation"},
	{strings.Repeat("gg ", 200) + "designatio", "designation"},
	{strings.Repeat("e ", 300) + "the end", " end"},
	{"It has a nonstandard layout and includes station symbols that are themselves keyword abilities. See rule 721.", "symbols that are themselves keyword abilities"},
	{"To amass [subtype] N means", " N "},
	{"rules 601.2b and 601.2f–h", "–h"},
}

func TestIndexIsStringsIndex(t *testing.T) {
	for _, c := range indexCases {
		if got, want := newNeedle(c.substr).index(c.s), strings.Index(c.s, c.substr); got != want {
			t.Errorf("index(%q, %q) = %d; strings.Index says %d", c.s, c.substr, got, want)
		}
	}
}

// The rarest byte of a phrase is a letter the rules' text seldom holds, a
// byte of a curly quote, a capital: the last of them where several tie.
func TestRarest(t *testing.T) {
	for substr, want := range map[string]byte{
		" is a designation": 'g',
		" means ":           'm',
		"“":                 0x9C,
		"”":                 0x9D,
		" N ":               'N',
		"symbols that are themselves keyword abilities": 'k',
		"variant": 'v',
	} {
		if got := substr[rarest(substr)]; got != want {
			t.Errorf("rarest(%q) is %q, want %q", substr, got, want)
		}
	}
}

func FuzzIndex(f *testing.F) {
	for _, c := range indexCases {
		f.Add(c.s, c.substr)
	}
	f.Fuzz(func(t *testing.T, s, substr string) {
		if got, want := newNeedle(substr).index(s), strings.Index(s, substr); got != want {
			t.Errorf("index(%q, %q) = %d; strings.Index says %d", s, substr, got, want)
		}
	})
}

// needles.in is strings.Contains of any of them: on the texts above, by
// each set the readers use and by pairs of the phrases above.
func TestNeedlesAreAnyContains(t *testing.T) {
	sets := [][]string{
		{"\"", "\x93", openQuote, closeQuote},
		{"means", "written", "variant", "in the form", "special form", " as “", " as \"", " as \x93", "]”", "]\"", "]\x94"},
		{" N ", " N,", " N."},
	}
	for _, c := range indexCases {
		if c.substr != "" {
			sets = append(sets, []string{c.substr, "aab"}, []string{c.substr, "gg"})
		}
	}
	texts := []string{"To amass [subtype] N means", "Ward N, then", "“bands with other [quality]”", "appears as “[type]walk,”", strings.Repeat("m", 300) + "means"}
	for _, c := range indexCases {
		texts = append(texts, c.s)
	}
	for _, set := range sets {
		ns := newNeedles(set...)
		for _, s := range texts {
			want := false
			for _, p := range set {
				want = want || strings.Contains(s, p)
			}
			if got := ns.in(s); got != want {
				t.Errorf("needles %q in %q: %v, strings.Contains of any says %v", set, s, got, want)
			}
		}
	}
}

func FuzzNeedles(f *testing.F) {
	for _, c := range indexCases {
		f.Add(c.s, c.substr, "gg")
	}
	f.Fuzz(func(t *testing.T, s, a, b string) {
		if a == "" || b == "" {
			return // a needle is a phrase
		}
		if got, want := newNeedles(a, b).in(s), strings.Contains(s, a) || strings.Contains(s, b); got != want {
			t.Errorf("needles %q, %q in %q: %v; strings.Contains of either says %v", a, b, s, got, want)
		}
	})
}

// sentenceHead is the definition: what follows the last ". ", when that
// has fewer than max spaces.
func TestSentenceHead(t *testing.T) {
	for _, text := range []string{"", "Ward", "Ward [cost]", "The card. Ward [cost]", "a. b. c", ". x", "x. ", "one two three four five six", "one two three four five", "It is. one two three four five six", " lead", "trail ", "a.b c"} {
		want := text
		if s := strings.LastIndex(text, ". "); s >= 0 {
			want = text[s+2:]
		}
		wok := strings.Count(want, " ") < 6
		got, ok := sentenceHead(text, 6)
		if ok != wok || ok && got != want {
			t.Errorf("sentenceHead(%q) = %q, %v; want %q, %v", text, got, ok, want, wok)
		}
	}
}
