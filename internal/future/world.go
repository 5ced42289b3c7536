// Package future derives rules releases nobody wrote from the tree as it
// stands, for the rehearsals: the rules the tree's current snapshots
// hold (a World), changed the way the rules have changed or could
// change, rendered as the documents a release publishes (the official
// English TXT, the English and Spanish rule pages of 205.3), and run
// through the manual recipe of docs/maintaining.md in a copy of the
// project (a Tree).
//
// Everything is derived from the tree's own snapshots, never from a fixed
// release of the corpus: a release the tree took in (an official TXT
// newer than the corpus, a category Spanish lacks) is where the next
// future starts. Rendering needs no corpus, so the futures run on a fresh
// clone too.
//
// It is test support, like internal/corpus: TestFutures, TestManualUpdate
// and TestRehearsedUpdate use it, and so does the command
// internal/cmd/future, with which CI applies releases to clones of the
// project and runs make test there.
package future

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// World is the rules of one release as a future evolves them: the
// English text of every rule the facts come from and the lists that text
// must give; the Spanish text of the 205.3 page and the pairs it must
// give. Each change edits the text and says what the lists become,
// independently of the code that will read the text.
type World struct {
	Date string
	// EN is the English text of each rule, by number.
	EN snapshot.Rules
	// Want are the English lists the rules must give: each category, and
	// card_types, supertypes, mana_symbols, the keyword lists.
	Want map[string][]string
	// Forms are the forms the rules write of the keyword abilities a
	// future added, by name ("Paragon [cost]"): the reader of card text
	// must find them.
	Forms map[string]string
	// ActionForms are the forms the rules write of the keyword actions a
	// future adds, with parameters, by name ("Aalii N").
	ActionForms map[string]string
	// Rule is the subrule that lists each category.
	Rule map[string]string
	// ES are the Spanish texts by the number of the English subrule they
	// translate, and ESWords the Spanish words naming each category ("de
	// criatura").
	ES      snapshot.Rules
	ESWords map[string]string
	// Spanish is the Spanish name of each English name, by list, as the
	// Spanish rules translate it (the pairing of the tree, then the names
	// the future translated).
	Spanish map[string]map[string]string
	// Mana is the rule that lists the mana symbols (107.4); Subtypes the
	// rule whose subrules list the subtypes (205.3).
	Mana, Subtypes string
	// Chapters are the titles of the sections the rules come from, by
	// number ("205" → "Type Line"): the headings of the TXT.
	Chapters map[string]string
	// Lists are the rules of the lists a sentence of their own rule
	// gives, other than the card types, supertypes and ability words
	// (the zones, the colours, ...), by fact.
	Lists map[string]string
	// Tokens is the rule whose subrules define the predefined tokens
	// (111.10); "" when the tree records none.
	Tokens string
	// Symbols are the mana symbols with what the rules say they are, for
	// the rules of mana value (202.3) the TXT states.
	Symbols []snapshot.ManaSymbol
	// Partial is the date of the newest English release when the history
	// recorded it from rule pages only (no official TXT yet), else "".
	Partial string

	// book is the tree's English rule book, and bookDate its release the
	// world began from (the newest): the official TXT prints every
	// heading, rule and glossary entry of it, but the rules the future
	// changed, added or removed (EN against quoted, the rules as the
	// snapshots quoted them), as it says. Nil when the tree has no rule
	// book: the TXT then holds the sections the facts come from. Shared
	// by the clones, never changed.
	book     *rulebook.Book
	bookDate string
	quoted   snapshot.Rules
	// lastTXT is the newest English release recorded from the official
	// TXT: the rule book's, then each release the future imports.
	lastTXT string
}

// failure is how a change or a rendering that cannot be made stops; the
// package's exported functions return it as their error.
type failure struct{ err error }

func failf(format string, args ...any) {
	panic(failure{fmt.Errorf(format, args...)})
}

// catch turns a failure into *err; any other panic goes on.
func catch(err *error) {
	if r := recover(); r != nil {
		f, ok := r.(failure)
		if !ok {
			panic(r)
		}
		*err = f.err
	}
}

