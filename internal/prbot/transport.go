package prbot

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/mtgrules/crgen/internal/retry"
)

// retryTransport retries what GitHub asks to be retried: 5xx, 429, and 403s
// that are primary or secondary rate limits, waiting as Retry-After or
// X-RateLimit-Reset say (capped), a bounded number of times.
type retryTransport struct {
	next    http.RoundTripper
	retries int
	backoff time.Duration
	maxWait time.Duration
	sleep   func(context.Context, time.Duration) error
	now     func() time.Time
	logf    func(string, ...any)
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	backoff := t.backoff
	for attempt := 0; ; attempt++ {
		r := req
		if attempt > 0 {
			r = req.Clone(req.Context())
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				r.Body = body
			}
		}
		resp, err := t.next.RoundTrip(r)
		if err != nil {
			return nil, err
		}
		wait, retry, why := t.retryable(resp)
		if !retry || attempt >= t.retries {
			return resp, nil
		}
		if wait == 0 {
			wait = backoff
			backoff *= 2
		}
		if wait > t.maxWait {
			// Waiting longer than this would stall the workflow; let the
			// caller report the rate limit.
			return resp, nil
		}
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		if t.logf != nil {
			t.logf("%s %s: %s; retrying in %s (attempt %d of %d)", req.Method, req.URL.Path, why, wait, attempt+2, t.retries+1)
		}
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// retryable decides whether resp asks for a retry and how long to wait
// (zero: use the backoff).
func (t *retryTransport) retryable(resp *http.Response) (time.Duration, bool, string) {
	wait := retry.After(resp.Header.Get("Retry-After"))
	switch {
	case resp.StatusCode >= 500:
		return wait, true, resp.Status
	case resp.StatusCode == http.StatusTooManyRequests:
		return wait, true, "rate limited (429)"
	case resp.StatusCode == http.StatusForbidden:
		if wait > 0 {
			return wait, true, "secondary rate limit"
		}
		if resp.Header.Get("X-RateLimit-Remaining") == "0" {
			if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
				d := time.Unix(reset, 0).Sub(t.now()) + time.Second
				return max(d, time.Second), true, "primary rate limit exhausted"
			}
		}
		// A secondary limit without Retry-After: GitHub says to wait at
		// least a minute; peek at the message to tell it from a real 403.
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		if strings.Contains(strings.ToLower(string(body)), "secondary rate limit") {
			return time.Minute, true, "secondary rate limit"
		}
	}
	return 0, false, ""
}
