// Package worddiff diffs two texts word by word, and says how a text
// changed: not at all, in typography, in the rule numbers it cites, or in
// its words. It is what the pipeline (internal/diff, internal/rulebook)
// and the reader of the rules (generated/ruletext) share, so that both
// diff and classify alike; it imports the standard library only.
//
// A word is a run of characters that are not spaces with the spaces
// after it (Words), so the spans of a diff slice the texts back whole.
// The diff maps each distinct word to a number, keeps the words that occur
// once in each text and in the same order as anchors (patience diff),
// diffs the gaps between them with Myers' O(ND) algorithm and cleans the
// result up for people (merging, semantic cleanup): the algorithms of
// Google's diff-match-patch as go-diff implements them (see NOTICE), on
// words instead of characters, with go-diff's output.
package worddiff

import (
	"errors"
	"strconv"
	"sync"
)

// Op is what a span of a diff does with its words.
type Op byte

const (
	Equal  Op = '=' // kept: in both texts
	Insert Op = '+' // only in the second text
	Delete Op = '-' // only in the first text
)

func (o Op) String() string { return string(rune(o)) }

// MarshalText writes the op as its sign ("=", "+", "-").
func (o Op) MarshalText() ([]byte, error) {
	switch o {
	case Equal, Insert, Delete:
		return []byte{byte(o)}, nil
	}
	return nil, errors.New("worddiff: no op " + strconv.QuoteRune(rune(o)))
}

// UnmarshalText reads an op's sign.
func (o *Op) UnmarshalText(b []byte) error {
	if len(b) == 1 {
		switch op := Op(b[0]); op {
		case Equal, Insert, Delete:
			*o = op
			return nil
		}
	}
	return errors.New("worddiff: " + strconv.Quote(string(b)) + ` is no op: want "=", "+" or "-"`)
}

// Span is a run of words that a diff keeps, inserts or deletes.
type Span struct {
	Op   Op     `json:"op"`
	Text string `json:"text"`
}

// Diff is the word diff of a and b: the texts of its Equal and Delete
// spans, joined, are a; of its Equal and Insert spans, b. Each span's
// text is a slice of a or b: a diff allocates the spans and nothing else
// (its working memory is reused from diff to diff).
func Diff(a, b string) []Span {
	spans, _ := DiffSimilarity(a, b)
	return spans
}

// DiffSimilarity is Diff with the similarity of the texts: the share of
// their words the diff keeps, twice the words kept over the words of
// both (1 for equal texts, 0 for nothing shared or two empty texts).
func DiffSimilarity(a, b string) ([]Span, float64) {
	d := differs.Get().(*differ)
	defer differs.Put(d)
	return d.diff(a, b)
}

// Similarity is the similarity of DiffSimilarity with words compared as
// TypographyKey compares texts: the same words in other quotes, dashes,
// italics or spacing after them are the same words. It is what pairs a
// rule with its next printing.
func Similarity(a, b string) float64 {
	d := differs.Get().(*differ)
	defer differs.Put(d)
	d.fold = true
	d.a, d.b = a, b
	d.number()
	d.out = d.out[:0]
	d.anchored()
	d.cleanupSemantic()
	kept := 0
	for _, e := range d.out {
		if e.op == Equal {
			kept += e.n
		}
	}
	d.reset()
	if n := len(d.wa) + len(d.wb); n > 0 {
		return float64(2*kept) / float64(n)
	}
	return 0
}

var differs = sync.Pool{New: func() any { return new(differ) }}

// differ is the working memory of one diff.
type differ struct {
	a, b       string
	fold       bool    // words compared as TypographyKey folds them
	wa, wb     []int32 // each word of a and b as the number of its text
	offA, offB []int32 // where each word of a and b begins, and the text's end
	words      []string
	slots      []int32 // hash table: a word's number plus one, 0 for none
	out        []edit
	// Scratch of the algorithms.
	v                 []int
	na, nb, ib        []int32
	pairs, anchors    [][2]int
	tops, prev, table []int
	equalities        []int
}

// edit is a span of the diff in words: op, where it begins in a and b
// (a deletion or insertion begins in the other text where the next span
// does) and how many words it has. Every step of the algorithms keeps
// the spans in order, so their texts are known from those positions.
type edit struct {
	op   Op
	a, b int
	n    int
}

// end is where in a and b the span ends.
func (e edit) end() (int, int) {
	switch e.op {
	case Insert:
		return e.a, e.b + e.n
	case Delete:
		return e.a + e.n, e.b
	}
	return e.a + e.n, e.b + e.n
}

// word is the i-th word of the span's text.
func (d *differ) word(e edit, i int) int32 {
	if e.op == Insert {
		return d.wb[e.b+i]
	}
	return d.wa[e.a+i]
}

func (d *differ) diff(a, b string) ([]Span, float64) {
	d.a, d.b = a, b
	d.number()
	d.out = d.out[:0]
	d.anchored()
	d.cleanupSemantic()
	spans, sim := d.spans()
	d.reset()
	return spans, sim
}

// reset readies d for the next diff, keeping its memory but not the
// texts, which are the caller's.
func (d *differ) reset() {
	d.a, d.b, d.fold = "", "", false
	clear(d.words)
	d.words = d.words[:0]
}

// spans are the edits as slices of the texts, neighbours of one op
// joined, and the similarity. go-diff's cleanups leave an empty edit
// now and then (a deletion of nothing between two equalities, on texts
// of a few words repeated; never on the rules): it says nothing, and is
// left out.
func (d *differ) spans() ([]Span, float64) {
	n, kept, last := 0, 0, Op(0)
	for _, e := range d.out {
		if e.n > 0 && e.op != last {
			n, last = n+1, e.op
		}
		if e.op == Equal {
			kept += e.n
		}
	}
	var out []Span
	if n > 0 {
		out = make([]Span, 0, n)
	}
	for _, e := range d.out {
		if e.n == 0 {
			continue
		}
		text, off, from := d.a, d.offA, e.a
		if e.op == Insert {
			text, off, from = d.b, d.offB, e.b
		}
		begin, end := int(off[from]), int(off[from+e.n])
		if k := len(out); k > 0 && out[k-1].Op == e.op {
			// Contiguous in its text: the two pieces are one slice.
			out[k-1].Text = text[end-len(out[k-1].Text)-(end-begin) : end]
			continue
		}
		out = append(out, Span{Op: e.op, Text: text[begin:end]})
	}
	total := len(d.wa) + len(d.wb)
	if total == 0 {
		return out, 0
	}
	return out, float64(2*kept) / float64(total)
}
