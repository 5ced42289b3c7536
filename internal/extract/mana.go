package extract

import (
	"regexp"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

var symbolRE = regexp.MustCompile(`\{[^{}]*\}`)

// manaSymbols reads the groups of rule r (107.4) clause by clause. Until
// 2016 the rule listed {X} among "the mana symbols" with the colours; its
// subrules call it a variable symbol ("variable symbols (such as {X})"),
// and so does this reading, so that {X} keeps its group across releases.
func manaSymbols(p *phrases, r crtext.Rule, sub []crtext.Rule) ([]snapshot.ManaSymbol, error) {
	var out []snapshot.ManaSymbol
	seen := map[string]bool{}
	groups := map[string]bool{}
	for _, clause := range strings.Split(p.withoutAsides(r.Text), ";") {
		clause = strings.TrimSpace(clause)
		i := strings.IndexByte(clause, '{')
		if i < 0 {
			return nil, errorf(r.Number, "clause %q names no mana symbol", clause)
		}
		words := manaPhrase(p, clause[:i])
		group, err := p.manaGroupOf(r.Number, words)
		if err != nil {
			return nil, err
		}
		if groups[group] {
			return nil, errorf(r.Number, "group %s is listed twice", group)
		}
		groups[group] = true
		for _, sym := range symbolRE.FindAllString(clause, -1) {
			if !snapshot.IsSymbol(sym) {
				return nil, errorf(r.Number, "%q is not a mana symbol", sym)
			}
			if seen[sym] {
				return nil, errorf(r.Number, "mana symbol %s is listed twice", sym)
			}
			seen[sym] = true
			out = append(out, snapshot.ManaSymbol{Symbol: sym, Group: group, GroupWords: strings.TrimSuffix(words, " "+p.manaVerb)})
		}
	}
	for _, g := range requiredManaGroups {
		if !groups[g] {
			return nil, errorf(r.Number, "no %s mana symbols found", g)
		}
	}
	if !groups["variable"] {
		for i, m := range out {
			if m.Group == "basic" && p.calledVariable(m.Symbol, sub) {
				out[i].Group = "variable"
			}
		}
	}
	return out, nil
}

// manaGroupOf names the group of a clause of 107.4 by its words: the
// table's name for a wording the rules have used ("numerals" → numeric),
// else, in English, the words themselves without "mana" and "symbol(s)"
// ("colorless Phyrexian symbols" → colorless_phyrexian), so that a group
// the rules add needs no table entry; in Spanish a provisional name
// (snapshot.Unnamed) that the English release names by its symbols.
func (p *phrases) manaGroupOf(rule, phrase string) (string, error) {
	if g, ok := p.manaGroup[phrase]; ok {
		return g, nil
	}
	if p.called == nil { // Spanish: no words of its own name a group
		return snapshot.Unnamed(phrase), nil
	}
	var words []string
	for _, w := range strings.Fields(phrase) {
		if w != "mana" && w != "symbol" && w != "symbols" {
			words = append(words, w)
		}
	}
	g := strings.Join(words, "_")
	if !snapshot.IsManaGroup(g) || len(words) > 3 || !strings.HasSuffix(phrase, "symbol") && !strings.HasSuffix(phrase, "symbols") {
		return "", errorf(rule, "unknown group of mana symbols %q (expected words that end in \"symbols\", as in %q)", phrase, "the hybrid symbols")
	}
	return g, nil
}

// manaPhrase reduces "; and the snow mana symbol " to "snow mana symbol".
func manaPhrase(p *phrases, s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimPrefix(s, p.and+" ")
	for _, art := range []string{"the ", "los ", "las ", "el ", "la "} {
		s = strings.TrimPrefix(s, art)
	}
	return s
}
