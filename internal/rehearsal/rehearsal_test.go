package rehearsal

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/prbot"
	"github.com/mtgrules/crgen/internal/prbot/prbottest"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/scrape/scrapetest"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// trimpath makes the builds of the rehearsal's clones, each in a
// directory of its own, the same builds to Go's cache: without it every
// clone compiles the module again.
const trimpath = "GOFLAGS=-trimpath"

const (
	owner, repo = "mtgrules", "crgen"
	ghToken     = "ghs_rehearsalTOKEN"
	botLogin    = "github-actions[bot]"
)

// TestRehearsedUpdate is the next rules update, end to end: the
// refresh workflow, run as written, must update snapshots and generated
// code, the project's own tests must pass on the result, one pull request
// be opened whose body names exactly the changes (the Spanish lag and the
// Go API verdict with them), the review workflow comment that same report
// on it, the generated/ diff be small and readable, and no existing
// constant change its value. (The release of a merged update is
// TestRehearsedUpdateAfterUnpublished's, whose update makes every change
// this one makes, and a category besides.)
//
// The update: the next release, with names added, removed and renamed, a
// new symbol, a rule reworded, Spanish a release behind; after it, two
// idle hours, then a live source serving a broken release, for which the
// refresh keeps one issue open saying where and why, closed by the next
// run. Beside it run TestRehearsedCompletion (the official TXT of a
// release recorded from rule pages) and TestRehearsedUpdateAfterUnpublished
// (the update after one the rehearsal made). Every release is derived
// from the tree (internal/future), so the rehearsals run without the
// corpus too: the refresh's corpus step is then stood in for, and its
// tests of the corpus skip as on any machine without it.
//
// The refresh's checks (make state) are stood in for, as in the two
// other rehearsals, each saying where the state of such a tree is
// tested: make state runs, as the refresh runs it, on the trees of
// TestFutures' new releases (and make released's make test on others).
func TestRehearsedUpdate(t *testing.T) {
	r := startRehearsal(t)
	r.checks = "make state on a tree of a new release is TestFutures' (chosen=1 and chosen=2) and make released's"

	// The next update.
	first := deriveUpdate(t, r.work, false)
	r.serve(first.Effective, first.Text)
	pr := r.refreshAndReview(t, first)
	refreshed := workTree(t, r.work)

	// The hours after it, nothing published: the page unchanged (304), the
	// TXT asked only for its headers; then a site that ignores
	// conditional requests, which costs its page and never the TXT.
	txtHead := "HEAD " + r.live.Link() + " 200 0"
	r.idleHour(t, "GET /en/rules 304 0", txtHead)
	r.live.IgnoreConditional(true)
	r.idleHour(t, fmt.Sprintf("GET /en/rules 200 %d", r.live.PageSize()), "HEAD "+r.live.Link()+" 200 0")
	r.live.IgnoreConditional(false)

	// A live source gone wrong: the same release, a third of its creature
	// types missing. The refresh fails at the scrape (the guard against the
	// release before it), opens one issue saying so, and still keeps its
	// schedule alive; the open pull request is left as it is.
	r.serve(first.Effective, corpus.DropEveryThirdCreature(t, first.Text))
	enabled := r.gh.Enabled["refresh.yml"]
	res := r.refresh(t)
	if !res.Failed || res.FailedStep != "Scrape the live sources" {
		t.Fatalf("a broken live release: failed %v at %q", res.Failed, res.FailedStep)
	}
	issues := r.gh.OpenIssues(prbot.FailureLabel)
	if len(issues) != 1 || !strings.Contains(issues[0].Body, "failed at the step **scrape**") || !strings.Contains(issues[0].Body, "refusing to write the release en@"+first.Effective+" (compared with the releases before it)") {
		var said []string
		for _, is := range issues {
			said = append(said, fmt.Sprintf("#%d %q: %s", is.Number, is.Title, is.Body))
		}
		t.Fatalf("failure issues (want one saying the scrape refused en@%s):\n%s", first.Effective, strings.Join(said, "\n"))
	}
	open := slices.DeleteFunc(r.gh.PRs(), func(p *prbottest.Issue) bool { return p.State != "open" })
	if r.gh.Enabled["refresh.yml"] != enabled+1 || len(open) != 1 || open[0].Number != pr.Number {
		t.Errorf("after a failed refresh: enabled %d times, open pull requests %+v", r.gh.Enabled["refresh.yml"], open)
	}
	// The source mended: the same release again, the pull request as it
	// is, the issue closed.
	r.serve(first.Effective, first.Text)
	r.gh.ResetLog()
	res = r.refresh(t)
	if res.Failed {
		t.Fatalf("the mended refresh failed at %q:\n%s", res.FailedStep, res.Output[res.FailedStep])
	}
	if mended := workTree(t, r.work); mended != refreshed {
		t.Errorf("the mended refresh's tree (%s) is not the first refresh's of the release (%s)", mended, refreshed)
	}
	if len(r.gh.OpenIssues(prbot.FailureLabel)) != 0 || slices.ContainsFunc(r.gh.Writes(), func(w string) bool { return strings.Contains(w, "/git/") || strings.Contains(w, "/pulls") }) {
		t.Errorf("after the mended refresh: issues %v, writes %v", r.gh.OpenIssues(prbot.FailureLabel), r.gh.Writes())
	}

	if r.gh.Enabled["refresh.yml"] != 5 {
		t.Errorf("after five refreshes, the workflow was enabled %d times", r.gh.Enabled["refresh.yml"])
	}
}

