package subtype_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/picks"
)

// These tests run on whatever names the package was generated from: a
// rules update adds, drops and retranslates names, and the Spanish page
// lags the English rules (a new name has no Spanish yet). So they take
// their names through the API (internal/picks), and build the names they
// need absent, instead of naming any.

// spellings are the ways a user may write s: as the rules print it, in
// lower and upper case, with the straight apostrophe, and its Spanish
// name (when the Spanish page has one yet) in either case.
func spellings(s subtype.Subtype) []string {
	out := []string{s.String(), strings.ToLower(s.String()), strings.ToUpper(s.String()), strings.ReplaceAll(s.String(), "’", "'")}
	if es := s.Spanish(); es != "" && !picks.Shadowed(s, es) {
		out = append(out, es, strings.ToLower(es))
	}
	return out
}

// inOtherCategory reports whether a category other than c lists a
// current subtype spelled name.
func inOtherCategory(c subtype.Category, name string) bool {
	for _, o := range subtype.Categories() {
		if _, ok := subtype.Find(o, name); ok && o != c {
			return true
		}
	}
	return false
}

// Every current name reads back as itself, however it is spelled; the
// generic lookups agree with the category's own.
func TestParseEveryCurrentName(t *testing.T) {
	for _, c := range subtype.Categories() {
		names := picks.Current(c)
		if len(names) == 0 {
			t.Errorf("category %s lists no subtype", c)
		}
		for _, s := range names {
			for _, in := range spellings(s) {
				if got, err := subtype.Parse(c, in); err != nil || got != s {
					t.Errorf("Parse(%s, %q) = %v, %v; want %v", c, in, got, err, s)
				}
				if got, ok := subtype.Find(c, in); !ok || got != s {
					t.Errorf("Find(%s, %q) = %v, %v; want %v", c, in, got, ok, s)
				}
			}
		}
	}
	for _, c := range subtype.CreatureValues() {
		for _, in := range spellings(c.Subtype()) {
			if got, err := subtype.ParseCreature(in); err != nil || got != c {
				t.Errorf("ParseCreature(%q) = %v, %v; want %v", in, got, err, c)
			}
			if got, ok := subtype.FindCreature(in); !ok || got != c {
				t.Errorf("FindCreature(%q) = %v, %v; want %v", in, got, ok, c)
			}
		}
	}
}

// Find answers within one category: a name of another category is not
// found, unless this one lists the same spelling.
func TestFindStaysInItsCategory(t *testing.T) {
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			for _, o := range subtype.Categories() {
				got, ok := subtype.Find(o, s.String())
				if o == c || !ok {
					continue
				}
				if got.Category() != o || !strings.EqualFold(got.String(), s.String()) && !strings.EqualFold(got.Spanish(), s.String()) {
					t.Errorf("Find(%s, %q) = %v of %s, a different name", o, s, got, got.Category())
				}
			}
		}
	}
}

// A Spanish name may spell a name of another category: it is read within
// the category asked for (Saga is the creature type Hag and the
// enchantment type Saga).
func TestSpanishNameOfAnotherCategory(t *testing.T) {
	found := 0
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			es := s.Spanish()
			if es == "" || strings.EqualFold(es, s.String()) {
				continue
			}
			for _, o := range subtype.Categories() {
				other, ok := subtype.Find(o, es)
				if o == c || !ok {
					continue
				}
				found++
				if got, err := subtype.Parse(c, es); err != nil || got != s {
					t.Errorf("Parse(%s, %q) = %v, %v; want %v", c, es, got, err, s)
				}
				if got, err := subtype.Parse(o, es); err != nil || got != other {
					t.Errorf("Parse(%s, %q) = %v, %v; want %v", o, es, got, err, other)
				}
			}
		}
	}
	if found == 0 {
		t.Skip("no Spanish name of the current rules spells a name of another category")
	}
}

// article prefixes a noun with "a" or "an", as messages do.
func article(noun string) string {
	if strings.ContainsAny(noun[:1], "aeiou") {
		return "an " + noun
	}
	return "a " + noun
}

// Removed names keep their values: not valid, not listed, refused by
// Parse with the release that dropped them, read back from text.
func TestRemovedNames(t *testing.T) {
	// History: Cephalid left the creature types in 2024-07-30. A later
	// release may list it again: the API tells only the current state.
	if release, removed := subtype.CreatureCephalid.Removed(); removed && release == "2024-07-30" {
		if subtype.CreatureCephalid.IsValid() {
			t.Errorf("Cephalid: removed in %q, yet valid", release)
		}
	} else {
		t.Logf("the rules list Cephalid again (removed %v in %q)", removed, release)
	}
	t.Run("message", func(t *testing.T) {
		gone, release := picks.RemovedCreature(t)
		want := `subtype: "` + gone.String() + `" is no longer ` + article(subtype.CategoryCreature.String()+" type") + ": " + gone.String() +
			" was removed from rule " + subtype.CategoryCreature.Rule() + " in the release of " + release
		if next, ok := gone.ReplacedBy(); ok {
			want += ", renamed " + next.String()
		}
		if _, err := subtype.ParseCreature(gone.String()); err == nil || err.Error() != want {
			t.Errorf("ParseCreature(%q): %v, want %s", gone, err, want)
		}
	})
	for _, c := range subtype.Categories() {
		listed := picks.Current(c)
		for _, s := range picks.Every(c) {
			release, removed := s.Removed()
			if s.IsValid() == removed {
				t.Errorf("%s %v: valid %v, removed %v", c, s, s.IsValid(), removed)
			}
			if slices.Contains(listed, s) == removed {
				t.Errorf("%s %v: listed today %v, removed %v", c, s, !removed, removed)
			}
			since, _ := s.Since()
			if since == "" || removed && release <= since {
				t.Errorf("%s %v: since %q, removed %q", c, s, since, release)
			}
			var back subtype.Subtype
			if b, err := s.MarshalText(); err != nil || back.UnmarshalText(b) != nil || back != s {
				t.Errorf("%s %v: text %q reads back as %v", c, s, b, back)
			}
			if !removed {
				continue
			}
			_, err := subtype.Parse(c, s.String())
			var ne *subtype.NameError
			if !errors.As(err, &ne) || ne.Removed != release {
				t.Errorf("Parse(%s, %q): %v, want it removed in %s", c, s, err, release)
			}
			if _, ok := subtype.Find(c, s.String()); ok {
				t.Errorf("Find(%s, %q) finds a removed name", c, s)
			}
		}
	}
}

