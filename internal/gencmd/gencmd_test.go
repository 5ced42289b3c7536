package gencmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/corpus"
)

func genCmd(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := Command.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), code
}

func TestGen(t *testing.T) {
	t.Parallel()
	if out, _, code := genCmd("-h"); code != 0 || !strings.HasPrefix(out, "gen: Write the Go packages") || !strings.Contains(out, "\nusage: gen [flags]") || !strings.Contains(out, "-check") || strings.Contains(out, "go-build") {
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
	// The frozen tree, not the working tree: its snapshots and record are
	// the same whatever rules release the project is at.
	root := corpus.Frozen(t)
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
	changed, renamed := renameFirstCreature(t, committed)
	if err := os.WriteFile(base, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-check", "-base-record", base, "-snapshots", snaps, "-out", out); code != 1 || !strings.Contains(errs, `creature "`+renamed+`"`) || !strings.Contains(errs, "is gone") {
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

// renameFirstCreature returns the values record with its first creature
// type renamed to a name the record does not hold, and that name: a base
// record with an entry the real record lacks.
func renameFirstCreature(t *testing.T, record []byte) ([]byte, string) {
	t.Helper()
	var raw map[string]any
	if err := json.Unmarshal(record, &raw); err != nil {
		t.Fatal(err)
	}
	lists, _ := raw["lists"].(map[string]any)
	creatures, _ := lists["creature"].(map[string]any)
	var first string
	for name, v := range creatures {
		if first == "" || v.(float64) < creatures[first].(float64) {
			first = name
		}
	}
	if first == "" {
		t.Fatal("the record has no creature type to rename")
	}
	held := func(name string) bool {
		for n := range creatures {
			if strings.EqualFold(n, name) {
				return true
			}
		}
		return false
	}
	renamed := first + "oid"
	for held(renamed) {
		renamed += "a"
	}
	creatures[renamed] = creatures[first]
	delete(creatures, first)
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	return b, renamed
}

// gen api: the verdict, as text and as JSON, and a failure on an
// incompatible change.
func TestAPI(t *testing.T) {
	t.Parallel()
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
	// Any card type constant of the code as it stands, moved to a value no
	// card type has.
	var name, value, unused string
	moved := mod(func(s string) string {
		consts := regexp.MustCompile(`(?m)^\t(\w+) CardType = (\d+)$`).FindAllStringSubmatch(s, -1)
		if len(consts) == 0 {
			t.Fatal("generated/cardtype/tables.go declares no CardType constant")
		}
		name, value = consts[0][1], consts[0][2]
		most := 0
		for _, c := range consts {
			n, _ := strconv.Atoi(c[2])
			most = max(most, n)
		}
		unused = strconv.Itoa(most + 1)
		return strings.Replace(s, consts[0][0], "\t"+name+" CardType = "+unused, 1)
	})
	verdict := filepath.Join(t.TempDir(), "api.json")
	out, errs, code := genCmd("api", "-json", verdict, root, moved)
	if code != 1 || !strings.Contains(out, "Go API: incompatible: 1 change") || !strings.Contains(errs, "cardtype."+name+": value changed from "+value+" to "+unused) {
		t.Errorf("moved value: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if b, err := os.ReadFile(verdict); err != nil || !strings.Contains(string(b), `"incompatible": [`) {
		t.Errorf("verdict file: %s %v", b, err)
	}
	if out, errs, code := genCmd("api", root, root); code != 0 || strings.TrimSpace(out) != "Go API: no change" {
		t.Errorf("same tree: exit %d %q %q", code, out, errs)
	}
}
