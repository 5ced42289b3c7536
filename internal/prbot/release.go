package prbot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/go-github/v60/github"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/retry"
)

// A release of the module is a semantic version tagged on the commit of
// main that changed generated/, a published GitHub release whose notes
// are the rules report and whose files are the lists for programs in
// any language, and the same entry in CHANGELOG.md. The tag and the
// release appear together: a draft holds the notes and gets the files
// until it is published, which creates the tag; a run that fails before
// leaves a draft nobody can install, so a published release always has
// its files. Every step first looks whether it is done, so a rerun
// finishes what a failed run began and repeats nothing.

// ModulePath is the module the versions are of.
const ModulePath = "github.com/mtgrules/crgen"

// FirstVersion is the version of the first release: the API is stable
// from the start (apidiff gates every change), so it is v1.
const FirstVersion = "v1.0.0"

type version struct{ major, minor, patch int }

var versionRE = regexp.MustCompile(`^v(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$`)

func parseVersion(s string) (version, error) {
	m := versionRE.FindStringSubmatch(s)
	if m == nil {
		return version{}, fmt.Errorf("%q is not a release version (vMAJOR.MINOR.PATCH)", s)
	}
	var n [3]int
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	return version{n[0], n[1], n[2]}, nil
}

func (v version) String() string { return fmt.Sprintf("v%d.%d.%d", v.major, v.minor, v.patch) }

func (v version) less(w version) bool {
	if v.major != w.major {
		return v.major < w.major
	}
	if v.minor != w.minor {
		return v.minor < w.minor
	}
	return v.patch < w.patch
}

// NextVersion is the version after previous ("" for none yet) for a
// change whose Go API verdict is api: minor when names were added or
// deprecated (or anything else added to the API), patch when only texts
// or code changed. It is never a major version: an incompatible verdict,
// or none, is an error.
func NextVersion(previous string, api *apiverdict.Verdict) (next, why string, err error) {
	if previous == "" {
		if api != nil {
			return "", "", errors.New("an API verdict without a previous version: nothing was compared")
		}
		return FirstVersion, "the first release", nil
	}
	v, err := parseVersion(previous)
	if err != nil {
		return "", "", fmt.Errorf("the previous version: %w", err)
	}
	switch {
	case api == nil:
		return "", "", fmt.Errorf("no verdict on the Go API since %s: refusing to choose a version blind", previous)
	case api.Error != "":
		return "", "", fmt.Errorf("no verdict on the Go API since %s (%s): refusing to tag", previous, api.Error)
	case len(api.Incompatible) > 0:
		return "", "", fmt.Errorf("the Go API changed incompatibly since %s (%s): a v%d needs the module path %s/v%d; refusing to tag (tag it by hand if that is the decision)",
			previous, strings.Join(api.Incompatible, "; "), v.major+1, ModulePath, v.major+1)
	case len(api.Added)+len(api.Deprecated)+len(api.Compatible) > 0:
		return version{v.major, v.minor + 1, 0}.String(), "minor: " + api.Summary(), nil
	}
	return version{v.major, v.minor, v.patch + 1}.String(), "patch: the Go API is the same", nil
}

// ReleaseOptions describe one release.
type ReleaseOptions struct {
	SHA      string // the commit to tag (40 hex digits)
	Previous string // the newest version tagged before SHA; "" for none
	// API is the verdict on the Go API from Previous to SHA; nil for the
	// first release.
	API       *apiverdict.Verdict
	Notes     string // the rules report from Previous to SHA, Markdown
	Date      string // YYYY-MM-DD, in the changelog entry
	Branch    string // where CHANGELOG.md is kept (main)
	Changelog string // its path, at the top of the tree
	// Assets are attached to the release before it is published.
	Assets []Asset
}

// Asset is a file attached to a release, under its name there.
type Asset struct {
	Name    string
	Content []byte
}

// assetNameRE is a name GitHub keeps as given: it renames one with other
// characters or a leading or trailing dot, and a rerun looking for the
// name given would not find it.
var assetNameRE = regexp.MustCompile(`^[A-Za-z0-9_-]([A-Za-z0-9._-]*[A-Za-z0-9_-])?$`)

