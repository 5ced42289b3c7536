package turn

import (
	"slices"
	"testing"
)

// Every step the rules list today is of one phase they list today, each
// phase's Steps are in turn order, and Next walks a turn: the phases in
// order, each phase's steps in order, none past its phase.
func TestStepsPartitionTheTurn(t *testing.T) {
	var walked []Step
	phases := PhaseValues()
	for i, p := range phases {
		steps := p.Steps()
		walked = append(walked, steps...)
		for j, s := range steps {
			if s.Phase() != p {
				t.Errorf("%v.Steps() holds %v, whose phase is %v", p, s, s.Phase())
			}
			n, ok := s.Next()
			if last := j == len(steps)-1; ok == last || !last && n != steps[j+1] {
				t.Errorf("%v.Next() = %v, %v; the steps of %v are %v", s, n, ok, p, steps)
			}
		}
		n, ok := p.Next()
		if last := i == len(phases)-1; ok == last || !last && n != phases[i+1] {
			t.Errorf("%v.Next() = %v, %v", p, n, ok)
		}
	}
	if !slices.Equal(walked, StepValues()) {
		t.Errorf("the phases' steps %v, the steps %v", walked, StepValues())
	}
	for _, s := range EveryStep() {
		if !s.Phase().IsValid() && s.IsValid() {
			t.Errorf("%v is listed today, its phase %v is not", s, s.Phase())
		}
	}
	if Step(0).Phase() != 0 || Step(200).Phase() != 0 {
		t.Error("no step has a phase")
	}
}

// Each step's rule is the one that lists its phase's steps: the steps of
// a phase share one, and two phases' steps two.
func TestStepRules(t *testing.T) {
	ruleOf := map[Phase]string{}
	for _, s := range StepValues() {
		r := s.Rule()
		if r == "" || r == s.Phase().Rule() {
			t.Errorf("%v.Rule() = %q, not a rule of its own phase's steps", s, r)
		}
		if prev, ok := ruleOf[s.Phase()]; ok && prev != r {
			t.Errorf("%v.Rule() = %q, other steps of the %v phase %q", s, r, s.Phase(), prev)
		}
		ruleOf[s.Phase()] = r
	}
	seen := map[string]Phase{}
	for p, r := range ruleOf {
		if q, ok := seen[r]; ok {
			t.Errorf("the steps of %v and of %v both have rule %s", p, q, r)
		}
		seen[r] = p
	}
}

// The turn of 2009-07-11, as the rules printed it (history does not
// change): five phases; ten steps, three of them the beginning phase's.
func TestTurnOfThePast(t *testing.T) {
	phases, err := PhaseValuesAsOf("2009-07-11")
	if err != nil || len(phases) != 5 || phases[0] != PhaseBeginning || phases[2] != PhaseCombat {
		t.Fatalf("phases of 2009-07-11: %v, %v", phases, err)
	}
	steps, err := StepValuesAsOf("2009-07-11")
	if err != nil || len(steps) != 10 || steps[0] != StepUntap || steps[9] != StepCleanup {
		t.Fatalf("steps of 2009-07-11: %v, %v", steps, err)
	}
	if StepUntap.Phase() != PhaseBeginning || StepCombatDamage.Phase() != PhaseCombat || StepCleanup.Phase() != PhaseEnding {
		t.Error("the steps' phases")
	}
	if s, err := ParseStep("declare attackers"); err != nil || s != StepDeclareAttackers || s.String() != "Declare attackers" {
		t.Errorf("ParseStep: %v, %v", s, err)
	}
}

func TestRelationAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = StepDraw.Phase() }); n != 0 {
		t.Errorf("Phase: %v allocations", n)
	}
}

// Step.Phase is a table lookup: against a switch, what a hand-written
// engine would keep.
func BenchmarkStepPhase(b *testing.B) {
	steps := EveryStep()
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		var p Phase
		for i := 0; b.Loop(); i++ {
			p = steps[i%len(steps)].Phase()
		}
		_ = p
	})
	b.Run("impl=baseline=switch", func(b *testing.B) {
		b.ReportAllocs()
		var p Phase
		for i := 0; b.Loop(); i++ {
			p = switchPhase(steps[i%len(steps)])
		}
		_ = p
	})
}

func switchPhase(s Step) Phase {
	switch s {
	case StepUntap, StepUpkeep, StepDraw:
		return PhaseBeginning
	case StepBeginningOfCombat, StepDeclareAttackers, StepDeclareBlockers, StepCombatDamage, StepEndOfCombat:
		return PhaseCombat
	case StepEnd, StepCleanup:
		return PhaseEnding
	}
	return 0
}

// A turn's parts are every phase, in order, each as its steps or, with
// none, as itself; Next walks them across phases, and stops after the
// last.
func TestTurnParts(t *testing.T) {
	parts := Turn()
	var phases []Phase
	var steps []Step
	for i, p := range parts {
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
		if p.Step != 0 {
			steps = append(steps, p.Step)
			if p.Step.Phase() != p.Phase || PartOf(p.Step) != p {
				t.Errorf("part %v: step of %v, phase %v", p, p.Step.Phase(), p.Phase)
			}
		} else if len(p.Phase.Steps()) != 0 {
			t.Errorf("part %v: a phase with steps as a part of its own", p)
		}
		n, ok := p.Next()
		if last := i == len(parts)-1; ok == last || !last && n != parts[i+1] {
			t.Errorf("%v.Next() = %v, %v", p, n, ok)
		}
	}
	if !slices.Equal(phases, PhaseValues()) || !slices.Equal(steps, StepValues()) {
		t.Errorf("the parts' phases %v and steps %v, the rules' %v and %v", phases, steps, PhaseValues(), StepValues())
	}
	for _, ph := range PhaseValues() {
		if len(ph.Steps()) == 0 && (Part{Phase: ph}).String() != ph.String() {
			t.Errorf("a phase without steps prints as %q", Part{Phase: ph})
		}
	}
	if _, ok := (Part{}).Next(); ok {
		t.Error("no part has a next")
	}
}
