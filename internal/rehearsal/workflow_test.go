package rehearsal

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub Actions workflow file the rehearsal
// runs: jobs, their env and their steps.
type workflow struct {
	Name string          `yaml:"name"`
	Jobs map[string]*job `yaml:"jobs"`
}

type job struct {
	If       string            `yaml:"if"`
	Env      map[string]string `yaml:"env"`
	Defaults struct {
		Run struct {
			Shell string `yaml:"shell"`
		} `yaml:"run"`
	} `yaml:"defaults"`
	Steps []step `yaml:"steps"`
}

type step struct {
	Name string            `yaml:"name"`
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	With map[string]string `yaml:"with"`
	Run  string            `yaml:"run"`
	If   string            `yaml:"if"`
	Env  map[string]string `yaml:"env"`
}

// jobResult is how a job ended: the first step that failed, if any, and
// what each run step printed.
type jobResult struct {
	Failed     bool
	FailedStep string // its name
	Output     map[string]string
	Ran        []string // the steps run, by name (an unnamed one by its action), in order
}

func loadWorkflow(t *testing.T, path string) *workflow {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var wf workflow
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &wf
}

// actionsStandIn are the actions whose work the rehearsal does itself: the
// temporary clone is the checkout, the Go running the test is set up, and
// the corpus is where fetch-corpus looks first; an artifact is kept
// nowhere; actions/cache/restore and
// save keep their paths in the directory ctx names as actionsCache, as
// Actions' cache would between runs. Any other action is a step the
// rehearsal cannot run, so it fails rather than skip it silently.
var actionsStandIn = []string{"actions/checkout", "actions/setup-go", "actions/cache", "actions/cache/restore", "actions/cache/save", "actions/upload-artifact"}

// actionsCache is the key of ctx naming the directory that stands in for
// Actions' cache: one subdirectory per key, in the order saved.
const actionsCache = "_actions_cache"

// standInRuns is the key of ctx naming the run scripts the rehearsal does
// not run, each stood in for with its reason: a map from a command the
// script runs (".github/fetch-corpus") to why (no corpus to fetch here,
// and no network).
const standInRuns = "_stand_in_runs"

// runJob runs the steps of one job as Actions would: each run script
// with the job's default shell (bash -eo pipefail unless the job sets
// one) in dir, with the job's and step's env, after evaluating their ${{
// }} expressions in ctx; a step runs when its if holds (success() by
// default), with job.status, steps.<id>.outcome and steps.<id>.outputs
// (from $GITHUB_OUTPUT) as a run would have them. It fails the test when the job fails.
func runJob(t *testing.T, wf *workflow, name, dir string, ctx map[string]any, env []string) *jobResult {
	t.Helper()
	res := tryJob(t, wf, name, dir, ctx, env)
	if res.Failed {
		t.Fatalf("%s/%s failed at step %q:\n%s", wf.Name, name, res.FailedStep, indent(tail(res.Output[res.FailedStep], 200)))
	}
	return res
}

