package names

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var sample = []string{
	"Time Lord", "Señor del Tiempo", "Urza’s", "de Urza", "C’tan", "Assembly-Worker", "Elf", "Elfo", "Ox",
	"Bolas’s Meditation Realm", "Legendario", "Legendaria", "Legendary", "Básica", "Básico", "Basic", "Ñu",
	"Nightstalker", "Acechador nocturno", "Phelddagrif", "Éter", "a",
}

func build(t testing.TB, names []string) *Index {
	t.Helper()
	var b Builder
	for i, n := range names {
		if err := b.Add(n, i+1); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// reference is the obviously correct lookup the index must agree with:
// fold both sides by the documented rules and compare.
func reference(names []string, s string) (int, bool) {
	for i, n := range names {
		for _, v := range apostropheVariants(n) {
			if Fold(v) == Fold(s) {
				return i + 1, true
			}
		}
	}
	return 0, false
}

func TestIndexFindsEveryForm(t *testing.T) {
	x := build(t, sample)
	for i, n := range sample {
		forms := []string{n, strings.ToUpper(n), strings.ToLower(n), strings.ReplaceAll(n, "’", "'")}
		for _, f := range forms {
			if v, ok := x.Lookup(f); !ok || v != i+1 {
				t.Errorf("Lookup(%q) = %d, %v; want %d", f, v, ok, i+1)
			}
		}
	}
}

func TestIndexMisses(t *testing.T) {
	x := build(t, sample)
	for _, s := range []string{
		"", " ", "Time", "Time Lord ", " Time Lord", "Time  Lord", "TimeLord", "Elff", "El", "Elf\x00",
		"Assembly\x0dWorker", // a control byte one case bit away from '-'
		"Time\x00Lord",       // NUL one case bit away from ' '
		"Señor del Tiempo\xff", "Se\xc3\xb1or del Tiempo!", "Urza`s", strings.Repeat("x", 300), "Legendari",
		"\xe3\xb1u", // the lead byte of ñ with its case bit set is not ñ
	} {
		if v, ok := x.Lookup(s); ok {
			t.Errorf("Lookup(%q) = %d, want a miss", s, v)
		}
		if _, ok := reference(sample, s); ok {
			t.Errorf("reference finds %q: the test input is wrong", s)
		}
	}
}

func TestFoldRules(t *testing.T) {
	for _, tt := range []struct {
		s, key string
		equal  bool
	}{
		{"GOBLIN", "goblin", true},
		{"SEÑOR", "señor", true},
		{"ÉTER", "éter", true},
		{"×", "÷", false}, // C3 97 and C3 B7 differ in the case bit but are not letters
		{"@", "`", false},
		{"A-B", "a\x0db", false},
	} {
		if got := equalFold(tt.s, tt.key); got != tt.equal {
			t.Errorf("equalFold(%q, %q) = %v", tt.s, tt.key, got)
		}
		if got := Fold(tt.s) == Fold(tt.key); got != tt.equal {
			t.Errorf("Fold(%q) == Fold(%q) is %v", tt.s, tt.key, got)
		}
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	a, b := build(t, sample), build(t, sample)
	if a.Seed != b.Seed || len(a.Slots) != len(b.Slots) {
		t.Fatal("two builds differ")
	}
	for i := range a.Slots {
		if a.Slots[i] != b.Slots[i] {
			t.Fatalf("slot %d differs", i)
		}
	}
}

func TestBuilderRefusesAmbiguity(t *testing.T) {
	var b Builder
	if err := b.Add("Saga", 1); err != nil {
		t.Fatal(err)
	}
	if err := b.Add("saga", 1); err != nil {
		t.Errorf("the same value twice: %v", err)
	}
	if err := b.Add("SAGA", 2); err == nil || !strings.Contains(err.Error(), "claimed by values 1 and 2") {
		t.Errorf("got %v", err)
	}
	if err := b.Add("", 3); err == nil {
		t.Error("empty name accepted")
	}
}

// Thousands of names (more than any list has) are all found, as printed
// and folded.
func TestLargeIndex(t *testing.T) {
	var names []string
	for i := range 5000 {
		names = append(names, "Name"+strings.Repeat("x", i%7)+string(rune('A'+i%26))+strings.Repeat("y", i/26))
	}
	x := build(t, names)
	for i, n := range names {
		if v, ok := x.Lookup(strings.ToLower(n)); !ok || v != i+1 {
			t.Fatalf("Lookup(%q) = %d, %v", n, v, ok)
		}
		if v, ok := x.Lookup(n); !ok || v != i+1 {
			t.Fatalf("Lookup(%q) = %d, %v", n, v, ok)
		}
	}
}

func TestLookupAllocatesNothing(t *testing.T) {
	x := build(t, sample)
	for _, s := range append(sample, "MISS", "SEÑOR DEL TIEMPO", strings.Repeat("z", 40)) {
		if n := testing.AllocsPerRun(100, func() { x.Lookup(s) }); n != 0 {
			t.Errorf("Lookup(%q): %v allocations", s, n)
		}
	}
}

func FuzzLookup(f *testing.F) {
	for _, s := range append(sample, "", "TIME LORD", "urza's", "\xc3", "Ñ", "ñU") {
		f.Add(s)
	}
	x := build(f, sample)
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := x.Lookup(s)
		want, wok := reference(sample, s)
		if !utf8.ValidString(s) && wok {
			t.Skip() // the reference folds bytes, not text; invalid UTF-8 never names a name
		}
		if ok != wok || got != want {
			t.Errorf("Lookup(%q) = %d, %v; reference %d, %v", s, got, ok, want, wok)
		}
	})
}

// Find finds only the values marked when the index was built (a table
// marks the names the rules list today); Lookup finds them all.
func TestFindOnlyMarked(t *testing.T) {
	var b Builder
	for i, n := range sample {
		if err := b.Add(n, i+1); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			b.Mark(i + 1)
		}
	}
	x, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range sample {
		for _, f := range []string{n, strings.ToUpper(n)} {
			v, ok := x.Find(f)
			if ok != (i%2 == 0) || ok && v != i+1 {
				t.Errorf("Find(%q) = %d, %v", f, v, ok)
			}
			if v, ok := x.Lookup(f); !ok || v != i+1 {
				t.Errorf("Lookup(%q) = %d, %v", f, v, ok)
			}
		}
	}
}

// spread puts bit i of its byte in the case bit of byte i.
func TestSpread(t *testing.T) {
	for m := 0; m < 256; m++ {
		var want uint64
		for i := range 8 {
			if m&(1<<i) != 0 {
				want |= 0x20 << (8 * i)
			}
		}
		if got := spread(uint8(m)); got != want {
			t.Fatalf("spread(%#x) = %#x, want %#x", m, got, want)
		}
	}
}

// A printed entry's Ref counts the entries of its spelling before it:
// entries of other spellings, before or after, do not change it.
func TestSpellingOrdinals(t *testing.T) {
	got := SpellingOrdinals([]string{"Lord", "Pícaro", "Lord", "Summon", "Pícaro", "Lord"})
	if want := []uint16{0, 0, 1, 0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("SpellingOrdinals = %v, want %v", got, want)
	}
	if got := SpellingOrdinals([]string{"Pícaro", "Lord", "Pícaro", "Lord"}); got[2] != 1 || got[3] != 1 {
		t.Errorf("without Summon and the first Lord: %v", got)
	}
}
