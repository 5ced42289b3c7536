package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A name of the rules that gives an identifier the package declares by
// hand is refused, naming both; a generated file of the package and test
// files are not hand-written declarations.
func TestCollisionWithHandWrittenCode(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("subtype.go", "package subtype\n\ntype Category uint8\n\nfunc Of() {}\n\nfunc (Category) String() string { return \"\" }\n")
	write("other_test.go", "package subtype\n\nfunc Paragon() {}\n")
	write("gen.go", headerLine+"\n\npackage subtype\n\nconst Paragon = 1\n")
	m := &Model{Categories: []Category{{Name: "of", Type: "Of", List: List{Rule: "205.3s"}}}}
	ok := []byte("package subtype\n\ntype Paragon uint16\n\nfunc (Paragon) String() string { return \"\" }\n")
	if err := m.checkCollisions(dir, "tables.go", ok); err != nil {
		t.Errorf("no collision: %v", err)
	}
	clash := []byte("package subtype\n\ntype Of uint16\n\nconst (\n\tOfA Of = 1\n)\n")
	err := m.checkCollisions(dir, "tables.go", clash)
	if err == nil || !strings.Contains(err.Error(), `the identifier Of (from the subtype category "of" of rule 205.3s), which `+filepath.Join(dir, "subtype.go")+" declares by hand (line 5)") {
		t.Errorf("got %v", err)
	}
	if err := m.checkCollisions(filepath.Join(dir, "absent"), "tables.go", clash); err != nil {
		t.Errorf("a package not written yet: %v", err)
	}
	// A name "Values" of the category "of" gives OfValues, as the list
	// of its values does.
	twice := []byte("package subtype\n\nconst OfValues = 1\n\nfunc OfValues() {}\n")
	err = m.checkCollisions(dir, "tables.go", twice)
	if err == nil || !strings.Contains(err.Error(), `the identifier OfValues (from the subtype category "of" of rule 205.3s) twice (lines 3 and 5)`) {
		t.Errorf("got %v", err)
	}
}

// A name of the rules that gives the identifier of a type gen declares,
// or of one of its functions (a predefined token "Token", a creature type
// "Values"), has the type after it: the same identifier in every release,
// no collision (seed 1121 of the futures added the predefined token
// "Token").
func TestNamesGivingAGeneratedIdentifier(t *testing.T) {
	for _, c := range []struct{ typ, prefix, name, want string }{
		{"Token", "", "Token", "TokenToken"},
		{"Token", "", "Treasure", "Treasure"},
		{"Creature", "Creature", "Values", "CreatureValuesCreature"},
		{"Action", "Action", "List", "ActionListAction"},
		{"Creature", "Creature", "Elf", "CreatureElf"},
	} {
		ids := identSet{}.reserve(c.typ)
		got, err := ids.add(c.prefix, c.name, "name")
		if err != nil || got != c.want {
			t.Errorf("%s %q of %s: %q, %v; want %q", c.prefix, c.name, c.typ, got, err, c.want)
		}
		if again, err := ids.add(c.prefix, c.name, "name"); err == nil {
			t.Errorf("%q twice: %q, no error", c.name, again)
		}
	}
}
