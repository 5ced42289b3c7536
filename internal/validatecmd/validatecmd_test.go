package validatecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/picks"
)

func validate(t *testing.T, input io.Reader, args ...string) ([]map[string]any, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Command.Main(context.Background(), args, cli.Env{Stdin: input, Stdout: &out, Stderr: &errb})
	var rows []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l == "" || !strings.HasPrefix(l, "{") {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output line %q: %v", l, err)
		}
		rows = append(rows, m)
	}
	return rows, out.String() + errb.String(), code
}

func TestTypeLines(t *testing.T) {
	t.Parallel()
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	land := picks.CardTypeFor(t, subtype.CategoryLand, true)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	forest := picks.Subtype(t, subtype.CategoryLand, "plain and named in Spanish", picks.PlainES)
	valid := land.String() + " " + creature.String() + " — " + forest.String() + " " + elf.String()
	in := valid + "\r\n" + creature.String() + " — " + forest.String() + "\n" + strings.ToLower(creature.String()+" — "+elf.String()) + "\n"
	rows, _, code := validate(t, strings.NewReader(in), "-typeline")
	if code != 0 || len(rows) != 3 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["ok"] != true || rows[0]["line"] != 1.0 || rows[0]["input"] != valid {
		t.Errorf("row 1: %v", rows[0])
	}
	if rows[1]["ok"] != false || rows[1]["rule"] != "205.3d" || rows[1]["cause"] != "category" || rows[1]["line"] != 2.0 {
		t.Errorf("row 2: %v", rows[1])
	}
	if rows[2]["canonical"] != creature.String()+" — "+elf.String() {
		t.Errorf("row 3: %v", rows[2])
	}
	// A Spanish line's canonical form is Spanish, as the rules spell it.
	es := creature.Spanish() + " — " + elf.Spanish()
	rows, _, _ = validate(t, strings.NewReader(strings.ToLower(es)+"\n"), "-typeline", "-lang", "es")
	if rows[0]["ok"] != true || rows[0]["canonical"] != es {
		t.Errorf("Spanish: %v", rows[0])
	}
}

func TestManaCosts(t *testing.T) {
	t.Parallel()
	rows, _, code := validate(t, strings.NewReader("{2}{W/U}{G/P}\n{HW}\n{2}{W} // {2}{B}\n{1000000}\n"), "-manacost")
	if code != 0 || len(rows) != 4 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["mana_value"] != 4.0 || rows[0]["canonical"] != "{2}{W/U}{G/P}" {
		t.Errorf("row 1: %v", rows[0])
	}
	if rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "{HW} is not a mana symbol") {
		t.Errorf("row 2: %v", rows[1])
	}
	if rows[2]["mana_value"] != 6.0 || rows[3]["mana_value"] != 1000000.0 {
		t.Errorf("rows 3, 4: %v %v", rows[2], rows[3])
	}
	rows, _, _ = validate(t, strings.NewReader("2ww\n"), "-manacost", "-lenient")
	if rows[0]["canonical"] != "{2}{W}{W}" || rows[0]["mana_value"] != 4.0 {
		t.Errorf("lenient: %v", rows[0])
	}
}

// The command reads costs as the mana package does: a cost of several
// faces keeps them, with the mana value and colours of the faces
// combined; colours are written as mana.Colors encodes them (a list of
// letters, [] for colourless), which
// decodes them back; an error names its place in the whole line and
// points at -lenient only where -lenient reads the line.
func TestManaCostsAsThePackageReadsThem(t *testing.T) {
	t.Parallel()
	lines := []string{"{2}{W} // {2}{B}", "{3}", "{2}{W} // {2}{HW}", "2W//2B", "{2}{HW}"}
	rows, _, _ := validate(t, strings.NewReader(strings.Join(lines, "\n")+"\n"), "-manacost")
	if len(rows) != len(lines) {
		t.Fatalf("%d rows", len(rows))
	}
	for i, line := range lines {
		c, err := mana.ParseCost(line)
		row := rows[i]
		if err != nil {
			var ce *mana.CostError
			if !errors.As(err, &ce) || row["ok"] != false || row["error"] != fmt.Sprintf("position %d: %s", ce.Pos, ce.Reason) {
				t.Errorf("%q: %v, want the package's error %v", line, row, err)
			}
			lenientReads := func() bool { _, err := mana.ParseCostLenient(line); return err == nil }()
			if says := strings.Contains(row["error"].(string), "-lenient"); says != lenientReads {
				t.Errorf("%q: %v; lenient mode reads it: %v", line, row["error"], lenientReads)
			}
			continue
		}
		var colors mana.Colors
		raw, _ := json.Marshal(row["colors"])
		letters, _ := json.Marshal(c.Colors().Letters())
		if row["ok"] != true || row["canonical"] != c.String() || row["mana_value"] != float64(c.ManaValue()) ||
			json.Unmarshal(raw, &colors) != nil || colors != c.Colors() || string(raw) != string(letters) {
			t.Errorf("%q: %v, want %s, mana value %d, colours %q", line, row, c, c.ManaValue(), c.Colors())
		}
	}
}

