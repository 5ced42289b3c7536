package prbot

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fakeGitHub is an in-memory GitHub REST API for the endpoints the bot
// uses, served under a non-empty base path. Any other request fails the
// test loudly, so an absolute-URL or wrong-endpoint bug cannot hide.
type fakeGitHub struct {
	t        *testing.T
	mu       sync.Mutex
	srv      *httptest.Server
	token    string
	refs     map[string]string // "heads/main" → sha
	commits  map[string]fakeCommit
	prs      []*fakePR
	comments []*fakeComment
	nextID   int
	requests []string // "METHOD path"
	// inject, if set, may answer a request instead of the fake.
	inject func(w http.ResponseWriter, r *http.Request) bool
}

type fakeCommit struct {
	Tree    string
	Parents []string
	Message string
	Files   map[string]string
}

type fakePR struct {
	Number      int
	Title, Body string
	Head, Base  string
	State       string
	Labels      []string
}

type fakeComment struct {
	ID    int64
	Body  string
	Login string
}

const basePath = "/api/v3/"

func newFake(t *testing.T) *fakeGitHub {
	f := &fakeGitHub{t: t, token: "ghs_SECRETtoken123", refs: map[string]string{"heads/main": "base1"}, commits: map[string]fakeCommit{
		"base1": {Tree: "tree-base1", Message: "base", Files: map[string]string{"snapshots/current/en.json": "old"}},
	}, nextID: 100}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeGitHub) env() Env {
	return Env{Token: f.token, Repository: "mtgrules/crgen", APIURL: f.srv.URL + basePath}
}

func (f *fakeGitHub) writes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var w []string
	for _, r := range f.requests {
		if !strings.HasPrefix(r, "GET ") {
			w = append(w, r)
		}
	}
	return w
}

func (f *fakeGitHub) resetLog() {
	f.mu.Lock()
	f.requests = nil
	f.mu.Unlock()
}

var (
	reRef      = regexp.MustCompile(`^repos/mtgrules/crgen/git/refs?/(.+)$`)
	reCommit   = regexp.MustCompile(`^repos/mtgrules/crgen/git/commits/([^/]+)$`)
	rePR       = regexp.MustCompile(`^repos/mtgrules/crgen/pulls/(\d+)$`)
	reLabels   = regexp.MustCompile(`^repos/mtgrules/crgen/issues/(\d+)/labels$`)
	reComments = regexp.MustCompile(`^repos/mtgrules/crgen/issues/(\d+)/comments$`)
	reComment  = regexp.MustCompile(`^repos/mtgrules/crgen/issues/comments/(\d+)$`)
)

