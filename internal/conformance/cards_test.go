package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

type card struct {
	Set, SetType string
	Name         string
	ManaCost     *string `json:"mana_cost"`
	TypeLine     string  `json:"type_line"`
}

func cards(t testing.TB) []card {
	t.Helper()
	return loadOnce(t, "cards/sets", func() []card { return loadCards(t) })
}

func loadCards(t testing.TB) []card {
	t.Helper()
	var out []card
	eachSetFile(t, "cards/sets", func(f string, b []byte) {
		var set map[string]json.RawMessage
		if err := json.Unmarshal(b, &set); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var code, setType string
		if err := json.Unmarshal(set["code"], &code); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(set["set_type"], &setType); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"commons", "uncommons", "rares", "mythics", "basics", "conspiracies"} {
			var cs []card
			if raw, ok := set[k]; ok {
				if err := json.Unmarshal(raw, &cs); err != nil {
					t.Fatalf("%s %s: %v", f, k, err)
				}
			}
			for _, c := range cs {
				c.Set, c.SetType = code, setType
				out = append(out, c)
			}
		}
	})
	return out
}

// loaded keeps what loadOnce read, by corpus folder: a dozen tests read
// each folder, and its files do not change during a run.
var loaded sync.Map

// loadOnce is what load returns for the corpus folder sub, read by the
// first test that asks (load skips or fails that test where the folder
// is absent or broken, and is then tried again by the next). Callers
// share the slice and must not change it.
func loadOnce[T any](t testing.TB, sub string, load func() []T) []T {
	t.Helper()
	if v, ok := loaded.Load(sub); ok {
		return v.([]T)
	}
	v := load() // returns only where it read the folder whole
	loaded.Store(sub, v)
	return v
}

// eachSetFile calls each with every set file of the corpus folder sub
// (cards/sets, cards-es/sets, cards-text/sets), in name order, and its
// bytes; a folder without one fails the test.
func eachSetFile(t testing.TB, sub string, each func(path string, data []byte)) {
	t.Helper()
	dir := corpus.Dir(t, sub)
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no set files in %s: %v", dir, err)
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		each(f, b)
	}
}

// costFaces splits a multi-face mana cost ("{2}{W} // {2}{B}").
func costFaces(s string) []string { return strings.Split(s, " // ") }

// nonRulesObject reports type lines of objects that are not cards under
// the rules (tokens, emblems, art cards) and are printed with a type line.
func nonRulesObject(tl string) bool {
	for _, w := range []string{"Token", "Emblem", "Card"} {
		for _, f := range strings.Fields(strings.Split(tl, " — ")[0]) {
			if f == w {
				return true
			}
		}
	}
	return false
}

// The history and printed forms below are the working tree's, not the
// frozen tree's: conformance checks the generated packages, which gen
// wrote from the working tree's snapshots, and a removal the packages
// report must be one that history shows.
func workingStore(t testing.TB) snapshot.Store {
	t.Helper()
	return snapshot.Store{Dir: filepath.Join(corpus.Root(t), "snapshots")}
}

// fold is a name as lookups compare it: any case, either apostrophe
// (cards print "Urza's", the rules "Urza’s").
func fold(name string) string { return strings.ToLower(strings.ReplaceAll(name, "’", "'")) }

// removals maps every name the English history shows leaving the rules,
// folded, to the release that dropped it: the independent account that
// "uses a removed name" rejections are checked against.
func removals(t testing.TB) map[string]string {
	t.Helper()
	h, err := workingStore(t).History("en")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, list := range snapshot.ListsOf(h...) {
		for _, l := range history.Lives(h, list, nil) {
			if l.Removed != "" {
				out[fold(l.Name)] = l.Removed
			}
		}
	}
	return out
}

// droppedNames are the names printed.json says the rules dropped before
// the history begins, folded.
func droppedNames(t testing.TB) map[string]bool {
	t.Helper()
	p, err := workingStore(t).Printed()
	if err != nil || p == nil {
		t.Fatalf("snapshots/printed.json: %v", err)
	}
	out := map[string]bool{}
	for _, d := range p.Dropped {
		out[fold(d.Printed)] = true
	}
	return out
}

// relistings maps every name the rules dropped and list again, folded, to
// the release that listed it again: a name the English history shows
// leaving a list and coming back, or one printed.json says the rules
// dropped before the history begins that any list holds since (the frozen
// tree's printed.json among them: a record of what it said before
// curation took out the names the rules list again). A card printed
// before then means the old name (Tribal Sorcery — Elf, Hound for what is
// a Dog now), which today's rules may read otherwise or refuse.
func relistings(t testing.TB) map[string]string {
	t.Helper()
	store := workingStore(t)
	h, err := store.History("en")
	if err != nil {
		t.Fatal(err)
	}
	p, err := store.Printed()
	if err != nil || p == nil {
		t.Fatalf("snapshots/printed.json: %v", err)
	}
	out := map[string]string{}
	// A name is gone once it leaves a list (or printed.json says the rules
	// dropped it before the history): listed again in any list, even
	// another one (Hound, a creature type until 2020, as an artifact
	// type), it is relisted.
	gone := map[string]bool{}
	for _, d := range slices.Concat(p.Dropped, corpus.PrintedForms(t).Dropped) {
		if d.Lang == "en" {
			gone[fold(d.Printed)] = true
		}
	}
	lists := snapshot.ListsOf(h...)
	listed := map[string]map[string]bool{} // list → names of the last release carrying it
	for _, s := range h {
		for _, list := range lists {
			if !s.Carries(list) {
				continue
			}
			now := map[string]bool{}
			for _, n := range s.List(list) {
				now[fold(n)] = true
				if gone[fold(n)] && out[fold(n)] == "" {
					out[fold(n)] = s.Effective
				}
			}
			for n := range listed[list] {
				if !now[n] {
					gone[n] = true
				}
			}
			listed[list] = now
		}
	}
	return out
}

