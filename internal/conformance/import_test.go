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

// generatedPackages are the public generated packages.
func generatedPackages(tb testing.TB) []string {
	tb.Helper()
	out, err := exec.Command("go", "list", "-C", corpus.Root(tb), "./generated/...").Output()
	if err != nil {
		tb.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.Contains(p, "/internal/") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs
}

// probeProgram builds a program that imports pkgs and does nothing: what
// importing them costs is what it costs before main runs. It returns the
// program's path.
func probeProgram(tb testing.TB, pkgs []string) string {
	tb.Helper()
	var imports strings.Builder
	for _, p := range pkgs {
		fmt.Fprintf(&imports, "\t_ %q\n", p)
	}
	main := "package main\n\nfunc main() {}\n"
	if len(pkgs) > 0 {
		main = "package main\n\nimport (\n" + imports.String() + ")\n\nfunc main() {}\n"
	}
	return buildProgram(tb, main)
}

// buildProgram builds, in a module of its own beside nothing but a
// replace of this one (and this one's go.sum), the program of source
// main. It returns the program's path.
func buildProgram(tb testing.TB, main string) string {
	tb.Helper()
	root := corpus.Root(tb)
	dir := tb.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	files := map[string]string{
		"go.mod":  "module initprobe\n\ngo 1.26.0\n\nrequire github.com/mtgrules/crgen v0.0.0\n\nreplace github.com/mtgrules/crgen => " + root + "\n",
		"go.sum":  string(sum),
		"main.go": main,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "probe")
	build := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building a program: %v\n%s\n%s", err, out, main)
	}
	return bin
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
	pkgs := generatedPackages(t)
	bin := probeProgram(t, pkgs)
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

// BenchmarkImport is what starting a program that imports every
// generated package costs, beside its floor (a program that imports
// nothing: the process and the Go runtime) and a program importing a
// data package that does no work at start either
// (golang.org/x/net/html/atom, static tables).
func BenchmarkImport(b *testing.B) {
	for _, impl := range []struct {
		name string
		pkgs []string
	}{
		{"project", generatedPackages(b)},
		{"baseline=floor", nil},
		{"baseline=x-net-html-atom", []string{"golang.org/x/net/html/atom"}},
	} {
		bin := probeProgram(b, impl.pkgs)
		b.Run("program=imports-only/impl="+impl.name, func(b *testing.B) {
			for b.Loop() {
				if out, err := exec.Command(bin).CombinedOutput(); err != nil {
					b.Fatalf("%s: %v\n%s", bin, err, out)
				}
			}
		})
	}
}

// The rules' text is its own package: no other generated package
// depends on it, so a program importing them carries none of it (binary
// size, start-up) — only one importing ruletext does, and pays for it on
// its first lookup (TestImportingIsFree counts its start-up too).
func TestRuleTextIsOnlyWhereImported(t *testing.T) {
	const text = "github.com/mtgrules/crgen/generated/ruletext"
	for _, p := range generatedPackages(t) {
		if p == text {
			continue
		}
		out, err := exec.Command("go", "list", "-C", corpus.Root(t), "-deps", p).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", p, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if dep == text || dep == "github.com/mtgrules/crgen/internal/rulebook" {
				t.Errorf("%s depends on %s: importing it carries the rules' text", p, dep)
			}
		}
	}
}
