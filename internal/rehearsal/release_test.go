package rehearsal

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/snapshot"
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
// state, whatever it is: the rules as its current snapshots hold them
// (future.Base: each fact from the newest release that has it), dated
// after the newest release the project records, with the changes of a
// plausible update, chosen so that they are changes whatever the rules
// list by then, rendered as the official TXT (future.World.EnglishTXT).
// Run on the tree a first rehearsal produced, it makes the update after
// that one. Every edit must find what it edits: when the rules move on,
// the rehearsal fails and says which anchor is gone.
func deriveUpdate(t *testing.T, project string, newCategory bool) *update {
	t.Helper()
	store := snapshot.Store{Dir: filepath.Join(project, "snapshots")}
	cur, err := store.Current("en")
	if err != nil || cur == nil {
		t.Fatalf("the project's current English snapshot: %v", err)
	}
	w, err := future.Base(store)
	if err != nil {
		t.Fatal(err)
	}
	w.Date = after(t, newestRecorded(t, store), 35)
	u := &update{Effective: w.Date}
	// The subrules the edits need, found by what they say, whatever their
	// letters are by now.
	subtypes := cur.RuleOf(snapshot.FactSubtypes)
	noSubtypes := subruleSaying(t, cur, subtypes, "have no subtypes")
	u.Reworded = subruleSaying(t, cur, subtypes, "gain a subtype")
	creatureRule := cur.SubtypeRules["creature"]
	if newCategory {
		// A card type: no name of package cardtype (card types,
		// supertypes, permanent types) nor a category may share its
		// identifier (gen refuses it).
		taken := slices.Concat(cur.CardTypes, cur.Supertypes, cur.List(snapshot.FactPermanentTypes), cur.Categories())
		u.Category = absent(taken, "exemplar")
		for _, n := range []string{"Ascendant", "Luminary"} {
			u.CategoryNames = append(u.CategoryNames, absent(cur.Subtypes["creature"], n))
		}
		if u.CategoryRule, err = w.AddCategory(u.Category, u.CategoryNames); err != nil {
			t.Fatal(err)
		}
		noSubtypes = subruleOf(t, w, "have no subtypes")
	}
	u.CreatureRule, u.NoSubtypes = creatureRule, noSubtypes
	edit := func(rule, old, new string) {
		t.Helper()
		text, ok := w.EN[rule]
		if !ok {
			t.Fatalf("rule %s not found", rule)
		}
		if !strings.Contains(text, old) {
			t.Fatalf("rule %s no longer contains %q: update the rehearsal's edits", rule, old)
		}
		w.EN[rule] = strings.Replace(text, old, new, 1)
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
	creatures := listAfter(t, w.EN[creatureRule], "All other creature types are one word long: ")
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
	noSub := w.EN[noSubtypes]
	for _, word := range strings.FieldsFunc(strings.ToLower(noSub), func(r rune) bool { return r == ' ' || r == ',' || r == '.' }) {
		if slices.Contains(cur.CardTypes, word) && translated(snapshot.FactCardTypes, word) && strings.Contains(strings.ToLower(noSub), word+" cards") {
			u.RenamedFrom = word
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
	mana := cur.RuleOf(snapshot.FactMana)
	for _, c := range []struct{ sym, clause string }{
		{"{C/P}", "the Phyrexian mana symbols "}, {"{C/W/P}", "the hybrid Phyrexian symbols "}, {"{C/U/P}", "the hybrid Phyrexian symbols "},
		{"{C/B/P}", "the hybrid Phyrexian symbols "}, {"{C/R/P}", "the hybrid Phyrexian symbols "}, {"{C/G/P}", "the hybrid Phyrexian symbols "},
	} {
		if _, listed := groups[c.sym]; !listed {
			u.NewSymbol = c.sym
			clause := future.ClauseOf(w.EN[mana], c.clause)
			if clause == "" {
				t.Fatalf("%s has no clause %q", mana, c.clause)
			}
			lastSym := clause[strings.LastIndex(clause, "{"):]
			edit(mana, ", and "+lastSym, ", "+lastSym+", and "+c.sym)
			break
		}
	}
	if u.NewSymbol == "" {
		t.Fatalf("%s lists every symbol the rehearsal knows to add: teach it another", mana)
	}
	// A rule reworded, back and forth from one update to the next.
	if strings.Contains(w.EN[u.Reworded], "that object’s card types.") {
		edit(u.Reworded, "that object’s card types.", "that object’s types.")
	} else {
		edit(u.Reworded, "that object’s types.", "that object’s card types.")
	}
	if u.Text, err = w.EnglishTXT(); err != nil {
		t.Fatal(err)
	}
	return u
}

// subruleSaying is the subrule of parent in s whose text says words.
func subruleSaying(t *testing.T, s *snapshot.Snapshot, parent, words string) string {
	t.Helper()
	for n, text := range s.Rules {
		if future.IsSubrule(n, parent) && strings.Contains(text, words) {
			return n
		}
	}
	t.Fatalf("no subrule of %s says %q: update the rehearsal's anchors", parent, words)
	return ""
}

// subruleOf is the subrule of 205.3 in w whose text says words.
func subruleOf(t *testing.T, w *future.World, words string) string {
	t.Helper()
	for _, n := range w.SubtypeSubrules() {
		if strings.Contains(w.EN[n], words) {
			return n
		}
	}
	t.Fatalf("no subrule of %s says %q", w.Subtypes, words)
	return ""
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

// listAfter returns the names of the list that follows marker in the
// text of a rule.
func listAfter(t *testing.T, text, marker string) []string {
	t.Helper()
	_, list, ok := strings.Cut(text, marker)
	if !ok {
		t.Fatalf("no %q in %q", marker, text)
	}
	list, _, _ = strings.Cut(list, ". ")
	list = strings.TrimSuffix(list, ".")
	var out []string
	for _, n := range strings.Split(list, ", ") {
		out = append(out, strings.TrimPrefix(n, "and "))
	}
	return out
}
