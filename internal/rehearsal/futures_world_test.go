package rehearsal

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/textenc"
)

// world is the rules a future evolves, release by release: the English
// text of every rule the facts come from (205.2a, 205.3 and its subrules,
// 205.4a, 107.4 and its subrules) and the lists that text must give; the
// Spanish text of the two captured pages (205.3, 107.4) and the pairs the
// Spanish 205.3 must give. Each change edits the text and says what the
// lists become, independently of the code that will read the text.
type world struct {
	date string
	en   snapshot.Rules
	// want are the English lists the rules must give: each category, and
	// card_types, supertypes, mana_symbols.
	want map[string][]string
	// rule is the subrule that lists each category.
	rule map[string]string
	// es are the Spanish texts by the number of the English subrule they
	// translate, and esWords the Spanish words naming each category
	// ("de criatura").
	es      snapshot.Rules
	esWords map[string]string
	// spanish is the Spanish name of each English name, by list, as the
	// Spanish rules translate it (the pairing of the tree, then the names
	// the future translated).
	spanish map[string]map[string]string
	mana    string // the rule that lists the mana symbols (107.4)
}

// baseWorld is the tree's current state of the rules.
func baseWorld(t *testing.T, store snapshot.Store) *world {
	t.Helper()
	en, err := store.Current("en")
	if err != nil || en == nil {
		t.Fatalf("the tree's current English snapshot: %v", err)
	}
	es, err := store.Current("es")
	if err != nil || es == nil {
		t.Fatalf("the tree's current Spanish snapshot: %v", err)
	}
	w := &world{
		date: newestRecorded(t, store), en: maps.Clone(en.Rules), want: map[string][]string{}, rule: map[string]string{},
		es: snapshot.Rules{}, esWords: map[string]string{}, spanish: map[string]map[string]string{}, mana: en.RuleOf(snapshot.FactMana),
	}
	for _, k := range snapshot.ListsOf(en) {
		if k != snapshot.FactBasicLands {
			w.want[k] = slices.Clone(en.List(k))
		}
	}
	maps.Copy(w.rule, en.SubtypeRules)
	// Spanish texts by the English subrule they translate: list rules by
	// category, the others by their order among the rules without a list
	// (Spanish may be a release behind, its letters other than English's).
	esOther, enOther := otherSubrules(es), otherSubrules(en)
	for i, n := range enOther {
		if i < len(esOther) {
			w.es[n] = es.Rules[esOther[i]]
		}
	}
	for c, r := range es.SubtypeRules {
		if er, ok := en.SubtypeRules[c]; ok {
			w.es[er] = es.Rules[r]
			w.esWords[c] = spanishWords(t, es.Rules[r], c)
		}
	}
	for k, pairs := range es.PairingEN {
		w.spanish[k] = map[string]string{}
		for _, p := range pairs {
			w.spanish[k][p.EN] = p.ES
		}
	}
	return w
}

// otherSubrules are the subrules of 205.3 that list no subtypes, in order.
func otherSubrules(s *snapshot.Snapshot) []string {
	lists := map[string]bool{}
	for _, r := range s.SubtypeRules {
		lists[r] = true
	}
	var out []string
	for n := range s.Rules {
		if isSubrule(n, s.RuleOf(snapshot.FactSubtypes)) && !lists[n] {
			out = append(out, n)
		}
	}
	return sortRules(out)
}

var spanishListRE = regexp.MustCompile(`(?:Los tipos (de \S+|planares) son |Ese tipo (de \S+) es |Todos los demás tipos (de \S+) tienen [^:]+: )`)

// spanishWords are the words a Spanish list sentence names category c by.
func spanishWords(t *testing.T, text, c string) string {
	t.Helper()
	m := spanishListRE.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("the Spanish list of the %s types has no list sentence the rehearsal knows: %q", c, text)
	}
	return m[1] + m[2] + m[3]
}

func isSubrule(n, parent string) bool {
	rest, ok := strings.CutPrefix(n, parent)
	return ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
}

