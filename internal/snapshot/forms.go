package snapshot

import (
	"fmt"
	"slices"

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

// validateForms checks that each form is of a keyword ability s lists,
// and is words, with the rule that writes it.
func (s *Snapshot) validateForms() error {
	abilities := FactNamed(FactKeywordAbilities).Get(s)
	for k, forms := range s.KeywordForms {
		if !slices.Contains(abilities, k) || len(forms) == 0 {
			return fmt.Errorf("snapshot %s@%s: keyword_forms holds %q, which is no keyword ability of the snapshot with a form", s.Lang, s.Effective, k)
		}
		for _, f := range forms {
			if !isName(f.Form) || f.Rule == "" {
				return fmt.Errorf("snapshot %s@%s: a form of the keyword ability %s, %q (rule %q), is no form: words and parameters, not empty, without control characters or surrounding spaces", s.Lang, s.Effective, k, f.Form, f.Rule)
			}
			if err := kwform.Check(f.Form); err != nil {
				return fmt.Errorf("snapshot %s@%s: rule %s writes a form of the keyword ability %s no reader of card text could read: %w", s.Lang, s.Effective, f.Rule, k, err)
			}
		}
	}
	return nil
}
