package mana_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
)

// A cost holding what a reader cannot see is refused with it shown: the
// message never looks like a valid cost.
func TestCostErrorsShowInvisibleCharacters(t *testing.T) {
	for in, shown := range map[string]string{
		"{2}\u200b{W}": `"{2}\u200b{W}"`,
		"{2}\u00a0{W}": `"{2}\u00a0{W}"`,
		"{W\u0301}":    `"{W\u0301}"`,
	} {
		for name, parse := range map[string]func(string) (mana.Cost, error){"strict": mana.ParseCost, "lenient": mana.ParseCostLenient, "printed": mana.ParseCostPrinted} {
			_, err := parse(in)
			if err == nil || !strings.Contains(err.Error(), shown) {
				t.Errorf("%s %q: %v, want the input shown as %s", name, in, err, shown)
			}
		}
	}
}