func sortRules(ns []string) []string {
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
func nextLetter(t *testing.T, n string) string {
	t.Helper()
	i := strings.IndexByte(rulepage.SubruleLetters, n[len(n)-1])
	if i < 0 || i+1 == len(rulepage.SubruleLetters) {
		t.Fatalf("no subrule letter after %s", n)
	}
	return n[:len(n)-1] + string(rulepage.SubruleLetters[i+1])
}

func (w *world) clone() *world {
	c := *w
	c.en, c.es = maps.Clone(w.en), maps.Clone(w.es)
	c.want, c.rule, c.esWords = map[string][]string{}, maps.Clone(w.rule), maps.Clone(w.esWords)
	for k, v := range w.want {
		c.want[k] = slices.Clone(v)
	}
	c.spanish = map[string]map[string]string{}
	for k, v := range w.spanish {
		c.spanish[k] = maps.Clone(v)
	}
	return &c
}

// categories are the world's categories in rule order.
func (w *world) categories() []string {
	cats := slices.Collect(maps.Keys(w.rule))
	slices.SortFunc(cats, func(a, b string) int { return strings.Compare(w.rule[a], w.rule[b]) })
	return cats
}

// English list sentences, as the rules print them: the list follows the
// last intro found in the rule and ends its sentence.
var englishIntro = []string{"All other %s types are one word long: ", "The %s types are ", "That %s type is "}

// listSpan finds where the list of a sentence begins (after its intro)
// and ends (before the period ending the sentence).
func listSpan(t *testing.T, text string, intros []string) (int, int) {
	t.Helper()
	start := -1
	for _, in := range intros {
		if i := strings.LastIndex(text, in); i >= 0 && i+len(in) > start {
			start = i + len(in)
		}
	}
	if start < 0 {
		t.Fatalf("no list sentence (%q) in %q", intros, text)
	}
	end := strings.Index(text[start:], ". ")
	if end < 0 {
		end = strings.LastIndex(text[start:], ".")
	}
	if end < 0 {
		t.Fatalf("the list sentence of %q does not end", text)
	}
	return start, start + end
}

// printList writes names as the rules list them: "A", "A and B", "A, B,
// and C" in English, "A, B y C" in Spanish.
func printList(names []string, and string) string {
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

// setEnglishList rewrites the list of key in the English text from want.
// A creature list prints its two-word names in a sentence of their own,
// which stays as it is.
func (w *world) setEnglishList(t *testing.T, key string) {
	t.Helper()
	names := w.want[key]
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
		rule = w.rule[key]
		for _, f := range englishIntro {
			intros = append(intros, fmt.Sprintf(f, key))
		}
		if strings.Contains(w.en[rule], fmt.Sprintf(englishIntro[0], key)) {
			names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return strings.Contains(n, " ") })
		}
	}
	text := w.en[rule]
	start, end := listSpan(t, text, intros)
	w.en[rule] = text[:start] + printList(withAsides(text[start:end], names, "and"), "and") + text[end:]
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
func (w *world) setSpanishList(t *testing.T, c string) {
	t.Helper()
	rule := w.rule[c]
	text, ok := w.es[rule]
	if !ok {
		return // a category Spanish does not have: newCategory writes it
	}
	var names []string
	for _, n := range w.want[c] {
		if strings.Contains(n, " ") && strings.Contains(text, "Todos los demás tipos") {
			continue // the two-word names have a sentence of their own
		}
		names = append(names, w.translate(c, n))
	}
	intros := []string{"Los tipos " + w.esWords[c] + " son ", "Ese tipo " + w.esWords[c] + " es ", "Todos los demás tipos " + w.esWords[c] + " tienen una sola palabra: "}
	start, end := listSpan(t, text, intros)
	text = text[:start] + printList(withAsides(text[start:end], names, "y"), "y") + text[end:]
	// The basic land types, in the Spanish of the English sentence's names.
	if basic := between(w.en[rule], "Of that list, ", " are the basic "); basic != "" {
		if i := strings.Index(text, "De esa lista, "); i >= 0 {
			if j := strings.Index(text[i:], " son los tipos "); j >= 0 {
				var es []string
				for _, n := range strings.Split(strings.Replace(basic, ", and ", ", ", 1), ", ") {
					es = append(es, w.translate(c, n))
				}
				text = text[:i] + "De esa lista, " + printList(es, "y") + text[i+j:]
			}
		}
	}
	w.es[rule] = text
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

// translate is the Spanish name of English name n of list c: its partner,
// or, for a name Spanish has not translated yet, a new word no Spanish
// list holds.
func (w *world) translate(c, n string) string {
	if es, ok := w.spanish[c][n]; ok {
		return es
	}
	taken := map[string]bool{}
	for _, m := range w.spanish {
		for _, es := range m {
			taken[strings.ToLower(es)] = true
		}
	}
	for _, names := range w.want {
		for _, en := range names {
			taken[strings.ToLower(en)] = true
		}
	}
	es := n + "ón"
	for taken[strings.ToLower(es)] {
		es += "a"
	}
	if w.spanish[c] == nil {
		w.spanish[c] = map[string]string{}
	}
	w.spanish[c][n] = es
	return es
}

// englishTXT lays the world's English rules into the newest official
// release of the corpus, dated w.date: a release as Wizards publishes
// it (UTF-8 with a byte-order mark, CRLF).
func (w *world) englishTXT(t *testing.T) []byte {
	t.Helper()
	releases := corpus.Releases(t)
	skeleton := releases[len(releases)-1]
	raw, err := os.ReadFile(skeleton.Path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := textenc.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	for _, r := range []string{"205.2a", "205.3", "205.4a", "207.2c", w.mana} {
		lines = replaceRule(t, lines, r, w.en)
	}
	lines = w.newSections(t, lines)
	was := "These rules are effective as of " + longDate(skeleton.Date) + "."
	if !strings.Contains(text, was) {
		t.Fatalf("%s does not say %q", skeleton.Path, was)
	}
	out := strings.ReplaceAll(strings.Join(lines, "\n"), was, "These rules are effective as of "+longDate(w.date)+".")
	return append([]byte("\xef\xbb\xbf"), strings.ReplaceAll(out, "\n", "\r\n")...)
}

// newSections adds to the official text the sections of the keyword
// chapters (701, 702) the world has and the text has not: a new keyword,
// titled by its name, after the chapter's last section, with the subrule
// saying what it is.
func (w *world) newSections(t *testing.T, lines []string) []string {
	t.Helper()
	have := map[string]bool{}
	for _, l := range lines {
		if num, ok := ruleNumber(l); ok {
			have[num] = true
		}
	}
	for _, f := range snapshot.Registry {
		if f.Read != snapshot.SectionTitles {
			continue
		}
		for _, num := range sortRules(slices.Collect(maps.Keys(w.en))) {
			rest, ok := strings.CutPrefix(num, f.Rule+".")
			if !ok || have[num] || strings.Trim(rest, "0123456789") != "" {
				continue
			}
			end := -1 // the line after the chapter's last rule
			for i, l := range lines {
				if n, ok := ruleNumber(l); ok && strings.HasPrefix(n, f.Rule+".") {
					end = i + 1
				}
			}
			for end >= 0 && end < len(lines) && (strings.TrimSpace(lines[end]) == "" || strings.HasPrefix(lines[end], "Example")) {
				end++
			}
			if end < 0 {
				t.Fatalf("rule %s: no section of %s in the official text", num, f.Rule)
			}
			block := []string{num + ". " + w.en[num], "", num + "a " + w.en[num+"a"], ""}
			lines = slices.Insert(lines, end, block...)
			have[num] = true
		}
	}
	return lines
}

// spanishPage is the Spanish 205.3 page of the world's release, in the
// form of the captured seed: a heading, "Subreglas", then one subrule a
// line in the order of the English subrules, examples on lines of their
// own.
func (w *world) spanishPage(t *testing.T) []byte {
	t.Helper()
	for _, c := range w.categories() {
		w.setSpanishList(t, c)
	}
	var b strings.Builder
	b.WriteString("205.3. Subtipos\nSubreglas\n")
	for _, n := range sortRules(slices.Collect(maps.Keys(w.en))) {
		if !isSubrule(n, "205.3") {
			continue
		}
		text, ok := w.es[n]
		if !ok {
			t.Fatalf("no Spanish text for %s", n)
		}
		for i, part := range strings.Split(text, " Ejemplo: ") {
			if i > 0 {
				part = "Ejemplo: " + part
			}
			b.WriteString(part + "\n")
		}
	}
	return []byte(b.String())
}
