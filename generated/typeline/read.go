package typeline

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
)

const (
	faceSep = " // "
	dash    = " — "
	// maxSub and maxType are the names a face holds without allocating:
	// more than any card prints (a face reads past them, see face).
	maxSub  = 16
	maxType = 8
)

// read reads line as given and, when that fails, again as real-world
// text (reread), calling reset before each reading after the first. The
// first reading builds no error (quiet): a valid line pays for nothing
// else (not even a scan for combining marks: a decomposed line fails at
// its first decomposed word, and is then read in NFC; nfcFirst, when the
// fast path saw that word, skips to the NFC reading), and only a line
// that real-world text does not explain is read a second time, for its
// error.
func (p *parser) read(line string, emit func(face), reset func()) error {
	quiet := p.quiet
	if !p.nfcFirst {
		p.quiet = true
		err := p.run(line, emit)
		p.quiet = quiet
		if err == nil {
			return nil
		}
		if reset != nil {
			reset()
		}
	}
	if err := p.reread(line, emit, errAsGiven); err != errAsGiven {
		return err
	}
	if quiet && !p.nfcFirst {
		return errQuiet // the quiet reading above said so already
	}
	return p.run(line, emit)
}

// parser reads one line. It stays on the stack: Validate allocates
// nothing, and notes are only gathered when Parse asks for them.
type parser struct {
	Options
	quiet bool // Valid: the verdict, no error messages
	// nfcFirst: the line holds a combining mark in a word the fast path
	// missed; read it in NFC before reading it as given.
	nfcFirst bool
	collect  bool
	face     int // the face being read, 1-based
	notes    []note
	// named are the names read that no note spans, where they are in the
	// line (gathered with the notes): what Current spells as the rules do.
	named []note
	// saved: the line is text the package wrote (UnmarshalText), where
	// "Token" before a face's types is its Token, as Format writes it.
	saved bool
}

func tableOf(s *sense) *enum.Table {
	switch s.Kind {
	case kindCardType:
		return data.CardTypes
	case kindSupertype:
		return data.Supertypes
	}
	return data.Categories[catOf(s)-1].Table
}

// run parses every face of line, handing each to emit (by value, so the
// face stays on the stack when emit is nil: Validate allocates nothing).
func (p *parser) run(line string, emit func(face)) error {
	rest := line
	for n := 1; ; n++ {
		part, tail, more := cutFace(rest)
		var f face
		p.face = n
		off := len(line) - len(rest)
		if err := p.parseFace(part, off, &f); err != nil {
			if p.quiet {
				return err
			}
			// Bytes that are not UTF-8 are the first thing to say. A line
			// that parses needs no such check: every byte of it belongs to
			// a name of the vocabulary or a separator, all UTF-8.
			if enc := p.checkEncoding(line); enc != nil {
				err = enc
			} else if !p.Printed && err.Cause == CauseDash {
				err = p.explain(part, off, err)
			}
			err.Line = line
			if n > 1 || more {
				err.Face = n
			}
			return err
		}
		if emit != nil {
			emit(f)
		}
		if !more {
			return nil
		}
		rest = tail
	}
}

// cutFace is strings.Cut(s, faceSep), looking for the separator's slash
// first: nearly every line has none, and finding one byte costs less than
// finding a string.
func cutFace(s string) (face, rest string, more bool) {
	for from := 0; ; {
		i := strings.IndexByte(s[from:], '/')
		if i < 0 {
			return s, "", false
		}
		if i += from; i > 0 && strings.HasPrefix(s[i-1:], faceSep) {
			return s[:i-1], s[i-1+len(faceSep):], true
		}
		from = i + 1
	}
}

// indexDash is strings.Index(s, dash), looking for the long dash's first
// byte first, as cutFace does.
func indexDash(s string) int {
	for from := 0; ; {
		i := strings.IndexByte(s[from:], dash[1])
		if i < 0 {
			return -1
		}
		if i += from; i > 0 && strings.HasPrefix(s[i-1:], dash) {
			return i - 1
		}
		from = i + 1
	}
}

