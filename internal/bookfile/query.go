package bookfile

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/rulenum"
)

// Lang is the book's language ("en", "es").
func (f *File) Lang() string { return f.listItem(0) }

func (f *File) listItem(i int) string {
	return f.str(f.field(secLists, i, 0), f.field(secLists, i, 1))
}

func (f *File) list(start, n int) []string {
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for k := range out {
		out[k] = f.listItem(start + k)
	}
	return out
}

// Releases is how many releases the book records.
func (f *File) Releases() int { return f.count(secReleases) }

func (f *File) rel(i, k int) int { return f.field(secReleases, i, k) }

// Date is the date of release i (YYYY-MM-DD).
func (f *File) Date(i int) string { return f.str(f.rel(i, relDateOff), f.rel(i, relDateLen)) }

// ReleaseInfo is what the book says of one release.
type ReleaseInfo struct {
	Date string
	// Source is "txt" (the official text) or "pages" (rule pages);
	// Holds, when set, the rules (or sections) it printed, every other
	// being as the release before printed it.
	Source         string
	Holds          []string
	Quirks         []string
	Rules          int
	Examples       int
	Glossary       int
	EndsInGlossary bool
}

// Release is what the book says of release i.
func (f *File) Release(i int) ReleaseInfo {
	src := "txt"
	if f.rel(i, relSource) == sourcePages {
		src = "pages"
	}
	return ReleaseInfo{
		Date: f.Date(i), Source: src,
		Holds:  f.list(f.rel(i, relHoldsStart), f.rel(i, relHoldsN)),
		Quirks: f.list(f.rel(i, relQuirksStart), f.rel(i, relQuirksN)),
		Rules:  f.rel(i, relRules), Examples: f.rel(i, relExamples), Glossary: f.rel(i, relGlossary),
		EndsInGlossary: f.rel(i, relFlags)&flagEndsInGlossary != 0,
	}
}

// Index is the index of the release of date, false if none was recorded
// that day.
func (f *File) Index(date string) (int, bool) {
	i := f.searchDate(date)
	return i, i < f.Releases() && f.Date(i) == date
}

// AsOf is the index of the release in force on date: the newest
// recorded on or before it; false before the first.
func (f *File) AsOf(date string) (int, bool) {
	i := f.searchDate(date)
	if i < f.Releases() && f.Date(i) == date {
		return i, true
	}
	return i - 1, i > 0
}