// TestRehearsedCompletion is the official TXT of a release the history
// recorded from rule pages only (the tree's newest, when it is one, else
// a release whose English 205.3 page a maintainer commits first), which
// completes that release, end to end as TestRehearsedUpdate's update;
// first the tree as it stands is released (v1.0.0) and its release rerun,
// which writes nothing. The refresh's checks are stood in for: make
// state on a tree a completion made is TestFutures' (chosen=2) and make
// released's.
func TestRehearsedCompletion(t *testing.T) {
	r := startRehearsal(t)

	// The tree as it stands is the first version of the module; a rerun
	// of its release writes nothing.
	base := git(t, r.origin, "rev-parse", "main")
	baseNewest := newestRecorded(t, snapshot.Store{Dir: filepath.Join(r.work, "snapshots")})
	r.mustRelease(t, base)
	r.checkRelease(t, base, []string{"The first release of github.com/mtgrules/crgen.", "English none → " + baseNewest})
	r.gh.ResetLog()
	r.mustRelease(t, base)
	if w := r.gh.Writes(); len(w) != 0 {
		t.Errorf("a rerun of the release wrote %v", w)
	}

	// The official TXT of a release recorded from its rule pages.
	c := deriveCompletion(t, r.work)
	if c.step.Page {
		r.publishPage(t, c.step)
	}
	r.serve(c.step.W.Date, c.text)
	r.checks = "make state on a tree a completion made is TestFutures' (chosen=2) and make released's"
	merged := r.merge(t, r.refreshAndReview(t, c))
	r.mustRelease(t, merged)
	r.checkRelease(t, merged, []string{"English " + c.step.W.Date + " (completed from the official TXT)", "**Completed**: the recorded release en@" + c.step.W.Date + " was completed from the official TXT"})
	if r.gh.Enabled["refresh.yml"] != 1 || len(r.gh.OpenIssues(prbot.FailureLabel)) != 0 {
		t.Errorf("after a successful refresh: workflow enabled %d times, failure issues %v", r.gh.Enabled["refresh.yml"], r.gh.OpenIssues(prbot.FailureLabel))
	}

	// The release completed, its official TXT read again with a
	// correction: a maintainer amends it by hand and opens a pull
	// request, on which review.yml comments the amendment.
	r.amendByHand(t, merged)
}

