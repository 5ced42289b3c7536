package retry

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Clock is the time a Transport waits by; tests pass a fake one.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx is done.
	Sleep(ctx context.Context, d time.Duration) error
}

// RealClock is the wall clock.
type RealClock struct{}

func (RealClock) Now() time.Time { return time.Now() }

func (RealClock) Sleep(ctx context.Context, d time.Duration) error { return Sleep(ctx, d) }

// Policy decides whether a response asks to be retried, and how long to
// wait (zero: the backoff decides). why is for the log.
type Policy func(resp *http.Response, now time.Time) (wait time.Duration, why string, retry bool)

// Transport is the one retrying transport of the project's two HTTP
// clients (fetching sources, talking to GitHub). Each attempt has its own
// timeout, so a long wait between attempts is never cut short by a
// timeout meant for one request. It retries:
//   - responses its Policy asks to retry (5xx and 429 by default), waiting
//     what the server says (Retry-After) up to MaxWait, else the backoff;
//   - connection errors and per-attempt timeouts: always when the request
//     was never sent (dial errors), and for idempotent methods otherwise,
//     so a POST that may have reached the server is not sent twice.
//
// Backoff doubles from Backoff with full jitter, so clients that failed
// together do not retry together. A wait longer than MaxWait is not taken:
// the last response is returned for the caller to report.
type Transport struct {
	Next       http.RoundTripper
	Attempts   int           // in all, the first included; at least 1
	PerAttempt time.Duration // timeout of one attempt, body included; 0 for none
	Backoff    time.Duration // first wait after a failure
	MaxWait    time.Duration // longest single wait honoured
	Policy     Policy
	Clock      Clock
	// Rand returns a number in [0, 1) for jitter; tests make it fixed.
	Rand func() float64
	Log  func(format string, args ...any)
	// BodyLimit, when set, reads the body of every response to a request
	// safe to repeat, up to that many bytes, as WithBodyLimit does for one
	// request, so a body cut short is retried.
	BodyLimit int64
}

// Defaults shared by the project's clients.
const (
	DefaultAttempts   = 5
	DefaultPerAttempt = 60 * time.Second
	DefaultBackoff    = 2 * time.Second
	DefaultMaxWait    = 5 * time.Minute
)

// NewTransport returns a Transport with the defaults above over the
// standard transport.
func NewTransport(p Policy) *Transport {
	return &Transport{Next: http.DefaultTransport, Attempts: DefaultAttempts, PerAttempt: DefaultPerAttempt,
		Backoff: DefaultBackoff, MaxWait: DefaultMaxWait, Policy: p, Clock: RealClock{}, Rand: rand.Float64}
}

// StatusPolicy retries 5xx and 429, honouring Retry-After.
func StatusPolicy(resp *http.Response, _ time.Time) (time.Duration, string, bool) {
	switch {
	case resp.StatusCode >= 500:
		return After(resp.Header.Get("Retry-After")), resp.Status, true
	case resp.StatusCode == http.StatusTooManyRequests:
		return After(resp.Header.Get("Retry-After")), "rate limited (429)", true
	}
	return 0, "", false
}

