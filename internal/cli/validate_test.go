package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func validate(t *testing.T, input string, args ...string) ([]map[string]any, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Validate(args, strings.NewReader(input), &out, &errb)
	var rows []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output line %q: %v", l, err)
		}
		rows = append(rows, m)
	}
	return rows, code
}

func TestValidateTypeLines(t *testing.T) {
	rows, code := validate(t, "Land Creature — Forest Dryad\r\nCreature — Forest\nCreature — Donkey\n", "-typeline")
	if code != 0 || len(rows) != 3 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["ok"] != true || rows[0]["input"] != "Land Creature — Forest Dryad" || rows[0]["error"] != "" {
		t.Errorf("row 1: %v", rows[0])
	}
	if rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "rule 205.3d") {
		t.Errorf("row 2: %v", rows[1])
	}
	rows, _ = validate(t, "Criatura — Saga\n", "-typeline", "-lang", "es")
	if rows[0]["ok"] != true {
		t.Errorf("Spanish: %v", rows[0])
	}
}

func TestValidateManaCosts(t *testing.T) {
	rows, code := validate(t, "{2}{W/U}{G/P}\n{HW}\n{2}{W} // {2}{B}\n", "-manacost")
	if code != 0 || len(rows) != 3 {
		t.Fatalf("exit %d, %d rows", code, len(rows))
	}
	if rows[0]["mana_value"] != 4.0 || rows[0]["canonical"] != "{2}{W/U}{G/P}" || strings.Join(toStrings(rows[0]["colors"]), "") != "WUG" {
		t.Errorf("row 1: %v", rows[0])
	}
	if rows[1]["ok"] != false || !strings.Contains(rows[1]["error"].(string), "{HW} is not a mana symbol") {
		t.Errorf("row 2: %v", rows[1])
	}
	if rows[2]["mana_value"] != 6.0 {
		t.Errorf("split card: %v", rows[2])
	}
	rows, _ = validate(t, "2ww\n", "-manacost", "-lenient")
	if rows[0]["canonical"] != "{2}{W}{W}" || rows[0]["mana_value"] != 4.0 {
		t.Errorf("lenient: %v", rows[0])
	}
}

func TestValidateUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-typeline", "-manacost"}, {"-typeline", "-lang", "fr"}, {"-manacost", "extra"}} {
		if _, code := validate(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}
