package snapshot

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ColorOrder is the order colours are always written in (rule 105.2's
// W, U, B, R, G), each colour the letter of its mana symbol (107.4a).
const ColorOrder = "WUBRG"

// ColorLetters are colours as the letters of their mana symbols in WUBRG
// order ("WU"; "" for colourless), a string so that they compare with ==.
// JSON writes them as a list of letters (["W","U"]; [] for colourless),
// the one way every JSON file of the project writes colours, as Scryfall
// and MTGJSON do; the string snapshots wrote before lists ("WU") still
// reads, so a tree written before reads back. Snapshot.Validate checks
// the letters.
type ColorLetters string

// MarshalJSON writes the letters as a list, [] for colourless.
func (c ColorLetters) MarshalJSON() ([]byte, error) {
	out := []string{}
	for _, r := range c {
		out = append(out, string(r))
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a list of one-letter strings, or the string of
// letters snapshots once wrote.
func (c *ColorLetters) UnmarshalJSON(b []byte) error {
	var s string
	var list []string
	if err := json.Unmarshal(b, &list); err == nil {
		for _, l := range list {
			if len(l) != 1 {
				return fmt.Errorf("colors: %q is not one colour letter (W, U, B, R or G)", l)
			}
		}
		s = strings.Join(list, "")
	} else if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("colors: expected a list of colour letters ([\"W\",\"U\"]), got %s", b)
	}
	*c = ColorLetters(s)
	return nil
}

// check refuses letters that are not colours in WUBRG order, each once.
func (c ColorLetters) check() error {
	last := -1
	for _, r := range c {
		i := strings.IndexRune(ColorOrder, r)
		if i < 0 {
			return fmt.Errorf("colors: %q is not a colour letter (W, U, B, R or G)", r)
		}
		if i <= last {
			return fmt.Errorf("colors: %q is not in WUBRG order, each colour once", string(c))
		}
		last = i
	}
	return nil
}
