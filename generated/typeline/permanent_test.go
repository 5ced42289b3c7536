package typeline_test

import (
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// A face is a permanent when one of its card types is a permanent type
// of 110.4, and a line when its first face is: every card type the rules
// list, alone and before a permanent one.
func TestIsPermanent(t *testing.T) {
	var permanent, other []cardtype.CardType
	for _, ct := range cardtype.CardTypeValues() {
		if ct.IsPermanent() {
			permanent = append(permanent, ct)
		} else {
			other = append(other, ct)
		}
	}
	if len(permanent) == 0 || len(other) == 0 {
		t.Skip("the rules list no card type of one kind: nothing to tell apart")
	}
	for _, ct := range cardtype.CardTypeValues() {
		f := typeline.Face{CardTypes: []cardtype.CardType{ct}}
		if f.IsPermanent() != ct.IsPermanent() {
			t.Errorf("%v: IsPermanent %v, its card type's %v", f, f.IsPermanent(), ct.IsPermanent())
		}
	}
	mixed := typeline.Face{CardTypes: []cardtype.CardType{other[0], permanent[0]}}
	if !mixed.IsPermanent() {
		t.Errorf("%v is not a permanent", mixed)
	}
	line := typeline.TypeLine{Faces: []typeline.Face{{CardTypes: other[:1]}, {CardTypes: permanent[:1]}}}
	if line.IsPermanent() || !(typeline.TypeLine{Faces: []typeline.Face{line.Faces[1], line.Faces[0]}}).IsPermanent() || (typeline.TypeLine{}).IsPermanent() {
		t.Errorf("a line is a permanent by its first face: %v", line)
	}
}
