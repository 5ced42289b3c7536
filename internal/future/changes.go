package future

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Kind is a kind of change a release makes: apply makes one in the step's
// world, saying what, or "" when the world leaves none to make.
type Kind struct {
	Name  string
	apply func(r *rand.Rand, p *pool, s *Step) string
}

// The names of the kinds the futures and their tests refer to.
const (
	KindAddNames   = "add names"
	KindAcross     = "names across lists"
	KindComplete   = "complete a release"
	KindReword     = "reword beyond recognition"
	KindNewKeyword = "new keyword"
	KindAmend      = "amend a release"
)

// Kinds are the kinds of change a release can make; the rewording, last,
// is made only as a probe (Release.Probe), and a completion and an
// amendment only as a release of their own.
var Kinds = []Kind{
	{KindAddNames, addNames},
	{"remove names", removeNames},
	{KindAcross, acrossLists},
	{"rename with evidence", renameName},
	{"move between categories", moveName},
	{"new category", newCategory},
	{"rename a category", renameCategory},
	{"drop a category", dropCategory},
	{"new group of mana symbols", newManaGroup},
	{KindNewKeyword, newKeyword},
	{"retranslate", retranslate},
	{KindComplete, complete},
	{KindAmend, amend},
	{KindReword, reword},
}

// insert puts n at a random place of names.
func insert(r *rand.Rand, names []string, n string) []string {
	return slices.Insert(names, r.IntN(len(names)+1), n)
}

