package rulebook

import (
	"strings"
	"testing"
)

// corpusBook is the book of the corpus's releases, recorded in order,
// once for the package's tests (shared: clone it to change it).
func corpusBook(t *testing.T) *Book { return corpusBookB(t) }

func corpusBookB(t testing.TB) *Book {
	t.Helper()
	ws, _ := readCorpus(t)
	read.Lock()
	defer read.Unlock()
	if read.book == nil {
		b := &Book{Lang: "en"}
		for _, w := range ws {
			if err := b.Add(w); err != nil {
				t.Fatal(err)
			}
		}
		read.book = b
	}
	return read.book
}

// Every adjacent pair of releases is paired: every rule of the older is
// in the newer (its number, or the one it moved to), merged into one, or
// removed; every rule of the newer comes from the older, was split off
// one, or is new; and no rule is removed and added again when it only
// moved, kept its words or changed its typography.
func TestPairingOfEveryAdjacentPair(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	for i := 1; i < len(b.Releases); i++ {
		prev, rel, pairing := b.Releases[i-1], b.Releases[i], b.Pairing(i)
		old, cur := b.Texts(prev.Date), b.Texts(rel.Date)
		inCur := func(n string) bool { _, ok := cur[n]; return ok }
		inOld := func(n string) bool { _, ok := old[n]; return ok }
		merged, split := map[string]bool{}, map[string]bool{}
		for _, m := range pairing.Merges {
			merged[m.From] = true
			if !inOld(m.From) || !inCur(m.To) {
				t.Errorf("%s: merge %s → %s of rules the releases do not print", rel.Date, m.From, m.To)
			}
		}
		for _, m := range pairing.Splits {
			split[m.To] = true
			if !inOld(m.From) || !inCur(m.To) {
				t.Errorf("%s: split %s → %s of rules the releases do not print", rel.Date, m.From, m.To)
			}
		}
		var removed, added []string
		paired := map[string]string{}
		for n := range old {
			m, ok := b.Next(i, n, inCur)
			switch {
			case ok && !inCur(m):
				t.Errorf("%s: %s paired with %s, which it does not print", rel.Date, n, m)
			case ok:
				if o, twice := paired[m]; twice {
					t.Errorf("%s: %s and %s both paired with %s", rel.Date, o, n, m)
				}
				paired[m] = n
			case !merged[n]:
				removed = append(removed, n)
			}
		}
		for n := range cur {
			o, ok := b.Previous(i, n, inOld)
			if ok && paired[n] != o {
				t.Errorf("%s: %s comes from %s going back, from %q going forward", rel.Date, n, o, paired[n])
			}
			if !ok && !split[n] {
				added = append(added, n)
			}
		}
		for _, r := range removed {
			for _, a := range added {
				if foldText(old[r]) == foldText(cur[a]) {
					t.Errorf("%s: %s removed and %s added, with the same words", rel.Date, r, a)
				}
			}
		}
	}
	// Pinned: the Type Line rule moved from 204 to 205 in 2011-09-30,
	// creature types from 204.3k to 205.3m; Intimidate went from 702.12
	// to 702.13 in 2013-07-13, when Indestructible became a keyword
	// before it (and Landwalk from 702.13 to 702.14); 603.6a stayed as
	// 603.6d was split into 603.10.
	for _, c := range []struct{ date, from, to string }{
		{"2011-09-30", "204.3k", "205.3m"},
		{"2011-09-30", "204.1", "205.1"},
		{"2013-07-13", "702.12", "702.13"},
		{"2013-07-13", "702.13", "702.14"},
		{"2016-11-11", "603.6a", "603.6a"},
	} {
		i := b.indexOf(c.date)
		cur := b.Texts(c.date)
		if got, ok := b.Next(i, c.from, func(n string) bool { _, ok := cur[n]; return ok }); !ok || got != c.to {
			t.Errorf("%s: %s is %q (%v) in it, want %s", c.date, c.from, got, ok, c.to)
		}
	}
	// The release that renamed tribal kindred paired every rule that
	// said "tribal" with one that says "kindred", by number.
	for i := 1; i < len(b.Releases); i++ {
		old, cur := b.Texts(b.Releases[i-1].Date), b.Texts(b.Releases[i].Date)
		if strings.Contains(cur["205.3m"], "kindred") == strings.Contains(old["205.3m"], "kindred") {
			continue
		}
		n := 0
		for num, text := range old {
			if !strings.Contains(strings.ToLower(text), "tribal") {
				continue
			}
			n++
			if m, ok := b.Next(i, num, func(n string) bool { _, ok := cur[n]; return ok }); !ok || !strings.Contains(strings.ToLower(cur[m]), "kindred") {
				t.Errorf("%s: %s (tribal) is %q in the release that says kindred", b.Releases[i].Date, num, m)
			}
		}
		if n != 7 { // 2024-07-30, pinned
			t.Errorf("%s: %d rules said tribal, want 7", b.Releases[i].Date, n)
		}
	}
}

