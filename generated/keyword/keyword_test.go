package keyword_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/mtgrules/crgen/generated/keyword"
)

// These tests run on whatever keywords the package was generated from: a
// rules update adds, drops and renames them. They take their names
// through the API and build the ones they need absent.

// value is what the three keyword types have in common.
type value interface {
	comparable
	fmt.Stringer
	IsValid() bool
	Rule() string
	Since() (string, bool)
	Removed() (string, bool)
	MarshalText() ([]byte, error)
}

// list is one keyword type seen through its functions.
type list[V value] struct {
	name    string
	chapter string // the rule its names come from, or the prefix of theirs
	values  func() []V
	of      func(int) V // the value of a number
	parse   func(string) (V, error)
	find    func(string) (V, bool)
	read    func([]byte) (V, error) // UnmarshalText
}

// every returns every value the package knows, current and removed, in
// value order: the numbers from 1 until one is no value.
func (l list[V]) every() []V {
	var out []V
	for n := 1; ; n++ {
		v := l.of(n)
		if v.String() == fmt.Sprintf("%s(%d)", l.name, n) {
			return out
		}
		out = append(out, v)
	}
}

var (
	actions = list[keyword.Action]{"Action", "701.", keyword.ActionValues,
		func(n int) keyword.Action { return keyword.Action(n) }, keyword.ParseAction, keyword.FindAction,
		func(b []byte) (v keyword.Action, err error) { err = v.UnmarshalText(b); return }}
	abilities = list[keyword.Ability]{"Ability", "702.", keyword.AbilityValues,
		func(n int) keyword.Ability { return keyword.Ability(n) }, keyword.ParseAbility, keyword.FindAbility,
		func(b []byte) (v keyword.Ability, err error) { err = v.UnmarshalText(b); return }}
	abilityWords = list[keyword.AbilityWord]{"AbilityWord", "", keyword.AbilityWordValues,
		func(n int) keyword.AbilityWord { return keyword.AbilityWord(n) }, keyword.ParseAbilityWord, keyword.FindAbilityWord,
		func(b []byte) (v keyword.AbilityWord, err error) { err = v.UnmarshalText(b); return }}
)

func TestActions(t *testing.T)      { checkList(t, actions) }
func TestAbilities(t *testing.T)    { checkList(t, abilities) }
func TestAbilityWords(t *testing.T) { checkList(t, abilityWords) }

func checkList[V value](t *testing.T, l list[V]) {
	current := l.values()
	if len(current) == 0 {
		t.Fatalf("%s: no value listed today", l.name)
	}
	listed := map[V]bool{}
	for _, v := range current {
		listed[v] = true
	}
	every := l.every()
	rules := map[string][]V{}
	for _, v := range every {
		name := v.String()
		if listed[v] != v.IsValid() {
			t.Errorf("%s %q: IsValid %v, but Values lists it: %v", l.name, name, v.IsValid(), listed[v])
		}
		since, _ := v.Since()
		if since == "" || since > keyword.Effective() {
			t.Errorf("%s %q: listed since %q, the rules are of %s", l.name, name, since, keyword.Effective())
		}
		rule := v.Rule()
		if l.chapter != "" && !strings.HasPrefix(rule, l.chapter) || l.chapter == "" && rule == "" {
			t.Errorf("%s %q: rule %q, want one of %s", l.name, name, rule, l.chapter)
		}
		rules[rule] = append(rules[rule], v)
		// Encoded, every value reads back, removed ones too: data written
		// before a rules update stays readable.
		b, err := v.MarshalText()
		if got, rerr := l.read(b); err != nil || rerr != nil || got != v {
			t.Errorf("%s %q: MarshalText %q, %v reads back as %v, %v", l.name, name, b, err, got, rerr)
		}
		removed, gone := v.Removed()
		if gone == v.IsValid() {
			t.Errorf("%s %q: removed %v (%s) but valid %v", l.name, name, gone, removed, v.IsValid())
		}
		if gone {
			checkRemoved(t, l, v, removed)
			continue
		}
		for _, in := range spellings(name) {
			if got, err := l.parse(in); err != nil || got != v {
				t.Errorf("Parse%s(%q) = %v, %v; want %v", l.name, in, got, err, v)
			}
			if got, ok := l.find(in); !ok || got != v {
				t.Errorf("Find%s(%q) = %v, %v; want %v", l.name, in, got, ok, v)
			}
		}
	}
	if l.chapter != "" {
		// A rule titles one keyword, or two when its title names two
		// ("Tap and Untap"): nothing else shares a rule.
		for rule, vs := range rules {
			if len(vs) > 2 {
				t.Errorf("%s: rule %s gives %d keywords %v", l.name, rule, len(vs), vs)
			}
		}
	}
	absent := absentName(every)
	if v, err := l.parse(absent); err == nil || !strings.Contains(err.Error(), absent) {
		t.Errorf("Parse%s(%q) = %v, %v; want an error naming it", l.name, absent, v, err)
	}
	if v, ok := l.find(absent); ok {
		t.Errorf("Find%s(%q) = %v, found", l.name, absent, v)
	}
}