// A word no list has is an error naming the rule.
func TestUnknownName(t *testing.T) {
	w := picks.Absent("Donkey")
	_, err := subtype.ParseCreature(w)
	if want := `subtype: "` + w + `" is not a creature type (rule ` + subtype.CategoryCreature.Rule() + `)`; err == nil || err.Error() != want {
		t.Errorf("ParseCreature(%q): %v, want %s", w, err, want)
	}
	if _, ok := subtype.FindCreature(w); ok {
		t.Errorf("FindCreature(%q) found it", w)
	}
}

// Each category goes with the card types it says, both ways round.
func TestCategoryCardTypes(t *testing.T) {
	for _, c := range subtype.Categories() {
		types := c.CardTypes()
		if len(types) == 0 || !strings.HasPrefix(c.Rule(), "205.3") {
			t.Errorf("%s: card types %v, rule %q", c, types, c.Rule())
		}
		for _, ct := range types {
			if !c.Has(ct) || !slices.Contains(subtype.For(ct), c) {
				t.Errorf("%s lists %v, but Has says %v and For(%v) = %v", c, ct, c.Has(ct), ct, subtype.For(ct))
			}
		}
	}
	for _, ct := range cardtype.CardTypeValues() {
		for _, c := range subtype.For(ct) {
			if !slices.Contains(c.CardTypes(), ct) {
				t.Errorf("For(%v) has %s, which does not list it", ct, c)
			}
		}
	}
}

// A choice must be one, and only one, existing subtype of the category
// (205.3e).
func TestChoose(t *testing.T) {
	prefix := "subtype: choosing a creature type: rule " + subtype.RuleChoice + ": "
	choose := func(choice, want string) {
		t.Helper()
		st, err := subtype.Choose(subtype.CategoryCreature, choice)
		if err == nil || err.Error() != prefix+want {
			t.Errorf("Choose(%q) = %v, %v; want the error %s", choice, st, err, prefix+want)
		}
	}
	creatures := picks.Current(subtype.CategoryCreature)
	for _, c := range creatures {
		for _, in := range spellings(c) {
			if st, err := subtype.Choose(subtype.CategoryCreature, " "+in+" "); err != nil || st != c {
				t.Errorf("Choose(%q) = %v, %v; want %v", in, st, err, c)
			}
		}
	}
	// Two creature types, each of one word, that make no name together.
	var a, b subtype.Subtype
	for i, x := range creatures {
		for _, y := range creatures[i+1:] {
			if a == (subtype.Subtype{}) && !strings.Contains(x.String()+y.String(), " ") {
				if _, ok := subtype.Find(subtype.CategoryCreature, x.String()+" "+y.String()); !ok {
					a, b = x, y
				}
			}
		}
	}
	if a == (subtype.Subtype{}) {
		t.Error("no two one-word creature types to choose together")
	} else {
		choose(a.String()+" "+b.String(), `"`+a.String()+" "+b.String()+`" is 2 creature types (`+a.String()+", "+b.String()+"); choose one")
	}
	// A name of another category only.
	other := false
	for _, l := range picks.Current(subtype.CategoryLand) {
		if _, ok := subtype.Find(subtype.CategoryCreature, l.String()); ok || other || inOtherCategory(subtype.CategoryLand, l.String()) {
			continue
		}
		other = true
		choose(l.String(), `"`+l.String()+`" is a land type (`+l.String()+"), not a creature type")
	}
	if !other {
		t.Error("no land type that only the land types list")
	}
	w := picks.Absent("truck")
	choose(w, `"`+w+`" is not a creature type`)
	choose("  ", "nothing was chosen")
	t.Run("removed", func(t *testing.T) {
		gone, release := picks.RemovedCreature(t)
		// Worded as Parse words it (one wording across packages).
		want := prefix + `"` + gone.String() + `" is no longer ` + article(subtype.CategoryCreature.String()+" type") + ": " + gone.String() + " was removed from rule " + subtype.CategoryCreature.Rule() + " in the release of " + release
		if next, ok := gone.ReplacedBy(); ok {
			want += ", renamed " + next.String()
		}
		if st, err := subtype.Choose(subtype.CategoryCreature, gone.String()); err == nil || err.Error() != want {
			t.Errorf("Choose(%q) = %v, %v; want the error %s", gone, st, err, want)
		}
	})
}
