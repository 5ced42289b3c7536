package rehearsal

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fakeGitHub is the GitHub REST API of one repository, as far as the
// workflows use it, backed by a bare git repository: trees, commits and
// refs are real git objects (so refs/pull/N/head can be fetched and its
// sha checked, as review.yml does); pull requests, labels and comments
// live in memory. It is served under a non-empty base path, and any
// request it does not know fails the test.
type fakeGitHub struct {
	t        *testing.T
	git      string // the bare repository
	owner    string
	repo     string
	token    string
	botLogin string
	srv      *httptest.Server

	mu       sync.Mutex
	prs      []*fakePR
	comments []*fakeComment
	nextID   int64
	writes   []string // "METHOD path" of every write
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
	Issue int
	Body  string
	Login string
}

const apiBase = "/api/v3/"

func newFakeGitHub(t *testing.T, bare, owner, repo, token string) *fakeGitHub {
	f := &fakeGitHub{t: t, git: bare, owner: owner, repo: repo, token: token, botLogin: "github-actions[bot]", nextID: 1000}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeGitHub) apiURL() string { return f.srv.URL + apiBase }

// gitOut runs git in the bare repository.
func (f *fakeGitHub) gitOut(stdin string, env []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = f.git
	cmd.Env = append(os.Environ(), env...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, ee.Stderr)
	}
	return strings.TrimSpace(string(out)), err
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

var (
	reGetRef    = regexp.MustCompile(`^git/ref/(.+)$`)
	rePatchRef  = regexp.MustCompile(`^git/refs/(.+)$`)
	reCommit    = regexp.MustCompile(`^git/commits/([0-9a-f]{40})$`)
	rePull      = regexp.MustCompile(`^pulls/(\d+)$`)
	reLabels    = regexp.MustCompile(`^issues/(\d+)/labels$`)
	reComments  = regexp.MustCompile(`^issues/(\d+)/comments$`)
	reCommentID = regexp.MustCompile(`^issues/comments/(\d+)$`)
)

func (f *fakeGitHub) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		f.t.Errorf("%s %s: Authorization header %q", r.Method, r.URL.Path, r.Header.Get("Authorization"))
		writeJSON(w, 401, map[string]any{"message": "Bad credentials"})
		return
	}
	prefix := apiBase + "repos/" + f.owner + "/" + f.repo + "/"
	p, ok := strings.CutPrefix(r.URL.Path, prefix)
	if !ok {
		f.unknown(w, r)
		return
	}
	var raw any
	if r.Body != nil {
		_ = json.NewDecoder(r.Body).Decode(&raw) // GETs have none
	}
	body, _ := raw.(map[string]any)
	if list, ok := raw.([]any); ok { // AddLabelsToIssue posts a bare array
		body = map[string]any{"labels": list}
	}
	if r.Method != http.MethodGet {
		f.writes = append(f.writes, r.Method+" "+p)
	}
	if err := f.route(w, r, p, body); err != nil {
		f.t.Errorf("%s %s: %v", r.Method, r.URL.Path, err)
		writeJSON(w, 500, map[string]any{"message": err.Error()})
	}
}

func (f *fakeGitHub) unknown(w http.ResponseWriter, r *http.Request) {
	f.t.Errorf("fake GitHub: unexpected request %s %s", r.Method, r.URL)
	writeJSON(w, 404, map[string]any{"message": "Not Found (rehearsal fake)"})
}

