package typeline

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/internal/names"
)

// Current reads a line and returns it as the rules spell it, in the
// line's own order: each form of its notes replaced by the rules'
// spelling, and every name spelled and capitalised as the rules list it
// ("creature — elf warrior" is "Creature — Elf Warrior", "Land — Urza's
// Power-Plant" is "Land — Urza’s Power-Plant"); a Spanish line's names
// capitalised as Spanish type lines print them, the first card type and
// the first subtype of a face with a capital, the others without
// ("Criatura - Bestia felina" is "Criatura — Bestia felino"). It is what
// a user stores to normalise printed data.
func (o Options) Current(line string) (string, error) {
	_, p, err := o.parse(line, false)
	if err != nil {
		return "", err
	}
	return p.current(line), nil
}

// current writes line, which p read, as Current says.
func (p *parser) current(line string) string {
	edits := make([]note, 0, len(p.notes)+len(p.named))
	edits = append(append(edits, p.notes...), p.named...)
	slices.SortStableFunc(edits, func(a, b note) int { return a.at - b.at })
	var b strings.Builder
	at := 0
	lastFace, typesSeen, subsSeen := 0, 0, 0
	for _, n := range edits {
		if n.face != lastFace {
			lastFace, typesSeen, subsSeen = n.face, 0, 0
		}
		start, end := n.at, n.at+len(n.printed)
		if start < at {
			continue // inside an edit already made
		}
		repl := n.public(p.Lang).Current
		if n.kind == noteNone && n.s != nil {
			repl = spellingAs(n.s, p.Lang, n.printed)
		}
		switch {
		case n.s == nil && n.kind == noteDash:
			// The span of a dash holds its spaces, or lacks them.
			repl = " — "
			for start > at && line[start-1] == ' ' {
				start--
			}
			for end < len(line) && line[end] == ' ' {
				end++
			}
		case n.s != nil && n.s.Kind == kindSubtype:
			if p.Lang == Spanish && subsSeen > 0 {
				repl = spanishInLine(stOf(n.s), repl)
			}
			subsSeen++
		case n.s != nil:
			if p.Lang == Spanish {
				repl = initialCase(repl, typesSeen == 0)
			}
			typesSeen++
		}
		b.WriteString(line[at:start])
		b.WriteString(repl)
		at = end
	}
	b.WriteString(line[at:])
	return b.String()
}

// Rewrite replaces the span of each note in line, the line the notes were
// read from (Options.Parse), with the rules' spelling, keeping the case of
// each word's first letter: the forms the notes name only, where Current
// also spells every other name as the rules do.
func Rewrite(line string, notes []Note) string {
	if len(notes) == 0 {
		return line
	}
	var b strings.Builder
	at := 0
	for _, n := range notes {
		start, end := n.Offset, n.Offset+len(n.Printed)
		repl := n.Current
		if n.Current == "—" {
			// The span of a dash holds its spaces, or lacks them.
			repl = " — "
			for start > at && line[start-1] == ' ' {
				start--
			}
			for end < len(line) && line[end] == ' ' {
				end++
			}
		} else {
			repl = sameInitialCase(repl, n.Printed)
		}
		b.WriteString(line[at:start])
		b.WriteString(repl)
		at = end
	}
	b.WriteString(line[at:])
	return b.String()
}

// initialCase returns name with its first letter upper case, or lower.
func initialCase(name string, upper bool) string {
	r, size := utf8.DecodeRuneInString(name)
	if upper {
		return string(unicode.ToUpper(r)) + name[size:]
	}
	return string(unicode.ToLower(r)) + name[size:]
}

// sameInitialCase returns name with its first letter in the case of
// printed's: Spanish cards print the second and later subtypes in lower
// case ("Hechicero pueblo lunar").
func sameInitialCase(name, printed string) string {
	p, _ := utf8.DecodeRuneInString(printed)
	r, size := utf8.DecodeRuneInString(name)
	switch {
	case unicode.IsLower(p) && unicode.IsUpper(r):
		return string(unicode.ToLower(r)) + name[size:]
	case unicode.IsUpper(p) && unicode.IsLower(r):
		return string(unicode.ToUpper(r)) + name[size:]
	}
	return name
}

