package rehearsal

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// savedProgram is a user's program: "save" writes, with the generated
// packages of the tree it is built in, a type line for each subtype name
// it is given and the name as a value of its category, in JSON and as a
// database would store it; "load" reads them back with the packages of
// its tree and says, for each, what it read and what today's rules make
// of it.
const savedProgram = `package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

type saved struct {
	Line  typeline.TypeLine
	Print typeline.Printed
	Sub   subtype.Subtype
	SQL   string // what Value stored
}

func main() {
	switch os.Args[1] {
	case "save":
		var names map[string][]string // category → names
		must(json.NewDecoder(os.Stdin).Decode(&names))
		var out []saved
		for cat, ns := range names {
			c, err := subtype.ParseCategory(cat)
			must(err)
			cts := c.CardTypes()
			for _, n := range ns {
				s, err := subtype.Parse(c, n)
				must(err)
				l := typeline.TypeLine{Faces: []typeline.Face{{CardTypes: cts[:1], Subtypes: []subtype.Subtype{s}}}}
				v, err := s.Value()
				must(err)
				out = append(out, saved{Line: l, Print: typeline.Printed{TypeLine: l}, Sub: s, SQL: v.(string)})
			}
		}
		must(json.NewEncoder(os.Stdout).Encode(out))
	case "load":
		var in []json.RawMessage
		must(json.NewDecoder(os.Stdin).Decode(&in))
		for _, raw := range in {
			var s saved
			if err := json.Unmarshal(raw, &s); err != nil {
				fmt.Printf("FAILED %s: %v\n", raw, err)
				continue
			}
			var fromSQL subtype.Subtype
			if err := fromSQL.Scan(s.SQL); err != nil || fromSQL != s.Sub {
				fmt.Printf("FAILED %q from the database: %v %v\n", s.SQL, fromSQL, err)
				continue
			}
			fmt.Printf("%s\t%s\t%v\t%v\n", s.Line, s.Print, s.Sub.IsValid(), s.Line.Check())
		}
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestSavedDataReadsBack saves data with the packages of the tree as it
// stands (type lines, subtypes, what a database stores), applies a
// derived release that removes and renames names, and reads the data
// with the packages that release generates: everything reads back to
// what it said, and today's rules say which names they dropped.
func TestSavedDataReadsBack(t *testing.T) {
	if os.Getenv(future.EnvInside) != "" {
		t.Skip("inside a rehearsal: not rehearsed again")
	}
	if testing.Short() {
		t.Skip("-short: builds a program twice and runs scrape and gen")
	}
	t.Parallel()
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "tree")
	if err := future.CopyProject(corpus.Root(t), dir); err != nil {
		t.Fatal(err)
	}
	f := future.NewTree(dir, tmp)
	steps, err := future.Plan(dir, f.Store, future.Future{Seed: 11, Releases: []future.Release{{Changes: []string{"remove names", "rename with evidence", future.KindAcross}}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(future.Describe(11, steps))
	base, err := future.Base(f.Store)
	if err != nil {
		t.Fatal(err)
	}
	dropped := map[string][]string{}
	for c, names := range base.Want {
		if !snapshot.IsCategory(c) {
			continue
		}
		for _, n := range names {
			if !slices.Contains(steps[0].W.Want[c], n) {
				dropped[c] = append(dropped[c], n)
			}
		}
	}
	if len(dropped) == 0 {
		t.Fatal("the derived release dropped no subtype")
	}
	prog := filepath.Join(dir, "internal", "savedcheck")
	if err := os.MkdirAll(prog, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(prog, "main.go"), []byte(savedProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(dropped)
	saved := runProgram(t, dir, "save", string(in))

	if err := f.Apply(steps, 0); err != nil {
		t.Fatal(err)
	}
	out := runProgram(t, dir, "load", saved)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var want int
	for _, ns := range dropped {
		want += len(ns)
	}
	if len(lines) != want {
		t.Fatalf("%d saved values read back, want %d:\n%s", len(lines), want, out)
	}
	for _, l := range lines {
		parts := strings.Split(l, "\t")
		if strings.HasPrefix(l, "FAILED") || len(parts) != 4 || parts[0] != parts[1] || parts[2] != "false" || !strings.Contains(parts[3], "is no longer") {
			t.Errorf("read back after the release: %s", l)
		}
	}
	t.Logf("%d values saved before the release read back after it:\n%s", len(lines), indent(out))
}

func runProgram(t *testing.T, dir, mode, stdin string) string {
	t.Helper()
	cmd := exec.Command("go", "run", "./internal/savedcheck", mode)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), trimpath)
	cmd.Stdin = strings.NewReader(stdin)
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the program's %s: %v\n%s", mode, err, errb.String())
	}
	return string(out)
}
