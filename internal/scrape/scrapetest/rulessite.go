// Package scrapetest serves on loopback what scrape reads from a live
// site: the English rules page, linking one TXT among other links.
package scrapetest

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// PagePath is the rules page's path on the site.
const PagePath = "/en/rules"

// RulesSite is a rules page linking one TXT. It answers conditional
// requests and HEAD as a web server does (http.ServeContent, with an
// ETag), unless told to ignore them, and logs every answer as
// "GET /en/rules 304 0": method, path, status, body bytes.
type RulesSite struct {
	URL string // the server's; the page is URL + PagePath

	mu                sync.Mutex
	link              string // the TXT's path
	txt               []byte
	ignoreConditional bool
	unknown           func(r *http.Request)
	log               []string
}

// NewRulesSite serves a page linking link, which serves txt, until t
// ends.
func NewRulesSite(t testing.TB, link string, txt []byte) *RulesSite {
	s := &RulesSite{link: link, txt: txt}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Serve makes the page link link, which serves txt.
func (s *RulesSite) Serve(link string, txt []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.link, s.txt = link, txt
}

// Link is the path of the TXT the page links.
func (s *RulesSite) Link() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.link
}

// IgnoreConditional makes the site answer every request whole (HEAD
// without a body), as some servers do.
func (s *RulesSite) IgnoreConditional(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ignoreConditional = on
}

// OnUnknown calls f for a request of a path the site does not serve,
// which it answers 404.
func (s *RulesSite) OnUnknown(f func(r *http.Request)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.unknown = f
}

// TakeLog returns the answers since the last call.
func (s *RulesSite) TakeLog() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.log
	s.log = nil
	return l
}

// PageSize is the size of the page's body.
func (s *RulesSite) PageSize() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.page())
}

// page is the rules page (s.mu held): the TXT among the other links a
// rules page has.
func (s *RulesSite) page() []byte {
	return fmt.Appendf(nil, `<html><body><a href="/en/news">News</a>
		<a href="%s">Comprehensive Rules (TXT)</a>
		<a href="/downloads/MagicCompRules.pdf">PDF</a></body></html>`, strings.ReplaceAll(s.link, " ", "%20"))
}

func (s *RulesSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cw := &countingWriter{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		s.log = append(s.log, fmt.Sprintf("%s %s %d %d", r.Method, r.URL.Path, cw.status, cw.n))
	}()
	var body []byte
	switch r.URL.Path {
	case PagePath:
		cw.Header().Set("Content-Type", "text/html; charset=utf-8")
		body = s.page()
	case s.link:
		cw.Header().Set("Content-Type", "text/plain; charset=utf-8")
		body = s.txt
	default:
		if s.unknown != nil {
			s.unknown(r)
		}
		http.NotFound(cw, r)
		return
	}
	if s.ignoreConditional {
		if r.Method != http.MethodHead {
			_, _ = cw.Write(body)
		}
		return
	}
	cw.Header().Set("ETag", fmt.Sprintf(`"%x"`, sha256.Sum256(body)))
	http.ServeContent(cw, r, "", time.Time{}, bytes.NewReader(body))
}

// countingWriter counts the status and body bytes of a response.
type countingWriter struct {
	http.ResponseWriter
	status, n int
}

func (c *countingWriter) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += n
	return n, err
}
