package prbottest

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

func (f *Fake) listPulls(w http.ResponseWriter, r *http.Request, _ []string, _ map[string]any) error {
	q := r.URL.Query()
	out := []any{}
	for _, pr := range f.Issues {
		if pr.IsPR() && stateMatches(q.Get("state"), pr.State) &&
			(q.Get("head") == "" || q.Get("head") == f.Owner+":"+pr.Head) && (q.Get("base") == "" || q.Get("base") == pr.Base) {
			out = append(out, f.issueJSON(pr))
		}
	}
	writeJSON(w, 200, out)
	return nil
}

// stateMatches is GitHub's state filter: open by default, or all.
func stateMatches(want, state string) bool {
	if want == "" {
		want = "open"
	}
	return want == "all" || want == state
}

func (f *Fake) createPull(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	head, _ := body["head"].(string)
	base, _ := body["base"].(string)
	for _, pr := range f.Issues {
		if pr.IsPR() && pr.State == "open" && pr.Head == head && pr.Base == base {
			writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"resource": "PullRequest", "code": "custom", "message": "A pull request already exists for " + f.Owner + ":" + head + "."}}})
			return nil
		}
	}
	pr := &Issue{Number: f.nextNumber(), Head: head, Base: base, State: "open", Login: f.Login}
	pr.Title, _ = body["title"].(string)
	pr.Body, _ = body["body"].(string)
	f.Issues = append(f.Issues, pr)
	f.syncPullRefs()
	writeJSON(w, 201, f.issueJSON(pr))
	return nil
}

func (f *Fake) listIssues(w http.ResponseWriter, r *http.Request, _ []string, _ map[string]any) error {
	q := r.URL.Query()
	var labels []string
	if l := q.Get("labels"); l != "" {
		labels = strings.Split(l, ",")
	}
	out := []any{}
	for _, i := range f.Issues {
		if !stateMatches(q.Get("state"), i.State) || (q.Get("creator") != "" && q.Get("creator") != i.Login) {
			continue
		}
		if !slices.ContainsFunc(labels, func(l string) bool { return !slices.Contains(i.Labels, l) }) {
			out = append(out, f.issueJSON(i)) // GitHub lists pull requests here too
		}
	}
	writeJSON(w, 200, out)
	return nil
}

func (f *Fake) createIssue(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	i := &Issue{Number: f.nextNumber(), State: "open", Login: f.Login}
	i.Title, _ = body["title"].(string)
	i.Body, _ = body["body"].(string)
	list, _ := body["labels"].([]any)
	for _, l := range list {
		i.Labels = append(i.Labels, fmt.Sprint(l))
	}
	f.Issues = append(f.Issues, i)
	writeJSON(w, 201, f.issueJSON(i))
	return nil
}

func (f *Fake) issue(num string) *Issue {
	n, _ := strconv.Atoi(num)
	for _, i := range f.Issues {
		if i.Number == n {
			return i
		}
	}
	return nil
}

// nextNumber is the number of the next issue or pull request.
func (f *Fake) nextNumber() int {
	n := 0
	for _, i := range f.Issues {
		n = max(n, i.Number)
	}
	return n + 1
}

func (f *Fake) editIssue(w http.ResponseWriter, _ *http.Request, m []string, body map[string]any) error {
	i := f.issue(m[1])
	if i == nil {
		notFound(w)
		return nil
	}
	if v, ok := body["title"].(string); ok {
		i.Title = v
	}
	if v, ok := body["body"].(string); ok {
		i.Body = v
	}
	if v, ok := body["state"].(string); ok {
		i.State = v
	}
	writeJSON(w, 200, f.issueJSON(i))
	return nil
}

func (f *Fake) addLabels(w http.ResponseWriter, _ *http.Request, m []string, body map[string]any) error {
	i := f.issue(m[1])
	labels, ok := body["labels"].([]any)
	if i == nil || !ok {
		writeJSON(w, 422, map[string]any{"message": "bad labels request"})
		return nil
	}
	for _, l := range labels {
		if !slices.Contains(i.Labels, fmt.Sprint(l)) {
			i.Labels = append(i.Labels, fmt.Sprint(l))
		}
	}
	writeJSON(w, 200, labelsJSON(i.Labels))
	return nil
}

