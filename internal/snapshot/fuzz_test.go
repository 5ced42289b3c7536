package snapshot_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// A pull request's snapshots are read as data (review.yml): whatever a
// file holds, Unmarshal refuses it or returns a snapshot that is valid,
// writes itself in canonical form, reads back from it to the same facts,
// and answers every question the report and gen ask of it.
func FuzzUnmarshal(f *testing.F) {
	// Real snapshots, cut short: the fuzzer stalls on inputs of tens of
	// kilobytes, and every field is there in a few names.
	for _, s := range []*snapshot.Snapshot{corpus.Snapshot(f, "en", "2009-07-11"), corpus.Snapshot(f, "es", "2026-09-25")} {
		f.Add(cutShort(f, s))
	}
	const head = `{"lang": "en", "effective": "2026-01-01", "sources": [{"id": "a", "url": "u", "sha256": "0", "format": "f"}], `
	f.Add([]byte(head + `"subtypes": {"creature": ["Elf"], "creature": ["*/\n\u0000", "\ud800"]}, "subtype_rules": {"creature": "205.3m"}, "rules": {"205.3m": "x", "": "", "999999999999999999999.1": "y"}}`))
	f.Add([]byte(head + `"mana_symbols": [{"symbol": "{W}", "group": "basic", "meaning": {"pay": ["", "generic"], "mana_value": -1, "rules": []}}], "rules": {}}`))
	f.Add([]byte(head + `"lists": {"keyword_abilities": ["Deathtouch"]}, "provenance": {"keyword_abilities": {"source": "a", "effective": "x", "rule": ""}}, "rules": {"702.": "a and b"}}`))
	f.Add([]byte(head + `"rules": ` + strings.Repeat("[", 20000) + `}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := snapshot.Unmarshal(data)
		if err != nil {
			return
		}
		out, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatalf("a snapshot read does not write: %v", err)
		}
		back, err := snapshot.Unmarshal(out)
		if err != nil {
			t.Fatalf("a snapshot written does not read back: %v\n%s", err, out)
		}
		if again, _ := snapshot.Marshal(back); string(again) != string(out) {
			t.Errorf("written twice, the snapshot differs:\n%s\n%s", out, again)
		}
		if !snapshot.SameFacts(s, back) {
			t.Error("written and read back, the snapshot says something else")
		}
		for _, k := range snapshot.ListsOf(s) {
			_, _, _ = s.List(k), s.ListRule(k), s.Carries(k)
		}
		for _, fact := range snapshot.Facts() {
			_, _, _ = s.NameRules(fact), s.Has(fact), s.RuleOf(fact)
		}
		for n := range s.Rules {
			s.FactOfRule(n)
		}
	})
}

// cutShort is s with two names a list, two rules and two symbols.
func cutShort(t testing.TB, s *snapshot.Snapshot) []byte {
	two := func(l []string) []string { return l[:min(2, len(l))] }
	s.CardTypes, s.Supertypes, s.BasicLandTypes = two(s.CardTypes), two(s.Supertypes), two(s.BasicLandTypes)
	s.ManaSymbols = s.ManaSymbols[:min(2, len(s.ManaSymbols))]
	for _, m := range []map[string][]string{s.Subtypes, s.Lists, s.Forms} {
		for k := range m {
			m[k] = two(m[k])
		}
	}
	for k := range s.PairingEN {
		s.PairingEN[k] = s.PairingEN[k][:min(2, len(s.PairingEN[k]))]
	}
	for i, n := range slices.Sorted(maps.Keys(s.Rules)) {
		if i >= 2 {
			delete(s.Rules, n)
		}
	}
	b, err := snapshot.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The printed forms come from a pull request too: refused, or valid and
// written back to the same bytes.
func FuzzUnmarshalPrinted(f *testing.F) {
	b, err := os.ReadFile(filepath.Join(corpus.Frozen(f), "snapshots", "printed.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"source": {"id": "a"}, "variants": [{"lang": "es", "list": "creature", "printed": "*/", "current": "\n", "why": "//", "seen": [""]}], "dropped": [], "symbols": [{"symbol": "{C/P}", "group": "phyrexian", "pay": ["life"], "reminder": "\u0000", "cards": [], "why": "w"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := snapshot.UnmarshalPrinted(data)
		if err != nil {
			return
		}
		out, err := snapshot.MarshalPrinted(p)
		if err != nil {
			t.Fatalf("printed forms read do not write: %v", err)
		}
		back, err := snapshot.UnmarshalPrinted(out)
		if err != nil {
			t.Fatalf("printed forms written do not read back: %v\n%s", err, out)
		}
		if again, _ := snapshot.MarshalPrinted(back); string(again) != string(out) {
			t.Errorf("written twice, the printed forms differ:\n%s\n%s", out, again)
		}
	})
}
