package extract

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

func meaningOf(t *testing.T, f *Facts, sym string) *snapshot.Meaning {
	t.Helper()
	for _, m := range f.ManaSymbols {
		if m.Symbol == sym {
			return m.Meaning
		}
	}
	t.Fatalf("%s not listed", sym)
	return nil
}

// Past releases say what their symbols are; these do not change.
func TestManaMeanings(t *testing.T) {
	for _, c := range []struct {
		date, sym, want, rules string
	}{
		{"20090711", "{W}", "W; paid with {W}; mana value 1", "107.4a 202.3"},
		{"20090711", "{X}", "colorless; paid with {X}; mana value 0", "107.4b 202.3 202.3b"},
		{"20090711", "{2/W}", "W; paid with {W} or 2 generic; mana value 2", "107.4a 107.4e 202.3 202.3c"},
		{"20090711", "{S}", "colorless; paid with snow mana; mana value 1", "107.4f 202.3"},
		{"20110501", "{G/P}", "G; paid with {G} or 2 life; mana value 1", "107.4a 107.4f 202.3 202.3d"},
		{"20260227", "{C}", "colorless; paid with {C}; mana value 1", "107.4c 202.3"},
		{"20260227", "{C/W}", "W; paid with {C} or {W}; mana value 1", "107.4a 107.4e 202.3 202.3f"},
		{"20260227", "{W/U/P}", "WU; paid with {W} or {U} or 2 life; mana value 1", "107.4a 107.4f 202.3 202.3g"},
		{"20260227", "{S}", "colorless; paid with snow mana; mana value 1", "107.4h 202.3"},
	} {
		m := meaningOf(t, extractRelease(t, c.date), c.sym)
		if m.String() != c.want || strings.Join(m.Rules, " ") != c.rules {
			t.Errorf("%s %s: %s (from %v); want %s (from %s)", c.date, c.sym, m, m.Rules, c.want, c.rules)
		}
	}
}

// Every release since 2009 says what each of its symbols is, and a
// symbol keeps its meaning across releases: the rules have reworded and
// renumbered these sentences, never changed what they say.
func TestCorpusMeaningsHold(t *testing.T) {
	seen := map[string]*snapshot.Meaning{}
	for _, r := range corpus.Releases(t) {
		f := extractRelease(t, strings.ReplaceAll(r.Date, "-", ""))
		for _, s := range f.ManaSymbols {
			if (s.Meaning == nil) != (s.Group == "numeric") {
				t.Errorf("%s %s (%s): meaning %v", r.Date, s.Symbol, s.Group, s.Meaning)
				continue
			}
			if prev, ok := seen[s.Symbol]; ok && !prev.Same(s.Meaning) {
				t.Errorf("%s %s: %s, before %s", r.Date, s.Symbol, s.Meaning, prev)
			}
			seen[s.Symbol] = s.Meaning
		}
	}
}

// A sentence a meaning rests on, reworded beyond recognition, stops the
// extraction with the rule and the words it expected.
func TestMeaningRewordedFails(t *testing.T) {
	for _, c := range []struct{ rule, from, to, want string }{
		{"107.4f", "by paying 2 life", "by paying life", `rule 107.4: no subrule says how much life pays a Phyrexian symbol, which {W/P} rests on`},
		{"202.3g", "contributes 1", "counts", `rule 202.3: no subrule says the mana value of a Phyrexian symbol, which {W/P} rests on`},
		{"202.3", "total amount of mana", "sum", `rule 202.3: no rule says "The mana value of an object`},
		{"107.4h", "snow source", "snowy thing", `which {S} rests on`},
	} {
		rules := release(t, "20260227")
		for i := range rules {
			if rules[i].Number == c.rule {
				rules[i].Text = strings.ReplaceAll(rules[i].Text, c.from, c.to)
			}
		}
		if _, err := Extract(English, rules, whole); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s reworded: %v; want %q", c.rule, err, c.want)
		}
	}
}
