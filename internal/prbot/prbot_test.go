package prbot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/prbot/prbottest"
	"github.com/mtgrules/crgen/internal/retry/retrytest"
)

type harness struct {
	fake  *prbottest.Fake
	git   *prbottest.Mem
	bot   *Bot
	log   bytes.Buffer
	clock *retrytest.Clock
}

func newHarness(t *testing.T) *harness {
	h := &harness{git: prbottest.NewMem(map[string]string{"snapshots/current/en.json": "old"}), clock: retrytest.At(time.Unix(1_800_000_000, 0))}
	h.fake = prbottest.New(t, "mtgrules", "crgen", h.git)
	env := Env{Token: h.fake.Token, Repository: "mtgrules/crgen", APIURL: h.fake.APIURL()}
	bot, err := New(env, "github-actions[bot]", &h.log, Options{
		Clock: h.clock,
		Rand:  func() float64 { return 1 }, // no jitter: waits are exact
	})
	if err != nil {
		t.Fatal(err)
	}
	h.bot = bot
	return h
}

func refreshOpts(content string) RefreshOptions {
	return RefreshOptions{
		Base: "main", Branch: "crgen/refresh", Title: "Comprehensive Rules update", Label: "rules-update",
		Body:  "## diff\n" + content,
		Files: []File{{Path: "snapshots/current/en.json", Content: []byte(content)}, {Path: "generated/old.go", Delete: true}},
	}
}