// editable are the categories whose lists a change may edit, with at
// least min one-word names: the creature list's two-word names have a
// sentence of their own, which stays.
func (w *World) editable(min int) []string {
	var out []string
	for _, c := range w.Categories() {
		n := 0
		for _, name := range w.Want[c] {
			if !strings.Contains(name, " ") {
				n++
			}
		}
		if n >= min {
			out = append(out, c)
		}
	}
	return out
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func addNames(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	var done []string
	for range 1 + r.IntN(3) {
		switch k := r.IntN(10); {
		case k < 6: // a subtype, most often a creature type
			c := "creature"
			if k >= 3 || len(w.Want[c]) == 0 {
				c = pick(r, w.editable(1))
			}
			done = append(done, addSubtype(r, p, s, c))
		case k < 8:
			done = append(done, addLower(r, p, s, snapshot.FactCardTypes, "card type"))
		default:
			done = append(done, addLower(r, p, s, snapshot.FactSupertypes, "supertype"))
		}
	}
	return strings.Join(done, ", ")
}

func addSubtype(r *rand.Rand, p *pool, s *Step, c string) string {
	n := p.name(false)
	s.W.Want[c] = insert(r, s.W.Want[c], n)
	s.W.setEnglishList(c)
	s.Names++
	s.Lists++
	return c + " +" + n
}

// addLower adds a card type or supertype (the rules print them in lower
// case).
func addLower(r *rand.Rand, p *pool, s *Step, key, noun string) string {
	n := p.name(true)
	s.W.Want[key] = insert(r, s.W.Want[key], n)
	s.W.setEnglishList(key)
	s.Names++
	s.Lists++
	return noun + " +" + n
}

func removeNames(r *rand.Rand, p *pool, s *Step) string {
	cats := s.W.editable(5)
	if len(cats) == 0 {
		return ""
	}
	c := pick(r, cats)
	return removeFrom(r, s, c, 1+r.IntN(min(2, len(s.W.Want[c])/4)))
}

// removeFrom removes n names of category c. Callers keep within what
// the guard lets a release drop unasked (three names, and a quarter of a
// short list): more is a broken page until a maintainer says otherwise.
func removeFrom(r *rand.Rand, s *Step, c string, n int) string {
	w := s.W
	var done []string
	for range n {
		var one []string
		for _, name := range w.Want[c] {
			if !strings.Contains(name, " ") && !w.mentioned(name, w.Rule[c]) {
				one = append(one, name)
			}
		}
		if len(one) == 0 {
			break
		}
		name := pick(r, one)
		w.Want[c] = slices.DeleteFunc(w.Want[c], func(x string) bool { return x == name })
		done = append(done, c+" -"+name)
		s.Names++
	}
	w.setEnglishList(c)
	s.Lists++
	return strings.Join(done, ", ")
}

// acrossLists makes a release that touches many lists at once: a name
// added to every category that has one-word names, to the card types,
// the supertypes and each keyword list, and names removed from the two
// longest categories.
func acrossLists(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	var done []string
	before := map[string][]string{}
	for _, k := range []string{snapshot.FactCardTypes, snapshot.FactKeywordAbilities, "artifact", snapshot.FactZones} {
		before[k] = slices.Clone(w.Want[k])
	}
	for _, c := range w.editable(1) {
		done = append(done, addSubtype(r, p, s, c))
	}
	done = append(done, addLower(r, p, s, snapshot.FactCardTypes, "card type"), addLower(r, p, s, snapshot.FactSupertypes, "supertype"))
	for _, f := range snapshot.Registry {
		if f.Package == "keyword" && f.Read != snapshot.ListSentence {
			done = append(done, newKeywordOf(p, s, f.Name))
		}
	}
	done = append(done, engineLists(r, p, s, before)...)
	cats := w.editable(8)
	slices.SortStableFunc(cats, func(a, b string) int { return len(w.Want[b]) - len(w.Want[a]) })
	for _, c := range cats[:min(2, len(cats))] {
		if d := removeFrom(r, s, c, 1); d != "" {
			done = append(done, d)
		}
	}
	return strings.Join(done, ", ")
}

// engineLists adds a name to the lists an engine keeps, each as the rules
// would: a zone and a phase; a permanent type that is the card type just
// added (a permanent type is a card type); a keyword counter of the
// keyword ability just added; a predefined token of the artifact type
// just added. Colours and steps are left as they are (a colour comes with
// its mana symbol, which no future invents).
func engineLists(r *rand.Rand, p *pool, s *Step, before map[string][]string) []string {
	w := s.W
	var done []string
	newest := func(key string) string {
		for _, n := range w.Want[key] {
			if !slices.Contains(before[key], n) {
				return n
			}
		}
		return ""
	}
	for _, key := range []string{snapshot.FactZones, snapshot.FactPhases} {
		if _, ok := w.Lists[key]; ok {
			done = append(done, addLower(r, p, s, key, snapshot.FactNamed(key).Noun))
			if key == snapshot.FactZones {
				w.publicZone(newest(key))
			}
		}
	}
	if _, ok := w.Lists[snapshot.FactPermanentTypes]; ok {
		if ct := newest(snapshot.FactCardTypes); ct != "" {
			w.Want[snapshot.FactPermanentTypes] = insert(r, w.Want[snapshot.FactPermanentTypes], ct)
			w.setEnglishList(snapshot.FactPermanentTypes)
			s.Names++
			s.Lists++
			done = append(done, "permanent type +"+ct)
		}
	}
	if _, ok := w.Lists[snapshot.FactKeywordCounters]; ok {
		if a := newest(snapshot.FactKeywordAbilities); a != "" {
			w.Want[snapshot.FactKeywordCounters] = append(w.Want[snapshot.FactKeywordCounters], strings.ToLower(a))
			w.setEnglishList(snapshot.FactKeywordCounters)
			s.Names++
			s.Lists++
			done = append(done, "keyword counter +"+strings.ToLower(a))
		}
	}
	if d := newToken(s, newest("artifact")); d != "" {
		done = append(done, d)
	}
	return done
}

// publicZone puts a zone the release adds among the public zones of the
// rule after the zones' list that names them (400.2: "Graveyard, ...,
// and command are public zones"), as the rules would: every zone is
// public or hidden.
func (w *World) publicZone(zone string) {
	const public = " are public zones"
	list := w.Lists[snapshot.FactZones]
	for n, text := range w.EN {
		i := strings.Index(text, public)
		if chapterOf(n) != chapterOf(list) || n == list || i < 0 {
			continue
		}
		start := strings.LastIndex(text[:i], ". ") + 1
		if start > 0 {
			start++ // past the space
		}
		printed := strings.ReplaceAll(strings.ReplaceAll(text[start:i], ", and ", ", "), " and ", ", ")
		names := append(strings.Split(printed, ", "), zone)
		w.EN[n] = text[:start] + PrintList(names, "and") + text[i:]
		return
	}
	failf("no rule after %s says which zones are public", list)
}

// newToken defines a predefined token of artifact type a, in a subrule
// after the last of the tokens' rule.
func newToken(s *Step, a string) string {
	w := s.W
	rule := w.Tokens
	if a == "" || rule == "" {
		return ""
	}
	last := ""
	for n := range w.EN {
		if IsSubrule(n, rule) && (last == "" || snapshot.RuleLess(last, n)) {
			last = n
		}
	}
	if last == "" {
		return ""
	}
	n := nextLetter(last)
	article := "A"
	if strings.ContainsRune("AEIOU", rune(a[0])) {
		article = "An"
	}
	w.EN[n] = article + " " + a + " token is a colorless " + a + " artifact token with “{T}, Sacrifice this token: Draw a card.”"
	w.Want[snapshot.FactTokens] = append(w.Want[snapshot.FactTokens], a)
	s.Names++
	s.Lists++
	return "predefined token +" + a + " (" + n + ")"
}

var wordChars = func(r rune) bool { return unicode.IsLetter(r) || r == '’' || r == '-' }

// mentioned reports whether name is a word of an English rule other than
// except (its list), or of a sentence of except other than its list:
// what a rename's evidence is, and what a removal must leave alone.
func (w *World) mentioned(name, except string) bool {
	for n, text := range w.EN {
		if n == except {
			if c := w.CategoryOf(n); c != "" {
				start, end := listSpanQuiet(text, c)
				text = text[:start] + text[end:]
			}
		}
		if hasWord(text, name) {
			return true
		}
	}
	return false
}

func listSpanQuiet(text, c string) (int, int) {
	start := -1
	for _, f := range englishIntro {
		in := fmt.Sprintf(f, c)
		if i := strings.LastIndex(text, in); i >= 0 && i+len(in) > start {
			start = i + len(in)
		}
	}
	if start < 0 {
		return 0, 0
	}
	end := strings.Index(text[start:], ". ")
	if end < 0 {
		end = len(text) - start
	}
	return start, start + end
}

func hasWord(text, w string) bool {
	for i := strings.Index(text, w); i >= 0; {
		before, after := i == 0 || !wordChars(lastRune(text[:i])), i+len(w) == len(text) || !wordChars(firstRune(text[i+len(w):]))
		if before && after {
			return true
		}
		j := strings.Index(text[i+1:], w)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func lastRune(s string) rune  { r := []rune(s); return r[len(r)-1] }
func firstRune(s string) rune { return []rune(s)[0] }

// replaceWord replaces whole words from by to in text, in their printed
// case and title case.
func replaceWord(text, from, to string) string {
	for _, pair := range [][2]string{{from, to}, {title(from), title(to)}} {
		re := regexp.MustCompile(`(^|[^\p{L}’-])` + regexp.QuoteMeta(pair[0]) + `([^\p{L}’-]|$)`)
		text = re.ReplaceAllString(text, "${1}"+strings.ReplaceAll(pair[1], "$", "$$")+"${2}")
		text = re.ReplaceAllString(text, "${1}"+strings.ReplaceAll(pair[1], "$", "$$")+"${2}") // adjacent repeats
	}
	return text
}

// complete is the official TXT of a release the history recorded from
// rule pages only: the tree's newest English release when it is one (the
// TXT of 2026-09-25, after its 205.3 page), else a new release whose
// English 205.3 page, bringing names of its own, is published first. The
// TXT brings what the page did not carry, as that of 2026-09-25 brought
// eleven keywords and ability words.
func complete(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	var done []string
	if s.first && w.Partial != "" && w.Partial == s.prevDate {
		w.Date, s.Completes = w.Partial, w.Partial
		done = append(done, "the official TXT of en@"+w.Partial+", recorded from rule pages")
	} else {
		s.Page, s.Completes = true, w.Date
		done = append(done, "its English 205.3 page first ("+addSubtype(r, p, s, pick(r, w.editable(1)))+"), then its official TXT")
	}
	for range 1 + r.IntN(3) {
		done = append(done, newKeyword(r, p, s))
	}
	// As the TXT of 2026-09-25 rewrote the first subrules of 702.57,
	// 702.142, 702.177 and 702.178, a rule outside the pages.
	if n := w.quietRule(r, s.Completes); n != "" {
		w.EN[n] = w.bookText(n) + " " + rewordedSentence
		done = append(done, "rule "+n+" reworded")
	}
	return strings.Join(done, "; ")
}

// rewordedSentence is what a release adds to a rule no list is read from.
const rewordedSentence = "This sentence is new in this release."

// amend is the official TXT of a release recorded whole read again with
// a correction, imported on purpose (scrape import -amend): a sentence
// the release printed in a rule no list is read from, which the record
// lacked. The release is the newest English one recorded from its
// official TXT: the one before this step, or, when that one is recorded
// from rule pages only, the newest before it the rule book records
// whole. The correction holds in the releases after it.
func amend(r *rand.Rand, p *pool, s *Step) string {
	w := s.W
	date := w.lastTXT
	if w.book == nil || date == "" {
		return ""
	}
	w.Date = s.prevDate // no new release
	n := w.quietRule(r, date)
	if n == "" {
		return ""
	}
	w.EN[n] = w.bookText(n) + " " + correctedSentence
	if date >= w.bookDate { // the world's release: its text, as the future changed it
		edits, removed := w.edits()
		s.Amendment = w.bookTXT(w.bookDate, date, edits, removed)
	} else { // a release of the tree before one of rule pages
		s.Amendment = w.bookTXT(date, date, snapshot.Rules{n: w.EN[n]}, nil)
	}
	s.Amends = date
	return "the official TXT of en@" + date + " read again: rule " + n + " corrected"
}

// correctedSentence is what an amendment adds to a rule no list is read
// from.
const correctedSentence = "This sentence was left out of the record."

// quietRule picks a rule of the rule book to change: one no list is read
// from (not quoted by the snapshots), outside the 205.3 page, a subrule
// printed as one paragraph, unchanged by the release of date and since
// (so that its change is the only one); "" when there is none.
func (w *World) quietRule(r *rand.Rand, date string) string {
	if w.book == nil {
		return ""
	}
	var out []string
	for _, h := range w.book.Rules {
		n := h.Number
		v, ok := rulebook.At(h.Versions, w.bookDate)
		if _, quoted := w.quoted[n]; !ok || quoted || n == w.Subtypes || IsSubrule(n, w.Subtypes) || v.Since >= date || len(v.More)+len(v.Also) > 0 || v.Lead != "" {
			continue
		}
		if _, edited := w.EN[n]; edited || strings.Contains(v.Text, " Example: ") || !strings.ContainsAny(n[len(n)-1:], "abcdefghijkmnpqrstuvwxyz") {
			continue
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return ""
	}
	return pick(r, out)
}

// bookText is the text the rule book gives rule n in the world's
// release.
func (w *World) bookText(n string) string {
	v, _ := w.book.Rule(n, w.bookDate)
	return v.Text
}