// Base is the rules as the tree's current snapshots hold them: English
// as snapshots/current/en.json merges it (each fact from the newest
// release that has it), dated by the newest release of any language;
// Spanish as far as Spanish goes.
func Base(store snapshot.Store) (w *World, err error) {
	defer catch(&err)
	en, err := store.Current("en")
	if err != nil || en == nil {
		return nil, fmt.Errorf("the tree's current English snapshot (%s): %v", store.CurrentPath("en"), err)
	}
	es, err := store.Current("es")
	if err != nil {
		return nil, fmt.Errorf("the tree's current Spanish snapshot: %v", err)
	}
	if es == nil {
		es = &snapshot.Snapshot{Lang: "es"}
	}
	newest, err := NewestRecorded(store)
	if err != nil {
		return nil, err
	}
	w = &World{
		Date: newest, EN: maps.Clone(en.Rules), Want: map[string][]string{}, Rule: map[string]string{},
		ES: snapshot.Rules{}, ESWords: map[string]string{}, Spanish: map[string]map[string]string{},
		Mana: en.RuleOf(snapshot.FactMana), Subtypes: en.RuleOf(snapshot.FactSubtypes), Chapters: map[string]string{},
		Lists: map[string]string{}, Symbols: slices.Clone(en.ManaSymbols),
	}
	w.chaptersAndLists(en)
	for _, k := range snapshot.ListsOf(en) {
		if k != snapshot.FactBasicLands {
			w.Want[k] = slices.Clone(en.List(k))
		}
	}
	maps.Copy(w.Rule, en.SubtypeRules)
	// Spanish texts by the English subrule they translate: list rules by
	// category, the others by their order among the rules without a list
	// (Spanish may be a release behind, its letters other than English's).
	esOther, enOther := otherSubrules(es), otherSubrules(en)
	for i, n := range enOther {
		if i < len(esOther) {
			w.ES[n] = es.Rules[esOther[i]]
		}
	}
	for c, r := range es.SubtypeRules {
		if er, ok := en.SubtypeRules[c]; ok {
			w.ES[er] = es.Rules[r]
			w.ESWords[c] = spanishWords(es.Rules[r], c)
		}
	}
	for k, pairs := range es.PairingEN {
		w.Spanish[k] = map[string]string{}
		for _, p := range pairs {
			w.Spanish[k][p.EN] = p.ES
		}
	}
	h, err := store.History("en")
	if err != nil {
		return nil, err
	}
	if len(h) > 0 && h[len(h)-1].Partial {
		w.Partial = h[len(h)-1].Effective
	}
	book, err := rulebook.Load(scrape.BookDir(store.Dir, "en"), "en")
	if err != nil {
		return nil, err
	}
	if rel, ok := book.ReleaseAsOf(newest); ok {
		w.book, w.bookDate, w.quoted = book, rel.Date, maps.Clone(en.Rules)
		for _, r := range book.Releases {
			if len(r.Holds) == 0 && r.Date <= rel.Date {
				w.lastTXT = r.Date
			}
		}
	}
	return w, nil
}

// chaptersAndLists records, from the English snapshot, the titles of
// the sections its facts come from, the rules of its lists of a sentence
// of their own and the rule of its predefined tokens.
func (w *World) chaptersAndLists(en *snapshot.Snapshot) {
	for _, f := range snapshot.Registry {
		if f.Group != "" {
			continue
		}
		// A fact read from several sections (the steps: 501, 506, 512)
		// records its other rules in the order of its other titles.
		rules, titles := append([]string{en.RuleOf(f.Name)}, en.Provenance[f.Name].Rules...), append([]string{f.Section}, f.Also...)
		for i := range min(len(rules), len(titles)) {
			w.Chapters[chapterOf(rules[i])] = titles[i]
		}
	}
	for _, f := range snapshot.Registry {
		switch f.Name {
		case snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactAbilityWords:
		default:
			if f.Read == snapshot.ListSentence && en.Has(f.Name) {
				w.Lists[f.Name] = en.RuleOf(f.Name)
			}
		}
	}
	if en.Has(snapshot.FactTokens) {
		w.Tokens = en.RuleOf(snapshot.FactTokens)
	}
}

// NewestRecorded is the newest release of any language the store holds.
func NewestRecorded(store snapshot.Store) (string, error) {
	newest := ""
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			return "", err
		}
		if len(h) > 0 && h[len(h)-1].Effective > newest {
			newest = h[len(h)-1].Effective
		}
	}
	if newest == "" {
		return "", fmt.Errorf("%s records no release", store.Dir)
	}
	return newest, nil
}

