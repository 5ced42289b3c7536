package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// esFace is one face of ../shared/corpus/cards-es: the English Oracle
// line of today (as MTGJSON had it), the line the English card printed,
// and the line the Spanish card printed.
type esFace struct {
	Set       string
	Name      string `json:"name"`
	Oracle    string `json:"type_line"`
	PrintedEN string `json:"printed_type_line"`
	Spanish   string `json:"type_line_es"`
}

func spanishFaces(t testing.TB) []esFace {
	t.Helper()
	dir := corpus.Dir(t, "cards-es/sets")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no set files in %s: %v", dir, err)
	}
	sort.Strings(files)
	var out []esFace
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var set struct {
			Code  string   `json:"code"`
			Faces []esFace `json:"faces"`
		}
		if err := json.Unmarshal(b, &set); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, fc := range set.Faces {
			fc.Set = set.Code
			if fc.PrintedEN == "" {
				fc.PrintedEN = fc.Oracle
			}
			out = append(out, fc)
		}
	}
	return out
}

// spanishNoise are the faces of cards-es whose Spanish field is not a
// Spanish type line, so printed mode rightly rejects it although the
// English card's line is valid: English text in the Spanish field, a
// typo, a translation of the card's name, rules text. Keyed "SET name".
var spanishNoise = map[string]string{
	"AFC Catti-brie of Mithral Hall": "English line in the Spanish field",
	"C16 Aeon Chronicler":            "English line in the Spanish field",
	"C16 Trial":                      "English line in the Spanish field",
	"C16 Error":                      "English line in the Spanish field",
	"LGN White Knight":               "English subtype (Knight) in the Spanish line",
	"MRD Elf Replica":                "English subtype (Elf) in the Spanish line",
	"STH Samite Blessing":            "typo: Encantur for Encantar",
	"SCG Karona, False God":          "Leyenda, (legendario): a note, not a type line",
	"5ED Phantom Monster":            "the card's name (Monstruo fantasmal) in the type field",
}

// englishNoise are the faces whose printed English field belongs to
// another card: the meld results of EMN carry the printed line of one of
// their halves. Their Spanish line reads as their Oracle line does.
var englishNoise = map[string]bool{
	"EMN Brisela, Voice of Nightmares":   true,
	"EMN Chittering Host":                true,
	"EMN Hanweir, the Writhing Township": true,
}

