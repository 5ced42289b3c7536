package rehearsal

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// A step of a future is one release: changes to the English rules, and
// whether the Spanish page of that release is published with it.
type stepPlan struct {
	w       *world
	changes []string // what was changed, for the log and the replay
	// refuse, when set, is a rewording the pipeline must refuse: the
	// release with it is tried first, and must fail saying this.
	refuse      []byte
	refuseWords string
	// dropped is a category the release drops: the guard refuses it until
	// -allow-shrink, as a maintainer would rerun it.
	dropped string
	spanish bool     // the Spanish page of this release comes with it
	before  []string // the categories of the release before
	late    bool     // the Spanish page of the release before comes after it
	// names counts the names added, removed, renamed or moved; categories
	// the categories added; lists the lists touched: the bound on the
	// lines of generated/ the release may change.
	names, categories, lists int
}

// pool hands out names no list of the rules holds, in either language:
// first the capitalised words the project's own tests use (a release may
// bring any of them, and a test that took one for absent must notice),
// then made-up ones.
type pool struct {
	words []string
	taken map[string]bool
	ever  map[string]bool // every name of the values record, dropped ones too
	// idents are the identifiers the generated packages declare by hand.
	idents map[string]bool
	n      int
}

var testWordRE = regexp.MustCompile(`"([A-Z][a-z]{2,12})"`)