// foldText is a text's words without typography: the same words
// printed with other quotes or dashes fold alike.
func foldText(s string) string {
	r := strings.NewReplacer("“", `"`, "”", `"`, "’", "'", "‘", "'", "—", "-", "–", "-", "--", "-")
	return strings.Join(strings.Fields(r.Replace(s)), " ")
}

// A pairing amended by hand holds, and the pairing stays whole: every
// rule of either release said once by the diff, forward and backward
// agreeing; amending back restores what the words said.
func TestAmendPairing(t *testing.T) {
	t.Parallel()
	b := clone(corpusBook(t))
	i := b.indexOf("2011-09-30")
	if i < 0 {
		t.Skip("the corpus lacks 2011-09-30")
	}
	inCur := func(n string) bool { _, ok := b.Rule(n, "2011-09-30"); return ok }
	check := func(step string) {
		t.Helper()
		d, err := b.Compare(b.Releases[i-1].Date, "2011-09-30")
		if err != nil {
			t.Fatal(err)
		}
		if err := accounts(d, b.Texts(b.Releases[i-1].Date), b.Texts("2011-09-30")); err != nil {
			t.Errorf("%s: %v", step, err)
		}
	}
	for _, c := range []struct{ from, to, next string }{
		{"204.3k", "", ""},             // not in 2011-09-30
		{"204.3k", "205.3a", "205.3a"}, // another rule: 205.3a's partner loses it
		{"", "205.3m", ""},             // 205.3m new
		{"204.3k", "205.3m", "205.3m"}, // back as the words say
	} {
		if err := b.Amend("2011-09-30", c.from, c.to); err != nil {
			t.Fatal(err)
		}
		if c.from != "" {
			if got, ok := b.Next(i, c.from, inCur); c.next == "" && ok || c.next != "" && got != c.next {
				t.Errorf("%s → %q: Next is %q, %v", c.from, c.to, got, ok)
			}
		}
		check(c.from + " → " + c.to)
	}
	if err := b.Amend("2011-09-30", "999.9", "205.3m"); err == nil {
		t.Error("a rule no release prints: amended")
	}
	if err := b.Amend(b.Releases[0].Date, "100.1", "100.1"); err == nil {
		t.Error("the oldest release: amended")
	}
	// Recorded with the release, and kept when the release is read again.
	// The last amendment replaced every earlier one naming its rules.
	if got := b.Releases[i].Amended; len(got) != 1 || got[0] != (Move{From: "204.3k", To: "205.3m"}) {
		t.Errorf("amendments recorded: %v", got)
	}
	ws, _ := readCorpus(t)
	for _, w := range ws {
		if w.Effective == "2011-09-30" {
			if err := b.Add(w); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(b.Releases[b.indexOf("2011-09-30")].Amended) == 0 {
		t.Error("the release read again lost its amendments")
	}
}
