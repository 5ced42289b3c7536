// Package kwform is what cmd/gen and package keyword share of keywords
// as cards print them: the one lexer of a card's line and of every form,
// verb and name matched against it (Lex); the key by which two words
// compare (Key, Hash, Equal); a keyword's form as its rule writes it
// ("Ward [cost]", "Suspend N—[cost]", "[type]walk", "Boast — [Cost]:
// [Effect]") read into the parts a reader matches, one token each (Parse,
// Part, PartKind, ParamKind, MaxParams); and the verb forms of a keyword
// action ("scry", "scries", "scried", "scrying": Verbs). cmd/gen lays out
// what it reads as static data of package keyword, whose reader of card
// text (hand-written beside the tables) matches it token by token;
// package keyword gives Part, PartKind and ParamKind under its own names;
// snapshot validation refuses a form no reader could read (Check). It
// imports the standard library only, as a generated package may.
package kwform

import (
	"database/sql/driver"
	"fmt"
	"strings"
)

// PartKind is what one part of a form is.
type PartKind uint8

// The kinds of part.
const (
	PartWord  PartKind = iota + 1 // a word (or a sign, "∞") printed in any case: one token
	PartDash                      // the long dash, with or without spaces around it
	PartColon                     // the colon after a cost ("Boast — [Cost]: [Effect]")
	PartParam                     // a parameter
	// PartGlued is a parameter printed glued to the word after it:
	// "[type]walk" prints "Islandwalk".
	PartGlued
	// PartSymbol is a symbol with a number in it, of its keyword's own:
	// "{N+}" (721.2a), printed "{12+}", or in Oracle text as its keyword's
	// name in capitals, "STATION 12+". Text is what follows the number.
	PartSymbol
)

var partKindIdents = [...]string{"", "PartWord", "PartDash", "PartColon", "PartParam", "PartGlued", "PartSymbol"}

// GoString is the kind's constant ("PartWord"), as cmd/gen writes it in
// package keyword's tables.
func (k PartKind) GoString() string { return nameAt(partKindIdents[:], int(k)) }

// Part is one part of a form: a token a card prints, or a parameter.
type Part struct {
	Kind PartKind
	// Text is a word as the reader compares it (its Key: "ward", "from",
	// "doctor's"), the ending a glued parameter is printed with ("walk" of
	// "[type]walk"), or what follows a symbol's number ("+" of "{N+}").
	Text  string
	Param ParamKind // of a PartParam, PartGlued or PartSymbol
}

// ParamKind says what a keyword's parameter holds.
type ParamKind uint8

// The kinds of parameter.
const (
	// ParamCost is mana symbols ("{2}{W}"), or after a long dash the words
	// of a cost ("Ward—Pay 3 life.").
	ParamCost    ParamKind = iota + 1
	ParamNumber            // "Bushido 2", "Bloodthirst X", "scry 2"
	ParamQuality           // "Protection from black", "Enchant creature", "Affinity for artifacts"
	ParamName              // "Partner with Pir, Imaginative Rascal"
	ParamType              // "Islandwalk": Island; "Basic landcycling": basic land
	ParamAbility           // "Boast — {1}{R}: ...": the ability after the cost; "Companion — ...": the condition
	ParamPT                // "Prototype {1}{B}{B} — 3/3": a power and toughness
)

var (
	paramKindNames  = [...]string{"", "cost", "number", "quality", "name", "type", "ability", "pt"}
	paramKindIdents = [...]string{"", "ParamCost", "ParamNumber", "ParamQuality", "ParamName", "ParamType", "ParamAbility", "ParamPT"}
)

// String is the kind's name: "cost", "number", "quality", "name",
// "type", "ability", "pt".
func (k ParamKind) String() string { return nameAt(paramKindNames[:], int(k)) }

// GoString is the kind's constant ("ParamCost"), as cmd/gen writes it in
// package keyword's tables.
func (k ParamKind) GoString() string { return nameAt(paramKindIdents[:], int(k)) }

// nameAt is names[n], or "" out of range.
func nameAt(names []string, n int) string {
	if n > 0 && n < len(names) {
		return names[n]
	}
	return ""
}

// MarshalText writes the kind's name.
func (k ParamKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *ParamKind) UnmarshalText(b []byte) error {
	for i, n := range paramKindNames {
		if i > 0 && n == string(b) {
			*k = ParamKind(i)
			return nil
		}
	}
	return fmt.Errorf("keyword: %q is no kind of parameter (want one of %q)", b, paramKindNames[1:])
}

// Value stores the kind in a database as its name.
func (k ParamKind) Value() (driver.Value, error) { return k.String(), nil }

