package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/retry/retrytest"
)

// testClient has a fake clock (waits are recorded, not slept) and no
// jitter (a wait is the whole backoff).
func testClient(clock *retrytest.Clock) *Client {
	c := New()
	c.Retry.Clock = clock
	c.Retry.Rand = func() float64 { return 1 }
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
			_, _ = w.Write([]byte(crText))
		}
	})
	clock := retrytest.New()
	body, err := testClient(clock).Get(context.Background(), srv.URL+"/cr.txt", Text)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != crText {
		t.Errorf("body %q", body)
	}
	if waits := clock.Waits(); len(waits) != 2 || waits[0] != 2*time.Second || waits[1] != 7*time.Second {
		t.Errorf("waits %v, want [2s 7s] (backoff, then Retry-After)", waits)
	}
}

func TestGivesUp(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(http.StatusBadGateway)
	})
	clock := retrytest.New()
	_, err := testClient(clock).Get(context.Background(), srv.URL, Text)
	var se *StatusError
	if !errors.As(err, &se) || se.Status != http.StatusBadGateway {
		t.Fatalf("got %v", err)
	}
	if waits := clock.Waits(); n.Load() != 5 || len(waits) != 4 || waits[3] != 16*time.Second {
		t.Errorf("%d requests, waits %v; want 5 requests, 2s 4s 8s 16s", n.Load(), waits)
	}
}

// A wait the server asks for is taken up to the maximum (five minutes):
// the per-attempt timeout does not cut it short. A longer one is not
// taken: the answer is reported instead of stalling the workflow.
func TestRetryAfterUpToTheMaximum(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/missing":
			http.NotFound(w, r)
		case n.Add(1) == 1:
			w.Header().Set("Retry-After", r.URL.Query().Get("wait"))
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			_, _ = w.Write([]byte(crText))
		}
	})
	clock := retrytest.New()
	c := testClient(clock)
	c.Retry.PerAttempt = time.Second
	if _, err := c.Get(context.Background(), srv.URL+"/missing", Text); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404: %v", err)
	}
	if len(clock.Waits()) != 0 {
		t.Errorf("retried a 404: %v", clock.Waits())
	}
	if _, err := c.Get(context.Background(), srv.URL+"/slow?wait=300", Text); err != nil {
		t.Fatalf("a 5-minute Retry-After: %v", err)
	}
	if w := clock.Waits(); len(w) != 1 || w[0] != 5*time.Minute {
		t.Errorf("waits %v, want [5m]", w)
	}
	n.Store(0)
	_, err := c.Get(context.Background(), srv.URL+"/slow?wait=86400", Text)
	var se *StatusError
	if !errors.As(err, &se) || se.Status != http.StatusTooManyRequests || len(clock.Waits()) != 1 {
		t.Errorf("a day-long Retry-After: %v, waits %v", err, clock.Waits())
	}
}

// One real wait: the server asks for 2 seconds, each attempt may take 1;
// the wait happens on the real clock, outside the attempts' time, and a
// later attempt succeeds (the next one, unless a loaded machine made an
// attempt of its own outlast its second: the count is not a timing).
func TestRealWaitLongerThanOneAttempt(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte(crText))
	})
	c := New()
	c.Retry.PerAttempt = time.Second
	start := time.Now()
	if _, err := c.Get(context.Background(), srv.URL, Text); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 2*time.Second || n.Load() < 2 {
		t.Errorf("%d requests in %v, want a second one after a 2s wait", n.Load(), d)
	}
}

// A connection the server breaks is retried, with backoff.
func TestConnectionResetRetried(t *testing.T) {
	var n atomic.Int32
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) <= 2 {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				_ = conn.Close() // no response at all
			}
			return
		}
		_, _ = w.Write([]byte(crText))
	})
	clock := retrytest.New()
	if _, err := testClient(clock).Get(context.Background(), srv.URL, Text); err != nil {
		t.Fatal(err)
	}
	if w := clock.Waits(); n.Load() != 3 || len(w) != 2 || w[0] != 2*time.Second || w[1] != 4*time.Second {
		t.Errorf("%d requests, waits %v", n.Load(), w)
	}
}

