package conformance

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/typeline"
)

// What a deck builder does with the type lines of real cards: show a
// Spanish card's line in English and an English card's in Spanish, each
// in the order its language's cards print today, and decode card data
// with encoding/json as people and card databases write it.

// Every face of cards-es whose Spanish and Oracle lines both read
// translates into the other: the Spanish line into today's Oracle line,
// word for word and in the English order, and the Oracle line into the
// Spanish line as the card printed it (its spellings as the rules spell
// them, Options.Current). The exceptions are accounted for: a Spanish
// card that printed other types than today's Oracle line (Oracle updates:
// Phyrexian added in 2022, Human Warrior Ranger for the Human Warrior
// printed, Legendary added to planeswalkers), a Spanish card that printed
// the same types in another order (Ally, which Spanish prints last:
// "Explorador humano aliado" for Human Scout Ally; three creature types in
// an order of their own), a later subtype printed in capitals. Lines
// either mode rejects are TestSpanishPrintedLines' concern.
func TestSpanishLinesTranslate(t *testing.T) {
	es := typeline.Options{Lang: typeline.Spanish, Printed: true}
	en := typeline.Options{Printed: true}
	classes := map[string]int{}
	read := 0
	for _, fc := range spanishFaces(t) {
		key := fc.Set + " " + fc.Name
		spanish, errES := es.Parse(fc.Spanish)
		oracle, errEN := en.Parse(fc.Oracle)
		if errES != nil || errEN != nil {
			classes["a line that does not read (TestSpanishPrintedLines)"]++
			continue
		}
		read++
		// Into English: the Spanish line is today's Oracle line.
		toEnglish, err := es.Translate(fc.Spanish, typeline.English)
		if err != nil || toEnglish != spanish.Format(typeline.English) {
			t.Errorf("%s: Translate(%q) = %q, %v; Parse then Format gives %q", key, fc.Spanish, toEnglish, err, spanish.Format(typeline.English))
		}
		switch {
		case toEnglish == oracle.String():
			classes["translates to the Oracle line"]++
		case !sameTypes(spanish, oracle):
			classes["the Spanish card printed other types than today's Oracle line"]++
			continue
		default:
			classes["the Spanish card printed the Oracle's types in another order"]++
			continue
		}
		// Into Spanish: the Oracle line is the Spanish card's, as the rules
		// spell its names.
		current, err := es.Current(fc.Spanish)
		if err != nil {
			t.Fatalf("%s: Current(%q): %v", key, fc.Spanish, err)
		}
		toSpanish, err := en.Translate(fc.Oracle, typeline.Spanish)
		switch {
		case err != nil:
			t.Errorf("%s: Translate(%q, Spanish): %v", key, fc.Oracle, err)
		case toSpanish == current:
			classes["and back to the Spanish card's line"]++
		case strings.EqualFold(toSpanish, current):
			classes["and back, but for a later subtype the card printed in capitals"]++
		default:
			t.Errorf("%s: %q in Spanish is %q; the card printed %q (as the rules spell it: %q)", key, fc.Oracle, toSpanish, fc.Spanish, current)
		}
		// Each translation reads back as what it translates.
		if back, err := (typeline.Options{Lang: typeline.Spanish}).Parse(toSpanish); err != nil || back.String() != oracle.String() {
			t.Errorf("%s: %q reads back as %v, %v; want %q", key, toSpanish, back, err, oracle)
		}
	}
	for c, n := range classes {
		t.Logf("%5d %s", n, c)
	}
	matched := classes["translates to the Oracle line"]
	reordered := classes["the Spanish card printed the Oracle's types in another order"]
	if read == 0 || matched*100 < read*90 {
		t.Errorf("%d of %d faces translate to their Oracle line, want at least 90%%", matched, read)
	}
	if reordered*100 > (matched+reordered)*2 {
		t.Errorf("%d faces of the Oracle's types in another order against %d in today's: the order rule does not describe the cards", reordered, matched)
	}
	if classes["and back, but for a later subtype the card printed in capitals"]*100 > matched {
		t.Errorf("more than 1%% of the faces differ from their Spanish card in case: %v", classes)
	}
}

// everRead reads line with o by today's rules or, failing that, by the
// rules of any release the history records, newest first: what a field
// of saved data decodes to. The error is today's.
func everRead(o typeline.Options, line string) (typeline.TypeLine, error) {
	tl, today := o.Parse(line)
	if today == nil {
		return tl, nil
	}
	rs := rules.Releases("en")
	for i := len(rs) - 1; i >= 0; i-- {
		o.AsOf = rs[i]
		if tl, err := o.Parse(line); err == nil {
			return tl, nil
		}
	}
	return typeline.TypeLine{}, today
}