func checkAssets(assets []Asset) error {
	seen := map[string]bool{}
	for _, a := range assets {
		switch {
		case !assetNameRE.MatchString(a.Name):
			return fmt.Errorf("release asset %q: GitHub would rename it (letters, digits, '.', '-' and '_' only, no dot at either end)", a.Name)
		case seen[a.Name]:
			return fmt.Errorf("release asset %s given twice: a release holds one file of a name", a.Name)
		case len(a.Content) == 0:
			return fmt.Errorf("release asset %s is empty: GitHub takes no empty file", a.Name)
		}
		seen[a.Name] = true
	}
	return nil
}

var shaRE = regexp.MustCompile(`^[0-9a-f]{40}$`)

// Release tags the next version on opt.SHA with its GitHub release and
// records it in the changelog, doing only what is not done yet.
func (b *Bot) Release(ctx context.Context, opt ReleaseOptions) (*Result, error) {
	if !shaRE.MatchString(opt.SHA) {
		return nil, fmt.Errorf("release: %q is not a commit sha (40 hex digits)", opt.SHA)
	}
	if opt.Branch == "" || opt.Changelog == "" || strings.Contains(opt.Changelog, "/") || strings.TrimSpace(opt.Notes) == "" {
		return nil, errors.New("release needs notes, a branch and a changelog file at the top of the tree")
	}
	if err := checkAssets(opt.Assets); err != nil {
		return nil, err
	}
	next, why, err := NextVersion(opt.Previous, opt.API)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	res.did("version %s (%s)", next, why)
	body := CapBody(opt.Notes, releaseBodyLimit)
	if opt.Previous == "" {
		body = CapBody("The first release of "+ModulePath+".\n\n"+opt.Notes, releaseBodyLimit)
	}
	rel, err := b.publishRelease(ctx, next, opt.SHA, body, opt.Assets, res)
	if err != nil {
		return nil, err
	}
	if rel != nil {
		res.URL = rel.GetHTMLURL()
	}
	entry := ChangelogEntry{Version: next, SHA: opt.SHA, Date: opt.Date, URL: res.URL, Notes: body}
	if err := b.recordInChangelog(ctx, opt, entry, res); err != nil {
		return nil, err
	}
	return res, nil
}

// releaseBodyLimit is GitHub's limit on a release's notes, in characters.
const releaseBodyLimit = 125000

// publishRelease makes the release of tag on sha exist, hold assets and
// be published, from whatever a run before left: nothing, a draft with
// some of the files, or the whole release. A published release is done:
// it got its files while it was a draft.
func (b *Bot) publishRelease(ctx context.Context, tag, sha, body string, assets []Asset, res *Result) (*github.RepositoryRelease, error) {
	tagged, err := b.tagged(ctx, tag)
	if err != nil {
		return nil, err
	}
	if tagged != "" && tagged != sha {
		return nil, fmt.Errorf("%s is already tagged at %.12s, not at %.12s: refusing to release it twice", tag, tagged, sha)
	}
	published, draft, err := b.findRelease(ctx, tag)
	if err != nil {
		return nil, err
	}
	if published != nil {
		if tagged == "" {
			return nil, fmt.Errorf("release %s is published but its tag is missing: restore the tag by hand", tag)
		}
		res.did("up to date: %s is released (%s)", tag, published.GetHTMLURL())
		return published, nil
	}
	want := &github.RepositoryRelease{TagName: github.String(tag), TargetCommitish: github.String(sha), Name: github.String(tag), Body: github.String(body)}
	left := " left by an earlier run"
	if draft == nil {
		if !b.write("create the draft release %s on %.12s", tag, sha) {
			res.did("would create and publish release %s", tag)
			for _, a := range assets {
				res.did("would upload %s (%d bytes) to release %s before publishing it", a.Name, len(a.Content), tag)
			}
			return nil, nil
		}
		want.Draft = github.Bool(true)
		if draft, _, err = b.gh.Repositories.CreateRelease(ctx, b.owner, b.repo, want); err != nil {
			return nil, fmt.Errorf("creating the draft release %s: %w", tag, err)
		}
		res.did("drafted release %s", tag)
		left = ""
	}
	if err := b.attachAssets(ctx, tag, draft, assets, res); err != nil {
		return nil, err
	}
	if !b.write("publish the draft release %s (id %d)%s", tag, draft.GetID(), left) {
		res.did("would publish release %s", tag)
		return nil, nil
	}
	// Publishing creates the tag: the release and its tag appear at once.
	want.Draft, want.MakeLatest = github.Bool(false), github.String("true")
	rel, _, err := b.gh.Repositories.EditRelease(ctx, b.owner, b.repo, draft.GetID(), want)
	if err != nil {
		return nil, fmt.Errorf("publishing release %s (the draft %d stays; a rerun publishes it): %w", tag, draft.GetID(), err)
	}
	res.did("published release %s, tagged on %.12s", tag, sha)
	return rel, nil
}

