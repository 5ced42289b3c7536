package apicheck

import (
	"os"
	"path/filepath"
	"slices"
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

func TestCompare(t *testing.T) {
	base := tree(t, nil)
	same, err := Compare(base, tree(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if !same.OK() || same.Summary() != "no change" {
		t.Errorf("identical trees: %+v", same)
	}

	// A constant added and one deprecated: compatible, and said so.
	grown, err := Compare(base, tree(t, func(s string) string {
		s = replace(t, s, "\tCreatureZombie Creature = ", "\t// Testling, a test.\n\tCreatureTestling Creature = 9999\n\tCreatureZombie Creature = ")
		return replace(t, s, "\tCreatureGoblin Creature = ", "\t//\n\t// Deprecated: a test.\n\tCreatureGoblin Creature = ")
	}))
	if err != nil {
		t.Fatal(err)
	}
	if !grown.OK() || !slices.Equal(grown.Added, []string{"subtype.CreatureTestling"}) || !slices.Equal(grown.Deprecated, []string{"subtype.CreatureGoblin"}) {
		t.Errorf("grown: %+v", grown)
	}
	if got := grown.Summary(); got != "compatible: 1 constant added (CreatureTestling), 1 deprecated (CreatureGoblin)" {
		t.Errorf("summary %q", got)
	}

	// A value moved: incompatible, naming the constant and both values.
	moved, err := Compare(base, tree(t, func(s string) string {
		i := strings.Index(s, "\tCreatureGoblin Creature = ")
		end := i + strings.IndexByte(s[i:], '\n')
		return s[:i] + "\tCreatureGoblin Creature = 9999" + s[end:]
	}))
	if err != nil {
		t.Fatal(err)
	}
	if moved.OK() || len(moved.Incompatible) != 1 || !strings.HasPrefix(moved.Incompatible[0], "subtype.CreatureGoblin: value changed from ") || !strings.HasSuffix(moved.Incompatible[0], " to 9999") {
		t.Errorf("moved: %+v", moved)
	}
	if moved.Summary() != "incompatible: 1 change" {
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
