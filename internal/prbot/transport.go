package prbot

import (
	"net/http"
	"strings"
	"time"

	"github.com/mtgrules/crgen/internal/retry"
)

// githubPolicy is what GitHub asks to be retried: 5xx and 429 (with
// Retry-After), and 403s that are rate limits: a secondary limit
// (Retry-After, or the message, for which GitHub says to wait at least a
// minute) or the primary limit exhausted (wait until X-RateLimit-Reset).
// Any other 403 is a real refusal.
func githubPolicy(resp *http.Response, now time.Time) (time.Duration, string, bool) {
	if wait, why, ok := retry.StatusPolicy(resp, now); ok {
		return wait, why, ok
	}
	if resp.StatusCode != http.StatusForbidden {
		return 0, "", false
	}
	if wait := retry.After(resp.Header.Get("Retry-After")); wait > 0 {
		return wait, "secondary rate limit", true
	}
	if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		if wait, ok := retry.ResetWait(resp.Header.Get("X-RateLimit-Reset"), now); ok {
			return wait, "primary rate limit exhausted", true
		}
	}
	if strings.Contains(strings.ToLower(string(retry.PeekBody(resp, 64<<10))), "secondary rate limit") {
		return time.Minute, "secondary rate limit", true
	}
	return 0, "", false
}
