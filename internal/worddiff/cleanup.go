package worddiff

import "slices"

// The cleanups of diff-match-patch (diff_cleanupMerge,
// diff_cleanupSemantic, diff_cleanupSemanticLossless), ported from go-diff
// v1.4.0 (MIT, see NOTICE) to spans of words held as positions.

// merge joins the edits of d.out from start on that can be joined: the
// deletions and insertions between two equalities become one deletion
// and one insertion, their common prefix and suffix going to the
// equalities around them; equalities side by side become one; then an
// edit between two equalities that it begins or ends with is shifted
// over one of them, and the whole is merged again.
func (d *differ) merge(start int) {
	if len(d.out) == start {
		return
	}
	ea, eb := d.out[len(d.out)-1].end()
	d.out = append(d.out, edit{Equal, ea, eb, 0}) // closes the last run
	var dels, inss, delN, insN, runA, runB int
	for p := start; p < len(d.out); {
		e := d.out[p]
		if e.op != Equal {
			if dels+inss == 0 {
				runA, runB = e.a, e.b
			}
			if e.op == Insert {
				inss, insN = inss+1, insN+e.n
			} else {
				dels, delN = dels+1, delN+e.n
			}
			p++
			continue
		}
		switch {
		case dels+inss > 1:
			p = d.mergeRun(start, p, dels, inss, runA, runB, delN, insN)
		case p != start && d.out[p-1].op == Equal:
			d.out[p-1].n += e.n
			d.out = slices.Delete(d.out, p, p+1)
		default:
			p++
		}
		dels, inss, delN, insN = 0, 0, 0, 0
	}
	if last := len(d.out) - 1; d.out[last].n == 0 {
		d.out = d.out[:last]
	}
	if d.shiftOverEqualities(start) {
		d.merge(start)
	}
}

// mergeRun replaces the run of dels deletions and inss insertions
// before the equality at p, which begins at runA, runB, with one
// deletion and one insertion, their common prefix and suffix given to
// the equalities around; it returns where merge goes on.
func (d *differ) mergeRun(start, p, dels, inss, runA, runB, delN, insN int) int {
	da, ib := runA, runB // the deletions' words are a[da:da+delN], the insertions' b[ib:ib+insN]
	if dels != 0 && inss != 0 {
		if c := d.commonPrefix(da, da+delN, ib, ib+insN); c != 0 {
			if x := p - dels - inss; x > start && d.out[x-1].op == Equal {
				d.out[x-1].n += c
			} else {
				d.out = slices.Insert(d.out, x, edit{Equal, runA, runB, c})
				p++
			}
			da, ib, delN, insN = da+c, ib+c, delN-c, insN-c
		}
		if c := d.commonSuffix(da, da+delN, ib, ib+insN); c != 0 {
			e := &d.out[p]
			e.a, e.b, e.n = e.a-c, e.b-c, e.n+c
			delN, insN = delN-c, insN-c
		}
	}
	var run [2]edit
	k := 0
	if dels != 0 {
		run[k], k = edit{Delete, da, ib, delN}, k+1
	}
	if inss != 0 {
		run[k], k = edit{Insert, da + delN, ib, insN}, k+1
	}
	x := p - dels - inss
	d.out = slices.Replace(d.out, x, p, run[:k]...)
	return x + k + 1
}

// shiftOverEqualities shifts each edit between two equalities that ends
// with the one before it, or begins with the one after it, over that
// equality, which goes (A<ins>BA</ins>C → <ins>AB</ins>AC), and reports
// whether it did.
func (d *differ) shiftOverEqualities(start int) bool {
	changed := false
	for p := start + 1; p < len(d.out)-1; p++ {
		prev, e, next := d.out[p-1], d.out[p], d.out[p+1]
		if prev.op != Equal || next.op != Equal {
			continue
		}
		switch {
		case d.endsWith(e, prev):
			e.a, e.b = prev.a, prev.b
			next.a, next.b = e.end()
			next.n += prev.n
			d.out[p], d.out[p+1] = e, next
			d.out = slices.Delete(d.out, p-1, p)
			changed = true
		case d.beginsWith(e, next):
			prev.n += next.n
			e.a, e.b = prev.end()
			d.out[p-1], d.out[p] = prev, e
			d.out = slices.Delete(d.out, p+1, p+2)
			changed = true
		}
	}
	return changed
}

// endsWith reports whether the words of e end with those of f.
func (d *differ) endsWith(e, f edit) bool {
	if f.n > e.n {
		return false
	}
	for i := range f.n {
		if d.word(e, e.n-f.n+i) != d.word(f, i) {
			return false
		}
	}
	return true
}

// beginsWith reports whether the words of e begin with those of f.
func (d *differ) beginsWith(e, f edit) bool {
	if f.n > e.n {
		return false
	}
	for i := range f.n {
		if d.word(e, i) != d.word(f, i) {
			return false
		}
	}
	return true
}

