package schemas_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/export"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/schematest"
	"github.com/mtgrules/crgen/internal/scrapecmd"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/validatecmd"
	"github.com/mtgrules/crgen/schemas"
)

// Every file an export of every release writes (each language, each
// release as of itself, History.json) matches its schema; so does every
// snapshot of the frozen tree.
func TestExportedFilesMatchTheirSchemas(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t)
	files, err := export.All(corpus.FrozenStore(t))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	if string(files[crgen.NoticeFile]) != crgen.Notice {
		t.Errorf("the export of every release carries no NOTICE at its top")
	}
	for name, b := range files {
		base := path.Base(name)
		if base == crgen.NoticeFile {
			if name != crgen.NoticeFile {
				t.Errorf("%s: NOTICE once, at the top, not in each release", name)
			}
			continue
		}
		n, ok := schemas.ForExport[base]
		if !ok {
			t.Errorf("%s: no schema for %s (schemas.ForExport)", name, base)
			continue
		}
		if seen[base]++; seen[base] == 1 && !schematest.Refused(t, sch[n], b) {
			t.Errorf("%s accepts %s with a field it does not name", n, name)
		}
		schematest.Check(t, sch[n], name, b)
	}
	for base := range schemas.ForExport {
		if seen[base] == 0 {
			t.Errorf("no export wrote %s", base)
		}
	}
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	paths, _ := filepath.Glob(filepath.Join(snaps, "*", "*.json"))
	count := 0
	for _, p := range paths {
		if d := filepath.Base(filepath.Dir(p)); d != "en" && d != "es" && d != "current" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, sch["snapshot.schema.json"], p, b)
		count++
	}
	if count == 0 {
		t.Fatalf("no snapshot in %s", snaps)
	}
	t.Logf("%d exported files, %d snapshots", len(files), count)
}

func scrape(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	code := scrapecmd.Command.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }})
	if code != 0 {
		t.Fatalf("scrape %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
	}
	return out.Bytes()
}

// What scrape diff -format json and scrape history -json print of real
// releases matches diff.schema.json and periods.schema.json: renames,
// moves, rules added, removed and renumbered, the Spanish translations
// and meanings, the first release, a name with two lives.
func TestCommandOutputsMatchTheirSchemas(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t)
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	for _, pair := range [][2]string{
		{"en@2024-04-12", "en@2024-07-30"},
		{"en@2009-07-11", "en@current"},
		{"en@2019-06-14", "en@2019-07-12"},
		{"en@2024-07-30", "en@2024-07-30"},
		{"es@" + corpus.FrozenRelease, "es@current"},
	} {
		out := scrape(t, "diff", "-format", "json", "-snapshots", snaps, pair[0], pair[1])
		schematest.Check(t, sch["diff.schema.json"], "scrape diff "+pair[0]+" "+pair[1], out)
		if !schematest.Refused(t, sch["diff.schema.json"], out) {
			t.Errorf("diff.schema.json accepts a field it does not name")
		}
	}
	for _, name := range []string{"Egg", "Time Lord", "tribal", "{C/W}", "Elfo"} {
		out := scrape(t, "history", "-json", "-snapshots", snaps, name)
		schematest.Check(t, sch["periods.schema.json"], "scrape history "+name, out)
		if !schematest.Refused(t, sch["periods.schema.json"], out) {
			t.Errorf("periods.schema.json accepts an empty period")
		}
		if !bytes.Contains(out, []byte(`"first"`)) {
			t.Errorf("scrape history %s printed no period: %s", name, out)
		}
	}
}

