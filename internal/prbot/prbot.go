// Package prbot keeps the refresh pull request and the diff comment of the
// GitHub automation up to date, through the GitHub REST API (go-github v60).
//
// It is built to be run again and again: a run that finds everything as it
// should be writes nothing; a changed diff edits the same pull request and
// the same comment; a change that disappeared closes the pull request.
package prbot

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/go-github/v60/github"

	"github.com/mtgrules/crgen/internal/retry"
)

// BodyLimit is GitHub's limit on a pull-request body or comment, in characters.
const BodyLimit = 65536

// Marker ends every diff comment the bot writes; with the bot's login it
// identifies the comment to edit.
const Marker = "<!-- crgen:snapshot-diff -->"

// Env is the standard Actions environment.
type Env struct {
	Token      string // GITHUB_TOKEN
	Repository string // GITHUB_REPOSITORY, owner/name
	APIURL     string // GITHUB_API_URL
}

// EnvFrom reads Env with getenv: a command's own environment, which
// need not be the process's.
func EnvFrom(getenv func(key string) string) Env {
	return Env{Token: getenv("GITHUB_TOKEN"), Repository: getenv("GITHUB_REPOSITORY"), APIURL: getenv("GITHUB_API_URL")}
}

// EnvFromOS reads Env from the process environment.
func EnvFromOS() Env { return EnvFrom(os.Getenv) }

// Bot talks to one repository.
type Bot struct {
	gh          *github.Client
	owner, repo string
	// Login is the bot's account; only its comments are ever edited.
	Login  string
	DryRun bool
	Log    io.Writer
}

// Options tune the client; tests give a fake clock and a test server's
// transport.
type Options struct {
	// Transport carries the requests (default http.DefaultTransport);
	// retries wrap it.
	Transport  http.RoundTripper
	Clock      retry.Clock
	Rand       func() float64 // jitter; nil for random
	Attempts   int
	PerAttempt time.Duration
	Backoff    time.Duration
	MaxWait    time.Duration
	// DryRun lets the bot run without a token: it only reads.
	DryRun bool
}

// New returns a bot for env. The token is only ever placed in the
// Authorization header; it is never logged or part of an error.
func New(env Env, login string, log io.Writer, opt Options) (*Bot, error) {
	if env.Token == "" && !opt.DryRun {
		return nil, errors.New("GITHUB_TOKEN is not set (a -dry-run needs none for a public repository)")
	}
	owner, repo, ok := strings.Cut(env.Repository, "/")
	if !ok || owner == "" || repo == "" || strings.Contains(repo, "/") {
		return nil, fmt.Errorf("GITHUB_REPOSITORY %q is not owner/name", env.Repository)
	}
	b := &Bot{owner: owner, repo: repo, Login: login, Log: log, DryRun: opt.DryRun}
	t := retry.NewTransport(githubPolicy)
	t.Log = b.logf
	t.BodyLimit = 64 << 20 // an answer of the API cut short is retried (a listing of 100 items is a few hundred KB)
	if opt.Transport != nil {
		t.Next = opt.Transport
	}
	if opt.Clock != nil {
		t.Clock = opt.Clock
	}
	if opt.Rand != nil {
		t.Rand = opt.Rand
	}
	for _, o := range []struct {
		dst *time.Duration
		v   time.Duration
	}{{&t.PerAttempt, opt.PerAttempt}, {&t.Backoff, opt.Backoff}, {&t.MaxWait, opt.MaxWait}} {
		if o.v != 0 {
			*o.dst = o.v
		}
	}
	if opt.Attempts != 0 {
		t.Attempts = opt.Attempts
	}
	// No client timeout: each attempt has its own, so a rate-limit wait of
	// minutes is not cut short.
	gh := github.NewClient(&http.Client{Transport: t})
	if env.Token != "" {
		gh = gh.WithAuthToken(env.Token)
	}
	if env.APIURL != "" {
		u, err := url.Parse(strings.TrimSuffix(env.APIURL, "/") + "/")
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
			return nil, fmt.Errorf("GITHUB_API_URL %q is not an http(s) URL", env.APIURL)
		}
		gh.BaseURL = u
	}
	b.gh = gh
	return b, nil
}

func (b *Bot) logf(format string, args ...any) {
	if b.Log != nil {
		fmt.Fprintf(b.Log, format+"\n", args...)
	}
}