func (h *harness) run(t *testing.T, content string) *Result {
	t.Helper()
	res, err := h.bot.Refresh(context.Background(), refreshOpts(content))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.bot.Comment(context.Background(), res.PR, "diff: "+content); err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFirstRunThenIdenticalThenChanged(t *testing.T) {
	h := newHarness(t)
	res := h.run(t, "v1")
	want := []string{
		"POST /api/v3/repos/mtgrules/crgen/git/trees",
		"POST /api/v3/repos/mtgrules/crgen/git/commits",
		"POST /api/v3/repos/mtgrules/crgen/git/refs",
		"POST /api/v3/repos/mtgrules/crgen/pulls",
		"POST /api/v3/repos/mtgrules/crgen/issues/1/labels",
		"POST /api/v3/repos/mtgrules/crgen/issues/1/comments",
	}
	if got := h.fake.Writes(); !slices.Equal(got, want) {
		t.Errorf("first run wrote:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	f, g := h.fake, h.git
	if res.PR != 1 || len(f.PRs()) != 1 || f.PRs()[0].Labels[0] != "rules-update" || len(f.Comments) != 1 {
		t.Fatalf("state: %+v %+v", f.PRs(), f.Comments)
	}
	head := g.Commits[g.Refs["refs/heads/crgen/refresh"]]
	files := g.Files("refs/heads/crgen/refresh")
	if !slices.Equal(head.Parents, []string{"base1"}) || head.Tree == "" || files["snapshots/current/en.json"] != "v1" || files["generated/old.go"] != "<deleted>" {
		t.Errorf("branch commit %+v, files %v", head, files)
	}
	if !strings.HasSuffix(f.Comments[0].Body, Marker) {
		t.Errorf("comment lacks the marker at its end: %q", f.Comments[0].Body)
	}

	h.fake.ResetLog()
	h.run(t, "v1")
	if w := h.fake.Writes(); len(w) != 0 {
		t.Errorf("identical second run wrote %v", w)
	}

	h.fake.ResetLog()
	h.run(t, "v2")
	want = []string{
		"POST /api/v3/repos/mtgrules/crgen/git/trees",
		"POST /api/v3/repos/mtgrules/crgen/git/commits",
		"PATCH /api/v3/repos/mtgrules/crgen/git/refs/heads/crgen/refresh",
		"PATCH /api/v3/repos/mtgrules/crgen/pulls/1",
		fmt.Sprintf("PATCH /api/v3/repos/mtgrules/crgen/issues/comments/%d", f.Comments[0].ID),
	}
	if got := h.fake.Writes(); !slices.Equal(got, want) {
		t.Errorf("changed run wrote:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(f.PRs()) != 1 || !strings.Contains(f.PRs()[0].Body, "v2") || len(f.Comments) != 1 || !strings.Contains(f.Comments[0].Body, "v2") {
		t.Errorf("after change: %+v %+v", f.PRs()[0], f.Comments[0])
	}
	// The base moved: the branch is rebuilt on the new head.
	f.Lock()
	g.Refs["refs/heads/main"] = "base2"
	g.Commits["base2"] = prbottest.MemCommit{Tree: "tree-base1", Parents: []string{"base1"}, Message: "other"}
	f.Unlock()
	h.fake.ResetLog()
	h.run(t, "v2")
	if head := g.Commits[g.Refs["refs/heads/crgen/refresh"]]; !slices.Equal(head.Parents, []string{"base2"}) {
		t.Errorf("branch not rebuilt on the new base: %+v", head)
	}
}

func TestChangeDisappearsClosesPR(t *testing.T) {
	h := newHarness(t)
	h.run(t, "v1")
	h.fake.ResetLog()
	opt := refreshOpts("")
	opt.Files = nil
	res, err := h.bot.Refresh(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if h.fake.PRs()[0].State != "closed" || res.PR != 1 {
		t.Errorf("PR state %s", h.fake.PRs()[0].State)
	}
	if w := h.fake.Writes(); !slices.Equal(w, []string{"PATCH /api/v3/repos/mtgrules/crgen/pulls/1"}) {
		t.Errorf("wrote %v", w)
	}
	// Nothing open, nothing changed: nothing written.
	h.fake.ResetLog()
	if _, err := h.bot.Refresh(context.Background(), opt); err != nil || len(h.fake.Writes()) != 0 {
		t.Errorf("%v %v", err, h.fake.Writes())
	}
}

func TestCreateRaceEditsExistingPR(t *testing.T) {
	h := newHarness(t)
	h.fake.Issues = []*prbottest.Issue{{Number: 7, Title: "old", Body: "old", Head: "crgen/refresh", Base: "main", State: "open"}}
	hidden := true
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/pulls") && hidden {
			hidden = false // the first listing misses the PR another run just opened
			writeJSON(w, 200, []any{})
			return true
		}
		return false
	}
	res, err := h.bot.Refresh(context.Background(), refreshOpts("v1"))
	if err != nil {
		t.Fatal(err)
	}
	if res.PR != 7 || len(h.fake.PRs()) != 1 || h.fake.PRs()[0].Title != "Comprehensive Rules update" {
		t.Errorf("res %+v prs %+v", res, h.fake.PRs())
	}
	if !strings.Contains(h.log.String(), "already exists") {
		t.Errorf("log: %s", h.log.String())
	}
}

func TestOthersMarkerCommentLeftAlone(t *testing.T) {
	h := newHarness(t)
	pr := h.fake.AddPR("feature", "feature", "main", "alice")
	h.fake.AddComment(pr.Number, "copied text\n\n"+Marker, "mallory")
	if _, err := h.bot.Comment(context.Background(), pr.Number, "diff"); err != nil {
		t.Fatal(err)
	}
	if c := h.fake.CommentsOn(pr.Number); len(c) != 2 || c[0].Body != "copied text\n\n"+Marker {
		t.Errorf("comments %+v", c)
	}
}

func TestCommentPagination(t *testing.T) {
	h := newHarness(t)
	pr := h.fake.AddPR("feature", "feature", "main", "alice")
	var mine *prbottest.Comment
	for i := 0; i < 150; i++ {
		if i == 130 {
			mine = h.fake.AddComment(pr.Number, "old diff\n\n"+Marker, "github-actions[bot]")
			continue
		}
		h.fake.AddComment(pr.Number, fmt.Sprintf("chatter %d", i), "someone")
	}
	h.fake.ResetLog()
	if _, err := h.bot.Comment(context.Background(), pr.Number, "new diff"); err != nil {
		t.Fatal(err)
	}
	if c := h.fake.CommentsOn(pr.Number); len(c) != 150 || !strings.HasPrefix(mine.Body, "new diff") {
		t.Errorf("%d comments; page-2 comment %q", len(c), mine.Body)
	}
	if w := h.fake.Writes(); !slices.Equal(w, []string{fmt.Sprintf("PATCH /api/v3/repos/mtgrules/crgen/issues/comments/%d", mine.ID)}) {
		t.Errorf("wrote %v", w)
	}
}

func TestRetries(t *testing.T) {
	h := newHarness(t)
	h.fake.AddPR("one", "one", "main", "alice")
	h.fake.AddPR("two", "two", "main", "alice")
	step := 0
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method != "GET" || !strings.HasSuffix(r.URL.Path, "/comments") {
			return false
		}
		step++
		switch step {
		case 1:
			writeJSON(w, 502, map[string]any{"message": "Bad Gateway"})
		case 2:
			w.Header().Set("Retry-After", "3")
			writeJSON(w, 429, map[string]any{"message": "slow down"})
		case 3:
			writeJSON(w, 403, map[string]any{"message": "You have exceeded a secondary rate limit."})
		case 4:
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset", "1800000075") // the clock is at +65s by then
			writeJSON(w, 403, map[string]any{"message": "API rate limit exceeded"})
		default:
			return false
		}
		return true
	}
	if _, err := h.bot.Comment(context.Background(), 1, "diff"); err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{2 * time.Second, 3 * time.Second, time.Minute, 11 * time.Second}; !slices.Equal(h.clock.Waits(), want) {
		t.Errorf("waits %v, want %v", h.clock.Waits(), want)
	}
	// POST bodies survive a retry.
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/comments") && step < 10 {
			step = 10
			writeJSON(w, 503, map[string]any{"message": "unavailable"})
			return true
		}
		return false
	}
	if _, err := h.bot.Comment(context.Background(), 2, "second"); err != nil {
		t.Fatal(err)
	}
	if c := h.fake.Comments[len(h.fake.Comments)-1]; !strings.HasPrefix(c.Body, "second") {
		t.Errorf("retried POST lost its body: %q", c.Body)
	}
}