// TestRehearsedUpdateAfterUnpublished is the update after one the
// rehearsal made itself: its tree already holds a release nobody
// published (derived as TestRehearsedUpdate's next release is, and
// recorded by the manual recipe), and the rules add a subtype category.
// Its release is refused at publishing (a draft, no tag, one issue), then
// rerun. The refresh's checks are stood in for: make state on a tree
// with a new category is TestFutures' (chosen=1) and make released's.
func TestRehearsedUpdateAfterUnpublished(t *testing.T) {
	r := startRehearsal(t, func(work string) {
		f := future.NewTree(work, t.TempDir())
		u := deriveUpdate(t, work, false)
		txt, err := f.Write("MagicCompRules "+u.Effective+".txt", u.Text)
		if err != nil {
			t.Fatal(err)
		}
		if code, out := f.Scrape("import", txt); code != 0 {
			t.Fatalf("scrape import of the unpublished release %s: exit %d\n%s", u.Effective, code, out)
		}
		if err := f.Gen(); err != nil {
			t.Fatal(err)
		}
	})
	base := git(t, r.origin, "rev-parse", "main")
	unpublished := newestRecorded(t, snapshot.Store{Dir: filepath.Join(r.work, "snapshots")})
	r.mustRelease(t, base)
	r.checkRelease(t, base, []string{"The first release of github.com/mtgrules/crgen.", "English none → " + unpublished})

	second := deriveUpdate(t, r.work, true) // with a subtype category the rules add
	if second.Effective <= unpublished {
		t.Fatalf("the update (%s) is not after the unpublished release (%s)", second.Effective, unpublished)
	}
	r.serve(second.Effective, second.Text)
	r.checks = "make state on a tree with a new category is TestFutures' (chosen=1) and make released's"
	pr2 := r.refreshAndReview(t, second)
	r.checks = ""

	// Its release, refused at publishing: a draft and an open issue, no
	// tag and no changelog entry; the rerun publishes that draft, names
	// added make it a minor version, and the issue is closed.
	before := git(t, r.origin, "rev-parse", "main")
	merged2 := r.merge(t, pr2)
	r.releaseRefused(true)
	r.checkFailedRelease(t, r.release(t, merged2), r.nextVersion(), merged2)
	r.releaseRefused(false)
	r.mustRelease(t, merged2)
	r.checkRelease(t, merged2, []string{"English " + unpublished + " → " + second.Effective, "**Go API**: compatible: "})
	if n := len(r.gh.ReleaseList()); n != len(r.versions) || len(r.gh.OpenIssues(prbot.FailureLabelOf("release"))) != 0 {
		t.Errorf("after the mended release: %d releases (drafts included), want %d; failure issues %v", n, len(r.versions), r.gh.OpenIssues(prbot.FailureLabelOf("release")))
	}
	if git(t, r.origin, "rev-parse", merged2+"^") != before {
		t.Errorf("the update was not made on top of the release's changelog entry")
	}
}

// startRehearsal is a rehearsal of the project as it stands, each
// prepare applied to its working copy before the first commit; it skips
// inside another rehearsal and under -short, and runs beside the other
// rehearsals, each in trees of its own.
func startRehearsal(t *testing.T, prepare ...func(work string)) *rehearsal {
	t.Helper()
	if os.Getenv(future.EnvInside) != "" {
		t.Skip("inside a rehearsal: the nested make test does not rehearse again")
	}
	if testing.Short() {
		t.Skip("-short: the rehearsal runs the whole refresh workflow (a few minutes)")
	}
	t.Parallel()
	for _, tool := range []string{"git", "bash", "make", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the rehearsal needs %s: %v", tool, err)
		}
	}
	return newRehearsal(t, corpus.Root(t), prepare...)
}

// publishPage is what a maintainer does when the rules site publishes a
// release's English 205.3 page before its TXT: the manual recipe on a
// clone of main (capture, accept as of its date, scrape, gen), pushed to
// main, and released.
func (r *rehearsal) publishPage(t *testing.T, s *future.Step) {
	t.Helper()
	r.runs++
	work := filepath.Join(r.tmp, fmt.Sprintf("page-%d", r.runs))
	git(t, r.tmp, "clone", "-q", r.origin, work)
	f := future.NewTree(work, t.TempDir())
	if err := f.PublishEnglishPage(s.W); err != nil {
		t.Fatal(err)
	}
	if err := f.Gen(); err != nil {
		t.Fatal(err)
	}
	git(t, work, "add", "-A")
	git(t, work, "commit", "-q", "-m", "The English 205.3 page of the release of "+s.W.Date)
	git(t, work, "push", "-q", "origin", "HEAD:main")
	sha := git(t, work, "rev-parse", "HEAD")
	r.work = work
	r.mustRelease(t, sha)
	r.checkRelease(t, sha, []string{"Added to the history: en@" + s.W.Date})
}

// rehearsal is a clone of the project pushed to a bare origin, a fake
// GitHub over it, and a live rules page.
type rehearsal struct {
	tmp, work, origin string
	gh                *prbottest.Fake
	env               []string
	live              *scrapetest.RulesSite
	runs              int
	versions          []string // released, oldest first
	// noCorpus: this machine has no corpus; the workflows' corpus step is
	// stood in for, its reason this.
	noCorpus string
	// checks: where set, the refresh's checks (make state) are stood in
	// for, with this reason: where else the state of such a tree is tested.
	checks string
}