func (f *fakeGitHub) route(w http.ResponseWriter, r *http.Request, p string, body map[string]any) error {
	switch {
	case r.Method == "GET" && reGetRef.MatchString(p):
		sha, err := f.gitOut("", nil, "rev-parse", "--verify", "-q", "refs/"+reGetRef.FindStringSubmatch(p)[1])
		if err != nil || sha == "" {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return nil
		}
		writeJSON(w, 200, map[string]any{"ref": "refs/" + reGetRef.FindStringSubmatch(p)[1], "object": map[string]any{"sha": sha, "type": "commit"}})
	case r.Method == "GET" && reCommit.MatchString(p):
		return f.getCommit(w, reCommit.FindStringSubmatch(p)[1])
	case r.Method == "POST" && p == "git/trees":
		return f.createTree(w, body)
	case r.Method == "POST" && p == "git/commits":
		return f.createCommit(w, body)
	case r.Method == "POST" && p == "git/refs":
		ref, _ := body["ref"].(string)
		sha, _ := body["sha"].(string)
		if old, _ := f.gitOut("", nil, "rev-parse", "--verify", "-q", ref); old != "" {
			writeJSON(w, 422, map[string]any{"message": "Reference already exists"})
			return nil
		}
		if _, err := f.gitOut("", nil, "update-ref", ref, sha); err != nil {
			return err
		}
		f.syncPullRefs()
		writeJSON(w, 201, map[string]any{"ref": ref, "object": map[string]any{"sha": sha}})
	case r.Method == "PATCH" && rePatchRef.MatchString(p):
		ref := "refs/" + rePatchRef.FindStringSubmatch(p)[1]
		sha, _ := body["sha"].(string)
		if body["force"] != true {
			return fmt.Errorf("branch update without force")
		}
		if _, err := f.gitOut("", nil, "update-ref", ref, sha); err != nil {
			return err
		}
		f.syncPullRefs()
		writeJSON(w, 200, map[string]any{"ref": ref, "object": map[string]any{"sha": sha}})
	case r.Method == "GET" && p == "pulls":
		q := r.URL.Query()
		var out []any
		for _, pr := range f.prs {
			if (q.Get("state") == "" || q.Get("state") == "all" || q.Get("state") == pr.State) &&
				(q.Get("head") == "" || q.Get("head") == f.owner+":"+pr.Head) && (q.Get("base") == "" || q.Get("base") == pr.Base) {
				out = append(out, f.prJSON(pr))
			}
		}
		writeJSON(w, 200, out)
	case r.Method == "POST" && p == "pulls":
		head, _ := body["head"].(string)
		base, _ := body["base"].(string)
		for _, pr := range f.prs {
			if pr.State == "open" && pr.Head == head && pr.Base == base {
				writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"message": "A pull request already exists for " + f.owner + ":" + head + "."}}})
				return nil
			}
		}
		pr := &fakePR{Number: len(f.prs) + 1, Head: head, Base: base, State: "open"}
		pr.Title, _ = body["title"].(string)
		pr.Body, _ = body["body"].(string)
		f.prs = append(f.prs, pr)
		f.syncPullRefs()
		writeJSON(w, 201, f.prJSON(pr))
	case r.Method == "PATCH" && rePull.MatchString(p):
		pr := f.pr(rePull.FindStringSubmatch(p)[1])
		if pr == nil {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return nil
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
		writeJSON(w, 200, f.prJSON(pr))
	case r.Method == "POST" && reLabels.MatchString(p):
		pr := f.pr(reLabels.FindStringSubmatch(p)[1])
		if pr == nil {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return nil
		}
		labels, _ := body["labels"].([]any)
		for _, l := range labels {
			pr.Labels = append(pr.Labels, fmt.Sprint(l))
		}
		writeJSON(w, 200, labelsJSON(pr.Labels))
	case r.Method == "GET" && reComments.MatchString(p):
		n, _ := strconv.Atoi(reComments.FindStringSubmatch(p)[1])
		var out []any
		for _, c := range f.comments {
			if c.Issue == n {
				out = append(out, f.commentJSON(c))
			}
		}
		writeJSON(w, 200, out)
	case r.Method == "POST" && reComments.MatchString(p):
		n, _ := strconv.Atoi(reComments.FindStringSubmatch(p)[1])
		if f.pr(strconv.Itoa(n)) == nil {
			writeJSON(w, 404, map[string]any{"message": "Not Found"})
			return nil
		}
		f.nextID++
		c := &fakeComment{ID: f.nextID, Issue: n, Login: f.botLogin}
		c.Body, _ = body["body"].(string)
		f.comments = append(f.comments, c)
		writeJSON(w, 201, f.commentJSON(c))
	case r.Method == "PATCH" && reCommentID.MatchString(p):
		id, _ := strconv.ParseInt(reCommentID.FindStringSubmatch(p)[1], 10, 64)
		for _, c := range f.comments {
			if c.ID == id {
				c.Body, _ = body["body"].(string)
				writeJSON(w, 200, f.commentJSON(c))
				return nil
			}
		}
		writeJSON(w, 404, map[string]any{"message": "Not Found"})
	default:
		f.unknown(w, r)
	}
	return nil
}

// syncPullRefs points refs/pull/N/head at each pull request's branch, as
// GitHub does.
func (f *fakeGitHub) syncPullRefs() {
	for _, pr := range f.prs {
		if sha, _ := f.gitOut("", nil, "rev-parse", "--verify", "-q", "refs/heads/"+pr.Head); sha != "" {
			if _, err := f.gitOut("", nil, "update-ref", fmt.Sprintf("refs/pull/%d/head", pr.Number), sha); err != nil {
				f.t.Error(err)
			}
		}
	}
}

func (f *fakeGitHub) pr(num string) *fakePR {
	n, _ := strconv.Atoi(num)
	if n < 1 || n > len(f.prs) {
		return nil
	}
	return f.prs[n-1]
}

