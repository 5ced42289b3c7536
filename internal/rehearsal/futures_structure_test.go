package rehearsal

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Changes of the structure of the lists: renames, moves, categories
// added, renamed and dropped, mana groups, translations, rewordings.

func renameName(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	type cand struct{ key, name string }
	var cands []cand
	for _, c := range w.editable(2) {
		for _, n := range w.want[c] {
			if !strings.Contains(n, " ") && w.mentioned(n, w.rule[c]) && w.listsHolding(n) == 1 && !w.inAnotherName(n) {
				cands = append(cands, cand{c, n})
			}
		}
	}
	cats := w.categories()
	for _, ct := range w.want[snapshot.FactCardTypes] {
		if !slices.Contains(cats, ct) && w.mentioned(ct, "205.2a") && w.listsHolding(ct) == 1 && !w.readWhole(ct) {
			cands = append(cands, cand{snapshot.FactCardTypes, ct})
		}
	}
	if len(cands) == 0 {
		return ""
	}
	c := pick(r, cands)
	to := p.name(c.key == snapshot.FactCardTypes)
	w.renameEverywhere(t, c.name, to)
	// Spanish keeps its word for the name, unless it printed the English
	// one (Dalek, Jace): then it prints the new English name too.
	if es, ok := w.spanish[c.key][c.name]; ok && es != c.name {
		w.spanish[c.key][to] = es
	}
	s.names += 2
	s.lists++
	return c.key + " " + c.name + " → " + to
}

// readWhole reports whether card type ct has subtypes of several words,
// read whole after the dash (Plane: 205.3b). The type-line parser knows
// that card type by its constant, so a future leaves its name alone.
func (w *world) readWhole(ct string) bool {
	for _, c := range w.categories() {
		if hasWord(w.en[w.rule[c]], title(ct)+"s") && slices.ContainsFunc(w.want[c], func(n string) bool { return strings.Contains(n, " ") }) && c != "creature" {
			return true
		}
	}
	return false
}

// inAnotherName reports whether word is a word of a name of several
// words ("Time" of "Time Lord"): renaming it would rename that one too.
func (w *world) inAnotherName(word string) bool {
	for _, names := range w.want {
		for _, n := range names {
			if n != word && strings.Contains(n, " ") && hasWord(n, word) {
				return true
			}
		}
	}
	return false
}

// listsHolding counts the English lists holding name.
func (w *world) listsHolding(name string) int {
	n := 0
	for _, names := range w.want {
		if slices.Contains(names, name) {
			n++
		}
	}
	return n
}

// renameEverywhere renames a word in every list and rule text (plural
// too: "vanguards").
func (w *world) renameEverywhere(t *testing.T, from, to string) {
	for k, names := range w.want {
		for i, n := range names {
			if n == from {
				w.want[k][i] = to
			}
		}
	}
	for n, text := range w.en {
		if strings.HasPrefix(n, "205.") { // the Type Line: 107.4's "Phyrexian" is no creature type
			w.en[n] = replaceWord(replaceWord(text, from+"s", to+"s"), from, to)
		}
	}
	// The word may be part of a name of another list ("The Dalek
	// Asylum"): the lists are printed again from what they hold.
	for k := range w.want {
		if k == snapshot.FactMana || w.rule[k] == "" && k != snapshot.FactCardTypes && k != snapshot.FactSupertypes {
			continue
		}
		w.setEnglishList(t, k)
	}
}

func moveName(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	from := w.editable(5)
	if len(from) == 0 {
		return ""
	}
	a := pick(r, from)
	to := slices.DeleteFunc(w.editable(1), func(c string) bool { return c == a })
	if len(to) == 0 {
		return ""
	}
	b := pick(r, to)
	var movable []string
	for _, n := range w.want[a] {
		if !strings.Contains(n, " ") && !w.mentioned(n, w.rule[a]) && w.listsHolding(n) == 1 {
			movable = append(movable, n)
		}
	}
	if len(movable) == 0 {
		return ""
	}
	n := pick(r, movable)
	w.want[a] = slices.DeleteFunc(w.want[a], func(x string) bool { return x == n })
	w.want[b] = insert(r, w.want[b], n)
	w.setEnglishList(t, a)
	w.setEnglishList(t, b)
	if es, ok := w.spanish[a][n]; ok {
		if w.spanish[b] == nil {
			w.spanish[b] = map[string]string{}
		}
		w.spanish[b][n] = es
	}
	s.names += 2
	s.lists += 2
	return n + " moves from the " + a + " to the " + b + " types"
}

