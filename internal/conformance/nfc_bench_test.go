package conformance

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// nfcInputs are the Spanish printed lines and the Spanish creature
// types that hold a letter with a diacritic, as printed (NFC) and
// decomposed (NFD, as macOS and some web forms give them).
func nfcInputs(tb testing.TB) (lines, linesNFD, names, namesNFD []string) {
	tb.Helper()
	for _, mix := range lineMixes(tb) {
		if mix.name != "es-printed" {
			continue
		}
		for _, l := range mix.lines {
			if d := norm.NFD.String(l); d != l {
				lines, linesNFD = append(lines, l), append(linesNFD, d)
			}
		}
	}
	for _, c := range subtype.CreatureValues() {
		if d := norm.NFD.String(c.Spanish()); d != c.Spanish() {
			names, namesNFD = append(names, c.Spanish()), append(namesNFD, d)
		}
	}
	// Both come from the data: the Spanish page may not name, yet, the
	// creature types of a new release.
	if len(lines) == 0 || len(names) == 0 {
		tb.Skipf("no valid Spanish line (%d) or current Spanish creature type (%d) with a diacritic", len(lines), len(names))
	}
	return lines, linesNFD, names, namesNFD
}

// The project reads decomposed input as the printed one, as normalizing
// first would.
func TestNFCInputsAgree(t *testing.T) {
	lines, linesNFD, names, namesNFD := nfcInputs(t)
	for i := range lines {
		if err := typeline.Validate(linesNFD[i], typeline.Spanish); err != nil {
			t.Errorf("%q decomposed: %v", lines[i], err)
		}
	}
	for i := range names {
		want, _ := subtype.FindCreature(names[i])
		if got, ok := subtype.FindCreature(namesNFD[i]); !ok || got != want {
			t.Errorf("%q decomposed: %v %v", names[i], got, ok)
		}
	}
}

// BenchmarkNFC is the cost of real-world text: input already NFC (the
// project checks it without allocating) and decomposed (read again in
// NFC), beside normalizing every input first with norm.NFC, as a caller
// without the project's handling would.
func BenchmarkNFC(b *testing.B) {
	lines, linesNFD, names, namesNFD := nfcInputs(b)
	validate := func(l string) bool { return typeline.Validate(l, typeline.Spanish) == nil }
	find := func(n string) bool { _, ok := subtype.FindCreature(n); return ok }
	for _, in := range []struct {
		name   string
		inputs []string
		f      func(string) bool
	}{
		{"input=typelines-nfc", lines, validate},
		{"input=typelines-nfd", linesNFD, validate},
		{"input=names-nfc", names, find},
		{"input=names-nfd", namesNFD, find},
	} {
		for _, impl := range []struct {
			name string
			f    func(string) bool
		}{
			{"project", in.f},
			{"baseline=normalize-first", func(s string) bool { return in.f(norm.NFC.String(s)) }},
		} {
			b.Run(in.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, s := range in.inputs {
						if !impl.f(s) {
							b.Fatalf("%s refuses %q", impl.name, strings.ToValidUTF8(s, "?"))
						}
					}
				}
			})
		}
	}
}
