package keyword

import (
	"strings"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/internal/kwform"
)

// DatabaseName is a name card databases give a keyword in a card's
// keywords (Scryfall's and MTGJSON's "keywords"), and the rule by which
// the keyword goes by it.
type DatabaseName struct {
	Name string // "First strike", "Islandwalk", "Typecycling", "Manifest"
	Rule string // "702.7", "702.14a", "702.29e", "701.62a"
}

// DatabaseNames appends to dst the names card databases give the
// keyword, each with its rule:
//
//   - the rules' name in sentence case ("First strike", "Collect
//     evidence", "Max speed"), by the keyword's rule; a token's name
//     ("Treasure");
//   - the variant a card prints, where it prints words or a type of its
//     own ("Islandwalk", "Hexproof from", "Basic landcycling"), by the
//     subrule that writes its form; for a cycling of a type, the names
//     databases file it under besides, "Typecycling" and, for a land
//     type, "Landcycling", by the same subrule (702.29e);
//   - each keyword action the keyword's rule defines it through, which a
//     card that performs it performs too ("Manifest dread" means "Look at
//     the top two cards of your library. Manifest one of them, ...",
//     701.62a: Manifest), by that subrule.
//
// Words are joined by one space whatever the card prints between them.
// It allocates what it recases.
func (f Found) DatabaseNames(dst []DatabaseName) []DatabaseName {
	name := sentenceCase(f.Name())
	dst = append(dst, DatabaseName{name, f.Rule()})
	if f.Kind == KindAction && int(f.Action) < len(actionThrough) {
		for _, th := range actionThrough[f.Action] {
			dst = append(dst, DatabaseName{sentenceCase(th.action.String()), th.rule})
		}
	}
	if f.Kind != KindAbility || f.Printed == "" {
		return dst
	}
	printed := sentenceCase(spaced(f.Printed))
	if strings.EqualFold(printed, name) {
		return dst
	}
	dst = append(dst, DatabaseName{printed, f.FormRule})
	if typ := f.params[0]; typ.Kind == ParamType && f.Form != "" && f.Form[0] == '[' && strings.HasSuffix(strings.ToLower(f.Printed), "cycling") {
		dst = append(dst, DatabaseName{"Typecycling", f.FormRule})
		if landType(typ.Text) {
			dst = append(dst, DatabaseName{"Landcycling", f.FormRule})
		}
	}
	return dst
}

// spaced is text with its tokens one space apart ("Basic  landcycling"
// is "Basic landcycling").
func spaced(text string) string {
	var b strings.Builder
	for i, t := range kwform.Lex(text, nil) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text(text))
	}
	return b.String()
}

// landType reports whether type words name land ("basic land") or a land
// type ("Swamp", "Desert").
func landType(t string) bool {
	for _, tk := range kwform.Lex(t, nil) {
		w := tk.Text(t)
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
