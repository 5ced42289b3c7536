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
	if _, errs, code := genCmd("-bogus"); code != 2 || !strings.Contains(errs, "gen: unknown flag -bogus (valid: -base-record, -check, -new-record, -out, -snapshots, -version)") {
		t.Errorf("bad flag: exit %d %q", code, errs)
	}
	if _, errs, code := genCmd("extra"); code != 2 || !strings.Contains(errs, `gen: unknown command "extra" (valid: api)`) {
		t.Errorf("arguments: exit %d %q", code, errs)
	}
	if _, errs, code := genCmd("-snapshots", t.TempDir(), "-out", t.TempDir(), "-new-record"); code != 1 || !strings.Contains(errs, "run make regen") {
		t.Errorf("no snapshots: exit %d %q", code, errs)
	}
	root := corpus.Root(t)
	snaps := filepath.Join(root, "snapshots")
	out := t.TempDir()
	// Without its values record gen refuses: it would renumber.
	if _, errs, code := genCmd("-snapshots", snaps, "-out", out); code != 1 || !strings.Contains(errs, "values record "+filepath.Join(out, "values.json")+" not found") || !strings.Contains(errs, "git checkout") {
		t.Errorf("no record: exit %d %q", code, errs)
	}
	committed, err := os.ReadFile(filepath.Join(root, "generated", "values.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "values.json"), committed, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-snapshots", snaps, "-out", out); code != 0 {
		t.Fatalf("gen: %q", errs)
	}
	if o, _, code := genCmd("-check", "-snapshots", snaps, "-out", out); code != 0 || !strings.Contains(o, "is up to date") {
		t.Errorf("-check on fresh output: exit %d %q", code, o)
	}
	if _, errs, code := genCmd("-new-record", "-snapshots", snaps, "-out", out); code != 1 || !strings.Contains(errs, "exists") {
		t.Errorf("-new-record over a record: exit %d %q", code, errs)
	}
	// A record that lost an entry of its base fails -base-record, naming it.
	base := filepath.Join(t.TempDir(), "base.json")
	if err := os.WriteFile(base, committed, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-check", "-base-record", base, "-snapshots", snaps, "-out", out); code != 0 {
		t.Errorf("-base-record with the same record: exit %d %q", code, errs)
	}
	changed := strings.Replace(string(committed), `"Human": `, `"Humanoid": `, 1)
	if changed == string(committed) {
		t.Fatal("the record has no creature type Human to change")
	}
	if err := os.WriteFile(base, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-check", "-base-record", base, "-snapshots", snaps, "-out", out); code != 1 || !strings.Contains(errs, `creature "Humanoid"`) || !strings.Contains(errs, "is gone") {
		t.Errorf("-base-record losing an entry: exit %d %q", code, errs)
	}
	stale := filepath.Join(out, "mana", "tables.go")
	if err := os.WriteFile(stale, []byte("package mana\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-check", "-snapshots", snaps, "-out", out); code != 1 || !strings.Contains(errs, "stale (run make gen)") || !strings.Contains(errs, stale) {
		t.Errorf("-check on stale output: exit %d %q", code, errs)
	}
}

// gen api: the verdict, as text and as JSON, and a failure on an
// incompatible change.
func TestAPI(t *testing.T) {
	if _, errs, code := genCmd("api", "one"); code != 2 || !strings.Contains(errs, "need OLD_ROOT and NEW_ROOT") {
		t.Errorf("one argument: exit %d %q", code, errs)
	}
	root := corpus.Root(t)
	mod := func(edit func(string) string) string {
		dir := corpus.CopyCode(t, "generated", "internal")
		for _, f := range []string{"go.mod", "go.sum"} {
			b, err := os.ReadFile(filepath.Join(root, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		p := filepath.Join(dir, "generated", "cardtype", "tables.go")
		b, _ := os.ReadFile(p)
		if err := os.WriteFile(p, []byte(edit(string(b))), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	moved := mod(func(s string) string { return strings.Replace(s, "Artifact CardType = 1", "Artifact CardType = 77", 1) })
	verdict := filepath.Join(t.TempDir(), "api.json")
	out, errs, code := genCmd("api", "-json", verdict, root, moved)
	if code != 1 || !strings.Contains(out, "Go API: incompatible: 1 change") || !strings.Contains(errs, "cardtype.Artifact: value changed from 1 to 77") {
		t.Errorf("moved value: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if b, err := os.ReadFile(verdict); err != nil || !strings.Contains(string(b), `"incompatible": [`) {
		t.Errorf("verdict file: %s %v", b, err)
	}
	if out, errs, code := genCmd("api", root, root); code != 0 || strings.TrimSpace(out) != "Go API: no change" {
		t.Errorf("same tree: exit %d %q %q", code, out, errs)
	}
}
