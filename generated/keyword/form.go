package keyword

import (
	"slices"

	"github.com/mtgrules/crgen/internal/kwform"
)

// Form is one form of a keyword as its rule writes it: "Ward
// [cost]" (702.21a), "Protection from [quality]" (702.16a), "[type]walk"
// (702.14a), a variant the rule defines ("Megamorph [cost]", 702.37b;
// "Equip planeswalker [cost]", 702.6e), or the ability's name alone
// where its rule writes none ("Flying"). cmd/gen reads each from the
// snapshots, its parts the tokens of its text as the reader lexes a
// card's line (internal/kwform); the reader matches a line's tokens
// against the parts.
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
// "Flying", ParamNumber and ParamCost for "Suspend N—[cost]", the number
// of its symbol first for "{N+}[abilities][P/T]".
func (f Form) Params() []ParamKind {
	var out []ParamKind
	for _, p := range f.Parts {
		if p.Kind == PartParam || p.Kind == PartGlued || p.Kind == PartSymbol {
			out = append(out, p.Param)
		}
	}
	return out
}

// Part is one part of a form: a token a card prints, or a parameter
// (what package kwform reads a form's text into, cmd/gen and this
// package's reader sharing one definition).
type Part = kwform.Part

// PartKind is what one part of a form is.
type PartKind = kwform.PartKind

// The kinds of part.
const (
	PartWord   = kwform.PartWord   // a word (or a sign, "∞") printed in any case: one token
	PartDash   = kwform.PartDash   // the long dash, with or without spaces around it
	PartColon  = kwform.PartColon  // the colon after a cost ("Boast — [Cost]: [Effect]")
	PartParam  = kwform.PartParam  // a parameter
	PartGlued  = kwform.PartGlued  // a parameter glued to the word after it: "[type]walk" prints "Islandwalk"
	PartSymbol = kwform.PartSymbol // a symbol with a number, "{N+}" (721.2a): "{12+}", "STATION 12+"
)

// ParamKind says what a keyword's parameter holds.
type ParamKind = kwform.ParamKind

// The kinds of parameter.
const (
	ParamCost    = kwform.ParamCost    // mana symbols ("{2}{W}"), or after a long dash the words of a cost ("Ward—Pay 3 life.")
	ParamNumber  = kwform.ParamNumber  // "Bushido 2", "Bloodthirst X", "scry 2", "Modular—Sunburst"
	ParamQuality = kwform.ParamQuality // "Protection from black", "Enchant creature", "Affinity for artifacts"
	ParamName    = kwform.ParamName    // "Partner with Pir, Imaginative Rascal"
	ParamType    = kwform.ParamType    // "Islandwalk": Island; "Basic landcycling": basic land
	ParamAbility = kwform.ParamAbility // "Boast — {1}{R}: ...": the ability after the cost; "Companion — ...": the condition
	ParamPT      = kwform.ParamPT      // "Prototype {1}{B}{B} — 3/3": a power and toughness
)

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