// parseFace reads the face s, which starts at offset off of the line.
func (p *parser) parseFace(s string, off int, f *face) *Error {
	if blank(s) {
		return p.fail(data.RuleCardTypes, CauseStructure, "", func() string { return "empty type line: a card has at least one card type" })
	}
	if strings.HasSuffix(strings.TrimRight(s, " "), " —") {
		return p.fail(data.RuleSubtypes, CauseStructure, "", func() string { return "nothing after the dash" })
	}
	left, right, rightAt, hasDash, err := p.cutDash(s, off)
	if err != nil {
		return err
	}
	if blank(left) {
		return p.fail(data.RuleCardTypes, CauseStructure, "", func() string { return "no card type before the dash" })
	}
	if err := p.parseTypes(left, off, f); err != nil {
		return err
	}
	if !hasDash {
		return nil
	}
	if blank(right) {
		return p.fail(data.RuleSubtypes, CauseStructure, "", func() string { return "nothing after the dash" })
	}
	if !f.anyCategory() {
		// A name the rules dropped with its category (the battle types,
		// say) says so, as it would under a card type that still had it.
		if w := firstWord(right); w != "" {
			if s := p.removedOnly(vocab.lookup(w)); s != nil {
				return p.removed(w, s)
			}
		}
		return p.fail(data.RuleSubtypes+"d", CauseCategory, strings.TrimSpace(right), func() string {
			return typeNames(f) + " has no subtypes, but the line lists " + quote(strings.TrimSpace(right))
		})
	}
	if f.hasPlane {
		lead := len(right) - len(strings.TrimLeft(right, " "))
		return p.parsePlane(strings.TrimSpace(right), off+rightAt+lead, f)
	}
	return p.parseSubtypes(right, off+rightAt, f)
}

// typeSense finds the card type or supertype a word before the dash
// names, and how its spelling differs from the rules'.
func (p *parser) typeSense(w string) (*sense, noteKind) {
	wd := vocab.lookup(w)
	s := p.pick(wd, kindCardType, 0)
	// A card type wins over a supertype of the same spelling, unless it is
	// a name the rules no longer list and the supertype one they do (a
	// word printed.json records as dropped that the rules list again).
	if st := p.pick(wd, kindSupertype, 0); st != nil && (s == nil || !p.listed(s) && p.listed(st)) {
		s = st
	}
	how := noteNone
	if s == nil && p.Printed {
		lw := vocab.lookupLoose(w)
		if s = p.pick(lw, kindCardType, 0); s == nil {
			s = p.pick(lw, kindSupertype, 0)
		}
		how = noteSpelling
	}
	if s != nil && s.Form == formVariant {
		how = noteVariant
	}
	return s, how
}

// parseTypes reads the words before the dash: supertypes and card types.
func (p *parser) parseTypes(left string, off int, f *face) *Error {
	seenType := false
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
		w := left[i:j]
		i = j
		s, how := p.typeSense(w)
		// "Token" before a token's types, unless the rules' own name (in
		// printed mode, a name they list today).
		if strings.EqualFold(w, tokenWord) && !f.token && (s == nil || p.Printed && !p.cur(s)) {
			if err := p.token(left, i-len(w), off, f); err != nil {
				return err
			}
			continue
		}
		if s == nil {
			if q := p.asPrinted(); q != nil {
				if s, how := q.typeSense(w); s != nil {
					return p.printedForm(w, s, how)
				}
			}
			return p.unknownType(w, vocab.lookup(w))
		}
		if err := p.usable(w, s, p.Lang); err != nil {
			return err
		}
		p.noteOrName(how, off+i-len(w), w, s)
		if s.Kind == kindCardType {
			ct := cardtype.CardType(s.V)
			seenType = true
			for _, x := range f.cardTypes() {
				if x == ct {
					return p.fail(data.RuleCardTypes, CauseStructure, w, func() string { return quote(w) + " appears twice" })
				}
			}
			f.addCardType(ct)
			if ct == cardtype.Plane {
				f.hasPlane = true
			}
			f.allowed |= p.categoriesOf(ct)
			continue
		}
		st := cardtype.Supertype(s.V)
		if p.Lang == English && seenType {
			return p.fail(data.RuleSupertypes, CauseStructure, w, func() string {
				return quote(w) + " is a supertype: English type lines print supertypes before card types"
			})
		}
		for _, x := range f.supertypes() {
			if x == st {
				return p.fail(data.RuleSupertypes, CauseStructure, w, func() string { return quote(w) + " appears twice" })
			}
		}
		f.addSupertype(st)
	}
	if f.nTypes == 0 {
		return p.fail(data.RuleCardTypes, CauseStructure, "", func() string { return "no card type (only supertypes)" })
	}
	if err := p.kindred(f); err != nil {
		return err
	}
	if p.Lang == Spanish {
		// Spanish prints the noun first ("Criatura artefacto"); a Face
		// keeps the English order (Artifact Creature).
		slices.Reverse(f.cardTypes())
	}
	return nil
}

