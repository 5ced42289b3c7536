package prbottest

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"time"
)

// UploadPath is where the fake takes uploads of release assets, as GitHub
// Enterprise does (api.github.com's are on uploads.github.com): a
// release's upload_url points there, as GitHub's documentation asks
// clients to use it. An upload sent to the API's BasePath is an unknown
// request.
const UploadPath = "/api/uploads/"

// StoragePath is where an asset's bytes are served, as GitHub's API
// redirects a download to a storage host by a signed URL: without the
// token, which a request there must not carry.
const StoragePath = "/storage/"

// Asset is a file attached to a release.
type Asset struct {
	ID          int64
	Name, Label string
	ContentType string
	// State is "uploaded", or what GitHub leaves of an upload that failed
	// upstream ("starter"), which is to be deleted before the name can be
	// used again.
	State   string
	Content []byte
	Login   string
	Created time.Time
}

// Assets returns copies of the assets of the release of tag that is
// published, else of its draft, in order of upload.
func (f *Fake) Assets(tag string) []Asset {
	f.mu.Lock()
	defer f.mu.Unlock()
	var rel *Release
	for _, r := range f.Releases {
		if r.Tag == tag && (rel == nil || rel.Draft && !r.Draft) {
			rel = r
		}
	}
	if rel == nil {
		return nil
	}
	out := make([]Asset, len(rel.Assets))
	for i, a := range rel.Assets {
		out[i] = *a
		out[i].Content = append([]byte(nil), a.Content...)
	}
	return out
}

// AddAsset attaches an asset to the release id outside the bot (a run
// that died, a file attached by hand).
func (f *Fake) AddAsset(id int64, a Asset) *Asset {
	f.mu.Lock()
	defer f.mu.Unlock()
	rel := f.release(id)
	if rel == nil {
		f.t.Fatalf("no release %d", id)
	}
	f.nextID++
	a.ID = f.nextID
	if a.State == "" {
		a.State = "uploaded"
	}
	rel.Assets = append(rel.Assets, &a)
	return &a
}