func (f *fakeGitHub) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.Method+" "+r.URL.Path)
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		f.t.Errorf("%s %s: Authorization header %q", r.Method, r.URL.Path, r.Header.Get("Authorization"))
	}
	if f.inject != nil && f.inject(w, r) {
		return
	}
	p, ok := strings.CutPrefix(r.URL.Path, basePath)
	if !ok {
		f.fail(w, r)
		return
	}
	var raw any
	if r.Body != nil {
		_ = json.NewDecoder(r.Body).Decode(&raw) // an empty body decodes to nothing
	}
	body, _ := raw.(map[string]any)
	switch {
	case r.Method == "GET" && reRef.MatchString(p) && strings.Contains(p, "/git/ref/"):
		name := reRef.FindStringSubmatch(p)[1]
		sha, ok := f.refs[name]
		if !ok {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return
		}
		writeJSON(w, 200, map[string]any{"ref": "refs/" + name, "object": map[string]any{"sha": sha, "type": "commit"}})
	case r.Method == "POST" && p == "repos/mtgrules/crgen/git/refs":
		name := strings.TrimPrefix(body["ref"].(string), "refs/")
		if _, exists := f.refs[name]; exists {
			writeJSON(w, 422, map[string]any{"message": "Reference already exists"})
			return
		}
		f.refs[name] = body["sha"].(string)
		writeJSON(w, 201, map[string]any{"ref": "refs/" + name, "object": map[string]any{"sha": body["sha"]}})
	case r.Method == "PATCH" && reRef.MatchString(p):
		name := reRef.FindStringSubmatch(p)[1]
		if body["force"] != true {
			f.t.Errorf("branch update without force")
		}
		f.refs[name] = body["sha"].(string)
		writeJSON(w, 200, map[string]any{"ref": "refs/" + name, "object": map[string]any{"sha": body["sha"]}})
	case r.Method == "GET" && reCommit.MatchString(p):
		sha := reCommit.FindStringSubmatch(p)[1]
		c, ok := f.commits[sha]
		if !ok {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return
		}
		var parents []map[string]any
		for _, ps := range c.Parents {
			parents = append(parents, map[string]any{"sha": ps})
		}
		writeJSON(w, 200, map[string]any{"sha": sha, "message": c.Message, "tree": map[string]any{"sha": c.Tree}, "parents": parents})
	case r.Method == "POST" && p == "repos/mtgrules/crgen/git/trees":
		id := f.id("tree")
		files := map[string]string{}
		for _, e := range body["tree"].([]any) {
			m := e.(map[string]any)
			if c, ok := m["content"]; ok {
				files[m["path"].(string)] = c.(string)
			} else if sha, present := m["sha"]; present && sha == nil {
				files[m["path"].(string)] = "<deleted>"
			}
		}
		f.commits["pending-"+id] = fakeCommit{Files: files, Tree: body["base_tree"].(string)}
		writeJSON(w, 201, map[string]any{"sha": id})
	case r.Method == "POST" && p == "repos/mtgrules/crgen/git/commits":
		id := f.id("commit")
		tree := body["tree"].(string)
		var parents []string
		for _, ps := range body["parents"].([]any) {
			parents = append(parents, ps.(string))
		}
		f.commits[id] = fakeCommit{Tree: tree, Parents: parents, Message: body["message"].(string), Files: f.commits["pending-"+tree].Files}
		writeJSON(w, 201, map[string]any{"sha": id, "tree": map[string]any{"sha": tree}})
	case r.Method == "GET" && p == "repos/mtgrules/crgen/pulls":
		q := r.URL.Query()
		var out []map[string]any
		for _, pr := range f.prs {
			if pr.State == q.Get("state") && "mtgrules:"+pr.Head == q.Get("head") && pr.Base == q.Get("base") {
				out = append(out, pr.json(f.srv.URL))
			}
		}
		writeJSON(w, 200, out)
	case r.Method == "POST" && p == "repos/mtgrules/crgen/pulls":
		for _, pr := range f.prs {
			if pr.State == "open" && pr.Head == body["head"] {
				writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"resource": "PullRequest", "code": "custom", "message": "A pull request already exists for mtgrules:" + pr.Head + "."}}})
				return
			}
		}
		pr := &fakePR{Number: len(f.prs) + 1, Title: body["title"].(string), Body: body["body"].(string), Head: body["head"].(string), Base: body["base"].(string), State: "open"}
		f.prs = append(f.prs, pr)
		writeJSON(w, 201, pr.json(f.srv.URL))
	case r.Method == "PATCH" && rePR.MatchString(p):
		n, _ := strconv.Atoi(rePR.FindStringSubmatch(p)[1])
		pr := f.pr(n)
		if pr == nil {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return
		}
		if v, ok := body["title"].(string); ok {
			pr.Title = v
		}
		if v, ok := body["body"].(string); ok {
			pr.Body = v
		}
		if v, ok := body["state"].(string); ok {
			pr.State = v
		}
		writeJSON(w, 200, pr.json(f.srv.URL))
	case r.Method == "POST" && reLabels.MatchString(p):
		n, _ := strconv.Atoi(reLabels.FindStringSubmatch(p)[1])
		pr := f.pr(n)
		labels, ok := raw.([]any) // go-github sends a bare array
		if !ok || pr == nil {
			writeJSON(w, 422, map[string]any{"message": "bad labels request"})
			return
		}
		for _, l := range labels {
			pr.Labels = append(pr.Labels, l.(string))
		}
		writeJSON(w, 200, []any{})
	case r.Method == "GET" && reComments.MatchString(p):
		perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		if perPage == 0 {
			perPage = 30
		}
		if page == 0 {
			page = 1
		}
		var out []map[string]any
		for i := (page - 1) * perPage; i < len(f.comments) && i < page*perPage; i++ {
			c := f.comments[i]
			out = append(out, map[string]any{"id": c.ID, "body": c.Body, "user": map[string]any{"login": c.Login}, "html_url": fmt.Sprintf("%s/c/%d", f.srv.URL, c.ID)})
		}
		if page*perPage < len(f.comments) {
			w.Header().Set("Link", fmt.Sprintf(`<%s%s%s?per_page=%d&page=%d>; rel="next"`, f.srv.URL, basePath, p, perPage, page+1))
		}
		writeJSON(w, 200, out)
	case r.Method == "POST" && reComments.MatchString(p):
		f.nextID++
		c := &fakeComment{ID: int64(f.nextID), Body: body["body"].(string), Login: "github-actions[bot]"}
		f.comments = append(f.comments, c)
		writeJSON(w, 201, map[string]any{"id": c.ID, "body": c.Body, "user": map[string]any{"login": c.Login}})
	case r.Method == "PATCH" && reComment.MatchString(p):
		id, _ := strconv.ParseInt(reComment.FindStringSubmatch(p)[1], 10, 64)
		for _, c := range f.comments {
			if c.ID == id {
				if c.Login != "github-actions[bot]" {
					f.t.Errorf("edited comment %d of %s", id, c.Login)
				}
				c.Body = body["body"].(string)
				writeJSON(w, 200, map[string]any{"id": c.ID, "body": c.Body})
				return
			}
		}
		writeJSON(w, 404, map[string]any{"message": "Not Found"})
	default:
		f.fail(w, r)
	}
}

func (f *fakeGitHub) fail(w http.ResponseWriter, r *http.Request) {
	f.t.Errorf("unexpected request %s %s", r.Method, r.URL)
	writeJSON(w, http.StatusTeapot, map[string]any{"message": "unexpected request"})
}

func (f *fakeGitHub) id(kind string) string {
	f.nextID++
	return fmt.Sprintf("%s%d", kind, f.nextID)
}

func (f *fakeGitHub) pr(n int) *fakePR {
	for _, pr := range f.prs {
		if pr.Number == n {
			return pr
		}
	}
	return nil
}

func (pr *fakePR) json(base string) map[string]any {
	var labels []map[string]any
	for _, l := range pr.Labels {
		labels = append(labels, map[string]any{"name": l})
	}
	return map[string]any{"number": pr.Number, "title": pr.Title, "body": pr.Body, "state": pr.State,
		"head": map[string]any{"ref": pr.Head}, "base": map[string]any{"ref": pr.Base}, "labels": labels,
		"html_url": fmt.Sprintf("%s/pull/%d", base, pr.Number)}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