// typesOf is a face's card types, supertypes and subtypes as sorted
// names: the rules give subtypes no order, and Spanish cards print them
// in the reverse of the English order.
func typesOf(f typeline.Face) string {
	var names []string
	for _, x := range f.Supertypes {
		names = append(names, "super:"+x.String())
	}
	for _, x := range f.CardTypes {
		names = append(names, "type:"+x.String())
	}
	for _, x := range f.Subtypes {
		names = append(names, "sub:"+x.String())
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

func sameTypes(a, b typeline.TypeLine) bool {
	if len(a.Faces) != len(b.Faces) {
		return false
	}
	for i := range a.Faces {
		if typesOf(a.Faces[i]) != typesOf(b.Faces[i]) {
			return false
		}
	}
	return true
}

// Every face of cards-es gets a verdict in both modes, in both languages.
// Printed mode accepts the Spanish line exactly where it accepts the
// English card's line, reading the same types, except for listed noise
// and for one principled difference: a Spanish name that today names
// what replaced a removed English one (Perro was printed for Hound and is
// Dog now) reads as the face's Oracle line does. The rules' mode accepts
// nothing printed mode rejects, and everything it accepts reads the same.
func TestSpanishPrintedLines(t *testing.T) {
	faces := spanishFaces(t)
	removed := removals(t)
	dropped := droppedNames(t)
	rulesES := typeline.Options{Lang: typeline.Spanish}
	printedES := typeline.Options{Lang: typeline.Spanish, Printed: true}
	printedEN := typeline.Options{Printed: true}
	causes := map[string]int{}
	noiseSeen := map[string]bool{}
	accepted, renamedAlike := 0, 0
	for _, fc := range faces {
		key := fc.Set + " " + fc.Name
		strictTL, strictErr := rulesES.Parse(fc.Spanish)
		es, esErr := printedES.Parse(fc.Spanish)
		en, enErr := printedEN.Parse(fc.PrintedEN)
		if strictErr == nil && (esErr != nil || !sameTypes(strictTL, es)) {
			t.Errorf("%s: the rules' mode accepts %q but printed mode reads %v, %v", key, fc.Spanish, es, esErr)
		}
		if strictErr != nil {
			var te *typeline.Error
			if !errors.As(strictErr, &te) || te.Cause == 0 {
				t.Errorf("%s: an error without a cause: %v", key, strictErr)
			} else {
				causes["rules mode: "+te.Cause.String()]++
				// The rules' mode blames a printed form exactly when
				// printed mode accepts the line.
				printedForm := te.Cause == typeline.CauseDash || te.Cause == typeline.CausePrinted
				if printedForm != (esErr == nil) {
					t.Errorf("%s: the rules' mode says %v; printed mode says %v", key, strictErr, esErr)
				}
			}
		}
		switch {
		case esErr == nil && enErr == nil:
			accepted++
			if englishNoise[key] {
				oracle, err := typeline.Parse(fc.Oracle, typeline.English)
				if err != nil || !sameTypes(es, oracle) {
					t.Errorf("%s: %q reads %v, not as its Oracle line %q", key, fc.Spanish, es, fc.Oracle)
				}
				continue
			}
			if !sameTypes(es, en) {
				t.Errorf("%s: %q reads %v, but the English card's %q reads %v", key, fc.Spanish, es, fc.PrintedEN, en)
			}
			for _, n := range es.Notes {
				causes["printed mode note: "+n.Why]++
			}
		case esErr == nil:
			// Accepted in Spanish, not in English: only where the
			// Spanish line is a current form of the rules (which no mode
			// may reject) and the English card printed a name the rules
			// removed since: Perro was printed for Hound, and is Dog.
			var te *typeline.Error
			if !onlyDashes(es.Notes) || !errors.As(enErr, &te) || te.Cause != typeline.CauseRemoved {
				t.Errorf("%s: printed mode accepts %q, but not the English card's %q: %v", key, fc.Spanish, fc.PrintedEN, enErr)
				continue
			}
			renamedAlike++
		case enErr == nil:
			why, ok := spanishNoise[key]
			if !ok {
				t.Errorf("%s: printed mode rejects %q (%v), but accepts the English card's %q", key, fc.Spanish, esErr, fc.PrintedEN)
				continue
			}
			noiseSeen[key] = true
			causes["noise: "+why]++
		default:
			// Both rejected: for the same reason, a name the rules
			// dropped (the history says when, or printed.json says it
			// went before the history began), unless it is noise.
			var a, b *typeline.Error
			errors.As(esErr, &a)
			errors.As(enErr, &b)
			if _, ok := spanishNoise[key]; ok {
				noiseSeen[key] = true
				continue
			}
			if a == nil || b == nil || a.Cause != typeline.CauseRemoved || b.Cause != typeline.CauseRemoved {
				t.Errorf("%s: both rejected, not for a removed name: %v / %v", key, esErr, enErr)
				continue
			}
			w := strings.ToLower(b.Word)
			if removed[w] == "" && !dropped[w] {
				t.Errorf("%s: %q is rejected as removed, which neither the history nor printed.json says: %v", key, b.Word, enErr)
			}
			causes["both rejected: removed"]++
		}
	}
	for key := range spanishNoise {
		if !noiseSeen[key] {
			t.Errorf("listed noise %q is not in the corpus, or no longer rejected: update spanishNoise", key)
		}
	}
	t.Logf("%d faces: %d read alike in printed mode, %d Spanish names of renamed types; by cause: %v", len(faces), accepted, renamedAlike, causes)
	if accepted < len(faces)*95/100 {
		t.Errorf("only %d of %d faces accepted in both languages", accepted, len(faces))
	}
}

// onlyDashes reports whether a printed line names everything as the
// rules do, its dash aside.
func onlyDashes(notes []typeline.Note) bool {
	for _, n := range notes {
		if n.Current != "—" {
			return false
		}
	}
	return true
}

// Each place printed.json says it saw a form is a real face of the
// corpus whose printed line has it: the curated file's provenance is
// checked, not trusted.
func TestPrintedFormsWereSeen(t *testing.T) {
	faces := spanishFaces(t)
	byKey := map[string][]esFace{}
	for _, fc := range faces {
		byKey[fc.Set+" "+fc.Name] = append(byKey[fc.Set+" "+fc.Name], fc)
	}
	src, err := os.ReadFile(filepath.Join(corpus.Root(t), "sources", "curated", "printed.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := snapshot.UnmarshalPrinted(src)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what, lang, printed string, seen []string) {
		for _, s := range seen {
			fs, ok := byKey[s]
			if !ok {
				t.Errorf("%s %q: seen on %q, which is not a face of cards-es (want \"SET Card name\")", what, printed, s)
				continue
			}
			if !slices.ContainsFunc(fs, func(fc esFace) bool {
				line := fc.Spanish
				if lang == "en" {
					line = fc.PrintedEN
				}
				return containsWords(line, printed)
			}) {
				t.Errorf("%s %q: %s does not print it", what, printed, s)
			}
		}
	}
	for _, v := range p.Variants {
		check("variant", v.Lang, v.Printed, v.Seen)
	}
	for _, d := range p.Dropped {
		check("dropped name", d.Lang, d.Printed, d.Seen)
	}
}

// containsWords reports whether line has phrase as whole words, any case.
func containsWords(line, phrase string) bool {
	f := strings.Fields(strings.ToLower(strings.NewReplacer("—", " ", " - ", " ", ",", " ").Replace(line)))
	p := strings.Fields(strings.ToLower(phrase))
	for i := 0; i+len(p) <= len(f); i++ {
		if slices.Equal(f[i:i+len(p)], p) {
			return true
		}
	}
	return false
}

// What printed mode accepts on the English corpus: everything the rules'
// mode accepts, reading the same; more only where the note says why.
func TestEnglishPrintedLines(t *testing.T) {
	all := cards(t)
	notes := map[string]int{}
	more := 0
	for _, c := range all {
		strict, strictErr := typeline.Parse(c.TypeLine, typeline.English)
		printed, err := typeline.Options{Printed: true}.Parse(c.TypeLine)
		switch {
		case strictErr == nil && (err != nil || !sameTypes(strict, printed) || len(printed.Notes) > 0):
			t.Errorf("%s: the rules' mode reads %v, printed mode %v (%v, notes %v)", c.Name, strict, printed, err, printed.Notes)
		case strictErr != nil && err == nil:
			more++
			if len(printed.Notes) == 0 {
				t.Errorf("%s: printed mode accepts %q, which the rules reject (%v), without a note", c.Name, c.TypeLine, strictErr)
			}
			for _, n := range printed.Notes {
				notes[fmt.Sprintf("%s → %s", n.Printed, n.Current)]++
			}
		}
	}
	t.Logf("%d printings: printed mode accepts %d more, with notes %v", len(all), more, notes)
}
