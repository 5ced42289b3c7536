package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/schematest"
	"github.com/mtgrules/crgen/internal/snapshot"
)

const wholeBase = `These rules are effective as of January 9, 2026.

Contents

1. Game Concepts
100. General
2. Parts of a Card
205. Type Line
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.2. To play, each player needs their own deck of traditional Magic cards.

2. Parts of a Card

205. Type Line

205.3. Subtypes

205.3g Artifacts have their own unique set of subtypes; these subtypes are called artifact types. The artifact types are Clue, Food, and Gold.

205.4. Supertypes

205.4a An object can have one or more supertypes.

Glossary

Deathtouch
A keyword ability that causes damage dealt by an object to be especially effective.

Credits
`

// wholeRules is an update of a rule book of every kind but a past
// release: the release of 2026-01-09 amended (a word of 100.1), that of
// 2026-02-27, recorded from its 205.3 page, completed by its official
// text (which also rewords 205.4a, adds 100.3 and changes the glossary),
// and a new release, 2026-04-17.
func wholeRules(t *testing.T) Rules {
	t.Helper()
	whole := func(date string, r ...string) *crtext.Whole {
		w, err := crtext.ParseWhole(strings.NewReplacer(append([]string{"January 9, 2026", date}, r...)...).Replace(wholeBase))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	page := []string{"Clue, Food, and Gold.", "Clue, Food, Gold, and Map."}
	text := append([]string{"two or more players", "two or more people", "one or more supertypes.", "one or more supertypes printed on it.",
		"traditional Magic cards.\n", "traditional Magic cards.\n\n100.3. Each player may use a sideboard.\n",
		"especially effective.", "especially deadly."}, page...)
	old := &rulebook.Book{Lang: "en"}
	for _, w := range []*crtext.Whole{whole("January 9, 2026")} {
		if err := old.Add(w); err != nil {
			t.Fatal(err)
		}
	}
	var p rulebook.Page
	for _, r := range whole("February 27, 2026", page...).Rules {
		if strings.HasPrefix(r.Number, "205.3") {
			p.Rules = append(p.Rules, r)
		}
	}
	p.Rule = "205.3"
	if err := old.AddPages("2026-02-27", []rulebook.Page{p}); err != nil {
		t.Fatal(err)
	}
	cur := &rulebook.Book{Lang: "en"}
	for _, w := range []*crtext.Whole{
		whole("January 9, 2026", "two or more players", "two or more people"),
		whole("February 27, 2026", text...),
		whole("April 17, 2026", append([]string{"apply to any Magic game", "apply to every Magic game"}, text...)...),
	} {
		if err := cur.Add(w); err != nil {
			t.Fatal(err)
		}
	}
	cs, err := rulebook.Diff(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 {
		t.Fatalf("%d whole diffs, want an amendment, a completion and a release", len(cs))
	}
	return Rules{Whole: cs}
}

// Every whole diff of an update says what it is: a release, or a
// release completed or amended (as recorded before → now, what it
// compares); in text, Markdown (the pull request's file of the whole
// diffs) and JSON, by its schema.
func TestWholeRulesGolden(t *testing.T) {
	r := wholeRules(t)
	var text, file, js bytes.Buffer
	for i, c := range r.Whole {
		if i > 0 {
			text.WriteString("\n")
		}
		if err := ChangeText(&text, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.WholeMarkdown(&file); err != nil {
		t.Fatal(err)
	}
	if err := FullJSON(&js, &diff.Update{}, r); err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, schematest.Compile(t)["report.schema.json"], "the report", js.Bytes())
	golden(t, "whole-rules.txt", text.Bytes())
	golden(t, "whole-rules.md", file.Bytes())
	golden(t, "whole-rules.json", js.Bytes())

	var none bytes.Buffer
	if err := (Rules{}).WholeMarkdown(&none); err != nil || none.String() != NoWholeChange+"\n" {
		t.Errorf("no whole diff: %q, %v", none.String(), err)
	}
}

// The pull request's first screen counts every whole diff, what it is
// and how many rules it changed; the diffs follow the lists.
func TestWholeRulesInThePullRequest(t *testing.T) {
	dirs := updateDirs(t, "2024-04-12", "2024-07-30")
	u, err := diff.NewUpdate(snapshot.Store{Dir: dirs["2024-04-12"]}, snapshot.Store{Dir: dirs["2024-07-30"]})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := FullMarkdown(&b, u, wholeRules(t), MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	checkMarkdown(t, out)
	line := "- **The whole rules**: en@2026-01-09 amended (rules: 1 changed); en@2026-02-27 completed (rules: 1 changed, 1 added; glossary: 1 entry); en@2026-02-27 → en@2026-04-17 (rules: 1 changed) (below)\n"
	first := strings.Index(out, "```diff")
	if i := strings.Index(out, line); i < 0 || i > first {
		t.Errorf("the first screen lacks %q before the rule text:\n%s", line, out)
	}
	// Given the site, each whole diff names the page of its change.
	r := wholeRules(t)
	r.Page = func(lang, date string) string { return "https://example.test/" + lang + "/" + date + "/changes.html" }
	b.Reset()
	if err := FullMarkdown(&b, u, r, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "en@2026-02-27 → en@2026-04-17 (rules: 1 changed; [its page](https://example.test/en/2026-04-17/changes.html))") {
		t.Errorf("the first screen names no page of the change:\n%.1500s", b.String())
	}
	for _, h := range []string{
		"## The whole rules: en@2026-01-09 amended: as recorded before → now\n",
		"## The whole rules: en@2026-02-27 completed: as recorded before → now\n",
		"## The whole rules: en@2026-02-27 → en@2026-04-17\n",
	} {
		if i := strings.Index(out, h); i < strings.Index(out, "## Comprehensive Rules changes:") {
			t.Errorf("the pull request lacks %q after the lists", h)
		}
	}
}