func newRehearsal(t *testing.T, project string, prepare ...func(work string)) *rehearsal {
	t.Helper()
	r := &rehearsal{tmp: t.TempDir()}
	r.work = filepath.Join(r.tmp, "work")
	if err := future.CopyProject(project, r.work); err != nil {
		t.Fatal(err)
	}
	for _, p := range prepare {
		p(r.work)
	}
	// The corpus where the workflows look for it: ../shared/corpus. Where
	// this machine has none, the workflows run without it, as they would
	// on a runner whose corpus step found nothing to fetch: its tests of
	// the corpus skip, saying so (CI=true is not set, which would make
	// them fail).
	ci := "CI=true"
	if _, err := os.Stat(corpus.Path(t, "")); err != nil {
		r.noCorpus = fmt.Sprintf("this machine has no corpus (%s): the rehearsal's workflows run without it", corpus.Path(t, ""))
		ci = "CI="
		t.Log(r.noCorpus)
	} else {
		if err := os.MkdirAll(filepath.Join(r.tmp, "shared"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(corpus.Path(t, ""), filepath.Join(r.tmp, "shared", "corpus")); err != nil {
			t.Fatal(err)
		}
	}
	// The live English source: the rules page with its one .txt link,
	// answering conditional requests and HEAD as web servers do.
	r.live = scrapetest.NewRulesSite(t, "", nil)
	r.live.OnUnknown(func(req *http.Request) { t.Errorf("live source: unexpected request %s", req.URL) })
	pointLiveSource(t, r.work, r.live.URL+scrapetest.PagePath)

	// The repository: the clone's main branch, pushed to a bare origin that
	// the fake GitHub serves.
	git(t, r.work, "init", "-q", "-b", "main")
	git(t, r.work, "add", "-A")
	git(t, r.work, "commit", "-q", "-m", "base of the rehearsal")
	r.origin = filepath.Join(r.tmp, "origin.git")
	git(t, r.tmp, "clone", "-q", "--bare", r.work, r.origin)
	r.gh = prbottest.New(t, owner, repo, &prbottest.Bare{Dir: r.origin})
	r.gh.Token, r.gh.Login = ghToken, botLogin
	r.env = append(os.Environ(), ci, future.EnvInside+"=1", trimpath,
		"GITHUB_REPOSITORY="+owner+"/"+repo, "GITHUB_REPOSITORY_OWNER="+owner, "GITHUB_API_URL="+r.gh.APIURL(), "NO_COLOR=1")
	r.env = slices.DeleteFunc(r.env, func(kv string) bool { return strings.HasPrefix(kv, corpus.EnvDir+"=") })
	r.env = withPath(r.env, sharedCommands(t))
	return r
}

// serve makes the live page link the release of date with text.
func (r *rehearsal) serve(date string, text []byte) {
	r.live.Serve("/downloads/MagicCompRules "+strings.ReplaceAll(date, "-", "")+".txt", text)
}

// idleSteps are the steps an hour in which nothing changed runs.
var idleSteps = []string{"actions/checkout", "actions/setup-go", "Build the bot and scrape", "What the last refresh read", "Anything new?", "Keep the schedule alive"}

// idleHour runs the scheduled refresh when nothing was published: it
// must ask the live site only what requests says (a conditional GET of
// the page, a HEAD of the TXT), download no TXT, run idleSteps and no
// other, and write nothing to GitHub but the keep-alive.
func (r *rehearsal) idleHour(t *testing.T, requests ...string) {
	t.Helper()
	r.live.TakeLog()
	r.gh.ResetLog()
	enabled := r.gh.Enabled["refresh.yml"]
	start := time.Now()
	res := r.refresh(t)
	took := time.Since(start)
	if res.Failed {
		t.Fatalf("an idle hour failed at %q:\n%s", res.FailedStep, res.Output[res.FailedStep])
	}
	if got := r.live.TakeLog(); !slices.Equal(got, requests) {
		t.Errorf("an idle hour asked the live site %q, want %q", got, requests)
	}
	if !slices.Equal(res.Ran, idleSteps) {
		t.Errorf("an idle hour ran the steps %q, want %q", res.Ran, idleSteps)
	}
	if !strings.Contains(res.Output["Anything new?"], "nothing changed") {
		t.Errorf("the probe of an idle hour said:\n%s", res.Output["Anything new?"])
	}
	for _, w := range r.gh.Writes() {
		if !strings.Contains(w, "/actions/workflows/refresh.yml/enable") {
			t.Errorf("an idle hour wrote %s to GitHub", w)
		}
	}
	if r.gh.Enabled["refresh.yml"] != enabled+1 {
		t.Errorf("an idle hour did not keep the schedule alive")
	}
	bytes := 0
	for _, q := range requests {
		n, _ := strconv.Atoi(q[strings.LastIndexByte(q, ' ')+1:])
		bytes += n
	}
	t.Logf("an idle hour: %d requests to the live site, %d bytes of body, %d steps run, %s here", len(requests), bytes, len(res.Ran), took.Round(time.Second))
}

// refresh runs refresh.yml's refresh job in a fresh clone of origin's
// main, as the schedule would.
func (r *rehearsal) refresh(t *testing.T) *jobResult {
	t.Helper()
	r.runs++
	work := filepath.Join(r.tmp, fmt.Sprintf("refresh-%d", r.runs))
	git(t, r.tmp, "clone", "-q", r.origin, work)
	r.work = work
	runnerTemp := filepath.Join(r.tmp, fmt.Sprintf("runner-%d", r.runs))
	if err := os.MkdirAll(runnerTemp, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := map[string]any{
		"github": map[string]any{"repository": owner + "/" + repo, "workspace": work, "server_url": "https://github.test",
			"run_id": strconv.Itoa(4000 + r.runs), "event_name": "schedule"},
		"runner":     map[string]any{"temp": runnerTemp},
		"secrets":    map[string]any{"GITHUB_TOKEN": ghToken, "CRGEN_BOT_TOKEN": ""},
		"inputs":     map[string]any{"dry_run": false, "allow_incompatible": false},
		actionsCache: filepath.Join(r.tmp, "actions-cache"),
	}
	standIns := map[string]string{}
	if r.noCorpus != "" {
		standIns[".github/fetch-corpus"] = r.noCorpus
	}
	if r.checks != "" {
		standIns["make state"] = r.checks
	}
	// The website of a refreshed tree: make released builds and checks it
	// on every derived release (internal/site's tests in make test), and
	// its browser's tools come from the network, which a rehearsal has not.
	standIns["make site-deps"] = "chromium and axe-core: installed by .ci/run before the tests"
	standIns["scrape site"] = "the site of a refreshed tree: internal/site's tests build and check it on every release make released derives"
	ctx[standInRuns] = standIns
	env := append(slices.Clone(r.env), "RUNNER_TEMP="+runnerTemp, "GITHUB_WORKSPACE="+work)
	return tryJob(t, loadWorkflow(t, filepath.Join(work, ".github/workflows/refresh.yml")), "refresh", work, ctx, env)
}

// expected is what a refresh must make of a release the live source
// serves: its report and its diff of generated/.
type expected interface {
	date() string
	checkReport(t *testing.T, runnerTemp, work, body string)
	checkGenerated(t *testing.T, repoDir, base, head string)
}

// refreshAndReview runs a refresh that must open or update the pull
// request of u, checks it, runs the review workflow on it, and returns it.
func (r *rehearsal) refreshAndReview(t *testing.T, u expected) *prbottest.Issue {
	t.Helper()
	base := git(t, r.origin, "rev-parse", "refs/heads/main")
	before := len(r.gh.PRs())
	res := r.refresh(t)
	if res.Failed {
		t.Fatalf("the refresh for %s failed at %q:\n%s", u.date(), res.FailedStep, indent(tail(res.Output[res.FailedStep], 200)))
	}
	if got := r.live.TakeLog(); !slices.ContainsFunc(got, func(q string) bool { return strings.HasPrefix(q, "GET "+r.live.Link()+" 200 ") }) {
		t.Fatalf("the refresh never fetched the release: requests %q", got)
	}
	prs := r.gh.PRs()
	if len(prs) != before+1 {
		t.Fatalf("%d pull requests, want %d", len(prs), before+1)
	}
	pr := prs[len(prs)-1]
	if pr.State != "open" || pr.Head != "crgen/refresh" || pr.Base != "main" || !slices.Equal(pr.Labels, []string{"rules-update"}) {
		t.Errorf("pull request %+v", *pr)
	}
	head := git(t, r.origin, "rev-parse", "refs/heads/crgen/refresh")
	if parent := git(t, r.origin, "rev-parse", head+"^"); parent != base {
		t.Errorf("the refresh commit's parent is %s, want the base %s", parent, base)
	}
	// The whole diff of the rules, uncut, is among the pull request's
	// files, where its body points when it cannot hold every change.
	if whole := git(t, r.origin, "show", head+":"+report.WholeFile); !strings.HasPrefix(whole, "## The whole rules: ") && !strings.HasPrefix(whole, report.NoWholeChange) {
		t.Errorf("%s in the refresh commit: %.300q", report.WholeFile, whole)
	}
	t.Logf("pull request #%d, body:\n%s", pr.Number, indent(pr.Body))
	runnerTemp := filepath.Join(r.tmp, fmt.Sprintf("runner-%d", r.runs))
	u.checkReport(t, runnerTemp, r.work, pr.Body)
	if comment := r.review(t, pr, base, head); comment != strings.TrimSpace(pr.Body) {
		t.Errorf("the review comment is not the pull request's report:\n--- body\n%s\n--- comment\n%s", pr.Body, comment)
	}
	u.checkGenerated(t, r.origin, base, head)
	return pr
}

// review runs review.yml on pull request pr, from a checkout of its base,
// and returns its one comment (its marker aside): the report of base
// against head.
func (r *rehearsal) review(t *testing.T, pr *prbottest.Issue, base, head string) string {
	t.Helper()
	review := filepath.Join(r.tmp, fmt.Sprintf("review-%d", pr.Number))
	git(t, r.tmp, "clone", "-q", r.origin, review)
	git(t, review, "checkout", "-q", base)
	reviewTemp := filepath.Join(r.tmp, fmt.Sprintf("review-runner-%d", pr.Number))
	if err := os.MkdirAll(reviewTemp, 0o755); err != nil {
		t.Fatal(err)
	}
	rctx := map[string]any{
		"github": map[string]any{"repository": owner + "/" + repo, "workspace": review, "event": map[string]any{
			"pull_request": map[string]any{"number": pr.Number, "base": map[string]any{"sha": base}, "head": map[string]any{"sha": head}}}},
		"runner":  map[string]any{"temp": reviewTemp},
		"secrets": map[string]any{"GITHUB_TOKEN": ghToken},
	}
	renv := append(slices.Clone(r.env), "RUNNER_TEMP="+reviewTemp, "GITHUB_WORKSPACE="+review)
	runJob(t, loadWorkflow(t, filepath.Join(review, ".github/workflows/review.yml")), "comment", review, rctx, renv)
	mine := r.gh.CommentsOn(pr.Number)
	if len(mine) != 1 || mine[0].Login != botLogin {
		t.Fatalf("comments on #%d: %+v, want one by the bot", pr.Number, mine)
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(mine[0].Body), "<!-- crgen:snapshot-diff -->"))
}

// merge fast-forwards origin's main to the pull request's branch and
// closes it, as merging it on GitHub would, and returns main's new head.
func (r *rehearsal) merge(t *testing.T, pr *prbottest.Issue) string {
	t.Helper()
	head := git(t, r.origin, "rev-parse", "refs/heads/"+pr.Head)
	git(t, r.origin, "update-ref", "refs/heads/main", head)
	r.gh.Lock()
	pr.State = "closed"
	r.gh.Unlock()
	work := filepath.Join(r.tmp, fmt.Sprintf("merged-%d", pr.Number))
	git(t, r.tmp, "clone", "-q", r.origin, work)
	r.work = work
	return head
}

// pointLiveSource makes the English rules page of sources.json the test
// server (committed in the base, so it is not part of the refresh).
func pointLiveSource(t *testing.T, work, url string) {
	t.Helper()
	m, err := sources.Load(filepath.Join(work, "sources"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range m.Sources {
		if m.Sources[i].Discover != nil {
			m.Sources[i].URL, found = url, true
		}
	}
	if !found {
		t.Fatal("sources.json declares no source found by link discovery (the English rules page)")
	}
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "sources", "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), prbottest.Identity...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

type constant struct {
	value      string
	deprecated bool
}

// workTree is the git tree of every file of the checkout dir, as it
// stands (ignored files aside): two checkouts of the same files have
// the same.
func workTree(t *testing.T, dir string) string {
	t.Helper()
	index := filepath.Join(t.TempDir(), "index")
	for _, args := range [][]string{{"add", "-A", "."}, {"write-tree"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "GIT_INDEX_FILE="+index)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v in %s: %v", args, dir, err)
		}
		if args[0] == "write-tree" {
			return strings.TrimSpace(string(out))
		}
	}
	return ""
}