// lastSubrule is the last subrule of 205.3.
func (w *world) lastSubrule() string {
	var subs []string
	for n := range w.en {
		if isSubrule(n, "205.3") {
			subs = append(subs, n)
		}
	}
	return sortRules(subs)[len(subs)-1]
}

func newCategory(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	word := p.name(true)
	var names []string
	for range 1 + r.IntN(3) {
		names = append(names, p.name(false))
	}
	// The category takes the place of the last subrule when that one
	// lists nothing (the card types without subtypes), which moves down a
	// letter, as when the battle types came in 2023.
	at := w.lastSubrule()
	if w.categoryOf(at) == "" {
		next := nextLetter(t, at)
		w.en[next], w.es[next] = w.en[at], w.es[at]
	} else {
		at = nextLetter(t, at)
	}
	w.want[snapshot.FactCardTypes] = insert(r, w.want[snapshot.FactCardTypes], word)
	w.setEnglishList(t, snapshot.FactCardTypes)
	w.want[word], w.rule[word] = names, at
	w.en[at] = title(word) + "s have their own unique set of subtypes; these subtypes are called " + word + " types. The " + word + " types are " + printList(names, "and") + "."
	w.esWords[word] = "de " + word + "ón"
	var es []string
	for _, n := range names {
		es = append(es, w.translate(word, n))
	}
	w.es[at] = "Los " + word + "ones tienen su propio conjunto único de subtipos; estos subtipos se llaman tipos " + w.esWords[word] + ". Los tipos " + w.esWords[word] + " son " + printList(es, "y") + "."
	s.categories++
	s.names += len(names) + 1
	s.lists += 2
	return "category " + word + " (" + at + "): " + strings.Join(names, ", ")
}

