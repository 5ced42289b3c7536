package keyword

import (
	"strings"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/token"
)

// Reading card text: a card's line is cut into tokens (lex.go); the
// keyword abilities of its keyword lines and the keyword actions of all of
// it are read by one matcher, each by the forms its own rule writes
// (Ability.Forms, Action.Forms), with its parameters (match.go); verbs,
// designations, ability words, flavor words and tokens in actions.go.
// These files are the algorithm; tables.go holds the forms, verbs and
// designations cmd/gen read from the rules.

// Param is a parameter a keyword is printed with.
type Param struct {
	Kind ParamKind // 0: none
	// Text is the parameter as printed: "{2}{W}", "Pay 3 life", "2",
	// "X", "black", "basic land", "Pir, Imaginative Rascal", "Orcs".
	Text string
	// Offset and End are where Text begins and ends in the text read, in
	// bytes.
	Offset, End int
	// Number is a ParamNumber's value: 0 for X; an action's number
	// printed in words has its value ("mills three cards": 3).
	Number int
	// Cost is a ParamCost's mana symbols: all of it when Mana is set
	// ("{1}{U}"), its leading symbols when the cost also has words
	// ("Escape—{3}{B}{B}, Exile five other cards ..."), the first choice
	// of a cost with choices ("Cumulative upkeep {W} or {U}", 702.24a).
	Cost mana.Cost
	Mana bool // the cost is mana symbols only, one choice
	// Subtype is a ParamType's subtype where it is one, in any category
	// and in the plural as cards print it ("amass Orcs 2": Orc).
	Subtype subtype.Subtype
}

// Found is one keyword a card's text uses.
type Found struct {
	Kind    Kind
	Ability Ability     // for KindAbility
	Action  Action      // for KindAction
	Word    AbilityWord // for KindAbilityWord
	Token   token.Token // for KindToken
	// Printed is the keyword as the card prints it, up to its last word
	// of its own: "Islandwalk", "protection from", "Basic landcycling",
	// "Equip planeswalker", "Goblin offering", "scries", "Landfall",
	// "STATION", "Treasure".
	Printed string
	// Params are its parameters as printed, in its form's order: one for
	// "Ward {2}" or "Islandwalk" (the type, island), two for "Suspend
	// 4—{1}{U}" (a number and a cost), the subtype and the number of
	// "amass Orcs 2"; none for a bare keyword.
	Params [MaxParams]Param
	// Form is the form it was read by ("[type]walk", "scry N"); "" for an
	// ability word, a token or an action printed without parameters.
	Form string
	// FormRule is the subrule that writes Form ("702.14a", "701.22a").
	FormRule string
	// Offset is where Printed begins in the text, in bytes; End where the
	// keyword ends, its parameters included ("Ward {2}" whole).
	Offset, End int
	// Reminder is set for a keyword found in reminder text (207.2a: it
	// summarizes a rule; "(If you would draw a card, you may mill two
	// cards instead.)"), which the card's own text does not say.
	Reminder bool
	// Use is how the card uses it: it has it or does it, names it as a
	// trigger's condition, or names the designation it gives.
	Use Use
	// Was is the name the card prints for a keyword the rules renamed
	// since ("Totem armor", found as Umbra Armor): the reader finds it
	// under the name of the rules read.
	Was string
}

// Param is the keyword's first parameter: the zero Param for a bare
// keyword.
func (f Found) Param() Param { return f.Params[0] }

// Name is the keyword's name as the rules' title prints it: "Landwalk",
// "Protection", "Scry", "Landfall"; a token's name: "Treasure".
func (f Found) Name() string {
	switch f.Kind {
	case KindAbility:
		return f.Ability.String()
	case KindAction:
		return f.Action.String()
	case KindAbilityWord:
		return f.Word.String()
	case KindToken:
		return f.Token.String()
	}
	return ""
}

// Rule is the keyword's rule: its own (702.14, 701.22), 207.2c for an
// ability word, 111.10 for a predefined token.
func (f Found) Rule() string {
	switch f.Kind {
	case KindAbility:
		return f.Ability.Rule()
	case KindAction:
		return f.Action.Rule()
	case KindAbilityWord:
		return f.Word.Rule()
	case KindToken:
		return f.Token.Rule()
	}
	return ""
}