// write logs a write and reports whether to perform it (false in dry-run).
func (b *Bot) write(format string, args ...any) bool {
	if b.DryRun {
		b.logf("dry run: would "+format, args...)
		return false
	}
	b.logf(format, args...)
	return true
}

// CapBody shortens body to limit characters, saying so at its end.
func CapBody(body string, limit int) string {
	if len([]rune(body)) <= limit {
		return body
	}
	const note = "\n\n> ⚠️ Cut to fit GitHub's limit of %d characters; run `go run ./cmd/scrape diff` for the whole diff.\n"
	n := fmt.Sprintf(note, limit)
	keep := limit - len([]rune(n))
	r := []rune(body)
	return string(r[:keep]) + n
}

// File is one changed path of the refresh commit; Delete removes it.
type File struct {
	Path    string
	Content []byte
	Delete  bool
}

// RefreshOptions describe the refresh pull request.
type RefreshOptions struct {
	Base, Branch  string
	Title, Body   string
	Label         string
	CommitMessage string
	Files         []File
}

// Result says what a run did.
type Result struct {
	PR      int // the pull request, or the issue, acted on
	URL     string
	Actions []string
}

func (r *Result) did(format string, args ...any) {
	r.Actions = append(r.Actions, fmt.Sprintf(format, args...))
}

