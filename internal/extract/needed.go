package extract

import (
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Needed reports whether facts may be read from a rule, by the title of
// its section: a reader of a whole release keeps only these rules, and
// Extract then finds each list by what introduces it. Of a section read
// for its titles only the titles are kept (701.2, not 701.2a), and of the
// keyword abilities' subrules those that can write a form (mayWriteForm).
func Needed(number, section, text string) bool {
	n, ok := neededIn.of(section)
	switch {
	case !ok:
		return hasLetter(number) && writesSymbolForm(text) // 721.2a: a keyword ability's symbol
	case n.whole || !hasLetter(number):
		return true
	}
	return n.forms && mayWriteForm(number, text)
}

// sectionNeed is what of a section the facts read: every rule (whole),
// or the titles and, of the keyword abilities, the subrules that may
// write a form.
type sectionNeed struct{ whole, forms bool }

// sectionNeeds maps each section a fact reads to what it reads of it;
// lengths has bit n set when a title of n bytes is one of them. A whole
// release asks for each of its 3,000 rules: a rule whose section's title
// has a length no needed title has is answered without a lookup.
type sectionNeeds struct {
	needs   map[string]sectionNeed
	lengths uint64
}

func (s *sectionNeeds) of(title string) (sectionNeed, bool) {
	if len(title) < 64 && s.lengths&(1<<len(title)) == 0 {
		return sectionNeed{}, false
	}
	n, ok := s.needs[title]
	return n, ok
}

// neededIn is made once, from the registry, when the package starts.
var neededIn = func() *sectionNeeds {
	out := &sectionNeeds{needs: map[string]sectionNeed{SectionCost: {whole: true}}}
	for _, f := range snapshot.Registry {
		for _, title := range append([]string{f.Section}, f.Also...) {
			n := out.needs[title]
			n.whole = n.whole || f.Read != snapshot.SectionTitles
			n.forms = n.forms || f.Name == snapshot.FactKeywordAbilities || f.Name == snapshot.FactKeywordActions
			out.needs[title] = n
		}
	}
	for title := range out.needs {
		if len(title) < 64 {
			out.lengths |= 1 << len(title)
		}
	}
	return out
}()
