package gen

import (
	"cmp"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/kwform"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The reader of card text finds each keyword by its first word: every
// word that begins a form of a keyword ability, a verb form of a keyword
// action, a designation, an ability word or a predefined token's name, each a token of kwform.Lex laid out as its key
// (kwform.Key), with the words after it. The words are a hash table (by
// kwform.Hash, the next slot on a collision) so that a line's word is
// looked up once, whatever begins with it.

// wordRef is one thing a word begins: the keyword's first release (the
// table's words are placed in the order the rules first listed them, so
// that a release adding a keyword moves no other word), its first word,
// and its literal in the table.
type wordRef struct {
	since, key string
	lit        jen.Code
}

// keywordWords emits the first words of the keywords (firstWords) and
// the forms that begin with no word (formsAnywhere: "[type]walk",
// "{N+}[abilities]"), tried on every keyword line's item.
func (m *Model) keywordWords(f *jen.File) {
	refs, anywhere := m.abilityRefs()
	refs = append(refs, m.actionRefs()...)
	refs = append(refs, m.nameRefs(snapshot.FactAbilityWords, "refAbilityWord", "word", jen.Id)...)
	refs = append(refs, m.nameRefs(snapshot.FactTokens, "refToken", "token", func(id string) *jen.Statement { return jen.Qual(ModulePath+"/token", id) })...)
	byKey := map[string][]jen.Code{}
	since := map[string]string{}
	for _, r := range refs {
		if s, ok := since[r.key]; !ok || r.since < s {
			since[r.key] = r.since
		}
		byKey[r.key] = append(byKey[r.key], r.lit)
	}
	keys := slices.Collect(func(yield func(string) bool) {
		for k := range byKey {
			if !yield(k) {
				return
			}
		}
	})
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(since[a], since[b]), strings.Compare(a, b)) })
	size := 1024
	for size < 2*len(keys) {
		size *= 2 // at most half full: a word not there is told in a slot or two
	}
	slots := make([]string, size)
	for _, k := range keys {
		i := kwform.Hash(k) & uint32(size-1)
		for slots[i] != "" {
			i = (i + 1) & uint32(size-1)
		}
		slots[i] = k
	}
	f.Comment("firstWords are the words that begin what the reader finds in card text (forms,")
	f.Comment("verbs, designations, ability words, tokens' names), by")
	f.Comment("kwform.Hash of the word's key, the next slot on a collision; each with what it")
	f.Comment("begins and the words after it.")
	f.Var().Id("firstWords").Op("=").Index(jen.Lit(size)).Id("firstWord").Add(rows(func(g *jen.Group) {
		for i, k := range slots {
			if k == "" {
				continue
			}
			refs := jen.Index().Id("ref").Values(byKey[k]...)
			if len(byKey[k]) > 1 {
				// A ref a line: a release adding one adds a line.
				refs = jen.Index().Id("ref").Add(lines(func(g *jen.Group) {
					for _, r := range byKey[k] {
						g.Add(r)
					}
				}))
			}
			g.Lit(i).Op(":").Values(field("key", jen.Lit(k)), field("refs", refs)).Op(",")
		}
	}))
	f.Comment("formsAnywhere are the forms that begin with a parameter or a symbol, tried on")
	f.Comment("every item of a keyword line.")
	f.Var().Id("formsAnywhere").Op("=").Index(jen.Op("...")).Id("ref").Add(rows(func(g *jen.Group) {
		for _, r := range anywhere {
			g.Add(r).Op(",")
		}
	}))
}

// abilityRefs are the first words of the keyword abilities' forms (an
// ability's name is its form's words, or their first), and the forms
// that begin with no word.
func (m *Model) abilityRefs() (refs []wordRef, anywhere []jen.Code) {
	l := m.Lists[snapshot.FactKeywordAbilities]
	for v, forms := range m.AbilityForms {
		if v == 0 {
			continue
		}
		val := l.Values[v-1]
		for i, fm := range forms {
			lit := jen.Values(field("kind", jen.Id("refForm")), field("ability", jen.Id(val.Ident)), field("form", jen.Lit(i)))
			if parts := kwform.Parse(fm.Text); parts[0].Kind == kwform.PartWord {
				refs = append(refs, wordRef{fm.Since, parts[0].Text, lit})
			} else {
				anywhere = append(anywhere, lit)
			}
		}
	}
	return refs, anywhere
}

// actionRefs are the first words of the keyword actions' verb forms
// (kwform.Verbs) and of the designations the keywords give.
func (m *Model) actionRefs() []wordRef {
	var refs []wordRef
	l := m.Lists[snapshot.FactKeywordActions]
	for _, val := range l.Values {
		for _, vb := range kwform.Verbs(val.EN) {
			words := kwform.Keys(vb.Text)
			fs := []jen.Code{field("kind", jen.Id("refVerb")), field("action", jen.Id(val.Ident))}
			if vb.Past {
				fs = append(fs, field("past", jen.True()))
			}
			refs = append(refs, wordRef{val.Since, words[0], jen.Values(append(fs, wordsField(words))...)})
		}
	}
	for _, d := range m.Designations {
		words := kwform.Keys(d.Word)
		fs := []jen.Code{field("kind", jen.Id("refDesignation"))}
		var val Value
		if d.Action {
			val = l.Values[d.Value-1]
			fs = append(fs, field("of", jen.Id("KindAction")), field("action", jen.Id(val.Ident)))
		} else {
			val = m.Lists[snapshot.FactKeywordAbilities].Values[d.Value-1]
			fs = append(fs, field("of", jen.Id("KindAbility")), field("ability", jen.Id(val.Ident)))
		}
		fs = append(fs, wordsField(words), field("rule", jen.Lit(d.Rule)))
		refs = append(refs, wordRef{val.Since, words[0], jen.Values(fs...)})
	}
	return refs
}

// nameRefs are the first words of the names of a list (ability words,
// predefined tokens), each a ref of kind, its value in field.
func (m *Model) nameRefs(fact, kind, fieldName string, ident func(string) *jen.Statement) []wordRef {
	var refs []wordRef
	for _, val := range m.Lists[fact].Values {
		words := kwform.Keys(val.EN)
		refs = append(refs, wordRef{val.Since, words[0], jen.Values(field("kind", jen.Id(kind)), field(fieldName, ident(val.Ident)), wordsField(words))})
	}
	return refs
}

// wordsField is the words of a name after its first, as keys; none for a
// name of one word.
func wordsField(words []string) jen.Code {
	if len(words) < 2 {
		return jen.Null()
	}
	var lits []jen.Code
	for _, w := range words[1:] {
		lits = append(lits, jen.Lit(w))
	}
	return field("words", jen.Index().String().Values(lits...))
}
