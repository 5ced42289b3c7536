package gen

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// checkCollisions refuses a generated file that declares an identifier
// which a hand-written file of its package also declares: the rules can
// name a category, a card type or a name anything ("category" would give
// the type Category), and the package must then fail here, saying which
// name, not fail to compile. A package directory that does not exist yet
// has nothing to collide with.
func (m *Model) checkCollisions(dir, name string, src []byte) error {
	declared, err := topLevel(name, src)
	if err != nil {
		var twice *declaredTwice
		if errors.As(err, &twice) {
			return fmt.Errorf("%s: the rules' names give the identifier %s%s twice (lines %d and %d): two names of the rules cannot become the same identifier; the generator's prefixes must tell them apart",
				filepath.Join(dir, name), twice.id, m.whatGives(twice.id), twice.first, twice.again)
		}
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		fn := e.Name()
		if fn == name || !strings.HasSuffix(fn, ".go") || strings.HasSuffix(fn, "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, fn))
		if err != nil {
			return err
		}
		if isGenerated(b) {
			continue // another generated file: gen's identifiers never repeat
		}
		theirs, err := topLevel(fn, b)
		if err != nil {
			return err
		}
		for id, line := range theirs {
			if _, ok := declared[id]; ok {
				return fmt.Errorf("%s: the rules' names give the identifier %s%s, which %s declares by hand (line %d): a name of the rules cannot become that identifier here; the generator's prefixes must tell them apart",
					filepath.Join(dir, name), id, m.whatGives(id), filepath.Join(dir, fn), line)
			}
		}
	}
	return nil
}

// topLevel lists the package-level identifiers a file declares (types,
// constants, variables, functions; not methods), with their lines.
func topLevel(name string, src []byte) (map[string]int, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	var twice *declaredTwice
	add := func(id *ast.Ident) {
		line := fset.Position(id.Pos()).Line
		if first, dup := out[id.Name]; dup && twice == nil {
			twice = &declaredTwice{id.Name, first, line}
		}
		if id.Name != "_" {
			out[id.Name] = line
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				add(d.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						add(n)
					}
				}
			}
		}
	}
	if twice != nil {
		return nil, twice
	}
	return out, nil
}

// declaredTwice is an identifier a file declares twice.
type declaredTwice struct {
	id           string
	first, again int
}

func (e *declaredTwice) Error() string {
	return fmt.Sprintf("%s declared on lines %d and %d", e.id, e.first, e.again)
}

// whatGives names the list or category behind a generated identifier,
// for the message.
func (m *Model) whatGives(id string) string {
	for _, c := range m.Categories {
		if strings.Contains(id, c.Type) {
			return fmt.Sprintf(" (from the subtype category %q of rule %s)", c.Name, c.Rule)
		}
	}
	for _, l := range m.Lists {
		for _, v := range l.Values {
			if v.Ident == id {
				return fmt.Sprintf(" (from the %s %q)", l.Noun, v.EN)
			}
		}
	}
	return ""
}