func (f *Fake) listComments(w http.ResponseWriter, r *http.Request, m []string, _ map[string]any) error {
	n, _ := strconv.Atoi(m[1])
	perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	if perPage == 0 {
		perPage = 30
	}
	if page == 0 {
		page = 1
	}
	var mine []*Comment
	for _, c := range f.Comments {
		if c.Issue == n {
			mine = append(mine, c)
		}
	}
	out := []any{}
	for i := (page - 1) * perPage; i < len(mine) && i < page*perPage; i++ {
		out = append(out, f.commentJSON(mine[i]))
	}
	if page*perPage < len(mine) {
		w.Header().Set("Link", fmt.Sprintf(`<%s%s?per_page=%d&page=%d>; rel="next"`, f.srv.URL, r.URL.Path, perPage, page+1))
	}
	writeJSON(w, 200, out)
	return nil
}

func (f *Fake) createComment(w http.ResponseWriter, _ *http.Request, m []string, body map[string]any) error {
	if f.issue(m[1]) == nil {
		notFound(w)
		return nil
	}
	n, _ := strconv.Atoi(m[1])
	f.nextID++
	c := &Comment{ID: f.nextID, Issue: n, Login: f.Login}
	c.Body, _ = body["body"].(string)
	f.Comments = append(f.Comments, c)
	writeJSON(w, 201, f.commentJSON(c))
	return nil
}

func (f *Fake) editComment(w http.ResponseWriter, _ *http.Request, m []string, body map[string]any) error {
	id, _ := strconv.ParseInt(m[1], 10, 64)
	for _, c := range f.Comments {
		if c.ID == id {
			if c.Login != f.Login {
				f.t.Errorf("edited comment %d of %s", id, c.Login)
			}
			c.Body, _ = body["body"].(string)
			writeJSON(w, 200, f.commentJSON(c))
			return nil
		}
	}
	notFound(w)
	return nil
}

// OpenPR opens a pull request of the branch head into base as login, as
// a person does on GitHub (the bot's own are opened through the API).
func (f *Fake) OpenPR(head, base, title, body, login string) *Issue {
	f.mu.Lock()
	defer f.mu.Unlock()
	pr := &Issue{Number: f.nextNumber(), Head: head, Base: base, State: "open", Login: login, Title: title, Body: body}
	f.Issues = append(f.Issues, pr)
	f.syncPullRefs()
	return pr
}

// syncPullRefs points refs/pull/N/head at each pull request's branch, as
// GitHub does.
func (f *Fake) syncPullRefs() {
	for _, pr := range f.Issues {
		if !pr.IsPR() {
			continue
		}
		if sha, ok := f.Git.Ref("refs/heads/" + pr.Head); ok {
			if err := f.Git.SetRef(fmt.Sprintf("refs/pull/%d/head", pr.Number), sha); err != nil {
				f.t.Error(err)
			}
		}
	}
}

func (f *Fake) issueJSON(i *Issue) map[string]any {
	out := map[string]any{
		"number": i.Number, "title": i.Title, "body": i.Body, "state": i.State,
		"labels": labelsJSON(i.Labels), "user": map[string]any{"login": i.Login},
	}
	if i.IsPR() {
		headSHA, _ := f.Git.Ref("refs/heads/" + i.Head)
		baseSHA, _ := f.Git.Ref("refs/heads/" + i.Base)
		out["head"] = map[string]any{"ref": i.Head, "sha": headSHA}
		out["base"] = map[string]any{"ref": i.Base, "sha": baseSHA}
		out["html_url"] = fmt.Sprintf("https://github.test/%s/%s/pull/%d", f.Owner, f.Repo, i.Number)
		out["pull_request"] = map[string]any{"url": fmt.Sprintf("%s%srepos/%s/%s/pulls/%d", f.srv.URL, BasePath, f.Owner, f.Repo, i.Number)}
	} else {
		out["html_url"] = fmt.Sprintf("https://github.test/%s/%s/issues/%d", f.Owner, f.Repo, i.Number)
	}
	return out
}

func labelsJSON(labels []string) []any {
	out := []any{}
	for _, l := range labels {
		out = append(out, map[string]any{"name": l})
	}
	return out
}

func (f *Fake) commentJSON(c *Comment) map[string]any {
	return map[string]any{"id": c.ID, "body": c.Body, "user": map[string]any{"login": c.Login},
		"html_url": fmt.Sprintf("https://github.test/%s/%s/issues/%d#issuecomment-%d", f.Owner, f.Repo, c.Issue, c.ID)}
}
