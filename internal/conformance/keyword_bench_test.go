package conformance

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// regexpReader is what a card database writes instead of reading each
// keyword by its rule: a table of names, with regular expressions, as
// MTGJSON's and most engines' keyword fields are made. Three expressions
// compiled once, each an alternation of every name of its kind in lower
// case, the longest first, matched on the text lowered once (Go's
// regexp is several times slower on (?i)): abilities at the head of a
// line or after a comma of one, with whatever follows up to the next
// comma as their argument; ability words before " — " at the head of a
// line; actions as whole words anywhere. It knows the names the package
// knows as of a release, not their forms.
type regexpReader struct {
	abilities, words, actions *regexp.Regexp
}

func newRegexpReader(asOf string) *regexpReader {
	alt := func(names []string) string {
		slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
		for i, n := range names {
			names[i] = regexp.QuoteMeta(n)
		}
		return strings.Join(names, "|")
	}
	var abilities, words, actions []string
	as, _ := keyword.AbilityValuesAsOf(asOf)
	for _, v := range as {
		abilities = append(abilities, strings.ToLower(v.String()))
	}
	ws, _ := keyword.AbilityWordValuesAsOf(asOf)
	for _, v := range ws {
		words = append(words, strings.ToLower(v.String()))
	}
	acts, _ := keyword.ActionValuesAsOf(asOf)
	for _, v := range acts {
		n := strings.ToLower(v.String())
		actions = append(actions, n, n+"s", n+"es", n+"ed", n+"d", n+"ing")
	}
	return &regexpReader{
		abilities: regexp.MustCompile(`(?m)(?:^|, |; )(` + alt(abilities) + `)\b([^,;(\n]*)`),
		words:     regexp.MustCompile(`(?m)^(` + alt(words) + `) —`),
		actions:   regexp.MustCompile(`\b(` + alt(actions) + `)\b`),
	}
}

// read appends to dst each keyword the expressions match: its name, as a
// submatch of text (lower case is as long as the text: ASCII names).
func (r *regexpReader) read(text string, dst []string) []string {
	lower := strings.ToLower(text)
	for _, re := range []*regexp.Regexp{r.abilities, r.words, r.actions} {
		for _, m := range re.FindAllStringSubmatchIndex(lower, -1) {
			if len(lower) == len(text) {
				dst = append(dst, text[m[2]:m[3]])
			} else {
				dst = append(dst, lower[m[2]:m[3]])
			}
		}
	}
	return dst
}

// mapReader is the zero-allocation scanner a card database could write
// instead: maps of every name in lower case (abilities, ability words,
// each action's verb as it inflects), looked up with the words of a line
// lowered into a stack buffer; a line's items split at commas and
// semicolons, an item's ability its first one, two or three words. It
// finds names, not forms or parameters.
type mapReader struct {
	abilities, words, verbs map[string]bool
}

func newMapReader(asOf string) *mapReader {
	r := &mapReader{abilities: map[string]bool{}, words: map[string]bool{}, verbs: map[string]bool{}}
	as, _ := keyword.AbilityValuesAsOf(asOf)
	for _, v := range as {
		r.abilities[strings.ToLower(v.String())] = true
	}
	ws, _ := keyword.AbilityWordValuesAsOf(asOf)
	for _, v := range ws {
		r.words[strings.ToLower(v.String())] = true
	}
	acts, _ := keyword.ActionValuesAsOf(asOf)
	for _, v := range acts {
		n := strings.ToLower(v.String())
		for _, f := range []string{n, n + "s", n + "es", n + "ed", n + "d", n + "ing"} {
			r.verbs[f] = true
		}
	}
	return r
}

// lookup reports whether m holds s in lower case, lowered into buf.
func lookup(m map[string]bool, s string, buf *[64]byte) bool {
	if len(s) > len(buf) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return m[string(buf[:len(s)])]
}

// read returns how many keywords the maps find in text, scanning it in
// place.
func (r *mapReader) read(text string) int {
	var buf [64]byte
	n := 0
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if d := strings.Index(line, " — "); d > 0 && lookup(r.words, line[:d], &buf) {
			n++
		}
		// Each item of a keyword line: its first one, two or three words.
		for item := line; item != ""; {
			end := strings.IndexAny(item, ",;")
			head := item
			if end >= 0 {
				head, item = item[:end], item[end+1:]
			} else {
				item = ""
			}
			head = strings.TrimSpace(head)
			for e, words := 0, 0; e < len(head) && words < 3; words++ {
				if sp := strings.IndexByte(head[e+1:], ' '); sp < 0 {
					e = len(head)
				} else {
					e += 1 + sp
				}
				if lookup(r.abilities, head[:e], &buf) {
					n++
					break
				}
			}
		}
		// Every word, for the actions.
		for w := 0; w < len(line); {
			for w < len(line) && !isWordByte(line[w]) {
				w++
			}
			e := w
			for e < len(line) && isWordByte(line[e]) {
				e++
			}
			if e > w && lookup(r.verbs, line[w:e], &buf) {
				n++
			}
			w = e
		}
	}
	return n
}

func isWordByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c == '-' || c >= 0x80 }

// The baseline is a real one: it finds what a keyword line names, and
// on the corpus the same keyword abilities by name as the reader on most
// faces (where not, it misses what takes an argument, or reads a line of
// rules text as keywords).
func TestRegexpBaselineReads(t *testing.T) {
	r := newRegexpReader(mtgjsonDate)
	if got := r.read("Flying, vigilance\nLandfall — Scry 2.", nil); !slices.Equal(got, []string{"Flying", "vigilance", "Landfall", "Scry"}) {
		t.Errorf("the baseline reads %q", got)
	}
	faces := textFaces(t)
	same := 0
	kr := kwReader(t, mtgjsonDate)
	for _, f := range faces {
		kr.Name = f.faceName()
		found := kr.Append(nil, f.Text)
		var ours []string
		for _, k := range found {
			if k.Kind == keyword.KindAbility && !slices.Contains(ours, strings.ToLower(k.Name())) {
				ours = append(ours, strings.ToLower(k.Name()))
			}
		}
		var theirs []string
		for _, m := range r.abilities.FindAllStringSubmatch(strings.ToLower(f.Text), -1) {
			if n := strings.ToLower(m[1]); !slices.Contains(theirs, n) {
				theirs = append(theirs, n)
			}
		}
		slices.Sort(ours)
		slices.Sort(theirs)
		if slices.Equal(ours, theirs) {
			same++
		}
	}
	t.Logf("the baseline finds the reader's keyword abilities on %d of %d faces", same, len(faces))
	if same < len(faces)*9/10 {
		t.Errorf("the baseline agrees on %d of %d faces: not the job the reader does", same, len(faces))
	}
}

// BenchmarkKeywords reads the keywords of every face of the corpus's
// card texts (2022, as of MTGJSON's day; 2023-2026, as of the newest
// release), beside the regular expressions and
// the maps of names;
// keywords/op is how many each finds, allocs/keyword the project's
// allocations for each (0: it appends to a slice reused from face to
// face, its parameters slices of the text).
func BenchmarkKeywords(b *testing.B) {
	faces := textFaces(b)
	// Both corpora, the 2023-2026 one for the classes the 2022 cards
	// never printed.
	for _, c := range cardTexts(b) {
		b.Run("input="+c.name+"/impl=project", func(b *testing.B) {
			b.ReportAllocs()
			dst := make([]keyword.Found, 0, 64) // reused face to face: no face of the corpus has 64 keywords
			r := kwReader(b, c.asOf)
			found := 0
			for b.Loop() {
				found = 0
				for _, f := range c.faces {
					r.Name = f.name
					dst = r.Append(dst[:0], f.text)
					found += len(dst)
				}
			}
			b.ReportMetric(float64(found), "keywords/op")
		})
	}
	b.Run("input=cards-text/impl=baseline=name-map", func(b *testing.B) {
		b.ReportAllocs()
		r := newMapReader(mtgjsonDate)
		found := 0
		for b.Loop() {
			found = 0
			for _, f := range faces {
				found += r.read(f.Text)
			}
		}
		b.ReportMetric(float64(found), "keywords/op")
	})
	b.Run("input=cards-text/impl=baseline=regexp-table", func(b *testing.B) {
		b.ReportAllocs()
		r := newRegexpReader(mtgjsonDate)
		var dst []string
		found := 0
		for b.Loop() {
			found = 0
			for _, f := range faces {
				dst = r.read(f.Text, dst[:0])
				found += len(dst)
			}
		}
		b.ReportMetric(float64(found), "keywords/op")
	})
}

// Reading every face of the corpus allocates nothing once the slice it
// appends to has grown: no allocation for any keyword found.
func TestKeywordsOfTheCorpusAllocateNothing(t *testing.T) {
	faces := textFaces(t)
	dst := make([]keyword.Found, 0, 64)
	r := kwReader(t, mtgjsonDate)
	found := 0
	allocs := testing.AllocsPerRun(3, func() {
		found = 0
		for _, f := range faces {
			r.Name = f.faceName()
			dst = r.Append(dst[:0], f.Text)
			found += len(dst)
		}
	})
	if allocs != 0 || found == 0 {
		t.Errorf("%v allocations reading %d keywords of %d faces", allocs, found, len(faces))
	}
}
