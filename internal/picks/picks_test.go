package picks

import (
	"slices"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// The helpers give what they promise on whatever data the packages were
// generated from: tests elsewhere trust them to.

func TestCurrentIsEveryValidValue(t *testing.T) {
	for _, c := range subtype.Categories() {
		every, current := Every(c), Current(c)
		if len(current) == 0 {
			t.Errorf("%s: no current subtype", c)
		}
		for _, s := range every {
			if _, removed := s.Removed(); slices.Contains(current, s) == removed {
				t.Errorf("%s %v: current %v, removed %v", c, s, !removed, removed)
			}
			if s.Category() != c {
				t.Errorf("%s lists %v of %s", c, s, s.Category())
			}
		}
	}
}

func TestPicksHaveWhatTheyAskFor(t *testing.T) {
	ct := CardTypeFor(t, subtype.CategoryCreature, true)
	if !ct.IsValid() || ct.Spanish() == "" || !slices.Equal(subtype.For(ct), []subtype.Category{subtype.CategoryCreature}) {
		t.Errorf("CardTypeFor(creature, Spanish) = %v (Spanish %q, categories %v)", ct, ct.Spanish(), subtype.For(ct))
	}
	first := Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", PlainES)
	second := Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", PlainES, first)
	for _, s := range []subtype.Subtype{first, second} {
		if !s.IsValid() || s.Spanish() == "" || !Only(s) {
			t.Errorf("picked %v (valid %v, Spanish %q, alone %v)", s, s.IsValid(), s.Spanish(), Only(s))
		}
		if !Listed(s.String()) || !Listed(s.Spanish()) {
			t.Errorf("%v: not listed today in both languages", s)
		}
	}
	if first == second {
		t.Errorf("Subtype gave %v again though told not to", first)
	}
	legendary := Supertype(t, true)
	if snow := Supertype(t, true, legendary); snow == legendary || !snow.IsValid() || snow.Spanish() == "" {
		t.Errorf("Supertype(Spanish, not %v) = %v (Spanish %q)", legendary, snow, snow.Spanish())
	}
}

func TestAbsentIsInNoList(t *testing.T) {
	w := Absent(Current(subtype.CategoryCreature)[0].String())
	if Listed(w) {
		t.Errorf("Absent gave %q, which a list holds", w)
	}
	_, errT := cardtype.ParseCardType(w)
	_, errS := cardtype.ParseSupertype(w)
	_, errC := subtype.ParseCreature(w)
	if !Unknown(errT) || !Unknown(errS) || !Unknown(errC) {
		t.Errorf("Absent gave %q: %v; %v; %v", w, errT, errS, errC)
	}
}

func TestRemovedCreatureIsRemoved(t *testing.T) {
	gone, release := RemovedCreature(t)
	if got, removed := gone.Removed(); !removed || got != release || Listed(gone.String()) {
		t.Errorf("RemovedCreature = %v, %q; removed %v in %q, listed %v", gone, release, removed, got, Listed(gone.String()))
	}
	if _, err := subtype.ParseCreature(gone.String()); err == nil || Unknown(err) {
		t.Errorf("ParseCreature(%q): %v, want it removed", gone, err)
	}
}

func TestEscapeMarks(t *testing.T) {
	if got, want := EscapeMarks("Sen\u0303or Dri\u0301ade"), `Sen\u0303or Dri\u0301ade`; got != want {
		t.Errorf("EscapeMarks = %s, want %s", got, want)
	}
}
