package snapshot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Meaning is what rule 107.4 and 202.3 say one mana symbol is.
type Meaning struct {
	// Colors are the symbol's colours ("WU"; "" for a colourless
	// symbol), written as a list of letters.
	Colors ColorLetters `json:"colors"`
	// Pay lists the ways to pay the symbol, one of which pays it: a colour
	// letter, "C" (colourless mana), a variable ("X"), "generic" (Generic
	// mana of any type), "life" (Life life) or "snow" (one mana from a
	// snow source).
	Pay     []string `json:"pay"`
	Generic int      `json:"generic,omitempty"`
	Life    int      `json:"life,omitempty"`
	// ManaValue is what the symbol adds to the mana value (converted mana
	// cost before 2021) of a card not on the stack.
	ManaValue int `json:"mana_value"`
	// Rules are the rules the meaning was read from, as the release
	// numbers them.
	Rules []string `json:"rules"`
}

// Same reports whether two meanings say the same, whatever the numbers of
// the rules they were read from.
func (m *Meaning) Same(o *Meaning) bool {
	if m == nil || o == nil {
		return m == o
	}
	return m.Colors == o.Colors && slices.Equal(m.Pay, o.Pay) && m.Generic == o.Generic && m.Life == o.Life && m.ManaValue == o.ManaValue
}

// String describes a meaning in a line: "white or blue; mana value 1".
func (m *Meaning) String() string {
	if m == nil {
		return "not read"
	}
	var ways []string
	for _, p := range m.Pay {
		switch p {
		case "generic":
			ways = append(ways, strconv.Itoa(m.Generic)+" generic")
		case "life":
			ways = append(ways, strconv.Itoa(m.Life)+" life")
		case "snow":
			ways = append(ways, "snow mana")
		default:
			ways = append(ways, "{"+p+"}")
		}
	}
	colors := string(m.Colors)
	if colors == "" {
		colors = "colorless"
	}
	return fmt.Sprintf("%s; paid with %s; mana value %d", colors, strings.Join(ways, " or "), m.ManaValue)
}
