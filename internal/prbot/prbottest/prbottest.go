// Package prbottest is a fake GitHub REST API of one repository, as far as
// the bot (internal/prbot) and the workflows use it, for prbot's tests and
// for the rehearsed rules update. It is served by httptest under a
// non-empty base path, uploads of release assets under another
// (UploadPath, which a release's upload_url names) and the assets' bytes
// on a storage path that must not see the token (StoragePath); a request
// it does not know, or one without the token, fails the test, so an
// absolute-URL or wrong-endpoint bug cannot hide. Git data (refs, trees,
// commits) lives in a Git store: in memory for unit tests (Mem), or a bare
// repository whose objects are real (Bare), so that a workflow can fetch
// refs/pull/N/head.
package prbottest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// BasePath is where the fake serves the API, as GitHub Enterprise does.
const BasePath = "/api/v3/"

// Git stores the repository's git data.
type Git interface {
	// Ref returns the sha a ref ("refs/heads/main") points at.
	Ref(name string) (sha string, ok bool)
	SetRef(name, sha string) error
	// Commit returns a commit's tree, parents and message.
	Commit(sha string) (tree string, parents []string, message string, ok bool)
	// CreateBlob stores a file's content, returning its sha.
	CreateBlob(content string) (sha string, err error)
	// CreateTree applies entries to base: content (or a blob stored
	// before) becomes a file, Delete removes the path.
	CreateTree(base string, entries []TreeEntry) (sha string, err error)
	CreateCommit(tree string, parents []string, message string) (sha string, err error)
	// Entries lists the top level of a tree; Blob returns a file's content.
	Entries(tree string) ([]Entry, bool)
	Blob(sha string) (string, bool)
	// IsAncestor reports whether commit a is b or one of b's ancestors.
	IsAncestor(a, b string) bool
}

// Entry is one item of a tree's top level.
type Entry struct {
	Path string
	Type string // blob, tree
	SHA  string
}

// TreeEntry is one path of a tree being created: its Content, or the
// SHA of a blob created before (a file that is not UTF-8 text, which
// GitHub's API takes only as a base64 blob).
type TreeEntry struct {
	Path    string
	Content string
	SHA     string
	Delete  bool
}

// Issue is an issue or a pull request (GitHub numbers both alike).
type Issue struct {
	Number      int
	Title, Body string
	State       string // open, closed
	Labels      []string
	Login       string // who opened it
	// Head and Base are set for a pull request.
	Head, Base string
}

// IsPR reports whether the issue is a pull request.
func (i *Issue) IsPR() bool { return i.Head != "" }

// Release is a GitHub release: a draft until it is published, when the
// tag is created at Target if it does not exist yet.
type Release struct {
	ID          int64
	Tag, Target string
	Name, Body  string
	Draft       bool
	MakeLatest  string
	Login       string
	Assets      []*Asset // in order of upload
}

// Comment is a comment on an issue or pull request.
type Comment struct {
	ID    int64
	Issue int
	Body  string
	Login string
}

// Fake is the fake API.
type Fake struct {
	t     testing.TB
	srv   *httptest.Server
	Owner string
	Repo  string
	Token string
	// Login is the account the token belongs to: what it writes is
	// written by it.
	Login string
	Git   Git

	mu       sync.Mutex
	Issues   []*Issue   // issues and pull requests, in order of creation
	Comments []*Comment // in order of creation
	Releases []*Release // in order of creation
	// Enabled counts the requests to enable each workflow, by file name.
	Enabled map[string]int
	nextID  int64
	// requests logs "METHOD /path" of every request.
	requests []string
	// Inject, if set, may answer a request instead of the fake (to test
	// errors, rate limits, races).
	Inject func(w http.ResponseWriter, r *http.Request) bool
}

