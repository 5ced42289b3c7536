package diff

import (
	"cmp"
	"maps"
	"slices"
)

// The rules under each parent paired (a chapter's sections, a section's
// rules, a rule's subrules), aligned in order.

// aligned pairs, under each parent paired (top down: the chapters'
// sections, the sections' rules, the rules' subrules), the children not
// yet paired, in order between those that are.
func (m *matcher) aligned() {
	byDepth := map[int][]string{}
	for p := range m.oldKids {
		byDepth[depth(p)] = append(byDepth[depth(p)], p)
	}
	var parents []string
	for _, d := range slices.Sorted(maps.Keys(byDepth)) {
		SortNumbers(byDepth[d])
		parents = append(parents, byDepth[d]...)
	}
	for _, p := range parents {
		if q := m.image(p); q != "" {
			m.alignChildren(p, q)
		}
	}
	// At the top, in no order (chapters, glossary terms): each under its
	// own number or term.
	for _, o := range m.oldKids[""] {
		if _, ok := m.cur.text(o); ok && !m.paired(o, o) {
			m.alignGap([]string{o}, []string{o}, "", "")
		}
	}
}

// depth is how far n is below the top: "" 0, a chapter 1, a section 2,
// a rule 3, a subrule 4.
func depth(n string) int {
	d := 0
	for ; n != ""; n = ParentNumber(n) {
		d++
	}
	return d
}

// alignChildren pairs the children of old parent p and new parent q in
// the gaps between the children already paired with each other (the
// longest run of them in the same order).
func (m *matcher) alignChildren(p, q string) {
	olds, news := m.oldKids[p], m.curKids[q]
	if !slices.ContainsFunc(olds, func(o string) bool { _, ok := m.to[o]; return !ok }) ||
		!slices.ContainsFunc(news, func(n string) bool { _, ok := m.from[n]; return !ok }) {
		return // no gap has a rule on both sides: nothing to pair
	}
	at := make(map[string]int, len(news))
	for j, n := range news {
		at[n] = j
	}
	var anchors [][2]int
	for i, o := range olds {
		if j, ok := at[m.to[o]]; ok {
			anchors = append(anchors, [2]int{i, j})
		}
	}
	anchors = append(increasingRun(anchors), [2]int{len(olds), len(news)})
	i0, j0 := 0, 0
	for _, an := range anchors {
		var gapOld, gapNew []string
		for _, o := range olds[i0:an[0]] {
			if _, ok := m.to[o]; !ok {
				gapOld = append(gapOld, o)
			}
		}
		for _, n := range news[j0:an[1]] {
			if _, ok := m.from[n]; !ok {
				gapNew = append(gapNew, n)
			}
		}
		m.alignGap(gapOld, gapNew, p, q)
		i0, j0 = an[0]+1, an[1]+1
	}
}

// increasingRun is the longest run of pairs increasing in both (they
// are in increasing order of the first).
func increasingRun(pairs [][2]int) [][2]int {
	tops, prev := []int{}, make([]int, len(pairs)) // tops: the pair ending the best run of each length
	for k, pr := range pairs {
		t, _ := slices.BinarySearchFunc(tops, pr[1], func(top, j int) int { return cmp.Compare(pairs[top][1], j) })
		prev[k] = -1
		if t > 0 {
			prev[k] = tops[t-1]
		}
		if t == len(tops) {
			tops = append(tops, k)
		} else {
			tops[t] = k
		}
	}
	if len(tops) == 0 {
		return nil
	}
	run := make([][2]int, len(tops))
	for k, t := tops[len(tops)-1], len(tops)-1; t >= 0; k, t = prev[k], t-1 {
		run[t] = pairs[k]
	}
	return run
}

// alignGap pairs the old rules olds (children of p) with the new news
// (children of q), in order, the pairs as alike in all as can be: the
// most similar in all of a few rules (dynamic programming, Needleman
// and Wunsch's). A pair is at least sameRule alike, or ownNumber alike
// under the same number relative to its parent.
func (m *matcher) alignGap(olds, news []string, p, q string) {
	if len(olds) == 0 || len(news) == 0 {
		return
	}
	weight := func(o, n string) float64 {
		w := 0.0
		switch {
		case isHeading(o) != isHeading(n):
		case o[len(p):] == n[len(q):]:
			if s := m.similarity(o, n, ownNumber); s > 0 {
				w = s + keptNumber
			}
		default:
			w = m.similarity(o, n, sameRule)
		}
		if w > 0 && m.outdone(o, n, w) {
			return 0
		}
		return w
	}
	// best[i][j]: the most similarity pairing olds[i:] with news[j:] can
	// reach.
	w := len(news) + 1
	best := make([]float64, (len(olds)+1)*w)
	for i := len(olds) - 1; i >= 0; i-- {
		for j := len(news) - 1; j >= 0; j-- {
			b := max(best[(i+1)*w+j], best[i*w+j+1])
			if s := weight(olds[i], news[j]); s > 0 {
				b = max(b, s+best[(i+1)*w+j+1])
			}
			best[i*w+j] = b
		}
	}
	for i, j := 0, 0; i < len(olds) && j < len(news); {
		switch s := weight(olds[i], news[j]); {
		case s > 0 && best[i*w+j] == s+best[(i+1)*w+j+1]:
			m.pair(olds[i], news[j])
			i, j = i+1, j+1
		case best[i*w+j] == best[(i+1)*w+j]:
			i++
		default:
			j++
		}
	}
}