// chapterOf is the section a rule is in: "205" for 205.3m, "701" for 701.
func chapterOf(rule string) string {
	c, _, _ := strings.Cut(rule, ".")
	return c
}

// otherSubrules are the subrules of 205.3 that list no subtypes, in order.
func otherSubrules(s *snapshot.Snapshot) []string {
	lists := map[string]bool{}
	for _, r := range s.SubtypeRules {
		lists[r] = true
	}
	var out []string
	for n := range s.Rules {
		if IsSubrule(n, s.RuleOf(snapshot.FactSubtypes)) && !lists[n] {
			out = append(out, n)
		}
	}
	return SortRules(out)
}

var spanishListRE = regexp.MustCompile(`(?:Los tipos (de \S+|planares) son |Ese tipo (de \S+) es |Todos los demás tipos (de \S+) tienen [^:]+: )`)

// spanishWords are the words a Spanish list sentence names category c by.
func spanishWords(text, c string) string {
	m := spanishListRE.FindStringSubmatch(text)
	if m == nil {
		failf("the Spanish list of the %s types has no list sentence the futures know: %q", c, text)
	}
	return m[1] + m[2] + m[3]
}

// IsSubrule reports whether n is a lettered subrule of parent (205.3m of
// 205.3).
func IsSubrule(n, parent string) bool {
	rest, ok := strings.CutPrefix(n, parent)
	return ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
}

// SortRules sorts rule numbers in the rules' order, in place.
func SortRules(ns []string) []string {
	slices.SortFunc(ns, func(a, b string) int {
		if snapshot.RuleLess(a, b) {
			return -1
		}
		if snapshot.RuleLess(b, a) {
			return 1
		}
		return 0
	})
	return ns
}

// nextLetter is the subrule after n (205.3r → 205.3s), skipping l and o.
func nextLetter(n string) string {
	i := strings.IndexByte(rulepage.SubruleLetters, n[len(n)-1])
	if i < 0 || i+1 == len(rulepage.SubruleLetters) {
		failf("no subrule letter after %s", n)
	}
	return n[:len(n)-1] + string(rulepage.SubruleLetters[i+1])
}

// Clone is a copy of w that changes apart from it.
func (w *World) Clone() *World {
	c := *w
	c.EN, c.ES = maps.Clone(w.EN), maps.Clone(w.ES)
	c.Want, c.Rule, c.ESWords, c.Chapters, c.Lists = map[string][]string{}, maps.Clone(w.Rule), maps.Clone(w.ESWords), maps.Clone(w.Chapters), maps.Clone(w.Lists)
	for k, v := range w.Want {
		c.Want[k] = slices.Clone(v)
	}
	c.Spanish = map[string]map[string]string{}
	for k, v := range w.Spanish {
		c.Spanish[k] = maps.Clone(v)
	}
	c.Symbols = slices.Clone(w.Symbols)
	c.Forms = maps.Clone(w.Forms)
	c.ActionForms = maps.Clone(w.ActionForms)
	return &c
}

// Categories are the world's categories in rule order.
func (w *World) Categories() []string {
	cats := slices.Collect(maps.Keys(w.Rule))
	slices.SortFunc(cats, func(a, b string) int { return strings.Compare(w.Rule[a], w.Rule[b]) })
	return cats
}

// CategoryOf is the category rule lists, or "".
func (w *World) CategoryOf(rule string) string {
	for c, r := range w.Rule {
		if r == rule {
			return c
		}
	}
	return ""
}

// SubtypeSubrules are the subrules of 205.3 the English rules have, in
// order.
func (w *World) SubtypeSubrules() []string {
	var subs []string
	for n := range w.EN {
		if IsSubrule(n, w.Subtypes) {
			subs = append(subs, n)
		}
	}
	return SortRules(subs)
}

// English list sentences, as the rules print them: the list follows the
// last intro found in the rule and ends its sentence.
var englishIntro = []string{"All other %s types are one word long: ", "The %s types are ", "That %s type is "}

