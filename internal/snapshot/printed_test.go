package snapshot

import (
	"strings"
	"testing"
)

func TestPrintedValidate(t *testing.T) {
	good := `{"variants":[{"lang":"es","list":"creature","printed":"Pícaro","current":"Rogue","why":"older","seen":["M21 X"]}],
	"dropped":[{"lang":"en","list":"card_types","printed":"Enchant","what":"old","seen":["ONS Y"]}],
	"symbols":[{"symbol":"{C/P}","group":"phyrexian","pay":["C","life"],"reminder":"r","cards":[],"why":"w"}]}`
	p, err := UnmarshalPrinted([]byte(good))
	if err != nil || len(p.Variants) != 1 || len(p.Dropped) != 1 || len(p.Symbols) != 1 {
		t.Fatalf("%v %v", p, err)
	}
	b, err := MarshalPrinted(p)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := UnmarshalPrinted(b); err != nil || back.Variants[0].Printed != "Pícaro" {
		t.Errorf("round trip: %v %v", back, err)
	}
	for name, tt := range map[string]struct{ from, to, want string }{
		"language":      {`"lang":"es"`, `"lang":"fr"`, `lang "fr"`},
		"list":          {`"list":"creature"`, `"list":"mana_symbols"`, `list "mana_symbols"`},
		"no provenance": {`"seen":["M21 X"]`, `"seen":[]`, "where it was seen"},
		"long why":      {`"why":"older"`, `"why":"` + strings.Repeat("x", 200) + `"`, "why is 200 bytes"},
		"symbol text":   {`"symbol":"{C/P}"`, `"symbol":"C/P"`, "not a mana symbol"},
		"group":         {`"group":"phyrexian"`, `"group":"Odd Ones"`, `group "Odd Ones" is not lower-case words`},
		"payment":       {`"pay":["C","life"]`, `"pay":["C","gold"]`, `unknown way to pay "gold"`},
		"unknown field": {`"why":"w"}`, `"why":"w","x":1}`, "unknown field"},
	} {
		_, err := UnmarshalPrinted([]byte(strings.Replace(good, tt.from, tt.to, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", name, err, tt.want)
		}
	}
}