// pick returns the sense of w of the given kind (and category, for
// subtypes) in the line's language, else in the other language, else nil.
// Printed variants count only in printed mode.
func (p *parser) pick(w *word, k kind, cat subtype.Category) *sense {
	if w == nil {
		return nil
	}
	var other *sense
	for i := range w.Senses {
		s := &w.Senses[i]
		if s.Kind != k || (k == kindSubtype && catOf(s) != cat) || (s.Form == formVariant && !p.Printed) {
			continue
		}
		if s.Langs&p.Lang.bit() != 0 {
			return s
		}
		other = s
	}
	return other
}

// listed reports whether s is a name the rules list today, as spelled in
// the line's language.
func (p *parser) listed(s *sense) bool {
	return p.cur(s) && s.Form == formRules && s.Langs&p.Lang.bit() != 0
}

// anyCategory reports whether the face's card types have subtypes at all.
func (f *face) anyCategory() bool { return f.allowed != 0 }

// allows reports whether one of the face's card types can have subtypes
// of category c (205.3d).
func (f *face) allows(c subtype.Category) bool { return f.allowed&(1<<c) != 0 }

// parsePlane reads the words after a plane's dash: all of them are one
// planar type (205.3n: "Bolas’s Meditation Realm").
func (p *parser) parsePlane(right string, off int, f *face) *Error {
	s, how := p.subtypeSense(right, 0, f)
	if s == nil {
		if q := p.asPrinted(); q != nil {
			if s, how := q.subtypeSense(right, 0, f); s != nil {
				return p.printedForm(right, s, how)
			}
		}
		return p.fail(subtype.CategoryPlanar.Rule(), CauseUnknown, right, func() string { return quote(right) + " is not a planar type" })
	}
	if err := p.usable(right, s, p.Lang); err != nil {
		return err
	}
	p.noteOrName(how, off, right, s)
	f.addSubtype(stOf(s))
	return nil
}

type span struct{ start, end int }

// maxPhrase bounds the words of one name (Señor del Tiempo is three);
// the vocabulary's Phrase never exceeds it (TestPhraseBound).
const maxPhrase = 8

// wordEnd returns where the word starting at i of s ends.
func wordEnd(s string, i int) int {
	for i < len(s) && s[i] != ' ' {
		i++
	}
	return i
}