// With -lang either each line is read in the language it is in, and its
// canonical form is in that language.
func TestEitherLanguage(t *testing.T) {
	t.Parallel()
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	en := creature.String() + " — " + elf.String()
	es := creature.Spanish() + " — " + elf.Spanish()
	unknown := creature.Spanish() + " — " + picks.Absent("Zomb")
	rows, _, _ := validate(t, strings.NewReader(strings.ToLower(en)+"\n"+strings.ToLower(es)+"\n"+unknown+"\n"), "-typeline", "-lang", "either")
	if len(rows) != 3 || rows[0]["canonical"] != en || rows[1]["canonical"] != es || rows[2]["ok"] != false || rows[2]["cause"] != "unknown" {
		t.Errorf("-lang either: %v", rows)
	}
}

// A line of several megabytes gets its own verdict, shortened, with its
// line number; the lines after it are judged.
func TestStreamsAnyInput(t *testing.T) {
	t.Parallel()
	types := cardtype.CardTypeValues()
	if len(types) < 3 {
		t.Skip("the rules list fewer than three card types")
	}
	huge := strings.Repeat("Creature ", 300_000) // 2.7 MB
	in := io.MultiReader(strings.NewReader(types[0].String()+"\n"+huge+"\n"), strings.NewReader(types[1].String()+"\n"+types[2].String()))
	rows, all, code := validate(t, in, "-typeline")
	if code != 0 || len(rows) != 4 {
		t.Fatalf("exit %d, %d rows: %.300s", code, len(rows), all)
	}
	if rows[1]["line"] != 2.0 || rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "line of 2700000 bytes") || rows[1]["length"] != 2700000.0 {
		t.Errorf("huge line: %v", rows[1])
	}
	if len(rows[1]["input"].(string)) > 210 || len(all) > 10_000 {
		t.Errorf("the huge line was echoed: %d bytes of output", len(all))
	}
	if rows[2]["input"] != types[1].String() || rows[3]["input"] != types[2].String() || rows[3]["ok"] != true {
		t.Errorf("after the huge line: %v %v", rows[2], rows[3])
	}
}

// Printed mode accepts what cards print, listing each form the rules
// spell differently and the line as the rules spell it; names the rules
// dropped stay errors. The rules' mode refuses the same forms, saying
// printed mode accepts them.
func TestPrintedTypeLines(t *testing.T) {
	t.Parallel()
	criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	hechicero := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	cr, h := criatura.Spanish(), hechicero.Spanish()
	felina, felino := feminineForm(t, cr)
	in := cr + " - " + h + "\n" + cr + " — " + felina + "\n"
	rows, _, code := validate(t, strings.NewReader(in), "-typeline", "-lang", "es", "-printed")
	if code != 0 || len(rows) != 2 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["ok"] != true || rows[0]["current"] != cr+" — "+h || len(rows[0]["notes"].([]any)) != 1 {
		t.Errorf("row 1: %v", rows[0])
	}
	notes, _ := rows[1]["notes"].([]any)
	if len(notes) != 1 {
		t.Fatalf("row 2: %v", rows[1])
	}
	note := notes[0].(map[string]any)
	// The current form capitalises as a Spanish type line does: the first
	// subtype of a face with a capital, whatever the printed word's.
	r, size := utf8.DecodeRuneInString(felino)
	if rows[1]["current"] != cr+" — "+string(unicode.ToUpper(r))+felino[size:] || note["printed"] != felina || note["current"] != felino || note["offset"] != float64(len(cr+" — ")) {
		t.Errorf("row 2: %v", rows[1])
	}
	rows, _, _ = validate(t, strings.NewReader(in), "-typeline", "-lang", "es")
	if len(rows) != 2 || rows[0]["cause"] != "dash" || rows[1]["cause"] != "printed" || !strings.Contains(rows[1]["error"].(string), "printed mode accepts it") {
		t.Errorf("the rules' mode: %v", rows)
	}
	if _, ok := rows[0]["current"]; ok {
		t.Errorf("the rules' mode gives a current form: %v", rows[0])
	}
	t.Run("removed", func(t *testing.T) {
		gone, release := picks.RemovedCreature(t)
		line := criatura.String() + " — " + gone.String()
		for _, args := range [][]string{{"-typeline", "-printed"}, {"-typeline"}} {
			rows, _, _ := validate(t, strings.NewReader(line+"\n"), args...)
			if len(rows) != 1 || rows[0]["ok"] != false || rows[0]["cause"] != "removed" ||
				!strings.Contains(rows[0]["error"].(string), `"`+gone.String()+`" is no longer`) || !strings.Contains(rows[0]["error"].(string), release) {
				t.Errorf("%v on %q: %v", args, line, rows)
			}
		}
	})
}

