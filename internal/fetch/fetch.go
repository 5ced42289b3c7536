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
	URL    string
	Status int
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("GET %s: HTTP %d %s", e.URL, e.Status, http.StatusText(e.Status))
}

// Get fetches rawURL and checks that the body is of the expected kind.
func (c *Client) Get(ctx context.Context, rawURL string, kind Kind) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	if c.UserAgent != "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	// The transport reads the body itself, so a body cut short is retried.
	req = retry.WithBodyLimit(req, c.MaxBytes+1)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		var re *RedirectError
		if errors.As(err, &re) {
			return nil, re
		}
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return nil, &StatusError{URL: rawURL, Status: resp.StatusCode}
	}
	if resp.ContentLength > c.MaxBytes {
		return nil, fmt.Errorf("GET %s: body of %d bytes exceeds the cap of %d", rawURL, resp.ContentLength, c.MaxBytes)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("GET %s: reading body: %w", rawURL, err)
	}
	if int64(len(body)) > c.MaxBytes {
		return nil, fmt.Errorf("GET %s: body exceeds the cap of %d bytes", rawURL, c.MaxBytes)
	}
	if err := checkKind(body, resp.Header.Get("Content-Type"), kind); err != nil {
		return nil, fmt.Errorf("GET %s: %w", rawURL, err)
	}
	return body, nil
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
