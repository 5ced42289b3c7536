package crtext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/textenc"
)

func TestSplitNumber(t *testing.T) {
	tests := []struct {
		line, num, rest string
		ok              bool
	}{
		{"205.3. Subtypes", "205.3", "Subtypes", true},
		{"205.3m Creatures and kindreds", "205.3m", "Creatures and kindreds", true},
		{"119.1d. In a two-player Brawl game", "119.1d", "In a two-player Brawl game", true},      // typo: extra period
		{"606.5 If the total cost", "606.5", "If the total cost", true},                           // typo: missing period
		{"901.4.All plane and phenomenon cards", "901.4", "All plane and phenomenon cards", true}, // typo: missing space
		{"702.190a Sneak is", "702.190a", "Sneak is", true},
		{"205. Type Line", "", "", false}, // section heading
		{"1. Game Concepts", "", "", false},
		{"Example: Forest", "", "", false},
		{"2050.3 Nope", "", "", false},
		{"205.3x2 Nope", "", "", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		num, rest, ok := SplitNumber(tt.line)
		if ok != tt.ok || num != tt.num || rest != tt.rest {
			t.Errorf("SplitNumber(%q) = %q, %q, %v; want %q, %q, %v", tt.line, num, rest, ok, tt.num, tt.rest, tt.ok)
		}
	}
}

func TestParseDate(t *testing.T) {
	for in, want := range map[string]string{
		"February 27, 2026.": "2026-02-27",
		"June18, 2021.":      "2021-06-18", // as printed in the 2021-06-18 release
		"January 16, 2016":   "2016-01-16",
	} {
		if got, err := ParseDate(in); err != nil || got != want {
			t.Errorf("ParseDate(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"Febtober 2, 2026", "2026-02-27", "February 30, 2026", ""} {
		if got, err := ParseDate(bad); err == nil {
			t.Errorf("ParseDate(%q) = %q, want an error", bad, got)
		}
	}
}

const excerpt = `Magic: The Gathering Comprehensive Rules

These rules are effective as of February 27, 2026.

Contents

1. Game Concepts
100. General
Glossary

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.
Example: Two players.

Example: Still two.

119.1d. A typo'd rule.

Glossary

Abandon
To turn a face-up ongoing scheme card face down.

These rules are effective as of February 27, 2026.
`

func TestParseExcerpt(t *testing.T) {
	d, err := Parse(excerpt)
	if err != nil {
		t.Fatal(err)
	}
	if d.Effective != "2026-02-27" {
		t.Errorf("effective = %s", d.Effective)
	}
	var got []string
	for _, r := range d.Rules {
		got = append(got, fmt.Sprintf("%s@%d=%s", r.Number, r.Line, r.Text))
	}
	want := []string{
		"100.1@15=These Magic rules apply to any Magic game.",
		"100.1a@17=A two-player game is a game that begins with only two players. Example: Two players. Example: Still two.",
		"119.1d@22=A typo'd rule.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseErrors(t *testing.T) {
	tests := map[string]string{
		"no rules":  "These rules are effective as of February 27, 2026.\nHello\n",
		"no date":   "100.1. Rule.\nGlossary\n",
		"two dates": "These rules are effective as of February 27, 2026.\n100.1. Rule.\nThese rules are effective as of March 1, 2026.\n",
		"bad date":  "These rules are effective as of Someday.\n100.1. Rule.\n",
		"truncated": "These rules are effective as of February 27, 2026.\n100.1. Rule.\n",
	}
	for name, in := range tests {
		if _, err := Parse(in); err == nil {
			t.Errorf("%s: Parse accepted it", name)
		}
	}
}

// Flaws of the numbering are read past and listed, each with both lines,
// for the reader of a fact to judge.
func TestNumberingProblems(t *testing.T) {
	const date = "These rules are effective as of February 27, 2026.\n"
	tests := []struct{ name, in, want string }{
		{"repeated", date + "100.1. Rule.\n100.1. Again.\nGlossary\nCredits\n", "line 3: rule 100.1 appears twice (first on line 2)"},
		{"repeated further on", date + "100.1. A.\n100.2. B.\n100.3. C.\n100.2. B again.\nGlossary\nCredits\n", "line 5: rule 100.2 appears twice (first on line 3)"},
		{"out of order", date + "100.2. Rule.\n100.1. Again.\nGlossary\nCredits\n", "line 3: rule 100.1 comes after rule 100.2 (line 2): the rules are out of order"},
		{"subrule out of order", date + "100.1. A.\n100.1a B.\n100.1c C.\n100.1b D.\n100.1d E.\nGlossary\nCredits\n", "line 5: rule 100.1b comes after rule 100.1c (line 4): the rules are out of order"},
	}
	for _, tt := range tests {
		d, err := Parse(tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(d.Problems) != 1 || d.Problems[0].Error() != tt.want {
			t.Errorf("%s: problems %v, want one: %s", tt.name, d.Problems, tt.want)
		}
		if d.EndsInGlossary {
			t.Errorf("%s: ends in its glossary", tt.name)
		}
	}
	d, _ := Parse(tests[0].in)
	if len(d.Rules) != 2 || d.Rules[0].Number != "100.1" || d.Rules[1].Number != "100.1" {
		t.Errorf("a repeated rule is returned twice, in document order: %+v", d.Rules)
	}
	if p := d.Problems[0]; !p.Touches("100.1") || p.Touches("100.2") {
		t.Errorf("Touches: %+v", p)
	}
	out, _ := Parse(tests[3].in)
	if p := out.Problems[0]; !p.Touches("100.1b") || !p.Touches("100.1c") || p.Touches("100.1d") {
		t.Errorf("an out-of-order rule touches itself and the rule it follows: %+v", p)
	}
}

// A repeat that follows a lower number comes in order with the rule
// before it: it is still a repeat (a fuzzed "702.30d, 000.0, 702.30d" was
// read as one flaw).
func TestRepeatAfterOutOfOrder(t *testing.T) {
	d, err := Parse("These rules are effective as of February 27, 2026.\n100.1. A.\n100.3. C.\n100.2. B.\n100.3. C again.\n100.4. D.\nGlossary\nCredits\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range d.Problems {
		got = append(got, p.Error())
	}
	want := []string{
		"line 4: rule 100.2 comes after rule 100.3 (line 3): the rules are out of order",
		"line 5: rule 100.3 appears twice (first on line 3)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A copy that stops inside its glossary has every rule: it is read, and
// says where it stops; one that stops before its glossary is refused.
func TestEndsInGlossary(t *testing.T) {
	cut := excerpt[:strings.Index(excerpt, "To turn")]
	d, err := Parse(cut)
	if err != nil {
		t.Fatal(err)
	}
	if !d.EndsInGlossary || d.LastLine != strings.Count(cut, "\n") {
		t.Errorf("cut in the glossary: %v, last line %d", d.EndsInGlossary, d.LastLine)
	}
	whole, _ := Parse(excerpt + "\nCredits\n\nWizards.\n")
	if whole.EndsInGlossary {
		t.Error("whole document ends in its glossary")
	}
	if whole.LastLine != strings.Count(excerpt, "\n")+4 {
		t.Errorf("last line %d", whole.LastLine)
	}
}

// Line breaks of every kind read alike: CRLF, bare CR (as many releases
// have them) and LF give the same rules on the same lines.
func TestLineBreaks(t *testing.T) {
	want, err := Parse(excerpt)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"crlf":    strings.ReplaceAll(excerpt, "\n", "\r\n"),
		"bare cr": strings.ReplaceAll(excerpt, "\n", "\r"),
		"nbsp":    strings.ReplaceAll(excerpt, "\n", "\u00a0\n"),
	} {
		got, err := Parse(text)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %v, %v; want %v", name, got, err, want)
		}
	}
}

// ParseFunc keeps the rules asked for, with their examples, and checks
// the whole document as Parse does.
func TestParseFuncKeeps(t *testing.T) {
	d, err := ParseFunc(excerpt, func(n, _, _ string) bool { return strings.HasPrefix(n, "100.1") })
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rules) != 2 || d.Rules[1].Text != "A two-player game is a game that begins with only two players. Example: Two players. Example: Still two." {
		t.Errorf("kept %+v", d.Rules)
	}
	if d, err := ParseFunc(strings.Replace(excerpt, "119.1d.", "100.1a", 1), func(string, string, string) bool { return false }); err != nil || len(d.Problems) != 1 {
		t.Errorf("a repeated rule nobody keeps is still a problem: %v", err)
	}
	sections := map[string]string{}
	if _, err := ParseFunc(excerpt, func(n, s, _ string) bool { sections[n] = s; return false }); err != nil {
		t.Fatal(err)
	}
	if sections["100.1"] != "General" || sections["100.1a"] != "General" || sections["119.1d"] != "" {
		t.Errorf("keep is told the title of each rule's section heading: %q", sections)
	}
}

// Every official release parses, its effective date matches its file name,
// and the typo'd rules are read under their real numbers. What a release
// should hold is read off its own table of contents and headings.
func TestParseCorpus(t *testing.T) {
	prev := 0
	problems := map[string]int{}
	for _, r := range corpus.Releases(t) {
		text, _, err := textenc.Decode(corpus.Read(t, strings.ReplaceAll(r.Date, "-", "")))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(text)
		if err != nil {
			t.Errorf("%s: %v", r.Date, err)
			continue
		}
		if d.Effective != r.Date {
			t.Errorf("%s: effective date %s", r.Date, d.Effective)
		}
		heads := headings(text)
		if last := d.Rules[len(d.Rules)-1].Number; d.Rules[0].Number != "100.1" || !strings.HasPrefix(last, heads[len(heads)-1]+".") {
			t.Errorf("%s: rules run %s..%s, want 100.1 to the last section, %s", r.Date, d.Rules[0].Number, last, heads[len(heads)-1])
		}
		// The CR only grows: fewer rules than the release before means misreading.
		if len(d.Rules) < prev-20 {
			t.Errorf("%s: %d rules, previous release had %d", r.Date, len(d.Rules), prev)
		}
		prev = len(d.Rules)
		typeLine := sectionTitled(heads, text, "Type Line")
		for _, n := range []string{typeLine + ".2a", typeLine + ".3", typeLine + ".3a", typeLine + ".4a", "107.4", "107.4a"} {
			if _, ok := d.Lookup(n); !ok {
				t.Errorf("%s: rule %s missing", r.Date, n)
			}
		}
		if r.Date >= "2019-07-12" {
			if rule, ok := d.Lookup("119.1d"); !ok || !strings.HasPrefix(rule.Text, "In a two-player Brawl game") {
				t.Errorf("%s: typo'd rule 119.1d. not read: %+v", r.Date, rule)
			}
		}
		if r.Date >= "2022-10-07" && r.Date <= "2025-02-07" {
			if rule, ok := d.Lookup("901.4"); !ok || !strings.HasPrefix(rule.Text, "All plane and phenomenon cards") {
				t.Errorf("%s: typo'd rule 901.4.All not read: %+v", r.Date, rule)
			}
		}
		for _, p := range d.Problems {
			t.Logf("%s: %v", r.Date, p)
			problems[r.Date+" "+p.Error()]++
		}
		if want := r.Date == "2013-02-01"; d.EndsInGlossary != want {
			t.Errorf("%s: ends in its glossary: %v, want %v", r.Date, d.EndsInGlossary, want)
		}
	}
	// The flaws of the official numbering in the corpus, pinned: history
	// does not change.
	want := map[string]int{
		"2009-09-04 line 2611: rule 702.30d appears twice (first on line 2609)": 1,
		"2009-10-01 line 2680: rule 702.30d appears twice (first on line 2678)": 1,
	}
	for k, n := range problems {
		if want[k] != n {
			t.Errorf("unexpected numbering problem: %s", k)
		}
	}
	for k := range want {
		if problems[k] == 0 {
			t.Errorf("numbering problem not found: %s", k)
		}
	}
	// Counts pinned from the releases themselves.
	for date, want := range map[string]int{"20090711": 1470, "20160116": 2058, "20240730": 2993, "20260227": 3120} {
		text, _, _ := textenc.Decode(corpus.Read(t, date))
		d, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Rules) != want {
			t.Errorf("%s: %d rules, want %d", date, len(d.Rules), want)
		}
	}
}

// headings lists the section numbers of the body's headings ("205. Type
// Line"), as a reader of the text sees them.
func headings(text string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if s, ok := splitHeading(strings.TrimSpace(l)); ok {
			out = append(out, s.Number)
		}
	}
	return out
}

// sectionTitled is the number of the section headed title.
func sectionTitled(heads []string, text, title string) string {
	for _, h := range heads {
		if strings.Contains(text, h+". "+title+"\r") || strings.Contains(text, h+". "+title+"\n") {
			return h
		}
	}
	return ""
}

func ExampleParse() {
	d, err := Parse("These rules are effective as of June18, 2021.\n\n205.3. Subtypes\n\n205.3a A card can have one or more subtypes printed on its type line.\nExample: none.\n\nGlossary\n")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Effective)
	for _, r := range d.Rules {
		fmt.Printf("%s: %s\n", r.Number, r.Text)
	}
	// Output:
	// 2021-06-18
	// 205.3: Subtypes
	// 205.3a: A card can have one or more subtypes printed on its type line. Example: none.
}

func FuzzParse(f *testing.F) {
	f.Add(excerpt)
	f.Add("119.1d. x\n606.5 If\n901.4.All\n")
	f.Add("These rules are effective as of June18, 2021.\n205.3m A\nExample: b\n")
	// A rule printed twice (2009-09-04), one out of order, a copy cut in its glossary.
	f.Add("These rules are effective as of July 11, 2009.\n204. Type Line\n204.1. A\n702.30d B\n702.30d B\n702.30c C\nGlossary\nAbandon\n")
	f.Add("These rules are effective as of July 11, 2009.\r\n100.1. A\r\nGlossary\r\nCredits\r\nThese rules are effective as of July 11, 2009.\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s)
		// Reading raw line breaks is reading normalised ones.
		n, nerr := Parse(textenc.NormalizeNewlines(s))
		if (err == nil) != (nerr == nil) || err == nil && fmt.Sprint(d) != fmt.Sprint(n) {
			t.Fatalf("raw %v, %v; normalised %v, %v", d, err, n, nerr)
		}
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, r := range d.Rules {
			if _, _, ok := SplitNumber(r.Number + " X"); !ok {
				t.Errorf("rule number %q does not parse back", r.Number)
			}
			if seen[r.Number] && !slices.ContainsFunc(d.Problems, func(p Problem) bool { return p.Repeated && p.Number == r.Number }) {
				t.Errorf("rule %s returned twice, and no problem says so", r.Number)
			}
			seen[r.Number] = true
		}
	})
}

