package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
)

// testClient records the waits instead of sleeping.
func testClient(waits *[]time.Duration) *Client {
	c := New()
	c.Sleep = func(_ context.Context, d time.Duration) error {
		*waits = append(*waits, d)
		return nil
	}
	return c
}

func server(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

const crText = "Magic: The Gathering Comprehensive Rules\r\n\r\nThese rules are effective as of February 27, 2026.\r\n"

func TestRetriesThenSucceeds(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) {
		case 1:
			w.WriteHeader(http.StatusServiceUnavailable)
		case 2:
			w.Header().Set("Retry-After", "7")
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte(crText))
		}
	})
	var waits []time.Duration
	body, err := testClient(&waits).Get(context.Background(), srv.URL+"/cr.txt", Text)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != crText {
		t.Errorf("body %q", body)
	}
	if len(waits) != 2 || waits[0] != 2*time.Second || waits[1] != 7*time.Second {
		t.Errorf("waits %v, want [2s 7s] (backoff, then Retry-After)", waits)
	}
}

func TestGivesUp(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(http.StatusBadGateway)
	})
	var waits []time.Duration
	c := testClient(&waits)
	_, err := c.Get(context.Background(), srv.URL, Text)
	var se *StatusError
	if !errors.As(err, &se) || se.Status != http.StatusBadGateway || !strings.Contains(err.Error(), "gave up after 5 attempts") {
		t.Fatalf("got %v", err)
	}
	if n.Load() != 5 || len(waits) != 4 || waits[3] != 16*time.Second {
		t.Errorf("%d requests, waits %v", n.Load(), waits)
	}
}

func TestNoRetryOn404AndCappedRetryAfter(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 && r.URL.Path == "/slow" {
			w.Header().Set("Retry-After", "86400")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		if r.URL.Path == "/slow" {
			w.Write([]byte(crText))
			return
		}
		http.NotFound(w, r)
	})
	var waits []time.Duration
	c := testClient(&waits)
	if _, err := c.Get(context.Background(), srv.URL+"/missing", Text); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404: %v", err)
	}
	if len(waits) != 0 {
		t.Errorf("retried a 404: %v", waits)
	}
	n.Store(0)
	if _, err := c.Get(context.Background(), srv.URL+"/slow", Text); err != nil {
		t.Fatal(err)
	}
	if len(waits) != 1 || waits[0] != c.MaxBackoff {
		t.Errorf("waits %v, want one capped at %v", waits, c.MaxBackoff)
	}
}

func TestRefusesWrongKindAndOversize(t *testing.T) {
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/error-page.txt":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<!doctype html><html><body>Page not found</body></html>"))
		case "/binary.txt":
			w.Write([]byte{0x89, 'P', 'N', 'G', 0, 0, 0, 0})
		case "/big.txt":
			w.Write([]byte(strings.Repeat("a", 2048)))
		case "/page":
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("just text"))
		case "/empty":
		}
	})
	var waits []time.Duration
	c := testClient(&waits)
	c.MaxBytes = 1024
	for path, want := range map[string]string{
		"/error-page.txt": "got an HTML page",
		"/binary.txt":     "expected plain text",
		"/big.txt":        "exceeds the cap",
		"/empty":          "empty body",
	} {
		if _, err := c.Get(context.Background(), srv.URL+path, Text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
	if _, err := c.Get(context.Background(), srv.URL+"/page", HTML); err == nil || !strings.Contains(err.Error(), "expected HTML") {
		t.Errorf("text as HTML: %v", err)
	}
}

func TestTimeout(t *testing.T) {
	block := make(chan struct{})
	srv := server(t, func(w http.ResponseWriter, r *http.Request) { <-block })
	defer close(block)
	var waits []time.Duration
	c := testClient(&waits)
	c.HTTP.Timeout = 50 * time.Millisecond
	if _, err := c.Get(context.Background(), srv.URL, Text); err == nil {
		t.Error("a hanging server did not time out")
	}
}

func TestFindLink(t *testing.T) {
	page := func(links ...string) []byte {
		var b strings.Builder
		b.WriteString("<html><body>")
		for _, l := range links {
			b.WriteString(`<a href="` + l + `">x</a>`)
		}
		return []byte(b.String())
	}
	base := "https://example.test/en/rules"
	got, err := FindLink(page("/en/news", "https://media.example.test/downloads/MagicCompRules%2020260925.txt", "/x.pdf"), base, "a[href]", ".txt")
	if err != nil || got != "https://media.example.test/downloads/MagicCompRules%2020260925.txt" {
		t.Errorf("one link: %q, %v", got, err)
	}
	got, err = FindLink(page("../files/CR.TXT", "../files/CR.TXT"), base, "a[href]", ".txt")
	if err != nil || got != "https://example.test/files/CR.TXT" {
		t.Errorf("relative, duplicated, upper case: %q, %v", got, err)
	}
	if _, err := FindLink(page("/a.pdf"), base, "a[href]", ".txt"); err == nil || !strings.Contains(err.Error(), "unable to find expected markup") {
		t.Errorf("no link: %v", err)
	}
	if _, err := FindLink(page("/a.txt", "/b.txt"), base, "a[href]", ".txt"); err == nil || !strings.Contains(err.Error(), "2 links") {
		t.Errorf("two links: %v", err)
	}
}

func TestDiscoverLinkThroughServer(t *testing.T) {
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/base/en/rules" {
			t.Errorf("unexpected request %s", r.URL)
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<a href="docs/CR.txt">CR</a>`))
	})
	var waits []time.Duration
	got, err := testClient(&waits).DiscoverLink(context.Background(), srv.URL+"/base/en/rules", "a", ".txt")
	if err != nil || got != srv.URL+"/base/en/docs/CR.txt" {
		t.Errorf("%q, %v", got, err)
	}
}

// Every encoding Wizards has published is accepted as plain text.
func TestAcceptsEveryPublishedEncoding(t *testing.T) {
	dir := corpus.Dir(t, "cr-en")
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join(dir, filepath.Base(r.URL.Path)))
	})
	var waits []time.Duration
	c := testClient(&waits)
	for _, name := range []string{"en-20160116.txt", "en-20160930.txt", "en-20190503.txt", "en-20180427.txt"} {
		if _, err := c.Get(context.Background(), srv.URL+"/downloads/"+name, Text); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
