package validatecmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// -keywords gives each parameter typed as the reader types it, and each
// name a database files a keyword under with the rule that names it so,
// by the rules of a past release.
func TestKeywordsTyped(t *testing.T) {
	t.Parallel()
	input := `{"name": "Glutton", "text": "Devour X, where X is the number of creatures devoured this way."}
{"name": "Wanderer", "text": "Modular—Sunburst"}
{"name": "Relic", "text": "Cumulative upkeep {W} or {1}{U}"}
{"name": "Golem", "text": "Prototype {1}{R} — 3/2"}
{"name": "Bruna", "text": "Flying\n(Melds with Gisela, the Broken Blade.)"}
{"name": "Ghost", "text": "When this creature dies, manifest dread."}
`
	rows, all, code := validate(t, strings.NewReader(input), "-keywords", "-as-of", "2026-04-17")
	if code != 0 || len(rows) != 6 {
		t.Fatalf("exit %d, %d verdicts: %s", code, len(rows), all)
	}
	param := func(row, k, p int) map[string]any {
		return rows[row]["keywords"].([]any)[k].(map[string]any)["parameters"].([]any)[p].(map[string]any)
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	r, err := keyword.NewReader("2026-04-17")
	if err != nil {
		t.Fatal(err)
	}
	var dread []map[string]string
	for _, n := range r.Append(nil, "Manifest dread.")[0].DatabaseNames(nil) {
		dread = append(dread, map[string]string{"name": n.Name, "rule": n.Rule})
	}
	for _, c := range []struct {
		got  any
		want string
	}{
		{param(0, 0, 0)["variable"], `"X"`},
		{param(0, 0, 0)["where"], `"the number of creatures devoured this way"`},
		{rows[0]["keywords"].([]any)[0].(map[string]any)["end"], `62`},
		{param(1, 0, 0)["ability"], js(keyword.AbilitySunburst.String())},
		{param(2, 0, 0)["choices"], `[{"colors":["W"],"cost":"{W}","mana_value":1},{"colors":["U"],"cost":"{1}{U}","mana_value":2}]`},
		{param(3, 0, 1)["power"], `{"value":3}`},
		{param(3, 0, 1)["toughness"], `{"value":2}`},
		{rows[4]["keywords"].([]any)[1].(map[string]any)["use"], `"pair"`},
		// What the package gives: "Manifest" beside it by rule 701.62a,
		// as the newest release numbers it.
		{rows[5]["keywords"].([]any)[0].(map[string]any)["database_names"], js(dread)},
	} {
		if g := js(c.got); g != c.want {
			t.Errorf("%s, want %s", g, c.want)
		}
	}
	if param(0, 0, 0)["number"] != nil || param(1, 0, 0)["number"] != nil {
		t.Errorf("a variable or an ability's number has a value: %v, %v", param(0, 0, 0), param(1, 0, 0))
	}
}
