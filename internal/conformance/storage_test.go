package conformance

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/picks"
	"github.com/mtgrules/crgen/internal/sqltest"
)

// enumValue is what every enum of the packages is, for the storage tests.
type enumValue interface {
	fmt.Stringer
	driver.Valuer
}

// everyValue is every value of every enum the packages have, removed
// ones included, with a new zero value of its type to read into.
func everyValue() []struct {
	v    enumValue
	into func() any
} {
	var out []struct {
		v    enumValue
		into func() any
	}
	add := func(v enumValue, into func() any) {
		out = append(out, struct {
			v    enumValue
			into func() any
		}{v, into})
	}
	for _, v := range cardtype.EveryCardType() {
		add(v, func() any { return new(cardtype.CardType) })
	}
	for _, v := range cardtype.EverySupertype() {
		add(v, func() any { return new(cardtype.Supertype) })
	}
	for _, v := range keyword.EveryAction() {
		add(v, func() any { return new(keyword.Action) })
	}
	for _, v := range keyword.EveryAbility() {
		add(v, func() any { return new(keyword.Ability) })
	}
	for _, v := range keyword.EveryAbilityWord() {
		add(v, func() any { return new(keyword.AbilityWord) })
	}
	for _, v := range mana.EverySymbol() {
		add(v, func() any { return new(mana.Symbol) })
	}
	for _, c := range subtype.EveryCategory() {
		add(c, func() any { return new(subtype.Category) })
		for _, s := range subtype.Every(c) {
			add(s, func() any { return new(subtype.Subtype) })
		}
	}
	return out
}

