package extract

import (
	"slices"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// readSteps reads the steps of every phase that has some, each from the
// sentence of its phase ("The beginning phase consists of three steps,
// in this order: untap, upkeep, and draw."), in the rules of the fact's
// sections (each phase's): the steps in rule order, each with its phase
// as its relation. A phase without steps ("The main phase has no steps")
// lists none.
func readSteps(p *phrases, fact *snapshot.Fact, rules []crtext.Rule, full bool, f *Facts) error {
	if p.steps == nil {
		return nil // no source of this language gives them
	}
	var names, from []string
	phase := map[string]string{}
	for _, r := range rules {
		if r.Section != "" && !fact.InSection(r.Section) || slices.Contains(from, r.Number) {
			continue
		}
		text := p.withoutAsides(r.Text)
		for s, rest, ok := nextSentence(text); ok; s, rest, ok = nextSentence(rest) {
			m := p.steps.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			steps, err := splitNames(p, r.Number, m[2], false)
			if err != nil {
				return err
			}
			for _, st := range steps {
				if prev, twice := phase[st]; twice {
					return errorf(r.Number, "the step %q is a step of the %s phase and of the %s phase: which is it?", st, prev, m[1])
				}
				phase[st] = m[1]
			}
			names = append(names, steps...)
			if !slices.Contains(from, r.Number) {
				from = append(from, r.Number)
				f.Rules[r.Number] = r.Text
			}
		}
	}
	if len(names) == 0 {
		if full {
			return errorf("", "no rule says %q: expected the steps of the phases", "The beginning phase consists of three steps, in this order: ...")
		}
		return nil
	}
	f.Lists[fact.Name] = names
	f.Relations[fact.Name] = phase
	f.FactRule[fact.Name], f.FactRules[fact.Name] = from[0], from[1:]
	return nil
}
