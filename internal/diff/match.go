package diff

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/worddiff"
)

// Texts are what the matcher pairs of one release: its rules' texts by
// number and, where known, the titles of its headings by number
// (chapters "7", sections "702"), which pair as rules do and, paired,
// say where the rules under them went.
type Texts struct {
	Rules    map[string]string
	Headings map[string]string
}

// CompareTexts matches the rules of two releases (number → text) and
// diffs each pair word by word: every rule of either is in the result
// once (unchanged rules aside): changed, renumbered, added or removed.
func CompareTexts(old, cur map[string]string) []RuleChange {
	rules, _ := CompareRelease(Texts{Rules: old}, Texts{Rules: cur})
	return rules
}

// CompareRelease matches the rules and the headings of two releases, by
// evidence, the strongest first:
//
//   - the same text in both, and in no other rule of either: a rule moved
//     down a number (701.17a → 701.18a, "To “scry N” means ...", when Fight
//     came before it) is that rule, whatever took its old number; then the
//     same words in other typography (straight quotes became curly ones in
//     2015-01-23), then citing other rules (613.1 → 614.1 when a section
//     came before); a text printed by several rules (the vanguard's hand
//     modifier, 209.1 and 310.6) goes with the rule of its number, or of
//     its number under its moved parent;
//   - then, under each parent paired (a chapter's sections, a section's
//     rules, a rule's subrules), the children not yet paired, in order
//     between those that are, as alike in all as can be: a pair at least
//     sameRule alike, or under its own number at least ownNumber alike
//     (keeping its number is worth keptNumber), unless either has a
//     partner left more alike by dominated;
//   - then the rest, the most alike first, across sections;
//   - then each heading left with the heading most of its rules went
//     under (a section retitled);
//   - then a rule reworded under its own number (or its number under its
//     moved parent) beyond that, sharing at least reworded of its words
//     in any order.
//
// Similarity is worddiff.Similarity's: the same words in other
// typography are the same words.
func CompareRelease(old, cur Texts) (rules, headings []RuleChange) {
	m := newMatcher(old, cur)
	typography := map[string]string{} // each text's key, once
	typographyKey := func(t string) string {
		k, ok := typography[t]
		if !ok {
			k = worddiff.TypographyKey(t)
			typography[t] = k
		}
		return k
	}
	m.sameNumber()
	m.identical(func(t string) string { return t })
	m.identical(typographyKey)
	m.identical(func(t string) string { return worddiff.ReferenceKey(typographyKey(t)) })
	m.candidates()
	m.aligned()
	m.mostSimilar()
	m.retitled()
	m.reworded()
	return m.changes(false), m.changes(true)
}

// How alike two texts must be (worddiff.Similarity) to be one rule: in
// general; under the same number as before (its parent paired); and in
// words shared, in any order, under the same number when nothing else
// claims either.
const (
	sameRule  = 0.5
	ownNumber = 0.3
	reworded  = 0.3
)

// keptNumber is what keeping its number adds to a pair's similarity when
// the rules under a parent are aligned: a rule that kept its number and
// lost a sentence to a new rule after it (702.50a, 2017-01-20) is still
// that rule.
const keptNumber = 0.2

// dominated is how much more alike another partner left must be for a
// pair under one parent not to be made: a rule moved across sections
// almost word for word (712.4c → 712.8d, 2023-04-14, when meld cards
// joined the double-faced cards) is that rule, whatever sits in its gap.
const dominated = 0.2

// matcher pairs the rules (and headings) of two releases.
type matcher struct {
	old, cur           Texts
	to, from           map[string]string   // the pairs: old number → new, new → old
	oldKids, curKids   map[string][]string // each parent's children in order
	sims               map[[2]string]similar
	bags               map[string]*idBag // text → its words
	ids                map[string]uint32 // each folded word's id
	oldSorted, curSort []string
	cands              []candidate            // pairs left after the texts alike, most similar first
	oldCands, curCands map[string][]candidate // each rule's
}

func newMatcher(old, cur Texts) *matcher {
	m := &matcher{
		old: old, cur: cur,
		to: make(map[string]string, len(old.Rules)), from: make(map[string]string, len(cur.Rules)),
		sims: map[[2]string]similar{}, bags: map[string]*idBag{}, ids: map[string]uint32{},
	}
	m.oldSorted, m.curSort = old.numbers(), cur.numbers()
	m.oldKids, m.curKids = children(m.oldSorted), children(m.curSort)
	return m
}

// text is the text of rule or heading n, and whether there is one.
func (t Texts) text(n string) (string, bool) {
	if isHeading(n) {
		s, ok := t.Headings[n]
		return s, ok
	}
	s, ok := t.Rules[n]
	return s, ok
}

