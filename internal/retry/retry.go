// Package retry holds what the two HTTP clients of the project (fetching
// sources, talking to GitHub) share about waiting before a retry.
package retry

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// After reads a Retry-After header: seconds or an HTTP date. Zero when
// absent, unreadable or already past.
func After(v string) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// Sleep waits d or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
