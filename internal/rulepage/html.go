package rulepage

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Selectors say where an HTML rule page keeps its rules. They are declared
// per source in sources/, not in code, because every site has its own markup.
type Selectors struct {
	// Rule matches one element per rule or subrule (required).
	Rule string `json:"rule"`
	// Number matches, inside a Rule element, the rule number (required).
	Number string `json:"number"`
	// Text matches, inside a Rule element, its paragraphs; several matches
	// (a rule and its examples) are joined by a space (required).
	Text string `json:"text"`
	// Effective optionally matches the element stating the effective date.
	Effective string `json:"effective,omitempty"`
}

// HTMLPage is a parsed HTML rule page.
type HTMLPage struct {
	Effective string // YYYY-MM-DD, when the page states it
	Rules     []crtext.Rule
}

// SelectorError is returned when a declared selector matches nothing: the
// site changed its markup and must not be read as "no rules".
type SelectorError struct {
	Field, Selector string
}

func (e *SelectorError) Error() string {
	return fmt.Sprintf("selector %s %q matches nothing: unable to find expected markup", e.Field, e.Selector)
}

// ParseHTML reads the rules of an HTML rule page with the given selectors.
func ParseHTML(b []byte, sel Selectors) (*HTMLPage, error) {
	if sel.Rule == "" || sel.Number == "" || sel.Text == "" {
		return nil, fmt.Errorf("selectors rule, number and text are all required")
	}
	text, _, err := textenc.Decode(b)
	if err != nil {
		return nil, err
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader([]byte(text)))
	if err != nil {
		return nil, fmt.Errorf("parsing HTML: %w", err)
	}
	page := &HTMLPage{}
	if sel.Effective != "" {
		e := doc.Find(sel.Effective)
		if e.Length() == 0 {
			return nil, &SelectorError{"effective", sel.Effective}
		}
		t := clean(e.First().Text())
		if i := strings.Index(t, "effective as of "); i >= 0 {
			t = t[i+len("effective as of "):]
		}
		page.Effective, err = crtext.ParseDate(t)
		if err != nil {
			return nil, err
		}
	}
	rules := doc.Find(sel.Rule)
	if rules.Length() == 0 {
		return nil, &SelectorError{"rule", sel.Rule}
	}
	var ferr error
	rules.EachWithBreak(func(i int, s *goquery.Selection) bool {
		num := s.Find(sel.Number)
		if num.Length() == 0 {
			ferr = fmt.Errorf("rule element %d: %w", i+1, &SelectorError{"number", sel.Number})
			return false
		}
		n := strings.TrimSuffix(clean(num.First().Text()), ".")
		if _, _, ok := crtext.SplitNumber(n + " x"); !ok {
			ferr = fmt.Errorf("rule element %d: %q is not a rule number", i+1, n)
			return false
		}
		paras := s.Find(sel.Text)
		if paras.Length() == 0 {
			ferr = fmt.Errorf("rule %s: %w", n, &SelectorError{"text", sel.Text})
			return false
		}
		var parts []string
		paras.Each(func(_ int, p *goquery.Selection) {
			if t := clean(p.Text()); t != "" {
				parts = append(parts, t)
			}
		})
		if len(parts) == 0 {
			ferr = fmt.Errorf("rule %s has no text", n)
			return false
		}
		page.Rules = append(page.Rules, crtext.Rule{Number: n, Text: strings.Join(parts, " "), Line: i + 1})
		return true
	})
	if ferr != nil {
		return nil, ferr
	}
	return page, nil
}

// clean collapses whitespace (including no-break spaces) as a browser would.
func clean(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ")
}
