package rulepage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/textenc"
)

// seed reads a captured page of the frozen tree: the working tree's
// pages are replaced by every rules update.
func seed(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpus.Frozen(t), "sources", "captured", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func numbers(rules []crtext.Rule) string {
	var n []string
	for _, r := range rules {
		n = append(n, r.Number)
	}
	return strings.Join(n, " ")
}

func TestSpanishSubtypesPage(t *testing.T) {
	p, err := ParsePlain(seed(t, "rule-205.3-es.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Rule != "205.3" || p.Title != "Subtipos" {
		t.Errorf("rule %q title %q", p.Rule, p.Title)
	}
	if p.Subrules() != 16 {
		t.Errorf("%d subrules, want 16", p.Subrules())
	}
	want := "205.3 205.3a 205.3b 205.3c 205.3d 205.3e 205.3f 205.3g 205.3h 205.3i 205.3j 205.3k 205.3m 205.3n 205.3p 205.3q 205.3r"
	if got := numbers(p.Rules); got != want {
		t.Errorf("numbers:\n%s\nwant:\n%s", got, want)
	}
	byNum := map[string]string{}
	for _, r := range p.Rules {
		byNum[r.Number] = r.Text
	}
	if !strings.HasSuffix(byNum["205.3b"], "«Artefacto — Equipo» significa que la carta es un artefacto con el subtipo Equipo.") {
		t.Errorf("205.3b lacks its example: %q", byNum["205.3b"])
	}
	if !strings.HasPrefix(byNum["205.3m"], "Un tipo de criatura tiene dos palabras: Señor del Tiempo.") {
		t.Errorf("205.3m = %q", byNum["205.3m"])
	}
	if !strings.HasPrefix(byNum["205.3r"], "Las cartas de fenómeno") {
		t.Errorf("205.3r = %q", byNum["205.3r"])
	}
}

func TestSpanishManaPage(t *testing.T) {
	p, err := ParsePlain(seed(t, "rule-107.4-es.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Rule != "107.4" || p.Title != "Números y símbolos" {
		t.Errorf("rule %q title %q", p.Rule, p.Title)
	}
	if got := numbers(p.Rules); got != "107.4 107.4a 107.4b 107.4c 107.4d 107.4e 107.4f 107.4g 107.4h" {
		t.Errorf("numbers %s", got)
	}
	for _, r := range p.Rules {
		if strings.Contains(r.Text, "Pregunta al juez") || strings.Contains(r.Text, "Gatewatch") || strings.Contains(r.Text, "Otras reglas") {
			t.Errorf("page chrome kept in %s: %q", r.Number, r.Text)
		}
	}
	if !strings.HasPrefix(p.Rules[0].Text, "Los símbolos de maná son {W}") {
		t.Errorf("107.4 = %q", p.Rules[0].Text)
	}
	if !strings.Contains(p.Rules[5].Text, "Ejemplo: {G/W}{G/W} puede pagarse") {
		t.Errorf("107.4e lacks its example: %q", p.Rules[5].Text)
	}
}

func TestEnglishGlossaryPage(t *testing.T) {
	p, err := ParsePlain(seed(t, "rule-205.3-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Rule != "205.3" || p.Title != "Subtypes" || p.Subrules() != 16 {
		t.Errorf("rule %q title %q subrules %d", p.Rule, p.Title, p.Subrules())
	}
	for _, r := range p.Rules {
		if strings.Contains(r.Text, "(refs:") {
			t.Errorf("%s keeps its refs note: %q", r.Number, r.Text)
		}
	}
	// The seed matches the official text word for word where the rule did
	// not change between 2026-02-27 and 2026-09-25.
	text, _, err := textenc.Decode(corpus.Read(t, "20260227"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := crtext.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range p.Rules {
		switch r.Number {
		case "205.3g", "205.3h", "205.3j", "205.3k", "205.3m": // lists grew in 2026-09-25
			continue
		}
		official, ok := d.Lookup(r.Number)
		if !ok || official.Text != r.Text {
			t.Errorf("%s differs from the official text:\nseed:     %q\nofficial: %q", r.Number, r.Text, official.Text)
		}
	}
}

func TestPlainHostile(t *testing.T) {
	tests := map[string]string{
		"empty":              "",
		"no heading":         "Hello world\nSubreglas\nA.\n",
		"no Subreglas":       "205.3. Subtipos\nUna carta.\n",
		"nothing after":      "205.3. Subtipos\nSubreglas\nOtras reglas de este apartado\nA.\n",
		"example first":      "205.3. Subtipos\nSubreglas\nEjemplo: nada.\n",
		"foreign subrule":    "Rules glossary\n205.3 Subtypes\n- 205.3a Fine.\n- 107.4b Not this page.\n",
		"out of order":       "205.3 Subtypes\n- 205.3b Second.\n- 205.3a First.\n",
		"glossary junk line": "205.3 Subtypes\n- 205.3a Fine.\nstray text\n",
		"too many subrules":  "205.3. Subtipos\nSubreglas\n" + strings.Repeat("Regla.\n", 25),
		"binary":             "205.3\x00",
	}
	for name, in := range tests {
		if p, err := ParsePlain([]byte(in)); err == nil {
			t.Errorf("%s: accepted, rules %s", name, numbers(p.Rules))
		}
	}
}

var testSelectors = Selectors{Rule: "section.rule", Number: ".num", Text: ".txt", Effective: ".effective"}

func TestHTMLPage(t *testing.T) {
	b, err := os.ReadFile("testdata/rule-205.3-en.html")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseHTML(b, testSelectors)
	if err != nil {
		t.Fatal(err)
	}
	if p.Effective != "2026-09-25" {
		t.Errorf("effective %q", p.Effective)
	}
	if got := numbers(p.Rules); got != "205.3 205.3a 205.3c 205.3i 205.3q" {
		t.Errorf("numbers %s", got)
	}
	if got := p.Rules[2].Text; !strings.HasSuffix(got, "Example: Dryad Arbor’s type line says “Land Creature — Forest Dryad.” Forest is a land type, and Dryad is a creature type.") {
		t.Errorf("205.3c = %q", got)
	}
	if got := p.Rules[4].Text; got != "Battles have a unique subtype, called a battle type. That battle type is Siege." {
		t.Errorf("205.3q whitespace not cleaned: %q", got)
	}
}

func TestHTMLSelectorMatchesNothing(t *testing.T) {
	b, err := os.ReadFile("testdata/rule-205.3-en.html")
	if err != nil {
		t.Fatal(err)
	}
	for field, sel := range map[string]Selectors{
		"rule":      {Rule: "div.rule", Number: ".num", Text: ".txt"},
		"number":    {Rule: "section.rule", Number: ".number", Text: ".txt"},
		"text":      {Rule: "section.rule", Number: ".num", Text: "p.body"},
		"effective": {Rule: "section.rule", Number: ".num", Text: ".txt", Effective: "#date"},
	} {
		_, err := ParseHTML(b, sel)
		var se *SelectorError
		if !errors.As(err, &se) || se.Field != field {
			t.Errorf("%s: error %v, want a SelectorError for %s", field, err, field)
		}
	}
	if _, err := ParseHTML([]byte(`<section class="rule"><span class="num">hello</span><p class="txt">x</p></section>`), testSelectors); err == nil {
		t.Error("a non-number in the number element was accepted")
	}
}

func FuzzParsePlain(f *testing.F) {
	f.Add([]byte("205.3. Subtipos\nSubreglas\nUna.\nEjemplo: dos.\nTres.\nOtras reglas de este apartado\nX\n"))
	f.Add([]byte("Rules glossary\n205.3 Subtypes\n- 205.3a A card. (refs: 108.1)\n- 205.3b B.\n"))
	f.Add([]byte("Regla 107.4 · Números\n\nLos símbolos {W}.\n\nSubreglas\n\nHay.\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParsePlain(b)
		if err != nil {
			return
		}
		prev := ""
		for _, r := range p.Rules {
			if r.Number != p.Rule && !strings.HasPrefix(r.Number, p.Rule) {
				t.Errorf("rule %s on page %s", r.Number, p.Rule)
			}
			if r.Number != p.Rule && r.Number <= prev {
				t.Errorf("rule %s after %s", r.Number, prev)
			}
			if r.Number != p.Rule {
				prev = r.Number
			}
		}
	})
}

func FuzzParseHTML(f *testing.F) {
	b, _ := os.ReadFile("testdata/rule-205.3-en.html")
	f.Add(b)
	f.Add([]byte(`<section class="rule"><span class="num">205.3a</span><p class="txt">x</p></section>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseHTML(b, testSelectors)
		if err != nil {
			return
		}
		for _, r := range p.Rules {
			if r.Text == "" {
				t.Errorf("rule %s with empty text", r.Number)
			}
		}
	})
}