func newPool(t *testing.T, project string, w *world, r *rand.Rand, rec *gen.Record) *pool {
	t.Helper()
	p := &pool{taken: map[string]bool{}, ever: map[string]bool{}, idents: handWritten(t, project)}
	for _, list := range rec.Lists() {
		for _, e := range rec.Entries(list) {
			p.ever[strings.ToLower(e.Name)] = true
		}
	}
	seen := map[string]bool{}
	err := filepath.WalkDir(project, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git") && path != project {
			if err == nil {
				return filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range testWordRE.FindAllStringSubmatch(string(b), -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				p.words = append(p.words, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(p.words)
	r.Shuffle(len(p.words), func(i, j int) { p.words[i], p.words[j] = p.words[j], p.words[i] })
	for _, names := range w.want {
		for _, n := range names {
			p.taken[strings.ToLower(n)] = true
		}
	}
	for _, m := range w.spanish {
		for _, es := range m {
			p.taken[strings.ToLower(es)] = true
		}
	}
	return p
}

// name is a word no list holds: Title case, or lower case for card types.
// A name the rules dropped may come back (the rules have brought names
// back); fresh is for a Spanish name, which must not read as a name its
// list ever had.
//
// Card types and supertypes share one namespace of constants (cardtype.
// Artifact, cardtype.Legendary): a name one list ever had in the other
// would give a constant twice, which gen refuses, so theirs are fresh.
func (p *pool) name(lower bool) string { return p.next(lower, lower) }

func (p *pool) fresh() string { return p.next(false, true) }

func (p *pool) next(lower, fresh bool) string {
	for {
		var n string
		if len(p.words) > 0 {
			n, p.words = p.words[0], p.words[1:]
		} else {
			p.n++
			n = fmt.Sprintf("Quokka%s", strings.Repeat("a", p.n))
		}
		if lower {
			n = strings.ToLower(n)
		}
		// Card types are also plural nouns in 205.3 ("Paragons have"):
		// keep to words whose plural is the word and an s.
		if lower && (strings.ContainsAny(n[len(n)-1:], "sxyz") || slices.Contains(ruleWords, n) || p.declared(title(n))) {
			continue
		}
		if !p.taken[strings.ToLower(n)] && !(fresh && p.ever[strings.ToLower(n)]) && !slices.Contains(goWords, title(n)) {
			p.taken[strings.ToLower(n)] = true
			return n
		}
	}
}

// declared reports whether a card type or category named t would give an
// identifier the generated packages declare by hand (a category "find"
// gives Find): gen refuses such a name, saying so (TestCollision...).
func (p *pool) declared(t string) bool {
	for _, id := range []string{t, "Find" + t, "Parse" + t, t + "Values", "Category" + t} {
		if p.idents[id] {
			return true
		}
	}
	return false
}

// ruleWords are the words of the list sentences themselves: a card type
// named "card" would make "The card types are" two lists.
var ruleWords = []string{"card", "super", "mana", "sub", "symbol", "other", "only", "one"}

// goWords are names that give a constant the identifier of a function gen
// writes beside it (a creature type "Values" gives CreatureValues): gen
// refuses them, saying so (TestCollisionWithHandWrittenCode).
var goWords = []string{"Values"}

// insert puts n at a random place of names.
func insert(r *rand.Rand, names []string, n string) []string {
	return slices.Insert(names, r.IntN(len(names)+1), n)
}

// oneWordCategories are the categories whose lists a change may edit:
// their names are one word (the creature list's two-word names have a
// sentence of their own, which stays).
func (w *world) editable(min int) []string {
	var out []string
	for _, c := range w.categories() {
		n := 0
		for _, name := range w.want[c] {
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

// The kinds of change a release can make, each applied to the plan's
// world; a kind that does not apply to the world returns "".
// changeKind is a kind of change a release makes: apply makes one in the
// step's world, saying what, or "" when the world leaves none to make.
type changeKind struct {
	name  string
	apply func(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string
}

var changeKinds = []changeKind{
	{"add names", addNames},
	{"remove names", removeNames},
	{"rename with evidence", renameName},
	{"move between categories", moveName},
	{"new category", newCategory},
	{"rename a category", renameCategory},
	{"drop a category", dropCategory},
	{"new group of mana symbols", newManaGroup},
	{"new keyword", newKeyword},
	{"retranslate", retranslate},
	{"reword beyond recognition", reword},
}

func addNames(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	var done []string
	for range 1 + r.IntN(3) {
		switch k := r.IntN(10); {
		case k < 6: // a subtype, most often a creature type
			c := "creature"
			if k >= 3 || len(w.want[c]) == 0 {
				c = pick(r, w.editable(1))
			}
			n := p.name(false)
			w.want[c] = insert(r, w.want[c], n)
			w.setEnglishList(t, c)
			done = append(done, c+" +"+n)
		case k < 8:
			n := p.name(true)
			w.want[snapshot.FactCardTypes] = insert(r, w.want[snapshot.FactCardTypes], n)
			w.setEnglishList(t, snapshot.FactCardTypes)
			done = append(done, "card type +"+n)
		default:
			n := p.name(true)
			w.want[snapshot.FactSupertypes] = insert(r, w.want[snapshot.FactSupertypes], n)
			w.setEnglishList(t, snapshot.FactSupertypes)
			done = append(done, "supertype +"+n)
		}
		s.names++
		s.lists++
	}
	return strings.Join(done, ", ")
}

func removeNames(t *testing.T, r *rand.Rand, p *pool, s *stepPlan) string {
	w := s.w
	cats := w.editable(5)
	if len(cats) == 0 {
		return ""
	}
	c := pick(r, cats)
	var done []string
	// Within what the guard lets a release drop unasked (three names, and
	// a quarter of a short list): more is a broken page until a
	// maintainer says otherwise.
	for range 1 + r.IntN(min(2, len(w.want[c])/4)) {
		var one []string
		for _, n := range w.want[c] {
			if !strings.Contains(n, " ") && !w.mentioned(n, w.rule[c]) {
				one = append(one, n)
			}
		}
		n := pick(r, one)
		w.want[c] = slices.DeleteFunc(w.want[c], func(x string) bool { return x == n })
		done = append(done, c+" -"+n)
		s.names++
	}
	w.setEnglishList(t, c)
	s.lists++
	return strings.Join(done, ", ")
}

var wordChars = func(r rune) bool { return unicode.IsLetter(r) || r == '’' || r == '-' }

// mentioned reports whether name is a word of an English rule other than
// except (its list), or of a sentence of except other than its list:
// what a rename's evidence is, and what a removal must leave alone.
func (w *world) mentioned(name, except string) bool {
	for n, text := range w.en {
		if n == except {
			if c := w.categoryOf(n); c != "" {
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

func (w *world) categoryOf(rule string) string {
	for c, r := range w.rule {
		if r == rule {
			return c
		}
	}
	return ""
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

// handWritten are the package-level identifiers of the hand-written files
// of the generated packages.
func handWritten(t *testing.T, project string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, pkg := range []string{"cardtype", "subtype"} {
		files, err := filepath.Glob(filepath.Join(project, "generated", pkg, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "tables.go" {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range parsed.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
					out[fn.Name.Name] = true
				}
				if g, ok := d.(*ast.GenDecl); ok {
					for _, sp := range g.Specs {
						switch sp := sp.(type) {
						case *ast.TypeSpec:
							out[sp.Name.Name] = true
						case *ast.ValueSpec:
							for _, n := range sp.Names {
								out[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return out
}
