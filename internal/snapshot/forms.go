package snapshot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/kwform"
)

// KeywordForm is one form of a keyword ability and the subrule that
// writes it.
type KeywordForm struct {
	Form string `json:"form"`
	Rule string `json:"rule"`
}

// KeywordForms maps a keyword ability to its forms.
type KeywordForms map[string][]KeywordForm

// validateForms checks that each form is of a keyword ability (or
// action) s lists, and is words, with the rule that writes it.
func (s *Snapshot) validateForms() error {
	for _, of := range [...]struct {
		forms KeywordForms
		fact  string
	}{{s.KeywordForms, FactKeywordAbilities}, {s.KeywordActionForms, FactKeywordActions}} {
		fact := FactNamed(of.fact)
		names := fact.Get(s)
		for k, forms := range of.forms {
			if !slices.Contains(names, k) || len(forms) == 0 {
				return fmt.Errorf("snapshot %s@%s: %s holds %q, which is no %s of the snapshot with a form", s.Lang, s.Effective, formsKey(of.fact), k, fact.Noun)
			}
			for _, f := range forms {
				if !isName(f.Form) || f.Rule == "" {
					return fmt.Errorf("snapshot %s@%s: a form of the %s %s, %q (rule %q), is no form: words and parameters, not empty, without control characters or surrounding spaces", s.Lang, s.Effective, fact.Noun, k, f.Form, f.Rule)
				}
				if err := kwform.Check(f.Form); err != nil {
					return fmt.Errorf("snapshot %s@%s: rule %s writes a form of the %s %s no reader of card text could read: %w", s.Lang, s.Effective, f.Rule, fact.Noun, k, err)
				}
			}
		}
	}
	abilities, actions := FactNamed(FactKeywordAbilities).Get(s), FactNamed(FactKeywordActions).Get(s)
	for k, ts := range s.KeywordActionThrough {
		for _, th := range ts {
			if !slices.Contains(actions, k) || !slices.Contains(actions, th.Form) || th.Form == k || th.Rule == "" {
				return fmt.Errorf("snapshot %s@%s: keyword_action_through ties %q to %q (rule %q): each is to be a keyword action of the snapshot, another, with the rule that defines the one through the other", s.Lang, s.Effective, k, th.Form, th.Rule)
			}
		}
	}
	for k, ds := range s.KeywordDesignations {
		if !slices.Contains(abilities, k) && !slices.Contains(actions, k) || len(ds) == 0 {
			return fmt.Errorf("snapshot %s@%s: keyword_designations holds %q, which is no keyword of the snapshot with a designation", s.Lang, s.Effective, k)
		}
		for _, d := range ds {
			if !isName(d.Form) || d.Rule == "" || strings.ContainsAny(d.Form, "[]{}") {
				return fmt.Errorf("snapshot %s@%s: a designation of the keyword %s, %q (rule %q), is no word", s.Lang, s.Effective, k, d.Form, d.Rule)
			}
		}
	}
	return nil
}

// formsKey is the JSON key of the forms of a keyword list.
func formsKey(fact string) string {
	if fact == FactKeywordActions {
		return "keyword_action_forms"
	}
	return "keyword_forms"
}