// RoundTrip sends req, retrying as described on Transport.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	backoff := t.Backoff
	attempts := max(t.Attempts, 1)
	for attempt := 1; ; attempt++ {
		r, cancel, err := t.attemptRequest(req, attempt)
		if err != nil {
			return nil, err
		}
		resp, err := t.Next.RoundTrip(r)
		wait, why, retry := time.Duration(0), "", false
		switch {
		case err != nil:
			cancel()
			if ctx.Err() != nil {
				return nil, ctx.Err() // the caller gave up: not a network failure
			}
			if !retryableError(err, req.Method) || attempt >= attempts {
				return nil, fmt.Errorf("%s %s: %w (attempt %d of %d)", req.Method, req.URL.Redacted(), err, attempt, attempts)
			}
			why = "connection error: " + err.Error()
		default:
			resp.Body = &cancelOnClose{resp.Body, cancel}
			if t.Policy != nil {
				wait, why, retry = t.Policy(resp, t.clock().Now())
			}
			if !retry {
				// A body cut short, or one whose reading times out, is an
				// attempt that failed like a connection error: read it
				// here, while it can still be retried.
				rerr := bufferBody(req, resp, t.BodyLimit)
				if rerr == nil {
					return resp, nil
				}
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				if !retryableError(rerr, req.Method) || attempt >= attempts {
					return nil, fmt.Errorf("%s %s: reading body: %w (attempt %d of %d)", req.Method, req.URL.Redacted(), rerr, attempt, attempts)
				}
				why = "reading body: " + rerr.Error()
				break
			}
			if attempt >= attempts {
				return resp, nil
			}
			if wait > t.MaxWait {
				if t.Log != nil {
					t.Log("%s %s: %s; the server asks to wait %s, more than %s: giving up", req.Method, req.URL.Path, why, wait.Round(time.Second), t.MaxWait)
				}
				return resp, nil
			}
			drain(resp)
		}
		if wait == 0 {
			wait = t.jitter(backoff)
			backoff *= 2
		}
		if t.Log != nil {
			t.Log("%s %s: %s; retrying in %s (attempt %d of %d)", req.Method, req.URL.Path, why, wait.Round(time.Millisecond), attempt+1, attempts)
		}
		if err := t.clock().Sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// attemptRequest is req for one attempt: a fresh body and its own timeout.
func (t *Transport) attemptRequest(req *http.Request, attempt int) (*http.Request, context.CancelFunc, error) {
	ctx, cancel := req.Context(), context.CancelFunc(func() {})
	if t.PerAttempt > 0 {
		ctx, cancel = context.WithTimeout(ctx, t.PerAttempt)
	}
	r := req.WithContext(ctx)
	if attempt > 1 && req.Body != nil && req.Body != http.NoBody {
		if req.GetBody == nil {
			cancel()
			return nil, nil, fmt.Errorf("%s %s: cannot retry a request whose body cannot be read again", req.Method, req.URL.Redacted())
		}
		body, err := req.GetBody()
		if err != nil {
			cancel()
			return nil, nil, err
		}
		r.Body = body
	}
	return r, cancel, nil
}

func (t *Transport) clock() Clock {
	if t.Clock == nil {
		return RealClock{}
	}
	return t.Clock
}

// jitter spreads a backoff over [d/2, d) ("equal jitter"): waits still grow,
// and clients that failed together do not retry together.
func (t *Transport) jitter(d time.Duration) time.Duration {
	f := 0.5
	if t.Rand != nil {
		f = t.Rand()
	}
	return d/2 + time.Duration(f*float64(d/2))
}

// retryableError reports whether a failed round trip may be retried: the
// request never left (dial errors, refused connections) or it is
// idempotent and the connection broke or timed out.
func retryableError(err error, method string) bool {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	if !idempotent(method) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, context.DeadlineExceeded) ||
		strings.Contains(err.Error(), "connection reset")
}

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete, http.MethodPatch:
		return true
	}
	return false
}

type bodyLimitKey struct{}

// WithBodyLimit returns req asking the Transport to read the response body
// itself, up to limit bytes, before returning: a connection cut in the
// middle of the body, or a body that takes longer than the attempt's
// timeout, is then retried within the request's attempts (for methods
// that are safe to repeat), instead of failing the caller's read. A body
// longer than limit is returned cut at limit bytes, for the caller to
// refuse; one whose Content-Length exceeds it is not read at all.
func WithBodyLimit(req *http.Request, limit int64) *http.Request {
	return req.WithContext(context.WithValue(req.Context(), bodyLimitKey{}, limit))
}

// bufferBody reads resp's body into memory when req asked for it
// (WithBodyLimit) or the Transport does (BodyLimit), and closes the
// original.
func bufferBody(req *http.Request, resp *http.Response, limit int64) error {
	if l, ok := req.Context().Value(bodyLimitKey{}).(int64); ok {
		limit = l
	}
	if limit <= 0 || !idempotent(req.Method) || resp.ContentLength > limit {
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	_ = resp.Body.Close()
	if err != nil {
		return err
	}
	resp.Body = io.NopCloser(bytes.NewReader(b))
	return nil
}

// drain reads a little of a body to be discarded, so the connection can
// be reused, and closes it.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}

// cancelOnClose ends an attempt's context when its body is closed: the
// per-attempt timeout covers reading the body, not the caller's later
// work.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// PeekBody returns up to n bytes of resp's body and puts them back, for a
// policy that must read the message (GitHub's secondary rate limit).
func PeekBody(resp *http.Response, n int64) []byte {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, n))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(b), resp.Body), resp.Body}
	return b
}

// ResetWait is how long until a Unix-seconds reset time, at least a second.
func ResetWait(header string, now time.Time) (time.Duration, bool) {
	reset, err := strconv.ParseInt(header, 10, 64)
	if err != nil {
		return 0, false
	}
	return max(time.Unix(reset, 0).Sub(now)+time.Second, time.Second), true
}
