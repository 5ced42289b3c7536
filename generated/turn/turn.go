// Package turn lists the parts of a turn of the Magic: The Gathering
// Comprehensive Rules: the phases (rule 500.1: beginning, precombat main,
// combat, postcombat main, ending) and the steps of the phases that have
// some (rules 501.1, 506.1 and 512.1: untap, upkeep, draw; beginning of
// combat, ..., end of combat; end, cleanup), read from every release
// since 2009, each step tied to the phase whose rule lists it (Phase).
//
// PhaseValues and StepValues list today's phases and steps in the order
// of a turn; Steps lists a phase's, Next follows a turn. As every
// generated package: a constant's number never changes, values encode as
// their English name and decode from a name or a JSON number, store in a
// database as their name (Value) and read back from a name or number
// (Scan), and Lives, ListedIn, PhaseValuesAsOf and ParsePhaseAsOf (and
// the Step ones) say what any release since 2009 listed. No Spanish
// source names them yet: Spanish returns "" until one does.
//
// cmd/gen writes tables.go from the snapshots; this file is hand-written.
package turn

import (
	"github.com/mtgrules/crgen/generated/rules"
)

// Effective returns the newest release the package's lists were read
// from (each list says its own: PhaseList, StepList); not a newer release that did not
// read them.
func Effective() string {
	en, _ := rules.NewestOf(PhaseList(), StepList())
	return en
}

// NameError is the error of the Parse functions (rules.NameError).
type NameError = rules.NameError

// Steps returns the steps of the phase the rules list today, in their
// order; none for a phase without steps (a main phase).
func (v Phase) Steps() []Step {
	var out []Step
	for _, s := range stepOrder {
		if s.Phase() == v {
			out = append(out, s)
		}
	}
	return out
}

// Next returns the phase after v in a turn, and false after the last
// (a turn's last phase is followed by the next turn's first) or for a
// phase the rules do not list today.
func (v Phase) Next() (Phase, bool) { return next(phaseOrder, v) }

// Next returns the step after v in its phase, and false after its
// phase's last step or for a step the rules do not list today.
func (v Step) Next() (Step, bool) {
	n, ok := next(stepOrder, v)
	if !ok || n.Phase() != v.Phase() {
		return 0, false
	}
	return n, true
}

func next[T comparable](order []T, v T) (T, bool) {
	for i, x := range order {
		if x == v && i+1 < len(order) {
			return order[i+1], true
		}
	}
	var zero T
	return zero, false
}

// Part is one part of a turn in order (500.1): a step of a phase that
// has steps, or a phase that has none (a main phase), Step zero. Its zero
// value is no part.
type Part struct {
	Phase Phase
	Step  Step
}

// String is the step's name, or the phase's for a phase without steps:
// "Upkeep", "Precombat main".
func (p Part) String() string {
	if p.Step != 0 {
		return p.Step.String()
	}
	return p.Phase.String()
}

// Turn returns the parts of a turn as the rules list them today, in
// order: each phase's steps, and each phase without steps as itself
// (untap, upkeep, draw, precombat main, beginning of combat, ...,
// cleanup).
func Turn() []Part {
	var out []Part
	for _, ph := range phaseOrder {
		steps := ph.Steps()
		if len(steps) == 0 {
			out = append(out, Part{Phase: ph})
		}
		for _, s := range steps {
			out = append(out, Part{Phase: ph, Step: s})
		}
	}
	return out
}

// PartOf is the part of a turn a step is, or a phase without steps.
func PartOf(s Step) Part { return Part{Phase: s.Phase(), Step: s} }

// Next returns the part after p in a turn, across phases (the draw step,
// then the precombat main phase); false after the turn's last part (the
// next turn's first follows) or for a part the rules do not list today.
func (p Part) Next() (Part, bool) {
	t := Turn()
	for i, x := range t {
		if x == p && i+1 < len(t) {
			return t[i+1], true
		}
	}
	return Part{}, false
}
