package diff

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// What a list lost and gained, paired: typography, renames with their
// evidence, moves between lists.

// pairTypography pairs a removed and an added entry that differ only in
// typography (straight and curly apostrophes, spacing).
func (r *Report) pairTypography(k string, add, rem []string) ([]string, []string) {
	if len(add) == 0 || len(rem) == 0 {
		return add, rem
	}
	removedBy := make(map[string]string, len(rem))
	for _, d := range rem {
		if _, dup := removedBy[worddiff.TypographyKey(d)]; !dup {
			removedBy[worddiff.TypographyKey(d)] = d
		}
	}
	paired := map[string]bool{}
	var keptAdd []string
	for _, a := range add {
		if d, ok := removedBy[worddiff.TypographyKey(a)]; ok && !paired[d] {
			paired[d] = true
			r.Typography[k] = append(r.Typography[k], Rename{From: d, To: a})
			continue
		}
		keptAdd = append(keptAdd, a)
	}
	keptRem := slices.DeleteFunc(slices.Clone(rem), func(d string) bool { return paired[d] })
	return keptAdd, keptRem
}

// pairRenames pairs a removed and an added entry when the rule text shows
// the one word replaced by the other outside the list itself ("Creatures
// and tribals share" → "Creatures and kindreds share"). One name swapped
// for another inside the list ("Centaur, Cephalid, Chimera" → "Centaur,
// Child, Chimera") is no evidence: it is a removal and an addition.
// listRules are the rules that list k, before and after. The rules of
// the facts are searched in registry order, so that a list read later
// (the permanent types of 110.4, read since 2026) never changes the
// evidence of a rename already recorded.
func (r *Report) pairRenames(k string, cur *snapshot.Snapshot, add, rem []string, listRules ...string) ([]string, []string) {
	if len(add) == 0 || len(rem) == 0 {
		return add, rem
	}
	remBy, addBy := map[string]string{}, map[string]string{}
	for _, n := range rem {
		remBy[strings.ToLower(n)] = n
	}
	for _, n := range add {
		addBy[strings.ToLower(n)] = n
	}
	taken := map[string]bool{}
	for _, rc := range byFactOrder(cur, r.Rules) {
		for i := 0; i+1 < len(rc.Diff); i++ {
			d, ins := rc.Diff[i], rc.Diff[i+1]
			if d.Op != Delete || ins.Op != Insert {
				continue
			}
			from, okF := remBy[strings.ToLower(wordStem(d.Text))]
			to, okT := addBy[strings.ToLower(wordStem(ins.Text))]
			if !okF || !okT || taken[from] || taken[to] {
				continue
			}
			var before string
			if i > 0 && rc.Diff[i-1].Op == Equal {
				before = rc.Diff[i-1].Text
			}
			if slices.Contains(listRules, rc.Number) && inList(before, d.Text) {
				continue
			}
			taken[from], taken[to] = true, true
			r.Renamed[k] = append(r.Renamed[k], Rename{From: from, To: to,
				Evidence: fmt.Sprintf("rule %s: %q → %q", rc.Number, strings.TrimSpace(d.Text), strings.TrimSpace(ins.Text))})
		}
	}
	rem = slices.DeleteFunc(slices.Clone(rem), func(n string) bool { return taken[n] })
	add = slices.DeleteFunc(slices.Clone(add), func(n string) bool { return taken[n] })
	return add, rem
}

// byFactOrder orders rule changes by the registry order of the fact each
// rule of s belongs to, then by rule; rules of no fact come last.
func byFactOrder(s *snapshot.Snapshot, rules []RuleChange) []RuleChange {
	rank := func(n string) int {
		if i := slices.Index(snapshot.Facts(), s.FactOfRule(n)); i >= 0 {
			return i
		}
		return len(snapshot.Facts())
	}
	out := slices.Clone(rules)
	slices.SortStableFunc(out, func(a, b RuleChange) int { return cmp.Compare(rank(a.Number), rank(b.Number)) })
	return out
}

// pairTitles finds the renames of a list read from a section's titles: a
// name gone and a name come whose rule is the same (702.89 "Totem Armor"
// became "Umbra Armor" in 2024-07-30): the title is the rename's evidence.
func (r *Report) pairTitles(k string, add, rem []string, old, cur *snapshot.Snapshot) ([]string, []string) {
	oldRule, newRule := old.NameRules(k), cur.NameRules(k)
	if oldRule == nil || len(add) == 0 || len(rem) == 0 {
		return add, rem
	}
	taken := map[string]bool{}
	for _, from := range rem {
		for _, to := range add {
			if n := oldRule[from]; n != "" && n == newRule[to] && !taken[to] {
				taken[from], taken[to] = true, true
				r.Renamed[k] = append(r.Renamed[k], Rename{From: from, To: to, Evidence: fmt.Sprintf("rule %s: %q → %q", n, from, to)})
				break
			}
		}
	}
	rem = slices.DeleteFunc(slices.Clone(rem), func(n string) bool { return taken[n] })
	add = slices.DeleteFunc(slices.Clone(add), func(n string) bool { return taken[n] })
	return add, rem
}

// inList reports whether a deleted word sits inside a comma-separated
// enumeration: it ends with a comma itself ("Cephalid, "), or the text
// before it does, but for a conjunction ("Zombie, and Zubera").
func inList(before, deleted string) bool {
	if strings.HasSuffix(strings.TrimSpace(deleted), ",") {
		return true
	}
	b := strings.TrimSpace(before)
	for _, conj := range []string{" and", " or", " y", " o"} {
		if strings.HasSuffix(b, conj) {
			b = strings.TrimSpace(strings.TrimSuffix(b, conj))
			break
		}
	}
	return strings.HasSuffix(b, ",")
}

// wordStem reduces a one-word diff span ("tribals ", "kindred,") to the
// word, without punctuation or a plural s.
func wordStem(s string) string {
	w := strings.Trim(strings.TrimSpace(s), ",.;:“”\"")
	if strings.ContainsAny(w, " ") {
		return ""
	}
	return strings.TrimSuffix(w, "s")
}

func (r *Report) findMoves(removed, added map[string][]string) {
	for _, name := range slices.Sorted(maps.Keys(removed)) {
		to, ok := added[name]
		if !ok || len(to) != 1 || len(removed[name]) != 1 {
			continue
		}
		from := removed[name][0]
		if !snapshot.IsCategory(from) || !snapshot.IsCategory(to[0]) {
			continue
		}
		r.Moved = append(r.Moved, Move{Name: name, From: from, To: to[0]})
		r.dropRemoved(from, name)
		r.dropAdded(to[0], name)
	}
}

func (r *Report) dropRemoved(k, name string) {
	r.Removed[k] = slices.DeleteFunc(r.Removed[k], func(s string) bool { return s == name })
	if len(r.Removed[k]) == 0 {
		delete(r.Removed, k)
	}
}

func (r *Report) dropAdded(k, name string) {
	r.Added[k] = slices.DeleteFunc(r.Added[k], func(s string) bool { return s == name })
	if len(r.Added[k]) == 0 {
		delete(r.Added, k)
	}
}
