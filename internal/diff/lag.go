package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Lag is how far the Spanish rules are behind the English ones: English
// publishes first, so after an update some English names have no Spanish
// partner yet, and the Spanish page may still list names English dropped.
// Neither stops a refresh; both are worth a reviewer's eye.
type Lag struct {
	EN, ES Ref `json:"-"`
	// Untranslated maps a list to the English names no Spanish source
	// pairs yet, in rule order.
	Untranslated map[string][]string `json:"untranslated"`
	// Dropped maps a list to the Spanish pairs whose English name the
	// English rules no longer list.
	Dropped map[string][]snapshot.Pair `json:"dropped"`
}

// SpanishLag compares the current English and Spanish snapshots.
func SpanishLag(en, es *snapshot.Snapshot) *Lag {
	l := &Lag{EN: Ref{en.Lang, en.Effective}, ES: Ref{es.Lang, es.Effective},
		Untranslated: map[string][]string{}, Dropped: map[string][]snapshot.Pair{}}
	for _, k := range snapshot.Lists() {
		pairs, ok := es.PairingEN[k]
		if !ok || !en.Carries(k) {
			continue // no Spanish source covers the list: nothing to compare
		}
		paired := map[string]bool{}
		for _, p := range pairs {
			paired[p.EN] = true
		}
		current := en.List(k)
		for _, n := range current {
			if !paired[n] {
				l.Untranslated[k] = append(l.Untranslated[k], n)
			}
		}
		for _, p := range pairs {
			if !slices.Contains(current, p.EN) {
				l.Dropped[k] = append(l.Dropped[k], p)
			}
		}
	}
	return l
}

// Empty reports whether Spanish is level with English.
func (l *Lag) Empty() bool { return len(l.Untranslated) == 0 && len(l.Dropped) == 0 }

// Lines describes the lag, one line per list, for logs and reports:
// "no Spanish name yet for: Aardwolf (creature types)".
func (l *Lag) Lines() []string {
	var out []string
	for _, k := range snapshot.Lists() {
		if names := l.Untranslated[k]; len(names) > 0 {
			out = append(out, fmt.Sprintf("no Spanish name yet for: %s (%s)", strings.Join(names, ", "), Label(k)))
		}
	}
	for _, k := range snapshot.Lists() {
		for _, p := range l.Dropped[k] {
			out = append(out, fmt.Sprintf("the Spanish rules still list %s for %s, which the English %s no longer list", p.ES, p.EN, Label(k)))
		}
	}
	return out
}

// Markdown writes the lag as a section of a pull-request report.
func (l *Lag) Markdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Spanish: %s against English %s\n\n", md(l.ES.String()), md(l.EN.String()))
	if l.Empty() {
		b.WriteString("Every English name has its Spanish partner.\n")
	}
	for _, line := range l.Lines() {
		fmt.Fprintf(&b, "- %s\n", md(line))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Text writes the lag for a terminal.
func (l *Lag) Text(w io.Writer) error {
	var b strings.Builder
	for _, line := range l.Lines() {
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON writes the lag for machines; every section present.
func (l *Lag) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		EN Ref `json:"en"`
		ES Ref `json:"es"`
		*Lag
	}{l.EN, l.ES, l})
}

// summary counts the lag in one line, naming the first names: "4 English
// names have no Spanish name yet (Aardwolf, Quokka, …); the Spanish rules
// still list 2 names the English dropped (Escorpión, fenómeno)".
func (l *Lag) summary() string {
	var untranslated, dropped []string
	for _, k := range snapshot.Lists() {
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
