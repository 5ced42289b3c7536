package validatecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
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
		{[]string{"-bogus"}, 2, "unknown flag -bogus (valid: -lang, -lenient, -manacost, -typeline, -version)"},
	} {
		_, all, code := validate(t, strings.NewReader(""), tt.args...)
		if code != tt.code || !strings.Contains(all, tt.want) {
			t.Errorf("%v: exit %d, output %q; want %d and %q", tt.args, code, all, tt.code, tt.want)
		}
	}
}