// relistedIn returns a name of line the rules dropped and list again, as
// relistings has them; "" when it has none.
func relistedIn(line string, relisted map[string]string) string {
	for _, name := range slices.Sorted(maps.Keys(relisted)) {
		if containsWords(line, name) {
			return name
		}
	}
	return ""
}

// cause names why a printing's type line is rejected. Data facts come
// first (no type line, tokens and emblems, Un-sets); then what the error
// itself says. Only "rules card" is a failure.
func cause(c card, err *typeline.Error, removed map[string]string) string {
	switch {
	case strings.Trim(c.TypeLine, " /") == "":
		return "no type line in the data"
	case nonRulesObject(c.TypeLine):
		return "token, emblem or art card"
	case err.Cause == typeline.CauseRemoved && removed[fold(err.Word)] == "":
		return fmt.Sprintf("uses %s, dropped before the history begins", err.Word)
	case err.Cause == typeline.CauseRemoved:
		return fmt.Sprintf("uses %s, removed in %s", err.Word, removed[fold(err.Word)])
	case c.SetType == "funny":
		return "Un-set: " + err.Cause.String()
	}
	return "rules card"
}

// Every printing gets a verdict; every rejection a cause. A card using a
// name the rules have since dropped is its own cause, reported (and
// checked against the history), not a failure: the corpus keeps old
// printings while the rules move on.
func TestEveryTypeLine(t *testing.T) {
	all := cards(t)
	removed := removals(t)
	dropped := droppedNames(t)
	causes := map[string]int{}
	accepted, usesRemoved, noLine, objects := 0, 0, 0, 0
	for _, c := range all {
		err := typeline.Validate(c.TypeLine, typeline.English)
		switch {
		case strings.Trim(c.TypeLine, " /") == "":
			noLine++
			if err == nil {
				t.Errorf("%s (%s): no type line, accepted", c.Name, c.Set)
			}
		case nonRulesObject(c.TypeLine):
			// Counted whatever the verdict: rejected while no list has
			// the word (Token, Emblem, Card), accepted once one does.
			objects++
		}
		if _, perr := typeline.Parse(c.TypeLine, typeline.English); (perr == nil) != (err == nil) {
			t.Errorf("%s: Parse and Validate disagree: %v / %v", c.TypeLine, perr, err)
		}
		if err == nil {
			accepted++
			continue
		}
		var te *typeline.Error
		if !errors.As(err, &te) || te.Cause == 0 || te.Rule == "" {
			t.Errorf("%s (%s): error without rule or cause: %#v", c.Name, c.Set, err)
			continue
		}
		why := cause(c, te, removed)
		causes[why]++
		if te.Cause == typeline.CauseRemoved {
			usesRemoved++
		}
		switch {
		case why == "rules card":
			t.Errorf("%s (%s): %v", c.Name, c.Set, err)
		case te.Cause == typeline.CauseRemoved && removed[fold(te.Word)] == "" && !dropped[fold(te.Word)]:
			t.Errorf("%s: rejected for the removed name %q, which neither the history nor printed.json saw leave: %v", c.Name, te.Word, err)
		}
	}
	t.Logf("%d printings: %d accepted; rejected by cause: %v", len(all), accepted, causes)
	// Facts of the data, not of the rules: 5 printings have no type line
	// and 21 are tokens, emblems or art cards.
	if noLine != 5 || objects != 21 {
		t.Errorf("%d printings without a type line, want 5; %d tokens, emblems or art cards, want 21", noLine, objects)
	}
	// Printings of names the rules dropped are accounted for above (each
	// checked against the history); every rules update may add some. Of
	// the others, nearly all are cards of the rules.
	if judged := len(all) - usesRemoved; accepted < judged*99/100 {
		t.Errorf("only %d of %d printings accepted (%d more use removed names)", accepted, judged, usesRemoved)
	}
}

func TestEveryManaCost(t *testing.T) {
	verdicts := map[string]int{}
	for _, c := range cards(t) {
		if c.ManaCost == nil {
			verdicts["no cost field"]++
			continue
		}
		ok := true
		mv := 0
		for _, f := range costFaces(*c.ManaCost) {
			cost, err := mana.ParseCost(f)
			if err != nil {
				ok = false
				var ce *mana.CostError
				if !errors.As(err, &ce) || ce.Symbol == "" {
					t.Errorf("%s: an error that names no symbol: %v", c.Name, err)
				}
				if c.SetType != "funny" {
					t.Errorf("%s (%s): %v", c.Name, c.Set, err)
				}
				continue
			}
			mv += cost.ManaValue()
			if cost.String() != f {
				t.Errorf("%s: %q prints back as %q", c.Name, f, cost.String())
			}
		}
		switch {
		case ok:
			verdicts["accepted"]++
		case c.SetType == "funny":
			verdicts["rejected: Un-set"]++
		}
		if want, pinned := knownManaValues[c.Name]; pinned && ok && mv != want {
			t.Errorf("%s: mana value %d, want %d", c.Name, mv, want)
		}
	}
	t.Logf("mana costs: %v", verdicts)
}

// knownManaValues are printed facts of real cards (rule 202.3; split cards
// add both halves, 709.4). Gleemax is printed {1000000}: rule 107.4 writes
// numbers "and so on", without a bound.
var knownManaValues = map[string]int{
	"Emrakul, the Aeons Torn": 15,
	"Start // Finish":         6,
	"Spring // Mind":          9,
	"Failure // Comply":       3,
	"Angelic Blessing":        3,
	"Gleemax":                 1000000,
}
