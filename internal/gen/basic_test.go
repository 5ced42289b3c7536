package gen

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/history"
)

// The basic land types gen serves are those the frozen history's 205.3i
// names, each with the value of its land type and the first release
// naming it basic (2022-09-08 for the five of that release: before it no
// rule named basic land types), those named today in today's order.
func TestBasicLands(t *testing.T) {
	m := model(t)
	h, err := corpus.FrozenStore(t).History("en")
	if err != nil {
		t.Fatal(err)
	}
	var land *Category
	for i := range m.Categories {
		if m.Categories[i].Name == "land" {
			land = &m.Categories[i]
		}
	}
	if land == nil || len(m.BasicLands) != len(m.EN.BasicLandTypes) || len(m.EN.BasicLandTypes) == 0 {
		t.Fatalf("%d basic land types served; the current snapshot names %v", len(m.BasicLands), m.EN.BasicLandTypes)
	}
	for i, b := range m.BasicLands {
		name := land.Values[b.Value-1].EN
		if history.NameKey(name) != history.NameKey(m.EN.BasicLandTypes[i]) {
			t.Errorf("basic land %d is %s, the snapshot's %s", i, name, m.EN.BasicLandTypes[i])
		}
		first := ""
		for _, s := range h {
			for _, n := range s.BasicLandTypes {
				if first == "" && history.NameKey(n) == history.NameKey(name) {
					first = s.Effective
				}
			}
		}
		if b.Since != first || !b.Exact || b.Removed != "" {
			t.Errorf("%s: since %s (exact %v, removed %q), the history first names it in %s", name, b.Since, b.Exact, b.Removed, first)
		}
		if b.Since != "2022-09-08" {
			t.Errorf("%s: named basic since %s; the frozen history's first naming is 2022-09-08", name, b.Since)
		}
	}
	files, err := Generate(m, "generated")
	if err != nil {
		t.Fatal(err)
	}
	if data := string(files["generated/internal/data/data.go"]); !strings.Contains(data, "var BasicLands = []enum.Member{") {
		t.Error("data.go has no BasicLands")
	}
}
