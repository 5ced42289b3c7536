package typeline_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mtgrules/crgen/generated/typeline"
)

// The examples whose result depends on which names the rules list today
// show it in a comment, as the rules of 2026-09-25 gave it: a rules
// update may drop, list again or retranslate any name. lines_test.go and
// printed_test.go check the same behaviour on names they pick from the
// data.

func ExampleValidate() {
	for _, line := range []string{
		"Land Creature — Forest Dryad",
		"legendary creature — time lord doctor",
		"Creature — Forest",
		"Enchantment Land — Urza's Saga",
		"Creature - Elf",
		"Tribal Instant — Elf",
	} {
		if err := typeline.Validate(line, typeline.English); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(line, "ok")
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Land Creature — Forest Dryad ok
	//	legendary creature — time lord doctor ok
	//	type line "Creature — Forest": rule 205.3d: "Forest" is a land type, but Creature cannot have land types
	//	Enchantment Land — Urza's Saga ok
	//	type line "Creature - Elf": rule 205.3: "-" stands where the long dash "—" belongs: subtypes follow " — "
	//	type line "Tribal Instant — Elf": rule 205.2a: "Tribal" is no longer a card type: Tribal was removed from rule 205.2a in the release of 2024-07-30, renamed Kindred
}

// A Face holds its names in English order whatever the line's language:
// Spanish prints the noun first ("Criatura artefacto") and creature types
// in the reverse order ("Hechicero humano", Sen Triplets' Spanish line).
func ExampleParse() {
	for _, line := range []string{"Criatura — Saga", "Encantamiento — Saga", "criatura artefacto legendaria — hechicero humano"} {
		tl, err := typeline.Parse(line, typeline.Spanish)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s → %s → %s\n", line, tl, tl.Format(typeline.Spanish))
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Criatura — Saga → Creature — Hag → Criatura — Saga
	//	Encantamiento — Saga → Enchantment — Saga → Encantamiento — Saga
	//	criatura artefacto legendaria — hechicero humano → Legendary Artifact Creature — Human Wizard → Criatura artefacto legendaria — Hechicero humano
}

// Every error says what caused it, and the word that did: here a card
// type the rules renamed (Tribal became Kindred in 2024-07-30), and the
// long dash of Windows-1252 (byte 0x97) in a line that is not UTF-8.
// Rule is the rule broken, as the current rules number it (205.2a for
// Tribal; none for bytes that are not text).
func ExampleError() {
	for _, line := range []string{"Tribal Sorcery", "Sorcery\x97Arcane"} {
		err := typeline.Validate(line, typeline.English)
		var te *typeline.Error
		if errors.As(err, &te) {
			fmt.Printf("%s %q\n", te.Cause, te.Word)
		}
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	removed "Tribal"
	//	encoding "\x97"
}

func ExampleTypeLine_MarshalText() {
	tl, _ := typeline.Parse("Creature — Faerie // Sorcery — Adventure", typeline.English)
	b, _ := json.Marshal(struct {
		Line typeline.TypeLine
		Lang typeline.Lang
	}{tl, typeline.Spanish})
	fmt.Println(string(b))
	var back typeline.TypeLine
	_ = json.Unmarshal([]byte(`"Criatura — Hada // Conjuro — Aventura"`), &back)
	fmt.Println(back)
	// With the rules of 2026-09-25, this prints:
	//
	//	{"Line":"Creature — Faerie // Sorcery — Adventure","Lang":"es"}
	//	Creature — Faerie // Sorcery — Adventure
}

func ExampleParseLang() {
	l, err := typeline.ParseLang("ES")
	fmt.Println(l, err)
	_, err = typeline.ParseLang("fr")
	fmt.Println(err)
	// Output:
	// es <nil>
	// type line "fr": "fr" is not a language of the rules: want en, es or either
}

// Printed mode reads lines as cards print them and says what the rules
// spell differently.
func ExampleOptions_Parse() {
	printed := typeline.Options{Lang: typeline.Spanish, Printed: true}
	tl, err := printed.Parse("Criatura - Hechicero pueblo lunar")
	fmt.Println(tl, err)
	for _, n := range tl.Notes {
		fmt.Printf("%q → %q: %s\n", n.Printed, n.Current, n.Why)
	}
	cur, _ := printed.Current("Criatura - Hechicero pueblo lunar")
	fmt.Println(cur)
	// The rules' mode refuses the same line, naming the first such form.
	fmt.Println(typeline.Validate("Criatura — Bestia felina", typeline.Spanish))
	// Dropped names stay errors in both modes.
	_, err = printed.Parse("Criatura — Señor trasgo")
	fmt.Println(err)
	// With the rules of 2026-09-25, this prints:
	//
	//	Creature — Moonfolk Wizard <nil>
	//	"-" → "—": a hyphen where the rules print the long dash
	//	"pueblo lunar" → "Pueblo-lunar": spelled without the hyphen of the rules page (Pueblo-lunar)
	//	Criatura — Hechicero pueblo-lunar
	//	type line "Criatura — Bestia felina": rule 205.3m: "felina" is not how the rules spell the creature type Cat, Felino; cards print it so (feminine agreement after a feminine type (Bestia felina)): printed mode accepts it
	//	type line "Criatura — Señor trasgo": rule 205.3m: "Señor" is not a creature type of the rules: Lord, a creature type cards printed until the rules dropped it; cards with it now read their other creature types; it was removed from rule 205.3m before the release of 2009-07-11, the oldest the history knows
}

// Translate gives a line in the other language as that language's cards
// print it today: Spanish puts a creature type after the one it qualifies
// and a complement ("de Urza") after its noun, keeps the order of other
// subtypes, and prints the later subtypes in lower case. The lines are
// those of Spanish cards (Ancestor's Chosen, Urza's Power Plant, Sen
// Triplets, a dual land of Commander Legends).
func ExampleOptions_Translate() {
	spanish := typeline.Options{Lang: typeline.Spanish}
	for _, line := range []string{
		"Criatura — Clérigo humano",
		"Tierra — Central de energía de Urza",
		"Criatura artefacto legendaria — Hechicero humano",
		"Tierra — Bosque llanura",
	} {
		english, _ := spanish.Translate(line, typeline.English)
		back, _ := typeline.Options{}.Translate(english, typeline.Spanish)
		fmt.Printf("%s → %s → %s\n", line, english, back)
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Criatura — Clérigo humano → Creature — Human Cleric → Criatura — Clérigo humano
	//	Tierra — Central de energía de Urza → Land — Urza’s Power-Plant → Tierra — Central de energía de Urza
	//	Criatura artefacto legendaria — Hechicero humano → Legendary Artifact Creature — Human Wizard → Criatura artefacto legendaria — Hechicero humano
	//	Tierra — Bosque llanura → Land — Forest Plains → Tierra — Bosque llanura
}

// Either reads a line in the language it is in; a line neither language
// reads gets the error of the one it is most likely in. TypeLine decodes
// so, and a Printed field reads lines as cards print them.
func ExampleOptions_LangOf() {
	either := typeline.Options{Lang: typeline.Either}
	for _, line := range []string{"Creature — Human Cleric", "Criatura — Clérigo humano", "Criatura — Zombi"} {
		fmt.Println(either.LangOf(line), either.Validate(line))
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	en <nil>
	//	es <nil>
	//	es type line "Criatura — Zombi": rule 205.3: "Zombi" is not a creature type, nor a subtype of any category
}

// A Printed field decodes card data as cards and card databases print it
// (MTGJSON writes " - " for the long dash); a TypeLine field wants the
// rules' spelling. Both encode the line in English as the rules spell it.
func ExamplePrinted() {
	var card struct {
		TypeLine typeline.Printed `json:"type_line"`
	}
	for _, data := range []string{`{"type_line": "Creature - Human Cleric"}`, `{"type_line": "Criatura — Bestia felina"}`} {
		err := json.Unmarshal([]byte(data), &card)
		b, _ := json.Marshal(card)
		fmt.Println(string(b), len(card.TypeLine.Notes), err)
	}
	var strict struct {
		TypeLine typeline.TypeLine `json:"type_line"`
	}
	fmt.Println(json.Unmarshal([]byte(`{"type_line": "Creature - Human Cleric"}`), &strict))
	// With the rules of 2026-09-25, this prints:
	//
	//	{"type_line":"Creature — Human Cleric"} 1 <nil>
	//	{"type_line":"Creature — Cat Beast"} 1 <nil>
	//	type line "Creature - Human Cleric": rule 205.3: "-" stands where the long dash "—" belongs: subtypes follow " — "
}

// A line as of a release: the rules of 2024-04-12 still had the card type
// Tribal, which 2024-07-30 renamed Kindred.
func ExampleOptions_asOf() {
	line := "Tribal Instant — Goblin"
	fmt.Println(typeline.Options{AsOf: "2024-04-12"}.Validate(line))
	fmt.Println(typeline.Options{AsOf: "2024-07-30"}.Validate(line))
	// Output:
	// <nil>
	// type line "Tribal Instant — Goblin": rule 205.2a: "Tribal" was no longer a card type in the rules of 2024-07-30: Tribal was removed from rule 205.2a in the release of 2024-07-30
}

// Data saved under one release reads back under every later one: a line
// holding a name the rules dropped since decodes to what it said, and
// Check says why today's rules refuse it.
func ExampleTypeLine_Check() {
	var card struct{ TypeLine typeline.TypeLine }
	err := json.Unmarshal([]byte(`{"TypeLine": "Creature — Cephalid Wizard"}`), &card)
	fmt.Println(card.TypeLine, err)
	fmt.Println(card.TypeLine.Check())
	// With the rules of 2026-09-25, this prints:
	//
	//	Creature — Cephalid Wizard <nil>
	//	type line "Creature — Cephalid Wizard": rule 205.3m: "Cephalid" is no longer a creature type: Cephalid was removed from rule 205.3m in the release of 2024-07-30
}

// Card databases print "Token" before a token card's types: printed mode
// reads it (Face.Token), the rules' mode says why it refuses it.
func ExampleFace_token() {
	tl, err := typeline.Options{Printed: true}.Parse("Token Artifact — Treasure")
	fmt.Println(tl, tl.Faces[0].Token, err)
	fmt.Println(typeline.Validate("Token Artifact — Treasure", typeline.English))
	// With the rules of 2026-09-25, this prints:
	//
	//	Artifact — Treasure true <nil>
	//	type line "Token Artifact — Treasure": rule 205.2a: "Token" is no card type or supertype: card databases print it before the types of a token card, and printed mode reads it (Options{Printed: true})
}