// tryJob is runJob for a job that may fail: its result says how it ended.
func tryJob(t *testing.T, wf *workflow, name, dir string, ctx map[string]any, env []string) *jobResult {
	t.Helper()
	j, ok := wf.Jobs[name]
	if !ok {
		t.Fatalf("workflow %s has no job %s", wf.Name, name)
	}
	if j.If != "" {
		if ok, err := truthy(evalExpr(j.If, ctx)); err != nil || !ok {
			t.Fatalf("%s/%s: its condition %q is false or fails (%v) in the rehearsal's context", wf.Name, name, j.If, err)
		}
	}
	jobEnv := slices.Clone(env)
	for k, v := range j.Env {
		jobEnv = append(jobEnv, k+"="+render(t, v, ctx))
	}
	res := &jobResult{Output: map[string]string{}}
	steps := map[string]any{}
	ctx["steps"], ctx["job"] = steps, map[string]any{"status": "success"}
	for i, s := range j.Steps {
		label := fmt.Sprintf("%s/%s step %d %q", wf.Name, name, i+1, s.Name)
		// As in Actions: success() unless the condition asks otherwise.
		cond := "success()"
		if statusFuncRE.MatchString(s.If) {
			cond = s.If
		} else if s.If != "" {
			cond = "success() && (" + s.If + ")"
		}
		run, err := truthy(evalExpr(cond, ctx))
		if err != nil {
			t.Fatalf("%s: its condition %q: %v", label, cond, err)
		}
		if !run {
			t.Logf("%s: skipped (%s)", label, cond)
			if s.ID != "" {
				steps[s.ID] = map[string]any{"outcome": "skipped", "conclusion": "skipped", "outputs": stepOutputs{}}
			}
			continue
		}
		if s.Uses != "" {
			action, _, _ := strings.Cut(s.Uses, "@")
			if !slices.Contains(actionsStandIn, action) {
				t.Fatalf("%s uses %s, which the rehearsal does not stand in for", label, s.Uses)
			}
			t.Logf("%s: %s (stood in for)", label, action)
			res.Ran = append(res.Ran, cmp.Or(s.Name, action))
			if err := standIn(t, action, s, ctx); err != nil {
				t.Fatalf("%s: %v", label, err)
			}
			continue
		}
		res.Ran = append(res.Ran, s.Name)
		if reason := standingIn(s, ctx); reason != "" {
			t.Logf("%s: stood in for: %s", label, reason)
			if s.ID != "" {
				steps[s.ID] = map[string]any{"outcome": "success", "conclusion": "success", "outputs": stepOutputs{}}
			}
			continue
		}
		outputs := filepath.Join(t.TempDir(), "output")
		out, err := runStep(t, j, s, i, dir, ctx, append(slices.Clone(jobEnv), "GITHUB_OUTPUT="+outputs))
		res.Output[s.Name] = out
		t.Logf("%s:\n%s", label, indent(tail(out, 40)))
		outcome := "success"
		if err != nil {
			outcome = "failure"
			t.Logf("%s failed: %v", label, err)
			if !res.Failed {
				res.Failed, res.FailedStep = true, s.Name
				ctx["job"] = map[string]any{"status": "failure"}
			}
		}
		if s.ID != "" {
			steps[s.ID] = map[string]any{"outcome": outcome, "conclusion": outcome, "outputs": readOutputs(t, outputs)}
		}
	}
	return res
}

// standingIn is why the rehearsal stands in for run step s, or "" when
// it runs it.
func standingIn(s step, ctx map[string]any) string {
	runs, _ := ctx[standInRuns].(map[string]string)
	for cmd, reason := range runs {
		if strings.Contains(s.Run, cmd) {
			return reason
		}
	}
	return ""
}

var statusFuncRE = regexp.MustCompile(`\b(success|failure|always|cancelled)\(\)`)

// standIn does what actions/cache/restore and save do, with the
// directory ctx[actionsCache] as the cache; the other actions stood in
// for need nothing done.
func standIn(t *testing.T, action string, s step, ctx map[string]any) error {
	t.Helper()
	if action != "actions/cache/restore" && action != "actions/cache/save" {
		return nil
	}
	cache, ok := ctx[actionsCache].(string)
	if !ok {
		return fmt.Errorf("%s: the rehearsal gave this job no cache", action)
	}
	path, key := render(t, s.With["path"], ctx), render(t, s.With["key"], ctx)
	if path == "" || key == "" {
		return fmt.Errorf("%s without path or key", action)
	}
	if action == "actions/cache/save" {
		if _, err := os.Stat(filepath.Join(cache, key)); err == nil {
			t.Logf("cache key %s exists: not saved again (as Actions)", key)
			return nil
		}
		if err := os.MkdirAll(cache, 0o755); err != nil {
			return err
		}
		return os.CopyFS(filepath.Join(cache, key), os.DirFS(path))
	}
	// An exact key, else the newest entry whose key begins with a
	// restore key.
	entries, _ := os.ReadDir(cache)
	var hit string
	for _, e := range entries {
		if e.Name() == key {
			hit = e.Name()
			break
		}
	}
	for _, prefix := range strings.Fields(render(t, s.With["restore-keys"], ctx)) {
		if hit == "" {
			hit = newestEntry(cache, prefix, entries)
		}
	}
	if hit == "" {
		t.Logf("cache: no entry for %s", key)
		return nil
	}
	t.Logf("cache: restored %s", hit)
	return os.CopyFS(path, os.DirFS(filepath.Join(cache, hit)))
}

