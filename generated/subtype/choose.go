package subtype

import (
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/internal/names"
)

// ChoiceError explains why a choice is not exactly one existing subtype of
// the required category.
type ChoiceError struct {
	Category Category
	Choice   string
	Reason   string
}

func (e *ChoiceError) Error() string {
	return "subtype: choosing " + enum.Article(e.Category.String()) + " type: rule " + RuleChoice + ": " + e.Reason
}

// Choose checks a player's choice of a subtype of category c: it must be
// one, and only one, existing subtype of that category. "Merfolk Wizard"
// (two creature types) and "Swamp" (a land type) are not creature types;
// a type the rules dropped is not an existing one.
func Choose(c Category, choice string) (Subtype, error) {
	choice = strings.TrimSpace(choice)
	if st, ok := Find(c, choice); ok {
		return st, nil
	}
	fail := func(reason string) (Subtype, error) {
		return Subtype{}, &ChoiceError{Category: c, Choice: choice, Reason: reason}
	}
	q := names.Quote(choice)
	if choice == "" {
		return fail("nothing was chosen")
	}
	if _, err := Parse(c, choice); err != nil {
		if ne, ok := err.(*NameError); ok && ne.Removed != "" {
			return fail(enum.RemovedReason(q, ne.Noun, ne.Printed, ne.Rule, ne.Removed, ne.ReplacedBy))
		}
	}
	if parts, ok := split(c, choice); ok && len(parts) > 1 {
		return fail(q + " is " + strconv.Itoa(len(parts)) + " " + c.String() + " types (" + strings.Join(parts, ", ") + "); choose one")
	}
	for _, o := range categoryOrder {
		if o == c {
			continue
		}
		if st, ok := Find(o, choice); ok {
			return fail(q + " is " + enum.Article(o.String()) + " type (" + st.String() + "), not " + enum.Article(c.String()) + " type")
		}
	}
	return fail(q + " is not " + enum.Article(c.String()) + " type")
}

// split reads choice as several subtypes of c, longest names first.
func split(c Category, choice string) ([]string, bool) {
	words := strings.Fields(choice)
	most := c.info().Table.MaxWords()
	var parts []string
	for i := 0; i < len(words); {
		n := min(most, len(words)-i)
		for ; n >= 1; n-- {
			if st, ok := Find(c, strings.Join(words[i:i+n], " ")); ok {
				parts = append(parts, st.String())
				break
			}
		}
		if n == 0 {
			return nil, false
		}
		i += n
	}
	return parts, true
}
