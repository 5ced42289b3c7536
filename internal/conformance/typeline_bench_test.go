package conformance

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// scanValidator is the strongest baseline for type lines: the same rules
// as typeline.Validate for what it accepts, written as a zero-allocation
// scanner a good engineer would write: maps from printed names (exact
// case first, then the word folded into a stack buffer), bit masks of
// categories, one lookup per word (a longer name is tried only where one
// starts with the word), substrings for multi-word names, no splitting.
type scanValidator struct {
	langs [2]scanLang
}

type scanLang struct {
	exact, folded map[string]scanWord
	// exactOnly: the rules' spellings only (exact case, the rules'
	// apostrophe), nothing folded: the exact-spelling scanner.
	exactOnly bool
}

// scanWord is what a spelling names: a card type (the categories its
// subtypes may come from; plane marks a plane), a supertype, and the
// categories it is a subtype of.
type scanWord struct {
	cardType, super bool
	allows          uint32 // for a card type: categories of its subtypes
	plane           bool
	subOf           uint32 // categories that list it as a subtype
	id              uint16 // tells subtypes apart, for duplicates
	typeID          uint8  // tells card types and supertypes apart
	phrase          int    // the most words of a name starting with this word
}

func newScanValidator() *scanValidator { return buildScanValidator(false) }

// newExactScanner is the baseline of the fast path, the floor of a line
// spelled as the rules spell it: English only, exact case, the rules'
// apostrophe, nothing folded. It accepts every line of the en-exact mix,
// as Validate does (TestScanBaselineAgrees).
func newExactScanner() *scanLang { return &buildScanValidator(true).langs[typeline.English] }

// validate is the exact-spelling scanner's verdict on an English line.
func (l *scanLang) validate(line string) bool { return l.lines(line, true) }

func buildScanValidator(exactOnly bool) *scanValidator {
	v := &scanValidator{}
	for i := range v.langs {
		v.langs[i] = scanLang{exact: map[string]scanWord{}, folded: map[string]scanWord{}, exactOnly: exactOnly}
	}
	add := func(lang int, name string, f func(w *scanWord)) {
		if name == "" {
			return
		}
		l := &v.langs[lang]
		spellings := []string{name, strings.ReplaceAll(name, "’", "'")}
		if exactOnly {
			spellings = spellings[:1]
		}
		words := len(strings.Fields(name))
		for _, n := range spellings {
			for m, k := range map[*map[string]scanWord]string{&l.exact: n, &l.folded: strings.ToLower(n)} {
				w := (*m)[k]
				f(&w)
				w.phrase = max(w.phrase, 1)
				(*m)[k] = w
				if words > 1 {
					first, _, _ := strings.Cut(k, " ")
					fw := (*m)[first]
					fw.phrase = max(fw.phrase, words)
					(*m)[first] = fw
				}
			}
		}
	}
	cats := subtype.Categories()
	for i, t := range cardtype.CardTypeValues() {
		var allows uint32
		for j, c := range cats {
			if c.Has(t) {
				allows |= 1 << j
			}
		}
		for lang, n := range []string{t.String(), t.Spanish()} {
			add(lang, n, func(w *scanWord) {
				w.cardType, w.allows, w.plane, w.typeID = true, allows, t == cardtype.Plane, uint8(i+1)
			})
		}
	}
	for i, s := range cardtype.SupertypeValues() {
		for lang, n := range []string{s.String(), s.Spanish()} {
			add(lang, n, func(w *scanWord) { w.super, w.typeID = true, uint8(40+i) })
		}
		for _, form := range supertypeForms(s) {
			add(1, form, func(w *scanWord) { w.super, w.typeID = true, uint8(40+i) })
		}
	}
	id := uint16(0)
	for j, c := range cats {
		for _, st := range subtypeValues(c) {
			id++
			sid := id
			for lang, n := range []string{st.String(), st.Spanish()} {
				add(lang, n, func(w *scanWord) {
					w.subOf |= 1 << j
					if w.id == 0 {
						w.id = sid
					}
				})
			}
		}
	}
	return v
}

// supertypeForms are the Spanish feminine forms the rules page prints
// (legendaria), read through the public API as a Spanish line reads
// them: an English name a release spells the same ("Legendaria", in a
// future) does not take the Spanish form from it.
func supertypeForms(s cardtype.Supertype) []string {
	var out []string
	for _, form := range []string{"a"} {
		es := s.Spanish()
		if strings.HasSuffix(es, "o") {
			cand := strings.TrimSuffix(es, "o") + form
			tl, err := typeline.Parse(cardtype.Creature.Spanish()+" "+cand, typeline.Spanish)
			if err == nil && slices.Equal(tl.Faces[0].Supertypes, []cardtype.Supertype{s}) {
				out = append(out, cand)
			}
		}
	}
	return out
}

