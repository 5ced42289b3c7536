package corpus

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// CI downloads the corpus from .github/corpus.lock: every release the
// tests read must be pinned there, by the sha256 of the file here.
func TestLockPinsEveryRelease(t *testing.T) {
	lock, err := os.ReadFile(filepath.Join(Root(t), ".github", "corpus.lock"))
	if err != nil {
		t.Fatal(err)
	}
	pinned := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(lock))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 3 || !strings.HasPrefix(fields[2], "https://") {
			t.Errorf("malformed lock line %q: want path, sha256 and an https URL, tab-separated", line)
			continue
		}
		pinned[fields[0]] = fields[1]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, r := range Releases(t) {
		rel := "cr-en/" + filepath.Base(r.Path)
		b, err := os.ReadFile(r.Path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		switch want, ok := pinned[rel]; {
		case !ok:
			t.Errorf("%s is not pinned in .github/corpus.lock: CI would not have it", rel)
		case want != hex.EncodeToString(sum[:]):
			t.Errorf("%s: sha256 %x, the lock pins %s", rel, sum, want)
		}
	}
}

// The sample of a commit is the window make futures-window rehearses:
// both cut their items into as many windows.
func TestSampleWindowsAreTheMakefiles(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(Root(t), "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^SWEEP_WINDOWS \?= (\d+)$`).FindSubmatch(b)
	if m == nil || string(m[1]) != strconv.Itoa(Windows) {
		t.Errorf("the Makefile's SWEEP_WINDOWS is %q, corpus.Windows %d: a commit's sample and its window of futures must move together", m, Windows)
	}
}
