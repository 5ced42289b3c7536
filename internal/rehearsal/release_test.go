package rehearsal

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/textenc"
)

// update is the rules update the rehearsal derives, and what a correct
// pipeline must report about it.
type update struct {
	Effective string // YYYY-MM-DD of the derived release
	Text      []byte // the release as Wizards publishes it: UTF-8 with BOM, CRLF
	// Creature types added at the front, in the middle and at the end of
	// the list, and the one removed.
	Added   []string
	Removed string
	// A card type renamed, with evidence in a rule outside the list.
	RenamedFrom, RenamedTo string
	NewSymbol              string // a new mana symbol of 107.4
	Reworded               string // a rule whose wording changes
	// A new subtype category, its card type and its names, in a subrule
	// of its own before the one on card types without subtypes, which
	// moves down a letter (as when the battle types came in 2023).
	Category      string
	CategoryNames []string
	// The subrules the update edits, as it numbers them.
	CreatureRule, NoSubtypes, CategoryRule string
}

// deriveUpdate makes the next release from the project's own newest
// state, whatever it is: the rules as its current English snapshot
// holds them (snapshots/current/en.json, each fact from the newest
// release that has it) laid into the newest official text of the corpus,
// dated after the newest release the project records, then the changes
// of a plausible update, chosen so that they are changes whatever the
// rules list by then. Run on the tree a first rehearsal produced, it
// makes the update after that one. Every edit must find what it edits:
// when the rules move on, the rehearsal fails and says which anchor is
// gone.
func deriveUpdate(t *testing.T, project string, newCategory bool) *update {
	t.Helper()
	store := snapshot.Store{Dir: filepath.Join(project, "snapshots")}
	cur, err := store.Current("en")
	if err != nil || cur == nil {
		t.Fatalf("the project's current English snapshot: %v", err)
	}
	releases := corpus.Releases(t)
	skeleton := releases[len(releases)-1]
	raw, err := os.ReadFile(skeleton.Path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := textenc.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	u := &update{Effective: after(t, newestRecorded(t, store), 35)}
	// The subrules the edits need, found by what they say, whatever their
	// letters are by now.
	subtypes := cur.RuleOf(snapshot.FactSubtypes)
	noSubtypes := subruleSaying(t, cur, subtypes, "have no subtypes")
	u.Reworded = subruleSaying(t, cur, subtypes, "gain a subtype")
	creatureRule := cur.SubtypeRules["creature"]
	rules := maps.Clone(cur.Rules)
	if newCategory {
		u.CategoryRule = noSubtypes
		noSubtypes = u.addCategory(t, cur, rules, noSubtypes)
	}
	u.CreatureRule, u.NoSubtypes = creatureRule, noSubtypes
	for _, g := range []struct{ rule, fact string }{{"205.2a", snapshot.FactCardTypes}, {"205.3", snapshot.FactSubtypes}, {"205.4a", snapshot.FactSupertypes}, {"107.4", snapshot.FactMana}} {
		if cur.RuleOf(g.fact) != g.rule {
			t.Fatalf("the current snapshot reads %s from rule %s; the rehearsal lays it into rule %s of %s: teach it", g.fact, cur.RuleOf(g.fact), g.rule, skeleton.Path)
		}
		lines = replaceRule(t, lines, g.rule, rules)
	}
	edit := func(rule, old, new string) {
		t.Helper()
		for i, l := range lines {
			if ruleStarts(l, rule) {
				if !strings.Contains(l, old) {
					t.Fatalf("rule %s no longer contains %q: update the rehearsal's edits", rule, old)
				}
				lines[i] = strings.Replace(l, old, new, 1)
				return
			}
		}
		t.Fatalf("rule %s not found", rule)
	}
	es, err := store.Current("es")
	if err != nil || es == nil {
		t.Fatalf("the project's current Spanish snapshot: %v", err)
	}
	translated := func(list, en string) bool {
		return slices.ContainsFunc(es.PairingEN[list], func(p snapshot.Pair) bool { return p.EN == en })
	}

	// The creature list: one name at the front, one in the middle, one at
	// the end, each absent from the list as it stands; one removed, among
	// those Spanish translates (so the Spanish lag shows it).
	creatures := listAfter(t, lines, creatureRule, "All other creature types are one word long: ")
	for _, n := range []string{"Aardwolf", "Quokka", "Zyzzyva"} {
		u.Added = append(u.Added, absent(cur.Subtypes["creature"], n))
	}
	mid := creatures[len(creatures)/2]
	for i := len(creatures) * 3 / 4; u.Removed == ""; i++ {
		if translated("creature", creatures[i]) && creatures[i] != mid {
			u.Removed = creatures[i]
		}
	}
	last := creatures[len(creatures)-1]
	edit(creatureRule, "one word long: ", "one word long: "+u.Added[0]+", ")
	edit(creatureRule, " "+mid+",", " "+u.Added[1]+", "+mid+",")
	edit(creatureRule, " "+u.Removed+",", "")
	edit(creatureRule, ", and "+last+".", ", "+last+", and "+u.Added[2]+".")

	// A card type renamed: in the list of 205.2a, and in the subrule on
	// card types without subtypes, which names it outside any list of card
	// types ("vanguard cards"): the first card type that subrule names that
	// Spanish translates.
	noSub := rules[noSubtypes]
	for _, w := range strings.FieldsFunc(strings.ToLower(noSub), func(r rune) bool { return r == ' ' || r == ',' || r == '.' }) {
		if slices.Contains(cur.CardTypes, w) && translated(snapshot.FactCardTypes, w) && strings.Contains(strings.ToLower(noSub), w+" cards") {
			u.RenamedFrom = w
			break
		}
	}
	if u.RenamedFrom == "" {
		t.Fatalf("rule %s names no card type (%q): choose another rule for the rename's evidence", noSubtypes, noSub)
	}
	u.RenamedTo = absent(cur.CardTypes, "paragon")
	edit("205.2a", " "+u.RenamedFrom+",", " "+u.RenamedTo+",")
	from, to := u.RenamedFrom+" cards", u.RenamedTo+" cards"
	if !strings.Contains(noSub, from) {
		from, to = title(from), title(to)
	}
	edit(noSubtypes, from, to)

	// A new Phyrexian symbol, the first 107.4 does not list yet.
	groups := map[string]string{}
	for _, m := range cur.ManaSymbols {
		groups[m.Symbol] = m.Group
	}
	for _, c := range []struct{ sym, clause string }{
		{"{C/P}", "the Phyrexian mana symbols "}, {"{C/W/P}", "the hybrid Phyrexian symbols "}, {"{C/U/P}", "the hybrid Phyrexian symbols "},
		{"{C/B/P}", "the hybrid Phyrexian symbols "}, {"{C/R/P}", "the hybrid Phyrexian symbols "}, {"{C/G/P}", "the hybrid Phyrexian symbols "},
	} {
		if _, listed := groups[c.sym]; !listed {
			u.NewSymbol = c.sym
			clause := clauseOf(t, cur.Rules["107.4"], c.clause)
			lastSym := clause[strings.LastIndex(clause, "{"):]
			edit("107.4", ", and "+lastSym, ", "+lastSym+", and "+c.sym)
			break
		}
	}
	if u.NewSymbol == "" {
		t.Fatal("107.4 lists every symbol the rehearsal knows to add: teach it another")
	}
	// A rule reworded, back and forth from one update to the next.
	if strings.Contains(cur.Rules[u.Reworded], "that object’s card types.") {
		edit(u.Reworded, "that object’s card types.", "that object’s types.")
	} else {
		edit(u.Reworded, "that object’s types.", "that object’s card types.")
	}
	// The new effective date, everywhere the document states it.
	was := "These rules are effective as of " + longDate(skeleton.Date) + "."
	if !strings.Contains(text, was) {
		t.Fatalf("%s does not say %q", skeleton.Path, was)
	}
	out := strings.ReplaceAll(strings.Join(lines, "\n"), was, "These rules are effective as of "+longDate(u.Effective)+".")
	u.Text = append([]byte("\xef\xbb\xbf"), strings.ReplaceAll(out, "\n", "\r\n")...)
	return u
}

// subruleSaying is the subrule of parent in s whose text says words.
func subruleSaying(t *testing.T, s *snapshot.Snapshot, parent, words string) string {
	t.Helper()
	for n, text := range s.Rules {
		if isSubrule(n, parent) && strings.Contains(text, words) {
			return n
		}
	}
	t.Fatalf("no subrule of %s says %q: update the rehearsal's anchors", parent, words)
	return ""
}

// addCategory adds a subtype category to rules: its card type in 205.2a,
// its list in the subrule before (which moves down a letter), and returns
// where that subrule went.
func (u *update) addCategory(t *testing.T, cur *snapshot.Snapshot, rules snapshot.Rules, before string) string {
	t.Helper()
	u.Category = absent(append(slices.Clone(cur.CardTypes), cur.Categories()...), "exemplar")
	for _, n := range []string{"Ascendant", "Luminary"} {
		u.CategoryNames = append(u.CategoryNames, absent(cur.Subtypes["creature"], n))
	}
	moved := nextLetter(t, before)
	rules[moved] = rules[before]
	rules[before] = title(u.Category) + "s have their own unique set of subtypes; these subtypes are called " + u.Category + " types. The " + u.Category + " types are " + printList(u.CategoryNames, "and") + "."
	cardTypes := rules["205.2a"]
	i := strings.LastIndex(cardTypes, ", and ")
	if i < 0 {
		t.Fatalf("205.2a lists no card types as the rehearsal expects: %q", cardTypes)
	}
	rules["205.2a"] = cardTypes[:i] + ", " + u.Category + cardTypes[i:]
	return moved
}

// newestRecorded is the newest release of any language the store holds.
func newestRecorded(t *testing.T, store snapshot.Store) string {
	t.Helper()
	newest := ""
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(h) > 0 && h[len(h)-1].Effective > newest {
			newest = h[len(h)-1].Effective
		}
	}
	return newest
}

