package names

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The tables gen writes are reviewed in every rules update: their layout
// must depend on the names alone, and a name added must move only the
// names of the run of full slots it joins.

// synthetic is n distinct made-up names of 4 to 20 bytes.
func synthetic(n int, r *rand.Rand) []string {
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		b := make([]byte, 4+r.IntN(17))
		for i := range b {
			b[i] = byte('a' + r.IntN(26))
		}
		b[0] -= 0x20
		if s := string(b); !seen[Fold(s)] {
			seen[Fold(s)] = true
			out = append(out, s)
		}
	}
	return out
}

func buildValues(t *testing.T, names []string, values []int) *Index {
	t.Helper()
	var b Builder
	for i, n := range names {
		if err := b.Add(n, values[i]); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// A name added after the others (as gen adds a release's names: by the
// date the rules first printed them) moves no other name.
func TestAddingANameLastMovesNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// 600 names: 2048 slots; 100 more stay in them.
	names := synthetic(700, r)
	values := make([]int, len(names))
	for i := range values {
		values[i] = i + 1
	}
	before := buildValues(t, names[:600], values[:600])
	for k := 600; k < 700; k++ {
		after := buildValues(t, names[:k+1], values[:k+1])
		if len(after.Slots) != len(before.Slots) {
			t.Fatalf("the table grew at %d names", k+1)
		}
		at := slotOf(after, names[k])
		for i := range after.Slots {
			if i != at && after.Slots[i] != before.Slots[i] {
				t.Fatalf("adding %q (slot %d) changed slot %d", names[k], at, i)
			}
		}
		before = after
	}
}

// DatedIndex places spellings by the date they were first printed,
// whatever the order they come in: a Spanish name paired in a later
// release comes after the English names of the releases before it.
func TestDatedIndexOrdersByDate(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	names := synthetic(300, r)
	var dated []Dated
	for i, n := range names {
		dated = append(dated, Dated{Text: n, Since: fmt.Sprintf("2026-%02d-01", 1+i%12), V: i + 1})
	}
	current := make([]bool, len(names))
	a, _, err := DatedIndex(dated, current)
	if err != nil {
		t.Fatal(err)
	}
	var ordered []Dated
	for m := 1; m <= 12; m++ {
		for _, d := range dated {
			if d.Since == fmt.Sprintf("2026-%02d-01", m) {
				ordered = append(ordered, d)
			}
		}
	}
	var b Builder
	for _, d := range ordered {
		if err := b.Add(d.Text, d.V); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := b.Build()
	for i := range want.Slots {
		if a.Slots[i] != want.Slots[i] {
			t.Fatalf("slot %d: DatedIndex did not place by date", i)
		}
	}
}

// sameRun reports whether slots i and j of x are in one run of full
// slots (wrapping around the end).
func sameRun(x *Index, i, j int) bool {
	n := len(x.Slots)
	for p := i; x.Slots[p].N != 0; p = (p + 1) % n {
		if p == j {
			return true
		}
		if (p+1)%n == i {
			return false
		}
	}
	for p := i; x.Slots[p].N != 0; p = (p - 1 + n) % n {
		if p == j {
			return true
		}
	}
	return false
}

func TestLexiconWordsStayByTheirSlot(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	names := synthetic(300, r)
	lexicon := func(names []string) Lexicon {
		l := List{Kind: KindSubtype, Cat: 1, Current: true}
		for _, n := range names {
			l.Names = append(l.Names, Name{EN: n, Current: true})
		}
		ex, _, err := BuildVocabulary([]List{l}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	// A name inserted at the front of the list: every later name's value
	// is unchanged here only if the list is by value, so the new name
	// takes the next value, as gen's record gives it.
	before := lexicon(names[1:])
	after := lexicon(append(names[1:len(names):len(names)], names[0]))
	at := slotOf(&after.Index, names[0])
	for i := range after.Words {
		if fmt.Sprint(after.Words[i]) != fmt.Sprint(before.Words[i]) && !sameRun(&after.Index, at, i) {
			t.Errorf("word of slot %d changed, outside the run of the new name (slot %d)", i, at)
		}
	}
	for i, n := range names {
		w := after.Lookup(n)
		if w == nil || len(w.Senses) != 1 || int(w.Senses[0].V) != (i+len(names)-1)%len(names)+1 {
			t.Fatalf("Lookup(%q) = %+v", n, w)
		}
	}
}

// slotOf returns the position of name's slot, or -1.
func slotOf(x *Index, name string) int {
	if len(x.Slots) == 0 {
		return -1
	}
	for p := range x.Slots {
		sl := &x.Slots[p]
		if sl.N == 0 {
			continue
		}
		k := name
		if sl.Long != 0 {
			if x.Long[sl.Long-1] == name {
				return p
			}
			continue
		}
		a, b, _, _ := words(k)
		if int(sl.N) == len(k) && sl.A == a && sl.B == b {
			return p
		}
	}
	return -1
}

// A spelling that is the English name of a current value and the
// translation of another (a new English supertype "Legendaria" beside
// Legendary's Spanish) is the English name's; the translation keeps its
// other spellings. Two English names alike are still refused.
func TestEnglishNameOverATranslation(t *testing.T) {
	x, _, err := DatedIndex([]Dated{
		{Text: "Legendary", Since: "2009-07-11", V: 1},
		{Text: "Legendaria", Since: "2026-09-25", V: 1, Translated: true},
		{Text: "Snow", Since: "2009-07-11", V: 2},
		{Text: "Legendaria", Since: "2026-11-19", V: 3},
	}, []bool{true, true, true})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"legendaria": 3, "LEGENDARY": 1, "snow": 2} {
		if v, ok := x.Lookup(name); !ok || v != want {
			t.Errorf("Lookup(%q) = %d, %v; want %d", name, v, ok, want)
		}
	}
	if _, _, err := DatedIndex([]Dated{{Text: "Elf", V: 1}, {Text: "ELF", V: 2}}, []bool{true, true}); err == nil {
		t.Error("two English names alike: no error")
	}
}
