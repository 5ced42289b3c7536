package rehearsal

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/export"
	"github.com/mtgrules/crgen/internal/prbot"
	"github.com/mtgrules/crgen/internal/schematest"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/schemas"
)

// release runs release.yml's job as CI's success on main's commit sha
// triggers it (workflow_run): in a fresh clone of origin checked out at
// sha, tags and history included.
func (r *rehearsal) release(t *testing.T, sha string) *jobResult {
	t.Helper()
	r.runs++
	work := filepath.Join(r.tmp, fmt.Sprintf("release-%d", r.runs))
	git(t, r.tmp, "clone", "-q", r.origin, work)
	git(t, work, "checkout", "-q", "--detach", sha)
	runnerTemp := filepath.Join(r.tmp, fmt.Sprintf("release-runner-%d", r.runs))
	if err := os.MkdirAll(runnerTemp, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := map[string]any{
		"github": map[string]any{"repository": owner + "/" + repo, "workspace": work, "server_url": "https://github.test",
			"run_id": strconv.Itoa(4000 + r.runs), "sha": sha, "ref": "refs/heads/main", "event_name": "workflow_run",
			"event": map[string]any{"workflow_run": map[string]any{"conclusion": "success", "event": "push", "head_sha": sha,
				"head_branch": "main", "head_repository": map[string]any{"full_name": owner + "/" + repo}}}},
		"runner":  map[string]any{"temp": runnerTemp},
		"secrets": map[string]any{"GITHUB_TOKEN": ghToken, "CRGEN_BOT_TOKEN": ""},
	}
	env := append(slices.Clone(r.env), "RUNNER_TEMP="+runnerTemp, "GITHUB_WORKSPACE="+work)
	return tryJob(t, loadWorkflow(t, filepath.Join(work, ".github/workflows/release.yml")), "release", work, ctx, env)
}

// mustRelease runs the release of sha, which must succeed.
func (r *rehearsal) mustRelease(t *testing.T, sha string) {
	t.Helper()
	if res := r.release(t, sha); res.Failed {
		t.Fatalf("the release of %.12s failed at %q:\n%s", sha, res.FailedStep, indent(tail(res.Output[res.FailedStep], 200)))
	}
}

// nextVersion is the version the next release must have: v1.0.0 first,
// then the next minor version (every rehearsed update adds names).
func (r *rehearsal) nextVersion() string {
	return fmt.Sprintf("v1.%d.0", len(r.versions))
}

// checkRelease checks that the release just made of sha is the next
// version: that the versions released are exactly the module's tags, the
// newest on sha, each with its published GitHub release; that the newest
// release's notes say each of notes and its files are the lists of sha's
// snapshots (checkReleaseFiles); that main is sha and one commit adding
// that release's entry to CHANGELOG.md, the same notes; and that the
// changelog has one entry per version, newest first.
func (r *rehearsal) checkRelease(t *testing.T, sha string, notes []string) {
	t.Helper()
	newest := r.nextVersion()
	r.versions = append(r.versions, newest)
	versions := r.versions
	if tags := strings.Fields(git(t, r.origin, "tag", "--list", "v*", "--sort=v:refname")); !slices.Equal(tags, versions) {
		t.Errorf("tags %v, want %v", tags, versions)
	}
	if at := git(t, r.origin, "rev-parse", newest+"^{commit}"); at != sha {
		t.Errorf("%s is on %s, want %s", newest, at, sha)
	}
	var published []string
	var rel *struct{ Tag, Target, Body string }
	for _, p := range r.gh.PublishedReleases() {
		published = append(published, p.Tag)
		if p.Tag == newest {
			rel = &struct{ Tag, Target, Body string }{p.Tag, p.Target, p.Body}
		}
	}
	if !slices.Equal(published, versions) || rel == nil || rel.Target != sha {
		t.Fatalf("published releases %v (newest %+v), want %v on %s", published, rel, versions, sha)
	}
	for _, n := range notes {
		if !strings.Contains(rel.Body, n) {
			t.Errorf("the notes of %s do not say %q:\n%s", newest, n, indent(rel.Body))
		}
	}
	r.checkReleaseFiles(t, sha, newest)
	if changed := git(t, r.origin, "diff", "--name-only", sha, "main"); changed != "CHANGELOG.md" || git(t, r.origin, "rev-parse", "main^") != sha {
		t.Errorf("main after the release of %s: changes %q on top of %s", newest, changed, git(t, r.origin, "rev-parse", "main^"))
	}
	doc := git(t, r.origin, "show", "main:CHANGELOG.md")
	var entries []string
	for _, l := range strings.Split(doc, "\n") {
		if rest, ok := strings.CutPrefix(l, "<!-- crgen:release "); ok {
			entries = append(entries, strings.Fields(rest)[0])
		}
	}
	if want := slices.Clone(versions); !slices.Equal(entries, reversed(want)) {
		t.Errorf("CHANGELOG.md has entries %v, want %v, newest first", entries, reversed(want))
	}
	entry := doc[strings.Index(doc, "<!-- crgen:release "+newest+" "+sha+" -->"):]
	if i := strings.Index(entry[1:], "<!-- crgen:release "); i >= 0 {
		entry = entry[:i+1]
	}
	t.Logf("CHANGELOG.md entry of %s:\n%s", newest, indent(entry))
	_, entryNotes, _ := strings.Cut(entry, "\n\n") // after the marker and the entry's heading
	if undemote(entryNotes) != strings.TrimSpace(rel.Body) {
		t.Errorf("the CHANGELOG.md entry of %s is not its release notes:\n--- entry\n%s\n--- notes\n%s", newest, entryNotes, rel.Body)
	}
}

// releaseFiles are the files release.yml attaches to every release:
// the file names with the language before .json, and NOTICE.
var releaseFiles = []string{"CardTypes.en.json", "CardTypes.es.json", "History.json", "Keywords.en.json", "Keywords.es.json", "Lists.en.json", "Lists.es.json",
	"NOTICE", "Pairs.es.json", "Releases.zip", "Rules.en.json", "Rules.es.json", "Snapshot.en.json", "Snapshot.es.json", "Symbols.en.json", "Symbols.es.json"}

// checkReleaseFiles checks that the release of tag (published, else its
// draft) holds exactly releaseFiles, each in MTGJSON's shape (read
// strictly), of the current snapshot of its language at sha: its
// effective date and version in meta, its card types as the keys of
// CardTypes; the English keyword abilities listed.
func (r *rehearsal) checkReleaseFiles(t *testing.T, sha, tag string) {
	t.Helper()
	files := map[string][]byte{}
	var names []string
	for _, a := range r.gh.Assets(tag) {
		files[a.Name] = a.Content
		names = append(names, a.Name)
		want := "application/json"
		switch {
		case strings.HasSuffix(a.Name, ".zip"):
			want = "application/zip"
		case a.Name == crgen.NoticeFile:
			want = "text/plain; charset=utf-8"
			if string(a.Content) != crgen.Notice {
				t.Errorf("release %s: NOTICE is not the repository's", tag)
			}
		}
		if a.State != "uploaded" || a.ContentType != want {
			t.Errorf("release %s: %s is %s as %q, want uploaded as %s", tag, a.Name, a.State, a.ContentType, want)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, releaseFiles) {
		t.Fatalf("release %s holds the files %v, want %v", tag, names, releaseFiles)
	}
	sch := schematest.Compile(t)
	for name, b := range files {
		if base, _, _ := strings.Cut(name, "."); !strings.HasSuffix(name, ".zip") && name != crgen.NoticeFile {
			n, ok := schemas.ForExport[base+".json"]
			if !ok {
				n = schemas.ForRelease[base+".json"]
			}
			schematest.Check(t, sch[n], "release "+tag+": "+name, b)
		}
	}
	for _, lang := range snapshot.Languages {
		cur := r.snapshotAt(t, sha, lang)
		meta := export.Meta{Date: cur.Effective, Version: export.Version(lang, cur.Effective)}
		keywords, err := export.ReadKeywords(files["Keywords."+lang+".json"])
		// MTGJSON's files are dated as their lists (meta.date).
		kwMeta, ctMeta := meta, meta
		kwMeta.Date = export.DateOfLists(cur, snapshot.FactAbilityWords, snapshot.FactKeywordAbilities, snapshot.FactKeywordActions)
		ctMeta.Date = export.DateOfLists(cur, snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes)
		if err != nil {
			t.Errorf("release %s: Keywords.%s.json is not MTGJSON's Keywords.json: %v", tag, lang, err)
		} else if keywords.Meta != kwMeta {
			t.Errorf("release %s: Keywords.%s.json has meta %+v, want %+v (the current %s snapshot at %.12s)", tag, lang, keywords.Meta, kwMeta, lang, sha)
		} else if lang == "en" && len(keywords.Data.KeywordAbilities) == 0 {
			t.Errorf("release %s: Keywords.en.json lists no keyword abilities", tag)
		}
		lists, err := export.ReadLists(files["Lists."+lang+".json"])
		if err != nil {
			t.Errorf("release %s: Lists.%s.json does not read: %v", tag, lang, err)
		} else if lists.Meta != meta || !slices.Equal(lists.Data.Zones, cur.List(snapshot.FactZones)) && len(lists.Data.Zones)+len(cur.List(snapshot.FactZones)) > 0 {
			t.Errorf("release %s: Lists.%s.json has meta %+v and zones %q, want %+v and %q", tag, lang, lists.Meta, lists.Data.Zones, meta, cur.List(snapshot.FactZones))
		}
		cardTypes, err := export.ReadCardTypes(files["CardTypes."+lang+".json"])
		if err != nil {
			t.Errorf("release %s: CardTypes.%s.json is not MTGJSON's CardTypes.json: %v", tag, lang, err)
			continue
		}
		keys := slices.Sorted(maps.Keys(cardTypes.Data))
		var want []string // keyed by the English card types, as MTGJSON keys them
		for _, ct := range cur.CardTypes {
			en := ct
			for _, p := range cur.PairingEN[snapshot.FactCardTypes] {
				if p.ES == ct {
					en = p.EN
				}
			}
			want = append(want, en)
		}
		if slices.Sort(want); cardTypes.Meta != ctMeta || !slices.Equal(keys, want) {
			t.Errorf("release %s: CardTypes.%s.json has meta %+v and card types %v, want %+v and %v (the current %s snapshot at %.12s)",
				tag, lang, cardTypes.Meta, keys, ctMeta, want, lang, sha)
		}
	}
	// Every recorded release in the archive, its newest English release's
	// snapshot among them, and History.json that reads.
	z, err := zip.NewReader(bytes.NewReader(files[export.ArchiveFile]), int64(len(files[export.ArchiveFile])))
	if err != nil {
		t.Fatalf("release %s: %s: %v", tag, export.ArchiveFile, err)
	}
	newest := r.snapshotAt(t, sha, "en").Effective
	if !slices.ContainsFunc(z.File, func(f *zip.File) bool { return f.Name == "en/"+newest+"/"+export.SnapshotFile }) {
		t.Errorf("release %s: %s lacks en/%s/%s", tag, export.ArchiveFile, newest, export.SnapshotFile)
	}
	var hist export.History
	if err := json.Unmarshal(files[export.HistoryFile], &hist); err != nil || len(hist.Lists["en"]) == 0 {
		t.Errorf("release %s: %s: %v", tag, export.HistoryFile, err)
	}
}

// snapshotAt is the current snapshot of lang as commit sha of origin holds it.
func (r *rehearsal) snapshotAt(t *testing.T, sha, lang string) *snapshot.Snapshot {
	t.Helper()
	path := filepath.Join(t.TempDir(), lang+".json")
	if err := os.WriteFile(path, []byte(git(t, r.origin, "show", sha+":snapshots/current/"+lang+".json")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.Load(path)
	if err != nil {
		t.Fatalf("snapshots/current/%s.json at %.12s: %v", lang, sha, err)
	}
	return s
}

func reversed(s []string) []string { slices.Reverse(s); return s }

// undemote undoes the changelog's heading levels (one # more).
func undemote(s string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if strings.HasPrefix(l, "##") {
			l = l[1:]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// releaseRefused makes the fake refuse to publish any release, as GitHub
// does when the token lacks contents: write; or stops refusing.
func (r *rehearsal) releaseRefused(refuse bool) {
	r.gh.Lock()
	defer r.gh.Unlock()
	r.gh.Inject = nil
	if refuse {
		r.gh.Inject = func(w http.ResponseWriter, req *http.Request) bool {
			if req.Method != http.MethodPatch || !strings.Contains(req.URL.Path, "/releases/") {
				return false
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"message": "Resource not accessible by integration"}`))
			return true
		}
	}
}

// checkFailedRelease checks what a release of mainBefore (main's head,
// the commit released) refused at publishing left: one draft of version
// holding its files and no tag, no changelog entry, main as it was, and
// one open issue saying where it failed.
func (r *rehearsal) checkFailedRelease(t *testing.T, res *jobResult, version, mainBefore string) {
	t.Helper()
	if !res.Failed || res.FailedStep != "Tag, publish and record in the changelog" {
		t.Fatalf("a refused publish: failed %v at %q", res.Failed, res.FailedStep)
	}
	var drafts int
	for _, rel := range r.gh.ReleaseList() {
		if rel.Tag == version && rel.Draft {
			drafts++
		}
		if rel.Tag == version && !rel.Draft {
			t.Errorf("%s was published by a run that failed", version)
		}
	}
	// The files go to the draft before publishing: they are there already.
	r.checkReleaseFiles(t, mainBefore, version)
	if drafts != 1 || git(t, r.origin, "tag", "--list", version) != "" || git(t, r.origin, "rev-parse", "main") != mainBefore {
		t.Errorf("after the failed release: %d drafts of %s, tag %q, main moved: %v", drafts, version,
			git(t, r.origin, "tag", "--list", version), git(t, r.origin, "rev-parse", "main") != mainBefore)
	}
	issues := r.gh.OpenIssues(prbot.FailureLabelOf("release"))
	if len(issues) != 1 || !strings.Contains(issues[0].Body, "The release workflow failed at the step **release**") ||
		!strings.Contains(issues[0].Body, "Resource not accessible by integration") {
		t.Errorf("failure issues of the release: %+v", issues)
	}
}