// checkRemoved checks a value the rules dropped: Find does not find it,
// Parse says when it went, and a rename says by what.
func checkRemoved[V value](t *testing.T, l list[V], v V, removed string) {
	t.Helper()
	if got, ok := l.find(v.String()); ok && got == v {
		t.Errorf("Find%s(%q) finds a removed value", l.name, v)
	}
	_, err := l.parse(v.String())
	var ne *keyword.NameError
	if got, _ := l.find(v.String()); got == (*new(V)) && (!errors.As(err, &ne) || !strings.Contains(err.Error(), removed) || !strings.Contains(err.Error(), "rule "+v.Rule()+" ")) {
		t.Errorf("Parse%s(%q) = %v; want an error saying it went from rule %s in %s", l.name, v, err, v.Rule(), removed)
	}
	if by, ok := replacedBy(v); ok {
		if since, _ := by.Since(); since > removed {
			t.Errorf("%s %q replaced in %s by %q, listed only since %s", l.name, v, removed, by, since)
		}
	}
}

func replacedBy[V value](v V) (V, bool) {
	return any(v).(interface{ ReplacedBy() (V, bool) }).ReplacedBy()
}

// spellings are the ways a user may write a name: as the rules print it,
// in lower and upper case, and without its punctuation or gloss ("For
// Mirrodin", "∞", "Infinity").
func spellings(name string) []string {
	out := []string{name, strings.ToLower(name), strings.ToUpper(name)}
	if i := strings.IndexByte(name, '('); i > 0 && strings.HasSuffix(name, ")") {
		out = append(out, strings.TrimSpace(name[:i]), name[i+1:len(name)-1])
	}
	if bare := strings.TrimRight(name, "!?"); bare != name {
		out = append(out, bare, strings.ToLower(bare))
	}
	return out
}

// absentName is a name no value has: the longest name known, doubled.
func absentName[V value](vs []V) string {
	long := ""
	for _, v := range vs {
		if s := v.String(); len(s) > len(long) && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
			long = s
		}
	}
	return long + long
}

// A title naming two keywords gives both, each with the title's rule,
// and the title itself is no keyword: "Tap and Untap", since 2009.
func TestTwoKeywordsOfOneTitle(t *testing.T) {
	if keyword.ActionTap.Rule() != keyword.ActionUntap.Rule() {
		t.Errorf("Tap has rule %s, Untap %s: want the rule of their title", keyword.ActionTap.Rule(), keyword.ActionUntap.Rule())
	}
	for _, v := range actions.every() {
		for _, w := range actions.every() {
			if v < w && v.Rule() == w.Rule() {
				if _, err := keyword.ParseAction(v.String() + " and " + w.String()); err == nil {
					t.Errorf("the title %q is a keyword of its own", v.String()+" and "+w.String())
				}
			}
		}
	}
}

// Lookups allocate nothing.
func TestLookupsDoNotAllocate(t *testing.T) {
	name := strings.ToUpper(abilities.values()[0].String())
	if n := testing.AllocsPerRun(100, func() { keyword.FindAbility(name) }); n != 0 {
		t.Errorf("FindAbility(%q) allocates %v times", name, n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = keyword.ParseAbility(name) }); n != 0 {
		t.Errorf("ParseAbility(%q) allocates %v times", name, n)
	}
}

// Each keyword counter is the keyword ability of its name (rule 122.1b),
// and the ability knows its counter.
func TestKeywordCounters(t *testing.T) {
	for _, c := range keyword.CounterValues() {
		a := c.Ability()
		if a == 0 || !strings.EqualFold(a.String(), c.String()) {
			t.Errorf("%v: ability %v", c, a)
		}
		if back, ok := a.Counter(); !ok || back != c {
			t.Errorf("%v.Counter() = %v, %v", a, back, ok)
		}
	}
	if _, ok := keyword.AbilityDefender.Counter(); ok {
		t.Error("a defender counter")
	}
	first, err := keyword.CounterValuesAsOf("2020-04-17")
	if err != nil || len(first) != 12 || first[0] != keyword.CounterFlying {
		t.Errorf("2020-04-17: %v, %v", first, err)
	}
}