// newestEntry is the entry of the cache directory saved last among those
// whose key begins with prefix.
func newestEntry(cache, prefix string, entries []os.DirEntry) string {
	var best string
	var bestTime time.Time
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		// Saved at the same instant: the later run's key.
		if fi, err := os.Stat(filepath.Join(cache, e.Name())); err == nil && (fi.ModTime().After(bestTime) || fi.ModTime().Equal(bestTime) && e.Name() > best) {
			best, bestTime = e.Name(), fi.ModTime()
		}
	}
	return best
}

// stepOutputs are a step's outputs: one it did not write is "", as in
// Actions, where any other missing context is an error here.
type stepOutputs map[string]any

// readOutputs reads what a step wrote to $GITHUB_OUTPUT: name=value
// lines (the workflows write no multi-line values).
func readOutputs(t *testing.T, path string) stepOutputs {
	t.Helper()
	out := stepOutputs{}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		k, v, ok := strings.Cut(l, "=")
		if !ok || strings.Contains(k, "<<") {
			t.Fatalf("%s: line %q is not name=value", path, l)
		}
		out[k] = v
	}
	return out
}

// runStep runs one run step: its script in a file, given to the job's
// shell as GitHub does ({0} is the file), with GITHUB_ACTION its id.
func runStep(t *testing.T, j *job, s step, i int, dir string, ctx map[string]any, jobEnv []string) (string, error) {
	t.Helper()
	stepEnv := slices.Clone(jobEnv)
	for k, v := range s.Env {
		stepEnv = append(stepEnv, k+"="+render(t, v, ctx))
	}
	id := s.ID
	if id == "" {
		id = fmt.Sprintf("__run_%d", i+1)
	}
	stepEnv = append(stepEnv, "GITHUB_ACTION="+id)
	script := filepath.Join(t.TempDir(), "step.sh")
	if err := os.WriteFile(script, []byte(render(t, s.Run, ctx)), 0o644); err != nil {
		t.Fatal(err)
	}
	shell := j.Defaults.Run.Shell
	if shell == "" {
		shell = "bash --noprofile --norc -eo pipefail {0}"
	}
	args := strings.Fields(strings.ReplaceAll(shell, "{0}", script))
	start := time.Now()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = stepEnv
	out, err := cmd.CombinedOutput()
	return fmt.Sprintf("(%s)\n%s", time.Since(start).Round(time.Millisecond), out), err
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("[... %d lines]", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

var exprRE = regexp.MustCompile(`\$\{\{(.*?)\}\}`)

// render replaces every ${{ expr }} in s with its value.
func render(t *testing.T, s string, ctx map[string]any) string {
	t.Helper()
	var failed error
	out := exprRE.ReplaceAllStringFunc(s, func(m string) string {
		v, err := evalExpr(exprRE.FindStringSubmatch(m)[1], ctx)
		if err != nil && failed == nil {
			failed = err
		}
		return str(v)
	})
	if failed != nil {
		t.Fatalf("evaluating %q: %v", s, failed)
	}
	return out
}

// evalExpr evaluates the part of the Actions expression language the
// workflows use: context paths (github.repository), string literals,
// ==, !=, !, && and || with Actions' truthiness, and parentheses. Anything
// else is an error: a workflow change the rehearsal does not understand
// must not pass unnoticed.
func evalExpr(src string, ctx map[string]any) (any, error) {
	p := &exprParser{toks: tokenize(src), ctx: ctx}
	v, err := p.or()
	if err == nil && p.i < len(p.toks) {
		err = fmt.Errorf("unexpected %q", p.toks[p.i])
	}
	return v, err
}

var tokRE = regexp.MustCompile(`\s*('(?:[^']|'')*'|\|\||&&|==|!=|!|\(|\)|[A-Za-z_][A-Za-z0-9_.\-]*)`)

func tokenize(s string) []string {
	var out []string
	for _, m := range tokRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	if strings.TrimSpace(tokRE.ReplaceAllString(s, "")) != "" {
		out = append(out, "<unreadable: "+s+">")
	}
	return out
}

type exprParser struct {
	toks []string
	i    int
	ctx  map[string]any
}

func (p *exprParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *exprParser) or() (any, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.i++
		var r any
		if r, err = p.and(); err == nil {
			if ok, _ := truthy(v, nil); !ok {
				v = r
			}
		}
	}
	return v, err
}

func (p *exprParser) and() (any, error) {
	v, err := p.cmp()
	for err == nil && p.peek() == "&&" {
		p.i++
		var r any
		if r, err = p.cmp(); err == nil {
			if ok, _ := truthy(v, nil); ok {
				v = r
			}
		}
	}
	return v, err
}

func (p *exprParser) cmp() (any, error) {
	v, err := p.unary()
	if err != nil {
		return nil, err
	}
	if op := p.peek(); op == "==" || op == "!=" {
		p.i++
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		eq := strings.EqualFold(str(v), str(r)) // Actions compares strings case-insensitively
		return eq == (op == "=="), nil
	}
	return v, nil
}

func (p *exprParser) unary() (any, error) {
	switch tok := p.peek(); {
	case tok == "!":
		p.i++
		v, err := p.unary()
		ok, _ := truthy(v, nil)
		return !ok, err
	case tok == "(":
		p.i++
		v, err := p.or()
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, fmt.Errorf("missing )")
		}
		p.i++
		return v, err
	case strings.HasPrefix(tok, "'"):
		p.i++
		return strings.ReplaceAll(tok[1:len(tok)-1], "''", "'"), nil
	case tok == "true" || tok == "false":
		p.i++
		return tok == "true", nil
	case slices.Contains([]string{"always", "success", "failure", "cancelled"}, tok) && p.i+2 < len(p.toks) && p.toks[p.i+1] == "(" && p.toks[p.i+2] == ")":
		p.i += 3
		status := ""
		if j, ok := p.ctx["job"].(map[string]any); ok {
			status, _ = j["status"].(string)
		}
		switch tok {
		case "always":
			return true, nil
		case "success":
			return status == "success", nil
		case "failure":
			return status == "failure", nil
		}
		return false, nil // the rehearsal never cancels
	case tok != "" && (tok[0] == '_' || tok[0] >= 'A'):
		p.i++
		var v any = p.ctx
		for _, part := range strings.Split(tok, ".") {
			if outs, ok := v.(stepOutputs); ok {
				v = outs[part]
				if v == nil {
					v = ""
				}
				continue
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: not a context the rehearsal provides", tok)
			}
			if v, ok = m[part]; !ok {
				return nil, fmt.Errorf("%s: not a context the rehearsal provides; teach it", tok)
			}
		}
		return v, nil
	}
	return nil, fmt.Errorf("unexpected %q", p.peek())
}