// at is the text of rule or heading n.
func (t Texts) at(n string) string {
	s, _ := t.text(n)
	return s
}

// numbers are the numbers of the rules and headings, in order.
func (t Texts) numbers() []string {
	numbers := make([]string, 0, len(t.Rules)+len(t.Headings))
	for _, src := range []map[string]string{t.Rules, t.Headings} {
		for n := range src {
			numbers = append(numbers, n)
		}
	}
	SortNumbers(numbers)
	return numbers
}

// children lists the numbers under each parent (ParentNumber), in order.
func children(numbers []string) map[string][]string {
	out := map[string][]string{}
	for _, n := range numbers {
		p := ParentNumber(n)
		out[p] = append(out[p], n)
	}
	return out
}

// isHeading reports whether n numbers a chapter or section, not a rule
// (or a glossary term): headings pair with headings only.
func isHeading(n string) bool {
	return n != "" && n[0] >= '0' && n[0] <= '9' && !strings.Contains(n, ".")
}

func (m *matcher) paired(o, n string) bool {
	_, ok1 := m.to[o]
	_, ok2 := m.from[n]
	return ok1 || ok2
}

func (m *matcher) pair(o, n string) {
	m.to[o], m.from[n] = n, o
}

// similarity is worddiff.Similarity of old o's text and new n's, or 0
// when it cannot reach floor: the words two texts share in order are at
// most those they share in any order, so pairs that cannot reach the
// floor that way are not diffed at all.
func (m *matcher) similarity(o, n string, floor float64) float64 {
	k := [2]string{o, n}
	c, ok := m.sims[k]
	if !ok {
		c = similar{value: m.bagOf(m.old.at(o)).similarityBound(m.bagOf(m.cur.at(n)))}
		if c.value < floor {
			return 0 // the bound is cheaper to compute again than to keep
		}
	}
	if !c.exact && c.value >= floor {
		c = similar{value: worddiff.Similarity(m.old.at(o), m.cur.at(n)), exact: true}
	}
	m.sims[k] = c
	if c.value < floor {
		return 0
	}
	return c.value
}

// similar is the similarity of two texts, or a bound of it.
type similar struct {
	value float64
	exact bool
}

func (m *matcher) bagOf(t string) *idBag {
	b, ok := m.bags[t]
	if !ok {
		b = m.newIDBag(t)
		m.bags[t] = b
	}
	return b
}

// idBag is a text's words as worddiff.Similarity compares them
// (worddiff.FoldWord), each word an id of the matcher's: the ids in
// increasing order, each with its count. Two bags are compared by one
// merge, not a map lookup a word: the matcher compares thousands of
// pairs a release.
type idBag struct {
	words []idCount
	total int
}

type idCount struct{ id, n uint32 }

func (m *matcher) newIDBag(t string) *idBag {
	b := &idBag{}
	for w := range worddiff.Words(t) {
		w = worddiff.FoldWord(w)
		id, ok := m.ids[w]
		if !ok {
			id = uint32(len(m.ids))
			m.ids[w] = id
		}
		b.words = append(b.words, idCount{id, 1})
		b.total++
	}
	slices.SortFunc(b.words, func(x, y idCount) int { return cmp.Compare(x.id, y.id) })
	k := 0 // each id once, its count summed
	for _, w := range b.words {
		if k > 0 && b.words[k-1].id == w.id {
			b.words[k-1].n++
		} else {
			b.words[k] = w
			k++
		}
	}
	b.words = b.words[:k]
	return b
}

// similarityBound is an upper bound of the similarity of two texts
// (worddiff.Similarity): twice the words they share, in any order, over
// all words.
func (a *idBag) similarityBound(b *idBag) float64 {
	if a.total+b.total == 0 {
		return 0
	}
	shared := 0
	for i, j := 0, 0; i < len(a.words) && j < len(b.words); {
		switch x, y := a.words[i], b.words[j]; {
		case x.id < y.id:
			i++
		case x.id > y.id:
			j++
		default:
			shared += int(min(x.n, y.n))
			i, j = i+1, j+1
		}
	}
	return float64(2*shared) / float64(a.total+b.total)
}

// mayReach reports whether two texts of a and b words can be floor
// alike: they share at most the words of the shorter.
func mayReach(a, b int, floor float64) bool {
	return float64(2*min(a, b)) >= floor*float64(a+b)
}

