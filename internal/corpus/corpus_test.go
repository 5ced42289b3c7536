package corpus

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
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
