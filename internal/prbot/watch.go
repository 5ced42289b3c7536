package prbot

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/go-github/v60/github"
)

// A scheduled workflow that cannot die quietly: GitHub disables the
// schedule of a public repository after 60 days without activity, and
// releases of the rules are often further apart, so the refresh asks for
// its own workflow to be enabled again after each run; and a failing
// refresh keeps one open issue saying where and why, which the next
// success closes.

// FailureLabel marks the one issue of a failing refresh.
const FailureLabel = "rules-refresh-failed"

// FailureLabelOf is the label of the one issue of a failing workflow:
// FailureLabel for the refresh, rules-release-failed for the release.
// Each workflow's success closes its own issue only.
func FailureLabelOf(workflow string) string { return "rules-" + workflow + "-failed" }

// KeepAlive asks GitHub to enable the workflow file (refresh.yml) again,
// which resets the clock of the 60 days without activity. Enabling an
// enabled workflow changes nothing.
func (b *Bot) KeepAlive(ctx context.Context, workflowFile string) (*Result, error) {
	res := &Result{}
	if !b.write("enable workflow %s", workflowFile) {
		res.did("would enable workflow %s", workflowFile)
		return res, nil
	}
	if _, err := b.gh.Actions.EnableWorkflowByFileName(ctx, b.owner, b.repo, workflowFile); err != nil {
		return nil, fmt.Errorf("enabling workflow %s: %w", workflowFile, err)
	}
	res.did("enabled workflow %s (its schedule stays alive)", workflowFile)
	return res, nil
}

// Failure is one failed run of a workflow.
type Failure struct {
	Workflow string // "refresh"
	Step     string // the step that failed
	Error    string // what it printed last
	RunURL   string // the run's page
}

// consequences say what a workflow's failure holds back.
var consequences = map[string]string{
	"refresh": "no rules update reaches a pull request",
	"release": "what changed on main is not released: no tag, no release, no changelog entry",
}

// failureBody is the issue's body: the latest failure.
func (f Failure) body() string {
	var b strings.Builder
	fmt.Fprintf(&b, "The %s workflow failed at the step **%s**", f.Workflow, f.Step)
	if f.RunURL != "" {
		fmt.Fprintf(&b, " ([run](%s))", f.RunURL)
	}
	b.WriteString(".\n\n")
	if f.Error != "" {
		b.WriteString("What it printed last:\n\n```\n" + strings.ReplaceAll(strings.TrimSpace(f.Error), "```", "ʼʼʼ") + "\n```\n\n")
	}
	b.WriteString("This issue is updated on each failure and closed by the next run that succeeds")
	if c, ok := consequences[f.Workflow]; ok {
		b.WriteString("; until then, " + c)
	}
	b.WriteString(".\n")
	return b.String()
}

// ReportFailure keeps one open issue labelled FailureLabelOf the
// failing workflow: it opens it, or, when one is open, sets its body to
// this failure and comments that the run failed again.
func (b *Bot) ReportFailure(ctx context.Context, f Failure) (*Result, error) {
	res := &Result{}
	label := FailureLabelOf(f.Workflow)
	open, err := b.openFailureIssues(ctx, label)
	if err != nil {
		return nil, err
	}
	body := CapBody(f.body(), BodyLimit)
	title := fmt.Sprintf("The %s workflow is failing", f.Workflow)
	if len(open) == 0 {
		if !b.write("open issue %q", title) {
			res.did("would open issue %q", title)
			return res, nil
		}
		issue, _, err := b.gh.Issues.Create(ctx, b.owner, b.repo, &github.IssueRequest{Title: github.String(title), Body: github.String(body), Labels: &[]string{label}})
		if err != nil {
			return nil, fmt.Errorf("opening the failure issue: %w", err)
		}
		res.PR = issue.GetNumber()
		res.did("opened issue #%d (%s)", issue.GetNumber(), issue.GetHTMLURL())
		return res, nil
	}
	issue := open[0]
	res.PR = issue.GetNumber()
	if !b.write("update issue #%d", issue.GetNumber()) {
		res.did("would update issue #%d", issue.GetNumber())
		return res, nil
	}
	if _, _, err := b.gh.Issues.Edit(ctx, b.owner, b.repo, issue.GetNumber(), &github.IssueRequest{Body: github.String(body)}); err != nil {
		return nil, fmt.Errorf("updating failure issue #%d: %w", issue.GetNumber(), err)
	}
	again := fmt.Sprintf("Failed again at the step **%s**", f.Step)
	if f.RunURL != "" {
		again += fmt.Sprintf(" ([run](%s))", f.RunURL)
	}
	if _, _, err := b.gh.Issues.CreateComment(ctx, b.owner, b.repo, issue.GetNumber(), &github.IssueComment{Body: github.String(again + ".")}); err != nil {
		return nil, fmt.Errorf("commenting on failure issue #%d: %w", issue.GetNumber(), err)
	}
	res.did("updated issue #%d", issue.GetNumber())
	return res, nil
}

// ReportSuccess closes the open failure issues, saying which run
// succeeded. With none open it writes nothing.
func (b *Bot) ReportSuccess(ctx context.Context, workflow, runURL string) (*Result, error) {
	res := &Result{}
	open, err := b.openFailureIssues(ctx, FailureLabelOf(workflow))
	if err != nil {
		return nil, err
	}
	for _, issue := range open {
		n := issue.GetNumber()
		if !b.write("close issue #%d", n) {
			res.did("would close issue #%d", n)
			continue
		}
		msg := fmt.Sprintf("The %s workflow succeeded again", workflow)
		if runURL != "" {
			msg += fmt.Sprintf(" ([run](%s))", runURL)
		}
		if _, _, err := b.gh.Issues.CreateComment(ctx, b.owner, b.repo, n, &github.IssueComment{Body: github.String(msg + ": closing.")}); err != nil {
			return nil, fmt.Errorf("commenting on failure issue #%d: %w", n, err)
		}
		if _, _, err := b.gh.Issues.Edit(ctx, b.owner, b.repo, n, &github.IssueRequest{State: github.String("closed")}); err != nil {
			return nil, fmt.Errorf("closing failure issue #%d: %w", n, err)
		}
		res.did("closed issue #%d", n)
	}
	return res, nil
}

// openFailureIssues lists the open issues (not pull requests) labelled
// label that the bot opened.
func (b *Bot) openFailureIssues(ctx context.Context, label string) ([]*github.Issue, error) {
	opt := &github.IssueListByRepoOptions{State: "open", Labels: []string{label}, Creator: b.Login, ListOptions: github.ListOptions{PerPage: 100}}
	var out []*github.Issue
	for {
		issues, resp, err := b.gh.Issues.ListByRepo(ctx, b.owner, b.repo, opt)
		if err != nil {
			return nil, fmt.Errorf("listing issues labelled %s: %w", label, err)
		}
		for _, i := range issues {
			if !i.IsPullRequest() {
				out = append(out, i)
			}
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}