// listSpan finds where the list of a sentence begins (after its intro)
// and ends (before the period ending the sentence).
func listSpan(text string, intros []string) (int, int) {
	start := -1
	for _, in := range intros {
		if i := strings.LastIndex(text, in); i >= 0 && i+len(in) > start {
			start = i + len(in)
		}
	}
	if start < 0 {
		failf("no list sentence (%q) in %q", intros, text)
	}
	end := strings.Index(text[start:], ". ")
	if end < 0 {
		end = strings.LastIndex(text[start:], ".")
	}
	if end < 0 {
		failf("the list sentence of %q does not end", text)
	}
	return start, start + end
}

// PrintList writes names as the rules list them: "A", "A and B", "A, B,
// and C" in English, "A, B y C" in Spanish.
func PrintList(names []string, and string) string {
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return names[0] + " " + and + " " + names[1]
	}
	if and == "and" {
		return strings.Join(names[:len(names)-1], ", ") + ", and " + names[len(names)-1]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + and + " " + names[len(names)-1]
}

// SetEnglishList rewrites the list of key in the English text from Want.
// A creature list prints its two-word names in a sentence of their own,
// which stays as it is.
func (w *World) SetEnglishList(key string) (err error) {
	defer catch(&err)
	w.setEnglishList(key)
	return nil
}

func (w *World) setEnglishList(key string) {
	if _, ok := w.Lists[key]; ok {
		w.setSentenceList(key)
		return
	}
	names := w.Want[key]
	var rule string
	var intros []string
	switch key {
	case snapshot.FactCardTypes:
		rule, intros = "205.2a", []string{"The card types are "}
	case snapshot.FactSupertypes:
		rule, intros = "205.4a", []string{"The supertypes are "}
	case snapshot.FactAbilityWords:
		rule, intros = "207.2c", []string{"The ability words are "}
	default:
		rule = w.Rule[key]
		for _, f := range englishIntro {
			intros = append(intros, fmt.Sprintf(f, key))
		}
		if strings.Contains(w.EN[rule], fmt.Sprintf(englishIntro[0], key)) {
			names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return strings.Contains(n, " ") })
		}
	}
	text := w.EN[rule]
	start, end := listSpan(text, intros)
	w.EN[rule] = text[:start] + PrintList(withAsides(text[start:end], names, "and"), "and") + text[end:]
}

// setSentenceList rewrites a list a sentence of its own rule gives (the
// zones) from Want: the names in the sentence, the one of its
// also-sentence ("Some older cards also use the ante zone") kept last,
// the count before the list ("seven zones") counting them.
func (w *World) setSentenceList(key string) {
	rule := w.Lists[key]
	text := w.EN[rule]
	printed, also, ok := extract.SentenceList(extract.English, key, text)
	if !ok {
		failf("rule %s: no sentence gives the %s", rule, snapshot.FactNamed(key).Label)
	}
	names := slices.DeleteFunc(slices.Clone(w.Want[key]), func(n string) bool { return n == also })
	if also != "" {
		w.Want[key] = append(slices.Clone(names), also)
	}
	i := strings.Index(text, printed)
	before := text[:i]
	if old, now := numberWord(len(splitPrinted(printed))), numberWord(len(names)); old != "" && now != "" {
		if j := strings.LastIndex(before, " "+old+" "); j >= 0 {
			before = before[:j+1] + now + before[j+1+len(old):]
		}
	}
	w.EN[rule] = before + PrintList(names, "and") + text[i+len(printed):]
}

// splitPrinted splits a printed list "a, b, and c" into its names.
func splitPrinted(list string) []string {
	return strings.Split(strings.Replace(strings.Replace(list, ", and ", ", ", 1), " and ", ", ", 1), ", ")
}

// numberWord is how the rules write a count of up to twenty ("seven");
// "" for more.
func numberWord(n int) string {
	words := strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty")
	if n < len(words) {
		return words[n]
	}
	return ""
}

var asideRE = regexp.MustCompile(`\s*\([^)]*\)`)

// withAsides gives each name its aside of the list as printed ("Aura
// (see rule 303.4)"), so that printing the list again changes only what
// changed.
func withAsides(printed string, names []string, and string) []string {
	asides := map[string]string{}
	for _, part := range strings.Split(printed, ", ") {
		for _, item := range strings.Split(strings.TrimPrefix(part, and+" "), " "+and+" ") {
			if a := asideRE.FindString(item); a != "" {
				asides[strings.TrimSpace(asideRE.ReplaceAllString(item, ""))] = a
			}
		}
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + asides[n]
	}
	return out
}

