package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mtgrules/crgen/internal/diff"
)

// Lines describes the lag, one line per list, for logs and reports:
// "no Spanish name yet for: Aardwolf (creature types)".
func LagLines(l *diff.Lag) []string {
	var out []string
	for _, k := range l.Lists() {
		if names := l.Untranslated[k]; len(names) > 0 {
			out = append(out, fmt.Sprintf("no Spanish name yet for: %s (%s)", strings.Join(names, ", "), Label(k)))
		}
	}
	for _, k := range l.Lists() {
		for _, p := range l.Dropped[k] {
			out = append(out, fmt.Sprintf("the Spanish rules still list %s for %s, which the English %s no longer list", p.ES, p.EN, Label(k)))
		}
	}
	for _, k := range l.NoSource {
		out = append(out, Label(k)+": no Spanish source")
	}
	return out
}

// Markdown writes the lag as a section of a pull-request report.
func LagMarkdown(w io.Writer, l *diff.Lag) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Spanish: %s against English %s\n\n", md(l.ES.String()), md(l.EN.String()))
	if l.Empty() {
		b.WriteString("Every English name of the lists a Spanish source gives has its Spanish partner.\n")
	}
	for _, line := range LagLines(l) {
		fmt.Fprintf(&b, "- %s\n", md(line))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Text writes the lag for a terminal.
func LagText(w io.Writer, l *diff.Lag) error {
	var b strings.Builder
	for _, line := range LagLines(l) {
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON writes the lag for machines; every section present.
func LagJSON(w io.Writer, l *diff.Lag) error {
	return encode(w, struct {
		EN diff.Ref `json:"en"`
		ES diff.Ref `json:"es"`
		*diff.Lag
	}{l.EN, l.ES, lagJSON(l)})
}

// lagJSON is l with every section present: [] and {}, never null
// (schemas/report.schema.json). A nil lag stays nil.
func lagJSON(l *diff.Lag) *diff.Lag {
	if l == nil {
		return nil
	}
	c := *l
	c.Untranslated, c.Dropped, c.NoSource = orEmptyMap(c.Untranslated), orEmptyMap(c.Dropped), orEmpty(c.NoSource)
	return &c
}

// summary counts the lag in one line, naming the first names: "4 English
// names have no Spanish name yet (Aardwolf, Quokka, …); the Spanish rules
// still list 2 names the English dropped (Escorpión, fenómeno)".
func lagSummary(l *diff.Lag) string {
	var untranslated, dropped []string
	for _, k := range l.Lists() {
		untranslated = append(untranslated, l.Untranslated[k]...)
		for _, p := range l.Dropped[k] {
			dropped = append(dropped, p.ES)
		}
	}
	var parts []string
	if n := len(untranslated); n > 0 {
		parts = append(parts, fmt.Sprintf("%d English %s no Spanish name yet (%s)", n, pluralWord(n, "name has", "names have"), firstNames(untranslated)))
	}
	if n := len(dropped); n > 0 {
		parts = append(parts, fmt.Sprintf("the Spanish rules still list %d %s the English dropped (%s)", n, pluralWord(n, "name", "names"), firstNames(dropped)))
	}
	return strings.Join(parts, "; ")
}

// firstNames is up to four names, escaped, then "…".
func firstNames(names []string) string {
	if len(names) > 4 {
		return mdList(names[:4]) + ", …"
	}
	return mdList(names)
}
