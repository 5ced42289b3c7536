package keyword

import "slices"

// Form is one form of a keyword as its rule writes it: "Ward
// [cost]" (702.21a), "Protection from [quality]" (702.16a), "[type]walk"
// (702.14a), a variant the rule defines ("Megamorph [cost]", 702.37b;
// "Equip planeswalker [cost]", 702.6e), or the ability's name alone
// where its rule writes none ("Flying"). cmd/gen reads each from the
// snapshots (internal/kwform parses its parts); the reader of card text
// matches a line against the parts.
type Form struct {
	Text string // as the rule writes it: "Suspend N—[cost]"
	Rule string // the subrule that writes it ("702.62a"), or the ability's rule
	// Since is the first release whose rule wrote the form; Removed the
	// first release, after its last, whose rule no longer did ("" while
	// it does).
	Since, Removed string
	Parts          []Part
}

// Params returns the kinds of the form's parameters, in order: none for
// "Flying", ParamNumber and ParamCost for "Suspend N—[cost]".
func (f Form) Params() []ParamKind {
	var out []ParamKind
	for _, p := range f.Parts {
		if p.Kind == PartParam || p.Kind == PartGlued {
			out = append(out, p.Param)
		}
	}
	return out
}

// Part is one part of a form.
type Part struct {
	Kind PartKind
	// Text is a word, in lower case ("ward", "from"), or the ending a
	// glued parameter is printed with ("walk" of "[type]walk").
	Text  string
	Param ParamKind // of a PartParam or PartGlued
}

// PartKind is what one part of a form is.
type PartKind uint8

// The kinds of part.
const (
	PartWord  PartKind = iota + 1 // a word, printed in any case
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

// MaxParams is the most parameters a form has ("Suspend N—[cost]",
// "Craft with [materials] [cost]", "{N+}[abilities][P/T]"); cmd/gen
// refuses a form with more, so a reader keeps them in an array.
const MaxParams = 3

// Forms returns the forms of the ability its rule has written in any
// release, in the order the rules first wrote them, those no longer
// written with their Removed; the ability's name alone when its rule
// writes none ("Flying"). The forms and their parts are copies: a caller
// may change them without changing how text is read.
func (v Ability) Forms() []Form {
	if int(v) >= len(abilityForms) {
		return nil
	}
	return cloneForms(abilityForms[v], "")
}

// FormsAsOf returns the forms the ability's rule wrote as of a release
// (YYYY-MM-DD): none for an ability the rules did not list then.
func (v Ability) FormsAsOf(date string) []Form {
	known, ok := AbilityList().KnownAsOf(date)
	if !ok || !v.ListedIn(known) || int(v) >= len(abilityForms) {
		return nil
	}
	return cloneForms(abilityForms[v], known)
}

// Forms returns the forms of the keyword action its rule has written with
// parameters in any release ("scry N", "amass [subtype] N"), as
// Ability.Forms does; its name alone, whose first word a card inflects,
// where its rule writes none. Copies, as Ability.Forms.
func (v Action) Forms() []Form {
	if int(v) >= len(actionForms) {
		return nil
	}
	return cloneForms(actionForms[v], "")
}

// FormsAsOf returns the forms the action's rule wrote as of a release
// (YYYY-MM-DD): none for an action the rules did not list then.
func (v Action) FormsAsOf(date string) []Form {
	known, ok := ActionList().KnownAsOf(date)
	if !ok || !v.ListedIn(known) || int(v) >= len(actionForms) {
		return nil
	}
	return cloneForms(actionForms[v], known)
}

// cloneForms copies forms, their parts too; those of the release of
// date only, unless date is "".
func cloneForms(forms []Form, date string) []Form {
	var out []Form
	for _, f := range forms {
		if date != "" && !formIn(&f, date) {
			continue
		}
		f.Parts = slices.Clone(f.Parts)
		out = append(out, f)
	}
	return out
}

// formIn reports whether the keyword's rule wrote the form in the
// release of date.
func formIn(f *Form, date string) bool {
	return f.Since <= date && (f.Removed == "" || date < f.Removed)
}
