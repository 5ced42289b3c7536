package conformance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/corpus"
)

type card struct {
	Set, SetType string
	Name         string
	ManaCost     *string `json:"mana_cost"`
	TypeLine     string  `json:"type_line"`
}

func cards(t testing.TB) []card {
	t.Helper()
	dir := corpus.Dir(t, "cards/sets")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no set files in %s: %v", dir, err)
	}
	sort.Strings(files)
	var out []card
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var set map[string]json.RawMessage
		if err := json.Unmarshal(b, &set); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var code, setType string
		json.Unmarshal(set["code"], &code)
		json.Unmarshal(set["set_type"], &setType)
		for _, k := range []string{"commons", "uncommons", "rares", "mythics", "basics", "conspiracies"} {
			var cs []card
			if raw, ok := set[k]; ok {
				if err := json.Unmarshal(raw, &cs); err != nil {
					t.Fatalf("%s %s: %v", f, k, err)
				}
			}
			for _, c := range cs {
				c.Set, c.SetType = code, setType
				out = append(out, c)
			}
		}
	}
	return out
}

// costFaces splits a multi-face mana cost ("{2}{W} // {2}{B}").
func costFaces(s string) []string { return strings.Split(s, " // ") }

// nonRulesObject reports type lines of objects that are not cards under
// the rules (tokens, emblems, art cards) and are printed with a type line.
func nonRulesObject(tl string) bool {
	for _, w := range []string{"Token", "Emblem", "Card"} {
		for _, f := range strings.Fields(strings.Split(tl, " — ")[0]) {
			if f == w {
				return true
			}
		}
	}
	return false
}

func TestEveryTypeLine(t *testing.T) {
	all := cards(t)
	verdicts := map[string]int{}
	reasons := map[string]int{}
	for _, c := range all {
		err := typeline.Validate(c.TypeLine, typeline.English)
		switch {
		case err == nil:
			verdicts["accepted"]++
		case c.SetType == "funny":
			verdicts["rejected: Un-set"]++
			reasons[ruleOf(err)]++
		case strings.Trim(c.TypeLine, " /") == "":
			verdicts["rejected: no type line in the data"]++
			reasons[ruleOf(err)]++
		case nonRulesObject(c.TypeLine):
			verdicts["rejected: token, emblem or art card"]++
			reasons[ruleOf(err)]++
		default:
			verdicts["rejected: rules card"]++
			t.Errorf("%s (%s): %v", c.Name, c.Set, err)
		}
		// Parse agrees with Validate.
		if _, perr := typeline.Parse(c.TypeLine, typeline.English); (perr == nil) != (err == nil) {
			t.Errorf("%s: Parse and Validate disagree: %v / %v", c.TypeLine, perr, err)
		}
	}
	t.Logf("%d printings: %v; rules cited: %v", len(all), verdicts, reasons)
	want := map[string]int{"accepted": 26502, "rejected: Un-set": 76, "rejected: token, emblem or art card": 21, "rejected: no type line in the data": 5}
	for k, n := range want {
		if verdicts[k] != n {
			t.Errorf("%s: %d, want %d", k, verdicts[k], n)
		}
	}
	if verdicts["rejected: rules card"] != 0 {
		t.Errorf("%d rules cards rejected", verdicts["rejected: rules card"])
	}
}

func ruleOf(err error) string {
	if e, ok := err.(*typeline.Error); ok {
		return e.Rule
	}
	return "?"
}

