package keyword

import (
	"strings"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
)

// Reading card text: the keyword abilities of a card's keyword lines,
// each by the forms its own rule writes (Ability.Forms), with its
// parameters (match.go); every keyword action its text uses, in any of
// its verb forms, and every ability word heading a line (actions.go).
// These files are the algorithm; tables.go holds the forms and verbs
// cmd/gen read from the rules.

// Param is a parameter a keyword is printed with.
type Param struct {
	Kind ParamKind // 0: none
	// Text is the parameter as printed: "{2}{W}", "Pay 3 life", "2",
	// "X", "black", "basic land", "Pir, Imaginative Rascal".
	Text string
	// Number is a ParamNumber's value: 0 for X; an action's number
	// printed in words has its value ("mills three cards": 3).
	Number int
	// Cost is a ParamCost's mana symbols: all of it when Mana is set
	// ("{1}{U}"), its leading symbols when the cost also has words
	// ("Escape—{3}{B}{B}, Exile five other cards ...").
	Cost mana.Cost
	Mana bool // the cost is mana symbols only
}

// Found is one keyword a card's text uses.
type Found struct {
	Kind    Kind
	Ability Ability     // for KindAbility
	Action  Action      // for KindAction
	Word    AbilityWord // for KindAbilityWord
	// Printed is the keyword as the card prints it, up to its last word
	// of its own: "Islandwalk", "protection from", "Basic landcycling",
	// "Equip planeswalker", "Goblin offering", "scries", "Landfall".
	Printed string
	// Params are its parameters as printed, in its form's order: one for
	// "Ward {2}" or "Islandwalk" (the type, island), two for "Suspend
	// 4—{1}{U}" (a number and a cost); none for a bare keyword. An
	// action has its number, where one follows it ("scry 2").
	Params [MaxParams]Param
	// Form is the ability's form it was read by ("[type]walk"); "" for an
	// action or an ability word.
	Form string
	// FormRule is the subrule that writes Form ("702.14a").
	FormRule string
	// Offset is where Printed begins in the text, in bytes.
	Offset int
	// Reminder is set for an action found in reminder text (207.2a: it
	// summarizes a rule; "(If you would draw a card, you may mill two
	// cards instead.)"), which the card's own text does not say.
	Reminder bool
}

// Param is the keyword's first parameter: the zero Param for a bare
// keyword.
func (f Found) Param() Param { return f.Params[0] }

// Name is the keyword's name as the rules' title prints it: "Landwalk",
// "Protection", "Scry", "Landfall".
func (f Found) Name() string {
	switch f.Kind {
	case KindAbility:
		return f.Ability.String()
	case KindAction:
		return f.Action.String()
	case KindAbilityWord:
		return f.Word.String()
	}
	return ""
}

// Rule is the keyword's rule: its own (702.14, 701.22), or 207.2c for an
// ability word.
func (f Found) Rule() string {
	switch f.Kind {
	case KindAbility:
		return f.Ability.Rule()
	case KindAction:
		return f.Action.Rule()
	case KindAbilityWord:
		return f.Word.Rule()
	}
	return ""
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
// the keyword actions of all of it. dst may be reused from one card to
// the next: reading then allocates nothing.
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
//     ("Prototype {1}{R} — 3/2", 718.1), has that cost;
//   - the ability word heading a line that is no keyword line
//     ("Landfall — Whenever ...");
//   - every keyword action of every line, in any of its verb forms
//     ("scry 2", "mills three cards", "Investigate.", "transformed"),
//     where its verb is a verb: not the noun of "a +1/+1 counter" or
//     "from exile", not the status of "enters tapped" (110.5), not the
//     first word of an ability ("double strike"), not the card's name.
//     Those of reminder text are marked Reminder.
func (r Reader) Read(text string, dst []Found) ([]Found, error) {
	s := scan{date: r.AsOf, name: r.Name, dst: dst}
	if s.name != "" {
		s.first = s.name[0]
	}
	if s.date != "" {
		// Each list as of the release that read it, found once.
		var ok bool
		if s.forms, ok = AbilityList().KnownAsOf(s.date); !ok {
			return dst, &rules.DateError{Pkg: "keyword", Date: s.date}
		}
		s.verbs, _ = ActionList().KnownAsOf(s.date)
		s.words, _ = AbilityWordList().KnownAsOf(s.date)
	}
	for off := 0; off <= len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		line := strings.TrimSuffix(text[off:off+end], "\r")
		s.line(line, off)
		off += end + 1
	}
	return s.dst, nil
}

// scan is one reading of a text.
type scan struct {
	date string // "" for today's rules
	// forms, verbs and words are the releases whose keyword abilities
	// and their forms, keyword actions and ability words are read, as of
	// date.
	forms, verbs, words string
	name                string
	first               byte // the name's first byte; 0 for no name
	dst                 []Found
}

// line reads one line of text, which begins at offset off.
func (s *scan) line(line string, off int) {
	n := len(s.dst)
	if !s.keywordLine(line, off) {
		s.dst = s.dst[:n]
		s.abilityWord(line, off)
	}
	s.actions(line, off)
}

// keywordLine appends the keyword abilities of a keyword line and
// reports true, or false for a line that is not all keyword abilities
// (what it appended then is to be dropped).
func (s *scan) keywordLine(line string, off int) bool {
	i, items := 0, 0
	for {
		i = skipReminder(line, i)
		if i >= len(line) {
			return items > 0
		}
		end, sentence, ok := s.item(line, i, off)
		if !ok {
			return false
		}
		items++
		if sentence {
			return true
		}
		i = skipReminder(line, end)
		switch {
		case i >= len(line):
			return true
		case strings.HasPrefix(line[i:], ", "), strings.HasPrefix(line[i:], "; "):
			i += 2
		default:
			return false
		}
	}
}

// skipReminder skips spaces and reminder text (in parentheses) from i.
func skipReminder(line string, i int) int {
	for i < len(line) {
		switch line[i] {
		case ' ':
			i++
		case '(':
			i = closeParen(line, i)
		default:
			return i
		}
	}
	return i
}

// closeParen is where the parenthesis opened at line[i] closes, past it,
// nested ones included; the line's end when it does not.
func closeParen(line string, i int) int {
	depth := 0
	for ; i < len(line); i++ {
		switch line[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
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

// listedIn is Table.ListedIn of a release known to have read the list:
// no search for it on every name.
func listedIn(t *enum.Table, v int, release string) bool {
	e := t.Entry(v)
	return e != nil && enum.Listed(e.Since, e.Removed, e.Gaps, release)
}

// formListed reports whether the ability's rule wrote the form in the
// rules read.
func (s *scan) formListed(f *Form) bool {
	if s.date == "" {
		return f.Removed == ""
	}
	return formIn(f, s.forms)
}