// searchDate is the first release whose date is date or later.
func (f *File) searchDate(date string) int {
	lo, hi := 0, f.Releases()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if f.Date(m) < date {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// partial reports whether release i holds only some rules (Holds).
func (f *File) partial(i int) bool { return f.rel(i, relHoldsN) > 0 }

// holds reports whether release i printed rule n: it was read whole, or
// n is one of the rules it holds or under one.
func (f *File) holds(i int, n string) bool {
	start, cnt := f.rel(i, relHoldsStart), f.rel(i, relHoldsN)
	if cnt == 0 {
		return true
	}
	for k := start; k < start+cnt; k++ {
		if h := f.listItem(k); n == h || rulenum.Under(n, h) {
			return true
		}
	}
	return false
}

// PrintedBy is the release whose printing is rule n's text as of
// release i: i itself when it printed n, else (a release of some rules
// only) the newest release before it that did.
func (f *File) PrintedBy(n string, i int) int {
	for j := i; j > 0; j-- {
		if f.holds(j, n) {
			return j
		}
	}
	return 0
}

// WholeBy is the newest release at or before i read whole, whose
// glossary and contents a release of some rules only keeps.
func (f *File) WholeBy(i int) int {
	for i > 0 && f.partial(i) {
		i--
	}
	return i
}

// A Kind of history: rules, headings (the contents) or glossary terms.
type Kind uint8

const (
	Rules Kind = iota
	Contents
	Glossary
	numKinds
)

func (k Kind) sec() int { return [...]int{secRules, secContents, secGlossary}[k] }

// Len is how many numbers (or terms) of kind the book has ever held.
func (f *File) Len(k Kind) int { return f.count(k.sec()) }

func (f *File) hist(k Kind, h, field int) int { return f.field(k.sec(), h, field) }

// Key is the number (or term) of history h of kind k.
func (f *File) Key(k Kind, h int) string {
	return f.str(f.hist(k, h, histKeyOff), f.hist(k, h, histKeyLen))
}

// Find is the history of number n among the rules (by hash) or the
// contents (by binary search); false when the book never held it.
func (f *File) Find(k Kind, n string) (int, bool) {
	if k == Rules {
		if slots := f.count(secRuleHash); slots > 0 {
			for s, probes := int(hash(n))&(slots-1), 0; probes < slots; s, probes = (s+1)&(slots-1), probes+1 {
				h := f.field(secRuleHash, s, 0) - 1
				if h < 0 {
					break
				}
				if f.Key(Rules, h) == n {
					return h, true
				}
			}
			return 0, false
		}
	}
	h := f.position(k, n)
	return h, h < f.Len(k) && f.Key(k, h) == n
}

// position is where number n is or would be among the histories of
// kind k (rules or contents), by binary search.
func (f *File) position(k Kind, n string) int {
	lo, hi := 0, f.Len(k)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rulenum.Compare(f.Key(k, m), n) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Version is what one history held from a release on.
type Version struct {
	f *File
	i int
}

func (v Version) get(k int) int { return v.f.field(secVersions, v.i, k) }

// Since is the index of the release that first printed this version.
func (v Version) Since() int { return v.get(verSince) }

// Gone: from Since on, nothing was printed under this number.
func (v Version) Gone() bool { return v.get(verGone) == 1 }

// Lead is the number as misprinted ("119.1d."), or "".
func (v Version) Lead() string { return v.f.str(v.get(verLeadOff), v.get(verLeadLen)) }

// Paras is how many paragraphs the version prints.
func (v Version) Paras() int { return v.get(verRefN) }

// Para is paragraph k (0 the first).
func (v Version) Para(k int) (string, error) {
	return v.f.para(v.f.field(secRefs, v.get(verRefStart)+k, 0))
}

// Also is how many times the number was printed again after this.
func (v Version) Also() int { return v.get(verAlsoN) }

// AlsoPrinting is the j-th printing again: its lead and paragraphs.
func (v Version) AlsoPrinting(j int) (lead string, paras []string, err error) {
	a := v.get(verAlsoStart) + j
	g := func(k int) int { return v.f.field(secAlso, a, k) }
	for k := range g(alsoRefN) {
		p, err := v.f.para(v.f.field(secRefs, g(alsoRefStart)+k, 0))
		if err != nil {
			return "", nil, err
		}
		paras = append(paras, p)
	}
	return v.f.str(g(alsoLeadOff), g(alsoLeadLen)), paras, nil
}

// FullText is every paragraph of the version, printings again included,
// a line each: the text the diffs compare.
func (v Version) FullText() (string, error) {
	var b strings.Builder
	for k := range v.Paras() {
		p, err := v.Para(k)
		if err != nil {
			return "", err
		}
		if k > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p)
	}
	for j := range v.Also() {
		_, paras, err := v.AlsoPrinting(j)
		if err != nil {
			return "", err
		}
		for _, p := range paras {
			b.WriteByte('\n')
			b.WriteString(p)
		}
	}
	return b.String(), nil
}

// At is the version history h of kind k held in release i: the last
// from i or before; false when there is none or it is gone.
func (f *File) At(k Kind, h, i int) (Version, bool) {
	start, n := f.hist(k, h, histVerStart), f.hist(k, h, histVerN)
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if f.field(secVersions, start+m, verSince) <= i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return Version{}, false
	}
	v := Version{f, start + lo - 1}
	return v, !v.Gone()
}

// Versions are every version of history h of kind k, oldest first.
func (f *File) Versions(k Kind, h int) []Version {
	start, n := f.hist(k, h, histVerStart), f.hist(k, h, histVerN)
	out := make([]Version, n)
	for j := range out {
		out[j] = Version{f, start + j}
	}
	return out
}

// Rule is rule n's version in release i.
func (f *File) Rule(n string, i int) (Version, bool) {
	h, ok := f.Find(Rules, n)
	if !ok {
		return Version{}, false
	}
	return f.At(Rules, h, i)
}

// Heading is the title of chapter or section n in release i.
func (f *File) Heading(n string, i int) (string, bool) {
	h, ok := f.Find(Contents, n)
	if !ok {
		return "", false
	}
	v, ok := f.At(Contents, h, i)
	if !ok {
		return "", false
	}
	t, err := v.Para(0)
	return t, err == nil
}

// Under are the rules under n (a section, rule or subrule) in release i,
// in order; only those directly under it when direct.
func (f *File) Under(n string, i int, direct bool) []string {
	var out []string
	for h := f.position(Rules, n); h < f.Len(Rules); h++ {
		key := f.Key(Rules, h)
		if key == n {
			continue
		}
		if !rulenum.Under(key, n) {
			break
		}
		if _, ok := f.At(Rules, h, i); ok && (!direct || rulenum.IsChild(key, n)) {
			out = append(out, key)
		}
	}
	return out
}

// Numbers are the rules release i prints, in order (their histories).
func (f *File) Numbers(i int) []int {
	var out []int
	for h := range f.Len(Rules) {
		if _, ok := f.At(Rules, h, i); ok {
			out = append(out, h)
		}
	}
	return out
}

// Terms are the glossary terms release i prints, in the glossary's
// order.
func (f *File) Terms(i int) []string {
	var out []string
	for h := range f.Len(Glossary) {
		if _, ok := f.At(Glossary, h, i); ok {
			out = append(out, f.Key(Glossary, h))
		}
	}
	return out
}

func (f *File) foldKey(h int) string {
	return f.str(f.hist(Glossary, h, histFoldOff), f.hist(Glossary, h, histFoldLen))
}

// termIndex is the glossary history at position p of the fold order.
func (f *File) termIndex(p int) int { return f.field(secTermIndex, p, 0) }

// Term is the glossary term of release i that query names, forgiving of
// case, punctuation and apostrophes (Fold), and of a plural: "trample",
// "Trample.", "double-faced cards". Of two terms folding alike, the one
// printed as asked wins.
func (f *File) Term(query string, i int) (h int, ok bool) {
	if h, ok := f.termByFold(query, query, i); ok {
		return h, true // as asked, folded: no allocation
	}
	for _, k := range singulars(Fold(query)) {
		if h, ok := f.termByFold(k, query, i); ok {
			return h, true
		}
	}
	return 0, false
}

// termByFold is the term of release i whose fold is Fold(q), preferring
// the one printed as query.
func (f *File) termByFold(q, query string, i int) (int, bool) {
	n, lo := f.Len(Glossary), -1
	slots := f.count(secTermHash)
	for s, probes := int(foldHash(q))&(slots-1), 0; slots > 0 && probes < slots; s, probes = (s+1)&(slots-1), probes+1 {
		p := f.field(secTermHash, s, 0) - 1
		if p < 0 {
			break
		}
		if compareFolded(q, f.foldKey(f.termIndex(p))) == 0 {
			lo = p
			break
		}
	}
	if lo < 0 {
		return 0, false
	}
	found, key := -1, f.foldKey(f.termIndex(lo))
	for p := lo; p < n && f.foldKey(f.termIndex(p)) == key; p++ {
		h := f.termIndex(p)
		if _, ok := f.At(Glossary, h, i); !ok {
			continue
		}
		if found < 0 || f.Key(Glossary, h) == query {
			found = h
		}
	}
	return found, found >= 0
}

// singulars are the singulars key's last word may be the plural of:
// "cards" → "card", "abilities" → "ability", "switches" → "switch".
func singulars(key string) []string {
	var out []string
	switch {
	case strings.HasSuffix(key, "ies"):
		out = append(out, key[:len(key)-3]+"y")
	case strings.HasSuffix(key, "es"):
		out = append(out, key[:len(key)-2], key[:len(key)-1])
	case strings.HasSuffix(key, "s") && !strings.HasSuffix(key, "ss"):
		out = append(out, key[:len(key)-1])
	}
	return out
}

// Suggest are the terms of release i nearest to a query no term matches,
// best first, at most max: terms one or two edits away (one for short
// queries), then terms that are words of the query ("flying creature":
// Flying, Creature).
func (f *File) Suggest(query string, i, max int) []string {
	key := Fold(query)
	type cand struct {
		term string
		rank int
	}
	var cands []cand
	words := strings.Fields(key)
	limit := 2
	if len([]rune(key)) <= 5 {
		limit = 1
	}
	for h := range f.Len(Glossary) {
		if _, ok := f.At(Glossary, h, i); !ok {
			continue
		}
		fk := f.foldKey(h)
		if d := editDistance(key, fk, limit); d <= limit {
			cands = append(cands, cand{f.Key(Glossary, h), d})
			continue
		}
		if len(words) > 1 {
			// Terms that are words of the query, in the query's order.
			if at := wordsAt(words, strings.Fields(fk)); at >= 0 {
				cands = append(cands, cand{f.Key(Glossary, h), limit + 1 + at})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return a.rank - b.rank })
	var out []string
	for _, c := range cands {
		if len(out) == max {
			break
		}
		out = append(out, c.term)
	}
	return out
}

// wordsAt is where words holds the run of words term, or -1.
func wordsAt(words, term []string) int {
	for i := 0; i+len(term) <= len(words); i++ {
		if slices.Equal(words[i:i+len(term)], term) {
			return i
		}
	}
	return -1
}

// editDistance is the Levenshtein distance of a and b in runes, or
// limit+1 as soon as it exceeds limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
