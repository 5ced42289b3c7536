package retry

import (
	"context"
	"net/http"
	"testing"
	"time"
)

func TestAfter(t *testing.T) {
	if After("7") != 7*time.Second || After("") != 0 || After("soon") != 0 || After("-3") != 0 {
		t.Error("seconds form misread")
	}
	d := After(time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat))
	if d < 25*time.Second || d > 31*time.Second {
		t.Errorf("date 30s ahead: %v", d)
	}
	if After(time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)) != 0 {
		t.Error("a past date should not wait")
	}
}

func TestSleepCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Sleep(ctx, time.Hour); err == nil {
		t.Error("cancelled sleep returned nil")
	}
}