// A category renamed with its card type (tribal became kindred in
// 2024; a category word can go the same way): its names move to the new
// category. Like dropCategory, it takes a category of a few names (as
// dungeon and battle, or one a future added): the lands and the
// creatures of every card printed are not what a release renames.
func renameCategory(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	var cands []string
	for _, c := range w.categories() {
		if slices.Contains(w.want[snapshot.FactCardTypes], c) && len(w.want[c]) <= 3 && hasWord(w.en[w.rule[c]], title(c)+"s") {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	c := pick(r, cands)
	to := p.name(true)
	rule := w.rule[c]
	w.want[to], w.rule[to] = w.want[c], rule
	delete(w.want, c)
	delete(w.rule, c)
	w.renameEverywhere(t, c, to)
	w.esWords[to] = "de " + to + "ón"
	w.es[rule] = strings.ReplaceAll(w.es[rule], w.esWords[c], w.esWords[to])
	w.spanish[to] = w.spanish[c]
	s.categories++
	s.names += 2 + len(w.want[to])
	s.lists += 3
	return "category " + c + " renamed " + to
}

func dropCategory(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	var cands []string
	for _, c := range w.categories() {
		if len(w.want[c]) <= 3 && slices.Contains(s.before, c) && !slices.ContainsFunc(w.want[c], func(n string) bool { return w.mentioned(n, w.rule[c]) }) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 || s.dropped != "" {
		return ""
	}
	c := pick(r, cands)
	gone := w.rule[c]
	// The subrules after it move up a letter.
	var after []string
	for n := range w.en {
		if isSubrule(n, "205.3") && snapshot.RuleLess(gone, n) {
			after = append(after, n)
		}
	}
	prev := gone
	for _, n := range sortRules(after) {
		w.en[prev], w.es[prev] = w.en[n], w.es[n]
		if k := w.categoryOf(n); k != "" {
			w.rule[k] = prev
		}
		prev = n
	}
	delete(w.en, prev)
	delete(w.es, prev)
	s.names += len(w.want[c])
	delete(w.want, c)
	delete(w.rule, c)
	s.dropped = c
	s.lists += 3 // its list, the categories, the card types' categories
	return "category " + c + " dropped (" + gone + ")"
}

// manaGroups a release may add: symbols of parts 107.4 gives a meaning,
// in a clause of their own or added to the Phyrexian clause.
var manaGroups = []struct {
	phrase  string
	symbols []string
}{
	{"the colorless Phyrexian symbol", []string{"{C/P}"}},
	{"the colorless hybrid Phyrexian symbols", []string{"{C/W/P}", "{C/U/P}", "{C/B/P}", "{C/R/P}", "{C/G/P}"}},
}

func newManaGroup(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	key, text := snapshot.FactMana, w.en[w.mana]
	for _, g := range manaGroups {
		if slices.ContainsFunc(g.symbols, func(sym string) bool { return slices.Contains(w.want[key], sym) }) {
			continue
		}
		last := strings.LastIndex(text, "; and ")
		if last < 0 {
			t.Fatalf("107.4 has no last clause: %q", text)
		}
		tail := strings.Count(text[last:], "{")
		if r.IntN(2) == 0 || len(g.symbols) > 1 {
			w.en[w.mana] = text[:last] + "; " + g.phrase + " " + printList(g.symbols, "and") + text[last:]
			w.want[key] = slices.Insert(w.want[key], len(w.want[key])-tail, g.symbols...)
		} else {
			// Into the Phyrexian clause, after its last symbol.
			clause := clauseOf(t, text, "the Phyrexian mana symbols ")
			lastSym := clause[strings.LastIndex(clause, "{"):]
			w.en[w.mana] = strings.Replace(text, ", and "+lastSym, ", "+lastSym+", and "+g.symbols[0], 1)
			i := slices.Index(w.want[key], lastSym)
			w.want[key] = slices.Insert(w.want[key], i+1, g.symbols[0])
		}
		s.names += len(g.symbols)
		s.lists++
		return "mana symbols +" + strings.Join(g.symbols, " ")
	}
	return ""
}

func retranslate(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	type cand struct{ c, en string }
	var cands []cand
	for _, c := range w.categories() {
		for _, n := range w.want[c] {
			if _, ok := w.spanish[c][n]; ok && !strings.Contains(n, " ") {
				cands = append(cands, cand{c, n})
			}
		}
	}
	if len(cands) == 0 {
		return ""
	}
	x := pick(r, cands)
	es := p.fresh()
	old := w.spanish[x.c][x.en]
	w.spanish[x.c][x.en] = es
	s.spanish = true
	s.names++ // the spelling out; the one in counts as a Spanish name
	s.lists++
	return "Spanish " + x.c + " " + x.en + ": " + old + " → " + es
}

// reword makes the probe release: this step's rules with one list
// sentence worded as no release has, which must be refused naming what
// was expected, nothing written.
func reword(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w.clone()
	cats := w.editable(4)
	if r.IntN(3) == 0 || len(cats) == 0 {
		w.en["205.2a"] = strings.Replace(w.en["205.2a"], "The card types are ", "Card types include ", 1)
		s.refuseWords = `no rule says "The card types are ..."`
	} else {
		c := pick(r, cats)
		rule := w.rule[c]
		for _, f := range englishIntro {
			w.en[rule] = strings.Replace(w.en[rule], strings.ReplaceAll(f, "%s", c), "Among the subtypes of this kind are ", 1)
		}
		s.refuseWords = "rule " + rule + ": sentence"
	}
	s.refuse = w.englishTXT(t)
	return "a list sentence reworded (" + s.refuseWords + ")"
}

// newKeyword adds a keyword as the rules have added each: an action (701)
// or an ability (702) in a section of its own after the chapter's last,
// titled by its name, or an ability word to the list of 207.2c.
func newKeyword(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	s.names++
	s.lists++
	if r.IntN(3) == 0 {
		key := snapshot.FactAbilityWords
		n := p.name(true)
		i, _ := slices.BinarySearch(w.want[key], n)
		w.want[key] = slices.Insert(w.want[key], i, n)
		w.setEnglishList(t, key)
		return "ability word +" + n
	}
	key, noun := snapshot.FactKeywordActions, "keyword action"
	if r.IntN(2) == 0 {
		key, noun = snapshot.FactKeywordAbilities, "keyword ability"
	}
	chapter := snapshot.FactNamed(key).Rule
	last := 0
	for num := range w.en {
		if rest, ok := strings.CutPrefix(num, chapter+"."); ok {
			if k, err := strconv.Atoi(rest); err == nil && k > last {
				last = k
			}
		}
	}
	num := chapter + "." + strconv.Itoa(last+1)
	n := p.name(false)
	w.en[num] = n
	w.en[num+"a"] = n + " is a " + noun + "."
	w.want[key] = append(w.want[key], n)
	return noun + " +" + n + " (" + num + ")"
}
