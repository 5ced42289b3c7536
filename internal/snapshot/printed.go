package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Printed is what cards print beside the rules: spellings of current names
// the rules spell differently (accepted in printed mode), names the rules
// dropped before the history begins (refused, saying what they were), and
// mana symbols outside rule 107.4. It is curated, and its provenance is
// its source file's sha256.
type Printed struct {
	Note     string           `json:"note,omitempty"`
	Source   Source           `json:"source"`
	Variants []PrintedVariant `json:"variants"`
	Dropped  []DroppedName    `json:"dropped"`
	Symbols  []PrintedSymbol  `json:"symbols"`
}

// PrintedVariant is a printed spelling of a name of the rules' history:
// a current name (accepted in printed mode), or a removed one (so its
// printed spelling reports the removal in both modes).
type PrintedVariant struct {
	Lang    string   `json:"lang"`
	List    string   `json:"list"`    // a category, card_types or supertypes
	Printed string   `json:"printed"` // as cards print it
	Current string   `json:"current"` // the English name it spells, as the rules list it
	Why     string   `json:"why"`
	Seen    []string `json:"seen"` // "SET Card name" where it was seen
}

// DroppedName is a name cards print that the rules dropped before the
// oldest release the history knows.
type DroppedName struct {
	Lang    string   `json:"lang"`
	List    string   `json:"list"`
	Printed string   `json:"printed"`
	What    string   `json:"what"`
	Seen    []string `json:"seen"`
}

// PrintedSymbol is a mana symbol cards print that rule 107.4 does not list.
type PrintedSymbol struct {
	Symbol   string   `json:"symbol"`
	Group    string   `json:"group"` // the group of 107.4 whose semantics it shares
	Pay      []string `json:"pay"`   // W U B R G C, life, snow, generic
	Reminder string   `json:"reminder"`
	Cards    []string `json:"cards"`
	Why      string   `json:"why"`
}

// maxExplanation bounds a why or what: error messages quote it, and a
// generated line must stay readable in a review.
const maxExplanation = 180

// Validate checks the invariants of printed forms.
func (p *Printed) Validate() error {
	for i, v := range p.Variants {
		where := fmt.Sprintf("variant %d (%q)", i+1, v.Printed)
		switch {
		case !slices.Contains(Languages, v.Lang):
			return fmt.Errorf("%s: lang %q is not en or es", where, v.Lang)
		case !IsCategory(v.List) && v.List != FactCardTypes && v.List != FactSupertypes:
			return fmt.Errorf("%s: list %q is not a subtype category, card_types or supertypes", where, v.List)
		case strings.TrimSpace(v.Printed) == "" || v.Current == "" || v.Why == "" || len(v.Seen) == 0:
			return fmt.Errorf("%s: needs printed, current, why and where it was seen", where)
		case len(v.Why) > maxExplanation:
			return fmt.Errorf("%s: why is %d bytes; keep it under %d (it is quoted in error messages and generated code)", where, len(v.Why), maxExplanation)
		}
	}
	for i, d := range p.Dropped {
		where := fmt.Sprintf("dropped name %d (%q)", i+1, d.Printed)
		switch {
		case !slices.Contains(Languages, d.Lang):
			return fmt.Errorf("%s: lang %q is not en or es", where, d.Lang)
		case !IsCategory(d.List) && d.List != FactCardTypes && d.List != FactSupertypes:
			return fmt.Errorf("%s: list %q is not a subtype category, card_types or supertypes", where, d.List)
		case strings.TrimSpace(d.Printed) == "" || d.What == "" || len(d.Seen) == 0:
			return fmt.Errorf("%s: needs printed, what it was and where it was seen", where)
		case len(d.What) > maxExplanation:
			return fmt.Errorf("%s: what is %d bytes; keep it under %d (it is quoted in error messages and generated code)", where, len(d.What), maxExplanation)
		}
	}
	for i, s := range p.Symbols {
		where := fmt.Sprintf("symbol %d (%q)", i+1, s.Symbol)
		switch {
		case !IsSymbol(s.Symbol):
			return fmt.Errorf("%s: not a mana symbol like {C/P}", where)
		case !IsManaGroup(s.Group):
			return fmt.Errorf("%s: group %q is not lower-case words joined by underscores", where, s.Group)
		case len(s.Pay) == 0 || s.Reminder == "" || s.Why == "":
			return fmt.Errorf("%s: needs how it is paid, its reminder text and why it is here", where)
		}
		for _, p := range s.Pay {
			if !slices.Contains([]string{"W", "U", "B", "R", "G", "C", "life", "snow", "generic"}, p) {
				return fmt.Errorf("%s: unknown way to pay %q", where, p)
			}
		}
	}
	return nil
}

// MarshalPrinted returns the canonical JSON form of p.
func MarshalPrinted(p *Printed) ([]byte, error) { return MarshalFile(p) }

// UnmarshalPrinted parses printed forms and checks them.
func UnmarshalPrinted(data []byte) (*Printed, error) {
	var p Printed
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	return &p, p.Validate()
}

// PrintedPath is the file of the printed forms.
func (s Store) PrintedPath() string { return filepath.Join(s.Dir, "printed.json") }

// Printed loads the printed forms, or nil if there are none.
func (s Store) Printed() (*Printed, error) {
	b, err := os.ReadFile(s.PrintedPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p, err := UnmarshalPrinted(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.PrintedPath(), err)
	}
	return p, nil
}
