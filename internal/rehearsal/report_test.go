package rehearsal

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/snapshot"
)

func (u *update) date() string { return u.Effective }

// checkReport checks the pull request's body against the update: the
// report the workflow's own scrape gives in JSON names exactly the
// changes made, and the Markdown body shows each of them and the Spanish
// lag.
func (u *update) checkReport(t *testing.T, runnerTemp, work, body string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(runnerTemp, "bin", "scrape"), "report", "-exit-code", "-format", "json", filepath.Join(runnerTemp, "old-snapshots"), "snapshots")
	cmd.Dir = work
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err == nil || cmd.ProcessState.ExitCode() != 3 {
		t.Fatalf("scrape report: %v (want exit 3: changed)", err)
	}
	var rep struct {
		Diffs []struct {
			Old, New struct{ Lang, Effective string }
			Added    map[string][]string
			Removed  map[string][]string
			Renamed  map[string][]struct{ From, To, Evidence string }
			Moved    []any
			Rules    []struct{ Number, Status string }
		}
		Lag struct {
			Untranslated map[string][]string
			Dropped      map[string][]struct{ ES, EN string }
		} `json:"spanish_lag"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	en, es := rep.Diffs[0], rep.Diffs[1]
	want := func(what string, got, wantv any) {
		t.Helper()
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(wantv)
		if string(g) != string(w) {
			t.Errorf("%s: %s, want %s", what, g, w)
		}
	}
	want("English release", en.New.Effective, u.Effective)
	added := map[string][]string{"creature": u.Added, "mana_symbols": {u.NewSymbol}}
	if u.Category != "" {
		added["card_types"], added[u.Category] = []string{u.Category}, u.CategoryNames
	}
	want("added", en.Added, added)
	want("removed", en.Removed, map[string][]string{"creature": {u.Removed}})
	if r := en.Renamed["card_types"]; len(en.Renamed) != 1 || len(r) != 1 || r[0].From != u.RenamedFrom || r[0].To != u.RenamedTo || !strings.Contains(r[0].Evidence, u.NoSubtypes) {
		t.Errorf("renamed %+v, want %s → %s with evidence in %s", en.Renamed, u.RenamedFrom, u.RenamedTo, u.NoSubtypes)
	}
	if len(en.Moved) != 0 {
		t.Errorf("moved %v", en.Moved)
	}
	var rules []string
	for _, r := range en.Rules {
		rules = append(rules, r.Number)
	}
	changed := []string{"107.4", "205.2a", u.Reworded, u.CreatureRule, u.NoSubtypes}
	if u.Category != "" {
		changed = append(changed, u.CategoryRule)
	}
	want("rules changed", rules, future.SortRules(changed))
	if len(es.Added)+len(es.Removed)+len(es.Renamed)+len(es.Rules) != 0 {
		t.Errorf("the Spanish rules did not change, yet the report says %+v", es)
	}
	// The Spanish lag: what it was before the update, the new English
	// names added to it, the renamed and removed ones moved to the names
	// Spanish still lists.
	old := snapshot.Store{Dir: filepath.Join(runnerTemp, "old-snapshots")}
	oldEN, err := old.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	oldES, err := old.Current("es")
	if err != nil {
		t.Fatal(err)
	}
	lag := diff.SpanishLag(oldEN, oldES)
	untranslated := map[string][]string{}
	for k, names := range lag.Untranslated {
		for _, n := range names {
			if n != u.RenamedFrom && n != u.Removed {
				untranslated[k] = append(untranslated[k], n)
			}
		}
	}
	untranslated["card_types"] = append(untranslated["card_types"], u.RenamedTo)
	untranslated["creature"] = append(untranslated["creature"], u.Added...)
	if u.Category != "" {
		untranslated["card_types"] = append(untranslated["card_types"], u.Category)
		untranslated[u.Category] = u.CategoryNames
	}
	got := map[string][]string{}
	for k, names := range rep.Lag.Untranslated {
		got[k] = slices.Sorted(slices.Values(names))
	}
	for k := range untranslated {
		slices.Sort(untranslated[k])
	}
	want("untranslated", got, untranslated)
	dropped := []string{"card_types:" + u.RenamedFrom, "creature:" + u.Removed}
	for k, ps := range lag.Dropped {
		for _, p := range ps {
			dropped = append(dropped, k+":"+p.EN)
		}
	}
	var gotDropped []string
	for k, ps := range rep.Lag.Dropped {
		for _, p := range ps {
			gotDropped = append(gotDropped, k+":"+p.EN)
		}
	}
	slices.Sort(dropped)
	slices.Sort(gotDropped)
	want("Spanish still listing dropped names", gotDropped, dropped)

	// The Go API: every name added and removed is a constant added and
	// one deprecated; nothing incompatible.
	verdict, err := apiverdict.Read(filepath.Join(runnerTemp, "api.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range append([]string{"cardtype." + title(u.RenamedTo)}, prefixed("subtype.Creature", u.Added)...) {
		if !slices.Contains(verdict.Added, c) {
			t.Errorf("the API verdict does not list %s added: %+v", c, verdict)
		}
	}
	for _, c := range []string{"cardtype." + title(u.RenamedFrom), "subtype.Creature" + identOf(u.Removed)} {
		if !slices.Contains(verdict.Deprecated, c) {
			t.Errorf("the API verdict does not list %s deprecated: %+v", c, verdict)
		}
	}
	if !verdict.OK() {
		t.Errorf("the API verdict is incompatible: %v", verdict.Incompatible)
	}

	// The rule book's change, once: the new release's whole diff,
	// counted against scrape diff -whole.
	counted, err := future.WholeShown(out.Bytes(), filepath.Join(runnerTemp, "old-snapshots"), filepath.Join(work, "snapshots"), map[string][]string{"en": {u.Effective}})
	if err != nil {
		t.Error(err)
	}
	t.Logf("the whole rules in the pull request: %s", counted)

	var lagLine string
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "- no Spanish name yet for: ") && strings.HasSuffix(l, "(creature types)") {
			lagLine = l
		}
	}
	for _, n := range u.Added {
		if !strings.Contains(lagLine, n) {
			t.Errorf("the Spanish lag section does not name %s: %q", n, lagLine)
		}
	}
	lines := []string{
		"➕ " + u.Added[0], "➖ " + u.Removed, u.RenamedFrom + " → " + u.RenamedTo, "rule " + u.Reworded, "```diff",
		"**Go API**: " + verdict.Summary(), "➕ **Added**: ", "➖ **Removed** (their constants stay, deprecated): ",
		"- **The whole rules**: en@", " → en@" + u.Effective + " (rules: ", "## The whole rules: en@",
		// The page of the change on the site pages.yml publishes.
		"[its page](https://mtgrules.github.io/crgen/en/" + u.Effective + "/changes.html)",
	}
	if u.Category != "" {
		lines = append(lines, "➕ "+u.CategoryNames[0], u.Category+" types", "Category"+title(u.Category))
	}
	for _, s := range lines {
		if !strings.Contains(body, s) {
			t.Errorf("the pull request body lacks %q:\n%s", s, body)
		}
	}
	// The first screen is what a reviewer decides from: the names and the
	// verdict come before any rule text.
	if a, b := strings.Index(body, "**Go API**"), strings.Index(body, "```diff"); a < 0 || b < 0 || a > b {
		t.Errorf("the Go API verdict comes after the rule text")
	}
	if len(body) > 65536 {
		t.Errorf("body of %d characters, over GitHub's limit", len(body))
	}
}

