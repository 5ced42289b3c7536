package names

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// holdsMark is MaybeDecomposed's definition, rune by rune.
func holdsMark(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) || 0x1100 <= r && r <= 0x11FF {
			return true
		}
	}
	return false
}

func TestMaybeDecomposed(t *testing.T) {
	for s, want := range map[string]bool{
		"":                            false,
		"Criatura — Señor del Tiempo": false,
		"Sen\u0303or del Tiempo":      true,
		"Dri\u0301ada":                true,
		"Urza’s Tower":                false,
		"Elf\u20d7":                   true,  // a combining mark for symbols, past the punctuation
		"\u0370\u0391":                false, // Greek after the marks' block
		"\u036f":                      true,
		"\u1100\u1161":                true,  // Hangul jamo
		"Zero\u200bwidth":             false, // invisible, but not a mark (Specials finds it)
		"שָׁלוֹם":                     true,  // Hebrew points
		"\xe20\u0328":                 true,  // a stray lead byte does not hide the mark after it
		"\xe2\x80\u0300":              true,  // nor does a cut-short dash
	} {
		if got := MaybeDecomposed(s); got != want || got != holdsMark(s) {
			t.Errorf("MaybeDecomposed(%+q) = %v, want %v (by definition %v)", s, got, want, holdsMark(s))
		}
	}
	if n := testing.AllocsPerRun(10, func() { MaybeDecomposed("Criatura — Elfo guerrero") }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// On valid UTF-8 the byte scan is the definition; on any bytes it misses
// no mark (saying "maybe" of a stray 0xCC costs a normalization, no more).
func FuzzMaybeDecomposed(f *testing.F) {
	for _, s := range []string{"Señor", "Dri\u0301ada", "—’\u00a0", "\xcc", "\xcd\xb0", "a\u0308\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := MaybeDecomposed(s), holdsMark(s)
		if want && !got || utf8.ValidString(s) && got != want {
			t.Errorf("MaybeDecomposed(%+q) = %v, by definition %v", s, got, want)
		}
	})
}

// isSpecial's shortcuts agree with its definition on every rune.
func TestIsSpecialEveryRune(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := r != ' ' && unicode.IsSpace(r) || r >= utf8.RuneSelf && unicode.Is(unicode.Cf, r)
		if got := isSpecial(r); got != want {
			t.Errorf("isSpecial(%U) = %v, want %v", r, got, want)
		}
	}
}

// Specials, which skips what cannot be special without decoding it,
// finds what a rune-by-rune scan finds, on any bytes.
func FuzzSpecials(f *testing.F) {
	for _, s := range []string{"Criatura\u00a0— Elfo", "Elf\u200bWarrior", "\xc3\xc2\xa0", "Señor\u2009del Tiempo", "\xc3", "Elf\tWarrior"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []Special
		for i, r := range s {
			if isSpecial(r) {
				want = append(want, Special{At: i, Rune: r, Size: utf8.RuneLen(r)})
			}
		}
		got := Specials(s)
		if len(got) != len(want) {
			t.Fatalf("Specials(%+q) = %v, want %v", s, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("Specials(%+q) = %v, want %v", s, got, want)
			}
		}
	})
}

// Plain maps every byte of its result to the byte of the input it comes
// from, through multi-byte characters (a fuzzed "Creature—\u00a0Elf" once
// had its dash's note quote "— E").
func TestPlainMapsEveryByte(t *testing.T) {
	s := "Creature—\u00a0Elf\u200b Señor"
	text, back := Plain(s, Specials(s))
	if text != "Creature— Elf Señor" || len(back) != len(text)+1 || back[len(text)] != len(s) {
		t.Fatalf("Plain(%+q) = %+q, %v", s, text, back)
	}
	for i := 0; i < len(text); i++ {
		if j := back[i]; text[i] != ' ' && text[i] != s[j] {
			t.Errorf("byte %d of %+q (%q) maps to byte %d of %+q (%q)", i, text, text[i], j, s, s[j])
		}
	}
}
