package turn_test

import (
	"fmt"

	"github.com/mtgrules/crgen/generated/turn"
)

// A turn as the rules of 2009-07-11 gave it (history does not change),
// each step with its phase.
func ExampleStepValuesAsOf() {
	steps, err := turn.StepValuesAsOf("2009-07-11")
	if err != nil {
		panic(err)
	}
	for _, s := range steps[:4] {
		fmt.Printf("%s (%s phase)\n", s, s.Phase())
	}
	// Output:
	// Untap (Beginning phase)
	// Upkeep (Beginning phase)
	// Draw (Beginning phase)
	// Beginning of combat (Combat phase)
}

// An engine walks a turn: each phase, then its steps.
func ExamplePhase_Steps() {
	for _, p := range turn.PhaseValues() {
		fmt.Printf("%v %v\n", p, p.Steps())
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Beginning [Untap Upkeep Draw]
	//	Precombat main []
	//	Combat [Beginning of combat Declare attackers Declare blockers Combat damage End of combat]
	//	Postcombat main []
	//	Ending [End Cleanup]
}