// Symbols cards print outside rule 107.4 are accepted in printed mode and
// marked; the symbol is taken from the data, so a rules update that lists
// it skips this test instead of breaking it.
func TestPrintedManaCosts(t *testing.T) {
	t.Parallel()
	outside := mana.PrintedSymbols()
	if len(outside) == 0 {
		t.Skip("rule 107.4 lists every symbol cards print: no symbol outside it to test")
	}
	cost := "{2}" + outside[0].String()
	rows, _, _ := validate(t, strings.NewReader(cost+"\n{2}{W}\n"), "-manacost", "-printed")
	if rows[0]["ok"] != true || rows[0]["printed"] != true || rows[0]["mana_value"] != float64(2+outside[0].ManaValue()) {
		t.Errorf("row 1: %v", rows[0])
	}
	if rows[1]["ok"] != true || rows[1]["printed"] != nil {
		t.Errorf("row 2: %v", rows[1])
	}
	rows, _, _ = validate(t, strings.NewReader(cost+"\n"), "-manacost")
	if rows[0]["ok"] != false || !strings.Contains(rows[0]["error"].(string), "accepts it") {
		t.Errorf("the rules' mode on %s: %v", cost, rows[0])
	}
}

// An error never repeats a long input: the verdict holds it, shortened.
func TestErrorsDoNotEchoTheInput(t *testing.T) {
	t.Parallel()
	long := "Creature — " + strings.Repeat("Elf ", 10_000) // 40 kB: judged, not too long
	rows, all, _ := validate(t, strings.NewReader(long+"\n{"+strings.Repeat("W", 40_000)+"}\n"), "-typeline")
	if rows[0]["ok"] != false || len(all) > 5_000 {
		t.Errorf("%d bytes of output for a 40 kB line: %.400s", len(all), all)
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, 0, "usage: validate [flags]"},
		{[]string{}, 2, "give exactly one of -typeline, -manacost and -keywords"},
		{[]string{"-typeline", "-manacost"}, 2, "give exactly one"},
		{[]string{"-keywords", "-typeline"}, 2, "give exactly one"},
		{[]string{"-keywords", "-printed"}, 2, "-keywords reads cards' English rules text as given"},
		{[]string{"-typeline", "-lang", "fr"}, 2, `-lang "fr": want en, es or either`},
		{[]string{"-manacost", "extra"}, 2, "reads its items from standard input"},
		{[]string{"-bogus"}, 2, "unknown flag -bogus (valid: -as-of, -keywords, -lang, -lenient, -manacost, -no-input, -printed, -typeline, -version)"},
		{[]string{"-manacost", "-lenient", "-printed"}, 2, "-lenient"},
	} {
		_, all, code := validate(t, strings.NewReader(""), tt.args...)
		if code != tt.code || !strings.Contains(all, tt.want) {
			t.Errorf("%v: exit %d, output %q; want %d and %q", tt.args, code, all, tt.code, tt.want)
		}
	}
}

