package prbottest

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// PublishedReleases returns the releases that are not drafts, in order.
func (f *Fake) PublishedReleases() []*Release {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*Release
	for _, r := range f.Releases {
		if !r.Draft {
			out = append(out, r)
		}
	}
	return out
}

// ReleaseList returns every release, drafts too, in order of creation.
func (f *Fake) ReleaseList() []*Release {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*Release, len(f.Releases))
	for i, r := range f.Releases {
		c := *r
		c.Assets = make([]*Asset, len(r.Assets))
		for j, a := range r.Assets {
			ac := *a
			c.Assets[j] = &ac
		}
		out[i] = &c
	}
	return out
}

func (f *Fake) getTree(w http.ResponseWriter, _ *http.Request, m []string, _ map[string]any) error {
	entries, ok := f.Git.Entries(m[1])
	if !ok {
		notFound(w)
		return nil
	}
	out := []any{}
	for _, e := range entries {
		mode := "100644"
		if e.Type == "tree" {
			mode = "040000"
		}
		out = append(out, map[string]any{"path": e.Path, "type": e.Type, "sha": e.SHA, "mode": mode})
	}
	writeJSON(w, 200, map[string]any{"sha": m[1], "tree": out, "truncated": false})
	return nil
}

// getBlob answers in the raw media type the bot asks for, as GitHub does.
func (f *Fake) getBlob(w http.ResponseWriter, r *http.Request, m []string, _ map[string]any) error {
	content, ok := f.Git.Blob(m[1])
	if !ok {
		notFound(w)
		return nil
	}
	if r.Header.Get("Accept") != "application/vnd.github.v3.raw" {
		return fmt.Errorf("blob %s asked for as %q; the bot reads blobs raw", m[1], r.Header.Get("Accept"))
	}
	w.Header().Set("Content-Type", "application/vnd.github.v3.raw")
	_, _ = w.Write([]byte(content))
	return nil
}

// listReleases lists newest first, drafts included (the token can push).
func (f *Fake) listReleases(w http.ResponseWriter, r *http.Request, _ []string, _ map[string]any) error {
	perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	if perPage == 0 {
		perPage = 30
	}
	if page == 0 {
		page = 1
	}
	out := []any{}
	n := len(f.Releases)
	for i := (page - 1) * perPage; i < n && i < page*perPage; i++ {
		out = append(out, f.releaseJSON(f.Releases[n-1-i]))
	}
	if page*perPage < n {
		w.Header().Set("Link", fmt.Sprintf(`<%s%s?per_page=%d&page=%d>; rel="next"`, f.srv.URL, r.URL.Path, perPage, page+1))
	}
	writeJSON(w, 200, out)
	return nil
}

func (f *Fake) createRelease(w http.ResponseWriter, _ *http.Request, _ []string, body map[string]any) error {
	rel := &Release{Login: f.Login}
	rel.Tag, _ = body["tag_name"].(string)
	rel.Target, _ = body["target_commitish"].(string)
	rel.Name, _ = body["name"].(string)
	rel.Body, _ = body["body"].(string)
	rel.Draft, _ = body["draft"].(bool)
	rel.MakeLatest, _ = body["make_latest"].(string)
	if rel.Tag == "" {
		writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"resource": "Release", "code": "missing_field", "field": "tag_name"}}})
		return nil
	}
	if !rel.Draft {
		if ok := f.publish(w, rel); !ok {
			return nil
		}
	}
	f.nextID++
	rel.ID = f.nextID
	f.Releases = append(f.Releases, rel)
	writeJSON(w, 201, f.releaseJSON(rel))
	return nil
}

func (f *Fake) editRelease(w http.ResponseWriter, _ *http.Request, m []string, body map[string]any) error {
	id, _ := strconv.ParseInt(m[1], 10, 64)
	var rel *Release
	for _, r := range f.Releases {
		if r.ID == id {
			rel = r
		}
	}
	if rel == nil {
		notFound(w)
		return nil
	}
	next := *rel
	for k, dst := range map[string]*string{"tag_name": &next.Tag, "target_commitish": &next.Target, "name": &next.Name, "body": &next.Body, "make_latest": &next.MakeLatest} {
		if v, ok := body[k].(string); ok {
			*dst = v
		}
	}
	if v, ok := body["draft"].(bool); ok {
		next.Draft = v
	}
	if rel.Draft && !next.Draft {
		if ok := f.publish(w, &next); !ok {
			return nil
		}
	}
	*rel = next
	writeJSON(w, 200, f.releaseJSON(rel))
	return nil
}

// publish checks that no other release is published for rel's tag and
// creates the tag at its target when it does not exist; it answers the
// error itself and returns false when it refuses.
func (f *Fake) publish(w http.ResponseWriter, rel *Release) bool {
	for _, r := range f.Releases {
		if r.Tag == rel.Tag && !r.Draft && r.ID != rel.ID {
			writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"resource": "Release", "code": "already_exists", "field": "tag_name"}}})
			return false
		}
	}
	if _, exists := f.Git.Ref("refs/tags/" + rel.Tag); exists {
		return true
	}
	sha := rel.Target
	if branch, ok := f.Git.Ref("refs/heads/" + rel.Target); ok {
		sha = branch
	}
	if _, _, _, ok := f.Git.Commit(sha); !ok || strings.TrimSpace(sha) == "" {
		writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"resource": "Release", "code": "invalid", "field": "target_commitish"}}})
		return false
	}
	if err := f.Git.SetRef("refs/tags/"+rel.Tag, sha); err != nil {
		f.t.Error(err)
	}
	return true
}

func (f *Fake) releaseJSON(r *Release) map[string]any {
	assets := []any{}
	for _, a := range r.Assets {
		assets = append(assets, f.assetJSON(r, a))
	}
	return map[string]any{
		"id": r.ID, "tag_name": r.Tag, "target_commitish": r.Target, "name": r.Name, "body": r.Body, "draft": r.Draft,
		"author":     map[string]any{"login": r.Login},
		"html_url":   fmt.Sprintf("https://github.test/%s/%s/releases/tag/%s", f.Owner, f.Repo, r.Tag),
		"url":        fmt.Sprintf("%s%srepos/%s/%s/releases/%d", f.srv.URL, BasePath, f.Owner, f.Repo, r.ID),
		"assets_url": fmt.Sprintf("%s%srepos/%s/%s/releases/%d/assets", f.srv.URL, BasePath, f.Owner, f.Repo, r.ID),
		"upload_url": f.uploadURL(r),
		"assets":     assets,
	}
}
