package worddiff

import "slices"

// Myers' diff as diff-match-patch writes it (diff_main, diff_compute,
// diff_bisect, diff_cleanupMerge), ported from go-diff v1.4.0 (MIT, see
// NOTICE) with no deadline and no half-match (go-diff skips it without
// one): on word numbers, with spans as positions in the texts, not as
// copies of them.

// main appends to d.out the diff of words a0..a1 of a and b0..b1 of b.
func (d *differ) main(a0, a1, b0, b1 int) {
	if slices.Equal(d.wa[a0:a1], d.wb[b0:b1]) {
		if a1 > a0 {
			d.out = append(d.out, edit{Equal, a0, b0, a1 - a0})
		}
		return
	}
	start := len(d.out)
	p := d.commonPrefix(a0, a1, b0, b1)
	s := d.commonSuffix(a0+p, a1, b0+p, b1)
	if p > 0 {
		d.out = append(d.out, edit{Equal, a0, b0, p})
	}
	d.compute(a0+p, a1-s, b0+p, b1-s)
	if s > 0 {
		d.out = append(d.out, edit{Equal, a1 - s, b1 - s, s})
	}
	d.merge(start)
}

func (d *differ) commonPrefix(a0, a1, b0, b1 int) int {
	n := 0
	for a0+n < a1 && b0+n < b1 && d.wa[a0+n] == d.wb[b0+n] {
		n++
	}
	return n
}

func (d *differ) commonSuffix(a0, a1, b0, b1 int) int {
	n := 0
	for a1-n > a0 && b1-n > b0 && d.wa[a1-n-1] == d.wb[b1-n-1] {
		n++
	}
	return n
}

// compute diffs two word runs with no common prefix or suffix.
func (d *differ) compute(a0, a1, b0, b1 int) {
	la, lb := a1-a0, b1-b0
	switch {
	case la == 0:
		d.out = append(d.out, edit{Insert, a0, b0, lb})
		return
	case lb == 0:
		d.out = append(d.out, edit{Delete, a0, b0, la})
		return
	}
	// The shorter inside the longer.
	if la > lb {
		if i := index(d.wa[a0:a1], d.wb[b0:b1]); i >= 0 {
			d.out = append(d.out, edit{Delete, a0, b0, i}, edit{Equal, a0 + i, b0, lb}, edit{Delete, a0 + i + lb, b1, la - i - lb})
			return
		}
	} else if i := index(d.wb[b0:b1], d.wa[a0:a1]); i >= 0 {
		d.out = append(d.out, edit{Insert, a0, b0, i}, edit{Equal, a0, b0 + i, la}, edit{Insert, a1, b0 + i + la, lb - i - la})
		return
	}
	if min(la, lb) == 1 {
		// One word, not in the other: no equality.
		d.out = append(d.out, edit{Delete, a0, b0, la}, edit{Insert, a1, b0, lb})
		return
	}
	d.bisect(a0, a1, b0, b1)
}

// index is where the words of short first occur in long, or -1.
func index(long, short []int32) int {
	for i := 0; i+len(short) <= len(long); i++ {
		if slices.Equal(long[i:i+len(short)], short) {
			return i
		}
	}
	return -1
}

// bisect finds the middle snake of the diff of two word runs (Myers
// 1986), walking from both ends at once, and diffs the two halves it
// splits them into; with none, one run was deleted and the other
// inserted.
func (d *differ) bisect(a0, a1, b0, b1 int) {
	la, lb := a1-a0, b1-b0
	maxD := (la + lb + 1) / 2
	off, length := maxD, 2*maxD
	d.v = grow(d.v, 2*length)
	v1, v2 := d.v[:length], d.v[length:]
	for i := range d.v {
		d.v[i] = -1
	}
	v1[off+1], v2[off+1] = 0, 0
	delta := la - lb
	front := delta%2 != 0 // an odd total: the forward path meets the reverse one
	var k1start, k1end, k2start, k2end int
	for step := 0; step < maxD; step++ {
		for k1 := -step + k1start; k1 <= step-k1end; k1 += 2 {
			i := off + k1
			var x1 int
			if k1 == -step || k1 != step && v1[i-1] < v1[i+1] {
				x1 = v1[i+1]
			} else {
				x1 = v1[i-1] + 1
			}
			y1 := x1 - k1
			for x1 < la && y1 < lb && d.wa[a0+x1] == d.wb[b0+y1] {
				x1++
				y1++
			}
			v1[i] = x1
			switch {
			case x1 > la:
				k1end += 2 // off the right of the graph
			case y1 > lb:
				k1start += 2 // off the bottom
			case front:
				if j := off + delta - k1; j >= 0 && j < length && v2[j] != -1 && x1 >= la-v2[j] {
					d.split(a0, a1, b0, b1, x1, y1)
					return
				}
			}
		}
		for k2 := -step + k2start; k2 <= step-k2end; k2 += 2 {
			i := off + k2
			var x2 int
			if k2 == -step || k2 != step && v2[i-1] < v2[i+1] {
				x2 = v2[i+1]
			} else {
				x2 = v2[i-1] + 1
			}
			y2 := x2 - k2
			for x2 < la && y2 < lb && d.wa[a1-x2-1] == d.wb[b1-y2-1] {
				x2++
				y2++
			}
			v2[i] = x2
			switch {
			case x2 > la:
				k2end += 2 // off the left
			case y2 > lb:
				k2start += 2 // off the top
			case !front:
				if j := off + delta - k2; j >= 0 && j < length && v1[j] != -1 {
					x1 := v1[j]
					if y1 := off + x1 - j; x1 >= la-x2 {
						d.split(a0, a1, b0, b1, x1, y1)
						return
					}
				}
			}
		}
	}
	d.out = append(d.out, edit{Delete, a0, b0, la}, edit{Insert, a1, b0, lb})
}

// split diffs the two halves the middle snake at x, y (in words from a0
// and b0) splits the runs into.
func (d *differ) split(a0, a1, b0, b1, x, y int) {
	d.main(a0, a0+x, b0, b0+y)
	d.main(a0+x, a1, b0+y, b1)
}