// Card data decodes with encoding/json as it is written: a TypeLine field
// reads the rules' spelling in either language, a typeline.Printed field
// what cards print (MTGJSON's " - " for the long dash, older Spanish
// translations), each reading what the rules of an earlier release
// accepted (Tribal, Cephalid), and a line that fails reports the error of the language
// it is most likely in (LangOf), not that its first word is Spanish: for
// the lines of Spanish cards, Spanish, but for a few whose words the
// rules' names make English.
func TestDecodingCardData(t *testing.T) {
	printedEN := typeline.Options{Printed: true}
	printedES := typeline.Options{Lang: typeline.Spanish, Printed: true}
	var hyphens, spanishErrors int
	var englishErrors []string // Spanish cards' lines refused in English
	for _, fc := range spanishFaces(t) {
		key := fc.Set + " " + fc.Name
		var card struct {
			Printed   typeline.Printed  `json:"printed"`
			Spanish   typeline.Printed  `json:"spanish"`
			AsPrinted typeline.TypeLine `json:"as_printed"`
			SpanishTL typeline.TypeLine `json:"spanish_rules"`
		}
		decode := func(field, line string) error {
			b, err := json.Marshal(map[string]string{field: line})
			if err != nil {
				t.Fatal(err)
			}
			return json.Unmarshal(b, &card)
		}
		want, err := everRead(printedEN, fc.PrintedEN)
		if got := decode("printed", fc.PrintedEN); (got == nil) != (err == nil) || err == nil && card.Printed.String() != want.String() {
			t.Errorf("%s: %q decodes as printed to %v, %v; printed mode reads %v, %v", key, fc.PrintedEN, card.Printed.TypeLine, got, want, err)
		}
		if err := decode("as_printed", fc.PrintedEN); err != nil {
			var te *typeline.Error
			if errors.As(err, &te) && te.Cause == typeline.CauseDash {
				hyphens++
			}
		}
		want, err = everRead(printedES, fc.Spanish)
		englishLine := err != nil && strings.HasPrefix(spanishNoise[key], "English line")
		if err != nil {
			// Read in the language it is in: an English line in the Spanish
			// field, or a line the rules' names make English (once Spanish
			// names Sorin otherwise, "Planeswalker — Sorin" is English: seed
			// 1127 of the futures).
			if w, e := everRead(printedEN, fc.Spanish); englishLine || e == nil {
				want, err = w, e
			}
		}
		if got := decode("spanish", fc.Spanish); (got == nil) != (err == nil) || err == nil && card.Spanish.String() != want.String() {
			t.Errorf("%s: %q decodes as printed to %v, %v; printed mode reads %v, %v", key, fc.Spanish, card.Spanish.TypeLine, got, want, err)
		}
		if englishLine {
			continue
		}
		// The error a TypeLine reports is that of the language the line is
		// most likely in (LangOf): for a Spanish card, Spanish, unless the
		// rules' names make a word of it English (a retranslation can:
		// "Criatura — Ninja naga" once Spanish names Ninja otherwise).
		err = decode("spanish_rules", fc.Spanish)
		lang := typeline.Options{Lang: typeline.Either}.LangOf(fc.Spanish)
		_, wantErr := everRead(typeline.Options{Lang: lang}, fc.Spanish)
		switch {
		case (err == nil) != (wantErr == nil):
			t.Errorf("%s: %q decodes with %v; the rules' mode of its language (%v) says %v", key, fc.Spanish, err, lang, wantErr)
		case err != nil && !strings.Contains(err.Error(), wantErr.Error()):
			t.Errorf("%s: %q decodes with %v, want the error of %v: %v", key, fc.Spanish, err, lang, wantErr)
		case err != nil && lang == typeline.Spanish:
			spanishErrors++
		case err != nil:
			englishErrors = append(englishErrors, key+": "+fc.Spanish)
		}
	}
	if hyphens == 0 || spanishErrors == 0 {
		t.Errorf("the corpus exercised nothing: %d hyphenated lines refused by TypeLine, %d Spanish errors", hyphens, spanishErrors)
	}
	if len(englishErrors)*100 > spanishErrors {
		t.Errorf("%d Spanish lines refused with the English error, against %d with the Spanish one (more than 1%%): %q", len(englishErrors), spanishErrors, englishErrors)
	}
	t.Logf("%d printed English lines with a hyphen for the dash, which Printed reads and TypeLine refuses; %d Spanish lines refused with the Spanish error, %d with the English one %q", hyphens, spanishErrors, len(englishErrors), englishErrors)
}
