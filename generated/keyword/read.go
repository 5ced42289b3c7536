package keyword

import (
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/token"
	"github.com/mtgrules/crgen/internal/kwform"
)

// Reading card text: a card's line is cut into tokens (kwform.Lex, the
// lexer cmd/gen reads the forms with); the keyword abilities of its
// keyword lines and the keyword actions of all of it are read by one
// matcher, each by the forms its own rule writes (Ability.Forms,
// Action.Forms), with its parameters typed (match.go, params.go); verbs,
// designations, ability words, flavor words and tokens in actions.go, all
// found by their first word (vocab.go). These files are the algorithm;
// tables.go holds the forms and the words cmd/gen read from the rules.

// Param is a parameter a keyword is printed with.
type Param struct {
	Kind ParamKind // 0: none
	// Text is the parameter as printed: "{2}{W}", "Pay 3 life", "2",
	// "X", "Sunburst", "black", "basic land", "Pir, Imaginative Rascal",
	// "Orcs", "3/3".
	Text string
	// Offset and End are where Text begins and ends in the text read, in
	// bytes.
	Offset, End int
	// Number is a ParamNumber's value: a number ("4"; an action's number
	// in words, "mills three cards": 3), a variable ("X"), or the keyword
	// ability that sets it ("Modular—Sunburst": Sunburst, 702.44c).
	Number Number
	// Where is what the text says a variable of the keyword is, in the
	// words after it ("Devour X, where X is the number of creatures
	// devoured this way": "the number of creatures devoured this way");
	// the keyword's span holds them.
	Where string
	// Cost is a ParamCost's mana symbols: all of it when Mana is set
	// ("{1}{U}"), its leading symbols when the cost also has words
	// ("Escape—{3}{B}{B}, Exile five other cards ..."), the first choice
	// of a cost with choices ("Cumulative upkeep {W} or {U}", 702.24a:
	// AppendChoices gives each).
	Cost mana.Cost
	Mana bool // the cost is mana symbols only, one choice
	// Subtype is a ParamType's subtype where it is one, in any category
	// and in the plural as cards print it ("amass Orcs 2": Orc).
	Subtype subtype.Subtype
	// Power and Toughness are a ParamPT's ("3/2"; "X/X" variables, "*/*"
	// set by a characteristic-defining ability, 208.2a).
	Power, Toughness Number
}

// Number is a number a card prints as a keyword's parameter, typed.
type Number struct {
	// Value is a number's value: "4", "three" (3); 0 for a variable or an
	// ability's.
	Value int
	// Variable is a variable's letter, "X" (107.3a), or "*", a power or
	// toughness a characteristic-defining ability sets (208.2a); "" for
	// a number.
	Variable string
	// Ability is the keyword ability printed in the number's place, which
	// sets it: "Modular—Sunburst" (702.44c, sunburst setting a variable
	// number for another ability).
	Ability Ability
}

// Found is one keyword a card's text uses.
type Found struct {
	Kind    Kind
	Ability Ability     // for KindAbility
	Action  Action      // for KindAction
	Word    AbilityWord // for KindAbilityWord
	Token   token.Token // for KindToken
	// Use is how the card uses it: it has it or does it, names it as a
	// trigger's condition, names the designation it gives, or names its
	// meld pair.
	Use Use
	// Reminder is set for a keyword found in reminder text (207.2a: it
	// summarizes a rule; "(If you would draw a card, you may mill two
	// cards instead.)"), which the card's own text does not say.
	Reminder bool
	n        uint8 // parameters read
	// Printed is the keyword as the card prints it, up to its last word
	// of its own: "Islandwalk", "protection from", "Basic landcycling",
	// "Equip planeswalker", "Goblin offering", "scries", "Landfall",
	// "STATION", "Treasure".
	Printed string
	// Form is the form it was read by ("[type]walk", "scry N"); "" for an
	// ability word, a token or an action printed without parameters.
	Form string
	// FormRule is the subrule that writes Form ("702.14a", "701.22a").
	FormRule string
	// Offset is where Printed begins in the text, in bytes; End where the
	// keyword ends, its parameters included ("Ward {2}" whole; "Devour X,
	// where X is ..." to the end of what X is).
	Offset, End int
	// Was is the name the card prints for a keyword the rules renamed
	// since ("Totem armor", found as Umbra Armor): the reader finds it
	// under the name of the rules read.
	Was    string
	params [kwform.MaxParams]Param
}

