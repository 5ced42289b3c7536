package future

import (
	"maps"
	"regexp"
	"slices"
	"strings"
)

// The bound on a release's diff of generated/: a name added is its row in
// data.go, its constant with its comment and its place in the rule order
// in tables.go, its entry in values.json, its slot in the index of its
// list and its word in each vocabulary, and two cases of the benchmarks'
// switch (16 lines); a name removed, its mark in each of those, for its
// English and its Spanish spelling: its row, two slots of the index, four
// entries of the vocabularies, four cases of the switch, its constant
// deprecated and its place in the order (25 lines; seed 9045 removed two
// with nothing else to spare); renamed or moved, one removed and one
// added. A list touched adds the comma of values.json and its rule; a
// category its type, methods and tables (its key and label among them),
// and the deprecation of the one a rename or drop leaves; a keyword
// action or ability added, besides, its verbs and their index (five
// lines) or its forms, their parts and their index (up to ten); a release
// recorded its date in package rules.
const (
	LinesPerName     = 26
	LinesPerList     = 6
	LinesPerCategory = 180
	LinesPerKeyword  = 10
	LinesPerRelease  = 1
)

// provenanceRE matches what every release changes whatever its lists:
// the digests and dates of the sources, the effective dates, and the
// releases each list was read from (a table's AsOf, AsOfES and Unread).
var provenanceRE = regexp.MustCompile(`^[-+](//\s+(snapshots/current/|snapshots/rules/|[a-z0-9.-]+: )|\s+Effective(EN|ES)\s+= |\s+(AsOf|AsOfES|Unread):\s|\s+symbols(AsOf|AsOfES)\s+= |var symbolsUnread )`)

// ChangedLines counts the lines a diff of generated/ (git diff -U0) adds
// or removes, provenance aside, index.go aside when its lookup tables
// grew (past half full, a table doubles and every name moves), and the
// copy of the rule books package ruletext embeds (ruletext/books/: the
// rules' text, whose change is no name's).
func ChangedLines(diff string, skipIndex bool) int {
	n, file := 0, ""
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "diff --git"):
			file = l
		case strings.HasPrefix(l, "+++") || strings.HasPrefix(l, "---"):
		case strings.Contains(file, "/ruletext/books/"):
		case skipIndex && strings.HasSuffix(file, "index.go"):
		case (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && !provenanceRE.MatchString(l):
			n++
		}
	}
	return n
}

// GrownTables names the lookup tables of index.go (its text before and
// after) whose size changed, as " (lookup tables grew, index.go left
// out: ...)", or "" when none did.
func GrownTables(before, after string) string {
	old, cur := tableSizes(before), tableSizes(after)
	grew := ""
	for _, name := range slices.Sorted(maps.Keys(old)) {
		if s, ok := cur[name]; ok && s != old[name] {
			grew += " " + name
		}
	}
	if grew != "" {
		grew = " (lookup tables grew, index.go left out:" + grew + ")"
	}
	return grew
}

var tableRE = regexp.MustCompile(`(?m)^\t?(?:var )?(\w+)\s+= names\.(?:Index|Lexicon)\{(?s:.*?)Shift:\s+(\d+)`)

// tableSizes reads the size (its Shift) of each lookup table of index.go.
func tableSizes(src string) map[string]string {
	out := map[string]string{}
	for _, m := range tableRE.FindAllStringSubmatch(src, -1) {
		out[m[1]] = m[2]
	}
	return out
}
