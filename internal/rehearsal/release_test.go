package rehearsal

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulepage"
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
}

// deriveUpdate makes the next release from the newest real one in the
// corpus: its text with the 205.3 of the captured English rule page (the
// rules as they stand), then the changes of a plausible update. Every
// edit must find what it edits: when the rules move on, the rehearsal
// fails and says which anchor is gone.
func deriveUpdate(t *testing.T, project string) *update {
	t.Helper()
	releases := corpus.Releases(t)
	newest := releases[len(releases)-1]
	raw, err := os.ReadFile(newest.Path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := textenc.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := os.ReadFile(filepath.Join(project, "sources", "captured", "rule-205.3-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := rulepage.ParsePlain(seed)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	lines = replaceSubrules(t, lines, "205.3", page)

	u := &update{Effective: "2026-12-11", Added: []string{"Aardwolf", "Quokka", "Zyzzyva"},
		RenamedFrom: "vanguard", RenamedTo: "paragon", NewSymbol: "{C/P}", Reworded: "205.3d"}
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
		t.Fatalf("rule %s not found in %s", rule, newest.Path)
	}
	// The creature list: one name at the front, one in the middle, one at
	// the end, one removed (taken from the list as it stands).
	creatures := listAfter(t, lines, "205.3m", "All other creature types are one word long: ")
	mid := creatures[len(creatures)/2]
	u.Removed = creatures[len(creatures)*3/4]
	if slices.Contains(creatures, u.Added[0]) || slices.Contains(creatures, u.Added[1]) || slices.Contains(creatures, u.Added[2]) {
		t.Fatalf("the rules already list one of %v: choose other names", u.Added)
	}
	last := creatures[len(creatures)-1]
	edit("205.3m", "one word long: ", "one word long: "+u.Added[0]+", ")
	edit("205.3m", " "+mid+",", " "+u.Added[1]+", "+mid+",")
	edit("205.3m", " "+u.Removed+",", "")
	edit("205.3m", ", and "+last+".", ", "+last+", and "+u.Added[2]+".")
	// A card type renamed: the list of 205.2a, and 205.3r, which names it
	// outside any list of card types ("vanguard cards").
	edit("205.2a", "land, phenomenon,", "land, paragon, phenomenon,")
	edit("205.2a", "sorcery, and vanguard.", "and sorcery.")
	edit("205.3r", "vanguard cards", "paragon cards")
	// A new Phyrexian symbol, and a rule reworded.
	edit("107.4", "{R/P}, and {G/P};", "{R/P}, {G/P}, and {C/P};")
	edit("205.3d", "one of that object’s types.", "one of that object’s card types.")
	// The new effective date, everywhere the document states it.
	from := "These rules are effective as of " + longDate(newest.Date) + "."
	if !strings.Contains(text, from) {
		t.Fatalf("%s does not say %q", newest.Path, from)
	}
	out := strings.ReplaceAll(strings.Join(lines, "\n"), from, "These rules are effective as of "+longDate(u.Effective)+".")
	u.Text = append([]byte("\xef\xbb\xbf"), strings.ReplaceAll(out, "\n", "\r\n")...)
	return u
}

// replaceSubrules swaps the subrules of rule in lines (each with its
// examples) for those of page.
func replaceSubrules(t *testing.T, lines []string, rule string, page *rulepage.Page) []string {
	t.Helper()
	first, end := -1, -1
	for i, l := range lines {
		if first < 0 && strings.HasPrefix(l, rule+"a ") {
			first = i
		}
		if first >= 0 && isRuleLine(l) && !strings.HasPrefix(l, rule) {
			end = i
			break
		}
	}
	if first < 0 || end < 0 {
		t.Fatalf("subrules of %s not found", rule)
	}
	var block []string
	for _, r := range page.Rules {
		if r.Number == rule {
			continue
		}
		text, examples, _ := strings.Cut(r.Text, " Example: ")
		block = append(block, r.Number+" "+text, "")
		for _, ex := range strings.Split(examples, " Example: ") {
			if ex != "" {
				block = append(block, "Example: "+ex, "")
			}
		}
	}
	return slices.Concat(lines[:first], block, lines[end:])
}

// ruleStarts reports whether line l is rule n: "205.3m ..." or, for a rule
// without a letter, "107.4. ...".
func ruleStarts(l, n string) bool {
	return strings.HasPrefix(l, n+" ") || strings.HasPrefix(l, n+". ")
}

func isRuleLine(l string) bool {
	return len(l) > 4 && l[0] >= '1' && l[0] <= '9' && l[3] == '.'
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
