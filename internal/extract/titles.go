package extract

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// readTitles reads a list that is the titles of a section's rules: the
// keyword actions are the titles of 701.2 onward ("Activate", "Attach",
// ...), 701.1 being the section's introduction. Only a whole release has
// sections; a rule page says nothing of them. A title of two names ("Tap
// and Untap") gives both (snapshot.TitleNames).
func readTitles(p *phrases, fact *snapshot.Fact, rules []crtext.Rule, full bool, f *Facts) error {
	if !p.titles {
		return nil // no source of this language gives its sections
	}
	var section string
	var names, from []string // the names, and the rule each comes from
	for _, r := range rules {
		if r.Section != fact.Section || hasLetter(r.Number) {
			continue
		}
		head, n, ok := strings.Cut(r.Number, ".")
		if !ok {
			continue
		}
		if section == "" {
			section = head
		}
		if head != section {
			return errorf(r.Number, "is in the section %q, as rules of %s. are: which number is the section?", fact.Section, section)
		}
		if n == "1" || n == "" || strings.Trim(n, "0123456789") != "" {
			continue // the section's introduction (701.1)
		}
		title := strings.TrimSpace(r.Text)
		a, b, two := snapshot.SplitTitle(title)
		for i, name := range [2]string{a, b} {
			if i == 1 && !two {
				break
			}
			if err := checkTitle(r.Number, name); err != nil {
				return err
			}
			names, from = append(names, name), append(from, r.Number)
		}
		f.Rules[r.Number] = title
	}
	if i, j := firstTwice(names); i >= 0 {
		return errorf(from[j], "%q is the title of rule %s too: which one is the %s?", names[j], from[i], fact.Noun)
	}
	if len(names) == 0 {
		if full {
			return errorf("", "no section titled %q has rules after its first: expected the %s as the titles of its rules (%s.2 onward)", fact.Section, fact.Label, fact.Rule)
		}
		return nil
	}
	f.Lists[fact.Name] = names
	f.FactRule[fact.Name] = section
	// A keyword's subrules are in its section (a rule page's, of none).
	switch fact.Name {
	case snapshot.FactKeywordAbilities:
		readForms(inSection(rules, fact.Section), rules, names, from, f)
	case snapshot.FactKeywordActions:
		readActionForms(inSection(rules, fact.Section), names, from, f)
	}
	return nil
}

// checkTitle refuses a title that cannot be a keyword's name: a title is
// a few words, not a sentence of rules text (a misread rule would put its
// text into the list).
func checkTitle(rule, name string) error {
	switch {
	case name == "":
		return errorf(rule, "has an empty title")
	case strings.Count(name, " ") > 5 || strings.HasSuffix(name, ".") || strings.Contains(name, ": "):
		return errorf(rule, "%q is not a title: expected the name of a keyword, a few words", crtext.Abbreviate(name))
	}
	return nil
}

// firstTwice finds a name listed twice, in any case: the positions of its
// first listing and of the one after, or -1. Only names of one length
// can be equal: the names are compared within each length (a list of
// keywords has a few hundred).
func firstTwice(names []string) (int, int) {
	byLen := make([]int, len(names))
	for i := range byLen {
		byLen[i] = i
	}
	slices.SortFunc(byLen, func(a, b int) int { return cmp.Or(cmp.Compare(len(names[a]), len(names[b])), cmp.Compare(a, b)) })
	first, next := -1, -1
	for lo := 0; lo < len(byLen); {
		hi := lo + 1
		for hi < len(byLen) && len(names[byLen[hi]]) == len(names[byLen[lo]]) {
			hi++
		}
		// Within a length, positions rise: the first pair of a later
		// name, the earliest listing before it.
		for q := lo + 1; q < hi; q++ {
			j := byLen[q]
			if next >= 0 && j > next {
				break
			}
			for p := lo; p < q; p++ {
				if i := byLen[p]; strings.EqualFold(names[i], names[j]) {
					first, next = i, j
					break
				}
			}
		}
		lo = hi
	}
	return first, next
}
