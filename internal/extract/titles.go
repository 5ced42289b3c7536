package extract

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

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
// first listing and of the one after, or -1. A list of keywords has a few
// hundred names: they are compared only within a class that holds every
// name equal to one of them (foldClass), most classes holding one.
func firstTwice(names []string) (int, int) {
	order, class := make([]int, len(names)), make([]int, len(names))
	for i := range order {
		order[i], class[i] = i, foldClass(names[i])
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Or(cmp.Compare(class[a], class[b]), cmp.Compare(a, b)) })
	first, next := -1, -1
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && class[order[hi]] == class[order[lo]] {
			hi++
		}
		// Within a class, positions rise: the first pair of a later name
		// is with the earliest listing before it.
		for q := lo + 1; q < hi; q++ {
			j := order[q]
			if next >= 0 && j > next {
				break
			}
			for p := lo; p < q; p++ {
				if i := order[p]; len(names[i]) == len(names[j]) && strings.EqualFold(names[i], names[j]) {
					first, next = i, j
					break
				}
			}
		}
		lo = hi
	}
	return first, next
}

// foldClass is the same for two names of one length that are equal in
// any case: their length, and of an ASCII name its first and last bytes
// with the case bit set. A name of other bytes has its length alone: an
// ASCII name equals none of its length in any case (the letters other
// scripts fold to ASCII, ſ and the Kelvin sign, are longer than their
// ASCII letter).
func foldClass(name string) int {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return len(name) << 16
		}
	}
	if name == "" {
		return 0
	}
	return len(name)<<16 | (int(name[0]|0x20)<<8 | int(name[len(name)-1]|0x20)) + 1
}
