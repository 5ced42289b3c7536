// Package retrytest provides a fake clock for tests of retrying clients:
// waits are recorded and pass instantly.
package retrytest

import (
	"context"
	"sync"
	"time"
)

// Clock is a fake retry.Clock. Its time starts at Start and moves only
// when something sleeps.
type Clock struct {
	mu    sync.Mutex
	now   time.Time
	waits []time.Duration
}

// Start is the fake clock's first time.
var Start = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// New returns a clock at Start.
func New() *Clock { return &Clock{now: Start} }

// At returns a clock at t.
func At(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the fake time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep records d and moves the time on by it, unless ctx is done.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	c.now = c.now.Add(d)
	return nil
}

// Waits returns the waits slept so far.
func (c *Clock) Waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}
