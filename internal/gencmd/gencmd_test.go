package gencmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
)

func genCmd(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := Command.Main(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestGen(t *testing.T) {
	if out, _, code := genCmd("-h"); code != 0 || !strings.HasPrefix(out, "usage: gen [flags]") || !strings.Contains(out, "-check") || strings.Contains(out, "go-build") {
		t.Errorf("-h: exit %d\n%s", code, out)
	}
	if _, errs, code := genCmd("-bogus"); code != 2 || !strings.Contains(errs, "gen: unknown flag -bogus (valid: -check, -out, -snapshots, -version)") {
		t.Errorf("bad flag: exit %d %q", code, errs)
	}
	if _, errs, code := genCmd("extra"); code != 2 || !strings.Contains(errs, "gen takes flags only") {
		t.Errorf("arguments: exit %d %q", code, errs)
	}
	if _, errs, code := genCmd("-snapshots", t.TempDir()); code != 1 || !strings.Contains(errs, "run make regen") {
		t.Errorf("no snapshots: exit %d %q", code, errs)
	}
	// -check on an output with a stale file fails and names it.
	root := corpus.Root(t)
	out := t.TempDir()
	if _, errs, code := genCmd("-snapshots", filepath.Join(root, "snapshots"), "-out", out); code != 0 {
		t.Fatalf("gen: %q", errs)
	}
	if o, _, code := genCmd("-check", "-snapshots", filepath.Join(root, "snapshots"), "-out", out); code != 0 || !strings.Contains(o, "is up to date") {
		t.Errorf("-check on fresh output: exit %d %q", code, o)
	}
	stale := filepath.Join(out, "mana", "tables.go")
	if err := os.WriteFile(stale, []byte("package mana\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-check", "-snapshots", filepath.Join(root, "snapshots"), "-out", out); code != 1 || !strings.Contains(errs, "stale (run make gen)") || !strings.Contains(errs, stale) {
		t.Errorf("-check on stale output: exit %d %q", code, errs)
	}
}
