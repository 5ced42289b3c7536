package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The lists one sentence introduces ("The card types are ...", "The
// zones are ..."), and the relations the rules state beside them.

// colorSymbolRE is a colour's symbol in 107.4a: "{W} is white".
var colorSymbolRE = regexp.MustCompile(`\{([A-Z])\} (?:is )?(\p{Ll}+)`)

// relateColors relates each colour of 105.1 to the letter of its symbol,
// as the mana symbols rule says ("{W} is white, {U} blue, ..."), when the
// release gives both.
func relateColors(symbols []crtext.Rule, f *Facts) {
	colors := f.Lists[snapshot.FactColors]
	if len(colors) == 0 {
		return
	}
	letters := map[string]string{}
	for _, r := range symbols {
		for _, m := range colorSymbolRE.FindAllStringSubmatch(r.Text, -1) {
			if slices.Contains(colors, m[2]) && letters[m[2]] == "" {
				letters[m[2]] = m[1]
			}
		}
	}
	if len(letters) == len(colors) {
		f.Relations[snapshot.FactColors] = letters
	}
}

// relateZones ties each zone of 400.1 to the word its chapter's rules
// call it, public or hidden (400.2: "Graveyard, battlefield, stack,
// exile, ante, and command are public zones. ... Library and hand are
// hidden zones"), recording the rules it read them in. A zone of the
// list the rules call neither, or a zone they call both, is an error
// naming the rule: every release since 2009 calls each one of the two.
func relateZones(p *phrases, rules []crtext.Rule, f *Facts) error {
	zones := f.Lists[snapshot.FactZones]
	listed := f.FactRule[snapshot.FactZones]
	if len(zones) == 0 || p.zoneKinds == nil {
		return nil
	}
	chapter, _, _ := strings.Cut(listed, ".")
	kinds := map[string]string{}
	for _, r := range rules {
		if c, _, _ := strings.Cut(r.Number, "."); c != chapter || r.Number == listed {
			continue
		}
		read := false
		text := p.withoutAsides(r.Text)
		for s, rest, ok := nextSentence(text); ok; s, rest, ok = nextSentence(rest) {
			if !p.zoneKindPhrases.in(s) {
				continue
			}
			m := p.zoneKinds.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			// The names of a sentence are zones of the list ("Library and
			// hand"), or a name 400.1 does not list yet (the command zone
			// in 400.2 of 2009-09-04, before 400.1 did), or no name at all
			// ("... moves from one zone to another ... is a public zone"):
			// the zones of the list are read, the rest passed over.
			names := strings.Split(strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(m[1], ", "+p.and+" ", ", "), " "+p.and+" ", ", ")), ", ")
			for _, n := range names {
				if !slices.Contains(zones, n) {
					continue
				}
				if k, twice := kinds[n]; twice && k != m[2] {
					return errorf(r.Number, "the %s zone is called %s and %s (%q)", n, k, m[2], crtext.Abbreviate(s))
				}
				kinds[n], read = m[2], true
			}
		}
		if read {
			f.Rules[r.Number] = r.Text
			f.FactRules[snapshot.FactZones] = append(f.FactRules[snapshot.FactZones], r.Number)
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	for _, z := range zones {
		if kinds[z] == "" {
			return errorf(listed, "the %s zone is called neither public nor hidden by the rules after %s (expected %q)", z, listed, "Library and hand are hidden zones")
		}
	}
	f.Relations[snapshot.FactZones] = kinds
	return nil
}

// readListSentence reads a list introduced by a sentence ("The card types
// are ..."), when lang's tables know its wording.
func readListSentence(p *phrases, fact *snapshot.Fact, rules []crtext.Rule, full bool, f *Facts) error {
	l, ok := p.lists[fact.Name]
	if !ok {
		return nil // no source of this language gives it
	}
	r, err := findRule(p, rules, l.re, l.wording, fact.Label, full)
	if err != nil || r == nil {
		return err
	}
	names, err := simpleList(p, l, *r, fact.Name == snapshot.FactAbilityWords)
	if err != nil {
		return err
	}
	f.Lists[fact.Name] = names
	f.Rules[r.Number] = r.Text
	f.FactRule[fact.Name] = r.Number
	return nil
}

// simpleList reads the list of the sentence l introduces, up to its end
// (the sentence's, or l.end), and the one name of l's also-sentence, if
// any. Ability words may hold a number ("descend 4"); type names never
// do.
func simpleList(p *phrases, l listPhrase, r crtext.Rule, digits bool) ([]string, error) {
	text := p.withoutAsides(r.Text)
	var names []string
	for s, rest, ok := nextSentence(text); ok; s, rest, ok = nextSentence(rest) {
		if m := l.re.FindStringSubmatch(s); m != nil && names == nil {
			list := m[1]
			if l.end != "" {
				var found bool
				if list, _, found = strings.Cut(list, l.end); !found {
					return nil, errorf(r.Number, "the list of %q does not end with %q: %q", l.wording, l.end, crtext.Abbreviate(s))
				}
			}
			var err error
			if names, err = splitNames(p, r.Number, list, digits); err != nil {
				return nil, err
			}
		} else if m := alsoMatch(l, s); m != "" && names != nil {
			n, err := canonical(m, digits)
			if err != nil {
				return nil, errorf(r.Number, "%v", err)
			}
			names = append(names, n)
		}
	}
	if names == nil {
		return nil, errorf(r.Number, "no sentence of the rule matches %s: %q", l.re, crtext.Abbreviate(r.Text))
	}
	return names, checkUnique(r.Number, names)
}

// alsoMatch is the name l's also-sentence s gives, or "".
func alsoMatch(l listPhrase, s string) string {
	if l.alsoRE == nil {
		return ""
	}
	if m := l.alsoRE.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

// SentenceList finds the list fact a sentence of text gives, for a tool
// that rewrites it (the futures): the list as printed ("library, hand,
// ..., and command"), and the one name of its also-sentence ("ante"), if
// any; ok is false when lang reads no such list or text has none.
func SentenceList(lang Lang, fact, text string) (printed, also string, ok bool) {
	p := langPhrases[lang]
	if p == nil {
		return "", "", false
	}
	l, has := p.lists[fact]
	if !has {
		return "", "", false
	}
	for s, rest, more := nextSentence(text); more; s, rest, more = nextSentence(rest) {
		if m := l.re.FindStringSubmatch(s); m != nil && !ok {
			printed, ok = m[1], true
			if l.end != "" {
				printed, _, _ = strings.Cut(printed, l.end)
			}
		} else if a := alsoMatch(l, s); a != "" && ok {
			also = a
		}
	}
	return printed, also, ok
}
