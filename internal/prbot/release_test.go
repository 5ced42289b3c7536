package prbot

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/prbot/prbottest"
)

func TestNextVersion(t *testing.T) {
	for _, c := range []struct {
		previous string
		api      *apiverdict.Verdict
		want     string
	}{
		{"", nil, "v1.0.0"},
		{"v1.0.0", &apiverdict.Verdict{Added: []string{"subtype.CreatureQuokka"}}, "v1.1.0"},
		{"v1.2.3", &apiverdict.Verdict{Deprecated: []string{"subtype.CreatureSpike"}}, "v1.3.0"},
		{"v1.2.3", &apiverdict.Verdict{Compatible: []string{"subtype.Effective: added"}}, "v1.3.0"},
		{"v1.2.3", &apiverdict.Verdict{}, "v1.2.4"},
		{"v1.9.19", &apiverdict.Verdict{}, "v1.9.20"},
	} {
		got, why, err := NextVersion(c.previous, c.api)
		if err != nil || got != c.want || why == "" {
			t.Errorf("NextVersion(%q, %+v) = %q (%s), %v; want %q", c.previous, c.api, got, why, err, c.want)
		}
	}
	for _, c := range []struct {
		previous string
		api      *apiverdict.Verdict
		want     string
	}{
		{"v1.4.0", &apiverdict.Verdict{Incompatible: []string{"subtype.ArtifactBook: value changed from 21 to 22"}},
			"changed incompatibly since v1.4.0 (subtype.ArtifactBook: value changed from 21 to 22): a v2 needs the module path github.com/mtgrules/crgen/v2"},
		{"v1.4.0", &apiverdict.Verdict{Error: "generated/subtype does not build"}, "no verdict on the Go API since v1.4.0 (generated/subtype does not build)"},
		{"v1.4.0", nil, "refusing to choose a version blind"},
		{"1.4.0", &apiverdict.Verdict{}, `"1.4.0" is not a release version`},
		{"v1.04.0", &apiverdict.Verdict{}, "not a release version"},
		{"v1.4.0-rc.1", &apiverdict.Verdict{}, "not a release version"},
		{"", &apiverdict.Verdict{}, "without a previous version"},
	} {
		if got, _, err := NextVersion(c.previous, c.api); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NextVersion(%q, %+v) = %q, %v; want an error saying %q", c.previous, c.api, got, err, c.want)
		}
	}
}

func TestAddToChangelog(t *testing.T) {
	first := ChangelogEntry{Version: "v1.0.0", SHA: "aaa", Date: "2026-12-01", URL: "https://github.test/r/v1.0.0",
		Notes: "## Rules update\n\n- added\n\n```\n## not a heading\n```\n"}
	doc, changed, err := AddToChangelog("", first)
	if err != nil || !changed {
		t.Fatal(changed, err)
	}
	want := ChangelogPreamble + "\n<!-- crgen:release v1.0.0 aaa -->\n## [v1.0.0](https://github.test/r/v1.0.0) — 2026-12-01\n\n### Rules update\n\n- added\n\n```\n## not a heading\n```\n"
	if doc != want {
		t.Errorf("first entry:\n%s\nwant:\n%s", doc, want)
	}
	// A rerun: the same version at the same commit changes nothing.
	if again, changed, err := AddToChangelog(doc, first); err != nil || changed || again != doc {
		t.Errorf("the same entry again: changed %v, %v", changed, err)
	}
	// Newest first, wherever an entry comes from.
	doc, _, _ = AddToChangelog(doc, ChangelogEntry{Version: "v1.2.0", SHA: "ccc", Date: "2027-02-01", Notes: "two"})
	doc, _, err = AddToChangelog(doc, ChangelogEntry{Version: "v1.1.0", SHA: "bbb", Date: "2027-01-01", Notes: "one"})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := changelogEntries(doc)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, e := range entries {
		order = append(order, e.version)
	}
	if !slices.Equal(order, []string{"v1.2.0", "v1.1.0", "v1.0.0"}) || !strings.HasPrefix(doc, ChangelogPreamble) {
		t.Errorf("order %v in:\n%s", order, doc)
	}
	if _, _, err := AddToChangelog(doc, ChangelogEntry{Version: "v1.1.0", SHA: "other", Notes: "x"}); err == nil || !strings.Contains(err.Error(), "already has an entry for v1.1.0, at commit bbb") {
		t.Errorf("an entry rewritten: %v", err)
	}
	if _, _, err := AddToChangelog(doc+"<!-- crgen:release v1 -->\n", first); err == nil || !strings.Contains(err.Error(), "is not <!-- crgen:release VERSION SHA -->") {
		t.Errorf("a broken marker: %v", err)
	}
}

