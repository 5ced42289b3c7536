// Package fetch downloads source documents. It is the only package of the
// pipeline that talks to the network, and it is careful about it: a timeout
// per attempt, bounded retries with backoff and jitter on 5xx, 429
// (honouring Retry-After) and connection errors, a size cap, and a check
// that the body is the kind of document expected, so an error page is
// never parsed as rules.
package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/mtgrules/crgen/internal/retry"
)

// Kind is the kind of document expected at a URL.
type Kind int

const (
	Text Kind = iota // plain text: an HTML body is refused
	HTML             // an HTML page
)

func (k Kind) String() string {
	if k == HTML {
		return "HTML"
	}
	return "plain text"
}

// Client fetches documents.
type Client struct {
	HTTP *http.Client
	// Retry is HTTP's transport: per-attempt timeouts, retries of 5xx, 429
	// and connection errors with backoff and jitter (shared with prbot).
	Retry     *retry.Transport
	MaxBytes  int64 // size cap of one body
	UserAgent string
}

// DefaultMaxBytes caps every source document, fetched or read from disk:
// the largest release is 1.4 MB, so 16 MiB leaves room and stops a wrong
// file (a 200 MB dump) before it fills memory.
const DefaultMaxBytes = 16 << 20

// New returns a client with production defaults.
func New() *Client {
	t := retry.NewTransport(retry.StatusPolicy)
	return &Client{
		// No client timeout: each attempt has its own. Redirects are
		// followed ten deep, and an error names the absolute URL where it
		// stopped (the client's own error quotes the Location as sent).
		HTTP: &http.Client{Transport: t, CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return &RedirectError{URL: req.URL.Redacted(), From: via[0].URL.Redacted(), Redirects: len(via)}
			}
			return nil
		}},
		Retry:     t,
		MaxBytes:  DefaultMaxBytes,
		UserAgent: "crgen (+https://github.com/mtgrules/crgen)",
	}
}

const maxRedirects = 10

// RedirectError is a chain of redirects that did not end.
type RedirectError struct {
	URL, From string // where it stopped, where it began: absolute
	Redirects int
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("GET %s: stopped after %d redirects, at %s (a redirect loop?)", e.From, e.Redirects, e.URL)
}

// StatusError is a final non-2xx answer.
type StatusError struct {
	Method string // "" is GET
	URL    string
	Status int
}

func (e *StatusError) Error() string {
	m := e.Method
	if m == "" {
		m = http.MethodGet
	}
	return fmt.Sprintf("%s %s: HTTP %d %s", m, e.URL, e.Status, http.StatusText(e.Status))
}

// Get fetches rawURL and checks that the body is of the expected kind.
func (c *Client) Get(ctx context.Context, rawURL string, kind Kind) ([]byte, error) {
	body, _, _, err := c.Conditional(ctx, rawURL, kind, Validators{})
	return body, err
}

// Validators are what a server says identifies one version of a
// document: its ETag, its Last-Modified date and its length. Empty fields
// are what it did not say.
type Validators struct {
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
	Length       int64  `json:"length,omitempty"`
}

// String says the validators as a person reads them.
func (v Validators) String() string {
	var parts []string
	if v.ETag != "" {
		parts = append(parts, "ETag "+v.ETag)
	}
	if v.LastModified != "" {
		parts = append(parts, "modified "+v.LastModified)
	}
	if v.Length > 0 {
		parts = append(parts, fmt.Sprintf("%d bytes", v.Length))
	}
	if len(parts) == 0 {
		return "no validators"
	}
	return strings.Join(parts, ", ")
}

// Differ reports whether v and w identify different versions: a
// validator both give that differs. Nothing in common tells nothing, so
// it is no difference.
func (v Validators) Differ(w Validators) bool {
	return v.ETag != "" && w.ETag != "" && v.ETag != w.ETag ||
		v.LastModified != "" && w.LastModified != "" && v.LastModified != w.LastModified ||
		v.Length > 0 && w.Length > 0 && v.Length != w.Length
}