// noteKind says how a printed form differs from the rules.
type noteKind uint8

const (
	noteNone     noteKind = iota
	noteDash              // a hyphen, en dash or spaceless dash for " — "
	noteVariant           // a curated printed variant
	noteSpelling          // other accents, hyphens or spaces
	noteFeminine          // a Spanish feminine form of a masculine name
)

// note is a Note before it is needed: the sense, not yet its names.
type note struct {
	face    int
	at      int // offset of printed in the line
	kind    noteKind
	printed string // a substring of the line
	s       *sense // nil for a dash
}

func (p *parser) note(k noteKind, at int, printed string, s *sense) {
	if p.collect {
		p.notes = append(p.notes, note{face: p.face, at: at, kind: k, printed: printed, s: s})
	}
}

// noteOrName notes a name read in a form the rules spell otherwise, or
// keeps where a name spelled as the rules spell it is (Current).
func (p *parser) noteOrName(k noteKind, at int, printed string, s *sense) {
	switch {
	case k != noteNone:
		p.note(k, at, printed, s)
	case p.collect:
		p.named = append(p.named, note{face: p.face, at: at, printed: printed, s: s})
	}
}

func (n note) why() string {
	switch n.kind {
	case noteDash:
		switch n.printed {
		case "—":
			return "the long dash without a space on each side"
		case "-":
			return "a hyphen where the rules print the long dash"
		case "--":
			return "two hyphens where the rules print the long dash"
		}
		return "an en dash where the rules print the long dash"
	case noteVariant:
		return variantOf(n.s).Why
	case noteFeminine:
		return "the feminine form; the rules list the masculine"
	case noteSpecial:
		if sp := names.Specials(n.printed); len(sp) == 1 {
			return specialWhy(sp[0])
		}
	case noteToken:
		return tokenWhy
	}
	return "spelled with other accents, hyphens or spaces than the rules"
}

func (n note) public(lang Lang) Note {
	cur := "—"
	switch {
	case n.kind == noteToken:
		cur = ""
	case n.kind == noteSpecial:
		cur = " "
		if sp := names.Specials(n.printed); len(sp) == 1 && sp[0].Invisible() {
			cur = ""
		}
	case n.kind == noteSpelling:
		cur = spellingLike(n.s, lang, n.printed)
	case n.s != nil:
		cur = spelling(n.s, lang)
	}
	return Note{Face: n.face, Offset: n.at, Printed: n.printed, Current: cur, Why: n.why()}
}

// spelling is a sense's name as the rules spell it in lang.
func spelling(s *sense, lang Lang) string {
	e := tableOf(s).Entry(int(s.V))
	if lang == Spanish && e.ES != "" {
		return e.ES
	}
	return e.EN
}

// spellingAs is the rules' spelling of a sense that printed matched as
// it is, but for case and apostrophes: the one of its spellings it
// matched (Legendaria, a Spanish form the rules accept, not Legendario).
func spellingAs(s *sense, lang Lang, printed string) string {
	key := func(n string) string { return names.Fold(strings.ReplaceAll(n, "'", "’")) }
	want := key(printed)
	for _, name := range tableOf(s).Entry(int(s.V)).Names() {
		if key(name) == want {
			return name
		}
	}
	return spelling(s, lang)
}

// spellingLike is the rules' spelling in lang of a sense that printed
// matched loosely: the one of its spellings (Básica, not Básico) that
// loosens to the same key.
func spellingLike(s *sense, lang Lang, printed string) string {
	var b1, b2 [maxName]byte
	want := names.LooseKey(b1[:0], printed)
	e := tableOf(s).Entry(int(s.V))
	for _, name := range e.Names() {
		if k := names.LooseKey(b2[:0], name); strings.EqualFold(string(k), string(want)) {
			return name
		}
	}
	return spelling(s, lang)
}

