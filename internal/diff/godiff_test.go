package diff

import (
	"sort"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mtgrules/crgen/internal/worddiff"
)

// The word diff as it was built on go-diff (diffmatchpatch's Myers diff
// and semantic cleanup, anchored on the words occurring once), kept as
// the reference package worddiff's own Myers diff and cleanup must give
// the same diffs as, and as the baseline of its benchmark.

// goDiffWords is the word diff and similarity of a and b by go-diff.
func goDiffWords(a, b string) ([]worddiff.Span, float64) {
	index := make(map[string]rune, (len(a)+len(b))/16)
	var words []string
	encode := func(s string) []rune {
		rs := make([]rune, 0, len(s)/6)
		for t := range worddiff.Words(s) {
			r, ok := index[t]
			if !ok {
				r = rune(goFirstWord + len(words)) // private use plane: never a real character
				index[t] = r
				words = append(words, t)
			}
			rs = append(rs, r)
		}
		return rs
	}
	ra, rb := encode(a), encode(b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // deterministic: no time-dependent shortcuts
	diffs := dmp.DiffCleanupSemantic(goAnchoredDiff(dmp, ra, rb, len(words)))
	// Every span is a piece of a (kept or deleted words) or of b (inserted
	// ones): sliced, not rebuilt word by word.
	var out []worddiff.Span
	common, total := 0, 0
	pa, pb := 0, 0
	for _, d := range diffs {
		size, n := 0, 0
		for _, r := range d.Text {
			size += len(words[r-goFirstWord])
			n++
		}
		var op worddiff.Op
		var text string
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op, text = worddiff.Insert, b[pb:pb+size]
			pb += size
			total += n
		case diffmatchpatch.DiffDelete:
			op, text = worddiff.Delete, a[pa:pa+size]
			pa += size
			total += n
		default:
			op, text = worddiff.Equal, a[pa:pa+size]
			pa += size
			pb += size
			common += 2 * n
			total += 2 * n
		}
		if k := len(out); k > 0 && out[k-1].Op == op {
			// Contiguous in its text: the two pieces are one slice.
			src, end := a, pa
			if op == worddiff.Insert {
				src, end = b, pb
			}
			out[k-1].Text = src[end-len(out[k-1].Text)-len(text) : end]
			continue
		}
		out = append(out, worddiff.Span{Op: op, Text: text})
	}
	if total == 0 {
		return out, 0
	}
	return out, float64(common) / float64(total)
}

// goFirstWord is the rune of the first distinct word of goDiffWords.
const goFirstWord = 0xF0000

