package conformance

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/corpus"
)

// readerProgram looks up the rule of its argument in the newest English
// edition and prints whether it found it, and the bytes and allocations
// the lookup cost: the first call of a program, which reads the text it
// needs.
const readerProgram = `package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/mtgrules/crgen/generated/ruletext"
)

func main() {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, ok := ruletext.English.Newest().Lookup(os.Args[1])
	runtime.ReadMemStats(&after)
	fmt.Println(ok, after.TotalAlloc-before.TotalAlloc, after.Mallocs-before.Mallocs, len(r.Text))
}
`

// A program reading one rule pays for that rule: it links the standard
// library and the reader's own packages only, none of the pipeline's; it
// weighs at most 4 MB; its first lookup allocates at most 2 MB. (Its
// time is BenchmarkFirstLookup's, in package ruletext.)
func TestReaderCostsWhatItReads(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a program")
	}
	const text = "github.com/mtgrules/crgen/generated/ruletext"
	out, err := exec.Command("go", "list", "-C", corpus.Root(t), "-deps", text).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", text, err)
	}
	// The reader's own: the rules' shared packages, and what
	// generated/rules brings (Unicode normalization of names).
	allowed := []string{text, "github.com/mtgrules/crgen/generated/rules", "github.com/mtgrules/crgen/internal/names",
		"github.com/mtgrules/crgen/internal/bookfile", "github.com/mtgrules/crgen/internal/rulenum", "github.com/mtgrules/crgen/internal/worddiff",
		"golang.org/x/text/transform", "golang.org/x/text/unicode/norm"}
	var linked []string
	for _, dep := range strings.Fields(string(out)) {
		if first, _, _ := strings.Cut(dep, "/"); !strings.Contains(first, ".") {
			continue // the standard library
		}
		linked = append(linked, dep)
		if !slices.Contains(allowed, dep) {
			t.Errorf("ruletext links %s, which is none of the reader's", dep)
		}
	}
	bin := buildProgram(t, readerProgram)
	info, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > 4<<20 {
		t.Errorf("a program reading one rule weighs %d bytes, over 4 MB", info.Size())
	}
	// Two rules of the newest edition, whatever it prints.
	numbers := ruletext.English.Newest().Numbers()
	if len(numbers) == 0 {
		t.Fatal("the newest edition prints no rule")
	}
	for _, n := range []string{numbers[0], numbers[len(numbers)/2]} {
		out, err := exec.Command(bin, n).Output()
		if err != nil {
			t.Fatalf("%s %s: %v", bin, n, err)
		}
		var found bool
		var bytes, allocs, size int
		if _, err := fmt.Sscan(string(out), &found, &bytes, &allocs, &size); err != nil || !found || size == 0 {
			t.Fatalf("%s %s printed %q (%v)", bin, n, out, err)
		}
		if bytes > 2<<20 {
			t.Errorf("the first lookup of %s allocates %d bytes, over 2 MB", n, bytes)
		}
		t.Logf("first lookup of %s: %d bytes in %d allocations (program of %d bytes linking %d packages beyond the standard library)", n, bytes, allocs, info.Size(), len(linked))
	}
}