// DatabaseNames appends to dst the names card databases give the keyword
// in a card's keywords (Scryfall's and MTGJSON's "keywords"): the rules'
// name in sentence case ("First strike", "Collect evidence", "Max
// speed"); the variant a card prints, where it prints words or a type of
// its own ("Islandwalk", "Hexproof from", "Basic landcycling"); for a
// cycling of a type, the names databases file it under besides,
// "Typecycling" and, for a land type, "Landcycling" (702.29e); a token's
// name ("Treasure"). It allocates what it recases.
func (f Found) DatabaseNames(dst []string) []string {
	name := sentenceCase(f.Name())
	dst = append(dst, name)
	if f.Kind != KindAbility || f.Printed == "" || strings.EqualFold(f.Printed, name) {
		return dst
	}
	dst = append(dst, sentenceCase(f.Printed))
	if typ := f.Params[0]; typ.Kind == ParamType && f.Form != "" && f.Form[0] == '[' && strings.HasSuffix(strings.ToLower(f.Printed), "cycling") {
		dst = append(dst, "Typecycling")
		if landType(typ.Text) {
			dst = append(dst, "Landcycling")
		}
	}
	return dst
}

// landType reports whether type words name land ("basic land") or a land
// type ("Swamp", "Desert").
func landType(t string) bool {
	for _, w := range strings.Fields(t) {
		if foldIs(w, "land") {
			return true
		}
		if _, ok := data.Land.Lookup(w); ok {
			return true
		}
	}
	return false
}

// sentenceCase is a name with its first letter upper case and the others
// as the rules write them but for the first letter of each later word:
// "First Strike" → "First strike", "For Mirrodin!" → "For Mirrodin!" (a
// proper name keeps its capital).
func sentenceCase(name string) string {
	if name == "" {
		return name
	}
	var b strings.Builder
	for i, w := range strings.Split(name, " ") {
		if i > 0 {
			b.WriteByte(' ')
			if len(w) > 0 && w[0] >= 'A' && w[0] <= 'Z' && !properWord(w) {
				b.WriteByte(w[0] + 'a' - 'A')
				w = w[1:]
			}
		} else if len(w) > 0 && w[0] >= 'a' && w[0] <= 'z' {
			b.WriteByte(w[0] - 'a' + 'A')
			w = w[1:]
		}
		b.WriteString(w)
	}
	return b.String()
}

// properWord reports whether a word of a keyword's name is a proper name,
// which keeps its capital: a plane or a type in its name ("Mirrodin!").
func properWord(w string) bool {
	w = strings.TrimRight(w, "!?")
	if _, ok := data.CardTypes.Lookup(w); ok {
		return false
	}
	return strings.HasSuffix(w, "!") || w == "Mirrodin"
}

// Reader reads the keywords of card text. Its zero value reads by
// today's rules.
type Reader struct {
	// AsOf reads by the rules in force on a date (YYYY-MM-DD): a keyword
	// they did not list then, or a form its rule did not write, is not
	// found; "" is today's rules.
	AsOf string
	// Name is the card's name (its face's): where the text names the card
	// ("Clash of Titans deals ...") it names no keyword.
	Name string
}

// Read appends to dst every keyword of text by today's rules: the keyword
// abilities of its keyword lines, the ability words heading its lines,
// the keyword actions of all of it, the predefined tokens it creates. dst
// may be reused from one card to the next: reading then allocates
// nothing.
func Read(text string, dst []Found) []Found {
	out, _ := Reader{}.Read(text, dst)
	return out
}

// Read appends to dst every keyword of text, by the rules r says (a
// *rules.DateError for an AsOf no release was in force on):
//
//   - the keyword abilities of each keyword line, a line of abilities
//     alone separated by commas or semicolons ("Flying, vigilance",
//     "Protection from black and from red", "Ward—Pay 3 life.",
//     "Plainscycling {2}, islandcycling {2}"), each read by one of the
//     forms its rule writes, with its parameters; reminder text is
//     skipped, and a last ability with a parameter may be followed by a
//     sentence ("Kicker {X}. X can't be 0."); an ability whose rule
//     writes no form, printed with mana symbols after its name
//     ("Prototype {1}{R} — 3/2", 718.1), has that cost and its power and
//     toughness; a station symbol ("STATION 12+", 721.2a) is one;
//   - the ability word heading a line ("Landfall — Whenever ..."); a
//     flavor word heading one (207.2d: "Fear Gas — ...", a mode's name
//     "• Fight Crime — ...") is skipped, whatever its words, and the rest
//     of the line read as a line;
//   - every keyword action of every line, in any of its verb forms and
//     after any subject ("scry 2", "Target players each mill two cards",
//     "Investigate.", "transformed"), with its parameters by the forms
//     its rule writes ("amass Orcs 2", "collect evidence 4"), where its
//     verb is a verb: not the noun of "a +1/+1 counter" or "from exile",
//     not the status of "enters tapped" (110.5), not the first word of an
//     ability ("double strike"), not the card's name; an action named as
//     a trigger's condition is marked UseCondition, a designation a
//     keyword gives ("suspected", "plotted") UseDesignation;
//   - each predefined token the text creates ("create a Treasure token",
//     "Gift a Food");
//   - a keyword the rules renamed, printed under its old name in older
//     Oracle text ("Totem armor"), under the name of the rules read, its
//     printed name in Was.
//
// Those of reminder text are marked Reminder.
func (r Reader) Read(text string, dst []Found) ([]Found, error) {
	s := scan{date: r.AsOf, name: r.Name, dst: dst}
	if s.date != "" {
		// Each list as of the release that read it, found once.
		var ok bool
		if s.forms, ok = AbilityList().KnownAsOf(s.date); !ok {
			return dst, &rules.DateError{Pkg: "keyword", Date: s.date}
		}
		s.verbs, _ = ActionList().KnownAsOf(s.date)
		s.words, _ = AbilityWordList().KnownAsOf(s.date)
		s.tokens, _ = token.TokenList().KnownAsOf(s.date)
	}
	var buf [maxTokens]lexeme
	for off := 0; off <= len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		s.line(buf[:0], strings.TrimSuffix(text[off:off+end], "\r"), off)
		off += end + 1
	}
	return s.dst, nil
}

