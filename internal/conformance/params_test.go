package conformance

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// numberWords are the numbers card text spells out (an action's number
// in words, "mills three cards").
var numberWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}

// typedWrong says how a parameter's typed value is not what its text
// says, or "".
func typedWrong(p keyword.Param) string {
	switch p.Kind {
	case keyword.ParamNumber:
		n, set := p.Number, 0
		if n.Variable != "" {
			set++
			if n.Variable != p.Text {
				return "a variable not as printed"
			}
		}
		if n.Ability != 0 {
			set++
			if !strings.EqualFold(n.Ability.String(), p.Text) {
				return "an ability not as printed"
			}
		}
		if v, err := strconv.Atoi(p.Text); err == nil && v == n.Value || numberWords[strings.ToLower(p.Text)] == n.Value && n.Value != 0 {
			set++
		}
		if set != 1 {
			return "no one of a number, a variable, an ability"
		}
		if p.Where != "" && n.Variable == "" {
			return "what a variable is, of no variable"
		}
	case keyword.ParamCost:
		choices := p.AppendChoices(nil)
		switch {
		case p.Mana && (len(choices) != 1 || choices[0].String() != p.Cost.String() || strings.Join(strings.Fields(p.Text), "") != p.Cost.String()):
			return "a cost of mana symbols not as printed"
		case !p.Mana && p.Cost.Len() > 0 && (len(choices) == 0 || choices[0].String() != p.Cost.String()):
			return "a cost's first choice not its mana"
		}
	case keyword.ParamPT:
		side := func(n keyword.Number) string {
			if n.Variable != "" {
				return n.Variable
			}
			return strconv.Itoa(n.Value)
		}
		if strings.TrimLeft(p.Text, "+") != side(p.Power)+"/"+strings.TrimPrefix(side(p.Toughness), "+") {
			return "a power and toughness not as printed"
		}
	}
	return ""
}

// Every parameter the reader gives on both corpora is typed as its text
// says: a number its value, a variable (X), or the ability printed in
// its place, and never two; what a variable is only of a variable; a
// cost of mana symbols its Cost, each choice of one with choices; a power
// and toughness its numbers.
func TestParametersTyped(t *testing.T) {
	for _, c := range cardTexts(t) {
		r := kwReader(t, c.asOf)
		var found []keyword.Found
		kinds := map[keyword.ParamKind]int{}
		for _, f := range c.faces {
			r.Name = f.name
			found = r.Append(found[:0], f.text)
			for _, k := range found {
				for i := range k.NumParams() {
					p := k.Param(i)
					kinds[p.Kind]++
					if why := typedWrong(p); why != "" {
						t.Errorf("%s: %s: %s %s, parameter %q: %s (%+v)", c.name, f.key, k.Kind, k.Name(), p.Text, why, p)
					}
				}
			}
		}
		t.Logf("%s: parameters typed, by kind: %v", c.name, kinds)
	}
}