// Lines as real-world text brings them: decomposed, with a no-break
// space (printed mode reads it, noted and rewritten; the rules' mode
// names it), with an invisible character (shown in the message).
func TestRealWorldLines(t *testing.T) {
	t.Parallel()
	criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	dryad := picks.Subtype(t, subtype.CategoryCreature, "named in Spanish with an accented letter", func(s subtype.Subtype) bool {
		return picks.PlainES(s) && norm.NFD.String(s.Spanish()) != s.Spanish()
	})
	cr, d := criatura.Spanish(), dryad.Spanish()
	in := cr + " — " + norm.NFD.String(d) + "\n" + cr + " —\u00a0" + d + "\n" + cr + " — " + d + "\u200bx\n"
	rows, _, _ := validate(t, strings.NewReader(in), "-typeline", "-lang", "es")
	if len(rows) != 3 || rows[0]["ok"] != true || rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "U+00A0 no-break space") ||
		!strings.Contains(rows[2]["error"].(string), d+`\u200bx`) {
		t.Errorf("rules' mode: %v", rows)
	}
	rows, _, _ = validate(t, strings.NewReader(in), "-typeline", "-lang", "es", "-printed")
	if len(rows) != 3 || rows[1]["ok"] != true || rows[1]["current"] != cr+" — "+d {
		t.Errorf("printed mode: %v", rows)
	}
	if notes, _ := rows[1]["notes"].([]any); len(notes) != 1 || notes[0].(map[string]any)["offset"] != float64(len(cr+" —")) {
		t.Errorf("printed mode notes: %v", rows[1]["notes"])
	}
}

// feminineForm returns a feminine form cards print of a current creature
// type, in lower case (felina for Felino), which printed mode reads after
// card type cr, and the rules' spelling it notes.
func feminineForm(t *testing.T, cr string) (printed, current string) {
	t.Helper()
	for _, c := range subtype.CreatureValues() {
		es := c.Spanish()
		if !picks.PlainES(c.Subtype()) || !strings.HasSuffix(es, "o") {
			continue
		}
		fem := strings.ToLower(strings.TrimSuffix(es, "o") + "a")
		tl, err := typeline.Options{Lang: typeline.Spanish, Printed: true}.Parse(cr + " — " + fem)
		if err == nil && len(tl.Notes) == 1 && tl.Notes[0].Printed == fem {
			return fem, es
		}
	}
	t.Skip("printed mode reads no feminine form of a current creature type")
	return "", ""
}

