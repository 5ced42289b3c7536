package scrape

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// PairingError lists everything that kept Spanish and English from pairing.
type PairingError struct {
	Effective string
	Problems  []string
}

func (e *PairingError) Error() string {
	return fmt.Sprintf("the Spanish 205.3 of release %s does not pair with the English one:\n  %s", e.Effective, strings.Join(e.Problems, "\n  "))
}

// Pair pairs each Spanish subtype of es with its English entry in en and
// stores the pairs in es.PairingEN. Both must carry 205.3 from the same
// release. It checks first that the letters inferred for the Spanish
// subrules match the English rule (same subrules, each category in the same
// subrule), then pairs by position within each category, and requires that
// a name printed identically in both languages lands on itself. Any
// disagreement is an error that lists the names left unpaired; nothing is
// ever silently misaligned. prev, the Spanish snapshot paired before (nil
// if none), tells which name went missing when the counts disagree.
func Pair(es, en, prev *snapshot.Snapshot) error {
	if es.Lang != "es" || en.Lang != "en" {
		return fmt.Errorf("pairing needs a Spanish and an English snapshot, got %s and %s", es.Lang, en.Lang)
	}
	esProv, enProv := es.Provenance[snapshot.FactSubtypes], en.Provenance[snapshot.FactSubtypes]
	if esProv.Effective != enProv.Effective {
		return &PairingError{Effective: esProv.Effective, Problems: []string{fmt.Sprintf(
			"Spanish 205.3 is from the release of %s but English 205.3 from %s: positional pairing needs the same release",
			esProv.Effective, enProv.Effective)}}
	}
	problems := nameCategories(es, en)
	esSub, enSub := subruleNumbers(es.Rules, es.RuleOf(snapshot.FactSubtypes)), subruleNumbers(en.Rules, en.RuleOf(snapshot.FactSubtypes))
	if !slices.Equal(esSub, enSub) {
		problems = append(problems, fmt.Sprintf("Spanish 205.3 has subrules %s, English %s", strings.Join(esSub, " "), strings.Join(enSub, " ")))
	}
	cats := snapshot.CategoryOrder(en, es)
	for _, c := range cats {
		if es.SubtypeRules[c] != en.SubtypeRules[c] {
			problems = append(problems, fmt.Sprintf("%s types: Spanish rule %q, English rule %q", c, es.SubtypeRules[c], en.SubtypeRules[c]))
		}
	}
	pairing := snapshot.Pairing{}
	for k, v := range es.PairingEN {
		if !snapshot.IsCategory(k) {
			pairing[k] = v // card types and supertypes, paired by their curated source
		}
	}
	for _, c := range cats {
		esNames, enNames := es.Subtypes[c], en.Subtypes[c]
		if len(esNames) == 0 && len(enNames) == 0 {
			continue
		}
		if len(esNames) != len(enNames) {
			problems = append(problems, fmt.Sprintf("%s types: %d Spanish, %d English; %s",
				c, len(esNames), len(enNames), unpaired(c, esNames, enNames, prev)))
			continue
		}
		pairs := make([]snapshot.Pair, len(esNames))
		for i := range esNames {
			pairs[i] = snapshot.Pair{ES: esNames[i], EN: enNames[i]}
			if j := slices.Index(enNames, esNames[i]); j >= 0 && j != i {
				problems = append(problems, fmt.Sprintf("%s types: Spanish %q (position %d) is printed like English %q (position %d) but would pair with %q",
					c, esNames[i], i+1, enNames[j], j+1, enNames[i]))
			}
		}
		pairing[c] = pairs
	}
	if len(problems) > 0 {
		return &PairingError{Effective: esProv.Effective, Problems: problems}
	}
	es.PairingEN = pairing
	return nil
}