// checkGenerated checks what a reviewer of generated/ sees: a diff of a
// few lines per change, no line longer than a screen, every constant of
// the base with the same value, and the removed and renamed names
// deprecated.
func (u *update) checkGenerated(t *testing.T, repoDir, base, head string) {
	t.Helper()
	// The bound of every derived release (futures_check_test.go): the
	// update adds three creature types and a symbol, removes a creature
	// type, renames a card type.
	diffText := git(t, repoDir, "diff", "-U0", "--no-color", base, head, "--", "generated/")
	grew := future.GrownTables(git(t, repoDir, "show", base+":generated/internal/data/index.go"), git(t, repoDir, "show", head+":generated/internal/data/index.go"))
	total := future.ChangedLines(diffText, grew != "")
	names := len(u.Added) + 1 /* removed */ + 2 /* renamed: one in, one out */ + 1 /* symbol */
	limit := future.LinesPerName*names + future.LinesPerList*3
	if u.Category != "" {
		limit += future.LinesPerCategory + future.LinesPerName*(len(u.CategoryNames)+1)
	}
	if total == 0 || total > limit {
		t.Errorf("generated/ diff: %d lines changed beyond provenance, want at most %d for %d names%s", total, limit, names, grew)
	}
	diff := git(t, repoDir, "diff", base, head, "--", "generated/", ":!generated/internal/data/index.go", ":!generated/ruletext/books")
	for _, l := range strings.Split(diff, "\n") {
		if (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && len(l) > 201 && !strings.HasPrefix(l[1:], "//") {
			t.Errorf("generated/ diff line of %d characters: %.120s…", len(l), l)
		}
	}
	t.Logf("generated/ diff: %d lines beyond provenance%s", total, grew)
	files := strings.Split(git(t, repoDir, "ls-tree", "-r", "--name-only", base, "--", "generated/"), "\n")
	for _, f := range files {
		if !strings.HasSuffix(f, "tables.go") {
			continue
		}
		before, after := constants(t, git(t, repoDir, "show", base+":"+f)), constants(t, git(t, repoDir, "show", head+":"+f))
		for name, v := range before {
			if after[name].value != v.value {
				t.Errorf("%s: %s was %s, is %q after the update", f, name, v.value, after[name].value)
			}
		}
		for name, v := range after {
			if _, old := before[name]; !old && v.deprecated {
				t.Errorf("%s: new constant %s is deprecated", f, name)
			}
		}
	}
	src := git(t, repoDir, "show", head+":generated/subtype/tables.go")
	if !regexp.MustCompile(`Deprecated: ` + regexp.QuoteMeta(u.Removed) + ` was removed from rule ` + regexp.QuoteMeta(u.CreatureRule) + ` in the release of ` + u.Effective + `\.\n\t` + "Creature" + identOf(u.Removed) + ` Creature = \d+`).MatchString(src) {
		t.Errorf("Creature%s is not deprecated as removed in %s", identOf(u.Removed), u.Effective)
	}
	src = git(t, repoDir, "show", head+":generated/cardtype/tables.go")
	if !strings.Contains(src, "Deprecated: "+title(u.RenamedFrom)+" was removed from rule 205.2a in the release of "+u.Effective+", renamed "+title(u.RenamedTo)) {
		t.Errorf("%s is not deprecated as replaced by %s", title(u.RenamedFrom), title(u.RenamedTo))
	}
}

func prefixed(prefix string, names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, prefix+identOf(n))
	}
	return out
}

func identOf(name string) string {
	return strings.NewReplacer("’", "", "'", "", " ", "", "-", "").Replace(name)
}

// constants reads the constants of a generated file: name → literal value.
func constants(t *testing.T, src string) map[string]constant {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "tables.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]constant{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
						out[n.Name] = constant{lit.Value, vs.Doc != nil && strings.Contains(vs.Doc.Text(), "Deprecated:")}
					}
				}
			}
		}
	}
	return out
}