// truthy is Actions' truthiness: false, "", 0 and null are false.
func truthy(v any, err error) (bool, error) {
	switch x := v.(type) {
	case nil:
		return false, err
	case bool:
		return x, err
	case string:
		return x != "", err
	case int:
		return x != 0, err
	}
	return true, err
}

func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	}
	return fmt.Sprint(v)
}

func TestExpressions(t *testing.T) {
	ctx := map[string]any{
		"secrets": map[string]any{"GITHUB_TOKEN": "tok", "CRGEN_BOT_TOKEN": ""},
		"inputs":  map[string]any{"dry_run": false},
		"github":  map[string]any{"repository": "mtgrules/crgen"},
		"job":     map[string]any{"status": "failure"},
		"steps":   map[string]any{"previous": map[string]any{"outputs": stepOutputs{"release": "true"}}},
	}
	for expr, want := range map[string]string{
		"secrets.CRGEN_BOT_TOKEN || secrets.GITHUB_TOKEN": "tok",
		"inputs.dry_run && '-dry-run' || ''":              "",
		"!inputs.dry_run && '-x' || ''":                   "-x",
		"github.repository == 'MTGRULES/crgen'":           "true",
		"(github.repository != 'a/b') && 'it''s'":         "it's",
		"always()":                     "true",
		"success()":                    "false",
		"failure() && !inputs.dry_run": "true",
		"job.status == 'failure'":      "true",
		"steps.previous.outputs.release == 'true' && steps.previous.outputs.previous == ''": "true",
	} {
		v, err := evalExpr(expr, ctx)
		if err != nil || str(v) != want {
			t.Errorf("%s = %q, %v; want %q", expr, str(v), err, want)
		}
	}
	for _, bad := range []string{"secrets.OTHER", "toJSON(github)", "github.repository ==", "'a' 'b'"} {
		if _, err := evalExpr(bad, ctx); err == nil {
			t.Errorf("%s evaluated", bad)
		}
	}
}