// attachAssets makes the draft release of tag hold each asset: one
// attached already with the same name and bytes is left alone; one with
// the same name and other bytes, or an upload GitHub left unfinished, is
// deleted and uploaded again (GitHub refuses a second file of a name).
// Files on the draft that are not among assets are left there.
func (b *Bot) attachAssets(ctx context.Context, tag string, draft *github.RepositoryRelease, assets []Asset, res *Result) error {
	if len(assets) == 0 {
		return nil
	}
	attached, err := b.listAssets(ctx, tag, draft.GetID())
	if err != nil {
		return err
	}
	wanted := map[string]bool{}
	for _, a := range assets {
		wanted[a.Name] = true
		old := attached[a.Name]
		if old == nil {
			if !b.write("upload %s (%d bytes) to the draft release %s", a.Name, len(a.Content), tag) {
				res.did("would upload %s (%d bytes) to release %s before publishing it", a.Name, len(a.Content), tag)
				continue
			}
			if err := b.uploadAsset(ctx, tag, draft, a); err != nil {
				return err
			}
			res.did("attached %s (%d bytes) to release %s", a.Name, len(a.Content), tag)
			continue
		}
		why, err := b.assetDiffers(ctx, old, a)
		if err != nil {
			return fmt.Errorf("comparing %s with the one attached to the draft release %s: %w", a.Name, tag, err)
		}
		if why == "" {
			res.did("up to date: %s is attached to release %s", a.Name, tag)
			continue
		}
		if !b.write("replace %s on the draft release %s: the one attached is %s", a.Name, tag, why) {
			res.did("would replace %s on release %s (the one attached is %s)", a.Name, tag, why)
			continue
		}
		if _, err := b.gh.Repositories.DeleteReleaseAsset(ctx, b.owner, b.repo, old.GetID()); err != nil {
			return fmt.Errorf("deleting the outdated %s (asset %d) from the draft release %s: %w", a.Name, old.GetID(), tag, err)
		}
		if err := b.uploadAsset(ctx, tag, draft, a); err != nil {
			return err
		}
		res.did("replaced %s on release %s (the one attached was %s)", a.Name, tag, why)
	}
	var others []string
	for name := range attached {
		if !wanted[name] {
			others = append(others, name)
		}
	}
	if len(others) > 0 {
		slices.Sort(others)
		res.did("left on release %s, not among the files given: %s", tag, strings.Join(others, ", "))
	}
	return nil
}