func TestGivesUpClearly(t *testing.T) {
	h := newHarness(t)
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		writeJSON(w, 500, map[string]any{"message": "boom"})
		return true
	}
	_, err := h.bot.Comment(context.Background(), 1, "diff")
	if err == nil || !strings.Contains(err.Error(), "listing comments of #1") || !strings.Contains(err.Error(), "500") {
		t.Errorf("got %v", err)
	}
	if len(h.clock.Waits()) != 4 {
		t.Errorf("%d retries, want 4", len(h.clock.Waits()))
	}
	// A primary limit resetting in four minutes is waited for: the wait is
	// not cut short by a timeout meant for one request.
	h3 := newHarness(t)
	h3.fake.AddPR("one", "one", "main", "alice")
	n := 0
	h3.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if n++; n > 1 {
			return false
		}
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", "1800000240")
		writeJSON(w, 403, map[string]any{"message": "API rate limit exceeded for installation"})
		return true
	}
	if _, err := h3.bot.Comment(context.Background(), 1, "diff"); err != nil {
		t.Errorf("after a 4-minute primary limit: %v", err)
	}
	if w := h3.clock.Waits(); len(w) != 1 || w[0] != 241*time.Second {
		t.Errorf("waits %v, want [4m1s]", w)
	}
	// A primary limit resetting in an hour is not waited for.
	h2 := newHarness(t)
	h2.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", "1800003600")
		writeJSON(w, 403, map[string]any{"message": "API rate limit exceeded for installation"})
		return true
	}
	_, err = h2.bot.Comment(context.Background(), 1, "diff")
	if err == nil || !strings.Contains(err.Error(), "rate limit") || len(h2.clock.Waits()) != 0 {
		t.Errorf("got %v after waits %v", err, h2.clock.Waits())
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	h := newHarness(t)
	h.bot.DryRun = true
	res, err := h.bot.Refresh(context.Background(), refreshOpts("v1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.bot.Comment(context.Background(), 1, "diff"); err != nil {
		t.Fatal(err)
	}
	if w := h.fake.Writes(); len(w) != 0 {
		t.Errorf("dry run wrote %v", w)
	}
	if !strings.Contains(h.log.String(), "dry run: would create pull request") || len(res.Actions) == 0 {
		t.Errorf("log %q actions %v", h.log.String(), res.Actions)
	}
}

func TestTokenNeverPrinted(t *testing.T) {
	h := newHarness(t)
	h.run(t, "v1")
	h.bot.DryRun = true
	h.run(t, "v2")
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		writeJSON(w, 401, map[string]any{"message": "Bad credentials"})
		return true
	}
	_, err := h.bot.Comment(context.Background(), 1, "x")
	if err == nil {
		t.Fatal("no error on 401")
	}
	for name, out := range map[string]string{"log": h.log.String(), "error": err.Error()} {
		if strings.Contains(out, h.fake.Token) || strings.Contains(out, "SECRET") {
			t.Errorf("%s contains the token: %s", name, out)
		}
	}
}