// The report of an update (scrape report -format json) matches
// report.schema.json with every section filled: a release added in each
// language, one amended, the Spanish lag, a pairing of rules amended.
func TestReportMatchesItsSchema(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t)
	es, err := corpus.FrozenStore(t).Current("es")
	if err != nil {
		t.Fatal(err)
	}
	write := func(dir string, current bool, ss ...*snapshot.Snapshot) {
		for _, s := range ss {
			b, err := snapshot.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			ps := []string{filepath.Join(dir, s.Lang, s.Effective+".json")}
			if current {
				ps = append(ps, filepath.Join(dir, "current", s.Lang+".json"))
			}
			for _, p := range ps {
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	old, cur := t.TempDir(), t.TempDir()
	early, late := corpus.Snapshot(t, "en", "2024-04-12"), corpus.Snapshot(t, "en", "2024-07-30")
	amended := corpus.Snapshot(t, "en", "2024-04-12")
	amended.Subtypes["creature"] = amended.Subtypes["creature"][1:] // the record before a correction
	write(old, false, amended)
	write(old, true, es)
	write(cur, false, early)
	write(cur, true, late, es)
	u, err := diff.NewUpdate(snapshot.Store{Dir: old}, snapshot.Store{Dir: cur})
	if err != nil {
		t.Fatal(err)
	}
	u.API = &apiverdict.Verdict{Added: []string{"subtype.CreatureSkunk"}} // the other lists nil, as a verdict may be
	var b bytes.Buffer
	pairs := []rulebook.PairAmendment{{Lang: "en", Release: "2024-07-30", Set: []rulebook.Move{{From: "205.3m", To: "205.3n"}}, Dropped: []rulebook.Move{{To: "702.19"}}}}
	if err := report.FullJSON(&b, u, report.Rules{Pairings: pairs}); err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, sch["report.schema.json"], "the report", b.Bytes())
	if !schematest.Refused(t, sch["report.schema.json"], b.Bytes()) {
		t.Errorf("report.schema.json accepts a field it does not name")
	}
	var got struct {
		History map[string][]json.RawMessage `json:"history"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil || len(got.History["added"]) == 0 || len(got.History["amended"]) == 0 {
		t.Errorf("the report's history %v (%v): want a release added and one amended", got.History, err)
	}
	schematest.Check(t, sch["report.schema.json"], "scrape report", scrape(t, "report", "-format", "json", old, cur))
}

// validate's verdicts, type lines, mana costs and keywords, good and
// bad, each mode, match validate.schema.json line by line.
func TestVerdictsMatchTheirSchema(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t)
	for _, c := range []struct {
		args  []string
		input string
	}{
		{[]string{"-typeline"}, "Legendary Creature — Elf Warrior\nCreature — Forest\nCreature — Cephalid\nInstant // Sorcery\n"},
		{[]string{"-typeline", "-printed"}, "Token Creature - Goblin\nCriatura — Bestia felina\n"},
		{[]string{"-typeline", "-lang", "either"}, "Criatura — Elfo guerrero\nCreature — Elff\n"},
		{[]string{"-manacost", "-lenient"}, "2WW\n{2}{W/U}\n{X}{R} // {G}\n{Q}\n"},
		{[]string{"-manacost", "-printed"}, "{C/P}\n" + strings.Repeat("{1}", 30000) + "\n"},
		{[]string{"-keywords"}, `{"name": "Aeon Chronicler", "text": "Suspend X—{X}{3}{U}. X can't be 0.\nFlying, protection from black and from red\nLandfall — Scry 2. (Look at the top two cards.)"}` + "\n" + `{"text": 3}` + "\n{}\n"},
	} {
		var out, errb bytes.Buffer
		validatecmd.Command.Main(context.Background(), c.args, cli.Env{Stdin: strings.NewReader(c.input), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }})
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if want := strings.Count(c.input, "\n"); len(lines) != want {
			t.Fatalf("validate %v: %d verdicts for %d lines: %s", c.args, len(lines), want, errb.String())
		}
		for _, l := range lines {
			schematest.Check(t, sch["validate.schema.json"], "validate "+strings.Join(c.args, " "), []byte(l))
			if !schematest.Refused(t, sch["validate.schema.json"], []byte(l)) {
				t.Errorf("validate.schema.json accepts a field it does not name")
			}
		}
	}
}

// Every pattern is in the syntax that validators of every language
// share: it compiles as RE2 (Go) and uses no Unicode property escape
// (\p{Ll}), which Python's re, under the jsonschema package, refuses, so
// a Python reader could not validate at all.
func TestPatternsArePortable(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(schemas.FS, "*.schema.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no schema: %v", err)
	}
	n := 0
	for _, name := range names {
		b, err := schemas.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		var walk func(any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				for k, x := range v {
					if p, ok := x.(string); ok && k == "pattern" {
						n++
						if _, err := regexp.Compile(p); err != nil || strings.Contains(p, `\p`) || strings.Contains(p, `\P`) {
							t.Errorf("%s: pattern %q is not portable (RE2: %v)", name, p, err)
						}
					}
					walk(x)
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		walk(doc)
	}
	if n == 0 {
		t.Error("no pattern in any schema: the test checks nothing")
	}
}

// The rule book's files (the frozen tree's) and what scrape rule,
// glossary, trace, search and diff -whole print match their schemas.
func TestRuleBookMatchesItsSchemas(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t)
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	files, err := filepath.Glob(filepath.Join(snaps, "rules", "*", "*.json"))
	if err != nil || len(files) < 10 {
		t.Fatalf("the frozen tree's rule books: %d files, %v", len(files), err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, sch["rulebook.schema.json"], p, b)
	}
	for _, c := range []struct {
		schema string
		args   []string
	}{
		{"rule.schema.json", []string{"rule", "-json", "702.19"}},
		{"release-rules.schema.json", []string{"rule", "-all", "-as-of", "2016-01-01"}},
		{"release-rules.schema.json", []string{"rule", "-all", "-lang", "es"}},
		{"rule.schema.json", []string{"rule", "-json", "-lang", "es", "205.3"}},
		{"glossary.schema.json", []string{"glossary", "-json", "-as-of", "2020-01-01", "Tribal"}},
		{"trace.schema.json", []string{"trace", "-json", "205.3m"}},
		{"trace.schema.json", []string{"trace", "-json", "603.10a"}},
		{"glossary-list.schema.json", []string{"glossary", "-json", "-list"}},
		{"search.schema.json", []string{"search", "-json", "-as-of", "2020-01-24", "lethal damage"}},
		{"doc-diff.schema.json", []string{"diff", "-whole", "-format", "json", "en@2011-07-15", "en@2011-09-30"}},
		{"doc-diff.schema.json", []string{"diff", "-whole", "-format", "json", "en@2016-09-30", "en@2016-11-11"}},
	} {
		// The commands that read the text answer from the rule book built
		// into the command; diff -whole compares snapshots.
		args := c.args
		if c.args[0] == "diff" {
			args = append([]string{c.args[0], "-snapshots", snaps}, c.args[1:]...)
		}
		out := scrape(t, args...)
		schematest.Check(t, sch[c.schema], strings.Join(args, " "), out)
		if !schematest.Refused(t, sch[c.schema], out) {
			t.Errorf("%s accepts a field it does not name", c.schema)
		}
	}
}
