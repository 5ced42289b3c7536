package corpus

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// EnvWindow names the variable that replays the sample of another
// commit: its count of commits (what Sample.String prints).
const EnvWindow = "CRGEN_WINDOW"

// EnvSweep names the variable that makes every sample whole: the tests
// then check every item of every window (make sweep-pairs).
const EnvSweep = "CRGEN_SWEEP"

// Windows is how many windows a sample cuts its items into, as make
// futures-window cuts the seeds of the sweep: consecutive commits take
// consecutive windows, and every item is checked within Windows commits.
const Windows = 50

// Sample is the part of a check too large for every run that this
// commit runs: the items whose index is its window modulo Windows, or all
// of them under EnvSweep.
type Sample struct {
	Commit int  // the count of commits of HEAD (or EnvWindow)
	All    bool // EnvSweep: every window
}

// SampleOf is the sample of the commit the project's HEAD is, as make
// futures-window derives it: the count of commits, or, in a repository
// of fewer than two commits (a rehearsal's clone), its hash's first 28
// bits; 0 outside a repository.
func SampleOf(t testing.TB) Sample {
	t.Helper()
	s := Sample{All: os.Getenv(EnvSweep) != ""}
	if v := os.Getenv(EnvWindow); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("%s=%q: want a count of commits", EnvWindow, v)
		}
		s.Commit = n
		return s
	}
	root := Root(t)
	out, err := exec.Command("git", "-C", root, "rev-list", "--count", "HEAD").Output()
	if err != nil {
		return s
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	if n < 2 {
		if h, err := exec.Command("git", "-C", root, "rev-parse", "--short=7", "HEAD").Output(); err == nil {
			v, _ := strconv.ParseInt(strings.TrimSpace(string(h)), 16, 64)
			n = int(v)
		}
	}
	s.Commit = n
	return s
}

// Window is the window this commit checks.
func (s Sample) Window() int { return s.Commit % Windows }

// Has reports whether item k of a sample's items is checked.
func (s Sample) Has(k int) bool { return s.All || k%Windows == s.Window() }

// String says which items are checked and how to replay them.
func (s Sample) String() string {
	if s.All {
		return "every window (" + EnvSweep + ")"
	}
	return fmt.Sprintf("window %d of %d (commit %d; replay: %s=%d)", s.Window(), Windows, s.Commit, EnvWindow, s.Commit)
}
