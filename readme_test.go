package crgen

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/turn"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/generated/zone"
	"github.com/mtgrules/crgen/internal/sqltest"
)

// The README's example shows what the packages give: each of its lines
// is checked here, and a line this test does not know fails it, so that
// the example cannot say what the code does not do. Its outputs are past
// facts (history does not change) or what holds in every release the
// rules could publish (the creature types are 205.3m, Forest is basic).
func TestREADMEExample(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := string(b)
	block = block[strings.Index(block, "```go\n")+len("```go\n"):]
	block = block[:strings.Index(block, "```")]
	checks := map[string]func() string{ // a line's beginning → what is wrong, or ""
		`c, _ := subtype.ParseCreature("señor del tiempo")`: func() string {
			c, err := subtype.ParseCreature("señor del tiempo")
			since, exact := c.Since()
			if err != nil || c != subtype.CreatureTimeLord || c.String() != "Time Lord" || c.Spanish() != "Señor del Tiempo" || c.Rule() != "205.3m" || since != "2023-10-13" || exact != (len(rules.UnrecordedBetween("en", "2023-04-14", since)) == 0) {
				return "Time Lord"
			}
			return ""
		},
		`c.String()`: nil, `c.Since()`: nil, // checked with the line above
		`_, err := cardtype.ParseCardType("tribal")`: func() string {
			_, err := cardtype.ParseCardType("tribal")
			if err == nil || err.Error() != `cardtype: "tribal" is no longer a card type: Tribal was removed from rule 205.2a in the release of 2024-07-30, renamed Kindred` {
				return "ParseCardType(tribal): " + errText(err)
			}
			return ""
		},
		`// cardtype: "tribal"`: nil,
		`err = typeline.Validate("Creature — Forest", typeline.English)`: func() string {
			err := typeline.Validate("Creature — Forest", typeline.English)
			if err == nil || err.Error() != `type line "Creature — Forest": rule 205.3d: "Forest" is a land type, but Creature cannot have land types` {
				return "Creature — Forest: " + errText(err)
			}
			return ""
		},
		`// type line "Creature — Forest"`: nil,
		`cost, _ := mana.ParseCost("{2}{W/U}{G/P}")`: func() string {
			cost, err := mana.ParseCost("{2}{W/U}{G/P}")
			if err != nil || cost.ManaValue() != 4 || cost.Colors().String() != "WUG" {
				return "{2}{W/U}{G/P}"
			}
			return ""
		},
		`cost.PayWith(`: func() string {
			cost, _ := mana.ParseCost("{2}{W/U}{G/P}")
			paid, ok := cost.PayWith(mana.Mana{Pool: mana.Pool{W: 1, C: 2}, Life: 4})
			if !ok || paid.Spent.String() != "{C}{C}{W}, 2 life" || len(paid.Pips) != 3 {
				return "PayWith: " + paid.Spent.String()
			}
			return ""
		},
		`split, _ := mana.ParseCost("{2}{W} // {2}{B}")`: func() string {
			c, err := mana.ParseCost("{2}{W} // {2}{B}")
			if f := c.Faces(); err != nil || c.ManaValue() != 6 || c.Colors().String() != "WB" || len(f) != 2 || f[0].String() != "{2}{W}" || f[1].String() != "{2}{B}" {
				return "a split cost"
			}
			return ""
		},
		`subtype.LandForest.IsBasic()`: func() string {
			if !subtype.LandForest.IsBasic() || !slices.Contains(subtype.BasicLandValues(), subtype.LandForest) {
				return "Forest is not basic"
			}
			return ""
		},
		`var card struct {`: func() string {
			var card struct {
				Type typeline.Printed `json:"type_line"`
				Cost mana.LenientCost `json:"mana_cost"`
			}
			var strict struct {
				Type typeline.TypeLine `json:"type_line"`
			}
			in := []byte(`{"type_line": "Creature - Zombie", "mana_cost": "1B"}`)
			if json.Unmarshal(in, &card) != nil || card.Cost.String() != "{1}{B}" || json.Unmarshal(in, &strict) == nil {
				return "a card's fields"
			}
			return ""
		},
		"\tType typeline.Printed": nil, "\tCost mana.LenientCost": nil, "}": nil,
		`adventure, _ := mana.ParseCost("{3}{W} // {W}")`: func() string {
			c, _ := mana.ParseCost("{3}{W} // {W}")
			if c.As(mana.Adventurer).ManaValue() != 4 || c.ManaValue() != 5 {
				return "an adventurer's mana value"
			}
			return ""
		},
		`adventure.As(mana.Adventurer).ManaValue()`: nil,
		`typeline.Options{AsOf: "2024-04-12"}.Validate("Tribal Instant — Goblin")`: func() string {
			return errText(typeline.Options{AsOf: "2024-04-12"}.Validate("Tribal Instant — Goblin"))
		},
		`var saved typeline.TypeLine`: nil,
		`_ = saved.UnmarshalText([]byte("Creature — Cephalid Wizard"))`: func() string {
			var saved typeline.TypeLine
			err := saved.UnmarshalText([]byte("Creature — Cephalid Wizard"))
			if check := saved.Check(); err != nil || check == nil || !strings.Contains(check.Error(), `rule 205.3m: "Cephalid" is no longer a creature type`) || !strings.Contains(check.Error(), "in the release of 2024-07-30") {
				return "a saved line: " + errText(err) + " " + errText(check)
			}
			return ""
		},
		`saved.Check()`: nil,
		`old, _ := typeline.Options{AsOf: "2024-04-12"}.Parse("Tribal Instant — Goblin")`: func() string {
			old, err := typeline.Options{AsOf: "2024-04-12"}.Parse("Tribal Instant — Goblin")
			now, renamed := old.Today()
			if err != nil || len(renamed) == 0 || renamed[0] != (typeline.Renamed{From: "Tribal", To: "Kindred", Release: "2024-07-30"}) || now.Faces[0].CardTypes[0].String() == "Tribal" {
				return "Today"
			}
			return ""
		},
		`old.Today()`: nil,
		`keyword.ActionList().AsOf`: func() string {
			if l := keyword.ActionList(); !l.ReadIn(l.AsOf) || keyword.Effective() < l.AsOf {
				return "ActionList " + l.AsOf
			}
			return ""
		},
		`zone.Library.IsHidden()`: func() string {
			if !zone.Library.IsHidden() || len(turn.Turn()) < len(turn.PhaseValues()) {
				return "zones and turns"
			}
			return ""
		},
		`keyword.Append(nil, "Protection from black and from red\nSuspend 4—{1}{U}")`: func() string {
			// As of a past release: the example's keywords are today's as
			// written, and a release may drop one.
			r, err := keyword.NewReader("2022-04-25")
			fs := r.Append(nil, "Protection from black and from red\nSuspend 4—{1}{U}")
			if err != nil || len(fs) != 3 || fs[0].Ability != keyword.AbilityProtection || fs[0].Param(0).Text != "black" || fs[1].Param(0).Text != "red" ||
				fs[2].Ability != keyword.AbilitySuspend || fs[2].Param(0).Number.Value != 4 || !fs[2].Param(1).Mana || fs[2].Param(1).Cost.String() != "{1}{U}" {
				return fmt.Sprint("Append: ", fs, err)
			}
			return ""
		},
		`db.Exec("INSERT INTO cards (type) VALUES (?)", cardtype.Artifact)`: func() string {
			db, err := sql.Open(sqltest.Name, t.Name())
			if err != nil {
				return err.Error()
			}
			defer func() { _ = db.Close() }()
			var text string
			var back cardtype.CardType
			if _, err := db.Exec("INSERT INTO t (TEXT)", cardtype.Artifact); err != nil || db.QueryRow("SELECT", int64(1)).Scan(&text) != nil ||
				text != "Artifact" || back.Scan(text) != nil || back.Scan(int64(cardtype.Artifact)) != nil || back != cardtype.Artifact {
				return "stored as " + text
			}
			return ""
		},
	}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		known := false
		for prefix, check := range checks {
			if !strings.HasPrefix(line, prefix) {
				continue
			}
			known = true
			if check != nil {
				if wrong := check(); wrong != "" {
					t.Errorf("README.md: %s\nthe code says otherwise: %s", line, wrong)
				}
			}
		}
		if !known {
			t.Errorf("README.md shows %q, which TestREADMEExample does not check", line)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
