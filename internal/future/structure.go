package future

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Changes of the structure of the lists: renames, moves, categories
// added, renamed and dropped, mana groups, keywords, translations,
// rewordings.

func renameName(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	type cand struct{ key, name string }
	var cands []cand
	for _, c := range w.editable(2) {
		for _, n := range w.Want[c] {
			if !strings.Contains(n, " ") && w.mentioned(n, w.Rule[c]) && w.listsHolding(n) == 1 && !w.inAnotherName(n) {
				cands = append(cands, cand{c, n})
			}
		}
	}
	cats := w.Categories()
	for _, ct := range w.Want[snapshot.FactCardTypes] {
		if !slices.Contains(cats, ct) && w.mentioned(ct, "205.2a") && w.listsHolding(ct) == 1 && !w.readWhole(ct) {
			cands = append(cands, cand{snapshot.FactCardTypes, ct})
		}
	}
	if len(cands) == 0 {
		return ""
	}
	c := pick(r, cands)
	to := p.name(c.key == snapshot.FactCardTypes)
	lists := w.renameEverywhere(c.name, to)
	// Spanish keeps its word for the name, unless it printed the English
	// one (Dalek, Jace): then it prints the new English name too.
	if es, ok := w.Spanish[c.key][c.name]; ok && es != c.name {
		w.Spanish[c.key][to] = es
	}
	s.Names += 2 * lists
	s.Lists += lists
	return c.key + " " + c.name + " → " + to
}

// readWhole reports whether card type ct has subtypes of several words,
// read whole after the dash (Plane: 205.3b). The type-line parser knows
// that card type by its constant, so a future leaves its name alone.
func (w *World) readWhole(ct string) bool {
	for _, c := range w.Categories() {
		if hasWord(w.EN[w.Rule[c]], title(ct)+"s") && slices.ContainsFunc(w.Want[c], func(n string) bool { return strings.Contains(n, " ") }) && c != "creature" {
			return true
		}
	}
	return false
}

// inAnotherName reports whether word is a word of a name of several
// words ("Time" of "Time Lord"): renaming it would rename that one too.
func (w *World) inAnotherName(word string) bool {
	for _, names := range w.Want {
		for _, n := range names {
			if n != word && strings.Contains(n, " ") && hasWord(n, word) {
				return true
			}
		}
	}
	return false
}

// listsHolding counts the English lists holding name.
func (w *World) listsHolding(name string) int {
	n := 0
	for _, names := range w.Want {
		if slices.Contains(names, name) {
			n++
		}
	}
	return n
}

// renameEverywhere renames a word in every list and rule text of the Type
// Line (plural too: "vanguards"), and in the lists that name it elsewhere
// (the permanent types of 110.4, a predefined token's types); it returns
// how many lists held it, each a rename the release's diff shows.
func (w *World) renameEverywhere(from, to string) (lists int) {
	for k, names := range w.Want {
		for i, n := range names {
			if n == from {
				w.Want[k][i] = to
				lists++
			}
		}
	}
	for n, text := range w.EN {
		// The Type Line (107.4's "Phyrexian" is no creature type), and the
		// predefined tokens, which name their types (an Incubator's back
		// face is a Phyrexian artifact creature): the rules rename a name
		// wherever they use it as one.
		if chapterOf(n) == chapterOf(w.Subtypes) || w.Tokens != "" && strings.HasPrefix(n, w.Tokens) {
			w.EN[n] = w.renameIn(text, from, to)
		}
	}
	// The word may be part of a name of another list ("The Dalek
	// Asylum"): the lists are printed again from what they hold.
	for k := range w.Want {
		_, sentence := w.Lists[k] // the permanent types of 110.4 name the card types
		if k == snapshot.FactMana || w.Rule[k] == "" && !sentence && k != snapshot.FactCardTypes && k != snapshot.FactSupertypes {
			continue
		}
		w.setEnglishList(k)
	}
	return lists
}

