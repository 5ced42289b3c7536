package prbot

import (
	"bytes"

	"context"
	"fmt"
	"github.com/mtgrules/crgen/internal/retry/retrytest"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

type harness struct {
	fake  *fakeGitHub
	bot   *Bot
	log   bytes.Buffer
	clock *retrytest.Clock
}

func newHarness(t *testing.T) *harness {
	h := &harness{fake: newFake(t), clock: retrytest.At(time.Unix(1_800_000_000, 0))}
	bot, err := New(h.fake.env(), "github-actions[bot]", &h.log, Options{
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
	if got := h.fake.writes(); !slices.Equal(got, want) {
		t.Errorf("first run wrote:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	f := h.fake
	if res.PR != 1 || len(f.prs) != 1 || f.prs[0].Labels[0] != "rules-update" || len(f.comments) != 1 {
		t.Fatalf("state: %+v %+v", f.prs, f.comments)
	}
	head := f.commits[f.refs["heads/crgen/refresh"]]
	if !slices.Equal(head.Parents, []string{"base1"}) || head.Tree == "" || head.Files["snapshots/current/en.json"] != "v1" || head.Files["generated/old.go"] != "<deleted>" {
		t.Errorf("branch commit %+v", head)
	}
	if !strings.HasSuffix(f.comments[0].Body, Marker) {
		t.Errorf("comment lacks the marker at its end: %q", f.comments[0].Body)
	}

	h.fake.resetLog()
	h.run(t, "v1")
	if w := h.fake.writes(); len(w) != 0 {
		t.Errorf("identical second run wrote %v", w)
	}

	h.fake.resetLog()
	h.run(t, "v2")
	want = []string{
		"POST /api/v3/repos/mtgrules/crgen/git/trees",
		"POST /api/v3/repos/mtgrules/crgen/git/commits",
		"PATCH /api/v3/repos/mtgrules/crgen/git/refs/heads/crgen/refresh",
		"PATCH /api/v3/repos/mtgrules/crgen/pulls/1",
		fmt.Sprintf("PATCH /api/v3/repos/mtgrules/crgen/issues/comments/%d", f.comments[0].ID),
	}
	if got := h.fake.writes(); !slices.Equal(got, want) {
		t.Errorf("changed run wrote:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(f.prs) != 1 || !strings.Contains(f.prs[0].Body, "v2") || len(f.comments) != 1 || !strings.Contains(f.comments[0].Body, "v2") {
		t.Errorf("after change: %+v %+v", f.prs[0], f.comments[0])
	}
	// The base moved: the branch is rebuilt on the new head.
	f.refs["heads/main"] = "base2"
	f.commits["base2"] = fakeCommit{Tree: "tree-base2", Parents: []string{"base1"}, Message: "other"}
	h.fake.resetLog()
	h.run(t, "v2")
	if head := f.commits[f.refs["heads/crgen/refresh"]]; !slices.Equal(head.Parents, []string{"base2"}) {
		t.Errorf("branch not rebuilt on the new base: %+v", head)
	}
}

func TestChangeDisappearsClosesPR(t *testing.T) {
	h := newHarness(t)
	h.run(t, "v1")
	h.fake.resetLog()
	opt := refreshOpts("")
	opt.Files = nil
	res, err := h.bot.Refresh(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if h.fake.prs[0].State != "closed" || res.PR != 1 {
		t.Errorf("PR state %s", h.fake.prs[0].State)
	}
	if w := h.fake.writes(); !slices.Equal(w, []string{"PATCH /api/v3/repos/mtgrules/crgen/pulls/1"}) {
		t.Errorf("wrote %v", w)
	}
	// Nothing open, nothing changed: nothing written.
	h.fake.resetLog()
	if _, err := h.bot.Refresh(context.Background(), opt); err != nil || len(h.fake.writes()) != 0 {
		t.Errorf("%v %v", err, h.fake.writes())
	}
}

func TestCreateRaceEditsExistingPR(t *testing.T) {
	h := newHarness(t)
	h.fake.prs = []*fakePR{{Number: 7, Title: "old", Body: "old", Head: "crgen/refresh", Base: "main", State: "open"}}
	hidden := true
	h.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
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
	if res.PR != 7 || len(h.fake.prs) != 1 || h.fake.prs[0].Title != "Comprehensive Rules update" {
		t.Errorf("res %+v prs %+v", res, h.fake.prs)
	}
	if !strings.Contains(h.log.String(), "already exists") {
		t.Errorf("log: %s", h.log.String())
	}
}

func TestOthersMarkerCommentLeftAlone(t *testing.T) {
	h := newHarness(t)
	h.fake.prs = []*fakePR{{Number: 3, Head: "feature", Base: "main", State: "open"}}
	h.fake.comments = []*fakeComment{{ID: 5, Body: "copied text\n\n" + Marker, Login: "mallory"}}
	if _, err := h.bot.Comment(context.Background(), 3, "diff"); err != nil {
		t.Fatal(err)
	}
	if len(h.fake.comments) != 2 || h.fake.comments[0].Body != "copied text\n\n"+Marker {
		t.Errorf("comments %+v", h.fake.comments)
	}
}

func TestCommentPagination(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < 150; i++ {
		h.fake.comments = append(h.fake.comments, &fakeComment{ID: int64(1000 + i), Body: fmt.Sprintf("chatter %d", i), Login: "someone"})
	}
	h.fake.comments[130] = &fakeComment{ID: 2000, Body: "old diff\n\n" + Marker, Login: "github-actions[bot]"}
	if _, err := h.bot.Comment(context.Background(), 3, "new diff"); err != nil {
		t.Fatal(err)
	}
	if len(h.fake.comments) != 150 || !strings.HasPrefix(h.fake.comments[130].Body, "new diff") {
		t.Errorf("%d comments; page-2 comment %q", len(h.fake.comments), h.fake.comments[130].Body)
	}
	if w := h.fake.writes(); !slices.Equal(w, []string{"PATCH /api/v3/repos/mtgrules/crgen/issues/comments/2000"}) {
		t.Errorf("wrote %v", w)
	}
}

func TestRetries(t *testing.T) {
	h := newHarness(t)
	step := 0
	h.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
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
	h.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
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
	if c := h.fake.comments[len(h.fake.comments)-1]; !strings.HasPrefix(c.Body, "second") {
		t.Errorf("retried POST lost its body: %q", c.Body)
	}
}

func TestGivesUpClearly(t *testing.T) {
	h := newHarness(t)
	h.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
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
	n := 0
	h3.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
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
	h2.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
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
	if w := h.fake.writes(); len(w) != 0 {
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
	h.fake.inject = func(w http.ResponseWriter, r *http.Request) bool {
		writeJSON(w, 401, map[string]any{"message": "Bad credentials"})
		return true
	}
	_, err := h.bot.Comment(context.Background(), 1, "x")
	if err == nil {
		t.Fatal("no error on 401")
	}
	for name, out := range map[string]string{"log": h.log.String(), "error": err.Error()} {
		if strings.Contains(out, h.fake.token) || strings.Contains(out, "SECRET") {
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
	pr, c := h.fake.prs[0].Body, h.fake.comments[0].Body
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