func (f *Fake) release(id int64) *Release {
	for _, r := range f.Releases {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// asset returns the asset id and the release that holds it.
func (f *Fake) asset(id int64) (*Asset, *Release) {
	for _, r := range f.Releases {
		for _, a := range r.Assets {
			if a.ID == id {
				return a, r
			}
		}
	}
	return nil, nil
}

func (f *Fake) uploadURL(rel *Release) string {
	return fmt.Sprintf("%s%srepos/%s/%s/releases/%d/assets{?name,label}", f.srv.URL, UploadPath, f.Owner, f.Repo, rel.ID)
}

func (f *Fake) assetJSON(rel *Release, a *Asset) map[string]any {
	tag := rel.Tag
	if rel.Draft { // a draft's files are reached by a name GitHub makes up
		tag = fmt.Sprintf("untagged-%d", rel.ID)
	}
	return map[string]any{
		"url":                  fmt.Sprintf("%s%srepos/%s/%s/releases/assets/%d", f.srv.URL, BasePath, f.Owner, f.Repo, a.ID),
		"browser_download_url": fmt.Sprintf("https://github.test/%s/%s/releases/download/%s/%s", f.Owner, f.Repo, tag, a.Name),
		"id":                   a.ID, "node_id": fmt.Sprintf("RA_%d", a.ID), "name": a.Name, "label": a.Label, "state": a.State,
		"content_type": a.ContentType, "size": len(a.Content), "download_count": 0,
		"created_at": a.Created.UTC().Format(time.RFC3339), "updated_at": a.Created.UTC().Format(time.RFC3339),
		"uploader": map[string]any{"login": a.Login},
	}
}

var uploadRE = regexp.MustCompile(`^releases/(\d+)/assets$`)

// upload is POST {upload_url}?name=NAME[&label=LABEL] with the file's
// bytes as the body, its media type as Content-Type.
func (f *Fake) upload(w http.ResponseWriter, r *http.Request, p string) {
	m := uploadRE.FindStringSubmatch(p)
	if m == nil || r.Method != http.MethodPost {
		f.unknown(w, r)
		return
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	rel := f.release(id)
	if rel == nil {
		notFound(w)
		return
	}
	q := r.URL.Query()
	name := q.Get("name")
	invalid := func(code, field string) {
		writeJSON(w, 422, map[string]any{"message": "Validation Failed", "errors": []any{map[string]any{"resource": "ReleaseAsset", "code": code, "field": field}}})
	}
	switch {
	case name == "":
		invalid("missing_field", "name")
		return
	case r.Header.Get("Content-Type") == "":
		invalid("missing_field", "content_type")
		return
	case r.ContentLength <= 0:
		writeJSON(w, 400, map[string]any{"message": "Bad Content-Length"})
		return
	}
	for _, a := range rel.Assets {
		if a.Name == name {
			invalid("already_exists", "name")
			return
		}
	}
	content, err := io.ReadAll(r.Body)
	if err != nil || int64(len(content)) != r.ContentLength {
		writeJSON(w, 400, map[string]any{"message": "Bad Content-Length"})
		return
	}
	f.nextID++
	a := &Asset{ID: f.nextID, Name: name, Label: q.Get("label"), ContentType: r.Header.Get("Content-Type"), State: "uploaded",
		Content: content, Login: f.Login, Created: time.Now()}
	rel.Assets = append(rel.Assets, a)
	writeJSON(w, 201, f.assetJSON(rel, a))
}

// listAssets lists a release's assets in order of upload, by pages.
func (f *Fake) listAssets(w http.ResponseWriter, r *http.Request, m []string, _ map[string]any) error {
	id, _ := strconv.ParseInt(m[1], 10, 64)
	rel := f.release(id)
	if rel == nil {
		notFound(w)
		return nil
	}
	perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	perPage, page = max(perPage, 0), max(page, 1)
	if perPage == 0 {
		perPage = 30
	}
	out := []any{}
	for i := (page - 1) * perPage; i < len(rel.Assets) && i < page*perPage; i++ {
		out = append(out, f.assetJSON(rel, rel.Assets[i]))
	}
	if page*perPage < len(rel.Assets) {
		w.Header().Set("Link", fmt.Sprintf(`<%s%s?per_page=%d&page=%d>; rel="next"`, f.srv.URL, r.URL.Path, perPage, page+1))
	}
	writeJSON(w, 200, out)
	return nil
}

// getAsset answers the asset's JSON, or, asked for
// application/octet-stream, redirects to its bytes on the storage host,
// as api.github.com does.
func (f *Fake) getAsset(w http.ResponseWriter, r *http.Request, m []string, _ map[string]any) error {
	id, _ := strconv.ParseInt(m[1], 10, 64)
	a, rel := f.asset(id)
	if a == nil {
		notFound(w)
		return nil
	}
	if r.Header.Get("Accept") == "application/octet-stream" {
		w.Header().Set("Location", fmt.Sprintf("%s%sassets/%d", f.srv.URL, StoragePath, a.ID))
		w.WriteHeader(http.StatusFound)
		return nil
	}
	writeJSON(w, 200, f.assetJSON(rel, a))
	return nil
}

func (f *Fake) deleteAsset(w http.ResponseWriter, _ *http.Request, m []string, _ map[string]any) error {
	id, _ := strconv.ParseInt(m[1], 10, 64)
	a, rel := f.asset(id)
	if a == nil {
		notFound(w)
		return nil
	}
	for i, b := range rel.Assets {
		if b == a {
			rel.Assets = append(rel.Assets[:i:i], rel.Assets[i+1:]...)
			break
		}
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

var storageRE = regexp.MustCompile(`^assets/(\d+)$`)

// download serves an asset's bytes where getAsset redirected.
func (f *Fake) download(w http.ResponseWriter, r *http.Request, p string) {
	m := storageRE.FindStringSubmatch(p)
	if m == nil || r.Method != http.MethodGet {
		f.unknown(w, r)
		return
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	a, _ := f.asset(id)
	if a == nil {
		notFound(w)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Content)))
	_, _ = w.Write(a.Content)
}