func after(t *testing.T, date string, days int) string {
	t.Helper()
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		t.Fatal(err)
	}
	return d.AddDate(0, 0, days).Format(time.DateOnly)
}

// absent returns name, made longer until list lacks it in any case.
func absent(list []string, name string) string {
	for slices.ContainsFunc(list, func(n string) bool { return strings.EqualFold(n, name) }) {
		name += "a"
	}
	return name
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// clauseOf is the clause of 107.4 that begins with intro, up to its ";".
func clauseOf(t *testing.T, rule, intro string) string {
	t.Helper()
	_, rest, ok := strings.Cut(rule, intro)
	if !ok {
		t.Fatalf("107.4 has no clause %q", intro)
	}
	clause, _, _ := strings.Cut(rest, ";")
	return clause
}

// replaceRule swaps rule n of lines, and its lettered subrules when n has
// no letter, each with its examples, for the texts of rules.
func replaceRule(t *testing.T, lines []string, n string, rules snapshot.Rules) []string {
	t.Helper()
	owned := func(num string) bool {
		rest, ok := strings.CutPrefix(num, n)
		return ok && (rest == "" || len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z' && n[len(n)-1] >= '0' && n[len(n)-1] <= '9')
	}
	first, end := -1, -1
	for i, l := range lines {
		num, ok := ruleNumber(l)
		switch {
		case first < 0 && ok && owned(num):
			first = i
		case first >= 0 && ok && !owned(num):
			end = i
		}
		if end >= 0 {
			break
		}
	}
	if first < 0 || end < 0 {
		t.Fatalf("rule %s not found in the official text", n)
	}
	var numbers []string
	for num := range rules {
		if owned(num) {
			numbers = append(numbers, num)
		}
	}
	slices.SortFunc(numbers, func(a, b string) int {
		if snapshot.RuleLess(a, b) {
			return -1
		}
		return 1
	})
	var block []string
	for _, num := range numbers {
		text, examples, _ := strings.Cut(rules[num], " Example: ")
		sep := " "
		if c := num[len(num)-1]; c >= '0' && c <= '9' {
			sep = ". "
		}
		block = append(block, num+sep+text, "")
		for _, ex := range strings.Split(examples, " Example: ") {
			if ex != "" {
				block = append(block, "Example: "+ex, "")
			}
		}
	}
	return slices.Concat(lines[:first], block, lines[end:])
}

// ruleNumber reads the number a rule line begins with ("205.3m",
// "107.4").
func ruleNumber(l string) (string, bool) {
	if !isRuleLine(l) {
		return "", false
	}
	num, _, _ := strings.Cut(l, " ")
	return strings.TrimSuffix(num, "."), true
}

// ruleStarts reports whether line l is rule n: "205.3m ..." or, for a rule
// without a letter, "107.4. ...".
func ruleStarts(l, n string) bool {
	return strings.HasPrefix(l, n+" ") || strings.HasPrefix(l, n+". ")
}

func isRuleLine(l string) bool {
	return len(l) > 4 && l[0] >= '1' && l[0] <= '9' && l[3] == '.' && l[4] >= '0' && l[4] <= '9'
}

// listAfter returns the names of the list that follows marker in rule.
func listAfter(t *testing.T, lines []string, rule, marker string) []string {
	t.Helper()
	for _, l := range lines {
		if ruleStarts(l, rule) {
			_, list, ok := strings.Cut(l, marker)
			if !ok {
				t.Fatalf("rule %s has no %q", rule, marker)
			}
			list = strings.TrimSuffix(list, ".")
			var out []string
			for _, n := range strings.Split(list, ", ") {
				out = append(out, strings.TrimPrefix(n, "and "))
			}
			return out
		}
	}
	t.Fatalf("rule %s not found", rule)
	return nil
}

var months = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// longDate writes 2026-02-27 as the document does: February 27, 2026.
func longDate(d string) string {
	var y, m, day int
	if _, err := fmt.Sscanf(d, "%d-%d-%d", &y, &m, &day); err != nil || m < 1 || m > 12 {
		panic("bad date " + d)
	}
	return fmt.Sprintf("%s %d, %d", months[m-1], day, y)
}