// nameCategories names each Spanish list whose words the phrase tables
// do not know (snapshot.Unnamed) by the English category of the same
// subrule: a category the rules add is read in Spanish without a table
// entry. It returns what it could not name.
func nameCategories(es, en *snapshot.Snapshot) []string {
	var problems []string
	for _, k := range slices.Sorted(maps.Keys(es.Subtypes)) {
		words, ok := snapshot.UnnamedWords(k)
		if !ok {
			continue
		}
		rule := es.SubtypeRules[k]
		c := ""
		for ec, r := range en.SubtypeRules {
			if r == rule {
				c = ec
			}
		}
		switch {
		case c == "":
			problems = append(problems, fmt.Sprintf("Spanish rule %s lists \"tipos %s\", but English rule %s lists no subtypes", rule, words, rule))
		case es.Subtypes[c] != nil:
			problems = append(problems, fmt.Sprintf("Spanish rule %s lists \"tipos %s\", which English names %s types, but another Spanish rule lists those", rule, words, c))
		default:
			es.Subtypes[c], es.SubtypeRules[c] = es.Subtypes[k], rule
			delete(es.Subtypes, k)
			delete(es.SubtypeRules, k)
		}
	}
	return problems
}

// nameManaGroups names each Spanish group of mana symbols whose words
// the phrase tables do not know by the English group of its symbols, in
// the newest English release up to the same date that lists them: a
// group the rules add is read in Spanish without a table entry.
func nameManaGroups(es *snapshot.Snapshot, en []*snapshot.Snapshot) error {
	var ref *snapshot.Snapshot
	for _, s := range en {
		if s.Effective <= es.Effective && s.Has(snapshot.FactMana) {
			ref = s
		}
	}
	named := map[string]string{} // Spanish provisional group → English group
	for i, m := range es.ManaSymbols {
		words, ok := snapshot.UnnamedWords(m.Group)
		if !ok {
			continue
		}
		g := ""
		if ref != nil {
			if j := slices.IndexFunc(ref.ManaSymbols, func(e snapshot.ManaSymbol) bool { return e.Symbol == m.Symbol }); j >= 0 {
				g = ref.ManaSymbols[j].Group
			}
		}
		if g == "" {
			return &PairingError{Effective: es.Effective, Problems: []string{fmt.Sprintf("the Spanish 107.4 lists %s among \"%s\", a group no English release up to %s lists it in", m.Symbol, words, es.Effective)}}
		}
		if prev, ok := named[m.Group]; ok && prev != g {
			return &PairingError{Effective: es.Effective, Problems: []string{fmt.Sprintf("the Spanish 107.4 puts %s in \"%s\" with symbols of the English group %s, but English puts it in %s", m.Symbol, words, prev, g)}}
		}
		named[m.Group] = g
		es.ManaSymbols[i].Group = g
	}
	return nil
}

func subruleNumbers(rules snapshot.Rules, parent string) []string {
	var out []string
	for n := range rules {
		if rest, ok := strings.CutPrefix(n, parent); ok && len(rest) == 1 {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(a, b) })
	return out
}

// unpaired says which names keep the lists from pairing. The earlier
// pairing names them: a Spanish name it had that the page lost, one the
// page gained, an English name it had no partner for. Without one, only
// the surplus by position can be named, which may not be the name that
// is really missing.
func unpaired(c string, es, en []string, prev *snapshot.Snapshot) string {
	var pairs []snapshot.Pair
	if prev != nil {
		pairs = prev.PairingEN[c]
	}
	if len(pairs) == 0 {
		if len(es) > len(en) {
			return "no earlier pairing to compare with; by position the Spanish surplus is " + quoteList(es[len(en):])
		}
		return "no earlier pairing to compare with; by position the English surplus is " + quoteList(en[len(es):])
	}
	hadES, hadEN := map[string]string{}, map[string]bool{}
	for _, p := range pairs {
		hadES[p.ES] = p.EN
		hadEN[p.EN] = true
	}
	var parts []string
	for _, p := range pairs {
		if !slices.Contains(es, p.ES) && slices.Contains(en, p.EN) {
			parts = append(parts, fmt.Sprintf("the Spanish page no longer lists %q (English %q)", p.ES, p.EN))
		}
	}
	for _, n := range es {
		if _, ok := hadES[n]; !ok {
			parts = append(parts, fmt.Sprintf("the Spanish page lists %q, which the earlier pairing did not have", n))
		}
	}
	for _, n := range en {
		if !hadEN[n] {
			parts = append(parts, fmt.Sprintf("English %q has no Spanish partner on the page", n))
		}
	}
	if len(parts) == 0 {
		return "the names match the earlier pairing but their counts differ"
	}
	return strings.Join(parts, "; ")
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