const (
	releaseSHA = "1111111111111111111111111111111111111111"
	laterSHA   = "2222222222222222222222222222222222222222"
)

// releaseHarness is a fake repository whose main is releaseSHA, a child
// of base1.
func releaseHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.git.Commits[releaseSHA] = prbottest.MemCommit{Tree: "tree-base1", Parents: []string{"base1"}, Message: "update"}
	h.git.Refs["refs/heads/main"] = releaseSHA
	return h
}

func releaseOpts(previous string, api *apiverdict.Verdict) ReleaseOptions {
	return ReleaseOptions{SHA: releaseSHA, Previous: previous, API: api, Notes: "## Rules update: English 2026-09-25 → 2026-12-11\n\n- added Quokka\n",
		Date: "2026-12-11", Branch: "main", Changelog: "CHANGELOG.md"}
}

const api = "/api/v3/repos/mtgrules/crgen/"

func TestReleaseThenRerun(t *testing.T) {
	h := releaseHarness(t)
	h.git.Refs["refs/tags/v1.3.1"] = "base1"
	res, err := h.bot.Release(context.Background(), releaseOpts("v1.3.1", &apiverdict.Verdict{Added: []string{"subtype.CreatureQuokka"}}))
	if err != nil {
		t.Fatal(err)
	}
	rels := h.fake.ReleaseList()
	wantWrites := []string{"POST " + api + "releases", "PATCH " + api + "releases/" + itoa(rels[0].ID), "POST " + api + "git/trees", "POST " + api + "git/commits", "PATCH " + api + "git/refs/heads/main"}
	if got := h.fake.Writes(); !slices.Equal(got, wantWrites) {
		t.Errorf("wrote:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantWrites, "\n"))
	}
	if len(rels) != 1 || rels[0].Draft || rels[0].Tag != "v1.4.0" || rels[0].Target != releaseSHA || rels[0].Name != "v1.4.0" ||
		rels[0].Body != releaseOpts("", nil).Notes || rels[0].MakeLatest != "true" {
		t.Errorf("releases %+v", rels)
	}
	if sha := h.git.Refs["refs/tags/v1.4.0"]; sha != releaseSHA {
		t.Errorf("tag v1.4.0 at %q", sha)
	}
	// CHANGELOG.md in one commit on top of main, main moved forward.
	head := h.git.Commits[h.git.Refs["refs/heads/main"]]
	doc := h.git.Files("refs/heads/main")["CHANGELOG.md"]
	if !slices.Equal(head.Parents, []string{releaseSHA}) || !strings.Contains(doc, "<!-- crgen:release v1.4.0 "+releaseSHA+" -->\n## [v1.4.0](https://github.test/mtgrules/crgen/releases/tag/v1.4.0) — 2026-12-11\n\n### Rules update") {
		t.Errorf("main's head %+v, CHANGELOG.md:\n%s", head, doc)
	}
	if res.URL != "https://github.test/mtgrules/crgen/releases/tag/v1.4.0" || !strings.Contains(strings.Join(res.Actions, "\n"), "version v1.4.0 (minor: compatible: 1 constant added (CreatureQuokka))") {
		t.Errorf("result %+v", res)
	}

	// A rerun (main has moved on by the changelog commit): nothing twice.
	h.fake.ResetLog()
	res, err = h.bot.Release(context.Background(), releaseOpts("v1.3.1", &apiverdict.Verdict{Added: []string{"subtype.CreatureQuokka"}}))
	if err != nil || len(h.fake.Writes()) != 0 || len(h.fake.ReleaseList()) != 1 {
		t.Errorf("rerun: %v, wrote %v, releases %d", err, h.fake.Writes(), len(h.fake.ReleaseList()))
	}
	if got := strings.Join(res.Actions, "\n"); !strings.Contains(got, "up to date: v1.4.0 is released") || !strings.Contains(got, "up to date: CHANGELOG.md already records v1.4.0") {
		t.Errorf("rerun said:\n%s", got)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// refusePublishing makes the fake GitHub refuse to publish a release
// (PATCH of a release) while the returned flag is true.
func refusePublishing(h *harness) *bool {
	refuse := true
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if refuse && r.Method == "PATCH" && strings.Contains(r.URL.Path, "/releases/") {
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"message": "Resource not accessible by integration"}`))
			return true
		}
		return false
	}
	return &refuse
}

// checkOnlyADraft checks what a run that failed before publishing leaves:
// one draft release, no tag, main untouched. It returns the releases.
func checkOnlyADraft(t *testing.T, h *harness) []*prbottest.Release {
	t.Helper()
	rels := h.fake.ReleaseList()
	if len(rels) != 1 || !rels[0].Draft || len(h.fake.PublishedReleases()) != 0 {
		t.Errorf("after the failed run: releases %+v", rels)
	}
	if _, tagged := h.git.Refs["refs/tags/v1.0.0"]; tagged || h.git.Refs["refs/heads/main"] != releaseSHA {
		t.Errorf("after the failed run: tags %v, main %s", h.git.Refs, h.git.Refs["refs/heads/main"])
	}
	return rels
}

// A run that fails to publish leaves a draft and no tag nor changelog
// entry; the rerun publishes that draft.
func TestReleaseFailedPublishLeavesADraft(t *testing.T) {
	h := releaseHarness(t)
	refuse := refusePublishing(h)
	_, err := h.bot.Release(context.Background(), releaseOpts("", nil))
	if err == nil || !strings.Contains(err.Error(), "publishing release v1.0.0 (the draft") || !strings.Contains(err.Error(), "Resource not accessible by integration") {
		t.Fatalf("a refused publish: %v", err)
	}
	rels := checkOnlyADraft(t, h)

	*refuse = false
	h.fake.ResetLog()
	if _, err := h.bot.Release(context.Background(), releaseOpts("", nil)); err != nil {
		t.Fatal(err)
	}
	if w := h.fake.Writes(); len(w) != 4 || w[0] != "PATCH "+api+"releases/"+itoa(rels[0].ID) {
		t.Errorf("the rerun wrote %v, want the draft published and the changelog entry", w)
	}
	rels = h.fake.ReleaseList()
	if len(rels) != 1 || rels[0].Draft || h.git.Refs["refs/tags/v1.0.0"] != releaseSHA || !strings.HasPrefix(rels[0].Body, "The first release of github.com/mtgrules/crgen.") {
		t.Errorf("after the rerun: releases %+v, tags %v", rels, h.git.Refs)
	}
	if doc := h.git.Files("refs/heads/main")["CHANGELOG.md"]; !strings.HasPrefix(doc, ChangelogPreamble) || strings.Count(doc, changelogMarker) != 1 {
		t.Errorf("CHANGELOG.md:\n%s", doc)
	}
}

// main moving between the read and the write of CHANGELOG.md: the entry
// goes on top of the new head; main never goes back.
func TestReleaseChangelogWhenMainMoves(t *testing.T) {
	h := releaseHarness(t)
	h.git.Trees["tree-later"] = map[string]string{"CHANGELOG.md": ChangelogPreamble + "\nhand-written line\n"}
	moved := false
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if !moved && r.Method == "PATCH" && strings.HasSuffix(r.URL.Path, "/git/refs/heads/main") {
			moved = true
			h.git.Commits[laterSHA] = prbottest.MemCommit{Tree: "tree-later", Parents: []string{releaseSHA}, Message: "meanwhile"}
			h.git.Refs["refs/heads/main"] = laterSHA
		}
		return false
	}
	if _, err := h.bot.Release(context.Background(), releaseOpts("", nil)); err != nil {
		t.Fatal(err)
	}
	head := h.git.Commits[h.git.Refs["refs/heads/main"]]
	doc := h.git.Files("refs/heads/main")["CHANGELOG.md"]
	if !slices.Equal(head.Parents, []string{laterSHA}) || !strings.Contains(doc, "hand-written line") || strings.Count(doc, changelogMarker) != 1 {
		t.Errorf("main's head %+v, CHANGELOG.md:\n%s", head, doc)
	}
	if !strings.Contains(h.log.String(), "main moved while the entry was written") {
		t.Errorf("log:\n%s", h.log.String())
	}
}

func TestReleaseRefusals(t *testing.T) {
	h := releaseHarness(t)
	h.git.Refs["refs/tags/v1.0.0"] = "base1"
	if _, err := h.bot.Release(context.Background(), releaseOpts("", nil)); err == nil || !strings.Contains(err.Error(), "v1.0.0 is already tagged at base1, not at 111111111111") {
		t.Errorf("a version tagged elsewhere: %v", err)
	}
	if _, err := h.bot.Release(context.Background(), releaseOpts("v1.0.0", &apiverdict.Verdict{Incompatible: []string{"subtype.ArtifactBook: value changed from 21 to 22"}})); err == nil || !strings.Contains(err.Error(), "refusing to tag") {
		t.Errorf("an incompatible API: %v", err)
	}
	bad := releaseOpts("", nil)
	bad.SHA = "main"
	if _, err := h.bot.Release(context.Background(), bad); err == nil || !strings.Contains(err.Error(), `"main" is not a commit sha`) {
		t.Errorf("a branch for a sha: %v", err)
	}
	if w := h.fake.Writes(); len(w) != 0 {
		t.Errorf("refusals wrote %v", w)
	}
}

func TestReleaseDryRun(t *testing.T) {
	h := releaseHarness(t)
	h.bot.DryRun = true
	res, err := h.bot.Release(context.Background(), releaseOpts("", nil))
	if err != nil || len(h.fake.Writes()) != 0 {
		t.Fatalf("%v, wrote %v", err, h.fake.Writes())
	}
	if got := strings.Join(res.Actions, "\n"); !strings.Contains(got, "would create and publish release v1.0.0") || !strings.Contains(got, "would record v1.0.0 in CHANGELOG.md") {
		t.Errorf("dry run said:\n%s", got)
	}
	res, err = h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err != nil || len(h.fake.Writes()) != 0 {
		t.Fatalf("%v, wrote %v", err, h.fake.Writes())
	}
	for _, a := range releaseAssets("2026-12-11") {
		if line := fmt.Sprintf("would upload %s (%d bytes) to release v1.0.0 before publishing it", a.Name, len(a.Content)); !slices.Contains(res.Actions, line) {
			t.Errorf("dry run did not say %q:\n%s", line, strings.Join(res.Actions, "\n"))
		}
	}
}

// The repository's CHANGELOG.md is what the bot writes to: it starts with
// the preamble the bot gives a new one, and every entry is readable.
func TestRepositoryChangelog(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), ChangelogPreamble) {
		t.Errorf("CHANGELOG.md does not start with ChangelogPreamble:\n%s", b)
	}
	if _, err := changelogEntries(string(b)); err != nil {
		t.Error(err)
	}
}

// releaseAssets are files as the release workflow attaches them, the
// Spanish Keywords.json with the same shape as the English one.
func releaseAssets(date string) []Asset {
	return []Asset{
		{Name: "Keywords.en.json", Content: []byte(`{"meta":{"date":"` + date + `","version":"crgen+en"},"data":{"abilityWords":["Landfall"]}}`)},
		{Name: "CardTypes.en.json", Content: []byte(`{"meta":{"date":"` + date + `","version":"crgen+en"},"data":{"creature":{"subTypes":["Quokka"]}}}`)},
		{Name: "Keywords.es.json", Content: []byte(`{"meta":{"date":"` + date + `","version":"crgen+es"},"data":{"abilityWords":[]}}`)},
	}
}

func releaseWithAssets(date string) ReleaseOptions {
	opt := releaseOpts("", nil)
	opt.Assets = releaseAssets(date)
	return opt
}

// checkAttached fails unless the release of tag holds want, each uploaded
// whole as JSON, once.
func checkAttached(t *testing.T, h *harness, tag string, want []Asset) {
	t.Helper()
	got := h.fake.Assets(tag)
	byName := map[string]prbottest.Asset{}
	for _, a := range got {
		if _, twice := byName[a.Name]; twice {
			t.Errorf("release %s holds %s twice", tag, a.Name)
		}
		byName[a.Name] = a
	}
	for _, w := range want {
		a, ok := byName[w.Name]
		if !ok || string(a.Content) != string(w.Content) || a.State != "uploaded" || a.ContentType != "application/json" {
			t.Errorf("release %s: %s is %+v, want %q uploaded as application/json", tag, w.Name, a, w.Content)
		}
	}
}

func uploadsAndDeletes(writes []string) []string {
	var out []string
	for _, w := range writes {
		if strings.Contains(w, "/api/uploads/") || strings.HasPrefix(w, "DELETE ") {
			out = append(out, w)
		}
	}
	return out
}

// The files go to the draft, through the upload URL the release names,
// before it is published: the release and its tag never appear without
// them. A rerun of the published release uploads and reads nothing.
func TestReleaseAttachesAssetsBeforePublishing(t *testing.T) {
	h := releaseHarness(t)
	res, err := h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err != nil {
		t.Fatal(err)
	}
	id := itoa(h.fake.ReleaseList()[0].ID)
	upload := "POST /api/uploads/repos/mtgrules/crgen/releases/" + id + "/assets"
	want := []string{"POST " + api + "releases", upload, upload, upload, "PATCH " + api + "releases/" + id,
		"POST " + api + "git/trees", "POST " + api + "git/commits", "PATCH " + api + "git/refs/heads/main"}
	if got := h.fake.Writes(); !slices.Equal(got, want) {
		t.Errorf("wrote:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkAttached(t, h, "v1.0.0", releaseAssets("2026-12-11"))
	if rels := h.fake.PublishedReleases(); len(rels) != 1 || len(rels[0].Assets) != 3 || h.git.Refs["refs/tags/v1.0.0"] != releaseSHA {
		t.Errorf("published %+v, tags %v", rels, h.git.Refs)
	}
	if got := strings.Join(res.Actions, "\n"); !strings.Contains(got, "attached Keywords.es.json (") || !strings.Contains(got, "bytes) to release v1.0.0") {
		t.Errorf("result:\n%s", got)
	}

	h.fake.ResetLog()
	res, err = h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err != nil || len(h.fake.Writes()) != 0 {
		t.Fatalf("rerun: %v, wrote %v", err, h.fake.Writes())
	}
	if got := strings.Join(res.Actions, "\n"); !strings.Contains(got, "up to date: v1.0.0 is released") {
		t.Errorf("rerun said:\n%s", got)
	}
	checkAttached(t, h, "v1.0.0", releaseAssets("2026-12-11"))
}

// A draft left by a run that failed at publishing holds the files; the
// rerun compares them byte for byte (fetched from storage without the
// token), uploads none again and publishes.
func TestReleaseRerunKeepsTheDraftsAssets(t *testing.T) {
	h := releaseHarness(t)
	refuse := refusePublishing(h)
	if _, err := h.bot.Release(context.Background(), releaseWithAssets("2026-12-11")); err == nil {
		t.Fatal("a refused publish succeeded")
	}
	if rels := h.fake.ReleaseList(); len(rels) != 1 || !rels[0].Draft || len(rels[0].Assets) != 3 {
		t.Fatalf("after the failed run: %+v", rels)
	}
	*refuse = false
	h.fake.ResetLog()
	res, err := h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err != nil {
		t.Fatal(err)
	}
	if got := uploadsAndDeletes(h.fake.Writes()); len(got) != 0 {
		t.Errorf("the rerun uploaded or deleted %v", got)
	}
	if got := strings.Join(res.Actions, "\n"); strings.Count(got, "up to date: ") != 3 || !strings.Contains(got, "up to date: CardTypes.en.json is attached to release v1.0.0") ||
		!strings.Contains(got, "published release v1.0.0") {
		t.Errorf("the rerun said:\n%s", got)
	}
	checkAttached(t, h, "v1.0.0", releaseAssets("2026-12-11"))
}

// Files on a draft that are not those given: the same name with other
// bytes of the same size (a new date), another size, an upload GitHub
// left unfinished. Each is deleted and uploaded again; a file the run
// does not give is left alone.
func TestReleaseReplacesChangedAssets(t *testing.T) {
	h := releaseHarness(t)
	h.fake.Lock()
	h.fake.Releases = append(h.fake.Releases, &prbottest.Release{ID: 7, Tag: "v1.0.0", Target: releaseSHA, Name: "v1.0.0", Body: "old", Draft: true, Login: h.fake.Login})
	h.fake.Unlock()
	old := releaseAssets("2026-11-13") // as long as 2026-12-11
	h.fake.AddAsset(7, prbottest.Asset{Name: old[0].Name, ContentType: "application/json", Content: old[0].Content})
	h.fake.AddAsset(7, prbottest.Asset{Name: old[1].Name, ContentType: "application/json", Content: []byte(`{}`)})
	h.fake.AddAsset(7, prbottest.Asset{Name: old[2].Name, State: "starter"})
	h.fake.AddAsset(7, prbottest.Asset{Name: "notes.txt", ContentType: "text/plain", Content: []byte("by hand")})
	if string(old[0].Content) == string(releaseAssets("2026-12-11")[0].Content) || len(old[0].Content) != len(releaseAssets("2026-12-11")[0].Content) {
		t.Fatal("the outdated file must differ from the new one in its bytes only")
	}

	// A dry run says what it would replace and changes nothing.
	h.bot.DryRun = true
	res, err := h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err != nil || len(h.fake.Writes()) != 0 {
		t.Fatalf("dry run: %v, wrote %v", err, h.fake.Writes())
	}
	if got := strings.Join(res.Actions, "\n"); !strings.Contains(got, "would replace Keywords.en.json on release v1.0.0 (the one attached is of the same size, with other bytes)") ||
		!strings.Contains(got, "would replace Keywords.es.json on release v1.0.0 (the one attached is an upload left unfinished (state \"starter\"))") ||
		!strings.Contains(got, "would publish release v1.0.0") {
		t.Errorf("dry run said:\n%s", got)
	}

	h.bot.DryRun = false
	res, err = h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err != nil {
		t.Fatal(err)
	}
	upload := "POST /api/uploads/repos/mtgrules/crgen/releases/7/assets"
	want := []string{"DELETE " + api + "releases/assets/1001", upload, "DELETE " + api + "releases/assets/1002", upload, "DELETE " + api + "releases/assets/1003", upload}
	if got := uploadsAndDeletes(h.fake.Writes()); !slices.Equal(got, want) {
		t.Errorf("replaced by:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	all := h.fake.Assets("v1.0.0")
	if len(all) != 4 || all[0].Name != "notes.txt" || string(all[0].Content) != "by hand" {
		t.Errorf("the file given by hand: %+v", all)
	}
	checkAttached(t, h, "v1.0.0", releaseAssets("2026-12-11"))
	if got := strings.Join(res.Actions, "\n"); !strings.Contains(got, "replaced CardTypes.en.json on release v1.0.0 (the one attached was 2 bytes, not ") ||
		!strings.Contains(got, "left on release v1.0.0, not among the files given: notes.txt") {
		t.Errorf("result:\n%s", got)
	}
}

// An upload that fails upstream (502) may leave an unfinished file of that
// name, so the retry is refused (422): the run fails naming the file and
// the release, before publishing: a draft, no tag, no changelog entry.
// The rerun deletes the unfinished file, uploads it and publishes.
func TestReleaseFailedUploadLeavesADraft(t *testing.T) {
	h := releaseHarness(t)
	failed := false
	h.fake.Inject = func(w http.ResponseWriter, r *http.Request) bool {
		if failed || r.Method != "POST" || r.URL.Query().Get("name") != "CardTypes.en.json" {
			return false
		}
		failed = true
		for _, rel := range h.fake.Releases { // the fake's lock is held
			if rel.Tag == "v1.0.0" {
				rel.Assets = append(rel.Assets, &prbottest.Asset{ID: 99, Name: "CardTypes.en.json", State: "starter"})
			}
		}
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte(`{"message": "Upstream failure"}`))
		return true
	}
	_, err := h.bot.Release(context.Background(), releaseWithAssets("2026-12-11"))
	if err == nil || !strings.Contains(err.Error(), "uploading CardTypes.en.json to the draft release v1.0.0 (it stays a draft, without a tag; a rerun finishes it)") ||
		!strings.Contains(err.Error(), "already_exists") {
		t.Fatalf("a failed upload: %v", err)
	}
	if !strings.Contains(h.log.String(), "502") {
		t.Errorf("the 502 was not retried:\n%s", h.log.String())
	}
	rels := checkOnlyADraft(t, h)

	h.fake.ResetLog()
	if _, err := h.bot.Release(context.Background(), releaseWithAssets("2026-12-11")); err != nil {
		t.Fatal(err)
	}
	upload := "POST /api/uploads/repos/mtgrules/crgen/releases/" + itoa(rels[0].ID) + "/assets"
	if got, want := uploadsAndDeletes(h.fake.Writes()), []string{"DELETE " + api + "releases/assets/99", upload, upload}; !slices.Equal(got, want) {
		t.Errorf("the rerun:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if h.git.Refs["refs/tags/v1.0.0"] != releaseSHA || len(h.fake.PublishedReleases()) != 1 || len(h.fake.Assets("v1.0.0")) != 3 {
		t.Errorf("after the rerun: tags %v, releases %+v", h.git.Refs, h.fake.ReleaseList())
	}
	checkAttached(t, h, "v1.0.0", releaseAssets("2026-12-11"))
}

func TestReleaseAssetRefusals(t *testing.T) {
	h := releaseHarness(t)
	for _, c := range []struct {
		assets []Asset
		want   string
	}{
		{[]Asset{{Name: "Keywords en.json", Content: []byte("{}")}}, `release asset "Keywords en.json": GitHub would rename it`},
		{[]Asset{{Name: ".Keywords.json", Content: []byte("{}")}}, "GitHub would rename it"},
		{[]Asset{{Name: "out/Keywords.json", Content: []byte("{}")}}, "GitHub would rename it"},
		{[]Asset{{Name: "Keywords.json", Content: []byte("{}")}, {Name: "Keywords.json", Content: []byte("[]")}}, "release asset Keywords.json given twice"},
		{[]Asset{{Name: "Keywords.json"}}, "release asset Keywords.json is empty"},
	} {
		opt := releaseOpts("", nil)
		opt.Assets = c.assets
		if _, err := h.bot.Release(context.Background(), opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error saying %q", c.assets, err, c.want)
		}
	}
	if w := h.fake.Writes(); len(w) != 0 {
		t.Errorf("refusals wrote %v", w)
	}
}
