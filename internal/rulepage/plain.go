// Package rulepage reads rule pages: one rule and its subrules per page, as
// rules sites serve them, either as captured plain text or as HTML.
//
// Two plain-text forms exist. The English "Rules glossary" form numbers each
// subrule ("- 205.3a ...") and appends "(refs: ...)" notes. The Spanish form
// has no subrule letters: subrules follow a "Subreglas" line in order,
// "Ejemplo:" paragraphs belong to the subrule before them, and the page ends
// with site chrome that is not rule text. Letters are inferred by position,
// skipping l and o as the rules do; the caller checks them against the
// English rule.
package rulepage

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Page is one parsed rule page.
type Page struct {
	Rule  string        // the page's rule, "205.3"
	Title string        // "Subtypes", "Números y símbolos"
	Rules []crtext.Rule // the rule itself (if it has text) and its subrules
}

// SubruleLetters are the letters the rules use for subrules, in order: l and
// o are skipped so they are not read as 1 and 0.
const SubruleLetters = "abcdefghijkmnpqrstuvwxyz"

// chrome lines end the rule text of a page: what follows is the site's
// navigation and advertising. Matched as whole lines.
var chrome = []string{
	"Otras reglas de este apartado",
	"Pregunta al juez Pro",
	"Other rules in this section",
}

var (
	// "205.3. Subtipos", "205.3 Subtypes", "Regla 107.4 · Números y símbolos"
	headingRE = regexp.MustCompile(`^(?:Regla |Rule )?(\d{3}\.\d+)\.?\s*(?:·\s*)?(.*)$`)
	// "- 205.3a text"
	glossaryRE = regexp.MustCompile(`^-\s+(\d{3}\.\d+[a-z])\.?\s+(.*)$`)
	refsRE     = regexp.MustCompile(`\s*\(refs: [^)]*\)\s*$`)
)

// ParsePlain reads a plain-text rule page in either form.
func ParsePlain(b []byte) (*Page, error) {
	text, _, err := textenc.Decode(b)
	if err != nil {
		return nil, err
	}
	var lines []string
	var lineNos []int
	n := 0
	for l := range strings.Lines(text) {
		n++
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if isChrome(l) {
			break
		}
		lines = append(lines, l)
		lineNos = append(lineNos, n)
	}
	// The English glossary page starts with a "Rules glossary" banner.
	start := 0
	if len(lines) > 0 && strings.EqualFold(lines[0], "Rules glossary") {
		start = 1
	}
	if start >= len(lines) {
		return nil, fmt.Errorf("page is empty: expected a heading like \"205.3 Subtypes\"")
	}
	m := headingRE.FindStringSubmatch(lines[start])
	if m == nil {
		return nil, fmt.Errorf("line %d: expected a heading like \"205.3 Subtypes\" or \"Regla 107.4 · Título\", found %q", lineNos[start], crtext.Abbreviate(lines[start]))
	}
	p := &Page{Rule: m[1], Title: strings.TrimSpace(m[2])}
	body, bodyNos := lines[start+1:], lineNos[start+1:]
	if len(body) > 0 && glossaryRE.MatchString(body[0]) {
		return p, p.parseGlossary(body, bodyNos)
	}
	return p, p.parseUnlettered(body, bodyNos)
}

func isChrome(l string) bool {
	for _, c := range chrome {
		if l == c {
			return true
		}
	}
	return false
}

func (p *Page) parseGlossary(body []string, nos []int) error {
	if p.Title != "" {
		p.Rules = append(p.Rules, crtext.Rule{Number: p.Rule, Text: p.Title, Line: nos[0] - 1})
	}
	for i, l := range body {
		m := glossaryRE.FindStringSubmatch(l)
		if m == nil {
			return fmt.Errorf("line %d: expected a subrule line \"- %sa ...\", found %q", nos[i], p.Rule, crtext.Abbreviate(l))
		}
		if !strings.HasPrefix(m[1], p.Rule) || len(m[1]) != len(p.Rule)+1 {
			return fmt.Errorf("line %d: subrule %s is not a subrule of the page's rule %s", nos[i], m[1], p.Rule)
		}
		text := refsRE.ReplaceAllString(m[2], "")
		if err := p.appendSubrule(crtext.Rule{Number: m[1], Text: text, Line: nos[i]}); err != nil {
			return err
		}
	}
	return nil
}

func (p *Page) appendSubrule(r crtext.Rule) error {
	if n := len(p.Rules); n > 0 {
		prev := p.Rules[n-1].Number
		if prev != p.Rule && prev >= r.Number {
			return fmt.Errorf("line %d: subrule %s follows %s: subrules must be in order", r.Line, r.Number, prev)
		}
	}
	if strings.TrimSpace(r.Text) == "" {
		return fmt.Errorf("line %d: subrule %s has no text", r.Line, r.Number)
	}
	p.Rules = append(p.Rules, r)
	return nil
}

// Markers of the Spanish form.
const (
	subrulesMarker = "Subreglas"
	examplePrefix  = "Ejemplo:"
)

func (p *Page) parseUnlettered(body []string, nos []int) error {
	split := -1
	for i, l := range body {
		if l == subrulesMarker {
			split = i
			break
		}
	}
	if split < 0 {
		return fmt.Errorf("page %s: no %q line: cannot tell the rule from its subrules", p.Rule, subrulesMarker)
	}
	// Text before the marker is the rule's own text (107.4 has a list;
	// 205.3 has only its title).
	main := strings.Join(body[:split], " ")
	if main == "" {
		main = p.Title
	}
	if main != "" {
		line := 1
		if split > 0 {
			line = nos[0]
		}
		p.Rules = append(p.Rules, crtext.Rule{Number: p.Rule, Text: main, Line: line})
	}
	k := 0
	for i := split + 1; i < len(body); i++ {
		l := body[i]
		if strings.HasPrefix(l, examplePrefix) {
			n := len(p.Rules)
			if n == 0 || p.Rules[n-1].Number == p.Rule {
				return fmt.Errorf("line %d: %q paragraph before any subrule", nos[i], examplePrefix)
			}
			p.Rules[n-1].Text += " " + l
			continue
		}
		if k >= len(SubruleLetters) {
			return fmt.Errorf("line %d: more than %d subrules: letters run out", nos[i], len(SubruleLetters))
		}
		num := p.Rule + SubruleLetters[k:k+1]
		k++
		if err := p.appendSubrule(crtext.Rule{Number: num, Text: l, Line: nos[i]}); err != nil {
			return err
		}
	}
	if k == 0 {
		return fmt.Errorf("page %s: no subrules after %q", p.Rule, subrulesMarker)
	}
	return nil
}

// Subrules returns the number of lettered subrules on the page.
func (p *Page) Subrules() int {
	n := 0
	for _, r := range p.Rules {
		if r.Number != p.Rule {
			n++
		}
	}
	return n
}
