package rehearsal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/sources"
)

// EnvInside marks a run inside a rehearsal: the nested make test must not
// rehearse again.
const EnvInside = "CRGEN_REHEARSAL"

const (
	owner, repo = "mtgrules", "crgen"
	ghToken     = "ghs_rehearsalTOKEN"
	botLogin    = "github-actions[bot]"
)

// TestRehearsedUpdate is the next rules update, end to end. It passes only
// if the refresh workflow, run as written, updates snapshots and generated
// code, the project's own tests pass on the result, one pull request is
// opened whose body names exactly the changes (and the Spanish lag), the
// review workflow comments that same report on it, the generated/ diff is
// small and readable, and no existing constant changed its value.
func TestRehearsedUpdate(t *testing.T) {
	if os.Getenv(EnvInside) != "" {
		t.Skip("inside a rehearsal: the nested make test does not rehearse again")
	}
	if testing.Short() {
		t.Skip("-short: the rehearsal runs the whole refresh workflow (a few minutes)")
	}
	for _, tool := range []string{"git", "bash", "make", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the rehearsal needs %s: %v", tool, err)
		}
	}
	project := corpus.Root(t)
	corpusDir := corpus.Dir(t, "")
	u := deriveUpdate(t, project)

	tmp := t.TempDir()
	work := filepath.Join(tmp, "work")
	copyProject(t, project, work)
	// The corpus where the workflows look for it: ../shared/corpus.
	if err := os.MkdirAll(filepath.Join(tmp, "shared"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(corpusDir, filepath.Join(tmp, "shared", "corpus")); err != nil {
		t.Fatal(err)
	}

	// The live English source: the rules page with its one .txt link.
	txtPath := "/downloads/MagicCompRules " + strings.ReplaceAll(u.Effective, "-", "") + ".txt"
	var fetched []string
	live := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched = append(fetched, r.URL.Path)
		switch r.URL.Path {
		case "/en/rules":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<html><body><a href="/en/news">News</a>
				<a href="%s">Comprehensive Rules (TXT)</a>
				<a href="/downloads/MagicCompRules.pdf">PDF</a></body></html>`, strings.ReplaceAll(txtPath, " ", "%20"))
		case txtPath:
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write(u.Text)
		default:
			t.Errorf("live source: unexpected request %s", r.URL)
			http.NotFound(w, r)
		}
	}))
	defer live.Close()
	pointLiveSource(t, work, live.URL+"/en/rules")

	// The repository: the clone's main branch, pushed to a bare origin that
	// the fake GitHub serves.
	git(t, work, "init", "-q", "-b", "main")
	git(t, work, "add", "-A")
	git(t, work, "commit", "-q", "-m", "base of the rehearsal")
	base := git(t, work, "rev-parse", "HEAD")
	origin := filepath.Join(tmp, "origin.git")
	git(t, tmp, "clone", "-q", "--bare", work, origin)
	git(t, work, "remote", "add", "origin", "file://"+origin)
	gh := newFakeGitHub(t, origin, owner, repo, ghToken)

	runnerTemp := filepath.Join(tmp, "runner")
	if err := os.MkdirAll(runnerTemp, 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "CI=true", EnvInside+"=1", "RUNNER_TEMP="+runnerTemp,
		"GITHUB_REPOSITORY="+owner+"/"+repo, "GITHUB_API_URL="+gh.apiURL(), "GITHUB_WORKSPACE="+work, "NO_COLOR=1")
	env = slices.DeleteFunc(env, func(kv string) bool { return strings.HasPrefix(kv, corpus.EnvDir+"=") })
	ctx := map[string]any{
		"github":  map[string]any{"repository": owner + "/" + repo, "workspace": work},
		"runner":  map[string]any{"temp": runnerTemp},
		"secrets": map[string]any{"GITHUB_TOKEN": ghToken, "CRGEN_BOT_TOKEN": ""},
		"inputs":  map[string]any{"dry_run": false},
	}
	runJob(t, loadWorkflow(t, filepath.Join(work, ".github/workflows/refresh.yml")), "refresh", work, ctx, env)

	if !slices.Contains(fetched, txtPath) {
		t.Fatalf("the refresh never fetched the release: requests %v", fetched)
	}
	// One pull request, labelled, from the refresh branch.
	if len(gh.prs) != 1 {
		t.Fatalf("%d pull requests, want 1", len(gh.prs))
	}
	pr := gh.prs[0]
	if pr.State != "open" || pr.Head != "crgen/refresh" || pr.Base != "main" || !slices.Equal(pr.Labels, []string{"rules-update"}) {
		t.Errorf("pull request %+v", *pr)
	}
	head := git(t, origin, "rev-parse", "refs/heads/crgen/refresh")
	if parent := git(t, origin, "rev-parse", head+"^"); parent != base {
		t.Errorf("the refresh commit's parent is %s, want the base %s", parent, base)
	}
	t.Logf("pull request #%d, body:\n%s", pr.Number, indent(pr.Body))
	checkReport(t, u, runnerTemp, work, pr.Body)

	// The review workflow, on the pull request the refresh opened, from a
	// checkout of the base.
	review := filepath.Join(tmp, "review")
	git(t, tmp, "clone", "-q", "file://"+origin, review)
	git(t, review, "checkout", "-q", base)
	reviewTemp := filepath.Join(tmp, "review-runner")
	if err := os.MkdirAll(reviewTemp, 0o755); err != nil {
		t.Fatal(err)
	}
	rctx := map[string]any{
		"github": map[string]any{"repository": owner + "/" + repo, "workspace": review, "event": map[string]any{
			"pull_request": map[string]any{"number": pr.Number, "base": map[string]any{"sha": base}, "head": map[string]any{"sha": head}}}},
		"runner":  map[string]any{"temp": reviewTemp},
		"secrets": map[string]any{"GITHUB_TOKEN": ghToken},
	}
	renv := append(slices.Clone(env), "RUNNER_TEMP="+reviewTemp, "GITHUB_WORKSPACE="+review)
	runJob(t, loadWorkflow(t, filepath.Join(review, ".github/workflows/review.yml")), "comment", review, rctx, renv)
	var mine []*fakeComment
	for _, c := range gh.comments {
		if c.Issue == pr.Number {
			mine = append(mine, c)
		}
	}
	if len(mine) != 1 || mine[0].Login != botLogin {
		t.Fatalf("comments on #%d: %+v, want one by the bot", pr.Number, mine)
	}
	if got := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(mine[0].Body), "<!-- crgen:snapshot-diff -->")); got != strings.TrimSpace(pr.Body) {
		t.Errorf("the review comment is not the pull request's report:\n--- body\n%s\n--- comment\n%s", pr.Body, got)
	}

	checkGeneratedDiff(t, origin, base, head, u)
}

// copyProject copies the project's files (tracked, and new ones not
// ignored) into dir: the clone the workflows run in.
func copyProject(t *testing.T, project, dir string) {
	t.Helper()
	out := git(t, project, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for _, f := range strings.Split(strings.TrimRight(out, "\x00"), "\x00") {
		src := filepath.Join(project, f)
		fi, err := os.Lstat(src)
		if err != nil {
			continue // deleted in the working tree
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

// pointLiveSource makes the English rules page of sources.json the test
// server (committed in the base, so it is not part of the refresh).
func pointLiveSource(t *testing.T, work, url string) {
	t.Helper()
	m, err := sources.Load(filepath.Join(work, "sources"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range m.Sources {
		if m.Sources[i].Discover != nil {
			m.Sources[i].URL, found = url, true
		}
	}
	if !found {
		t.Fatal("sources.json declares no source found by link discovery (the English rules page)")
	}
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "sources", "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitIdentity...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// checkReport checks the pull request's body against the update: the
// report the workflow's own scrape gives in JSON names exactly the
// changes made, and the Markdown body shows each of them and the Spanish
// lag.
func checkReport(t *testing.T, u *update, runnerTemp, work, body string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(runnerTemp, "bin", "scrape"), "report", "-format", "json", filepath.Join(runnerTemp, "old-snapshots"), "snapshots")
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
	want("added", en.Added, map[string][]string{"creature": u.Added, "mana_symbols": {u.NewSymbol}})
	want("removed", en.Removed, map[string][]string{"creature": {u.Removed}})
	if r := en.Renamed["card_types"]; len(en.Renamed) != 1 || len(r) != 1 || r[0].From != u.RenamedFrom || r[0].To != u.RenamedTo || !strings.Contains(r[0].Evidence, "205.3r") {
		t.Errorf("renamed %+v, want %s → %s with evidence in 205.3r", en.Renamed, u.RenamedFrom, u.RenamedTo)
	}
	if len(en.Moved) != 0 {
		t.Errorf("moved %v", en.Moved)
	}
	var rules []string
	for _, r := range en.Rules {
		rules = append(rules, r.Number)
	}
	want("rules changed", rules, []string{"107.4", "205.2a", u.Reworded, "205.3m", "205.3r"})
	if len(es.Added)+len(es.Removed)+len(es.Renamed)+len(es.Rules) != 0 {
		t.Errorf("the Spanish rules did not change, yet the report says %+v", es)
	}
	want("untranslated", rep.Lag.Untranslated, map[string][]string{"creature": u.Added, "card_types": {u.RenamedTo}})
	var dropped []string
	for k, ps := range rep.Lag.Dropped {
		for _, p := range ps {
			dropped = append(dropped, k+":"+p.EN)
		}
	}
	slices.Sort(dropped)
	want("Spanish still listing dropped names", dropped, []string{"card_types:" + u.RenamedFrom, "creature:" + u.Removed})

	for _, s := range []string{
		"no Spanish name yet for: " + strings.Join(u.Added, ", ") + " (creature types)",
		"➕ " + u.Added[0], "➖ " + u.Removed, u.RenamedFrom + " → " + u.RenamedTo, "rule " + u.Reworded, "```diff",
	} {
		if !strings.Contains(body, s) {
			t.Errorf("the pull request body lacks %q:\n%s", s, body)
		}
	}
	if len(body) > 65536 {
		t.Errorf("body of %d characters, over GitHub's limit", len(body))
	}
}

// checkGeneratedDiff checks what a reviewer of generated/ sees: a diff of a
// few lines per change, no line longer than a screen, every constant of
// the base with the same value, and the removed and renamed names
// deprecated.
func checkGeneratedDiff(t *testing.T, repoDir, base, head string, u *update) {
	t.Helper()
	stat := git(t, repoDir, "diff", "--numstat", base, head, "--", "generated/")
	total := 0
	for _, l := range strings.Split(stat, "\n") {
		var add, del int
		var path string
		if _, err := fmt.Sscanf(l, "%d %d %s", &add, &del, &path); err == nil {
			total += add + del
		}
	}
	// Each name added or removed touches a handful of lines (constant and
	// doc, table row, rule-order row); each generated file's provenance
	// header a few more.
	changes := len(u.Added) + 1 /* removed */ + 2 /* renamed: one in, one out */ + 1 /* symbol */
	if limit := 12*changes + 40; total == 0 || total > limit {
		t.Errorf("generated/ diff: %d lines changed, want at most %d for %d changes:\n%s", total, limit, changes, stat)
	}
	diff := git(t, repoDir, "diff", base, head, "--", "generated/")
	for _, l := range strings.Split(diff, "\n") {
		if (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && len(l) > 201 && !strings.HasPrefix(l[1:], "//") {
			t.Errorf("generated/ diff line of %d characters: %.120s…", len(l), l)
		}
	}
	t.Logf("generated/ diff: %d lines\n%s", total, stat)
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
	if !regexp.MustCompile(`Deprecated: removed from the rules in ` + u.Effective + ` \(205\.3m\)\.\n\t` + "Creature" + identOf(u.Removed) + ` Creature = \d+`).MatchString(src) {
		t.Errorf("Creature%s is not deprecated as removed in %s", identOf(u.Removed), u.Effective)
	}
	src = git(t, repoDir, "show", head+":generated/cardtype/tables.go")
	if !strings.Contains(src, "Deprecated: removed from the rules in "+u.Effective+" (205.2a); replaced by Paragon") {
		t.Errorf("Vanguard is not deprecated as replaced by Paragon")
	}
}

func identOf(name string) string {
	return strings.NewReplacer("’", "", "'", "", " ", "", "-", "").Replace(name)
}

type constant struct {
	value      string
	deprecated bool
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
