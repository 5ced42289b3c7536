package gencmd

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/scrapecmd"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Importing the releases of 2009–2015 into a history that began in 2016
// changes no value: the project as it stood before the import is rebuilt
// in a copy (its releases from 2016 on, a record numbering them), the
// older releases are imported through scrape import, and every constant
// keeps its value; the names first seen before 2016 come after.
func TestImportingOlderReleasesKeepsEveryValue(t *testing.T) {
	t.Parallel()
	releases := corpus.Releases(t)
	root := corpus.FrozenCopy(t)
	snaps, out := filepath.Join(root, "snapshots"), filepath.Join(root, "generated")
	var older []string
	for _, r := range releases {
		if r.Date < "2016-01-01" {
			older = append(older, r.Path)
			if err := os.Remove(snapshot.Store{Dir: snaps}.HistoryPath("en", r.Date)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(older) == 0 {
		t.Fatal("the corpus holds no release before 2016")
	}
	if err := os.Remove(filepath.Join(out, "values.json")); err != nil { // a record of 2016 on is made afresh
		t.Fatal(err)
	}
	if _, errs, code := genCmd("-new-record", "-snapshots", snaps, "-out", out); code != 0 {
		t.Fatalf("gen before the import: %s", errs)
	}
	before := readRecord(t, out)
	beforeConsts := constants(t, out)

	var stdout, stderr bytes.Buffer
	args := append([]string{"import", "-sources", filepath.Join(root, "sources"), "-snapshots", snaps}, older...)
	if code := scrapecmd.Command.Main(context.Background(), args, cli.Env{Stdout: &stdout, Stderr: &stderr}); code != 0 {
		t.Fatalf("import: %s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "added to the history: en@2009-07-11") {
		t.Errorf("import said %q", stdout.String())
	}
	if _, errs, code := genCmd("-snapshots", snaps, "-out", out); code != 0 {
		t.Fatalf("gen after the import: %s", errs)
	}
	after := readRecord(t, out)
	if lost := after.Lost(before); len(lost) > 0 {
		t.Errorf("the import moved values: %v", lost)
	}
	afterConsts := constants(t, out)
	added := 0
	for name, v := range beforeConsts {
		if afterConsts[name] != v {
			t.Errorf("constant %s was %s, is %q", name, v, afterConsts[name])
		}
	}
	for name := range afterConsts {
		if _, ok := beforeConsts[name]; !ok {
			added++
			t.Logf("added: %s = %s", name, afterConsts[name])
		}
	}
	if added == 0 {
		t.Error("the older releases added no constant: were names dropped before 2016 lost?")
	}
}

func readRecord(t *testing.T, dir string) *gen.Record {
	t.Helper()
	r, err := gen.LoadRecord(filepath.Join(dir, gen.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// constants reads every exported constant of the generated packages
// under dir, with its value as written: what a program holds.
func constants(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, pkg := range []string{"cardtype", "subtype", "mana"} {
		path := filepath.Join(dir, pkg, "tables.go")
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && n.IsExported() {
						v, err := strconv.Unquote(lit.Value)
						if err != nil {
							v = lit.Value
						}
						out[pkg+"."+n.Name] = v
					}
				}
			}
		}
	}
	return out
}