// image is where parent p of the older release is in the newer: the
// number it was paired with; for a heading not paired (retitled, or not
// known: a section of a snapshot's rules) where most of its children
// paired went, or itself; "" for a rule not paired (gone, so far).
func (m *matcher) image(p string) string {
	if n, ok := m.to[p]; ok {
		return n
	}
	if _, ok := m.old.text(p); ok && !isHeading(p) || p == "" {
		return ""
	}
	if q, ok := m.childrenWent(p); ok {
		return q
	}
	if _, claimed := m.from[p]; claimed {
		return ""
	}
	return p
}

// childrenWent is the parent most of the paired children of old p went
// under (the first in order of those as many).
func (m *matcher) childrenWent(p string) (string, bool) {
	count := map[string]int{}
	best := ""
	for _, c := range m.oldKids[p] {
		n, ok := m.to[c]
		if !ok {
			continue
		}
		q := ParentNumber(n)
		count[q]++
		if k := count[q]; best == "" || k > count[best] || k == count[best] && CompareNumbers(q, best) < 0 {
			best = q
		}
	}
	return best, best != ""
}

// expected is the number old o would have in the newer release if it
// moved only with its parent ("" if its parent is not paired).
func (m *matcher) expected(o string) string {
	p := ParentNumber(o)
	if p == "" {
		return o // at the top: a chapter, a glossary term
	}
	img := m.image(p)
	if img == "" {
		return ""
	}
	return img + o[len(p):]
}

// sameNumber pairs each rule whose number and text are both the same in
// the two releases, as identical would (a text printed once is its
// rule's, a text printed by several goes with the rule of its number
// first): most of a release's rules, paired without hashing their texts.
func (m *matcher) sameNumber() {
	for _, src := range [...]struct{ old, cur map[string]string }{{m.old.Rules, m.cur.Rules}, {m.old.Headings, m.cur.Headings}} {
		for n, ot := range src.old {
			if nt, ok := src.cur[n]; ok && nt == ot {
				m.pair(n, n)
			}
		}
	}
}

// identical pairs the rules whose texts, as key folds them, are the same:
// a text of one rule in each release, or, of several, those under their
// number, then under their number moved with their parent, then the
// last of each.
func (m *matcher) identical(key func(string) string) {
	// Most texts are printed once: counted first, listed only if not.
	type count struct {
		olds, news int
		o, n       string
	}
	kindKey := func(n, t string) string {
		if isHeading(n) {
			return "\x00" + key(t) // headings pair with headings
		}
		return key(t)
	}
	counts := make(map[string]count, len(m.oldSorted))
	for _, o := range m.oldSorted {
		if _, ok := m.to[o]; !ok {
			k := kindKey(o, m.old.at(o))
			c := counts[k]
			c.olds, c.o = c.olds+1, cmp.Or(c.o, o)
			counts[k] = c
		}
	}
	for _, n := range m.curSort {
		if _, ok := m.from[n]; !ok {
			k := kindKey(n, m.cur.at(n))
			if c, ok := counts[k]; ok {
				c.news, c.n = c.news+1, cmp.Or(c.n, n)
				counts[k] = c
			}
		}
	}
	several := map[string]*[2][]string{} // key → its olds and news
	for k, c := range counts {
		switch {
		case c.olds == 1 && c.news == 1:
			m.pair(c.o, c.n)
		case c.news > 0:
			several[k] = &[2][]string{}
		}
	}
	if len(several) == 0 {
		return
	}
	var groups []*[2][]string
	for i, numbers := range [][]string{m.oldSorted, m.curSort} {
		texts, paired := m.old, m.to
		if i == 1 {
			texts, paired = m.cur, m.from
		}
		for _, n := range numbers {
			if _, done := paired[n]; done {
				continue
			}
			if g, ok := several[kindKey(n, texts.at(n))]; ok {
				if i == 0 && len(g[0]) == 0 {
					groups = append(groups, g) // in the order of the rules: parents first
				}
				g[i] = append(g[i], n)
			}
		}
	}
	for _, g := range groups {
		m.identicalGroup(g[0], g[1])
	}
}

// identicalGroup pairs the old rules olds and new ones news of one text:
// those under their number, then under their number moved with their
// parent, then the last of each.
func (m *matcher) identicalGroup(olds, news []string) {
	for _, where := range []func(o string) string{func(o string) string { return o }, m.expected} {
		for _, o := range olds {
			if n := where(o); n != "" && slices.Contains(news, n) && !m.paired(o, n) {
				m.pair(o, n)
			}
		}
	}
	olds = slices.DeleteFunc(slices.Clone(olds), func(o string) bool { _, ok := m.to[o]; return ok })
	news = slices.DeleteFunc(slices.Clone(news), func(n string) bool { _, ok := m.from[n]; return ok })
	if len(olds) == 1 && len(news) == 1 {
		m.pair(olds[0], news[0])
	}
}