// listAssets returns the files attached to the release id, by name.
func (b *Bot) listAssets(ctx context.Context, tag string, id int64) (map[string]*github.ReleaseAsset, error) {
	out := map[string]*github.ReleaseAsset{}
	opt := &github.ListOptions{PerPage: 100}
	for {
		list, resp, err := b.gh.Repositories.ListReleaseAssets(ctx, b.owner, b.repo, id, opt)
		if err != nil {
			return nil, fmt.Errorf("listing the files of the draft release %s: %w", tag, err)
		}
		for _, a := range list {
			out[a.GetName()] = a
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}

// assetDiffers says how the attached asset old is not a, or "" when it
// is a. Equal sizes are not enough (a new effective date is as long as
// the old one): the bytes are compared.
func (b *Bot) assetDiffers(ctx context.Context, old *github.ReleaseAsset, a Asset) (string, error) {
	switch {
	case old.GetState() != "uploaded":
		return fmt.Sprintf("an upload left unfinished (state %q)", old.GetState()), nil
	case old.GetSize() != len(a.Content):
		return fmt.Sprintf("%d bytes, not %d", old.GetSize(), len(a.Content)), nil
	}
	rc, _, err := b.gh.Repositories.DownloadReleaseAsset(ctx, b.owner, b.repo, old.GetID(), b.storageClient())
	if err != nil {
		return "", err
	}
	got, err := io.ReadAll(io.LimitReader(rc, int64(len(a.Content))+1))
	_ = rc.Close() // a body read: what was read is what counts
	if err != nil {
		return "", fmt.Errorf("reading asset %d: %w", old.GetID(), err)
	}
	if !bytes.Equal(got, a.Content) {
		return "of the same size, with other bytes", nil
	}
	return "", nil
}

// storageClient fetches what the API redirects a download to: the bytes
// on a storage host, by a signed URL. It retries as the API's client
// does, and carries no token: the token never leaves for another host.
func (b *Bot) storageClient() *http.Client {
	t := retry.NewTransport(githubPolicy)
	t.Log = b.logf
	return &http.Client{Transport: t}
}

// uploadAsset uploads a to the draft release of tag where the release
// says (its upload_url, as GitHub asks: api.github.com's uploads go to
// uploads.github.com, an Enterprise server's to /api/uploads). The body
// is in memory, so a retried attempt sends it again.
func (b *Bot) uploadAsset(ctx context.Context, tag string, draft *github.RepositoryRelease, a Asset) error {
	fail := func(err error) error {
		return fmt.Errorf("uploading %s to the draft release %s (it stays a draft, without a tag; a rerun finishes it): %w", a.Name, tag, err)
	}
	u, err := assetUploadURL(draft.GetUploadURL(), a.Name)
	if err != nil {
		return fail(err)
	}
	media := assetTypes[path.Ext(a.Name)] // not the machine's mime.types, which CI may lack
	if media == "" {
		media = mime.TypeByExtension(path.Ext(a.Name))
	}
	if media == "" {
		media = "application/octet-stream"
	}
	req, err := b.gh.NewUploadRequest(u, bytes.NewReader(a.Content), int64(len(a.Content)), media)
	if err != nil {
		return fail(err)
	}
	if _, err := b.gh.Do(ctx, req, new(github.ReleaseAsset)); err != nil {
		return fail(err)
	}
	return nil
}

// assetTypes are the media types of the files a release attaches, by
// extension: a file without one is NOTICE, text.
var assetTypes = map[string]string{".json": "application/json", ".zip": "application/zip", "": "text/plain; charset=utf-8"}

// assetUploadURL fills a release's upload_url, a URI template
// ("https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}"),
// with name.
func assetUploadURL(template, name string) (string, error) {
	base, _, _ := strings.Cut(template, "{")
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fmt.Errorf("the release's upload_url %q is not an http(s) URL", template)
	}
	u.RawQuery = url.Values{"name": {name}}.Encode()
	return u.String(), nil
}

// tagged returns the commit tag points at, or "" when there is no tag.
func (b *Bot) tagged(ctx context.Context, tag string) (string, error) {
	ref, resp, err := b.gh.Git.GetRef(ctx, b.owner, b.repo, "tags/"+tag)
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			return "", nil
		}
		return "", fmt.Errorf("reading tag %s: %w", tag, err)
	}
	obj := ref.GetObject()
	if obj.GetType() == "tag" { // an annotated tag made by hand
		t, _, err := b.gh.Git.GetTag(ctx, b.owner, b.repo, obj.GetSHA())
		if err != nil {
			return "", fmt.Errorf("reading annotated tag %s: %w", tag, err)
		}
		return t.GetObject().GetSHA(), nil
	}
	return obj.GetSHA(), nil
}

// findRelease returns the published release of tag and a draft of it.
func (b *Bot) findRelease(ctx context.Context, tag string) (published, draft *github.RepositoryRelease, err error) {
	opt := &github.ListOptions{PerPage: 100}
	for {
		rels, resp, err := b.gh.Repositories.ListReleases(ctx, b.owner, b.repo, opt)
		if err != nil {
			return nil, nil, fmt.Errorf("listing releases: %w", err)
		}
		for _, r := range rels {
			switch {
			case r.GetTagName() != tag:
			case !r.GetDraft() && published == nil:
				published = r
			case r.GetDraft() && draft == nil:
				draft = r
			}
		}
		if resp.NextPage == 0 {
			return published, draft, nil
		}
		opt.Page = resp.NextPage
	}
}

