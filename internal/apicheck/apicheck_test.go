package apicheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
)

// tree copies the module's go.mod, go.sum and generated/ to a temporary
// module tree, for edit to change.
func tree(t *testing.T, edit func(tables string) string) string {
	t.Helper()
	root := corpus.Root(t)
	dir := corpus.CopyCode(t, Dir, "internal") // generated/, and what it imports
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if edit != nil {
		p := filepath.Join(dir, Dir, "subtype", "tables.go")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(edit(string(b))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// replace edits one occurrence that must exist.
func replace(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("generated/subtype/tables.go has no %q", old)
	}
	return strings.Replace(s, old, new, 1)
}

// creatures reads the creature type constants of the subtype package in
// the tree at root: one not deprecated, a name the package does not
// declare and a value no creature type has. The code changes with every
// rules release: which names are current is read from it, never assumed.
func creatures(t *testing.T, root string) (current, unusedName, unusedValue string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, Dir, "subtype", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	most := 0
	for _, p := range files {
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				declared[id.Name] = true
			}
			return true
		})
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				typ, ok := vs.Type.(*ast.Ident)
				if !ok || typ.Name != "Creature" || len(vs.Values) != 1 {
					continue
				}
				lit, ok := vs.Values[0].(*ast.BasicLit)
				if !ok {
					continue
				}
				v, err := strconv.Atoi(lit.Value)
				if err != nil {
					t.Fatalf("%s = %s: %v", vs.Names[0].Name, lit.Value, err)
				}
				most = max(most, v)
				if current == "" && (vs.Doc == nil || !strings.Contains(vs.Doc.Text(), "Deprecated:")) {
					current = vs.Names[0].Name
				}
			}
		}
	}
	if current == "" {
		t.Fatal("generated/subtype declares no creature type that is not deprecated")
	}
	unusedName = "CreatureTestling"
	for declared[unusedName] {
		unusedName += "a"
	}
	return current, unusedName, strconv.Itoa(most + 1)
}

func TestCompare(t *testing.T) {
	base := tree(t, nil)
	same, err := Compare(base, tree(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if !same.OK() || same.Summary() != "no change" {
		t.Errorf("identical trees: %+v", same)
	}
	current, added, unused := creatures(t, base)
	declared := "\t" + current + " Creature = "

	// A constant added and one deprecated: compatible, and said so.
	grownTree := tree(t, func(s string) string {
		s = replace(t, s, declared, "\t// "+added+", a test.\n\t"+added+" Creature = "+unused+"\n"+declared)
		return replace(t, s, declared, "\t//\n\t// Deprecated: a test.\n"+declared)
	})
	grown, err := Compare(base, grownTree)
	if err != nil {
		t.Fatal(err)
	}
	if !grown.OK() || !slices.Equal(grown.Added, []string{"subtype." + added}) || !slices.Equal(grown.Deprecated, []string{"subtype." + current}) {
		t.Errorf("grown: %+v", grown)
	}
	if got, want := grown.Summary(), "compatible: 1 constant added ("+added+"), 1 deprecated ("+current+")"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}

	// A constant removed and a value moved (from the grown tree to one
	// without its constant, where another constant took a new value):
	// incompatible, each named, the value with both its values. One
	// comparison: each type-checks two trees.
	moved, err := Compare(grownTree, tree(t, func(s string) string {
		i := strings.Index(s, declared)
		end := i + strings.IndexByte(s[i:], '\n')
		return s[:i] + declared + unused + s[end:]
	}))
	if err != nil {
		t.Fatal(err)
	}
	removed := slices.Contains(moved.Incompatible, "subtype."+added+": removed")
	changed := slices.ContainsFunc(moved.Incompatible, func(c string) bool {
		return strings.HasPrefix(c, "subtype."+current+": value changed from ") && strings.HasSuffix(c, " to "+unused)
	})
	if moved.OK() || len(moved.Incompatible) != 2 || !removed || !changed {
		t.Errorf("a constant removed and a value moved: %+v", moved)
	}
	if moved.Summary() != "incompatible: 2 changes" {
		t.Errorf("summary %q", moved.Summary())
	}

	// A tree that does not build is an error, not a verdict.
	if _, err := Compare(base, tree(t, func(s string) string { return s + "\nfunc broken() { return 1 }\n" })); err == nil || !strings.Contains(err.Error(), "does not build") {
		t.Errorf("broken tree: %v", err)
	}
	if _, err := Compare(base, t.TempDir()); err == nil || !strings.Contains(err.Error(), "no go.mod") {
		t.Errorf("not a module: %v", err)
	}
}