// candidates lists, once the texts alike have been paired, every pair
// of rules left at least sameRule alike, the most similar first, and
// each rule's.
func (m *matcher) candidates() {
	type left struct {
		number  string
		heading bool
		bag     *idBag
	}
	var news []left
	for _, n := range m.curSort {
		if _, ok := m.from[n]; !ok {
			news = append(news, left{n, isHeading(n), m.bagOf(m.cur.at(n))})
		}
	}
	for _, o := range m.oldSorted {
		if _, ok := m.to[o]; ok {
			continue
		}
		heading, bag := isHeading(o), m.bagOf(m.old.at(o))
		for _, n := range news {
			if heading != n.heading || !mayReach(bag.total, n.bag.total, sameRule) || bag.similarityBound(n.bag) < sameRule {
				continue
			}
			if s := m.similarity(o, n.number, sameRule); s > 0 {
				m.cands = append(m.cands, candidate{o, n.number, s})
			}
		}
	}
	slices.SortStableFunc(m.cands, func(a, b candidate) int { return cmp.Compare(b.sim, a.sim) })
	m.oldCands, m.curCands = map[string][]candidate{}, map[string][]candidate{}
	for _, c := range m.cands {
		m.oldCands[c.o] = append(m.oldCands[c.o], c)
		m.curCands[c.n] = append(m.curCands[c.n], c)
	}
}

// candidate is a pair of rules left and their similarity.
type candidate struct {
	o, n string
	sim  float64
}

// outdone reports whether old o or new n has a partner left more than
// dominated more alike than weight, the weight of their pair.
func (m *matcher) outdone(o, n string, weight float64) bool {
	for _, cs := range [][]candidate{m.oldCands[o], m.curCands[n]} {
		for _, c := range cs { // the most similar first
			if c.sim <= weight+dominated {
				break
			}
			if (c.o != o || c.n != n) && !m.paired(c.o, c.n) {
				return true
			}
		}
	}
	return false
}

// mostSimilar pairs the rest, greedily, the most similar pairs first.
func (m *matcher) mostSimilar() {
	for _, c := range m.cands {
		if !m.paired(c.o, c.n) {
			m.pair(c.o, c.n)
		}
	}
}

// retitled pairs each heading left with the heading most of the rules
// under it went under, if that is left too (903 "EDH" → "Commander",
// 2011-02-04).
func (m *matcher) retitled() {
	for _, o := range m.oldSorted {
		if _, ok := m.to[o]; ok || !isHeading(o) {
			continue
		}
		if n, ok := m.childrenWent(o); ok && isHeading(n) && !m.paired(o, n) {
			if _, ok := m.cur.text(n); ok {
				m.pair(o, n)
			}
		}
	}
}

// reworded pairs each rule left with the rule left at the number it
// would have moved with its parent, when they share enough words.
func (m *matcher) reworded() {
	for _, o := range m.oldSorted {
		if _, ok := m.to[o]; ok {
			continue
		}
		n := m.expected(o)
		if _, ok := m.cur.text(n); !ok || m.paired(o, n) {
			continue
		}
		if m.bagOf(m.old.at(o)).similarityBound(m.bagOf(m.cur.at(n))) >= reworded {
			m.pair(o, n)
		}
	}
}

// changes are the changes of the rules (or of the headings) the pairs
// and the rest say, in the order of their numbers.
func (m *matcher) changes(headings bool) []RuleChange {
	var out []RuleChange
	for _, o := range m.oldSorted {
		if isHeading(o) != headings {
			continue
		}
		ot := m.old.at(o)
		n, ok := m.to[o]
		switch {
		case !ok:
			out = append(out, RuleChange{Number: o, Status: RuleRemoved, Diff: []Span{{Op: Delete, Text: ot}}})
		case o == n && ot == m.cur.at(n):
		case ot == m.cur.at(n):
			out = append(out, ruleChange(n, o, ot, ot, []Span{{Op: Equal, Text: ot}}))
		default:
			oldNum := o
			if o == n {
				oldNum = ""
			}
			out = append(out, ruleChange(n, oldNum, ot, m.cur.at(n), worddiff.Diff(ot, m.cur.at(n))))
		}
	}
	for _, n := range m.curSort {
		if _, ok := m.from[n]; !ok && isHeading(n) == headings {
			out = append(out, RuleChange{Number: n, Status: RuleAdded, Diff: []Span{{Op: Insert, Text: m.cur.at(n)}}})
		}
	}
	slices.SortStableFunc(out, func(a, b RuleChange) int {
		return cmp.Or(CompareNumbers(a.Number, b.Number), CompareNumbers(a.OldNumber, b.OldNumber), strings.Compare(a.Status, b.Status))
	})
	return out
}
