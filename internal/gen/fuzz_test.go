package gen

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// What review.yml hands gen from a pull request is data: its snapshots
// and its values record, whatever they hold. FuzzGen puts any string (and
// any number) in one place of a small project gen accepts, and gen must
// refuse the result or emit Go that holds the tables and nothing more:
// every file under the output directory, parsing, importing and declaring
// only what gen always emits, with no block comment a name could close,
// and the string, where gen keeps it as a literal, read back intact.

// fuzzProject is the smallest project that uses every part of gen: two
// English releases (a creature type removed, a card type and a keyword
// renamed), the Spanish names with a printed form, the printed forms and
// the renames.
type fuzzProject struct {
	enOld, en, es *snapshot.Snapshot
	printed       *snapshot.Printed
	renames       []snapshot.Rename
	record        []byte // values.json; nil for a new record
}

const fuzzOld, fuzzNew = "2025-06-01", "2026-01-01"

func fuzzEnglish(date string, kindred, goblin, umbra string) *snapshot.Snapshot {
	creatures := []string{"Elf", "Wizard"}
	if goblin != "" {
		creatures = []string{"Elf", goblin, "Wizard"}
	}
	phyrexian := &snapshot.Meaning{Colors: "W", Pay: []string{"W", "life"}, Life: 2, ManaValue: 1, Rules: []string{"107.4f", "202.3"}}
	return &snapshot.Snapshot{
		Lang: "en", Effective: date,
		Sources:    []snapshot.Source{{ID: "cr-en", URL: "file:en.txt", SHA256: strings.Repeat("0", 64), Format: "cr-txt"}},
		CardTypes:  []string{"artifact", "creature", kindred, "land"},
		Supertypes: []string{"basic", "legendary"},
		Subtypes: snapshot.Subtypes{
			"artifact": {"Clue"}, "land": {"Forest", "Island"}, "creature": creatures,
		},
		SubtypeRules:   snapshot.RuleRefs{"artifact": "205.3g", "land": "205.3i", "creature": "205.3m"},
		BasicLandTypes: []string{"Forest", "Island"},
		ManaSymbols: []snapshot.ManaSymbol{
			{Symbol: "{W}", Group: "basic", Meaning: &snapshot.Meaning{Colors: "W", Pay: []string{"W"}, ManaValue: 1, Rules: []string{"107.4a", "202.3"}}},
			{Symbol: "{1}", Group: "numeric"},
			{Symbol: "{W/P}", Group: "phyrexian", Meaning: phyrexian},
		},
		Lists: map[string][]string{
			snapshot.FactKeywordActions:   {"Activate"},
			snapshot.FactKeywordAbilities: {"Deathtouch", umbra},
			snapshot.FactAbilityWords:     {"landfall"},
		},
		SubtypeCardTypes:  snapshot.CardTypesOf{"artifact": {"artifact"}, "land": {"land"}, "creature": {"creature", kindred}},
		SubtypeChoiceRule: "205.3e",
		Rules: snapshot.Rules{
			"205.3m": "Creatures and " + kindred + "s share their lists of subtypes.",
			"701.2":  "Activate", "702.2": "Deathtouch", "702.3": umbra,
		},
	}
}

