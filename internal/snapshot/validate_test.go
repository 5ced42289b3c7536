package snapshot

import (
	"strings"
	"testing"
)

// A snapshot from a pull request or a user's hand holds tokens and
// relations the generator can read, or is refused saying what is wrong.
func TestValidateTokensAndRelations(t *testing.T) {
	base := func() *Snapshot {
		return &Snapshot{
			Lang: "en", Effective: "2026-02-27", Sources: []Source{{ID: "x"}},
			Lists:     map[string][]string{FactSteps: {"untap"}, FactPhases: {"beginning"}},
			Relations: map[string]map[string]string{FactSteps: {"untap": "beginning"}},
			Tokens: []Token{{Name: "Treasure", Rule: "111.10a", Faces: []TokenFace{{
				CardTypes: []string{"artifact"}, Subtypes: []string{"Treasure"}, Abilities: []string{"{T}: Add {C}."},
			}}}},
		}
	}
	if err := base().Validate(); err != nil {
		t.Fatalf("a valid snapshot: %v", err)
	}
	for _, c := range []struct {
		name   string
		change func(*Snapshot)
		want   string
	}{
		{"no faces", func(s *Snapshot) { s.Tokens[0].Faces = nil }, "0 faces"},
		{"no card types", func(s *Snapshot) { s.Tokens[0].Faces[0].CardTypes = nil }, "a face without card types"},
		{"an empty ability", func(s *Snapshot) { s.Tokens[0].Faces[0].Abilities = []string{""} }, "is no word of a face"},
		{"a relation of no step", func(s *Snapshot) { s.Relations[FactSteps]["draw"] = "beginning" }, `tie "draw"`},
		{"a relation to nothing", func(s *Snapshot) { s.Relations[FactSteps]["untap"] = "" }, `tie "untap" to ""`},
		{"a card type of a category that is no name", func(s *Snapshot) { s.SubtypeCardTypes = CardTypesOf{"creature": {"creature", "  "}} }, `share the creature types hold "  "`},
		{"a relation of a list that has none", func(s *Snapshot) { s.Relations[FactZones] = map[string]string{"hand": "x"} }, `relations of "zones"`},
	} {
		s := base()
		c.change(s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