// goAnchoredDiff diffs two word strings in O(n log n) for the texts of the
// rules, whose lists are hundreds of distinct words: the words that occur
// once in each text and in the same order (their longest increasing run,
// found by patience sorting) are kept as they are, and only the gaps
// between them go to go-diff's Myers diff, whose O(n·d) time made a diff
// of lists a hundred times longer take seconds. Texts without such words
// go to Myers whole.
func goAnchoredDiff(dmp *diffmatchpatch.DiffMatchPatch, a, b []rune, words int) []diffmatchpatch.Diff {
	// Runs of one kind are merged as they come, their runes gathered and
	// turned into text once (go-diff's DiffCleanupMerge splices, and
	// string concatenation copies, both in quadratic time).
	type run struct {
		op diffmatchpatch.Operation
		rs []rune
	}
	var runs []run
	add := func(op diffmatchpatch.Operation, rs []rune) {
		switch n := len(runs); {
		case len(rs) == 0:
		case n > 0 && runs[n-1].op == op:
			runs[n-1].rs = append(runs[n-1].rs, rs...)
		default:
			runs = append(runs, run{op, append([]rune(nil), rs...)})
		}
	}
	// Short texts go to Myers whole: anchoring them costs more than it
	// saves.
	if len(a)+len(b) <= goSmallDiff {
		return dmp.DiffMainRunes(a, b, false)
	}
	u := newGoUniqueCommon(words)
	var walk func(a, b []rune)
	walk = func(a, b []rune) {
		p := 0
		for p < len(a) && p < len(b) && a[p] == b[p] {
			p++
		}
		q := 0
		for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
			q++
		}
		add(diffmatchpatch.DiffEqual, a[:p])
		ma, mb := a[p:len(a)-q], b[p:len(b)-q]
		switch anchors := u.find(ma, mb); {
		case len(ma) == 0:
			add(diffmatchpatch.DiffInsert, mb)
		case len(mb) == 0:
			add(diffmatchpatch.DiffDelete, ma)
		case len(anchors) == 0 && len(ma)+len(mb) > goMaxMyers:
			// No word in common once each: whole passages rewritten. A
			// deletion and an insertion say so in linear time.
			add(diffmatchpatch.DiffDelete, ma)
			add(diffmatchpatch.DiffInsert, mb)
		case len(anchors) == 0:
			for _, d := range dmp.DiffMainRunes(ma, mb, false) {
				add(d.Type, []rune(d.Text))
			}
		default:
			i, j := 0, 0
			for _, an := range anchors {
				walk(ma[i:an[0]], mb[j:an[1]])
				add(diffmatchpatch.DiffEqual, ma[an[0]:an[0]+1])
				i, j = an[0]+1, an[1]+1
			}
			walk(ma[i:], mb[j:])
		}
		add(diffmatchpatch.DiffEqual, a[len(a)-q:])
	}
	walk(a, b)
	out := make([]diffmatchpatch.Diff, len(runs))
	for i, r := range runs {
		out[i] = diffmatchpatch.Diff{Type: r.op, Text: string(r.rs)}
	}
	return out
}

// goSmallDiff is the most words two texts may have together to be diffed
// by Myers alone, where anchoring costs more than it saves.
const goSmallDiff = 64

// goMaxMyers is the most words a gap without anchors may have for Myers'
// diff, quadratic in the worst case; a rule is a few hundred words.
const goMaxMyers = 2000

// goUniqueCommon finds anchors. Words are runes numbered from goFirstWord, so
// its counters are slices indexed by word, reused from gap to gap.
type goUniqueCommon struct {
	na, nb, ib []int32
}

func newGoUniqueCommon(words int) *goUniqueCommon {
	return &goUniqueCommon{na: make([]int32, words), nb: make([]int32, words), ib: make([]int32, words)}
}

// find returns, as index pairs in order, the longest run of words that
// occur exactly once in a and once in b, in the same order in both.
func (u *goUniqueCommon) find(a, b []rune) [][2]int {
	for _, r := range a {
		u.na[r-goFirstWord]++
	}
	for j, r := range b {
		u.nb[r-goFirstWord]++
		u.ib[r-goFirstWord] = int32(j)
	}
	var pairs [][2]int
	for i, r := range a {
		if w := r - goFirstWord; u.na[w] == 1 && u.nb[w] == 1 {
			pairs = append(pairs, [2]int{i, int(u.ib[w])})
		}
	}
	for _, r := range a {
		u.na[r-goFirstWord] = 0
	}
	for _, r := range b {
		u.nb[r-goFirstWord] = 0
	}
	// Patience sorting: the longest run of pairs increasing in b.
	var tops []int // index into pairs of the smallest tail of each length
	prev := make([]int, len(pairs))
	for k, pr := range pairs {
		n := sort.Search(len(tops), func(t int) bool { return pairs[tops[t]][1] > pr[1] })
		if n > 0 {
			prev[k] = tops[n-1]
		} else {
			prev[k] = -1
		}
		if n == len(tops) {
			tops = append(tops, k)
		} else {
			tops[n] = k
		}
	}
	if len(tops) == 0 {
		return nil
	}
	run := make([][2]int, len(tops))
	for k, n := tops[len(tops)-1], len(tops)-1; k >= 0; k, n = prev[k], n-1 {
		run[n] = pairs[k]
	}
	return run
}