// Scan reads a kind from a database, as Value stores it.
func (k *ParamKind) Scan(src any) error {
	switch x := src.(type) {
	case nil:
		return k.UnmarshalText(nil)
	case string:
		return k.UnmarshalText([]byte(x))
	case []byte:
		return k.UnmarshalText(x)
	}
	return fmt.Errorf("keyword: cannot scan %T into a kind of parameter: want its text (TEXT)", src)
}

// MaxParams is how many parameters a form may have: "Suspend N—[cost]",
// "Craft with [materials] [cost]", "Boast — [Cost]: [Effect]" have two,
// "{N+}[abilities][P/T]" (721.2b) three. A reader keeps them in an array
// of this size, allocating nothing.
const MaxParams = 3

// Check reports why a reader of card text could not read a form, or nil:
// it must print a word of its own (a parameter alone reads no keyword),
// close its brackets, and have at most MaxParams parameters.
func Check(form string) error {
	if strings.Count(form, "[") != strings.Count(form, "]") {
		return fmt.Errorf("the form %q leaves a bracket open", form)
	}
	params, words := 0, 0
	for _, p := range Parse(form) {
		switch p.Kind {
		case PartParam:
			params++
		case PartGlued, PartSymbol: // a parameter, and a word or a symbol of its keyword's own
			params++
			words++
		case PartWord:
			words++
		}
	}
	switch {
	case words == 0:
		return fmt.Errorf("the form %q prints no word of its own: a reader could not tell its keyword", form)
	case params > MaxParams:
		return fmt.Errorf("the form %q has %d parameters, and a reader of card text keeps at most %d", form, params, MaxParams)
	}
	return nil
}

// Parse reads a form as the rules write it into its parts: the tokens of
// its text as Lex reads a card's line (each word a part, its Key; the
// long dash; a colon after a cost) and its parameters ("[cost]", "N",
// "X", "[quality]", "[type]walk", "{N+}").
func Parse(form string) []Part {
	var out []Part
	for i := 0; i < len(form); {
		open := strings.IndexByte(form[i:], '[')
		if open != 0 {
			end := len(form)
			if open > 0 {
				end = i + open
			}
			out = appendParts(out, form[i:end])
			i = end
			continue
		}
		inner, next := form[i+1:], len(form)
		if end := strings.IndexByte(form[i:], ']'); end >= 0 {
			inner, next = form[i+1:i+end], i+end+1
		}
		k := paramKind(inner)
		i = next
		if i < len(form) && letterAt(form, i) {
			// A word glued after it: "[type]walk".
			_, end := lexAt(form, i)
			out = append(out, Part{Kind: PartGlued, Text: Key(form[i:end]), Param: k})
			i = end
			continue
		}
		out = append(out, Part{Kind: PartParam, Param: k})
	}
	return out
}

// appendParts appends the parts of a form's text between its bracketed
// parameters: a part for each token.
func appendParts(out []Part, text string) []Part {
	var buf [16]Token
	for _, t := range Lex(text, buf[:0]) {
		w := t.Text(text)
		switch {
		case t.Kind == TokWord && (w == "N" || w == "X"):
			out = append(out, Part{Kind: PartParam, Param: ParamNumber})
		case t.Kind == TokSymbol && strings.HasPrefix(w, "{N") && !letterAt(w, 2):
			out = append(out, Part{Kind: PartSymbol, Text: Key(w[2 : len(w)-1]), Param: ParamNumber})
		case t.Kind == TokDash:
			out = append(out, Part{Kind: PartDash})
		case t.Kind == TokColon:
			out = append(out, Part{Kind: PartColon})
		default:
			out = append(out, Part{Kind: PartWord, Text: Key(w)})
		}
	}
	return out
}

// Keys are the keys of the tokens of a text, in order: the words of a
// verb ("venture into the dungeon"), a name ("Doctor’s companion":
// "doctor's", "companion"), an ability word ("Descend 4").
func Keys(text string) []string {
	var out []string
	for _, t := range Lex(text, nil) {
		out = append(out, Key(t.Text(text)))
	}
	return out
}

// paramKind is the kind of a parameter by the words in its brackets.
func paramKind(inner string) ParamKind {
	w := strings.ToLower(inner)
	switch {
	case strings.HasPrefix(w, "cost"):
		return ParamCost
	case w == "name":
		return ParamName
	case w == "type" || w == "subtype":
		return ParamType
	case strings.Contains(w, "abilit") || w == "effect" || w == "condition":
		return ParamAbility
	case w == "p/t" || w == "power" || w == "toughness":
		return ParamPT
	}
	return ParamQuality
}