// -as-of judges by the rules in force that day (past facts: Tribal a card
// type until 2024-07-30, {C} a symbol since 2016-01-16); a date before
// the oldest release is a usage error.
func TestAsOf(t *testing.T) {
	t.Parallel()
	rows, _, code := validate(t, strings.NewReader("Tribal Instant — Goblin\nKindred Instant — Goblin\n"), "-typeline", "-as-of", "2024-04-12")
	if code != 0 || len(rows) != 2 || rows[0]["ok"] != true || rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "was not yet a card type in the rules of 2024-04-12") {
		t.Errorf("type lines as of 2024-04-12: %v", rows)
	}
	rows, _, code = validate(t, strings.NewReader("{C}\n{W}\n"), "-manacost", "-as-of", "2015-01-01")
	if code != 0 || len(rows) != 2 || rows[0]["ok"] != false || rows[1]["ok"] != true || !strings.Contains(rows[0]["error"].(string), "since 2016-01-16") {
		t.Errorf("costs as of 2015-01-01: %v", rows)
	}
	for _, args := range [][]string{{"-typeline", "-as-of", "2001-01-01"}, {"-typeline", "-as-of", "yesterday"}, {"-manacost", "-lenient", "-as-of", "2020-01-01"}} {
		if _, _, code := validate(t, strings.NewReader(""), args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	// A day an unrecorded release was in force is judged by the recorded
	// release before it, and validate says so.
	for _, gap := range rules.Unrecorded("en") {
		r, _ := rules.InForce(gap)
		if _, msg, code := validate(t, strings.NewReader("Creature — Elf\n"), "-typeline", "-as-of", gap); code != 0 || !strings.Contains(msg, "those of "+gap+", which the history does not record: judged by the rules of "+r) {
			t.Errorf("-as-of %s (not recorded): exit %d, %q", gap, code, msg)
		}
	}
	// A day no calendar has is refused, saying what is wrong with it.
	for date, want := range map[string]string{"2024-13-01": "month 13 is not one of 01 to 12", "2024-02-30": "February 2024 has 29 days"} {
		for _, mode := range []string{"-typeline", "-manacost", "-keywords"} {
			if _, msg, code := validate(t, strings.NewReader(""), mode, "-as-of", date); code != 2 || !strings.Contains(msg, want) {
				t.Errorf("%s -as-of %s: exit %d, %q; want 2 and %q", mode, date, code, msg, want)
			}
		}
	}
}

// -keywords reads one card a line, a JSON object as card data gives it,
// and says every keyword with its parameters, by the rules of a past
// release here (a rules update may drop any keyword of today).
func TestKeywords(t *testing.T) {
	t.Parallel()
	input := `{"id": "0a1b", "name": "Black Knight", "text": "First strike\nProtection from white (This creature can't be blocked, targeted, dealt damage, or enchanted by anything white.)"}
{"name": "Aeon Chronicler", "type_line": "Creature — Avatar", "text": "Suspend X—{X}{3}{U}. X can't be 0."}
{"face_name": "Myriad Landscape", "name": "Myriad Landscape", "text": "Myriad Landscape enters the battlefield tapped.", "layout": "normal"}
{"oracle_text": "Each player mills three cards."}
{"name": "Grizzly Bears"}
not a card
{"text": "Flying"} {"text": "Haste"}
`
	rows, all, code := validate(t, strings.NewReader(input), "-keywords", "-as-of", "2022-04-25")
	if code != 0 || len(rows) != 7 {
		t.Fatalf("exit %d, %d verdicts: %s", code, len(rows), all)
	}
	describe := func(row map[string]any) string {
		var out []string
		ks, _ := row["keywords"].([]any)
		for _, k := range ks {
			k := k.(map[string]any)
			s := fmt.Sprintf("%s %s|%s", k["kind"], k["name"], k["printed"])
			ps, _ := k["parameters"].([]any)
			for _, p := range ps {
				s += fmt.Sprintf("|%v", p.(map[string]any)["text"])
			}
			out = append(out, s)
		}
		return strings.Join(out, "; ")
	}
	for i, want := range []string{
		"ability First Strike|First strike; ability Protection|Protection from|white",
		"ability Suspend|Suspend|X|{X}{3}{U}",
		"",
		"action Mill|mills|three",
		"",
	} {
		if rows[i]["ok"] != true || describe(rows[i]) != want {
			t.Errorf("line %d: %v, %q; want %q", i+1, rows[i]["ok"], describe(rows[i]), want)
		}
		if _, ok := rows[i]["keywords"].([]any); !ok {
			t.Errorf("line %d: no keywords list: %v", i+1, rows[i])
		}
	}
	// The card's id comes back as given; a keyword's span and its
	// parameters' are bytes of the text.
	if rows[0]["id"] != "0a1b" {
		t.Errorf("line 1: id %v, want the input's", rows[0]["id"])
	}
	prot := rows[0]["keywords"].([]any)[1].(map[string]any)
	white := prot["parameters"].([]any)[0].(map[string]any)
	if text := "First strike\nProtection from white"; prot["offset"] != 13.0 || prot["end"] != float64(len(text)) || text[int(white["offset"].(float64)):int(white["end"].(float64))] != "white" || prot["use"] != "has" {
		t.Errorf("Protection: %v", prot)
	}
	k := rows[1]["keywords"].([]any)[0].(map[string]any)
	cost := k["parameters"].([]any)[1].(map[string]any)
	if k["rule"] != "702.62" || k["form"] != "Suspend N—[cost]" || cost["kind"] != "cost" || cost["mana"] != true || cost["mana_value"] != 4.0 || k["offset"] != 0.0 {
		t.Errorf("Suspend: %v", k)
	}
	for i := 5; i < 7; i++ {
		if rows[i]["ok"] != false || rows[i]["error"] == nil {
			t.Errorf("line %d: %v", i+1, rows[i])
		}
	}
	// A keyword the rules added later is not found as of before it.
	rows, _, _ = validate(t, strings.NewReader(`{"text": "Ward {2}"}`+"\n"), "-keywords", "-as-of", "2021-01-01")
	if len(rows) != 1 || describe(rows[0]) != "" {
		t.Errorf("Ward before 2021-04-22: %v", rows)
	}
}

// -no-input leaves the line read out of every verdict; the manual names
// every kind of parameter.
func TestNoInput(t *testing.T) {
	t.Parallel()
	rows, _, code := validate(t, strings.NewReader("{\"text\": \"Flying\"}\n"), "-keywords", "-no-input")
	if _, has := rows[0]["input"]; code != 0 || len(rows) != 1 || has || rows[0]["ok"] != true {
		t.Errorf("-no-input: exit %d, %v", code, rows)
	}
	rows, _, _ = validate(t, strings.NewReader("Creature — Elf\n"), "-typeline")
	if rows[0]["input"] != "Creature — Elf" {
		t.Errorf("without -no-input: %v", rows)
	}
	for k := keyword.ParamKind(1); k.String() != ""; k++ {
		if kind := k.String(); !regexp.MustCompile(`\b` + kind + `\b`).MatchString(keywordsDoc[strings.Index(keywordsDoc, "A parameter's kind"):]) {
			t.Errorf("validate -h does not name the parameter kind %q", kind)
		}
	}
}