// checkEncoding names bytes that are not UTF-8, and the two ways a long
// dash arrives garbled: the Windows-1252 byte 0x97, and UTF-8 read as
// Windows-1252 ("â€”").
func (p *parser) checkEncoding(line string) *Error {
	if utf8.ValidString(line) {
		if strings.Contains(line, "â€”") {
			return p.fail("", CauseEncoding, "â€”", func() string {
				return `"â€”" is a long dash garbled by an encoding mix-up (UTF-8 read as Windows-1252): decode the input as UTF-8`
			})
		}
		return nil
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			if line[i] == 0x97 {
				return p.fail("", CauseEncoding, "\x97", func() string {
					return "byte 0x97 at offset " + strconv.Itoa(i) + " is the long dash of Windows-1252: convert the input to UTF-8"
				})
			}
			return p.fail("", CauseEncoding, line[i:i+1], func() string {
				return "byte 0x" + strconv.FormatUint(uint64(line[i]), 16) + " at offset " + strconv.Itoa(i) + " is not UTF-8: convert the input to UTF-8"
			})
		}
		i += size
	}
	return nil
}

// printedDashes are the dashes cards and card databases print for " — ",
// and the bare long dash without its spaces.
var printedDashes = [...]string{" -- ", " - ", " – ", "—"}

// cutDash splits a face at its dash. The rules' mode wants " — " and
// explains any other dash; printed mode accepts the others, noting them.
// The offset returned is where right begins in s.
func (p *parser) cutDash(s string, off int) (left, right string, rightAt int, hasDash bool, err *Error) {
	if i := indexDash(s); i >= 0 {
		return s[:i], s[i+len(dash):], i + len(dash), true, nil
	}
	for _, d := range printedDashes {
		i := strings.Index(s, d)
		if i < 0 || blank(s[:i]) || blank(s[i+len(d):]) {
			continue
		}
		if !p.Printed {
			if d == "—" {
				return "", "", 0, false, p.fail(data.RuleSubtypes, CauseDash, "—", func() string { return "the long dash must have a space on each side" })
			}
			return "", "", 0, false, p.strictError(note{kind: noteDash, printed: strings.TrimSpace(d)})
		}
		lead := len(d) - len(strings.TrimLeft(d, " "))
		p.note(noteDash, off+i+lead, strings.TrimSpace(d), nil)
		return s[:i], s[i+len(d):], i + len(d), true, nil
	}
	if strings.Contains(s, "—") {
		return "", "", 0, false, p.fail(data.RuleSubtypes, CauseDash, "—", func() string { return "the long dash must have a space on each side" })
	}
	return s, "", 0, false, nil
}

// asPrinted returns the parser in printed mode, for the rules' mode to
// tell a form only cards print from an unknown word; nil in printed mode.
func (p *parser) asPrinted() *parser {
	if p.Printed || p.quiet {
		return nil
	}
	q := *p
	q.Printed, q.collect, q.notes = true, false, nil
	return &q
}

// printedForm is the rules' verdict on w, which printed mode reads as s:
// a removed name, a word of the other language, or a form only cards
// print.
func (p *parser) printedForm(w string, s *sense, how noteKind) *Error {
	if err := p.usable(w, s, p.Lang); err != nil {
		return err
	}
	return p.strictError(note{kind: how, printed: w, s: s})
}

// printedSubtype is the rules' verdict, by printedForm, on the first
// subtype printed mode finds at toks[0]; nil if it finds none.
func (q *parser) printedSubtype(right string, toks []span, f *face) *Error {
	most := 1
	tok := right[toks[0].start:toks[0].end]
	for _, w := range []*word{vocab.lookup(tok), vocab.lookupLoose(tok)} {
		if w != nil {
			most = max(most, w.Phrase)
		}
	}
	for n := min(most, len(toks)); n >= 1; n-- {
		phrase := right[toks[0].start:toks[n-1].end]
		if s, how := q.subtypeSense(phrase, n, f); s != nil {
			return (&parser{Options: Options{Lang: q.Lang, AsOf: q.AsOf}}).printedForm(phrase, s, how)
		}
	}
	return nil
}

func variantOr(s *sense, k noteKind) noteKind {
	if s.Form == formVariant {
		return noteVariant
	}
	return k
}