// renameIn renames a name where a rule uses it as one, not inside
// another name of a list: the card type wicked renamed leaves the Wicked
// Role its name, the category lord renamed leaves Time Lord his.
func (w *World) renameIn(text, from, to string) string {
	var kept []string
	for _, names := range w.Want {
		for _, t := range names {
			if t != from && hasWord(strings.ToLower(t), strings.ToLower(from)) && strings.Contains(text, t) && !slices.Contains(kept, t) {
				kept = append(kept, t)
			}
		}
	}
	slices.SortFunc(kept, func(a, b string) int { return len(b) - len(a) }) // the longer first
	for i, t := range kept {
		text = strings.ReplaceAll(text, t, "\x00"+strconv.Itoa(i)+"\x00")
	}
	text = replaceWord(replaceWord(text, from+"s", to+"s"), from, to)
	for i, t := range kept {
		text = strings.ReplaceAll(text, "\x00"+strconv.Itoa(i)+"\x00", t)
	}
	return text
}

func moveName(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
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
	for _, n := range w.Want[a] {
		if !strings.Contains(n, " ") && !w.mentioned(n, w.Rule[a]) && w.listsHolding(n) == 1 {
			movable = append(movable, n)
		}
	}
	if len(movable) == 0 {
		return ""
	}
	n := pick(r, movable)
	w.Want[a] = slices.DeleteFunc(w.Want[a], func(x string) bool { return x == n })
	w.Want[b] = insert(r, w.Want[b], n)
	w.setEnglishList(a)
	w.setEnglishList(b)
	if es, ok := w.Spanish[a][n]; ok {
		if w.Spanish[b] == nil {
			w.Spanish[b] = map[string]string{}
		}
		w.Spanish[b][n] = es
	}
	s.Names += 2
	s.Lists += 2
	return n + " moves from the " + a + " to the " + b + " types"
}

// lastSubrule is the last subrule of 205.3.
func (w *World) lastSubrule() string {
	subs := w.SubtypeSubrules()
	return subs[len(subs)-1]
}

// AddCategory adds a subtype category to the world, as the battle types
// came in 2023: card type word in 205.2a (before its last), its list of
// names in a subrule of its own, which takes the place of the last
// subrule of 205.3 when that one lists nothing (the card types without
// subtypes), moving it down a letter. It returns the category's subrule.
// Spanish has not translated it: its page, when one is rendered,
// translates it in new words.
func (w *World) AddCategory(word string, names []string) (rule string, err error) {
	defer catch(&err)
	return w.addCategory(word, names, nil), nil
}

func (w *World) addCategory(word string, names []string, r *rand.Rand) string {
	at := w.lastSubrule()
	if w.CategoryOf(at) == "" {
		next := nextLetter(at)
		w.EN[next] = w.EN[at]
		if es, ok := w.ES[at]; ok {
			w.ES[next] = es
			delete(w.ES, at)
		}
	} else {
		at = nextLetter(at)
	}
	if r != nil {
		w.Want[snapshot.FactCardTypes] = insert(r, w.Want[snapshot.FactCardTypes], word)
	} else {
		cts := w.Want[snapshot.FactCardTypes]
		w.Want[snapshot.FactCardTypes] = slices.Insert(cts, max(0, len(cts)-1), word)
	}
	w.setEnglishList(snapshot.FactCardTypes)
	w.Want[word], w.Rule[word] = names, at
	w.EN[at] = title(word) + "s have their own unique set of subtypes; these subtypes are called " + word + " types. The " + word + " types are " + PrintList(names, "and") + "."
	return at
}

func newCategory(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	word := p.name(true)
	var names []string
	for range 1 + r.IntN(3) {
		// Names no rule mentions, so that a later release of the future
		// can drop or rename the category on any tree (dropCategory
		// leaves a category whose names other rules mention): the pool's
		// words also come from the tests ("Ability").
		n := p.name(false)
		for w.mentioned(n, "") {
			n = p.name(false)
		}
		names = append(names, n)
	}
	at := w.addCategory(word, names, r)
	// Spanish translates it with the release, in words of its own.
	w.ES[at] = w.spanishCategory(word)
	s.Categories++
	s.Names += len(names) + 1
	s.Lists += 2
	return "category " + word + " (" + at + "): " + strings.Join(names, ", ")
}

