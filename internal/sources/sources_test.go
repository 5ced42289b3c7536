package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/snapshot"
)

func TestManifestRejects(t *testing.T) {
	good := `{"id":"x","lang":"es","format":"plain","rule":"205.3","effective":"2026-09-25","captured":{"path":"x.txt","sha256":"` + strings.Repeat("a", 64) + `"}}`
	for name, src := range map[string]string{
		"unknown field":  `{"id":"x","lang":"es","format":"plain","rule":"205.3","effective":"2026-09-25","url":"u","colour":"red"}`,
		"bad lang":       strings.Replace(good, `"es"`, `"fr"`, 1),
		"bad format":     strings.Replace(good, `"plain"`, `"pdf"`, 1),
		"no rule":        strings.Replace(good, `"rule":"205.3",`, "", 1),
		"no effective":   strings.Replace(good, `"effective":"2026-09-25",`, "", 1),
		"bad id":         strings.Replace(good, `"id":"x"`, `"id":"X Y"`, 1),
		"short sha":      strings.Replace(good, strings.Repeat("a", 64), "abc", 1),
		"html selectors": strings.Replace(good, `"plain"`, `"html"`, 1),
		"duplicate id":   good + "," + good,
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "sources.json"), []byte(`{"sources":[`+src+`]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(dir); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestReadCapturedChecksSHA(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := &Manifest{dir: dir}
	src := &Source{ID: "x", Captured: &Captured{Path: "x.txt", SHA256: strings.Repeat("0", 64)}}
	if _, err := m.ReadCaptured(src, 0); err == nil || !strings.Contains(err.Error(), "sha256") {
		t.Errorf("got %v", err)
	}
	src.Captured.SHA256 = snapshot.SHA256([]byte("hello"))
	if b, err := m.ReadCaptured(src, 0); err != nil || string(b) != "hello" {
		t.Errorf("got %q %v", b, err)
	}
}
