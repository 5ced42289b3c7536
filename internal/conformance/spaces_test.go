package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// spread is text with every space doubled, or a tab for it: what a
// card's text pasted by hand may hold, which reads as the text does.
func spread(text, space string) string { return strings.ReplaceAll(text, " ", space) }

// reading is what a keyword found says, its texts' spaces one each:
// its kind, name, use, form, where it is, printed variant and every
// parameter typed.
func reading(k keyword.Found) string {
	one := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	s := fmt.Sprintf("%s %s|%s|%s|%s|%v", k.Kind, k.Name(), one(k.Printed), k.Use, k.Form, k.Reminder)
	for i := range k.NumParams() {
		p := k.Param(i)
		s += fmt.Sprintf("|%s:%s %+v %q %s %v %s %+v %+v", p.Kind, one(p.Text), p.Number, one(p.Where), p.Cost, p.Mana, p.Subtype, p.Power, p.Toughness)
	}
	for _, n := range k.DatabaseNames(nil) {
		s += "|" + n.Name + " " + n.Rule
	}
	return s
}

// Words compare as tokens: on every face of both corpora, the text with
// every space doubled, and with a tab for each, reads as the text does,
// each keyword with the same parameters ("Double  strike" is the ability
// alone, no action Double; "Descend  4 — ..." keeps its ability word),
// the card's name, as card data gives it, found in it.
func TestSpacesReadAlike(t *testing.T) {
	for _, c := range cardTexts(t) {
		r := kwReader(t, c.asOf)
		var want, got []keyword.Found
		faces := 0
		for _, f := range c.faces {
			r.Name = f.name // as card data gives it, one space apart
			want = r.Append(want[:0], f.text)
			for _, space := range []string{"  ", "\t", " \t "} {
				got = r.Append(got[:0], spread(f.text, space))
				if len(got) != len(want) {
					t.Errorf("%s: %s with %q for each space: %d keywords, %d with one\n got %v\nwant %v", c.name, f.key, space, len(got), len(want), got, want)
					continue
				}
				for i := range got {
					if g, w := reading(got[i]), reading(want[i]); g != w {
						t.Errorf("%s: %s with %q for each space: %s, with one %s", c.name, f.key, space, g, w)
					}
				}
			}
			faces++
		}
		t.Logf("%s: %d faces read alike with doubled spaces and tabs", c.name, faces)
	}
}