// A category renamed with its card type (tribal became kindred in
// 2024; a category word can go the same way): its names move to the new
// category. Like dropCategory, it takes a category of a few names (as
// dungeon and battle, or one a future added): the lands and the
// creatures of every card printed are not what a release renames.
func renameCategory(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	var cands []string
	for _, c := range w.Categories() {
		if slices.Contains(w.Want[snapshot.FactCardTypes], c) && len(w.Want[c]) <= 3 && hasWord(w.EN[w.Rule[c]], title(c)+"s") {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	c := pick(r, cands)
	to := p.name(true)
	rule := w.Rule[c]
	w.Want[to], w.Rule[to] = w.Want[c], rule
	delete(w.Want, c)
	delete(w.Rule, c)
	lists := w.renameEverywhere(c, to) // the card type, and the permanent type
	if words, ok := w.ESWords[c]; ok {
		w.ESWords[to] = "de " + to + "ón"
		w.ES[rule] = strings.ReplaceAll(w.ES[rule], words, w.ESWords[to])
	}
	w.Spanish[to] = w.Spanish[c]
	s.Categories++
	s.Names += 2*lists + len(w.Want[to])
	s.Lists += 2 + lists
	return "category " + c + " renamed " + to
}

func dropCategory(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	var cands []string
	for _, c := range w.Categories() {
		if len(w.Want[c]) <= 3 && slices.Contains(s.Before, c) && !slices.ContainsFunc(w.Want[c], func(n string) bool { return w.mentioned(n, w.Rule[c]) }) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 || s.Dropped != "" {
		return ""
	}
	c := pick(r, cands)
	gone := w.Rule[c]
	// The subrules after it move up a letter.
	var after []string
	for n := range w.EN {
		if IsSubrule(n, w.Subtypes) && snapshot.RuleLess(gone, n) {
			after = append(after, n)
		}
	}
	prev := gone
	for _, n := range SortRules(after) {
		w.EN[prev] = w.EN[n]
		if es, ok := w.ES[n]; ok {
			w.ES[prev] = es
		} else {
			delete(w.ES, prev)
		}
		if k := w.CategoryOf(n); k != "" {
			w.Rule[k] = prev
		}
		prev = n
	}
	delete(w.EN, prev)
	delete(w.ES, prev)
	s.Names += len(w.Want[c])
	delete(w.Want, c)
	delete(w.Rule, c)
	s.Dropped = c
	s.Categories++ // its type deprecated, its tables emptied
	s.Lists += 3   // its list, the categories, the card types' categories
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

func newManaGroup(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	key, text := snapshot.FactMana, w.EN[w.Mana]
	for _, g := range manaGroups {
		if slices.ContainsFunc(g.symbols, func(sym string) bool { return slices.Contains(w.Want[key], sym) }) {
			continue
		}
		last := strings.LastIndex(text, "; and ")
		if last < 0 {
			failf("%s has no last clause: %q", w.Mana, text)
		}
		tail := strings.Count(text[last:], "{")
		if r.IntN(2) == 0 || len(g.symbols) > 1 {
			w.EN[w.Mana] = text[:last] + "; " + g.phrase + " " + PrintList(g.symbols, "and") + text[last:]
			w.Want[key] = slices.Insert(w.Want[key], len(w.Want[key])-tail, g.symbols...)
		} else {
			// Into the Phyrexian clause, after its last symbol.
			clause := ClauseOf(text, "the Phyrexian mana symbols ")
			lastSym := clause[strings.LastIndex(clause, "{"):]
			w.EN[w.Mana] = strings.Replace(text, ", and "+lastSym, ", "+lastSym+", and "+g.symbols[0], 1)
			i := slices.Index(w.Want[key], lastSym)
			w.Want[key] = slices.Insert(w.Want[key], i+1, g.symbols[0])
		}
		s.Names += len(g.symbols)
		s.Lists++
		return "mana symbols +" + strings.Join(g.symbols, " ")
	}
	return ""
}

// ClauseOf is the clause of the mana symbols rule that begins with intro,
// up to its ";", or "" when it has none.
func ClauseOf(rule, intro string) string {
	_, rest, ok := strings.Cut(rule, intro)
	if !ok {
		return ""
	}
	clause, _, _ := strings.Cut(rest, ";")
	return clause
}

func retranslate(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	type cand struct{ c, en string }
	var cands []cand
	for _, c := range w.Categories() {
		for _, n := range w.Want[c] {
			if _, ok := w.Spanish[c][n]; ok && !strings.Contains(n, " ") {
				cands = append(cands, cand{c, n})
			}
		}
	}
	if len(cands) == 0 {
		return ""
	}
	x := pick(r, cands)
	es := p.fresh()
	old := w.Spanish[x.c][x.en]
	w.Spanish[x.c][x.en] = es
	s.Spanish = true
	s.Names++ // the spelling out; the one in counts as a Spanish name
	s.Lists++
	return "Spanish " + x.c + " " + x.en + ": " + old + " → " + es
}

// reword makes the probe release: this step's rules with one list
// sentence worded as no release has, which must be refused naming what
// was expected, nothing written.
func reword(r *rand.Rand, p *pool, s *Step) string {
	w := s.W.Clone()
	cats := w.editable(4)
	if r.IntN(3) == 0 || len(cats) == 0 {
		w.EN["205.2a"] = strings.Replace(w.EN["205.2a"], "The card types are ", "Card types include ", 1)
		s.RefuseWords = `no rule says "The card types are ..."`
	} else {
		c := pick(r, cats)
		rule := w.Rule[c]
		for _, f := range englishIntro {
			w.EN[rule] = strings.Replace(w.EN[rule], strings.ReplaceAll(f, "%s", c), "Among the subtypes of this kind are ", 1)
		}
		s.RefuseWords = "rule " + rule + ": sentence"
	}
	txt, err := w.EnglishTXT()
	if err != nil {
		failf("the reworded release: %v", err)
	}
	s.Refuse = txt
	return "a list sentence reworded (" + s.RefuseWords + ")"
}

// newKeyword adds a keyword as the rules have added each: an action (701)
// or an ability (702) in a section of its own after the chapter's last,
// titled by its name, or an ability word to the list of 207.2c.
func newKeyword(r *rand.Rand, p *pool, s *Step) string {
	key := snapshot.FactKeywordActions
	switch r.IntN(6) {
	case 0, 1:
		key = snapshot.FactAbilityWords
	case 2, 3:
		key = snapshot.FactKeywordAbilities
	}
	return newKeywordOf(p, s, key)
}

func newKeywordOf(p *pool, s *Step, key string) string {
	w := s.W
	s.Names++
	s.Lists++
	if key == snapshot.FactAbilityWords {
		n := p.name(true)
		i, _ := slices.BinarySearch(w.Want[key], n)
		w.Want[key] = slices.Insert(w.Want[key], i, n)
		w.setEnglishList(key)
		return "ability word +" + n
	}
	f := snapshot.FactNamed(key)
	chapter := f.Rule
	last := 0
	for num := range w.EN {
		if rest, ok := strings.CutPrefix(num, chapter+"."); ok {
			if k, err := strconv.Atoi(rest); err == nil && k > last {
				last = k
			}
		}
	}
	num := chapter + "." + strconv.Itoa(last+1)
	n := p.name(false)
	s.Keywords++
	w.EN[num] = n
	w.EN[num+"a"] = n + " is a " + f.Noun + "."
	w.Want[key] = append(w.Want[key], n)
	if key == snapshot.FactKeywordActions {
		// An action's rule writes the form its parameters take, or none
		// (investigate): cards printing it are read with them.
		form := ""
		switch len(n) % 3 {
		case 1:
			form = strings.ToLower(n[:1]) + n[1:] + " N"
			w.EN[num+"a"] = "To “" + form + "” means to put N +1/+1 counters on target creature you control."
		case 2:
			form = strings.ToLower(n[:1]) + n[1:] + " [subtype] N"
			w.EN[num+"a"] = "To " + strings.ToLower(n[:1]) + n[1:] + " [subtype] N means “Create N 1/1 colorless [subtype] artifact creature tokens.”"
		}
		if form != "" {
			if w.ActionForms == nil {
				w.ActionForms = map[string]string{}
			}
			w.ActionForms[n] = form
			return f.Noun + " +" + n + " (" + num + ", written “" + form + "”)"
		}
	}
	if key != snapshot.FactKeywordAbilities {
		return f.Noun + " +" + n + " (" + num + ")"
	}
	// An ability's rule writes its form as the rules write each, or none
	// (flying): a reader of card text finds it by that form alone.
	form := ""
	switch len(n) % 3 {
	case 1:
		form = n + " [cost]"
		w.EN[num+"a"] = n + " is an activated ability. “" + form + "” means “[Cost]: Draw a card. Activate only as a sorcery.”"
	case 2:
		form = n + " N"
		w.EN[num+"a"] = n + " is a triggered ability. “" + form + "” means “When this permanent enters, put N +1/+1 counters on it.”"
	}
	if form != "" {
		if w.Forms == nil {
			w.Forms = map[string]string{}
		}
		w.Forms[n] = form
		return f.Noun + " +" + n + " (" + num + ", written “" + form + "”)"
	}
	return f.Noun + " +" + n + " (" + num + ")"
}