func fingerprint(files []File) string {
	h := sha256.New()
	sorted := slices.Clone(files)
	slices.SortFunc(sorted, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	for _, f := range sorted {
		fmt.Fprintf(h, "%q %v %d\n", f.Path, f.Delete, len(f.Content))
		h.Write(f.Content)
	}
	return hex.EncodeToString(h.Sum(nil))
}

const fingerprintTrailer = "Crgen-Refresh-Fingerprint: "

// Refresh builds one commit of the changed files on the fixed branch from
// the base branch's head (Git Data API), force-updates the branch, and
// creates or updates the pull request. With no files, it closes the open
// pull request: the change disappeared.
func (b *Bot) Refresh(ctx context.Context, opt RefreshOptions) (*Result, error) {
	res := &Result{}
	if opt.Base == "" || opt.Branch == "" || opt.Title == "" {
		return nil, errors.New("refresh needs a base branch, a branch and a title")
	}
	pr, err := b.openPR(ctx, opt)
	if err != nil {
		return nil, err
	}
	if len(opt.Files) == 0 {
		if pr == nil {
			res.did("nothing to do: no change and no open pull request")
			return res, nil
		}
		res.PR, res.URL = pr.GetNumber(), pr.GetHTMLURL()
		if b.write("close pull request #%d: the change disappeared", pr.GetNumber()) {
			if _, _, err := b.gh.PullRequests.Edit(ctx, b.owner, b.repo, pr.GetNumber(), &github.PullRequest{State: github.String("closed")}); err != nil {
				return nil, fmt.Errorf("closing pull request #%d: %w", pr.GetNumber(), err)
			}
		}
		res.did("closed #%d", pr.GetNumber())
		return res, nil
	}
	if err := b.pushBranch(ctx, opt, res); err != nil {
		return nil, err
	}
	body := CapBody(opt.Body, BodyLimit)
	if pr == nil {
		pr, err = b.createPR(ctx, opt, body, res)
		if err != nil {
			return nil, err
		}
	} else if pr.GetTitle() != opt.Title || pr.GetBody() != body {
		if b.write("edit pull request #%d", pr.GetNumber()) {
			if _, _, err := b.gh.PullRequests.Edit(ctx, b.owner, b.repo, pr.GetNumber(), &github.PullRequest{Title: github.String(opt.Title), Body: github.String(body)}); err != nil {
				return nil, fmt.Errorf("editing pull request #%d: %w", pr.GetNumber(), err)
			}
		}
		res.did("edited #%d", pr.GetNumber())
	}
	if pr != nil {
		res.PR, res.URL = pr.GetNumber(), pr.GetHTMLURL()
		if opt.Label != "" && !hasLabel(pr, opt.Label) {
			if b.write("label pull request #%d %q", pr.GetNumber(), opt.Label) {
				if _, _, err := b.gh.Issues.AddLabelsToIssue(ctx, b.owner, b.repo, pr.GetNumber(), []string{opt.Label}); err != nil {
					return nil, fmt.Errorf("labelling pull request #%d: %w", pr.GetNumber(), err)
				}
			}
			res.did("labelled #%d", pr.GetNumber())
		}
	}
	if len(res.Actions) == 0 {
		res.did("up to date: pull request #%d already shows this change", res.PR)
	}
	return res, nil
}

func hasLabel(pr *github.PullRequest, label string) bool {
	for _, l := range pr.Labels {
		if l.GetName() == label {
			return true
		}
	}
	return false
}

// openPR finds the open pull request from the branch into the base.
func (b *Bot) openPR(ctx context.Context, opt RefreshOptions) (*github.PullRequest, error) {
	prs, _, err := b.gh.PullRequests.List(ctx, b.owner, b.repo, &github.PullRequestListOptions{
		State: "open", Head: b.owner + ":" + opt.Branch, Base: opt.Base,
	})
	if err != nil {
		return nil, fmt.Errorf("listing pull requests from %s: %w", opt.Branch, err)
	}
	for _, pr := range prs {
		if pr.GetHead().GetRef() == opt.Branch {
			return pr, nil
		}
	}
	return nil, nil
}

func (b *Bot) createPR(ctx context.Context, opt RefreshOptions, body string, res *Result) (*github.PullRequest, error) {
	if !b.write("create pull request %s → %s %q", opt.Branch, opt.Base, opt.Title) {
		res.did("created pull request")
		return nil, nil
	}
	pr, _, err := b.gh.PullRequests.Create(ctx, b.owner, b.repo, &github.NewPullRequest{
		Title: github.String(opt.Title), Head: github.String(opt.Branch), Base: github.String(opt.Base), Body: github.String(body),
		MaintainerCanModify: github.Bool(true),
	})
	if err == nil {
		res.did("created #%d", pr.GetNumber())
		return pr, nil
	}
	if !alreadyExists(err) {
		return nil, fmt.Errorf("creating pull request: %w", err)
	}
	// Another run created it between our list and our create.
	b.logf("pull request already exists; editing it instead")
	pr, lerr := b.openPR(ctx, opt)
	if lerr != nil || pr == nil {
		return nil, fmt.Errorf("creating pull request: %w (and it could not be found: %v)", err, lerr)
	}
	if pr.GetTitle() != opt.Title || pr.GetBody() != body {
		if _, _, err := b.gh.PullRequests.Edit(ctx, b.owner, b.repo, pr.GetNumber(), &github.PullRequest{Title: github.String(opt.Title), Body: github.String(body)}); err != nil {
			return nil, fmt.Errorf("editing pull request #%d: %w", pr.GetNumber(), err)
		}
		res.did("edited #%d", pr.GetNumber())
	}
	return pr, nil
}

func alreadyExists(err error) bool {
	var er *github.ErrorResponse
	if !errors.As(err, &er) || er.Response == nil || er.Response.StatusCode != http.StatusUnprocessableEntity {
		return false
	}
	if strings.Contains(er.Message, "A pull request already exists") {
		return true
	}
	for _, e := range er.Errors {
		if strings.Contains(e.Message, "A pull request already exists") {
			return true
		}
	}
	return false
}

// pushBranch makes the branch point at one commit on top of the base head
// holding the files, unless it already does.
func (b *Bot) pushBranch(ctx context.Context, opt RefreshOptions, res *Result) error {
	base, _, err := b.gh.Git.GetRef(ctx, b.owner, b.repo, "heads/"+opt.Base)
	if err != nil {
		return fmt.Errorf("reading base branch %s: %w", opt.Base, err)
	}
	baseSHA := base.GetObject().GetSHA()
	fp := fingerprint(opt.Files)
	branch, resp, err := b.gh.Git.GetRef(ctx, b.owner, b.repo, "heads/"+opt.Branch)
	exists := err == nil
	if err != nil && (resp == nil || resp.StatusCode != http.StatusNotFound) {
		return fmt.Errorf("reading branch %s: %w", opt.Branch, err)
	}
	if exists {
		head, _, err := b.gh.Git.GetCommit(ctx, b.owner, b.repo, branch.GetObject().GetSHA())
		if err != nil {
			return fmt.Errorf("reading the head of %s: %w", opt.Branch, err)
		}
		if len(head.Parents) == 1 && head.Parents[0].GetSHA() == baseSHA && strings.Contains(head.GetMessage(), fingerprintTrailer+fp) {
			return nil // same files on the same base: nothing to push
		}
	}
	if !b.write("commit %d files on %s (base %s %.7s) and force-update the branch", len(opt.Files), opt.Branch, opt.Base, baseSHA) {
		res.did("pushed %s", opt.Branch)
		return nil
	}
	baseCommit, _, err := b.gh.Git.GetCommit(ctx, b.owner, b.repo, baseSHA)
	if err != nil {
		return fmt.Errorf("reading base commit %.7s: %w", baseSHA, err)
	}
	var entries []*github.TreeEntry
	for _, f := range opt.Files {
		e := &github.TreeEntry{Path: github.String(f.Path), Mode: github.String("100644"), Type: github.String("blob")}
		switch {
		case f.Delete:
		case utf8.Valid(f.Content):
			e.Content = github.String(string(f.Content))
		default:
			// A tree's content is a JSON string, text only: bytes that are
			// not UTF-8 (a rule book gen lays out) go as a base64 blob.
			blob, _, err := b.gh.Git.CreateBlob(ctx, b.owner, b.repo, &github.Blob{
				Content: github.String(base64.StdEncoding.EncodeToString(f.Content)), Encoding: github.String("base64")})
			if err != nil {
				return fmt.Errorf("creating the blob of %s: %w", f.Path, err)
			}
			e.SHA = blob.SHA
		}
		entries = append(entries, e)
	}
	tree, _, err := b.gh.Git.CreateTree(ctx, b.owner, b.repo, baseCommit.GetTree().GetSHA(), entries)
	if err != nil {
		return fmt.Errorf("creating tree: %w", err)
	}
	msg := opt.CommitMessage
	if msg == "" {
		msg = opt.Title
	}
	commit, _, err := b.gh.Git.CreateCommit(ctx, b.owner, b.repo, &github.Commit{
		Message: github.String(msg + "\n\n" + fingerprintTrailer + fp),
		Tree:    &github.Tree{SHA: tree.SHA},
		Parents: []*github.Commit{{SHA: github.String(baseSHA)}},
	}, nil)
	if err != nil {
		return fmt.Errorf("creating commit: %w", err)
	}
	ref := &github.Reference{Ref: github.String("refs/heads/" + opt.Branch), Object: &github.GitObject{SHA: commit.SHA}}
	if exists {
		_, _, err = b.gh.Git.UpdateRef(ctx, b.owner, b.repo, ref, true)
	} else {
		_, _, err = b.gh.Git.CreateRef(ctx, b.owner, b.repo, ref)
	}
	if err != nil {
		return fmt.Errorf("updating branch %s: %w", opt.Branch, err)
	}
	res.did("pushed %s at %.7s", opt.Branch, commit.GetSHA())
	return nil
}

// Comment keeps exactly one diff comment on pull request pr: it edits the
// bot's own comment carrying Marker (only if the body changed), or creates
// one. Comments by anyone else are never touched, marker or not.
func (b *Bot) Comment(ctx context.Context, pr int, body string) (*Result, error) {
	res := &Result{PR: pr}
	body = CapBody(strings.ReplaceAll(body, Marker, ""), BodyLimit-len(Marker)-2) + "\n\n" + Marker
	var mine *github.IssueComment
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		comments, resp, err := b.gh.Issues.ListComments(ctx, b.owner, b.repo, pr, opt)
		if err != nil {
			return nil, fmt.Errorf("listing comments of #%d: %w", pr, err)
		}
		for _, c := range comments {
			if strings.HasSuffix(strings.TrimSpace(c.GetBody()), Marker) && c.GetUser().GetLogin() == b.Login && mine == nil {
				mine = c
			}
		}
		if resp.NextPage == 0 {
			break
		}
		opt.Page = resp.NextPage
	}
	switch {
	case mine == nil:
		if b.write("comment on #%d", pr) {
			c, _, err := b.gh.Issues.CreateComment(ctx, b.owner, b.repo, pr, &github.IssueComment{Body: github.String(body)})
			if err != nil {
				return nil, fmt.Errorf("commenting on #%d: %w", pr, err)
			}
			res.URL = c.GetHTMLURL()
		}
		res.did("commented on #%d", pr)
	case mine.GetBody() == body:
		res.URL = mine.GetHTMLURL()
		res.did("up to date: comment %d already shows this diff", mine.GetID())
	default:
		if b.write("edit comment %d on #%d", mine.GetID(), pr) {
			if _, _, err := b.gh.Issues.EditComment(ctx, b.owner, b.repo, mine.GetID(), &github.IssueComment{Body: github.String(body)}); err != nil {
				return nil, fmt.Errorf("editing comment %d: %w", mine.GetID(), err)
			}
		}
		res.URL = mine.GetHTMLURL()
		res.did("edited comment %d", mine.GetID())
	}
	return res, nil
}