func newFuzzProject() *fuzzProject {
	pair := func(es, en string) snapshot.Pair { return snapshot.Pair{ES: es, EN: en} }
	es := &snapshot.Snapshot{
		Lang: "es", Effective: fuzzNew,
		Sources:    []snapshot.Source{{ID: "cr-es", URL: "captured:es.txt", SHA256: strings.Repeat("1", 64), Format: "plain"}},
		CardTypes:  []string{"artefacto", "criatura", "afín", "tierra"},
		Supertypes: []string{"básico", "legendario"},
		Subtypes: snapshot.Subtypes{
			"artifact": {"Pista"}, "land": {"Bosque", "Isla"}, "creature": {"Elfo", "Hechicero"},
		},
		SubtypeRules:   snapshot.RuleRefs{"artifact": "205.3g", "land": "205.3i", "creature": "205.3m"},
		BasicLandTypes: []string{"Bosque", "Isla"},
		ManaSymbols:    []snapshot.ManaSymbol{{Symbol: "{W}", Group: "basic"}, {Symbol: "{1}", Group: "numeric"}, {Symbol: "{W/P}", Group: "phyrexian"}},
		Rules:          snapshot.Rules{"205.3m": "Las criaturas y los afines comparten sus listas de subtipos."},
		PairingEN: snapshot.Pairing{
			snapshot.FactCardTypes:  {pair("artefacto", "artifact"), pair("criatura", "creature"), pair("afín", "kindred"), pair("tierra", "land")},
			snapshot.FactSupertypes: {pair("básico", "basic"), pair("legendario", "legendary")},
			"artifact":              {pair("Pista", "Clue")},
			"land":                  {pair("Bosque", "Forest"), pair("Isla", "Island")},
			"creature":              {pair("Elfo", "Elf"), pair("Hechicero", "Wizard")},
		},
		Forms: map[string][]string{"básico": {"básica"}},
	}
	return &fuzzProject{
		enOld: fuzzEnglish(fuzzOld, "tribal", "Goblin", "Totem Armor"),
		en:    fuzzEnglish(fuzzNew, "kindred", "", "Umbra Armor"),
		es:    es,
		printed: &snapshot.Printed{
			Source:   snapshot.Source{ID: "curated-printed", URL: "captured:printed.json", SHA256: strings.Repeat("2", 64), Format: "printed"},
			Variants: []snapshot.PrintedVariant{{Lang: "es", List: "creature", Printed: "Elfa", Current: "Elf", Why: "feminine agreement", Seen: []string{"SET Card"}}},
			Dropped:  []snapshot.DroppedName{{Lang: "en", List: "creature", Printed: "Townsfolk", What: "a creature type dropped in 2007", Seen: []string{"SET Card"}}},
			Symbols: []snapshot.PrintedSymbol{{Symbol: "{C/P}", Group: "phyrexian", Pay: []string{"C", "life"}, Reminder: "{C/P} can be paid with {C} or 2 life.",
				Cards: []string{"SET Card"}, Why: "printed on cards, not in 107.4"}},
		},
		renames: []snapshot.Rename{
			{Release: fuzzNew, List: snapshot.FactCardTypes, From: "tribal", To: "kindred", Evidence: `rule 205.3m: "tribals" → "kindreds"`},
			{Release: fuzzNew, List: snapshot.FactKeywordAbilities, From: "Totem Armor", To: "Umbra Armor", Evidence: `rule 702.3: "Totem Armor" → "Umbra Armor"`},
		},
	}
}

// write lays the project out as review.yml does: snapshots under
// root/snapshots, the record under root/generated; it returns both.
func (p *fuzzProject) write(t testing.TB, root string) (snapDir, outDir string) {
	t.Helper()
	snapDir, outDir = filepath.Join(root, "snapshots"), filepath.Join(root, "generated")
	files := map[string][]byte{}
	// A history file is named by its date; a date that cannot name a
	// file (git archive gives none outside its tree) keeps the name the
	// date had, which gen must then refuse.
	history := func(lang string, s *snapshot.Snapshot, date string) string {
		if filepath.Base(s.Effective) == s.Effective && filepath.IsLocal(s.Effective+".json") && !strings.ContainsAny(s.Effective, "\x00/\\") {
			date = s.Effective
		}
		return lang + "/" + date + ".json"
	}
	for path, s := range map[string]*snapshot.Snapshot{
		"current/en.json": p.en, "current/es.json": p.es,
		history("en", p.enOld, fuzzOld): p.enOld, history("en", p.en, fuzzNew): p.en, history("es", p.es, fuzzNew): p.es,
	} {
		b, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join(snapDir, path)] = b
	}
	var err error
	if files[filepath.Join(snapDir, "printed.json")], err = snapshot.MarshalPrinted(p.printed); err != nil {
		t.Fatal(err)
	}
	if files[filepath.Join(snapDir, "renames.json")], err = snapshot.MarshalRenames(p.renames); err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(outDir, RecordFile)] = p.record
	if p.record == nil {
		files[filepath.Join(outDir, RecordFile)] = NewRecord().Marshal()
	}
	for path, b := range files {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return snapDir, outDir
}

// fuzzBaseline is the project generated once with a new record: its
// record, and what its files import and declare.
func fuzzBaseline(t testing.TB) (*fuzzProject, map[string]goShape) {
	t.Helper()
	p := newFuzzProject()
	snapDir, outDir := p.write(t, t.TempDir())
	files, err := Files(snapDir, outDir)
	if err != nil {
		t.Fatalf("gen refuses the fuzz project: %v", err)
	}
	p.record = files[filepath.Join(outDir, RecordFile)]
	shapes := map[string]goShape{}
	for path, src := range files {
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(outDir, path)
			shape, err := shapeOf(src)
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			shapes[rel] = shape
		}
	}
	return p, shapes
}

