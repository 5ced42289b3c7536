package snapshot_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// A snapshot writes each symbol's colours as a list of letters; one
// written before, with the letters as a string ("WU"), reads to the same
// snapshot, so a tree written before the lists still reads.
func TestColorsWrittenEitherWayReadTheSame(t *testing.T) {
	s := corpus.Snapshot(t, "en", "2026-02-27")
	b, err := snapshot.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	multi := 0
	for _, m := range doc["mana_symbols"].([]any) {
		meaning, ok := m.(map[string]any)["meaning"].(map[string]any)
		if !ok {
			continue
		}
		list, ok := meaning["colors"].([]any)
		if !ok {
			t.Fatalf("%v: colours written as %T, want a list", m, meaning["colors"])
		}
		var letters []string
		for _, l := range list {
			letters = append(letters, l.(string))
		}
		if len(letters) > 1 {
			multi++
		}
		meaning["colors"] = strings.Join(letters, "")
	}
	if multi == 0 {
		t.Fatal("no symbol of two colours: the test checks nothing of order")
	}
	legacy, _ := json.Marshal(doc)
	back, err := snapshot.Unmarshal(legacy)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Error("the snapshot with colours as strings reads to another snapshot")
	}
}

// Colours that are no colour letters, or out of WUBRG order, or given
// twice, are refused, naming the symbol.
func TestColorsRefused(t *testing.T) {
	s := corpus.Snapshot(t, "en", "2026-02-27")
	for _, bad := range []snapshot.ColorLetters{"X", "UW", "WW", "w"} {
		c := *s
		c.ManaSymbols = append([]snapshot.ManaSymbol(nil), s.ManaSymbols...)
		m := *c.ManaSymbols[0].Meaning
		m.Colors, c.ManaSymbols[0].Meaning = bad, &m
		b, err := snapshot.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := snapshot.Unmarshal(b); err == nil || !strings.Contains(err.Error(), "mana symbol "+c.ManaSymbols[0].Symbol) {
			t.Errorf("colours %q: %v, want an error naming the symbol", bad, err)
		}
	}
	for _, bad := range []string{`["WU"]`, `[1]`, `{}`, `3`} {
		var c snapshot.ColorLetters
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("%s reads as %q", bad, c)
		}
	}
}