// NumParams is how many parameters the keyword is printed with, in its
// form's order: one for "Ward {2}" or "Islandwalk" (the type, island),
// two for "Suspend 4—{1}{U}" (a number and a cost), the subtype and the
// number of "amass Orcs 2"; none for a bare keyword.
func (f Found) NumParams() int { return int(f.n) }

// Param is the keyword's parameter i (from 0, in its form's order), or
// the zero Param past its last: f.Param(0) of a bare keyword.
func (f Found) Param(i int) Param {
	if i < 0 || i >= int(f.n) {
		return Param{}
	}
	return f.params[i]
}

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

// Reader reads the keywords of card text by the rules of one release.
// Its zero value reads by today's rules; NewReader makes one for the
// rules in force on a day.
type Reader struct {
	// Name is the card's name (its face's): where the text names the card
	// ("Clash of Titans deals ...") it names no keyword.
	Name string
	// date is the day read as of, "" for today's rules; forms, verbs,
	// words and tokens are the releases whose keyword abilities and their
	// forms, keyword actions, ability words and predefined tokens are
	// read, as of date, each found once when the reader is made.
	date, forms, verbs, words, tokens string
}

// NewReader returns a reader by the rules in force on date (YYYY-MM-DD):
// a keyword they did not list then, or a form its rule did not write, is
// not found. "" is today's rules. A date before the oldest release known
// is a *rules.DateError.
func NewReader(date string) (Reader, error) {
	if date == "" {
		return Reader{}, nil
	}
	r := Reader{date: date}
	var ok bool
	if r.forms, ok = AbilityList().KnownAsOf(date); !ok {
		return Reader{}, &rules.DateError{Pkg: "keyword", Date: date}
	}
	r.verbs, _ = ActionList().KnownAsOf(date)
	r.words, _ = AbilityWordList().KnownAsOf(date)
	r.tokens, _ = token.TokenList().KnownAsOf(date)
	return r, nil
}

// AsOf is the day the reader reads as of, "" for today's rules.
func (r Reader) AsOf() string { return r.date }

// Append appends to dst every keyword of text by today's rules, as
// Reader.Append does.
func Append(dst []Found, text string) []Found { return Reader{}.Append(dst, text) }

// Append appends to dst every keyword of text, by the rules r reads, and
// returns the extended slice, as strconv.AppendInt does; dst may be
// reused from one card to the next: reading then allocates nothing.
//
//   - the keyword abilities of each keyword line, a line of abilities
//     alone separated by commas or semicolons ("Flying, vigilance",
//     "Protection from black and from red", "Ward—Pay 3 life.",
//     "Plainscycling {2}, islandcycling {2}", "Hexproof from artifacts,
//     creatures, and enchantments": one for each quality), each read by
//     one of the forms its rule writes, with its parameters; reminder
//     text is skipped, and a last ability with a parameter may be
//     followed by a sentence ("Kicker {X}. X can't be 0."); an ability
//     whose rule writes no form, printed with mana symbols after its name
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
//     keyword gives ("suspected", "plotted") UseDesignation, the meld of
//     a meld pair a card's reminder names ("(Melds with ...)") UsePair;
//   - ", where X is ..." after a keyword whose parameter X is, in its
//     span, what X is its parameter's Where;
//   - each predefined token the text creates ("create a Treasure token",
//     "Gift a Food");
//   - a keyword the rules renamed, printed under its old name in older
//     Oracle text ("Totem armor"), under the name of the rules read, its
//     printed name in Was.
//
// Those of reminder text are marked Reminder. Words compare as tokens,
// in any case and with either apostrophe: spaces and tabs between them,
// any number, read alike.
func (r Reader) Append(dst []Found, text string) []Found {
	s := scan{r: r, dst: dst}
	if first, ok := kwform.Next(r.Name, 0); ok {
		s.nameFirst = first.Text(r.Name)
	}
	var buf [maxTokens]kwform.Token
	for off := 0; off <= len(text); {
		end := off
		for end < len(text) && text[end] != '\n' {
			end++
		}
		line := text[off:end]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		s.line(buf[:0], line, off)
		off = end + 1
	}
	return s.dst
}

// maxTokens is how many tokens of a line a reading keeps on the stack; a
// longer line (none is printed) costs one allocation.
const maxTokens = 256
