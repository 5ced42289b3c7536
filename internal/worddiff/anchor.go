package worddiff

// The rules' texts are lists of hundreds of distinct words: Myers' diff,
// O(n·d), of two lists a hundred times longer took seconds. The words
// that occur once in each text and in the same order (their longest
// increasing run, found by patience sorting) are kept as they are, and
// only the gaps between them go to Myers' diff: O(n log n).

// smallDiff is the most words two texts may have together to be diffed
// by Myers alone, where anchoring costs more than it saves.
const smallDiff = 64

// maxMyers is the most words a gap without anchors may have for Myers'
// diff, quadratic in the worst case; a rule is a few hundred words.
const maxMyers = 2000

// anchored diffs the words of a and b into d.out: runs of one op are
// merged as they come.
func (d *differ) anchored() {
	if len(d.wa)+len(d.wb) <= smallDiff {
		d.main(0, len(d.wa), 0, len(d.wb))
		return
	}
	n := len(d.words)
	d.na, d.nb, d.ib = grow(d.na, n), grow(d.nb, n), grow(d.ib, n)
	clear(d.na)
	clear(d.nb)
	d.walk(0, len(d.wa), 0, len(d.wb))
}

// add appends an edit of n words at a, b, merged with the last if of its
// op.
func (d *differ) add(op Op, a, b, n int) {
	switch k := len(d.out); {
	case n == 0:
	case k > 0 && d.out[k-1].op == op:
		d.out[k-1].n += n
	default:
		d.out = append(d.out, edit{op, a, b, n})
	}
}

// walk diffs words a0..a1 of a and b0..b1 of b: their common ends kept,
// the middle split at its anchors, each gap walked in turn.
func (d *differ) walk(a0, a1, b0, b1 int) {
	p := d.commonPrefix(a0, a1, b0, b1)
	q := d.commonSuffix(a0+p, a1, b0+p, b1)
	d.add(Equal, a0, b0, p)
	ma0, ma1, mb0, mb1 := a0+p, a1-q, b0+p, b1-q
	first := len(d.anchors)
	d.findAnchors(ma0, ma1, mb0, mb1)
	switch last := len(d.anchors); {
	case ma0 == ma1:
		d.add(Insert, ma0, mb0, mb1-mb0)
	case mb0 == mb1:
		d.add(Delete, ma0, mb0, ma1-ma0)
	case first == last && ma1-ma0+mb1-mb0 > maxMyers:
		// No word in common once each: whole passages rewritten. A
		// deletion and an insertion say so in linear time.
		d.add(Delete, ma0, mb0, ma1-ma0)
		d.add(Insert, ma1, mb0, mb1-mb0)
	case first == last:
		start := len(d.out)
		d.main(ma0, ma1, mb0, mb1)
		// Merged into the runs as they come, the empty left out.
		edits := len(d.out)
		d.out = d.out[:start]
		for k := start; k < edits; k++ {
			e := d.out[:edits][k]
			d.add(e.op, e.a, e.b, e.n)
		}
	default:
		i, j := ma0, mb0
		for k := first; k < last; k++ {
			an := d.anchors[k]
			d.walk(i, an[0], j, an[1])
			d.add(Equal, an[0], an[1], 1)
			i, j = an[0]+1, an[1]+1
		}
		d.walk(i, ma1, j, mb1)
	}
	d.anchors = d.anchors[:first]
	d.add(Equal, a1-q, b1-q, q)
}

// findAnchors appends to d.anchors, as positions in order, the longest
// run of words that occur exactly once in a0..a1 and once in b0..b1, in
// the same order in both.
func (d *differ) findAnchors(a0, a1, b0, b1 int) {
	for _, w := range d.wa[a0:a1] {
		d.na[w]++
	}
	for j, w := range d.wb[b0:b1] {
		d.nb[w]++
		d.ib[w] = int32(b0 + j)
	}
	pairs := d.pairs[:0]
	for i, w := range d.wa[a0:a1] {
		if d.na[w] == 1 && d.nb[w] == 1 {
			pairs = append(pairs, [2]int{a0 + i, int(d.ib[w])})
		}
	}
	for _, w := range d.wa[a0:a1] {
		d.na[w] = 0
	}
	for _, w := range d.wb[b0:b1] {
		d.nb[w] = 0
	}
	d.pairs = pairs
	// Patience sorting: the longest run of pairs increasing in b.
	tops := d.tops[:0] // index into pairs of the smallest tail of each length
	prev := grow(d.prev, len(pairs))
	for k, pr := range pairs {
		lo, hi := 0, len(tops) // the first top past pr in b
		for lo < hi {
			if m := int(uint(lo+hi) >> 1); pairs[tops[m]][1] > pr[1] {
				hi = m
			} else {
				lo = m + 1
			}
		}
		prev[k] = -1
		if lo > 0 {
			prev[k] = tops[lo-1]
		}
		if lo == len(tops) {
			tops = append(tops, k)
		} else {
			tops[lo] = k
		}
	}
	d.tops, d.prev = tops, prev
	if len(tops) == 0 {
		return
	}
	first := len(d.anchors)
	d.anchors = append(d.anchors, make([][2]int, len(tops))...)
	for k, n := tops[len(tops)-1], len(tops)-1; k >= 0; k, n = prev[k], n-1 {
		d.anchors[first+n] = pairs[k]
	}
}