// A release cut short (a download that stopped) is reported as truncated,
// naming the last rule read.
func TestTruncatedRelease(t *testing.T) {
	text, _, _ := textenc.Decode(corpus.Read(t, "20260227"))
	cut := text[:strings.Index(text, "\n205.3m ")]
	_, err := Parse(cut)
	if err == nil || !strings.Contains(err.Error(), "truncated: the document ends after rule 205.3k") {
		t.Errorf("got %v", err)
	}
	if _, err := Parse(text); err != nil {
		t.Errorf("whole release: %v", err)
	}
}

// ParseRelease reads every release of the corpus in place exactly as
// decoding it whole and parsing it does, for the rules it keeps.
func TestParseReleaseMatchesDecodeThenParse(t *testing.T) {
	keep := func(n, section, _ string) bool {
		return section == "Type Line" || strings.HasPrefix(n, "107.4") || strings.HasPrefix(n, "119.1")
	}
	for _, r := range corpus.Releases(t) {
		data := corpus.Read(t, strings.ReplaceAll(r.Date, "-", ""))
		text, _, err := textenc.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ParseFunc(text, keep)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseRelease(data, keep)
		if err != nil {
			t.Errorf("%s: %v", r.Date, err)
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: ParseRelease differs from Decode+Parse", r.Date)
		}
		if len(got.Rules) < 20 {
			t.Errorf("%s: only %d rules kept", r.Date, len(got.Rules))
		}
	}
}