// cleanupSemantic makes the diff of d.out read as people read a change:
// an equality no longer than the edits on either side of it becomes a
// deletion and an insertion; the edits are merged; each edit between two
// equalities is shifted as far right as its words allow; and where a
// deletion ends as the insertion after it begins (or the other way
// round), the overlap is kept.
func (d *differ) cleanupSemantic() {
	changed := false
	eqs := d.equalities[:0] // the equalities met, as indexes
	var ins1, del1, ins2, del2, lastEqual int
	for p := 0; p < len(d.out); p++ {
		e := d.out[p]
		if e.op == Equal {
			eqs = append(eqs, p)
			ins1, del1, ins2, del2 = ins2, del2, 0, 0
			lastEqual = e.n
			continue
		}
		if e.op == Insert {
			ins2 += e.n
		} else {
			del2 += e.n
		}
		if lastEqual > 0 && lastEqual <= max(ins1, del1) && lastEqual <= max(ins2, del2) {
			q := eqs[len(eqs)-1]
			eq := d.out[q]
			d.out = slices.Insert(d.out, q, edit{Delete, eq.a, eq.b, eq.n})
			d.out[q+1] = edit{Insert, eq.a + eq.n, eq.b, eq.n}
			eqs = eqs[:len(eqs)-1]
			if len(eqs) > 0 {
				eqs = eqs[:len(eqs)-1]
			}
			p = -1
			if len(eqs) > 0 {
				p = eqs[len(eqs)-1]
			}
			ins1, del1, ins2, del2, lastEqual = 0, 0, 0, 0, 0
			changed = true
		}
	}
	d.equalities = eqs
	if changed {
		d.merge(0)
	}
	d.shiftRight()
	d.keepOverlaps()
}

// shiftRight shifts each edit between two equalities right as far as the
// words after it repeat its own. go-diff's semantic lossless cleanup
// scores every position a word diff can take alike (a word's number is
// no letter, space or punctuation), the edges best, and takes the last
// of the best: the rightmost, or where it began when the equality before
// it is empty and the one after it cannot be.
func (d *differ) shiftRight() {
	for p := 1; p < len(d.out)-1; p++ {
		eq1, e, eq2 := d.out[p-1], d.out[p], d.out[p+1]
		if eq1.op != Equal || eq2.op != Equal || e.n == 0 {
			continue
		}
		s := 0
		for s < eq2.n && d.word(e, s) == d.wa[eq2.a+s] {
			s++
		}
		if s == 0 || eq1.n == 0 && s < eq2.n {
			continue
		}
		d.out[p-1].n += s
		d.out[p].a, d.out[p].b = e.a+s, e.b+s
		d.out[p+1] = edit{Equal, eq2.a + s, eq2.b + s, eq2.n - s}
		if d.out[p+1].n == 0 {
			d.out = slices.Delete(d.out, p+1, p+2)
			p--
		}
	}
}

// keepOverlaps finds, in each deletion followed by an insertion, the
// words the one ends and the other begins with (or the other way round)
// and keeps them as an equality between the two (<del>abcxxx</del>
// <ins>xxxdef</ins> → <del>abc</del>xxx<ins>def</ins>) when they are
// many enough: go-diff wants an overlap at least half as long as one of
// the edits, but counts the overlap in bytes of UTF-8, four for each
// word's number, and the edits in characters, so an overlap of an
// eighth of one's words is kept. So is it here: the diffs stay go-diff's.
func (d *differ) keepOverlaps() {
	for p := 1; p < len(d.out); p++ {
		del, ins := d.out[p-1], d.out[p]
		if del.op != Delete || ins.op != Insert {
			continue
		}
		da, ib := d.wa[del.a:del.a+del.n], d.wb[ins.b:ins.b+ins.n]
		o1, o2 := d.overlap(da, ib), d.overlap(ib, da)
		switch {
		case o1 >= o2 && (8*o1 >= del.n || 8*o1 >= ins.n):
			d.out = slices.Insert(d.out, p, edit{Equal, del.a + del.n - o1, ins.b, o1})
			d.out[p-1].n -= o1
			d.out[p+1] = edit{Insert, del.a + del.n, ins.b + o1, ins.n - o1}
			p++
		case o1 < o2 && (8*o2 >= del.n || 8*o2 >= ins.n):
			d.out = slices.Insert(d.out, p, edit{Equal, del.a, ins.b + ins.n - o2, o2})
			d.out[p-1] = edit{Insert, del.a, ins.b, ins.n - o2}
			d.out[p+1] = edit{Delete, del.a + o2, ins.b + ins.n, del.n - o2}
			p++
		}
		p++
	}
}

// overlap is the most words x ends and y begins with (Knuth-Morris-Pratt:
// y's prefixes matched along x's end).
func (d *differ) overlap(x, y []int32) int {
	n := min(len(x), len(y))
	if n == 0 {
		return 0
	}
	x, y = x[len(x)-n:], y[:n]
	// fail[i] is the longest proper prefix of y[:i+1] that is also its
	// suffix.
	fail := grow(d.table, n)
	d.table = fail
	fail[0] = 0
	for i, k := 1, 0; i < n; i++ {
		for k > 0 && y[i] != y[k] {
			k = fail[k-1]
		}
		if y[i] == y[k] {
			k++
		}
		fail[i] = k
	}
	k := 0
	for _, w := range x {
		for k > 0 && (k == n || w != y[k]) {
			k = fail[k-1]
		}
		if w == y[k] {
			k++
		}
	}
	return k
}
