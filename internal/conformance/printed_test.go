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

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/picks"
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
	return loadOnce(t, "cards-es/sets", func() []esFace { return loadSpanishFaces(t) })
}

func loadSpanishFaces(t testing.TB) []esFace {
	t.Helper()
	var out []esFace
	eachSetFile(t, "cards-es/sets", func(f string, b []byte) {
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
	})
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
// their halves. Their Spanish line is compared with their Oracle line.
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

// spanishRules is what the Spanish rules pair, from the working tree's
// Spanish snapshots (the ones gen wrote the packages from): the English
// names the current Spanish page pairs, and every Spanish name any
// recorded Spanish page paired, with its list and English name (the
// frozen tree's Spanish page among them: a record of an earlier page).
type spanishRules struct {
	now  map[string]map[string]string // list → folded English name → Spanish name
	ever map[string][]listName        // folded Spanish name → what it named
}

type listName struct{ list, en string }

func readSpanishRules(t testing.TB) spanishRules {
	t.Helper()
	store := workingStore(t)
	now, err := store.Current("es")
	if err != nil {
		t.Fatal(err)
	}
	hist, err := store.History("es")
	if err != nil {
		t.Fatal(err)
	}
	frozen, err := corpus.FrozenStore(t).Current("es")
	if err != nil {
		t.Fatal(err)
	}
	hist = append(hist, frozen)
	r := spanishRules{now: map[string]map[string]string{}, ever: map[string][]listName{}}
	for list, pairs := range now.PairingEN {
		r.now[list] = map[string]string{}
		for _, p := range pairs {
			r.now[list][fold(p.EN)] = p.ES
		}
	}
	for _, s := range append(hist, now) {
		for list, pairs := range s.PairingEN {
			for _, p := range pairs {
				for _, es := range append([]string{p.ES}, s.Forms[strings.ToLower(p.ES)]...) {
					r.ever[fold(es)] = append(r.ever[fold(es)], listName{list, p.EN})
				}
			}
		}
	}
	return r
}

// spanishOf is the Spanish name the packages give a name of a list,
// current or removed; known is false for a name they never had.
func spanishOf(list, en string) (es string, known bool) {
	switch list {
	case snapshot.FactCardTypes:
		var v cardtype.CardType
		err := v.UnmarshalText([]byte(en))
		return v.Spanish(), err == nil
	case snapshot.FactSupertypes:
		var v cardtype.Supertype
		err := v.UnmarshalText([]byte(en))
		return v.Spanish(), err == nil
	}
	var v subtype.Subtype
	err := v.UnmarshalText([]byte(list + ":" + en))
	return v.Spanish(), err == nil
}

// unpairedNames are the names of a face the packages have no Spanish
// name for.
func unpairedNames(f typeline.Face) []listName {
	var out []listName
	for _, x := range f.Supertypes {
		if x.Spanish() == "" {
			out = append(out, listName{snapshot.FactSupertypes, x.String()})
		}
	}
	for _, x := range f.CardTypes {
		if x.Spanish() == "" {
			out = append(out, listName{snapshot.FactCardTypes, x.String()})
		}
	}
	for _, x := range f.Subtypes {
		if x.Spanish() == "" {
			out = append(out, listName{x.Category().String(), x.String()})
		}
	}
	return out
}

// pairedEver reports whether a recorded Spanish page paired the English
// name en of list.
func (r spanishRules) pairedEver(list, en string) bool {
	for _, names := range r.ever {
		for _, n := range names {
			if n.list == list && fold(n.en) == fold(en) {
				return true
			}
		}
	}
	return false
}

// spanishLag says why a Spanish line printed mode rejects cannot be read
// today for a reason of the Spanish page, not of printed mode: the
// English card reads as names the packages have no Spanish for, and the
// Spanish page does not pair them (yet: it lags the English rules); or
// the word refused is one a Spanish page paired with a name the packages
// now spell otherwise in Spanish (retranslated, or no longer paired since
// the rules dropped it). "" when it is none of these; "reported" when it
// found an error of the packages instead, which it reports.
func (r spanishRules) spanishLag(t *testing.T, key string, es *typeline.Error, en typeline.TypeLine, enErr error) string {
	if enErr == nil {
		for _, f := range en.Faces {
			if names := unpairedNames(f); len(names) > 0 {
				n := names[0]
				if _, paired := r.now[n.list][fold(n.en)]; paired {
					t.Errorf("%s: the Spanish page pairs the %s %s, but the packages give it no Spanish name", key, n.list, n.en)
				}
				return "the Spanish page does not pair " + n.en + " yet"
			}
		}
	}
	if es == nil {
		return ""
	}
	// Whatever the error makes of it (unknown, or another sense such as
	// the old creature type legendario), the word is not read as the
	// name a Spanish page paired it with: not an excuse when the current
	// page pairs it so.
	for _, n := range r.ever[fold(es.Word)] {
		if fold(r.now[n.list][fold(n.en)]) == fold(es.Word) {
			t.Errorf("%s: the Spanish page pairs %q with the %s %s, but printed mode refuses it: %v", key, es.Word, n.list, n.en, es)
			return "reported"
		}
	}
	for _, n := range r.ever[fold(es.Word)] {
		if now, known := spanishOf(n.list, n.en); known && !strings.EqualFold(now, es.Word) {
			if now == "" {
				return "the Spanish page no longer pairs a name it paired"
			}
			return "the Spanish page translates a name otherwise now"
		}
	}
	var b *typeline.Error
	if errors.As(enErr, &b) && b.Cause == typeline.CauseRemoved {
		// The English card names what the rules dropped; the Spanish
		// page, since then, no longer pairs it, so the Spanish word is
		// unknown instead of removed.
		lists := []string{snapshot.FactCardTypes, snapshot.FactSupertypes}
		for _, c := range subtype.Categories() {
			lists = append(lists, c.String())
		}
		for _, list := range lists {
			if es, known := spanishOf(list, b.Word); known && es == "" && r.pairedEver(list, b.Word) {
				return "the Spanish page no longer pairs a name the rules dropped"
			}
		}
	}
	return ""
}

// Every face of cards-es gets a verdict in both modes, in both languages.
// Printed mode accepts the Spanish line exactly where it accepts the
// English card's line, reading the same types, except for listed noise
// and for principled differences: a Spanish name that today names what
// replaced a removed English one (Perro was printed for Hound and is Dog
// now) reads as the face's Oracle line does; an English card printing a
// name the rules dropped and list again (relistings) means the old name,
// which the rules may now read otherwise or refuse. The rules' mode
// accepts nothing printed mode rejects, and everything it accepts reads
// the same.
func TestSpanishPrintedLines(t *testing.T) {
	faces := spanishFaces(t)
	removed := removals(t)
	dropped := droppedNames(t)
	relisted := relistings(t)
	spanish := readSpanishRules(t)
	rulesES := typeline.Options{Lang: typeline.Spanish}
	printedES := typeline.Options{Lang: typeline.Spanish, Printed: true}
	printedEN := typeline.Options{Printed: true}
	causes := map[string]int{}
	noiseSeen := map[string]bool{}
	accepted, renamedAlike, excused := 0, 0, 0
	for _, fc := range faces {
		key := fc.Set + " " + fc.Name
		oldName := relistedIn(fc.PrintedEN, relisted)
		excuseOldName := func() bool {
			if oldName == "" {
				return false
			}
			excused++
			causes["the English card prints "+oldName+", dropped and listed again in "+relisted[oldName]]++
			return true
		}
		strictTL, strictErr := rulesES.Parse(fc.Spanish)
		es, esErr := printedES.Parse(fc.Spanish)
		english := fc.PrintedEN
		if englishNoise[key] {
			english = fc.Oracle // the printed field is another card's
		}
		en, enErr := printedEN.Parse(english)
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
				// printed mode accepts the line, or refuses another word:
				// the rules' mode stops at the first printed form, printed
				// mode reads past it (Cefálido legendario, were Cephalid
				// listed again, is a printed form, then the dropped Legend).
				printedForm := te.Cause == typeline.CauseDash || te.Cause == typeline.CausePrinted
				var pe *typeline.Error
				laterError := printedForm && errors.As(esErr, &pe) && pe.Word != te.Word && pe.Cause != typeline.CauseDash && pe.Cause != typeline.CausePrinted
				if printedForm != (esErr == nil) && !laterError {
					t.Errorf("%s: the rules' mode says %v; printed mode says %v", key, strictErr, esErr)
				}
			}
		}
		switch {
		case esErr == nil && enErr == nil:
			if !sameTypes(es, en) && excuseOldName() {
				continue
			}
			accepted++
			if !sameTypes(es, en) {
				t.Errorf("%s: %q reads %v, but the English card's %q reads %v", key, fc.Spanish, es, english, en)
			}
			for _, n := range es.Notes {
				causes["printed mode note: "+n.Why]++
			}
		case esErr == nil:
			// Accepted in Spanish, not in English: only where the
			// Spanish line names what the rules list today (its notes
			// rewrite it to current names: a dash, a variant spelling)
			// and the English card printed a name the rules removed
			// since: Perro was printed for Hound, and is Dog.
			var te *typeline.Error
			if !currentForms(es.Notes) || !errors.As(enErr, &te) || te.Cause != typeline.CauseRemoved {
				if excuseOldName() {
					continue
				}
				t.Errorf("%s: printed mode accepts %q, but not the English card's %q: %v", key, fc.Spanish, english, enErr)
				continue
			}
			renamedAlike++
		case enErr == nil:
			why, ok := spanishNoise[key]
			if ok {
				noiseSeen[key] = true
				causes["noise: "+why]++
				continue
			}
			var a *typeline.Error
			errors.As(esErr, &a)
			if lag := spanish.spanishLag(t, key, a, en, enErr); lag != "" {
				excused++
				causes["Spanish page: "+lag]++
				continue
			}
			if excuseOldName() {
				continue
			}
			t.Errorf("%s: printed mode rejects %q (%v), but accepts the English card's %q", key, fc.Spanish, esErr, english)
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
				if lag := spanish.spanishLag(t, key, a, en, enErr); lag != "" {
					excused++
					causes["Spanish page: "+lag]++
					continue
				}
				if excuseOldName() {
					continue
				}
				t.Errorf("%s: both rejected, not for a removed name: %v / %v", key, esErr, enErr)
				continue
			}
			w := fold(b.Word)
			if removed[w] == "" && !dropped[w] {
				t.Errorf("%s: %q is rejected as removed, which neither the history nor printed.json says: %v", key, b.Word, enErr)
			}
			excused++
			causes["both rejected: removed"]++
		}
	}
	for key := range spanishNoise {
		if !noiseSeen[key] {
			t.Errorf("listed noise %q is not in the corpus, or no longer rejected: update spanishNoise", key)
		}
	}
	t.Logf("%d faces: %d read alike in printed mode, %d Spanish names of renamed types; by cause: %v", len(faces), accepted, renamedAlike, causes)
	// Faces of names the rules dropped, or that the Spanish page does not
	// pair as the card prints them, are accounted for above; every rules
	// update may add some. Of the others, nearly all read alike.
	if judged := len(faces) - excused; accepted < judged*95/100 {
		t.Errorf("only %d of %d faces accepted in both languages (%d more excused)", accepted, judged, excused)
	}
}

// currentForms reports whether a printed line's notes rewrite it only to
// what the rules list today: the long dash, or the spelling of a name
// some list holds now (Pueblo-lunar for "pueblo lunar").
func currentForms(notes []typeline.Note) bool {
	for _, n := range notes {
		if n.Current != "—" && !picks.Listed(n.Current) {
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
	// The working tree's curated file, not the frozen tree's: this checks
	// the file a rules update's curation edits.
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