func TestSpecificTypeLines(t *testing.T) {
	for _, tt := range []struct {
		line string
		lang typeline.Lang
		want string // "" for valid, else a substring of the error
	}{
		{"Land Creature — Forest Dryad", typeline.English, ""},
		{"Creature — Forest", typeline.English, `rule 205.3d: "Forest" is a land type`},
		{"Legendary Enchantment Creature — God", typeline.English, ""},
		{"Basic Snow Land — Forest", typeline.English, ""},
		{"Enchantment Land — Urza's Saga", typeline.English, ""},
		{"Land — Urza’s Power-Plant", typeline.English, ""},
		{"Kindred Instant — Goblin", typeline.English, ""},
		{"Tribal Instant — Goblin", typeline.English, `"Tribal" is neither a card type`},
		{"Creature — Time Lord Doctor", typeline.English, ""},
		{"Creature — Time", typeline.English, `"Time" is a planar type, but Creature cannot have planar types`},
		{"Creature — Donkey", typeline.English, `"Donkey" is not a creature type, nor a subtype of any category`},
		{"Plane — Bolas’s Meditation Realm", typeline.English, ""},
		{"Plane — Serra's Realm", typeline.English, ""},
		{"Plane — Bolas’s Realm", typeline.English, "is not a planar type"},
		{"Dungeon — Undercity", typeline.English, ""},
		{"Battle — Siege", typeline.English, ""},
		{"Phenomenon", typeline.English, ""},
		{"Phenomenon — Chaos", typeline.English, "has no subtypes"},
		{"Creature — Goblin Goblin", typeline.English, "appears twice"},
		{"Creature Legendary — Elf", typeline.English, "supertypes are printed before the card types"},
		{"creature — Elf", typeline.English, `"creature" must be printed "Creature"`},
		{"Creature — elf", typeline.English, `"elf" must be printed "Elf"`},
		{"Creature — Human Rogue // Creature — Phyrexian Rogue", typeline.English, ""},
		{"Creature — Faerie // Sorcery — Adventure", typeline.English, ""},
		{"Creature — Faerie // Sorcery — Goblin", typeline.English, "face 2: rule 205.3d"},
		{"Legendary — Elf", typeline.English, "no card type"},
		{"Creature —", typeline.English, "nothing after the dash"},
		{"Creature—Elf", typeline.English, "long dash must have a space"},
		{"Criatura — Humano guerrero", typeline.Spanish, ""},
		{"criatura legendaria — humano guerrero", typeline.Spanish, ""},
		{"Legendaria criatura — Señor del Tiempo Doctor", typeline.Spanish, ""},
		{"Tierra básica nevada — Bosque", typeline.Spanish, ""},
		{"Encantamiento Tierra — de Urza Saga", typeline.Spanish, ""},
		{"Criatura — Bosque", typeline.Spanish, `"Bosque" is a land type`},
		{"Artefacto — Piedra de poder", typeline.Spanish, ""},
		{"Criatura — Acechador nocturno", typeline.Spanish, ""},
		{"Batalla — Asedio", typeline.Spanish, ""},
	} {
		err := typeline.Validate(tt.line, tt.lang)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v", tt.line, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%q: error %v, want %q", tt.line, err, tt.want)
		}
	}
}

func TestSagaDependsOnCardType(t *testing.T) {
	for line, want := range map[string]string{"Criatura — Saga": "Hag", "Encantamiento — Saga": "Saga", "Encantamiento — Saga Clase": "Saga Class"} {
		tl, err := typeline.Parse(line, typeline.Spanish)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range tl.Faces[0].Subtypes {
			got = append(got, s.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s → %v, want %s", line, got, want)
		}
	}
}

func TestEveryManaCost(t *testing.T) {
	verdicts := map[string]int{}
	var rejected []string
	for _, c := range cards(t) {
		if c.ManaCost == nil {
			verdicts["no cost field"]++
			continue
		}
		ok := true
		mv := 0
		for _, f := range costFaces(*c.ManaCost) {
			cost, err := mana.ParseCost(f)
			if err != nil {
				ok = false
				rejected = append(rejected, err.Error())
				if c.SetType != "funny" {
					t.Errorf("%s (%s): %v", c.Name, c.Set, err)
				}
				continue
			}
			mv += cost.ManaValue()
			if cost.String() != f {
				t.Errorf("%s: %q prints back as %q", c.Name, f, cost.String())
			}
		}
		switch {
		case ok:
			verdicts["accepted"]++
		case c.SetType == "funny":
			verdicts["rejected: Un-set"]++
		default:
			verdicts["rejected: rules card"]++
		}
		if want, pinned := knownManaValues[c.Name]; pinned && ok && mv != want {
			t.Errorf("%s: mana value %d, want %d", c.Name, mv, want)
		}
	}
	t.Logf("mana costs: %v", verdicts)
	joined := strings.Join(rejected, "\n")
	for _, want := range []string{"{HW} is not a mana symbol defined by rule 107.4", "{1000000} is not a mana symbol of rule 107.4"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no rejection says %q; rejections:\n%s", want, joined)
		}
	}
	for k, n := range map[string]int{"accepted": 26601, "rejected: Un-set": 3, "rejected: rules card": 0} {
		if verdicts[k] != n {
			t.Errorf("%s: %d, want %d", k, verdicts[k], n)
		}
	}
}

// knownManaValues are printed facts of real cards (rule 202.3; split cards
// add both halves, 709.4).
var knownManaValues = map[string]int{
	"Emrakul, the Aeons Torn": 15,
	"Start // Finish":         6,
	"Spring // Mind":          9,
	"Failure // Comply":       3,
	"Angelic Blessing":        3,
}