// New starts a fake for owner/repo storing git data in git.
func New(t testing.TB, owner, repo string, git Git) *Fake {
	f := &Fake{t: t, Owner: owner, Repo: repo, Token: "ghs_SECRETtoken123", Login: "github-actions[bot]", Git: git,
		Enabled: map[string]int{}, nextID: 1000}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// APIURL is the value of GITHUB_API_URL for the fake.
func (f *Fake) APIURL() string { return f.srv.URL + BasePath }

// Lock and Unlock guard the fake's state for a test that changes it while
// the server runs.
func (f *Fake) Lock() { f.mu.Lock() }

func (f *Fake) Unlock() { f.mu.Unlock() }

// PRs returns the pull requests, in order.
func (f *Fake) PRs() []*Issue {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*Issue
	for _, i := range f.Issues {
		if i.IsPR() {
			out = append(out, i)
		}
	}
	return out
}

// OpenIssues returns the open issues (not pull requests) with label.
func (f *Fake) OpenIssues(label string) []*Issue {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*Issue
	for _, i := range f.Issues {
		if !i.IsPR() && i.State == "open" && slices.Contains(i.Labels, label) {
			out = append(out, i)
		}
	}
	return out
}

// CommentsOn returns the comments of issue n.
func (f *Fake) CommentsOn(n int) []*Comment {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*Comment
	for _, c := range f.Comments {
		if c.Issue == n {
			out = append(out, c)
		}
	}
	return out
}

// AddPR records a pull request opened outside the bot.
func (f *Fake) AddPR(title, head, base, login string) *Issue {
	f.mu.Lock()
	defer f.mu.Unlock()
	pr := &Issue{Number: f.nextNumber(), Title: title, Head: head, Base: base, State: "open", Login: login}
	f.Issues = append(f.Issues, pr)
	return pr
}

// AddComment records a comment written outside the bot.
func (f *Fake) AddComment(issue int, body, login string) *Comment {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	c := &Comment{ID: f.nextID, Issue: issue, Body: body, Login: login}
	f.Comments = append(f.Comments, c)
	return c
}

// Writes returns "METHOD /path" of every request but GETs, in order.
func (f *Fake) Writes() []string {
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

// ResetLog forgets the requests so far.
func (f *Fake) ResetLog() {
	f.mu.Lock()
	f.requests = nil
	f.mu.Unlock()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func notFound(w http.ResponseWriter) { writeJSON(w, 404, map[string]any{"message": "Not Found"}) }

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.Method+" "+r.URL.Path)
	storage, onStorage := strings.CutPrefix(r.URL.Path, StoragePath)
	switch auth := r.Header.Get("Authorization"); {
	case onStorage && auth != "":
		// A signed storage URL is another host: the token must not go there
		// (and S3 refuses a second way to authenticate).
		f.t.Errorf("%s %s: credentials sent to the storage host", r.Method, r.URL.Path)
		writeJSON(w, 400, map[string]any{"message": "Only one auth mechanism allowed"})
		return
	case !onStorage && auth != "Bearer "+f.Token:
		f.t.Errorf("%s %s: Authorization header %q", r.Method, r.URL.Path, auth)
		writeJSON(w, 401, map[string]any{"message": "Bad credentials"})
		return
	}
	if f.Inject != nil && f.Inject(w, r) {
		return
	}
	if onStorage {
		f.download(w, r, storage)
		return
	}
	// An upload's body is the file, not JSON.
	if p, ok := strings.CutPrefix(r.URL.Path, UploadPath+"repos/"+f.Owner+"/"+f.Repo+"/"); ok {
		f.upload(w, r, p)
		return
	}
	p, ok := strings.CutPrefix(r.URL.Path, BasePath+"repos/"+f.Owner+"/"+f.Repo+"/")
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
	for _, rt := range routes {
		if m := rt.re.FindStringSubmatch(p); m != nil && r.Method == rt.method {
			if err := rt.handle(f, w, r, m, body); err != nil {
				f.t.Errorf("%s %s: %v", r.Method, r.URL.Path, err)
				writeJSON(w, 500, map[string]any{"message": err.Error()})
			}
			return
		}
	}
	f.unknown(w, r)
}

func (f *Fake) unknown(w http.ResponseWriter, r *http.Request) {
	f.t.Errorf("fake GitHub: unexpected request %s %s", r.Method, r.URL)
	writeJSON(w, http.StatusTeapot, map[string]any{"message": "unexpected request (fake GitHub)"})
}

type route struct {
	method string
	re     *regexp.Regexp
	handle func(f *Fake, w http.ResponseWriter, r *http.Request, m []string, body map[string]any) error
}

var routes = []route{
	{"GET", regexp.MustCompile(`^git/ref/(.+)$`), (*Fake).getRef},
	{"POST", regexp.MustCompile(`^git/refs$`), (*Fake).createRef},
	{"PATCH", regexp.MustCompile(`^git/refs/(.+)$`), (*Fake).updateRef},
	{"GET", regexp.MustCompile(`^git/commits/([^/]+)$`), (*Fake).getCommit},
	{"POST", regexp.MustCompile(`^git/blobs$`), (*Fake).createBlob},
	{"POST", regexp.MustCompile(`^git/trees$`), (*Fake).createTree},
	{"POST", regexp.MustCompile(`^git/commits$`), (*Fake).createCommit},
	{"GET", regexp.MustCompile(`^pulls$`), (*Fake).listPulls},
	{"POST", regexp.MustCompile(`^pulls$`), (*Fake).createPull},
	{"PATCH", regexp.MustCompile(`^pulls/(\d+)$`), (*Fake).editIssue},
	{"GET", regexp.MustCompile(`^issues$`), (*Fake).listIssues},
	{"POST", regexp.MustCompile(`^issues$`), (*Fake).createIssue},
	{"PATCH", regexp.MustCompile(`^issues/(\d+)$`), (*Fake).editIssue},
	{"POST", regexp.MustCompile(`^issues/(\d+)/labels$`), (*Fake).addLabels},
	{"GET", regexp.MustCompile(`^issues/(\d+)/comments$`), (*Fake).listComments},
	{"POST", regexp.MustCompile(`^issues/(\d+)/comments$`), (*Fake).createComment},
	{"PATCH", regexp.MustCompile(`^issues/comments/(\d+)$`), (*Fake).editComment},
	{"PUT", regexp.MustCompile(`^actions/workflows/([^/]+)/enable$`), (*Fake).enableWorkflow},
	{"GET", regexp.MustCompile(`^git/trees/([^/]+)$`), (*Fake).getTree},
	{"GET", regexp.MustCompile(`^git/blobs/([^/]+)$`), (*Fake).getBlob},
	{"GET", regexp.MustCompile(`^releases$`), (*Fake).listReleases},
	{"POST", regexp.MustCompile(`^releases$`), (*Fake).createRelease},
	{"PATCH", regexp.MustCompile(`^releases/(\d+)$`), (*Fake).editRelease},
	{"GET", regexp.MustCompile(`^releases/(\d+)/assets$`), (*Fake).listAssets},
	{"GET", regexp.MustCompile(`^releases/assets/(\d+)$`), (*Fake).getAsset},
	{"DELETE", regexp.MustCompile(`^releases/assets/(\d+)$`), (*Fake).deleteAsset},
}

func (f *Fake) getRef(w http.ResponseWriter, _ *http.Request, m []string, _ map[string]any) error {
	sha, ok := f.Git.Ref("refs/" + m[1])
	if !ok {
		notFound(w)
		return nil
	}
	writeJSON(w, 200, map[string]any{"ref": "refs/" + m[1], "object": map[string]any{"sha": sha, "type": "commit"}})
	return nil
}

func (f *Fake) createRef(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	ref, _ := body["ref"].(string)
	sha, _ := body["sha"].(string)
	if _, exists := f.Git.Ref(ref); exists {
		writeJSON(w, 422, map[string]any{"message": "Reference already exists"})
		return nil
	}
	if err := f.Git.SetRef(ref, sha); err != nil {
		return err
	}
	f.syncPullRefs()
	writeJSON(w, 201, map[string]any{"ref": ref, "object": map[string]any{"sha": sha}})
	return nil
}

func (f *Fake) updateRef(w http.ResponseWriter, _ *http.Request, m []string, body map[string]any) error {
	ref := "refs/" + m[1]
	sha, _ := body["sha"].(string)
	cur, exists := f.Git.Ref(ref)
	if !exists {
		writeJSON(w, 422, map[string]any{"message": "Reference does not exist"})
		return nil
	}
	if body["force"] != true && !f.Git.IsAncestor(cur, sha) {
		writeJSON(w, 422, map[string]any{"message": "Update is not a fast forward"})
		return nil
	}
	if err := f.Git.SetRef(ref, sha); err != nil {
		return err
	}
	f.syncPullRefs()
	writeJSON(w, 200, map[string]any{"ref": ref, "object": map[string]any{"sha": sha}})
	return nil
}

func (f *Fake) getCommit(w http.ResponseWriter, _ *http.Request, m []string, _ map[string]any) error {
	tree, parents, msg, ok := f.Git.Commit(m[1])
	if !ok {
		notFound(w)
		return nil
	}
	var ps []any
	for _, p := range parents {
		ps = append(ps, map[string]any{"sha": p})
	}
	writeJSON(w, 200, map[string]any{"sha": m[1], "tree": map[string]any{"sha": tree}, "parents": ps, "message": msg})
	return nil
}

func (f *Fake) createTree(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	base, _ := body["base_tree"].(string)
	var entries []TreeEntry
	list, _ := body["tree"].([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		path, _ := m["path"].(string)
		if sha, has := m["sha"]; has && sha == nil {
			entries = append(entries, TreeEntry{Path: path, Delete: true})
			continue
		}
		if sha, ok := m["sha"].(string); ok {
			entries = append(entries, TreeEntry{Path: path, SHA: sha})
			continue
		}
		content, ok := m["content"].(string)
		if !ok {
			return fmt.Errorf("tree entry %s has neither content nor a null sha", path)
		}
		entries = append(entries, TreeEntry{Path: path, Content: content})
	}
	sha, err := f.Git.CreateTree(base, entries)
	if err != nil {
		return err
	}
	writeJSON(w, 201, map[string]any{"sha": sha})
	return nil
}

// createBlob stores a blob sent as UTF-8 text or base64, as GitHub's
// API takes it.
func (f *Fake) createBlob(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	content, _ := body["content"].(string)
	switch enc, _ := body["encoding"].(string); enc {
	case "base64":
		b, err := base64.StdEncoding.DecodeString(content)
		if err != nil {
			return fmt.Errorf("blob: base64: %w", err)
		}
		content = string(b)
	case "", "utf-8":
	default:
		return fmt.Errorf("blob: encoding %q, want utf-8 or base64", enc)
	}
	sha, err := f.Git.CreateBlob(content)
	if err != nil {
		return err
	}
	writeJSON(w, 201, map[string]any{"sha": sha})
	return nil
}

func (f *Fake) createCommit(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	msg, _ := body["message"].(string)
	tree, _ := body["tree"].(string)
	var parents []string
	list, _ := body["parents"].([]any)
	for _, p := range list {
		parents = append(parents, fmt.Sprint(p))
	}
	sha, err := f.Git.CreateCommit(tree, parents, msg)
	if err != nil {
		return err
	}
	writeJSON(w, 201, map[string]any{"sha": sha, "tree": map[string]any{"sha": tree}, "message": msg})
	return nil
}

func (f *Fake) enableWorkflow(w http.ResponseWriter, _ *http.Request, m []string, _ map[string]any) error {
	f.Enabled[m[1]]++
	w.WriteHeader(http.StatusNoContent)
	return nil
}
