package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/schematest"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// What review.yml reports is the base branch's snapshots against a pull
// request's, whatever those hold. FuzzUpdate builds the pull request's
// side from fuzzed names and rule text (a release added, a recorded one
// amended, the Spanish behind) and renders the update as review.yml
// does: the comment stays under GitHub's limit, and no name opens a tag,
// a code block or a line of its own in it; text and JSON render too.

const fuzzBase, fuzzHead = "2025-06-01", "2026-01-01"

// fuzzPair is an English and a Spanish snapshot of one release; creatures
// and spanish are "|"-separated, paired in order.
func fuzzPair(date, creatures, spanish, rule string) (en, es *snapshot.Snapshot) {
	src := []snapshot.Source{{ID: "cr", URL: "file:cr.txt", SHA256: strings.Repeat("0", 64), Format: "cr-txt"}}
	en = &snapshot.Snapshot{
		Lang: "en", Effective: date, Sources: src,
		CardTypes: []string{"artifact", "creature"}, Subtypes: snapshot.Subtypes{"artifact": {"Clue"}},
		SubtypeRules: snapshot.RuleRefs{"artifact": "205.3g", "creature": "205.3m"},
		Rules:        snapshot.Rules{"205.3m": rule, "205.3g": "The artifact types are Clue."},
	}
	es = &snapshot.Snapshot{
		Lang: "es", Effective: date, Sources: src,
		CardTypes: []string{"artefacto", "criatura"}, Subtypes: snapshot.Subtypes{"artifact": {"Pista"}},
		SubtypeRules: en.SubtypeRules, Rules: snapshot.Rules{"205.3g": "Los tipos de artefacto son Pista."},
		PairingEN: snapshot.Pairing{"artifact": {{ES: "Pista", EN: "Clue"}}},
	}
	if creatures != "" {
		en.Subtypes["creature"] = strings.Split(creatures, "|")
	}
	if spanish != "" {
		es.Subtypes["creature"] = strings.Split(spanish, "|")
		for i, n := range es.Subtypes["creature"] {
			if i < len(en.Subtypes["creature"]) {
				es.PairingEN["creature"] = append(es.PairingEN["creature"], snapshot.Pair{ES: n, EN: en.Subtypes["creature"][i]})
			}
		}
	}
	return en, es
}

// writeStore writes snapshots as a snapshots/ directory: each in the
// history, the newest of each language current.
func writeStore(t testing.TB, dir string, snaps ...*snapshot.Snapshot) (snapshot.Store, bool) {
	store := snapshot.Store{Dir: dir}
	for _, s := range snaps {
		b, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := snapshot.Unmarshal(b); err != nil {
			return store, false // no valid snapshot: Load refuses it before the report
		}
		for _, path := range []string{store.HistoryPath(s.Lang, s.Effective), store.CurrentPath(s.Lang)} {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return store, true
}

// ourTags are the only HTML the Markdown report writes.
var ourTags = regexp.MustCompile(`</?(details|summary)>`)

func FuzzUpdate(f *testing.F) {
	f.Add("Elf|Wizard|Ape", "Elfo|Hechicero", "The creature types are Ape, Elf, and Wizard.", "The creature types are Elf and Wizard.")
	f.Add("Elf|Kindred", "Elfo", "Creatures and kindreds share.", "Creatures and tribals share.")
	f.Add("<script>x</script>|a\n## b|`c`|```|</details>|@team|[x](javascript:y)", "*/\u0000|\r|~~~", "```\n</summary>\n- x", "<details>")
	f.Add(strings.Repeat("Zyx|", 300)+"Elf", "", strings.Repeat("word ", 400), "The creature types are Elf.")
	baseEN, baseES := fuzzPair(fuzzBase, "Elf|Wizard", "Elfo|Hechicero", "The creature types are Elf and Wizard.")
	base, _ := writeStore(f, f.TempDir(), baseEN, baseES)
	report := schematest.Compile(f)["report.schema.json"]
	f.Fuzz(func(t *testing.T, creatures, spanish, rule, oldRule string) {
		amended, _ := fuzzPair(fuzzBase, "Elf|Wizard", "", oldRule)
		headEN, headES := fuzzPair(fuzzHead, creatures, spanish, rule)
		head, ok := writeStore(t, t.TempDir(), amended, baseES, headEN, headES)
		if !ok {
			return
		}
		u, err := diff.NewUpdate(base, head)
		if err != nil {
			return
		}
		var md bytes.Buffer
		if err := UpdateMarkdown(&md, u, MarkdownLimit); err != nil {
			t.Fatal(err)
		}
		checkMarkdown(t, md.String())
		if err := UpdateText(&bytes.Buffer{}, u); err != nil {
			t.Fatal(err)
		}
		var js bytes.Buffer
		if err := UpdateJSON(&js, u); err != nil || !json.Valid(js.Bytes()) {
			t.Fatalf("JSON: %v\n%s", err, js.String())
		}
		schematest.Check(t, report, "the report", js.Bytes())
	})
}

// checkMarkdown checks a report comment is one GitHub takes and shows as
// written: under its limit, every tag and code block ours and closed.
func checkMarkdown(t *testing.T, md string) {
	t.Helper()
	if len(md) > MarkdownLimit {
		t.Errorf("%d bytes, over GitHub's limit of %d", len(md), MarkdownLimit)
	}
	inCode, open := false, 0
	for i, l := range strings.Split(md, "\n") {
		if !inCode {
			open += strings.Count(l, "<details>") - strings.Count(l, "</details>")
		}
		switch {
		case inCode && l == "```":
			inCode = false
		case inCode && !strings.HasPrefix(l, "- ") && !strings.HasPrefix(l, "+ "):
			t.Errorf("line %d, in a diff block, is no line of the diff: %q", i+1, l)
		case inCode:
		case l == "```diff":
			inCode = true
		case strings.HasPrefix(strings.TrimSpace(l), "```") || strings.HasPrefix(strings.TrimSpace(l), "~~~"):
			t.Errorf("line %d opens a code block: %q", i+1, l)
		case strings.Contains(ourTags.ReplaceAllString(l, ""), "<"):
			t.Errorf("line %d holds a tag of a name: %q", i+1, l)
		}
	}
	if inCode {
		t.Error("a diff block is not closed")
	}
	if open != 0 {
		t.Errorf("%d <details> left open", open)
	}
}

// A pull request listing thousands of names without Spanish ones made a
// comment of 86 kB, which GitHub refuses: it is cut to the limit, its
// blocks closed, saying so.
func TestUpdateCutToTheLimit(t *testing.T) {
	root := t.TempDir()
	baseEN, baseES := fuzzPair(fuzzBase, "Elf|Wizard", "Elfo|Hechicero", "The creature types are Elf and Wizard.")
	base, _ := writeStore(t, filepath.Join(root, "base"), baseEN, baseES)
	headEN, headES := fuzzPair(fuzzHead, strings.Repeat("Zyxwvutsrq|", 7000)+"Elf", "", "The creature types are many.")
	head, _ := writeStore(t, filepath.Join(root, "head"), baseEN, baseES, headEN, headES)
	u, err := diff.NewUpdate(base, head)
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := UpdateMarkdown(&md, u, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	checkMarkdown(t, md.String())
	if !strings.Contains(md.String(), "This report was cut to fit a limit of 65536 characters") {
		t.Errorf("the cut is not said:\n%s", md.String()[max(0, md.Len()-500):])
	}
}
