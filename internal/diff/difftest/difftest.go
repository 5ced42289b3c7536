// Package difftest checks a comparison of two snapshots against the
// snapshots themselves, for the tests of package diff and of the working
// tree: a report must account for every name whose presence differs
// between the two, in every list, and claim no other.
package difftest

import (
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Knows reports whether s says what list k holds. A release read from
// the official TXT says it of every list, an empty one being none (before
// the list's first release, or after the rules dropped it); rule pages
// say it of the lists their rules give, 205.3 of every subtype category
// and the basic land types.
func Knows(s *snapshot.Snapshot, k string) bool {
	for _, src := range s.Sources {
		if src.Format == snapshot.FormatCRText {
			return true
		}
	}
	if snapshot.IsCategory(k) || k == snapshot.FactBasicLands {
		return len(s.Subtypes) > 0
	}
	return len(s.List(k)) > 0
}

// Unaccounted compares r, the report of old → cur, with the lists of old
// and cur: for every list both know, each name cur lists and old does not
// must be reported added (or as the new side of a rename, a change of
// typography or of translation, or a move into the list), each name old
// lists and cur does not reported removed (or the old side of one of
// those), and nothing else. It returns what is wrong, one line each.
func Unaccounted(old, cur *snapshot.Snapshot, r *diff.Report) []string {
	var out []string
	for _, k := range snapshot.ListsOf(old, cur) {
		if !Knows(old, k) || !Knows(cur, k) {
			continue
		}
		gained, lost := minus(cur.List(k), old.List(k)), minus(old.List(k), cur.List(k))
		to, from := slices.Clone(r.Added[k]), slices.Clone(r.Removed[k])
		for _, rn := range append(slices.Clone(r.Renamed[k]), r.Typography[k]...) {
			to, from = append(to, rn.To), append(from, rn.From)
		}
		for _, tr := range r.Translations[k] {
			to, from = append(to, tr.To), append(from, tr.From)
		}
		for _, m := range r.Moved {
			if m.To == k {
				to = append(to, m.Name)
			}
			if m.From == k {
				from = append(from, m.Name)
			}
		}
		for _, n := range minus(gained, to) {
			out = append(out, fmt.Sprintf("%s: %s gained %q, and the report does not say so", k, r.New, n))
		}
		for _, n := range minus(lost, from) {
			out = append(out, fmt.Sprintf("%s: %s lost %q, and the report does not say so", k, r.New, n))
		}
		for _, n := range minus(to, gained) {
			out = append(out, fmt.Sprintf("%s: the report says %s gained %q, which %s already listed or %s does not", k, r.New, n, r.Old, r.New))
		}
		for _, n := range minus(from, lost) {
			out = append(out, fmt.Sprintf("%s: the report says %s lost %q, which %s did not list or %s still does", k, r.New, n, r.Old, r.New))
		}
	}
	for k := range r.Added {
		if !Knows(old, k) || !Knows(cur, k) {
			out = append(out, fmt.Sprintf("%s: the report adds names to a list %s or %s says nothing of", k, r.Old, r.New))
		}
	}
	for k := range r.Removed {
		if !Knows(old, k) || !Knows(cur, k) {
			out = append(out, fmt.Sprintf("%s: the report removes names from a list %s or %s says nothing of", k, r.Old, r.New))
		}
	}
	return out
}

// minus is the names of a not in b, in a's order, each once.
func minus(a, b []string) []string {
	seen := make(map[string]bool, len(a)+len(b))
	for _, n := range b {
		seen[n] = true
	}
	var out []string
	for _, n := range a {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
