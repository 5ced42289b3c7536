package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
)

// sources/sources.json says where scrape reads and, with -live, writes
// each captured copy: whatever it holds, Load refuses it or returns a
// manifest whose every captured copy lies under the sources directory,
// and which writes itself back to the same manifest.
func FuzzLoad(f *testing.F) {
	frozen, err := os.ReadFile(filepath.Join(corpus.Frozen(f), "sources", "sources.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(frozen)
	page := func(path string) []byte {
		return []byte(`{"sources": [{"id": "x", "lang": "es", "format": "plain", "rule": "205.3", "effective": "2026-09-25", "captured": {"path": "` + path + `", "sha256": "` + strings.Repeat("a", 64) + `"}}]}`)
	}
	for _, path := range []string{"captured/x.txt", "../x.txt", "captured/../../x.txt", "/etc/x", ".", "captured/\u0000"} {
		f.Add(page(path))
	}
	f.Add([]byte(`{"sources": [{"id": "x", "id": "y", "lang": "en", "LANG": "es", "format": "cr-txt", "url": "u"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "sources.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := Load(dir)
		if err != nil {
			return
		}
		for i := range m.Sources {
			s := &m.Sources[i]
			if s.Captured == nil {
				continue
			}
			if rel, err := filepath.Rel(dir, m.CapturedPath(s)); err != nil || !filepath.IsLocal(rel) {
				t.Errorf("source %s: captured copy %q lies outside the sources directory", s.ID, s.Captured.Path)
			}
		}
		out, err := m.Marshal()
		if err != nil {
			t.Fatalf("a manifest read does not write: %v", err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sources.json"), out, 0o644); err != nil {
			t.Fatal(err)
		}
		back, err := Load(dir)
		if err != nil {
			t.Fatalf("a manifest written does not read back: %v\n%s", err, out)
		}
		if again, _ := back.Marshal(); string(again) != string(out) {
			t.Errorf("written twice, the manifest differs:\n%s\n%s", out, again)
		}
	})
}
