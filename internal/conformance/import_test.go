package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
)

// importProgram writes, in a module of its own beside nothing but a
// replace of this one, a program that imports every public generated
// package and does nothing: what importing them costs is what it costs
// before main runs.
func importProgram(t *testing.T) (dir string, pkgs []string) {
	t.Helper()
	root := corpus.Root(t)
	out, err := exec.Command("go", "list", "-C", root, "./generated/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var imports strings.Builder
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "/internal/") {
			continue
		}
		pkgs = append(pkgs, p)
		fmt.Fprintf(&imports, "\t_ %q\n", p)
	}
	dir = t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":  "module initprobe\n\ngo 1.26.0\n\nrequire github.com/mtgrules/crgen v0.0.0\n\nreplace github.com/mtgrules/crgen => " + root + "\n",
		"go.sum":  string(sum),
		"main.go": "package main\n\nimport (\n" + imports.String() + ")\n\nfunc main() {}\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, pkgs
}

// initLine is a line of GODEBUG=inittrace=1: "init PKG @T ms, D ms clock,
// B bytes, A allocs".
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, (\S+) ms clock, (\d+) bytes, (\d+) allocs$`)

// Importing the generated packages is free: their tables are static data
// written by gen, and no crgen package does work in its init. A program
// that imports them all spends at most 16 allocations and 16 KB in the
// init of crgen packages, together.
func TestImportingIsFree(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a program")
	}
	dir, pkgs := importProgram(t)
	bin := filepath.Join(dir, "probe")
	build := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building a program importing %v: %v\n%s", pkgs, err, out)
	}
	run := exec.Command(bin)
	run.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	run.Stderr = &stderr
	if err := run.Run(); err != nil {
		t.Fatalf("running it: %v\n%s", err, stderr.String())
	}
	bytesTotal, allocs, traced := 0, 0, 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		m := initLine.FindStringSubmatch(sc.Text())
		if m != nil {
			traced++
		}
		if m == nil || !strings.HasPrefix(m[1], "github.com/mtgrules/crgen/") {
			continue
		}
		b, _ := strconv.Atoi(m[3])
		a, _ := strconv.Atoi(m[4])
		bytesTotal, allocs = bytesTotal+b, allocs+a
		t.Logf("%s: %s ms, %d bytes, %d allocs", m[1], m[2], b, a)
	}
	if traced == 0 {
		t.Fatalf("no init traced: GODEBUG=inittrace=1 printed\n%s", stderr.String())
	}
	if allocs > 16 || bytesTotal > 16<<10 {
		t.Errorf("importing %v: %d allocations and %d bytes in crgen packages' init, want at most 16 and 16 KB", pkgs, allocs, bytesTotal)
	}
	t.Logf("importing %d packages: %d allocations, %d bytes in crgen init", len(pkgs), allocs, bytesTotal)
}
