package gen

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// BasicLand is a land type rule 205.3i names basic, with when it did.
type BasicLand struct {
	Value   int    // its value in the land types' table
	Since   string // first release naming it basic
	Exact   bool   // Since is a real first naming, not the oldest release known
	Removed string // first release no longer naming it basic; "" while named
}

// basicLands reads from the English history which land types rule 205.3i
// has named basic (the rules named none before 2022-09-08), each with the
// value the land types' table gives it: those named today in today's rule
// order, then those no longer named.
func (m *Model) basicLands(enHistory []*snapshot.Snapshot) ([]BasicLand, error) {
	var land *List
	for i := range m.Categories {
		if m.Categories[i].Name == "land" {
			land = &m.Categories[i].List
		}
	}
	if land == nil {
		return nil, fmt.Errorf("the history has no land types (rule 205.3i): the basic land types have no table")
	}
	var out []BasicLand
	for _, life := range history.Lives(enHistory, snapshot.FactBasicLands, nil) {
		v := 0
		for i, x := range land.Values {
			if history.NameKey(x.EN) == history.NameKey(life.Name) {
				v = i + 1
			}
		}
		if v == 0 {
			return nil, fmt.Errorf("basic land type %q (rule 205.3i, since %s) is no land type of the history", life.Name, life.First)
		}
		out = append(out, BasicLand{Value: v, Since: life.First, Exact: !life.Oldest, Removed: life.Removed})
	}
	rank := func(b BasicLand) int {
		if i := slices.IndexFunc(m.EN.BasicLandTypes, func(n string) bool { return history.NameKey(n) == history.NameKey(land.Values[b.Value-1].EN) }); i >= 0 && b.Removed == "" {
			return i
		}
		return len(m.EN.BasicLandTypes)
	}
	slices.SortStableFunc(out, func(a, b BasicLand) int { return rank(a) - rank(b) })
	return out, nil
}

// basicLandsVar emits data.BasicLands, one line per land type.
func (m *Model) basicLandsVar(f *jen.File) {
	f.Comment("BasicLands are the land types rule 205.3i has named basic, by value of Land.")
	f.Var().Id("BasicLands").Op("=").Index().Qual(enumPkg, "Member").Add(rows(func(g *jen.Group) {
		for _, b := range m.BasicLands {
			fs := []jen.Code{field("V", jen.Lit(b.Value)), field("Since", jen.Lit(b.Since))}
			if b.Exact {
				fs = append(fs, field("Exact", jen.True()))
			}
			if b.Removed != "" {
				fs = append(fs, field("Removed", jen.Lit(b.Removed)))
			}
			g.Values(fs...).Op(",")
		}
	}))
}
