package crgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// Hand-written Go stays readable: no file over 600 lines, no function of
// the code over 80. Generated files (a "Code generated" header) are data.
// Test functions are held to the file limit only: a few table-driven and
// end-to-end tests (the rehearsals) are longer than 80 lines.
func TestHandWrittenSizes(t *testing.T) {
	const maxFile, maxFunc = 600, 80
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		if n := fset.File(f.Pos()).LineCount(); n > maxFile {
			t.Errorf("%s: %d lines, over %d: split it by concern", path, n, maxFile)
		}
		if strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok {
				if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > maxFunc {
					t.Errorf("%s: func %s is %d lines, over %d", path, fn.Name.Name, n, maxFunc)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