// goShape is what a generated file may hold whatever the names: the
// packages it imports, and its functions and methods with the types a
// name makes replaced by "T" (ParseCreature → ParseT, Creature.String →
// T.String).
type goShape struct {
	imports, funcs map[string]bool
	literals       []string // every string literal, unquoted
}

func shapeOf(src []byte) (goShape, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return goShape{}, err
	}
	s := goShape{imports: map[string]bool{}, funcs: map[string]bool{}}
	types := map[string]bool{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, spec := range g.Specs {
				types[spec.(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	generic := func(name string) string {
		for typ := range types {
			switch name {
			case "Parse" + typ, "Find" + typ, typ + "Values":
				return strings.Replace(name, typ, "T", 1)
			}
		}
		return name
	}
	for _, imp := range f.Imports {
		s.imports[imp.Path.Value] = true
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok {
			name := generic(fn.Name.Name)
			if fn.Recv != nil {
				recv := fn.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				id, ok := recv.(*ast.Ident)
				if !ok || !types[id.Name] {
					name = "?." + name // a receiver the file does not declare
				} else {
					name = "T." + name
				}
			}
			s.funcs[name] = true
		}
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if !strings.HasPrefix(c.Text, "//") {
				s.funcs["block comment "+c.Text] = true // never emitted: a name could close it
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			v, err := strconv.Unquote(lit.Value)
			if err != nil {
				s.literals = append(s.literals, "unquotable "+lit.Value)
			}
			s.literals = append(s.literals, v)
		}
		return true
	})
	return s, nil
}

func TestFuzzProjectGenerates(t *testing.T) {
	p, shapes := fuzzBaseline(t)
	if len(p.record) == 0 || len(shapes) < 6 {
		t.Fatalf("record %d bytes, %d Go files", len(p.record), len(shapes))
	}
	for spot := range fuzzSpots {
		checkFuzzedGen(t, p, shapes, uint8(spot), "Zzyzx", 1)
	}
}

// fuzzSpot is one place of the project a fuzzed string or number goes.
type fuzzSpot struct {
	what string
	put  func(p *fuzzProject, s string, n int)
	// literal: gen keeps the string as is in a Go string literal.
	literal bool
}

// everywhere puts s wherever the project holds old: a name in every
// release, pairing, printed form and rename that gives it, as a pull
// request renaming it would.
func everywhere(old string) func(p *fuzzProject, s string, n int) {
	return func(p *fuzzProject, s string, _ int) { p.replace(old, s) }
}

var fuzzSpots = []fuzzSpot{
	{"creature type", everywhere("Wizard"), true},
	{"Spanish creature type", everywhere("Hechicero"), true},
	{"removed creature type", everywhere("Goblin"), true},
	{"basic land type", everywhere("Island"), true},
	{"card type", everywhere("kindred"), false}, // title-cased
	{"renamed card type", everywhere("tribal"), false},
	{"category", everywhere("creature"), false},
	{"Spanish card type", everywhere("afín"), false},
	{"Spanish form", everywhere("básica"), false},
	{"keyword ability", everywhere("Deathtouch"), true},
	{"renamed keyword ability", everywhere("Totem Armor"), true},
	{"keyword rule", everywhere("702.2"), false}, // a number no rule title has is not a keyword's rule
	{"ability word", everywhere("landfall"), false},
	{"subtype rule", everywhere("205.3m"), true},
	{"choice rule", everywhere("205.3e"), true},
	{"mana symbol", everywhere("{W/P}"), true},
	{"mana group", everywhere("phyrexian"), true},
	{"way to pay", everywhere("life"), false},
	{"printed variant", everywhere("Elfa"), true},
	{"printed why", everywhere("feminine agreement"), true},
	{"dropped name", everywhere("Townsfolk"), true},
	{"dropped what", everywhere("a creature type dropped in 2007"), true},
	{"printed symbol", everywhere("{C/P}"), true},
	{"reminder", everywhere("{C/P} can be paid with {C} or 2 life."), true},
	{"rename evidence", everywhere(`rule 702.3: "Totem Armor" → "Umbra Armor"`), false},
	{"source", everywhere("file:en.txt"), false},
	{"source id", everywhere("cr-es"), false},
	{"effective date", everywhere(fuzzNew), false},
	{"oldest release", everywhere(fuzzOld), false},
	{"colors", func(p *fuzzProject, s string, _ int) {
		p.enOld.ManaSymbols[2].Meaning.Colors, p.en.ManaSymbols[2].Meaning.Colors = snapshot.ColorLetters(s), snapshot.ColorLetters(s)
	}, false},
	{"mana value", func(p *fuzzProject, _ string, n int) {
		for _, m := range []*snapshot.Meaning{p.enOld.ManaSymbols[2].Meaning, p.en.ManaSymbols[2].Meaning} {
			m.ManaValue, m.Life, m.Generic = n, n, n
		}
	}, false},
	{"record entry", func(p *fuzzProject, s string, n int) {
		p.editRecord(func(r *Record) { r.lists["creature"] = append(r.lists["creature"], RecordEntry{s, n}) })
	}, false},
	{"record list", func(p *fuzzProject, s string, n int) {
		p.editRecord(func(r *Record) { r.lists[s] = []RecordEntry{{"Wizard", n}} })
	}, false},
	{"recorded value", func(p *fuzzProject, _ string, n int) {
		p.editRecord(func(r *Record) { r.lists["creature"][len(r.lists["creature"])-1].Value = n })
	}, false},
	{"printed value", func(p *fuzzProject, _ string, n int) {
		p.editRecord(func(r *Record) { r.lists[recordPrintedMana] = []RecordEntry{{"{C/P}", n}} })
	}, false},
	{"record note", func(p *fuzzProject, s string, _ int) { p.editRecord(func(r *Record) { r.Note = s }) }, false},
}

// replace puts s for every string (value or key) equal to old in the
// project's snapshots, printed forms and renames.
func (p *fuzzProject) replace(old, s string) {
	for _, x := range []any{p.enOld, p.en, p.es, p.printed, &p.renames} {
		b, err := json.Marshal(x)
		if err != nil {
			panic(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			panic(err)
		}
		if b, err = json.Marshal(replaced(v, old, s)); err != nil {
			panic(err)
		}
		// Zero the target first: Unmarshal would merge into its maps.
		switch x := x.(type) {
		case *snapshot.Snapshot:
			*x = snapshot.Snapshot{}
		case *snapshot.Printed:
			*x = snapshot.Printed{}
		case *[]snapshot.Rename:
			*x = nil
		}
		if err := json.Unmarshal(b, x); err != nil {
			panic(err)
		}
	}
}

func replaced(v any, old, s string) any {
	switch v := v.(type) {
	case string:
		if v == old {
			return s
		}
	case []any:
		for i := range v {
			v[i] = replaced(v[i], old, s)
		}
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k == old {
				k = s
			}
			out[k] = replaced(x, old, s)
		}
		return out
	}
	return v
}

func (p *fuzzProject) editRecord(edit func(*Record)) {
	r, err := ParseRecord(p.record)
	if err != nil {
		panic(err)
	}
	edit(r)
	p.record = r.Marshal()
}

// checkFuzzedGen runs gen on the project with s (and n) put in one spot:
// gen refuses it, or what it writes is only the tables.
func checkFuzzedGen(t *testing.T, base *fuzzProject, shapes map[string]goShape, spot uint8, s string, n int) {
	p := newFuzzProject()
	p.record = base.record
	put := fuzzSpots[int(spot)%len(fuzzSpots)]
	put.put(p, s, n)
	root := t.TempDir()
	snapDir, outDir := p.write(t, root)
	files, err := Files(snapDir, outDir)
	if err != nil {
		return // refused
	}
	if _, err := Write(files, outDir); err != nil {
		t.Fatalf("%s %+q: gen accepted it but cannot write it: %v", put.what, s, err)
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !within(snapDir, path) && !within(outDir, path) {
			t.Errorf("%s %+q: gen wrote %s, outside its output directory", put.what, s, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var literals []string
	for path, src := range files {
		rel, _ := filepath.Rel(outDir, path)
		if !within(outDir, path) {
			t.Errorf("%s %+q: gen emits %s, outside %s", put.what, s, path, outDir)
			continue
		}
		if !strings.HasSuffix(path, ".go") {
			continue
		}
		got, err := shapeOf(src)
		if err != nil {
			t.Errorf("%s %+q: %s does not parse: %v", put.what, s, rel, err)
			continue
		}
		want, ok := shapes[rel]
		if !ok {
			t.Errorf("%s %+q: gen emits %s, which it never does", put.what, s, rel)
		}
		for _, set := range []struct{ got, want map[string]bool }{{got.imports, want.imports}, {got.funcs, want.funcs}} {
			for k := range set.got {
				if !set.want[k] {
					t.Errorf("%s %+q: %s holds %s, which gen never emits", put.what, s, rel, k)
				}
			}
		}
		literals = append(literals, got.literals...)
	}
	if _, err := ParseRecord(files[filepath.Join(outDir, RecordFile)]); err != nil {
		t.Errorf("%s %+q: the record gen writes does not read back: %v", put.what, s, err)
	}
	// A name the files keep reads back as the snapshot gave it.
	if want := viaJSON(s); put.literal && want != "" && !slices.Contains(literals, want) {
		t.Errorf("%s %+q: accepted, but no literal of the generated files holds it", put.what, s)
	}
}

// viaJSON is s as a snapshot file gives it back: each invalid byte made
// U+FFFD.
func viaJSON(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	var back string
	if err := json.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	return back
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func FuzzGen(f *testing.F) {
	base, shapes := fuzzBaseline(f)
	// Names that would end a comment, in every spot; that would end a
	// literal, where gen keeps one.
	for spot, put := range fuzzSpots {
		for _, s := range []string{
			"x\n*/\nfunc init() { panic(1) }\n/*",
			"// x\nfunc init() { panic(1) }",
			"/* x */ func init() { panic(1) } //\r\x00\u2028\ufeff\xff",
		} {
			f.Add(uint8(spot), s, 1)
		}
		if put.literal {
			f.Add(uint8(spot), "\" + os.Getenv(\"HOME\") + `", 1)
		}
	}
	f.Add(uint8(0), "", 0)
	f.Add(uint8(0), "../../x", -1)
	f.Fuzz(func(t *testing.T, spot uint8, s string, n int) {
		checkFuzzedGen(t, base, shapes, spot, s, n)
	})
}

// generateFuzzed runs gen on the fuzz project with s put in one spot.
func generateFuzzed(t *testing.T, what, s string, n int) (map[string][]byte, string, error) {
	t.Helper()
	base, _ := fuzzBaseline(t)
	p := newFuzzProject()
	p.record = base.record
	i := slices.IndexFunc(fuzzSpots, func(f fuzzSpot) bool { return f.what == what })
	fuzzSpots[i].put(p, s, n)
	snapDir, outDir := p.write(t, t.TempDir())
	files, err := Files(snapDir, outDir)
	return files, outDir, err
}

// A Spanish name is free text: one holding "*/" is generated, and stays
// in its literal and in its line comment (jennifer made it a block
// comment, which the name closed). One holding a line break is no name:
// the snapshot is refused, naming the list.
func TestNameStaysInItsComment(t *testing.T) {
	name := "x */ func init() { panic(1) } /*"
	files, outDir, err := generateFuzzed(t, "Spanish creature type", name, 1)
	if err != nil {
		t.Fatal(err)
	}
	tables := string(files[filepath.Join(outDir, "subtype/tables.go")])
	if !strings.Contains(tables, "// Wizard (Spanish "+name+"), listed since") {
		t.Errorf("the doc comment of CreatureWizard does not keep its Spanish name on its line:\n%s", tables)
	}
	if !strings.Contains(string(files[filepath.Join(outDir, "internal/data/data.go")]), strconv.Quote(name)) {
		t.Error("data.go does not hold the Spanish name as a literal")
	}
	_, _, err = generateFuzzed(t, "Spanish creature type", "x\n*/\nfunc init() { panic(1) }\n/*", 1)
	if err == nil || !strings.Contains(err.Error(), `subtypes (rule 205.3) holds "x\n*/`) || !strings.Contains(err.Error(), "which is no name") {
		t.Errorf("a name holding line breaks: %v", err)
	}
}

// A mana symbol becomes an identifier: one not written as a symbol is
// refused, as are colours (the snapshot refuses them) and ways to pay the
// tables cannot hold.
func TestManaSymbolRefused(t *testing.T) {
	for _, tt := range []struct{ what, s, want string }{
		{"mana symbol", "{W} const X = 1 //", "is not written as a symbol"},
		{"colors", "WX", `'X' is not a colour letter`},
		{"way to pay", "", `"" is no way to pay it`},
	} {
		if _, _, err := generateFuzzed(t, tt.what, tt.s, 1); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %q: %v, want an error saying %q", tt.what, tt.s, err, tt.want)
		}
	}
}

// A recorded value below its list's first value names no name: refused
// (it indexed the symbols at -199).
func TestRecordedValueBelowBase(t *testing.T) {
	_, _, err := generateFuzzed(t, "printed value", "", 1)
	if err == nil || !strings.Contains(err.Error(), "the values of printed_mana_symbols start at 200") {
		t.Errorf("got %v", err)
	}
}
