package extract

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The keyword actions a keyword action's rule defines it through: a
// subrule saying what the action means, quoted ("“Manifest dread” means
// “Look at the top two cards of your library. Manifest one of them, then
// put ...”", 701.62a), whose meaning has a sentence that opens with the
// verb of another keyword action, as an instruction: a card that does the
// one does the other, and card databases list both. A sentence that
// offers a choice ("Reveal a [quality] card ... or choose a [quality]
// permanent", 701.4a) or opens otherwise ("The next time [permanent]
// would be destroyed ...", 701.19a) does not.

// through records the keyword actions of names the subrule r of the
// action names[i] defines it through.
func through(r *crtext.Rule, names []string, i int, f *Facts) {
	eachMeaning(r.Text, names[i], func(meaning string) {
		for rest := meaning; rest != ""; {
			sentence, next, _ := strings.Cut(rest, ". ")
			rest = next
			if strings.Contains(sentence, " or ") {
				continue // a choice of what to do: "... or choose a [quality] permanent"
			}
			for j, n := range names {
				if j == i || !hasPrefixFold(sentence, n) || len(sentence) == len(n) || sentence[len(n)] != ' ' ||
					slices.ContainsFunc(f.Through[names[i]], func(k snapshot.KeywordForm) bool { return k.Form == n }) {
					continue
				}
				if f.Through == nil {
					f.Through = snapshot.KeywordForms{}
				}
				f.Through[names[i]] = append(f.Through[names[i]], snapshot.KeywordForm{Form: n, Rule: r.Number})
				f.Rules[r.Number] = r.Text
			}
		}
	})
}

// eachMeaning calls each with every meaning a rule's text gives the
// action name or a form of it: the quoted text after “[name ...]” means.
func eachMeaning(text, name string, each func(string)) {
	q := quotesOf(text)
	for i := 0; i < len(text); {
		open, width := q.opening(i)
		if open < 0 {
			return
		}
		end, closeWidth := q.closing(open + width)
		if end < 0 {
			return
		}
		phrase, after := text[open+width:end], text[end+closeWidth:]
		i = end + closeWidth
		rest, ok := strings.CutPrefix(after, " means ")
		if !ok || !hasPrefixFold(phrase, name) || len(phrase) > len(name) && phrase[len(name)] != ' ' {
			continue
		}
		r := quotesOf(rest)
		if o, w := r.opening(0); o == 0 {
			if e, _ := r.closing(w); e > 0 {
				each(rest[w:e])
			}
		}
	}
}
