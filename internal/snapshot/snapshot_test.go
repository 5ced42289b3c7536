package snapshot

import (
	"slices"
	"strings"
	"testing"
)

func sample() *Snapshot {
	return &Snapshot{
		Lang: "es", Effective: "2026-09-25",
		Sources:      []Source{{ID: "a", URL: "captured:a.txt", SHA256: strings.Repeat("0", 64), Format: "plain"}},
		Subtypes:     Subtypes{"creature": {"Señor del Tiempo", "Consejero"}, "artifact": {"Atracción"}, "battle": {"Asedio"}},
		SubtypeRules: RuleRefs{"creature": "205.3m", "artifact": "205.3g", "battle": "205.3q"},
		ManaSymbols:  []ManaSymbol{{Symbol: "{W/U/P}", Group: "hybrid_phyrexian"}},
		Rules:        Rules{"205.3m": "m", "205.3": "t", "205.10": "x", "205.3b": "b <&>", "107.4": "s"},
	}
}

func TestMarshalCanonical(t *testing.T) {
	b, err := Marshal(sample())
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasSuffix(s, "}\n") || strings.Contains(s, "\t") {
		t.Error("not two-space indented with a trailing newline")
	}
	if !strings.Contains(s, `"b <&>"`) || !strings.Contains(s, "Señor del Tiempo") {
		t.Error("HTML or non-ASCII characters were escaped")
	}
	order := func(keys ...string) {
		t.Helper()
		s := s
		if strings.Contains(keys[0], ".") { // rule numbers: look in the rules object only
			s = s[strings.Index(s, `"rules"`):]
		}
		last := -1
		for _, k := range keys {
			i := strings.Index(s, `"`+k+`"`)
			if i < last {
				t.Errorf("%q out of order in\n%s", k, s)
			}
			last = i
		}
	}
	order("lang", "effective", "sources", "subtypes", "subtype_rules", "mana_symbols", "rules")
	order("artifact", "creature", "battle")
	order("107.4", "205.3", "205.3b", "205.3m", "205.10")
	// Round trip gives the same bytes.
	back, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := Marshal(back)
	if string(b2) != s {
		t.Error("round trip changed the bytes")
	}
}

func TestUnmarshalRejects(t *testing.T) {
	for name, in := range map[string]string{
		"unknown field":  `{"lang":"en","effective":"2026-01-01","sources":[{"id":"a"}],"rules":{},"fetched_at":"now"}`,
		"bad date":       `{"lang":"en","effective":"2026-1-1","sources":[{"id":"a"}],"rules":{}}`,
		"no sources":     `{"lang":"en","effective":"2026-01-01","sources":[],"rules":{}}`,
		"not a category": `{"lang":"en","effective":"2026-01-01","sources":[{"id":"a"}],"subtypes":{"Widget types":["A"]},"rules":{}}`,
		"a fact's name":  `{"lang":"en","effective":"2026-01-01","sources":[{"id":"a"}],"subtypes":{"card_types":["A"]},"rules":{}}`,
		"unnamed":        `{"lang":"es","effective":"2026-01-01","sources":[{"id":"a"}],"subtypes":{"?de paragón":["A"]},"rules":{}}`,
		"empty category": `{"lang":"en","effective":"2026-01-01","sources":[{"id":"a"}],"subtypes":{"land":[]},"rules":{}}`,
		"not a group":    `{"lang":"en","effective":"2026-01-01","sources":[{"id":"a"}],"mana_symbols":[{"symbol":"{Q}","group":"Glitter symbols"}],"rules":{}}`,
	} {
		if _, err := Unmarshal([]byte(in)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestRuleLess(t *testing.T) {
	got := []string{"205.10", "205.3m", "107.4", "205.3", "205.3a", "205.4a", "107.4h"}
	slices.SortFunc(got, func(a, b string) int {
		if RuleLess(a, b) {
			return -1
		}
		if RuleLess(b, a) {
			return 1
		}
		return 0
	})
	want := []string{"107.4", "107.4h", "205.3", "205.3a", "205.3m", "205.4a", "205.10"}
	if !slices.Equal(got, want) {
		t.Errorf("%v", got)
	}
}