// Every enum stores in a database through database/sql as its name (a
// TEXT column), its number where a caller stores int64(v) (an INTEGER
// column; a Subtype's as its category and its number), and reads back
// from either, removed names included; NULL is the zero value. Nothing
// stores a number where a name was meant.
func TestStorageThroughDatabaseSQL(t *testing.T) {
	db, err := sql.Open(sqltest.Name, t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	vals := everyValue()
	for i, x := range vals {
		num := any(nil)
		if s, ok := x.v.(subtype.Subtype); ok {
			num = int64(s.Number())
		} else {
			num = reflect.ValueOf(x.v).Convert(reflect.TypeFor[int64]()).Interface()
		}
		if _, err := db.Exec("INSERT INTO t (TEXT, INTEGER)", x.v, num); err != nil {
			t.Fatalf("storing %v (%T): %v", x.v, x.v, err)
		}
		var text string
		if err := db.QueryRow("SELECT", int64(i+1)).Scan(&text, new(int64)); err != nil {
			t.Fatal(err)
		}
		want, _ := x.v.Value()
		if text != want || text == strconv.FormatInt(anyInt(num), 10) {
			t.Errorf("%T %v stored as %q, want its name %q", x.v, x.v, text, want)
		}
		byName := x.into()
		if err := db.QueryRow("SELECT", int64(i+1)).Scan(byName, new(int64)); err != nil || !same(byName, x.v) {
			t.Errorf("%T %v read back from its name as %v: %v", x.v, x.v, deref(byName), err)
		}
		if _, isSubtype := x.v.(subtype.Subtype); isSubtype {
			continue // a number alone names no subtype
		}
		byNumber := x.into()
		if err := db.QueryRow("SELECT", int64(i+1)).Scan(new(string), byNumber); err != nil || !same(byNumber, x.v) {
			t.Errorf("%T %v read back from its number as %v: %v", x.v, x.v, deref(byNumber), err)
		}
	}
	// NULL is the zero value, both ways.
	if _, err := db.Exec("INSERT INTO t (TEXT)", cardtype.CardType(0)); err != nil {
		t.Fatal(err)
	}
	ct := cardtype.CardType(1)
	if err := db.QueryRow("SELECT", int64(len(vals)+1)).Scan(&ct); err != nil || ct != 0 {
		t.Errorf("NULL read back as %v, %v", ct, err)
	}
	// A number that is no value, and a Subtype's number alone, are refused.
	if _, err := db.Exec("INSERT INTO t (TEXT)", cardtype.CardType(250)); err == nil {
		t.Error("CardType(250) was stored")
	}
	var st subtype.Subtype
	if err := st.Scan(int64(1)); err == nil {
		t.Error("a Subtype read a number alone")
	}
	t.Logf("%d values stored and read back", len(vals))
}

// JSON: every enum reads a JSON number (its value) as well as its name.
func TestJSONNumbers(t *testing.T) {
	for _, x := range everyValue() {
		if _, isSubtype := x.v.(subtype.Subtype); isSubtype {
			continue
		}
		n := reflect.ValueOf(x.v).Convert(reflect.TypeFor[int64]()).Int()
		into := x.into()
		if err := json.Unmarshal([]byte(strconv.FormatInt(n, 10)), into); err != nil || !same(into, x.v) {
			t.Errorf("%T %d from JSON: %v, %v", x.v, n, deref(into), err)
		}
		name, _ := json.Marshal(x.v)
		into = x.into()
		if err := json.Unmarshal(name, into); err != nil || !same(into, x.v) {
			t.Errorf("%T %s from JSON: %v, %v", x.v, name, deref(into), err)
		}
	}
	var ct cardtype.CardType
	if err := json.Unmarshal([]byte("250"), &ct); err == nil {
		t.Errorf("250 decoded into a CardType: %v", ct)
	}
	ct = cardtype.CardType(1)
	if err := json.Unmarshal([]byte("null"), &ct); err != nil || ct != 1 {
		t.Errorf("null changed a CardType: %v, %v", ct, err)
	}
}

// Type lines and costs store as their text and read back; a line holding
// a name the rules dropped reads back too.
func TestStoringLinesAndCosts(t *testing.T) {
	db, err := sql.Open(sqltest.Name, t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	gone, _ := picks.RemovedCreature(t)
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	line := typeline.TypeLine{Faces: []typeline.Face{{CardTypes: []cardtype.CardType{creature}, Subtypes: []subtype.Subtype{gone.Subtype()}}}}
	cost, err := mana.ParseCost("{2}{W/U}")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("INSERT INTO t (TEXT, TEXT)", line, cost); err != nil {
		t.Fatal(err)
	}
	var l typeline.TypeLine
	var p typeline.Printed
	var c mana.Cost
	if err := db.QueryRow("SELECT", int64(1)).Scan(&l, &c); err != nil || l.String() != line.String() || c.String() != cost.String() {
		t.Errorf("read back %v %v: %v", l, c, err)
	}
	if err := db.QueryRow("SELECT", int64(1)).Scan(&p, new(mana.LenientCost)); err != nil || p.String() != line.String() {
		t.Errorf("read back as printed %v: %v", p, err)
	}
}

func anyInt(v any) int64 {
	if n, ok := v.(int64); ok {
		return n
	}
	return -1
}

func deref(p any) any { return reflect.ValueOf(p).Elem().Interface() }

func same(p any, v any) bool { return reflect.DeepEqual(deref(p), v) }

// The types that are text but no enum store as their text too, and read
// back: colours as their letters (and as the bits database/sql stored
// of them before), a pip, a payment, a face, a language, a cause.
func TestStoringEveryTextType(t *testing.T) {
	db, err := sql.Open(sqltest.Name, t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	cost, err := mana.ParseCost("{2}{W/U}")
	if err != nil {
		t.Fatal(err)
	}
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	face := typeline.Face{CardTypes: []cardtype.CardType{creature}, Subtypes: []subtype.Subtype{picks.Current(subtype.CategoryCreature)[0]}}
	for i, c := range []struct {
		v    driver.Valuer
		text string
		into interface {
			sql.Scanner
			fmt.Stringer
		}
	}{
		{mana.White | mana.Red, "WR", new(mana.Colors)},
		{mana.Colors(0), "", new(mana.Colors)},
		{cost.Pip(1), cost.Pip(1).String(), new(mana.Pip)},
		{mana.Payment{W: 1, Life: 2}, "{W} and 2 life", new(mana.Payment)},
		{face, face.String(), new(typeline.Face)},
		{typeline.Spanish, "es", new(typeline.Lang)},
		{typeline.CauseRemoved, "removed", new(typeline.Cause)},
	} {
		if _, err := db.Exec("INSERT INTO t (TEXT)", c.v); err != nil {
			t.Fatalf("storing %v (%T): %v", c.v, c.v, err)
		}
		var text string
		if err := db.QueryRow("SELECT", int64(i+1)).Scan(&text); err != nil || text != c.text {
			t.Errorf("%T %v stored as %q, %v; want %q", c.v, c.v, text, err, c.text)
		}
		if err := db.QueryRow("SELECT", int64(i+1)).Scan(c.into); err != nil || c.into.String() != fmt.Sprint(c.v) {
			t.Errorf("%T %v read back as %v: %v", c.v, c.v, c.into, err)
		}
	}
	// Colours stored as their bits before Colors had Value read back.
	var cs mana.Colors
	if err := cs.Scan(int64(mana.White | mana.Red)); err != nil || cs != mana.White|mana.Red {
		t.Errorf("the bits of WR read back as %v, %v", cs, err)
	}
	if err := cs.Scan(int64(32)); err == nil {
		t.Error("32 read as colours")
	}
}

// Every type of the packages that is text (MarshalText) stores as its
// text (Value) and reads back (Scan), so that nothing a program hands
// database/sql stores its number where its text was meant.
func TestEveryTextTypeHasValueAndScan(t *testing.T) {
	methods := map[string]map[string]bool{} // package.Type → its methods
	dirs, err := filepath.Glob(filepath.Join(corpus.Root(t), "generated", "*"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
					continue
				}
				typ := fn.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				id, ok := typ.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				key := filepath.Base(dir) + "." + id.Name
				if methods[key] == nil {
					methods[key] = map[string]bool{}
				}
				methods[key][fn.Name.Name] = true
			}
		}
	}
	n := 0
	for typ, m := range methods {
		if !m["MarshalText"] {
			continue
		}
		n++
		if !m["Value"] || !m["Scan"] {
			t.Errorf("%s is text (MarshalText) without Value and Scan: database/sql would store it otherwise", typ)
		}
	}
	if n == 0 {
		t.Fatal("no type of generated/ is text")
	}
	t.Logf("%d text types", n)
}