func (f *fakeGitHub) prJSON(pr *fakePR) map[string]any {
	headSHA, _ := f.gitOut("", nil, "rev-parse", "--verify", "-q", "refs/heads/"+pr.Head)
	baseSHA, _ := f.gitOut("", nil, "rev-parse", "--verify", "-q", "refs/heads/"+pr.Base)
	return map[string]any{
		"number": pr.Number, "title": pr.Title, "body": pr.Body, "state": pr.State,
		"html_url": fmt.Sprintf("https://github.test/%s/%s/pull/%d", f.owner, f.repo, pr.Number),
		"head":     map[string]any{"ref": pr.Head, "sha": headSHA}, "base": map[string]any{"ref": pr.Base, "sha": baseSHA},
		"labels": labelsJSON(pr.Labels),
	}
}

func labelsJSON(labels []string) []any {
	var out []any
	for _, l := range labels {
		out = append(out, map[string]any{"name": l})
	}
	return out
}

func (f *fakeGitHub) commentJSON(c *fakeComment) map[string]any {
	return map[string]any{"id": c.ID, "body": c.Body, "user": map[string]any{"login": c.Login},
		"html_url": fmt.Sprintf("https://github.test/%s/%s/pull/%d#issuecomment-%d", f.owner, f.repo, c.Issue, c.ID)}
}

func (f *fakeGitHub) getCommit(w http.ResponseWriter, sha string) error {
	raw, err := f.gitOut("", nil, "cat-file", "commit", sha)
	if err != nil {
		writeJSON(w, 404, map[string]any{"message": "Not Found"})
		return nil
	}
	header, message, _ := strings.Cut(raw, "\n\n")
	var tree string
	var parents []any
	for _, l := range strings.Split(header, "\n") {
		if v, ok := strings.CutPrefix(l, "tree "); ok {
			tree = v
		}
		if v, ok := strings.CutPrefix(l, "parent "); ok {
			parents = append(parents, map[string]any{"sha": v})
		}
	}
	writeJSON(w, 200, map[string]any{"sha": sha, "tree": map[string]any{"sha": tree}, "parents": parents, "message": message})
	return nil
}

// createTree applies the entries to base_tree in a scratch index: content
// becomes a blob, a null sha deletes the path.
func (f *fakeGitHub) createTree(w http.ResponseWriter, body map[string]any) error {
	base, _ := body["base_tree"].(string)
	index := filepath.Join(f.t.TempDir(), "index")
	env := []string{"GIT_INDEX_FILE=" + index}
	if _, err := f.gitOut("", env, "read-tree", base); err != nil {
		return err
	}
	entries, _ := body["tree"].([]any)
	for _, e := range entries {
		m, _ := e.(map[string]any)
		path, _ := m["path"].(string)
		content, hasContent := m["content"].(string)
		if sha, hasSHA := m["sha"]; hasSHA && sha == nil {
			if _, err := f.gitOut("", env, "update-index", "--force-remove", "--", path); err != nil {
				return err
			}
			continue
		}
		if !hasContent {
			return fmt.Errorf("tree entry %s has neither content nor a null sha", path)
		}
		blob, err := f.gitOut(content, nil, "hash-object", "-w", "--stdin")
		if err != nil {
			return err
		}
		if _, err := f.gitOut("", env, "update-index", "--add", "--cacheinfo", "100644,"+blob+","+path); err != nil {
			return err
		}
	}
	tree, err := f.gitOut("", env, "write-tree")
	if err != nil {
		return err
	}
	writeJSON(w, 201, map[string]any{"sha": tree})
	return nil
}

func (f *fakeGitHub) createCommit(w http.ResponseWriter, body map[string]any) error {
	msg, _ := body["message"].(string)
	tree, _ := body["tree"].(string)
	args := []string{"commit-tree", tree, "-m", msg}
	parents, _ := body["parents"].([]any)
	for _, p := range parents {
		args = append(args, "-p", fmt.Sprint(p))
	}
	sha, err := f.gitOut("", gitIdentity, args...)
	if err != nil {
		return err
	}
	writeJSON(w, 201, map[string]any{"sha": sha, "tree": map[string]any{"sha": tree}, "message": msg})
	return nil
}

var gitIdentity = []string{
	"GIT_AUTHOR_NAME=crgen rehearsal", "GIT_AUTHOR_EMAIL=rehearsal@crgen.test",
	"GIT_COMMITTER_NAME=crgen rehearsal", "GIT_COMMITTER_EMAIL=rehearsal@crgen.test",
	"GIT_AUTHOR_DATE=2026-11-30T12:00:00Z", "GIT_COMMITTER_DATE=2026-11-30T12:00:00Z",
}