func TestBodiesCapped(t *testing.T) {
	h := newHarness(t)
	long := strings.Repeat("é", BodyLimit+500)
	opt := refreshOpts("v1")
	opt.Body = long
	if _, err := h.bot.Refresh(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	if _, err := h.bot.Comment(context.Background(), 1, long+Marker); err != nil {
		t.Fatal(err)
	}
	pr, c := h.fake.PRs()[0].Body, h.fake.Comments[0].Body
	for name, b := range map[string]string{"pr": pr, "comment": c} {
		if n := len([]rune(b)); n > BodyLimit || !strings.Contains(b, "Cut to fit") {
			t.Errorf("%s body: %d characters, note %v", name, n, strings.Contains(b, "Cut to fit"))
		}
	}
	if strings.Count(c, Marker) != 1 || !strings.HasSuffix(c, Marker) {
		t.Error("the marker from the input was not neutralised, or the real one is missing")
	}
}

func TestNewRejectsBadEnv(t *testing.T) {
	for _, env := range []Env{{Repository: "a/b"}, {Token: "t", Repository: "nope"}, {Token: "t", Repository: "a/b", APIURL: "ftp://x"}} {
		if _, err := New(env, "bot", nil, Options{}); err == nil {
			t.Errorf("%+v accepted", Env{Repository: env.Repository, APIURL: env.APIURL})
		}
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// A failing refresh keeps one open issue, updated on each failure and
// closed by the next success; another user's issue with the label is not
// the bot's. Enabling the workflow is one PUT.
func TestFailureIssueAndKeepAlive(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	foreign := h.fake.AddPR("x", "x", "main", "alice") // pull requests are listed with issues
	foreign.Labels = []string{FailureLabel}
	if res, err := h.bot.ReportSuccess(ctx, "refresh", "https://run/0"); err != nil || len(res.Actions) != 0 || len(h.fake.Writes()) != 0 {
		t.Fatalf("success with no issue open: %v %v %v", res, err, h.fake.Writes())
	}
	f := Failure{Workflow: "refresh", Step: "scrape", Error: "scrape: refusing to rewrite the recorded release en@2026-02-27", RunURL: "https://run/1"}
	res, err := h.bot.ReportFailure(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	open := h.fake.OpenIssues(FailureLabel)
	if len(open) != 1 || res.PR != open[0].Number || !strings.Contains(open[0].Body, "failed at the step **scrape**") || !strings.Contains(open[0].Body, "refusing to rewrite") {
		t.Fatalf("after a failure: %+v", open)
	}
	f.Step, f.RunURL = "checks", "https://run/2"
	if _, err := h.bot.ReportFailure(ctx, f); err != nil {
		t.Fatal(err)
	}
	if open := h.fake.OpenIssues(FailureLabel); len(open) != 1 || !strings.Contains(open[0].Body, "**checks**") ||
		len(h.fake.CommentsOn(open[0].Number)) != 1 || !strings.Contains(h.fake.CommentsOn(open[0].Number)[0].Body, "https://run/2") {
		t.Errorf("after a second failure: %+v", open)
	}
	n := open[0].Number
	if _, err := h.bot.ReportSuccess(ctx, "refresh", "https://run/3"); err != nil {
		t.Fatal(err)
	}
	if len(h.fake.OpenIssues(FailureLabel)) != 0 || !strings.Contains(h.fake.CommentsOn(n)[1].Body, "succeeded again") || foreign.State != "open" {
		t.Errorf("after a success: open %v, comments %+v", h.fake.OpenIssues(FailureLabel), h.fake.CommentsOn(n))
	}
	h.fake.ResetLog()
	if _, err := h.bot.KeepAlive(ctx, "refresh.yml"); err != nil {
		t.Fatal(err)
	}
	if h.fake.Enabled["refresh.yml"] != 1 || !slices.Equal(h.fake.Writes(), []string{"PUT /api/v3/repos/mtgrules/crgen/actions/workflows/refresh.yml/enable"}) {
		t.Errorf("keep-alive: %v %v", h.fake.Enabled, h.fake.Writes())
	}
	h.bot.DryRun = true
	h.fake.ResetLog()
	if _, err := h.bot.ReportFailure(ctx, f); err != nil {
		t.Fatal(err)
	}
	if _, err := h.bot.KeepAlive(ctx, "refresh.yml"); err != nil || len(h.fake.Writes()) != 0 {
		t.Errorf("dry run wrote %v (%v)", h.fake.Writes(), err)
	}
}

// A file that is not UTF-8 text (a rule book gen lays out) reaches the
// branch byte for byte: a tree's content is a JSON string, so it goes as
// a base64 blob; a text file goes in the tree as before.
func TestBinaryFilesPushedWhole(t *testing.T) {
	h := newHarness(t)
	book := []byte("crbook\x00\x01\xff\xfe\x80 not UTF-8 \xc3")
	opt := refreshOpts("v1")
	opt.Files = append(opt.Files, File{Path: "generated/ruletext/en.book", Content: book})
	if _, err := h.bot.Refresh(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	files := h.git.Files("refs/heads/crgen/refresh")
	if files["generated/ruletext/en.book"] != string(book) || files["snapshots/current/en.json"] != "v1" {
		t.Errorf("pushed %q and %q", files["generated/ruletext/en.book"], files["snapshots/current/en.json"])
	}
	if got := h.fake.Writes(); !slices.Contains(got, "POST /api/v3/repos/mtgrules/crgen/git/blobs") {
		t.Errorf("no blob created for the binary file: %v", got)
	}
}