func TestRefusesWrongKindAndOversize(t *testing.T) {
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/error-page.txt":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<!doctype html><html><body>Page not found</body></html>"))
		case "/binary.txt":
			_, _ = w.Write([]byte{0x89, 'P', 'N', 'G', 0, 0, 0, 0})
		case "/big.txt":
			_, _ = w.Write([]byte(strings.Repeat("a", 2048)))
		case "/page":
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte("just text"))
		case "/empty":
		}
	})
	c := testClient(retrytest.New())
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
	clock := retrytest.New()
	c := testClient(clock)
	c.Retry.PerAttempt = 50 * time.Millisecond
	_, err := c.Get(context.Background(), srv.URL, Text)
	if err == nil || !strings.Contains(err.Error(), "attempt 5 of 5") || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a hanging server: %v", err)
	}
	if len(clock.Waits()) != 4 {
		t.Errorf("waits %v: each timed-out attempt is retried", clock.Waits())
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
		_, _ = w.Write([]byte(`<a href="docs/CR.txt">CR</a>`))
	})
	got, err := testClient(retrytest.New()).DiscoverLink(context.Background(), srv.URL+"/base/en/rules", "a", ".txt")
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
	c := testClient(retrytest.New())
	for _, name := range []string{"en-20160116.txt", "en-20160930.txt", "en-20190503.txt", "en-20180427.txt"} {
		if _, err := c.Get(context.Background(), srv.URL+"/downloads/"+name, Text); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A body cut short once (the connection drops mid-body), or one whose
// reading outlasts the attempt's timeout, is retried like a 5xx, within
// the same attempts, and the document then read whole.
func TestBodyCutOrStalledIsRetried(t *testing.T) {
	body := strings.Repeat(crText, 200)
	for name, fail := range map[string]func(w http.ResponseWriter, block <-chan struct{}){
		"cut": func(w http.ResponseWriter, _ <-chan struct{}) {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				return
			}
			_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body[:len(body)/2])
			_ = buf.Flush()
			_ = conn.Close()
		},
		"stalled": func(w http.ResponseWriter, block <-chan struct{}) {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			_, _ = w.Write([]byte(body[:len(body)/2]))
			w.(http.Flusher).Flush()
			<-block
		},
	} {
		t.Run(name, func(t *testing.T) {
			var n atomic.Int32
			block := make(chan struct{})
			srv := server(t, func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) == 1 {
					fail(w, block)
					return
				}
				_, _ = w.Write([]byte(body))
			})
			defer close(block)
			clock := retrytest.New()
			c := testClient(clock)
			c.Retry.PerAttempt = 200 * time.Millisecond
			got, err := c.Get(context.Background(), srv.URL+"/rules.txt", Text)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != body || n.Load() != 2 {
				t.Errorf("%d requests, %d bytes of %d", n.Load(), len(got), len(body))
			}
			if w := clock.Waits(); len(w) != 1 || w[0] != 2*time.Second {
				t.Errorf("waits %v, want one backoff", w)
			}
		})
	}
	// Cut every time: the attempts run out, and the error says so.
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write([]byte(body[:10]))
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	})
	_, err := testClient(retrytest.New()).Get(context.Background(), srv.URL+"/rules.txt", Text)
	if err == nil || !strings.Contains(err.Error(), "reading body") || !strings.Contains(err.Error(), "attempt 5 of 5") || !strings.Contains(err.Error(), srv.URL+"/rules.txt") {
		t.Errorf("cut every time: %v", err)
	}
}

// A redirect loop names the absolute URL it was following.
func TestRedirectErrorNamesTheAbsoluteURL(t *testing.T) {
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "/redirect-loop/rules")
		w.WriteHeader(http.StatusFound)
	})
	_, err := testClient(retrytest.New()).Get(context.Background(), srv.URL+"/redirect-loop/rules", Text)
	if err == nil || err.Error() != "GET "+srv.URL+"/redirect-loop/rules: stopped after 10 redirects, at "+srv.URL+"/redirect-loop/rules (a redirect loop?)" {
		t.Errorf("got %v", err)
	}
}
