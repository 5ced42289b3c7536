package scrapecmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"
)

// scrape rule and scrape glossary answer from the rule book built into
// the command: a rule with its subrules and examples, as of a date, in
// JSON; the past pinned, the newest derived.
func TestRuleAndGlossary(t *testing.T) {
	t.Parallel()
	newest := ruletext.English.Newest()

	// 205 was the Expansion Symbol until the Type Line moved there
	// (2011-09-30): as of 2010 it is that rule.
	out, errs, code := run(t, "rule", "-as-of", "2010-01-01", "205.3")
	if code != 0 || !strings.HasPrefix(out, "205. Expansion Symbol, as of en@2009-10-01\n") || !strings.Contains(out, "expansion symbol") {
		t.Errorf("205.3 as of 2010: exit %d, %q, %q", code, out, errs)
	}
	out, errs, code = run(t, "rule", "-json", "-as-of", "2015-06-01", "702.19")
	var got rulesOut
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("702.19 -json: exit %d, %v, %s", code, err, errs)
	}
	if got.Release != "2015-03-27" || got.Section != "Keyword Abilities" || len(got.Rules) < 3 || got.Rules[0].Title != "Trample" || got.Rules[1].Number != "702.19a" || got.Rules[1].Printed != got.Release {
		t.Errorf("702.19 as of 2015: %+v", got)
	}
	examples := 0
	for _, r := range got.Rules {
		examples += len(r.Examples)
	}
	if examples == 0 {
		t.Errorf("702.19: no examples among %d rules", len(got.Rules))
	}
	// A section whole; the newest release, and where its texts are from.
	out = mustRun(t, "rule", "-json", "702")
	got = rulesOut{}
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Release != newest.Date() || len(got.Rules) < 100 || got.Rules[0].Number != "702.1" {
		t.Errorf("rule 702: %v, release %s, %d rules", err, got.Release, len(got.Rules))
	}
	for _, r := range got.Rules {
		if want, _ := newest.Lookup(r.Number); r.Printed != want.Printed || r.Since != want.Since || r.Text != want.Text {
			t.Errorf("rule 702: %s printed by %s since %s, the reader says %s since %s", r.Number, r.Printed, r.Since, want.Printed, want.Since)
		}
	}
	if newest.Release().Source == ruletext.RulePages && !strings.Contains(mustRun(t, "rule", "702.19b"), "recorded from the rule pages of") {
		t.Errorf("702.19b as of a release of rule pages does not say where its text is from")
	}

	out, _, code = run(t, "glossary", "-as-of", "2020-01-01", "tribal")
	if code != 0 || !strings.HasPrefix(out, "Tribal (glossary of en@2019-10-04, since ") || !strings.Contains(out, "A card type.") {
		t.Errorf("glossary tribal as of 2020: exit %d, %q", code, out)
	}
	if out := mustRun(t, "glossary", "-as-of", "2015-06-01", "double-faced cards"); !strings.HasPrefix(out, "Double-Faced Cards (glossary of en@2015-03-27") {
		t.Errorf("a term in other words: %q", out)
	}
	if out := mustRun(t, "glossary", "-list"); !strings.Contains(out, "\nTrample\n") {
		t.Errorf("glossary -list: %.200q", out)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"glossary", "-as-of", "2024-08-01", "tribal"}, 1, `"tribal" is not in the glossary of en@2024-07-30; the glossary had it from 2009-07-11 until 2024-07-30`},
		{[]string{"glossary", "-as-of", "2015-06-01", "Flying creature"}, 1, `did you mean "Flying" or "Creature"?`},
		{[]string{"rule", neverPrinted(t)}, 1, "is not in the rules of en@" + newest.Date() + " (nor of any recorded release)"},
		{[]string{"rule", "-as-of", "2012-01-01", "204.3k"}, 1, "it is 205.3m since 2011-09-30 (scrape trace 204.3k follows it)"},
		{[]string{"rule", "-as-of", "2024-02-30", "100.1"}, 2, "day 30: February 2024 has 29 days"},
		{[]string{"rule", "-as-of", "2001-01-01", "100.1"}, 1, "the first recorded is 2009-07-11"},
		{[]string{"rule", "Trample"}, 2, `"Trample" is not a rule number`},
		{[]string{"rule", "-lang", "fr", "100.1"}, 2, `-lang "fr": want one of en, es`},
		{[]string{"search"}, 2, "no words to search"},
	} {
		_, errs, code := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	// A release whole: 2015-11-13 printed 2,054 rules and 507 glossary
	// entries (pinned: history does not change).
	var doc document
	if err := json.Unmarshal([]byte(mustRun(t, "rule", "-all", "-as-of", "2016-01-01")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Release != "2015-11-13" || len(doc.Rules) != 2054 || len(doc.Glossary) != 507 || len(doc.Contents) != 135 || doc.Rules[0].Number != "100.1" {
		t.Errorf("rule -all as of 2016-01-01: release %s, %d rules, %d glossary entries, %d headings", doc.Release, len(doc.Rules), len(doc.Glossary), len(doc.Contents))
	}
	// Spanish: the rules of its pages; no section titles.
	out, errs, code = run(t, "rule", "-lang", "es", "107.4")
	if code != 0 || !strings.Contains(out, "107.4a") || !strings.HasPrefix(out, "107, as of es@") {
		t.Errorf("es 107.4: exit %d, %q, %q", code, out, errs)
	}
	// Search, with context.
	var found searchOut
	if err := json.Unmarshal([]byte(mustRun(t, "search", "-json", "-as-of", "2020-01-24", "lethal", "damage")), &found); err != nil {
		t.Fatal(err)
	}
	if found.Release != "2020-01-24" || found.Total < 10 || found.Matches[0].Number != "120.6" || !strings.Contains(found.Matches[0].Context, "lethal damage") {
		t.Errorf("search lethal damage as of 2020-01-24: %+v", found)
	}
	if out := mustRun(t, "search", "-limit", "2", "-as-of", "2020-01-24", "lethal damage"); !strings.Contains(out, "(") || strings.Count(out, "\n") != 4 {
		t.Errorf("search -limit 2:\n%s", out)
	}
}

// neverPrinted is a rule number no recorded release printed.
func neverPrinted(t *testing.T) string {
	for n := 900; ; n++ {
		number := fmt.Sprintf("100.%d", n)
		if _, err := ruletext.English.Trace(number); err != nil {
			return number
		}
	}
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := run(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	return out
}

// scrape diff -whole compares the whole rules of two releases in the
// three formats; scrape trace follows a rule through its numbers.
func TestWholeDiffAndTrace(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	// 2011-09-30 moved the Type Line from 204 to 205.
	out := mustRun(t, "diff", "-snapshots", snaps, "-whole", "en@2011-07-15", "en@2011-09-30")
	for _, want := range []string{"en@2011-07-15 → en@2011-09-30 (the whole rules)", "205.3m (was 204.3k", "glossary"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff -whole: no %q in\n%.2000s", want, out)
		}
	}
	var d rulebook.DocDiff
	if err := json.Unmarshal([]byte(mustRun(t, "diff", "-snapshots", snaps, "-whole", "-format", "json", "en@2011-07-15", "en@2011-09-30")), &d); err != nil {
		t.Fatal(err)
	}
	if d.From != "2011-07-15" || d.To != "2011-09-30" || len(d.Rules) == 0 || d.Glossary == nil || d.Contents == nil {
		t.Errorf("diff -whole -format json: %d rules, %v glossary, %v contents", len(d.Rules), d.Glossary, d.Contents)
	}
	// A pull request's comment is cut to its limit, saying what is left
	// out and where the whole is.
	md := mustRun(t, "diff", "-snapshots", snaps, "-whole", "-format", "markdown", "-limit", "4000", "en@2011-07-15", "en@2011-09-30")
	if len(md) > 4000 || !strings.Contains(md, "do not fit in this comment") || !strings.Contains(md, "scrape diff -whole en@2011-07-15 en@2011-09-30") {
		t.Errorf("diff -whole -format markdown -limit 4000: %d bytes:\n%s", len(md), md)
	}
	if _, errs, code := run(t, "diff", "-snapshots", snaps, "-whole", "en@2011-09-30", "en@2011-07-15"); code != 1 || !strings.Contains(errs, "older than") {
		t.Errorf("newer → older: exit %d, %q", code, errs)
	}
	if _, errs, code := run(t, "diff", "-snapshots", snaps, "-whole", "en@2011-09-31", "en@current"); code != 2 || !strings.Contains(errs, "September 2011 has 30 days") {
		t.Errorf("an impossible date: exit %d, %q", code, errs)
	}

	out = mustRun(t, "trace", "205.3m")
	if !strings.HasPrefix(out, "2009-07-11  204.3k  first\n") || !strings.Contains(out, "2011-09-30  205.3m  renumbered (was 204.3k)") {
		t.Errorf("trace 205.3m:\n%.1500s", out)
	}
	// 204.3k, printed until 2011, traced without saying when.
	if again := mustRun(t, "trace", "204.3k"); again != out {
		t.Errorf("trace 204.3k is not trace 205.3m:\n%.1500s", again)
	}
	var steps []ruletext.Step
	if err := json.Unmarshal([]byte(mustRun(t, "trace", "-json", "-as-of", "2010-01-01", "204.3k")), &steps); err != nil || len(steps) < 3 || steps[0].Number != "204.3k" {
		t.Errorf("trace -json -as-of 2010-01-01 204.3k: %v, %v", steps, err)
	}
}

// scrape pair amends a pairing, says the pairs before and after, records
// it with the release; trace follows it.
func TestPair(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	out := mustRun(t, "pair", "-snapshots", tr.snap, "en@2011-09-30", "204.3k", "-")
	for _, want := range []string{"before: 204.3k of 2011-07-15 is 205.3m of 2011-09-30", "after: 204.3k of 2011-07-15 is nothing of 2011-09-30", "amended the pairing of en@2011-09-30"} {
		if !strings.Contains(out, want) {
			t.Errorf("pair: no %q in\n%s", want, out)
		}
	}
	b, err := rulebook.Load(scrape.BookDir(tr.snap, "en"), "en")
	if err != nil {
		t.Fatal(err)
	}
	newest, _ := b.Newest()
	if steps, err := b.Trace("205.3m", newest.Date); err != nil || steps[0].Release != "2011-09-30" || steps[0].Event != "added" {
		t.Errorf("205.3m's trace after the amendment: %+v, %v", steps[:1], err)
	}
	rel, _ := b.ReleaseAsOf("2011-09-30")
	if len(rel.Amended) != 1 || rel.Amended[0] != (rulebook.Move{From: "204.3k"}) {
		t.Errorf("recorded amendments %v", rel.Amended)
	}
	// The report of the change, as a review of the pull request shows it,
	// says so in every format, both ways (set, then dropped).
	before := newTree(t)
	for _, c := range []struct {
		format, want string
	}{
		{"text", "pairing of rules amended (scrape pair):\n  en@2011-09-30: set 204.3k → (none)\n"},
		{"markdown", "## Pairing of rules amended\n\n- ✏️ en@2011-09-30: set `204.3k → (none)`\n"},
		{"json", `"pairings_amended": [
    {
      "lang": "en",
      "release": "2011-09-30",
      "set": [
        {
          "from": "204.3k",
          "to": ""
        }
      ],
      "dropped": []`},
	} {
		out, errs, code := run(t, "report", "-exit-code", "-format", c.format, before.snap, tr.snap)
		if code != 3 || !strings.Contains(out, c.want) {
			t.Errorf("report -format %s of the amendment: exit %d (%s), want 3 and %q in\n%.1500s", c.format, code, errs, c.want, out)
		}
	}
	if out := mustRun(t, "report", "-format", "text", tr.snap, before.snap); !strings.Contains(out, "en@2011-09-30: dropped 204.3k → (none)") {
		t.Errorf("report of the amendment undone:\n%.1500s", out)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"en@2011-09-30", "999.9", "205.3m"}, 1, "rule 999.9 is not in en@2011-07-15, the release before 2011-09-30"},
		{[]string{"en@2011-09-31", "204.3k", "205.3m"}, 2, "September 2011 has 30 days"},
		{[]string{"en@2011-09-30", "-", "-"}, 1, "a pair needs a rule"},
		{[]string{"fr@2011-09-30", "1", "2"}, 2, "want a release of the rule book"},
	} {
		if _, errs, code := run(t, append([]string{"pair", "-snapshots", tr.snap}, c.args...)...); code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("pair %v: exit %d, %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// A rule the release printed twice (702.30d, 2009-09-04) shows both
// printings, the second said to be a flaw, as the whole diff compares
// them.
func TestRulePrintedTwice(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "rule", "-as-of", "2009-09-04", "702.30d")
	first, second, ok := strings.Cut(out, "(printed again under the same number, a flaw of the release's numbering:)")
	if !ok || !strings.Contains(first, "702.30d ") || !strings.Contains(second, "spell was kicked") {
		t.Errorf("702.30d as of 2009-09-04: %q", out)
	}
	var got rulesOut
	if err := json.Unmarshal([]byte(mustRun(t, "rule", "-json", "-as-of", "2009-09-04", "702.30d")), &got); err != nil || len(got.Rules) != 1 || len(got.Rules[0].Also) == 0 {
		t.Errorf("702.30d -json as of 2009-09-04: %+v, %v", got, err)
	}
	if strings.Contains(mustRun(t, "rule", "-as-of", "2010-04-23", "702.30d"), "printed again") {
		t.Error("702.30d as of 2010-04-23: said printed twice")
	}
}