func subtypeValues(c subtype.Category) []subtype.Subtype {
	var out []subtype.Subtype
	add := func(s subtype.Subtype) { out = append(out, s) }
	switch c {
	case subtype.CategoryArtifact:
		for _, v := range subtype.ArtifactValues() {
			add(v.Subtype())
		}
	case subtype.CategoryEnchantment:
		for _, v := range subtype.EnchantmentValues() {
			add(v.Subtype())
		}
	case subtype.CategoryLand:
		for _, v := range subtype.LandValues() {
			add(v.Subtype())
		}
	case subtype.CategoryPlaneswalker:
		for _, v := range subtype.PlaneswalkerValues() {
			add(v.Subtype())
		}
	case subtype.CategorySpell:
		for _, v := range subtype.SpellValues() {
			add(v.Subtype())
		}
	case subtype.CategoryCreature:
		for _, v := range subtype.CreatureValues() {
			add(v.Subtype())
		}
	case subtype.CategoryPlanar:
		for _, v := range subtype.PlanarValues() {
			add(v.Subtype())
		}
	case subtype.CategoryDungeon:
		for _, v := range subtype.DungeonValues() {
			add(v.Subtype())
		}
	case subtype.CategoryBattle:
		for _, v := range subtype.BattleValues() {
			add(v.Subtype())
		}
	}
	return out
}

// lookup finds a spelling: exact case first, then folded into a stack
// buffer (m[string(b)] does not allocate).
func (l *scanLang) lookup(s string) (scanWord, bool) {
	if w, ok := l.exact[s]; ok || l.exactOnly {
		return w, ok
	}
	var buf [64]byte
	if len(s) > len(buf) {
		return scanWord{}, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 0x20
		case i > 0 && s[i-1] == 0xC3 && 0x80 <= c && c <= 0x9E && c != 0x97:
			c += 0x20
		}
		buf[i] = c
	}
	w, ok := l.folded[string(buf[:len(s)])]
	return w, ok
}

func (v *scanValidator) validate(line string, lang typeline.Lang) bool {
	return v.langs[lang].lines(line, lang == typeline.English)
}

func (l *scanLang) lines(line string, english bool) bool {
	for rest := line; ; {
		face, tail, more := strings.Cut(rest, " // ")
		if !l.face(face, english) {
			return false
		}
		if !more {
			return true
		}
		rest = tail
	}
}

func (l *scanLang) face(face string, english bool) bool {
	left, right, dash := strings.Cut(face, " — ")
	var allows uint32
	plane, nTypes := false, 0
	var seen uint64 // card types and supertypes by typeID
	for i := 0; i < len(left); {
		for i < len(left) && left[i] == ' ' {
			i++
		}
		j := i
		for j < len(left) && left[j] != ' ' {
			j++
		}
		if j == i {
			break
		}
		w, ok := l.lookup(left[i:j])
		i = j
		switch {
		case !ok || !w.cardType && !w.super || seen&(1<<(w.typeID&63)) != 0:
			return false
		case w.super && english && nTypes > 0:
			return false
		case w.cardType:
			nTypes++
			allows |= w.allows
			plane = plane || w.plane
		}
		seen |= 1 << (w.typeID & 63)
	}
	if nTypes == 0 {
		return false
	}
	if !dash {
		return true
	}
	right = strings.TrimSpace(right)
	if right == "" || allows == 0 {
		return false
	}
	if plane {
		w, ok := l.lookup(right)
		return ok && w.subOf&allows != 0
	}
	var subs [16]uint16
	n := 0
	for i := 0; i < len(right); {
		end := strings.IndexByte(right[i:], ' ')
		if end < 0 {
			end = len(right)
		} else {
			end += i
		}
		w, ok := l.lookup(right[i:end])
		next := end + 1
		if ok && w.phrase > 1 {
			// The longest name first, among those starting here.
			var ends [8]int
			k := 0
			for e := end; k < min(w.phrase-1, len(ends)) && e < len(right); k++ {
				if f := strings.IndexByte(right[e+1:], ' '); f < 0 {
					e = len(right)
				} else {
					e += 1 + f
				}
				ends[k] = e
			}
			for ; k > 0; k-- {
				if lw, lok := l.lookup(right[i:ends[k-1]]); lok && lw.subOf&allows != 0 {
					w, next = lw, ends[k-1]+1
					break
				}
			}
		}
		if !ok || w.subOf&allows == 0 {
			return false
		}
		for _, s := range subs[:n] {
			if s == w.id {
				return false
			}
		}
		if n == len(subs) {
			return false
		}
		subs[n] = w.id
		n++
		i = next
	}
	return true
}

// lineMix is one kind of type-line input.
type lineMix struct {
	name  string
	lang  typeline.Lang
	lines []string
}

