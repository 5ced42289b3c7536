package snapshot

import (
	"slices"
	"strings"
)

// The subtype categories of rule 205.3 and the groups of mana symbols of
// 107.4 are whatever the rules name: a category is the word of its list
// sentence ("The paragon types are ..."), a group the words of its clause
// ("the hybrid Phyrexian symbols" → hybrid_phyrexian). Nothing here lists
// them; a snapshot's own rules give their order (Snapshot.Categories).

// knownCategories are the categories of the rules as of 2026, in rule
// order: the order of the keys of a snapshot's JSON maps, so that the
// files written before the categories were read from the rules keep
// their bytes. A category added since sorts after them, by name.
var knownCategories = []string{"artifact", "enchantment", "land", "planeswalker", "spell", "creature", "planar", "dungeon", "battle"}

// IsCategory reports whether key can name a subtype category: one word
// of lower-case letters, as the rules' list sentences name them
// ("creature", "planar"), and no fact's name.
func IsCategory(key string) bool {
	return isWord(key) && !slices.Contains(Facts(), key)
}

// IsManaGroup reports whether g can name a group of mana symbols: words
// of lower-case letters joined by underscores ("hybrid_phyrexian").
func IsManaGroup(g string) bool {
	for _, w := range strings.Split(g, "_") {
		if !isWord(w) {
			return false
		}
	}
	return true
}

// Unnamed is the provisional key of a Spanish subtype list whose words
// the phrase tables do not know ("de paragón" in "Los tipos de paragón
// son ..."): pairing with the English release of the same date names it
// by the English category of the same subrule. A snapshot holding one is
// not valid.
func Unnamed(words string) string { return unnamedPrefix + words }

// UnnamedWords returns the words of a provisional key, and whether key
// is one.
func UnnamedWords(key string) (string, bool) { return strings.CutPrefix(key, unnamedPrefix) }

const unnamedPrefix = "?"

func isWord(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == ""
}

func knownIndex(c string) int {
	if i := slices.Index(knownCategories, c); i >= 0 {
		return i
	}
	return len(knownCategories)
}

func categoryLess(a, b string) bool {
	if ia, ib := knownIndex(a), knownIndex(b); ia != ib {
		return ia < ib
	}
	return a < b
}

// Categories returns the categories s lists, in rule order.
func (s *Snapshot) Categories() []string { return CategoryOrder(s) }

// CategoryOrder returns every category the snapshots list, in rule order:
// by the letter of the subrule that lists it in the last of snaps that
// does (the Type Line rule was 204 until 2011-07-15; the letters keep
// their order), then as knownCategories, then by name. Nil snapshots
// are skipped.
func CategoryOrder(snaps ...*Snapshot) []string {
	letter := map[string]string{}
	for _, s := range snaps {
		if s == nil {
			continue
		}
		for c := range s.Subtypes {
			r := s.SubtypeRules[c]
			letter[c] = strings.TrimLeft(r[min(len(r), strings.LastIndexByte(r, '.')+1):], "0123456789")
		}
	}
	out := make([]string, 0, len(letter))
	for c := range letter {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b string) int {
		if c := strings.Compare(letter[a], letter[b]); c != 0 {
			return c
		}
		if categoryLess(a, b) {
			return -1
		}
		if categoryLess(b, a) {
			return 1
		}
		return 0
	})
	return out
}

// SortLists orders list keys as reports show them, where no snapshot
// gives the rules' order: the categories (known ones in their rule
// order, then the others by name), then the other lists in fact order.
// Keys that are neither are left out.
func SortLists(keys []string) []string {
	var cats []string
	for _, k := range keys {
		if IsCategory(k) && !slices.Contains(cats, k) {
			cats = append(cats, k)
		}
	}
	slices.SortFunc(cats, func(a, b string) int {
		if categoryLess(a, b) {
			return -1
		}
		if categoryLess(b, a) {
			return 1
		}
		return 0
	})
	for _, f := range NamedLists() {
		if slices.Contains(keys, f.Name) {
			cats = append(cats, f.Name)
		}
	}
	return cats
}

// ListsOf returns the keys of the list facts of snaps, in report order:
// the subtype categories any of them lists (CategoryOrder), then the
// other lists under their fact names.
func ListsOf(snaps ...*Snapshot) []string {
	out := CategoryOrder(snaps...)
	for _, f := range NamedLists() {
		out = append(out, f.Name)
	}
	return out
}

// List returns the names of one list (a category or a fact name; mana
// symbols as written, "{W/U}").
func (s *Snapshot) List(key string) []string {
	if IsCategory(key) {
		return s.Subtypes[key]
	}
	if f := FactNamed(key); f != nil {
		return f.Get(s)
	}
	return nil
}
