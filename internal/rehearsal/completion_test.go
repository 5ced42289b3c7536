package rehearsal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// completion is the official TXT of a release the history recorded from
// rule pages only, and what a correct pipeline must report about it.
type completion struct {
	step *future.Step
	text []byte
	// added are the names the TXT brings to lists the current state
	// already had (the keywords a release added), by list; brought the
	// facts the record of the release did not carry.
	added   map[string][]string
	brought []string
}

// deriveCompletion is the official TXT of the tree's newest English
// release when the history recorded it from rule pages (the tree holds
// what those pages said, and the TXT says the same of them), else of a
// release after it whose English 205.3 page comes first (publishPage).
// It brings a keyword or two, as the TXT of 2026-09-25 brought eleven.
func deriveCompletion(t *testing.T, project string) *completion {
	t.Helper()
	store := snapshot.Store{Dir: filepath.Join(project, "snapshots")}
	steps, err := future.Plan(project, store, future.Future{Seed: 30, Releases: []future.Release{{Changes: []string{future.KindComplete}}}})
	if err != nil {
		t.Fatal(err)
	}
	c := &completion{step: steps[0], added: map[string][]string{}}
	if c.text, err = c.step.W.EnglishTXT(); err != nil {
		t.Fatal(err)
	}
	base, err := future.Base(store)
	if err != nil {
		t.Fatal(err)
	}
	for k, names := range c.step.W.Want {
		if snapshot.IsCategory(k) {
			continue // what the page brings, in its own commit
		}
		for _, n := range names {
			if !slices.Contains(base.Want[k], n) {
				c.added[k] = append(c.added[k], n)
			}
		}
	}
	// What the record of the release carries: the page's facts (205.3).
	var record *snapshot.Snapshot
	if !c.step.Page {
		if record, err = snapshot.Load(store.HistoryPath("en", c.step.Completes)); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range snapshot.Registry {
		carried := f.Name == snapshot.FactSubtypes || f.Group == snapshot.FactSubtypes
		if record != nil {
			carried = record.Has(f.Name)
		}
		if !carried {
			c.brought = append(c.brought, f.Name)
		}
	}
	return c
}

func (c *completion) date() string { return c.step.W.Date }

// checkReport checks that the pull request's report names the release
// completed, from the official TXT, list by list, the names the TXT
// brings added, and no amendment.
func (c *completion) checkReport(t *testing.T, runnerTemp, work, body string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(runnerTemp, "bin", "scrape"), "report", "-exit-code", "-format", "json", filepath.Join(runnerTemp, "old-snapshots"), "snapshots")
	cmd.Dir = work
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err == nil || cmd.ProcessState.ExitCode() != 3 {
		t.Fatalf("scrape report: %v (want exit 3: changed)", err)
	}
	var rep struct {
		History diff.HistoryChange
		Diffs   []struct {
			Added   map[string][]string
			Removed map[string][]string
		}
		Whole []struct {
			Rules []struct{ Number, Status string }
		} `json:"whole_rules"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	h := rep.History
	if len(h.Completed) != 1 || len(h.Amended)+len(h.Added)+len(h.Removed) != 0 {
		t.Fatalf("history: %+v, want en@%s completed and nothing else", h, c.date())
	}
	got := h.Completed[0]
	var lists []string
	for _, l := range got.Lists {
		lists = append(lists, l.List)
		if l.Names == 0 {
			t.Errorf("completed %s with no names", l.List)
		}
	}
	if got.Release != (diff.Ref{Lang: "en", Effective: c.date()}) || got.From != diff.CompletedFromTXT || !slices.Equal(lists, c.brought) {
		t.Errorf("completion %+v, want en@%s from the official TXT bringing %v", got, c.date(), c.brought)
	}
	if en := rep.Diffs[0]; len(en.Removed) != 0 || !equalLists(en.Added, c.added) {
		t.Errorf("English: added %v, removed %v; want added %v and nothing removed", en.Added, en.Removed, c.added)
	}
	// The rule book's change, once: what the TXT adds to the record of
	// the release (what its pages showed was shown when they were
	// recorded), counted against scrape diff -whole.
	counted, err := future.WholeShown(out.Bytes(), filepath.Join(runnerTemp, "old-snapshots"), filepath.Join(work, "snapshots"), map[string][]string{"en": {c.date()}})
	if err != nil {
		t.Error(err)
	}
	t.Logf("the whole rules in the pull request: %s", counted)
	// Each rule the TXT added or reworded outside the pages, as the future
	// wrote it, in the completion's diff.
	var whole struct {
		Rules []struct{ Number, Status string }
	}
	if len(rep.Whole) == 1 {
		whole = rep.Whole[0]
	} else {
		t.Errorf("%d whole diffs in the pull request, want the completion of en@%s", len(rep.Whole), c.date())
	}
	shown := map[string]string{}
	for _, rc := range whole.Rules {
		shown[rc.Number] = rc.Status
	}
	changed, err := c.step.Changed(filepath.Join(runnerTemp, "old-snapshots"))
	if err != nil {
		t.Fatal(err)
	}
	for n, status := range changed {
		if shown[n] != status {
			t.Errorf("rule %s, %s by the TXT: %q in the pull request's whole diff", n, status, shown[n])
		}
	}
	for _, want := range []string{
		"## Rules update: English " + c.date() + " (completed from the official TXT)",
		"- **History of releases**: completed en@" + c.date() + " from the official TXT (",
		"- ➕ **Completed**: the recorded release en@" + c.date() + " was completed from the official TXT: it now carries ",
		"- **The whole rules**: en@" + c.date() + " completed (",
		"## The whole rules: en@" + c.date() + " completed: as recorded before → now",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the pull request body lacks %q:\n%s", want, body)
		}
	}
	for _, bad := range []string{"mend", "corrected on purpose", c.date() + " → " + c.date()} {
		if strings.Contains(body, bad) {
			t.Errorf("the pull request body of a completion says %q:\n%s", bad, body)
		}
	}
}

func equalLists(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(slices.Sorted(slices.Values(v)), slices.Sorted(slices.Values(b[k]))) {
			return false
		}
	}
	return true
}

// checkGenerated bounds the diff of generated/ by the names the TXT
// brings: the lists the record lacked were in generated/ already, from
// the release before.
func (c *completion) checkGenerated(t *testing.T, repoDir, base, head string) {
	t.Helper()
	diffText := git(t, repoDir, "diff", "-U0", "--no-color", base, head, "--", "generated/")
	grew := future.GrownTables(git(t, repoDir, "show", base+":generated/internal/data/index.go"), git(t, repoDir, "show", head+":generated/internal/data/index.go"))
	total := future.ChangedLines(diffText, grew != "")
	limit := future.LinesPerName*c.step.Names + future.LinesPerList*c.step.Lists
	if total == 0 || total > limit {
		t.Errorf("generated/ diff of the completion: %d lines changed beyond provenance, want 1 to %d%s", total, limit, grew)
	}
	t.Logf("generated/ diff of the completion: %d lines beyond provenance%s", total, grew)
}

// amendByHand is what a maintainer does when the official TXT of a
// recorded release turns out to say otherwise than its record: the
// manual recipe (scrape import, refused; scrape import -amend; gen) on a
// clone of main at base, pushed to a branch and opened as a pull
// request, on which review.yml must comment the amendment: the release
// as recorded before and now, every change once, counted against scrape
// diff -whole.
func (r *rehearsal) amendByHand(t *testing.T, base string) {
	t.Helper()
	r.runs++
	work := filepath.Join(r.tmp, fmt.Sprintf("amend-%d", r.runs))
	git(t, r.tmp, "clone", "-q", r.origin, work)
	git(t, work, "checkout", "-q", "-b", "amend", base)
	// The maintainer's gen, built as the workflows build theirs (the
	// rehearsal's stand-ins: one build, and its output for the review).
	bin := filepath.Join(r.tmp, fmt.Sprintf("amend-%d-bin", r.runs))
	r.run(t, work, filepath.Join(sharedCommands(t), "go"), "build", "-o", bin+string(filepath.Separator), "./cmd/gen")
	f := future.NewTree(work, t.TempDir())
	steps, err := future.Plan(work, f.Store, future.Future{Seed: 31, Releases: []future.Release{{Changes: []string{future.KindAmend}}}})
	if err != nil {
		t.Fatal(err)
	}
	s := steps[0]
	t.Log(future.Describe(31, steps))
	before := filepath.Join(r.tmp, fmt.Sprintf("amend-%d-before", r.runs))
	if err := os.CopyFS(before, os.DirFS(f.Store.Dir)); err != nil {
		t.Fatal(err)
	}
	if err := f.Import(s); err != nil {
		t.Fatal(err)
	}
	r.run(t, work, filepath.Join(bin, "gen"))
	git(t, work, "add", "-A")
	git(t, work, "commit", "-q", "-m", "Amend en@"+s.Amends+": its official TXT read again")
	git(t, work, "push", "-q", "origin", "amend")
	head := git(t, work, "rev-parse", "HEAD")
	pr := r.gh.OpenPR("amend", "main", "Amend en@"+s.Amends, "Its official TXT, read again, says otherwise than the record.", "a-maintainer")
	comment := r.review(t, pr, base, head)
	t.Logf("the review comment on #%d:\n%s", pr.Number, indent(comment))
	for _, want := range []string{
		"- **The whole rules**: en@" + s.Amends + " amended (rules: 1 changed; [its page](https://mtgrules.github.io/crgen/en/" + s.Amends + "/changes.html))",
		"## The whole rules: en@" + s.Amends + " amended: as recorded before → now",
	} {
		if !strings.Contains(comment, want) {
			t.Errorf("the review comment of the amendment lacks %q", want)
		}
	}
	// The review's own scrape, as JSON.
	cmd := exec.Command(filepath.Join(r.tmp, fmt.Sprintf("review-runner-%d", pr.Number), "bin", "scrape"), "report", "-format", "json", before, f.Store.Dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("scrape report of the amendment: %v", err)
	}
	counted, err := future.WholeShown(out, before, f.Store.Dir, map[string][]string{"en": {s.Amends}})
	if err != nil {
		t.Error(err)
	}
	t.Logf("the whole rules in the amendment's review: %s", counted)
}

// run runs a command in dir as the workflows' steps run theirs, in the
// rehearsal's environment (name is found on this process's PATH: give
// a stand-in by its path).
func (r *rehearsal) run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, r.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