// lineMixes are distinct real lines: English Oracle lines as printed, the
// same in lower case, Spanish printed lines, and lines both reject (with
// the reason the rules give none: Un-sets, removed names, data noise).
func lineMixes(t testing.TB) []lineMix {
	t.Helper()
	var en, es, bad []string
	seen := map[string]bool{}
	for _, c := range cards(t) {
		if seen[c.TypeLine] {
			continue
		}
		seen[c.TypeLine] = true
		if typeline.Validate(c.TypeLine, typeline.English) == nil {
			en = append(en, c.TypeLine)
		} else {
			bad = append(bad, c.TypeLine)
		}
	}
	for _, f := range spanishFaces(t) {
		if seen[f.Spanish] {
			continue
		}
		seen[f.Spanish] = true
		if typeline.Validate(f.Spanish, typeline.Spanish) == nil {
			es = append(es, f.Spanish)
		}
	}
	lower := make([]string, len(en))
	for i, l := range en {
		lower[i] = strings.ToLower(l)
	}
	sort.Strings(en)
	sort.Strings(es)
	sort.Strings(bad)
	// en-exact: the lines spelled exactly as the rules spell them (what
	// Parse gives back reads the same): the fast path's input.
	var exact []string
	for _, l := range en {
		if tl, err := typeline.Parse(l, typeline.English); err == nil && tl.String() == l {
			exact = append(exact, l)
		}
	}
	return []lineMix{
		{"en-exact", typeline.English, exact},
		{"en-printed", typeline.English, en},
		{"en-lower", typeline.English, lower},
		{"es-printed", typeline.Spanish, es},
		{"invalid", typeline.English, bad},
	}
}

// The baseline judges every line of every mix as Validate does, without
// allocating: a benchmark beside it compares like with like.
func TestScanBaselineAgrees(t *testing.T) {
	v := newScanValidator()
	for _, mix := range lineMixes(t) {
		if len(mix.lines) == 0 {
			t.Errorf("mix %s is empty", mix.name)
		}
		for _, l := range mix.lines {
			want := typeline.Validate(l, mix.lang) == nil
			if got := (typeline.Options{Lang: mix.lang}).Valid(l); got != want {
				t.Errorf("%s %q: Valid %v, Validate %v", mix.name, l, got, typeline.Validate(l, mix.lang))
			}
			if got := v.validate(l, mix.lang); got != want {
				t.Errorf("%s %q: baseline %v, Validate %v", mix.name, l, got, typeline.Validate(l, mix.lang))
			}
		}
		if mix.name == "en-exact" {
			exact := newExactScanner()
			for i, l := range mix.lines {
				if !exact.validate(l) {
					t.Errorf("exact-spelling baseline rejects %q, which Validate accepts", l)
				}
				if i < 20 {
					if n := testing.AllocsPerRun(10, func() { exact.validate(l) }); n != 0 {
						t.Errorf("exact-spelling baseline %q: %v allocations", l, n)
					}
				}
			}
		}
		for i, l := range mix.lines {
			if i < 20 {
				if n := testing.AllocsPerRun(10, func() { v.validate(l, mix.lang) }); n != 0 {
					t.Errorf("baseline %q: %v allocations", l, n)
				}
			}
			// Valid allocates nothing, on any line (every invalid one).
			if i < 20 || mix.name == "invalid" {
				if n := testing.AllocsPerRun(2, func() { typeline.Options{Lang: mix.lang}.Valid(l) }); n != 0 {
					t.Errorf("Valid(%q): %v allocations", l, n)
				}
			}
		}
	}
}

func BenchmarkTypeLine(b *testing.B) {
	v := newScanValidator()
	rs := rules.Releases("en")
	newest := rs[len(rs)-1]
	for _, mix := range lineMixes(b) {
		// project is the verdict (Options.Valid), as the scanner gives;
		// project-validate also builds the error of an invalid line, with
		// the message that names its cause.
		impls := []struct {
			name string
			f    func(string, typeline.Lang) bool
		}{
			{"project", func(l string, lang typeline.Lang) bool { return typeline.Options{Lang: lang}.Valid(l) }},
			{"project-validate", func(l string, lang typeline.Lang) bool { return typeline.Validate(l, lang) == nil }},
			// The rules of the newest release, asked for by date: what a
			// reading as of a release costs (no fast path) beside today's.
			{"project-asof", func(l string, lang typeline.Lang) bool { return typeline.Options{Lang: lang, AsOf: newest}.Valid(l) }},
			{"baseline=scanner", v.validate},
		}
		if mix.name == "en-exact" {
			exact := newExactScanner()
			impls = append(impls, struct {
				name string
				f    func(string, typeline.Lang) bool
			}{"baseline=exact-scanner", func(l string, _ typeline.Lang) bool { return exact.validate(l) }})
		}
		for _, impl := range impls {
			b.Run("mix="+mix.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, l := range mix.lines {
						impl.f(l, mix.lang)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(mix.lines)), "ns/line")
			})
		}
	}
}