// scan is one reading of a text.
type scan struct {
	date string // "" for today's rules
	// forms, verbs, words and tokens are the releases whose keyword
	// abilities and their forms, keyword actions, ability words and
	// predefined tokens are read, as of date.
	forms, verbs, words, tokens string
	name                        string
	dst                         []Found
	// The line read: its text, where it begins in the text, its tokens.
	// (Its tokens are no field: they are passed down, so that the
	// stack's buffer they are read into stays there.)
	src string
	off int
}

// line reads one line of text, which begins at offset off, its tokens
// read into buf.
func (s *scan) line(buf []lexeme, line string, off int) {
	s.src, s.off = line, off
	t := lexLine(line, buf)
	from := 0
	n := len(s.dst)
	head, word, ok := s.heading(t) // an ability word heading the line appended
	if word || !s.keywordLine(t, 0) {
		// An ability word heading the line (207.2c, what the rules list
		// first), or a flavor word where the line is no keyword line: the
		// rest is read as a line of its own.
		if !word {
			s.dst = s.dst[:n]
		}
		if word || ok {
			from = head
			if m := len(s.dst); !s.keywordLine(t, from) {
				s.dst = s.dst[:m]
			}
		}
	}
	s.actions(t, from)
}

// text is the line's text from token i to token j (exclusive), and where
// it begins and ends in the text read.
func (s *scan) text(t []lexeme, i, j int) (string, int, int) {
	if i >= j {
		return "", s.off, s.off
	}
	a, b := int(t[i].start), int(t[j-1].end)
	return s.src[a:b], s.off + a, s.off + b
}

// word is the text of token i.
func (s *scan) word(t []lexeme, i int) string { return s.src[t[i].start:t[i].end] }

// is reports whether token i is of kind k.
func (s *scan) is(t []lexeme, i int, k tokKind) bool { return i < len(t) && t[i].kind == k }

// keywordLine appends the keyword abilities of a keyword line that
// begins at token from and reports true, or false for a line that is not
// all keyword abilities (what it appended then is to be dropped).
func (s *scan) keywordLine(t []lexeme, from int) bool {
	i, items := from, 0
	for {
		i = s.skipReminder(t, i)
		if i >= len(t) {
			return items > 0
		}
		end, sentence, ok := s.item(t, i)
		if !ok {
			return false
		}
		items++
		if sentence {
			return true
		}
		i = s.skipReminder(t, end)
		switch {
		case i >= len(t):
			return true
		case s.is(t, i, tokComma), s.is(t, i, tokSemicolon):
			i++
		default:
			return false
		}
	}
}

// skipReminder skips the reminder text (in parentheses) at token i.
func (s *scan) skipReminder(t []lexeme, i int) int {
	for s.is(t, i, tokOpen) {
		d := t[i].depth
		i++
		for i < len(t) && !(t[i].kind == tokClose && t[i].depth == d) {
			i++
		}
		if i < len(t) {
			i++
		}
	}
	return i
}

// listed reports whether the rules read list the ability.
func (s *scan) listed(v Ability) bool {
	if s.date == "" {
		return v.IsValid()
	}
	return listedIn(data.Abilities, int(v), s.forms)
}

func (s *scan) listedAction(v Action) bool {
	if s.date == "" {
		return v.IsValid()
	}
	return listedIn(data.Actions, int(v), s.verbs)
}

// listedIn is Table.ListedIn of a release known to have read the list:
// no search for it on every name.
func listedIn(t *enum.Table, v int, release string) bool {
	e := t.Entry(v)
	return e != nil && enum.ListedOn(e.Since, e.Removed, e.Gaps, release)
}

// formListed reports whether the keyword's rule wrote the form in the
// rules read.
func (s *scan) formListed(f *Form, release string) bool {
	if s.date == "" {
		return f.Removed == ""
	}
	return formIn(f, release)
}
