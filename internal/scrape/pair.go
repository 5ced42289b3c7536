package scrape

import (
	"fmt"
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
	return fmt.Sprintf("pairing Spanish with English (release %s) failed:\n  %s", e.Effective, strings.Join(e.Problems, "\n  "))
}

// Pair pairs each Spanish subtype of es with its English entry in en and
// stores the pairs in es.PairingEN. Both must carry 205.3 from the same
// release. It checks first that the letters inferred for the Spanish
// subrules match the English rule (same subrules, each category in the same
// subrule), then pairs by position within each category, and requires that
// a name printed identically in both languages lands on itself. Any
// disagreement is an error that lists the names left unpaired; nothing is
// ever silently misaligned.
func Pair(es, en *snapshot.Snapshot) error {
	if es.Lang != "es" || en.Lang != "en" {
		return fmt.Errorf("pairing needs a Spanish and an English snapshot, got %s and %s", es.Lang, en.Lang)
	}
	esProv, enProv := es.Provenance[snapshot.FactSubtypes], en.Provenance[snapshot.FactSubtypes]
	if esProv.Effective != enProv.Effective {
		return &PairingError{Effective: esProv.Effective, Problems: []string{fmt.Sprintf(
			"Spanish 205.3 is from the release of %s but English 205.3 from %s: positional pairing needs the same release",
			esProv.Effective, enProv.Effective)}}
	}
	var problems []string
	esSub, enSub := subruleNumbers(es.Rules, "205.3"), subruleNumbers(en.Rules, "205.3")
	if !slices.Equal(esSub, enSub) {
		problems = append(problems, fmt.Sprintf("Spanish 205.3 has subrules %s, English %s", strings.Join(esSub, " "), strings.Join(enSub, " ")))
	}
	for _, c := range snapshot.Categories {
		if es.SubtypeRules[c] != en.SubtypeRules[c] {
			problems = append(problems, fmt.Sprintf("%s types: Spanish rule %q, English rule %q", c, es.SubtypeRules[c], en.SubtypeRules[c]))
		}
	}
	pairing := snapshot.Pairing{}
	for k, v := range es.PairingEN {
		if snapshot.CategoryIndex(k) < 0 {
			pairing[k] = v // card types and supertypes, paired by their curated source
		}
	}
	for _, c := range snapshot.Categories {
		esNames, enNames := es.Subtypes[c], en.Subtypes[c]
		if len(esNames) == 0 && len(enNames) == 0 {
			continue
		}
		if len(esNames) != len(enNames) {
			problems = append(problems, fmt.Sprintf("%s types: %d Spanish, %d English; unpaired: %s",
				c, len(esNames), len(enNames), unpaired(esNames, enNames)))
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

// unpaired names the entries of the longer list that have no partner by
// position.
func unpaired(es, en []string) string {
	var parts []string
	if len(es) > len(en) {
		parts = append(parts, "Spanish surplus "+quoteList(es[len(en):]))
	} else {
		parts = append(parts, "English surplus "+quoteList(en[len(es):]))
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