// setSpanishList rewrites the Spanish list of category c from the
// English one, each name by its Spanish partner.
func (w *World) setSpanishList(c string) {
	rule := w.Rule[c]
	text, ok := w.ES[rule]
	if !ok {
		return // a category Spanish does not have yet: translateMissing writes it
	}
	var names []string
	for _, n := range w.Want[c] {
		if strings.Contains(n, " ") && strings.Contains(text, "Todos los demás tipos") {
			continue // the two-word names have a sentence of their own
		}
		names = append(names, w.Translate(c, n))
	}
	intros := []string{"Los tipos " + w.ESWords[c] + " son ", "Ese tipo " + w.ESWords[c] + " es ", "Todos los demás tipos " + w.ESWords[c] + " tienen una sola palabra: "}
	start, end := listSpan(text, intros)
	text = text[:start] + PrintList(withAsides(text[start:end], names, "y"), "y") + text[end:]
	// The basic land types, in the Spanish of the English sentence's names.
	if basic := between(w.EN[rule], "Of that list, ", " are the basic "); basic != "" {
		if i := strings.Index(text, "De esa lista, "); i >= 0 {
			if j := strings.Index(text[i:], " son los tipos "); j >= 0 {
				var es []string
				for _, n := range strings.Split(strings.Replace(basic, ", and ", ", ", 1), ", ") {
					es = append(es, w.Translate(c, n))
				}
				text = text[:i] + "De esa lista, " + PrintList(es, "y") + text[i+j:]
			}
		}
	}
	w.ES[rule] = text
}

// between is the text between the first from and the to after it, or "".
func between(text, from, to string) string {
	_, rest, ok := strings.Cut(text, from)
	if !ok {
		return ""
	}
	in, _, ok := strings.Cut(rest, to)
	if !ok {
		return ""
	}
	return in
}

// Translate is the Spanish name of English name n of list c: its partner,
// or, for a name Spanish has not translated yet, a new word no Spanish
// list holds, which the world keeps.
func (w *World) Translate(c, n string) string {
	if es, ok := w.Spanish[c][n]; ok {
		return es
	}
	taken := map[string]bool{}
	for _, m := range w.Spanish {
		for _, es := range m {
			taken[strings.ToLower(es)] = true
		}
	}
	for _, names := range w.Want {
		for _, en := range names {
			taken[strings.ToLower(en)] = true
		}
	}
	es := n + "ón"
	for taken[strings.ToLower(es)] {
		es += "a"
	}
	if w.Spanish[c] == nil {
		w.Spanish[c] = map[string]string{}
	}
	w.Spanish[c][n] = es
	return es
}

// spanishCategory is the Spanish subrule of a category Spanish has not
// translated: the sentence the rules use for a category of its own, in
// new words.
func (w *World) spanishCategory(c string) string {
	if w.ESWords[c] == "" {
		w.ESWords[c] = "de " + c + "ón"
	}
	var es []string
	for _, n := range w.Want[c] {
		es = append(es, w.Translate(c, n))
	}
	return "Los " + c + "ones tienen su propio conjunto único de subtipos; estos subtipos se llaman tipos " + w.ESWords[c] + ". Los tipos " + w.ESWords[c] + " son " + PrintList(es, "y") + "."
}

// translateMissing gives every English subrule of 205.3 that Spanish has
// no text for the text a translation of this release would print: a
// category Spanish never had (the rules added it while Spanish lagged, or
// a future added it) in the words of a category of its own; any other
// subrule a sentence that lists nothing. A Spanish page is a translation
// of one whole release, so it has every subrule the English one has.
func (w *World) translateMissing() {
	for _, n := range w.SubtypeSubrules() {
		if _, ok := w.ES[n]; ok {
			continue
		}
		if c := w.CategoryOf(n); c != "" {
			w.ES[n] = w.spanishCategory(c)
		} else {
			w.ES[n] = "Esta regla " + n + " no tenía traducción: la traducción de esta versión la añade."
		}
	}
}