func validatorsOf(resp *http.Response) Validators {
	v := Validators{ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified")}
	if resp.ContentLength > 0 {
		v.Length = resp.ContentLength
	}
	return v
}

// Conditional fetches rawURL as Get does, unless the server says it is
// still the version since identifies (If-None-Match, If-Modified-Since):
// then notModified is true and body nil. got are the validators of what
// the server has now.
func (c *Client) Conditional(ctx context.Context, rawURL string, kind Kind, since Validators) (body []byte, got Validators, notModified bool, err error) {
	req, err := c.request(ctx, http.MethodGet, rawURL)
	if err != nil {
		return nil, Validators{}, false, err
	}
	if since.ETag != "" {
		req.Header.Set("If-None-Match", since.ETag)
	}
	if since.LastModified != "" {
		req.Header.Set("If-Modified-Since", since.LastModified)
	}
	// The transport reads the body itself, so a body cut short is retried.
	req = retry.WithBodyLimit(req, c.MaxBytes+1)
	resp, err := c.do(req)
	if err != nil {
		return nil, Validators{}, false, err
	}
	defer func() { _ = resp.Body.Close() }()
	got = validatorsOf(resp)
	if resp.StatusCode == http.StatusNotModified && (since.ETag != "" || since.LastModified != "") {
		return nil, since, true, nil
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return nil, got, false, &StatusError{URL: rawURL, Status: resp.StatusCode}
	}
	if resp.ContentLength > c.MaxBytes {
		return nil, got, false, fmt.Errorf("GET %s: body of %d bytes exceeds the cap of %d", rawURL, resp.ContentLength, c.MaxBytes)
	}
	body, err = io.ReadAll(io.LimitReader(resp.Body, c.MaxBytes+1))
	if err != nil {
		return nil, got, false, fmt.Errorf("GET %s: reading body: %w", rawURL, err)
	}
	if int64(len(body)) > c.MaxBytes {
		return nil, got, false, fmt.Errorf("GET %s: body exceeds the cap of %d bytes", rawURL, c.MaxBytes)
	}
	if err := checkKind(body, resp.Header.Get("Content-Type"), kind); err != nil {
		return nil, got, false, fmt.Errorf("GET %s: %w", rawURL, err)
	}
	got.Length = int64(len(body))
	return body, got, false, nil
}

// Head asks for the validators of rawURL without its body.
func (c *Client) Head(ctx context.Context, rawURL string) (Validators, error) {
	req, err := c.request(ctx, http.MethodHead, rawURL)
	if err != nil {
		return Validators{}, err
	}
	resp, err := c.do(req)
	if err != nil {
		return Validators{}, err
	}
	_ = resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return Validators{}, &StatusError{Method: http.MethodHead, URL: rawURL, Status: resp.StatusCode}
	}
	return validatorsOf(resp), nil
}

func (c *Client) request(ctx context.Context, method, rawURL string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, rawURL, nil)
	if err != nil {
		return nil, err
	}
	if c.UserAgent != "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	return req, nil
}

func (c *Client) do(req *http.Request) (*http.Response, error) {
	resp, err := c.HTTP.Do(req)
	if err != nil {
		var re *RedirectError
		if errors.As(err, &re) {
			return nil, re
		}
		return nil, err
	}
	return resp, nil
}

func checkKind(body []byte, contentType string, kind Kind) error {
	if len(body) == 0 {
		return errors.New("empty body")
	}
	sniffed := http.DetectContentType(body)
	isHTML := strings.HasPrefix(sniffed, "text/html") || strings.Contains(strings.ToLower(contentType), "html")
	switch kind {
	case Text:
		if isHTML {
			return fmt.Errorf("expected %s, got an HTML page (Content-Type %q)", kind, contentType)
		}
		if !strings.HasPrefix(sniffed, "text/plain") {
			return fmt.Errorf("expected %s, got %s (Content-Type %q)", kind, sniffed, contentType)
		}
	case HTML:
		if !isHTML {
			return fmt.Errorf("expected %s, got %s (Content-Type %q)", kind, sniffed, contentType)
		}
	}
	return nil
}

// DiscoverLink fetches the landing page at pageURL and returns the absolute
// URL of its one link matching selector whose href ends with suffix. Zero or
// several distinct links is an error listing what was found: a redesigned
// page must not make the pipeline pick the wrong document.
func (c *Client) DiscoverLink(ctx context.Context, pageURL, selector, suffix string) (string, error) {
	body, err := c.Get(ctx, pageURL, HTML)
	if err != nil {
		return "", err
	}
	return FindLink(body, pageURL, selector, suffix)
}

// FindLink is the offline half of DiscoverLink.
func FindLink(page []byte, pageURL, selector, suffix string) (string, error) {
	base, err := url.Parse(pageURL)
	if err != nil {
		return "", err
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(page)))
	if err != nil {
		return "", fmt.Errorf("%s: parsing HTML: %w", pageURL, err)
	}
	var found []string
	doc.Find(selector).Each(func(_ int, s *goquery.Selection) {
		href, ok := s.Attr("href")
		if !ok {
			return
		}
		u, err := base.Parse(strings.TrimSpace(href))
		if err != nil || !strings.HasSuffix(strings.ToLower(u.Path), strings.ToLower(suffix)) {
			return
		}
		abs := u.String()
		for _, f := range found {
			if f == abs {
				return
			}
		}
		found = append(found, abs)
	})
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", fmt.Errorf("%s: no link %q ending in %q: unable to find expected markup", pageURL, selector, suffix)
	}
	return "", fmt.Errorf("%s: %d links %q ending in %q, expected exactly one: %s", pageURL, len(found), selector, suffix, strings.Join(found, ", "))
}
