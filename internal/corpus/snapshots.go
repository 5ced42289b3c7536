package corpus

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// FrozenStore is the snapshot store of the frozen tree.
func FrozenStore(t testing.TB) snapshot.Store {
	t.Helper()
	return snapshot.Store{Dir: filepath.Join(Frozen(t), "snapshots")}
}

// Snapshot loads the frozen tree's recorded release lang@date.
func Snapshot(t testing.TB, lang, date string) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.Load(filepath.Join(Frozen(t), "snapshots", lang, date+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Straighten returns s as a release printed with straight apostrophes
// would look to an extractor that kept them.
func Straighten(s *snapshot.Snapshot) *snapshot.Snapshot {
	b, _ := snapshot.Marshal(s)
	c, err := snapshot.Unmarshal([]byte(strings.ReplaceAll(string(b), "’", "'")))
	if err != nil {
		panic(err)
	}
	return c
}

// Retranslate returns a Spanish snapshot as the release after it with one
// translation changed (Gema → Piedra), whatever its date.
func Retranslate(s *snapshot.Snapshot) *snapshot.Snapshot {
	b, _ := snapshot.Marshal(s)
	c, _ := snapshot.Unmarshal(b)
	d, _ := time.Parse(time.DateOnly, s.Effective)
	c.Effective = d.AddDate(0, 0, 1).Format(time.DateOnly)
	for i, n := range c.Subtypes["artifact"] {
		if n == "Gema" {
			c.Subtypes["artifact"][i] = "Piedra"
			c.PairingEN["artifact"][i].ES = "Piedra"
		}
	}
	c.Rules["205.3g"] = strings.Replace(c.Rules["205.3g"], "Gema,", "Piedra,", 1)
	return c
}

// PrintedForms loads the frozen tree's snapshots/printed.json, what cards
// print beside the rules.
func PrintedForms(t testing.TB) *snapshot.Printed {
	t.Helper()
	p, err := snapshot.Store{Dir: filepath.Join(Frozen(t), "snapshots")}.Printed()
	if err != nil || p == nil {
		t.Fatalf("snapshots/printed.json: %v", err)
	}
	return p
}

// Need skips the test, saying which, unless listed reports every name
// as current: a rules update must not fail a test whose example it
// retired. what names the list ("creature type").
func Need(t testing.TB, what string, listed func(string) bool, names ...string) {
	t.Helper()
	for _, n := range names {
		if !listed(n) {
			t.Skipf("the rules no longer list the %s %q this example is about", what, n)
		}
	}
}

// DropEveryThirdCreature returns a release (UTF-8, any line ending) with
// every third creature type of its list removed: a document that would
// shrink the list past the guards.
func DropEveryThirdCreature(t testing.TB, txt []byte) []byte {
	t.Helper()
	s := string(txt)
	const intro = "All other creature types are one word long: "
	i := strings.Index(s, intro)
	if i < 0 {
		t.Fatal("no creature sentence in the release")
	}
	start := i + len(intro)
	end := start + strings.IndexAny(s[start:], "\r\n")
	names := strings.Split(s[start:end], ", ")
	var kept []string
	for j, n := range names {
		if j%3 != 1 {
			kept = append(kept, n)
		}
	}
	return []byte(s[:start] + strings.Join(kept, ", ") + s[end:])
}