// recordInChangelog adds the entry to the changelog on the branch in one
// commit on top of its head, unless the entry is there. The branch only
// moves forward: when it moved meanwhile, the entry is added again on top
// of its new head.
func (b *Bot) recordInChangelog(ctx context.Context, opt ReleaseOptions, e ChangelogEntry, res *Result) error {
	for attempt := 1; ; attempt++ {
		head, tree, doc, err := b.readTopFile(ctx, opt.Branch, opt.Changelog)
		if err != nil {
			return err
		}
		updated, changed, err := AddToChangelog(doc, e)
		if err != nil {
			return err
		}
		if !changed {
			res.did("up to date: %s already records %s", opt.Changelog, e.Version)
			return nil
		}
		if !b.write("commit the %s entry of %s on %s (head %.7s)", opt.Changelog, e.Version, opt.Branch, head) {
			res.did("would record %s in %s", e.Version, opt.Changelog)
			return nil
		}
		newTree, _, err := b.gh.Git.CreateTree(ctx, b.owner, b.repo, tree, []*github.TreeEntry{{
			Path: github.String(opt.Changelog), Mode: github.String("100644"), Type: github.String("blob"), Content: github.String(updated)}})
		if err != nil {
			return fmt.Errorf("creating the tree of the %s entry: %w", opt.Changelog, err)
		}
		commit, _, err := b.gh.Git.CreateCommit(ctx, b.owner, b.repo, &github.Commit{
			Message: github.String(fmt.Sprintf("%s: %s\n\nThe notes of the release %s, written by the release workflow.", opt.Changelog, e.Version, e.Version)),
			Tree:    &github.Tree{SHA: newTree.SHA},
			Parents: []*github.Commit{{SHA: github.String(head)}},
		}, nil)
		if err != nil {
			return fmt.Errorf("creating the commit of the %s entry: %w", opt.Changelog, err)
		}
		ref := &github.Reference{Ref: github.String("refs/heads/" + opt.Branch), Object: &github.GitObject{SHA: commit.SHA}}
		_, resp, err := b.gh.Git.UpdateRef(ctx, b.owner, b.repo, ref, false)
		if err == nil {
			res.did("recorded %s in %s at %.7s", e.Version, opt.Changelog, commit.GetSHA())
			return nil
		}
		if resp == nil || resp.StatusCode != http.StatusUnprocessableEntity || attempt == 3 {
			return fmt.Errorf("moving %s forward to the %s entry: %w", opt.Branch, opt.Changelog, err)
		}
		b.logf("%s moved while the entry was written; adding it on top of the new head", opt.Branch)
	}
}

// readTopFile returns the head of branch, its tree and the content of the
// file at the top of that tree ("" when there is none).
func (b *Bot) readTopFile(ctx context.Context, branch, name string) (head, tree, content string, err error) {
	ref, _, err := b.gh.Git.GetRef(ctx, b.owner, b.repo, "heads/"+branch)
	if err != nil {
		return "", "", "", fmt.Errorf("reading branch %s: %w", branch, err)
	}
	head = ref.GetObject().GetSHA()
	commit, _, err := b.gh.Git.GetCommit(ctx, b.owner, b.repo, head)
	if err != nil {
		return "", "", "", fmt.Errorf("reading the head of %s: %w", branch, err)
	}
	tree = commit.GetTree().GetSHA()
	t, _, err := b.gh.Git.GetTree(ctx, b.owner, b.repo, tree, false)
	if err != nil {
		return "", "", "", fmt.Errorf("reading the tree of %s: %w", branch, err)
	}
	for _, e := range t.Entries {
		if e.GetPath() == name && e.GetType() == "blob" {
			raw, _, err := b.gh.Git.GetBlobRaw(ctx, b.owner, b.repo, e.GetSHA())
			if err != nil {
				return "", "", "", fmt.Errorf("reading %s on %s: %w", name, branch, err)
			}
			return head, tree, string(raw), nil
		}
	}
	return head, tree, "", nil
}
