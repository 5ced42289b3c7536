package validatecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
)

func validate(t *testing.T, input io.Reader, args ...string) ([]map[string]any, string, int) {
	t.Helper()
	Stdin = input
	var out, errb bytes.Buffer
	code := Command.Main(context.Background(), args, &out, &errb)
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
	rows, _, code := validate(t, strings.NewReader("Land Creature — Forest Dryad\r\nCreature — Forest\ncreature — elf\n"), "-typeline")
	if code != 0 || len(rows) != 3 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["ok"] != true || rows[0]["line"] != 1.0 || rows[0]["input"] != "Land Creature — Forest Dryad" {
		t.Errorf("row 1: %v", rows[0])
	}
	if rows[1]["ok"] != false || rows[1]["rule"] != "205.3d" || rows[1]["cause"] != "category" || rows[1]["line"] != 2.0 {
		t.Errorf("row 2: %v", rows[1])
	}
	if rows[2]["canonical"] != "Creature — Elf" {
		t.Errorf("row 3: %v", rows[2])
	}
	rows, _, _ = validate(t, strings.NewReader("Criatura — Saga\n"), "-typeline", "-lang", "es")
	if rows[0]["ok"] != true || rows[0]["canonical"] != "Criatura — Saga" {
		t.Errorf("Spanish: %v", rows[0])
	}
}

func TestManaCosts(t *testing.T) {
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

// A line of several megabytes gets its own verdict, shortened, with its
// line number; the lines after it are judged.
func TestStreamsAnyInput(t *testing.T) {
	huge := strings.Repeat("Creature ", 300_000) // 2.7 MB
	in := io.MultiReader(strings.NewReader("Instant\n"+huge+"\n"), strings.NewReader("Sorcery\nArtifact"))
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
	if rows[2]["input"] != "Sorcery" || rows[3]["input"] != "Artifact" || rows[3]["ok"] != true {
		t.Errorf("after the huge line: %v %v", rows[2], rows[3])
	}
}

// Printed mode accepts what cards print, listing each form the rules
// spell differently and the line as the rules spell it; names the rules
// dropped stay errors. The rules' mode refuses the same forms, saying
// printed mode accepts them.
func TestPrintedTypeLines(t *testing.T) {
	in := "Criatura - Hechicero pueblo lunar\nCriatura — Bestia felina\nCriatura — Señor trasgo\n"
	rows, _, code := validate(t, strings.NewReader(in), "-typeline", "-lang", "es", "-printed")
	if code != 0 || len(rows) != 3 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["ok"] != true || rows[0]["current"] != "Criatura — Hechicero pueblo-lunar" || len(rows[0]["notes"].([]any)) != 2 {
		t.Errorf("row 1: %v", rows[0])
	}
	note := rows[1]["notes"].([]any)[0].(map[string]any)
	if rows[1]["current"] != "Criatura — Bestia felino" || note["printed"] != "felina" || note["current"] != "Felino" || note["offset"] != 20.0 {
		t.Errorf("row 2: %v", rows[1])
	}
	if rows[2]["ok"] != false || rows[2]["cause"] != "removed" || !strings.Contains(rows[2]["error"].(string), "Lord") {
		t.Errorf("row 3: %v", rows[2])
	}
	rows, _, _ = validate(t, strings.NewReader(in), "-typeline", "-lang", "es")
	if rows[0]["cause"] != "dash" || rows[1]["cause"] != "printed" || !strings.Contains(rows[1]["error"].(string), "printed mode accepts it") || rows[2]["cause"] != "removed" {
		t.Errorf("the rules' mode: %v", rows)
	}
	if _, ok := rows[0]["current"]; ok {
		t.Errorf("the rules' mode gives a current form: %v", rows[0])
	}
}

// Symbols cards print outside rule 107.4 are accepted in printed mode and
// marked; the symbol is taken from the data, so a rules update that lists
// it skips this test instead of breaking it.
func TestPrintedManaCosts(t *testing.T) {
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
	long := "Creature — " + strings.Repeat("Elf ", 10_000) // 40 kB: judged, not too long
	rows, all, _ := validate(t, strings.NewReader(long+"\n{"+strings.Repeat("W", 40_000)+"}\n"), "-typeline")
	if rows[0]["ok"] != false || len(all) > 5_000 {
		t.Errorf("%d bytes of output for a 40 kB line: %.400s", len(all), all)
	}
}

func TestUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, 0, "usage: validate [flags]"},
		{[]string{}, 2, "give exactly one of -typeline and -manacost"},
		{[]string{"-typeline", "-manacost"}, 2, "give exactly one"},
		{[]string{"-typeline", "-lang", "fr"}, 2, `-lang "fr": want en or es`},
		{[]string{"-manacost", "extra"}, 2, "reads its items from standard input"},
		{[]string{"-bogus"}, 2, "unknown flag -bogus (valid: -lang, -lenient, -manacost, -printed, -typeline, -version)"},
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
	in := "Criatura — Dri\u0301ada\nCriatura —\u00a0Dríada\nCriatura — Dríada\u200bx\n"
	rows, _, _ := validate(t, strings.NewReader(in), "-typeline", "-lang", "es")
	if len(rows) != 3 || rows[0]["ok"] != true || rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "U+00A0 no-break space") ||
		!strings.Contains(rows[2]["error"].(string), `Dríada\u200bx`) {
		t.Errorf("rules' mode: %v", rows)
	}
	rows, _, _ = validate(t, strings.NewReader(in), "-typeline", "-lang", "es", "-printed")
	if len(rows) != 3 || rows[1]["ok"] != true || rows[1]["current"] != "Criatura — Dríada" {
		t.Errorf("printed mode: %v", rows)
	}
	if notes, _ := rows[1]["notes"].([]any); len(notes) != 1 || notes[0].(map[string]any)["offset"] != float64(len("Criatura —")) {
		t.Errorf("printed mode notes: %v", rows[1]["notes"])
	}
}