// parseSubtypes reads the words after the dash, longest names first. It
// walks the words once, looking each first word up once: the words of a
// longer name are only found when the first word starts one.
func (p *parser) parseSubtypes(right string, off int, f *face) *Error {
	for i := 0; ; {
		for i < len(right) && right[i] == ' ' {
			i++
		}
		if i == len(right) {
			return nil
		}
		var ends [maxPhrase]int
		ends[0] = wordEnd(right, i)
		first := vocab.lookup(right[i:ends[0]])
		most := 1
		if first != nil {
			most = first.Phrase
		}
		if p.Printed {
			if loose := vocab.lookupLoose(right[i:ends[0]]); loose != nil {
				most = max(most, loose.Phrase)
			}
		}
		words := 1
		for ; words < min(most, maxPhrase); words++ {
			next := ends[words-1]
			for next < len(right) && right[next] == ' ' {
				next++
			}
			if next == len(right) {
				break
			}
			ends[words] = wordEnd(right, next)
		}
		matched := 0
		for n := words; n >= 1 && matched == 0; n-- {
			phrase := right[i:ends[n-1]]
			var s *sense
			var how noteKind
			if n == 1 { // the word looked up above: not twice
				s, how = p.subtypeSenseOf(first, phrase, n, f)
			} else {
				s, how = p.subtypeSense(phrase, n, f)
			}
			if s == nil {
				continue
			}
			if !p.cur(s) {
				return p.removed(phrase, s)
			}
			for _, x := range f.subtypes() {
				if x == stOf(s) {
					return p.fail(data.RuleSubtypes, CauseStructure, phrase, func() string { return quote(phrase) + " appears twice" })
				}
			}
			p.noteOrName(how, off+i, phrase, s)
			f.addSubtype(stOf(s))
			matched = n
		}
		if matched == 0 {
			return p.noSubtype(right, i, words, f)
		}
		i = ends[matched-1]
	}
}

// subtypeSense finds the subtype a phrase of n words names on the face:
// as the rules spell it, else (printed mode) loosened, else (printed
// Spanish, one word) in the masculine; and how its spelling differs. For
// a plane n is 0: the phrase is one name whatever its words.
func (p *parser) subtypeSense(phrase string, n int, f *face) (*sense, noteKind) {
	return p.subtypeSenseOf(vocab.lookup(phrase), phrase, n, f)
}

// subtypeSenseOf is subtypeSense for a phrase already looked up as the
// rules spell it (exact, which may be nil).
func (p *parser) subtypeSenseOf(exact *word, phrase string, n int, f *face) (*sense, noteKind) {
	if s := p.subtypeOf(exact, f); s != nil {
		return s, variantOr(s, noteNone)
	}
	if !p.Printed {
		return nil, noteNone
	}
	if s := p.subtypeOf(vocab.lookupLoose(phrase), f); s != nil {
		return s, variantOr(s, noteSpelling)
	}
	if p.Lang == Spanish && n == 1 {
		var buf [3][maxName]byte
		forms, k := masculine(&buf, phrase)
		for _, m := range forms[:k] {
			ms := string(m)
			if s := p.subtypeOf(vocab.lookup(ms), f); s != nil {
				return s, noteFeminine
			}
			if s := p.subtypeOf(vocab.lookupLoose(ms), f); s != nil {
				return s, noteFeminine
			}
		}
	}
	return nil, noteNone
}

// subtypeOf picks the sense of wd that is a subtype, in the line's
// language, of a category the face allows; a current name before a
// removed one. Printed variants count only in printed mode.
func (p *parser) subtypeOf(wd *word, f *face) *sense {
	if wd == nil {
		return nil
	}
	var best *sense
	for i := range wd.Senses {
		s := &wd.Senses[i]
		if s.Kind != kindSubtype || s.Langs&p.Lang.bit() == 0 || !f.allows(catOf(s)) || (s.Form == formVariant && !p.Printed) {
			continue
		}
		if best == nil || (!p.cur(best) && p.cur(s)) {
			best = s
		}
	}
	return best
}

// blank reports whether s is only spaces.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return false
		}
	}
	return true
}

// removedOnly is the subtype sense of a word the rules no longer list
// in any category, or nil: a word that names a current subtype too is
// not a removed name.
func (p *parser) removedOnly(wd *word) *sense {
	if wd == nil {
		return nil
	}
	var gone *sense
	for i := range wd.Senses {
		s := &wd.Senses[i]
		switch {
		case s.Kind != kindSubtype || s.Form == formVariant:
		case p.cur(s):
			return nil
		case gone == nil:
			gone = s
		}
	}
	return gone
}

// firstWord is the first word of s, or "".
func firstWord(s string) string {
	s = strings.TrimLeft(s, " ")
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}
