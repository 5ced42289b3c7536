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

func TestLayoutIgnoresOrderOfAdding(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := synthetic(700, r)
	values := make([]int, len(names))
	for i := range values {
		values[i] = i + 1
	}
	a := buildValues(t, names, values)
	perm := r.Perm(len(names))
	shuffled, shuffledValues := make([]string, len(names)), make([]int, len(names))
	for i, p := range perm {
		shuffled[i], shuffledValues[i] = names[p], values[p]
	}
	b := buildValues(t, shuffled, shuffledValues)
	if a.Seed != b.Seed || a.Shift != b.Shift {
		t.Fatalf("seed or size depends on the order of adding: %#x/%d, %#x/%d", a.Seed, a.Shift, b.Seed, b.Shift)
	}
	for i := range a.Slots {
		// Long keys are numbered in the order added; the rest must match.
		sa, sb := a.Slots[i], b.Slots[i]
		sa.Long, sb.Long = 0, 0
		if sa != sb {
			t.Fatalf("slot %d differs with the names added in another order", i)
		}
	}
}

func TestAddingANameMovesOnlyItsRun(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// 600 names: 1024 slots with room for 512..; 100 more stay in them.
	names := synthetic(700, r)
	values := make([]int, len(names))
	for i := range values {
		values[i] = i + 1
	}
	before := buildValues(t, names[:600], values[:600])
	moved, runs := 0, 0
	for k := 600; k < 700; k++ {
		after := buildValues(t, names[:k+1], values[:k+1])
		if len(after.Slots) != len(before.Slots) {
			t.Fatalf("the table grew at %d names", k+1)
		}
		var changed []int
		for i := range after.Slots {
			if after.Slots[i] != before.Slots[i] {
				changed = append(changed, i)
			}
		}
		// Every changed slot lies in the one run of full slots that
		// holds the new name.
		at := slotOf(after, names[k])
		for _, i := range changed {
			if !sameRun(after, at, i) {
				t.Fatalf("adding %q (slot %d) changed slot %d, outside its run", names[k], at, i)
			}
		}
		moved += len(changed) - 1
		runs++
		before = after
	}
	// At most half full, runs are short: names moved per name added.
	if avg := float64(moved) / float64(runs); avg > 2 {
		t.Errorf("adding a name moved %.2f others on average", avg)
	}
	t.Logf("adding a name moved %.2f others on average", float64(moved)/float64(runs))
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
