package future

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

	"github.com/mtgrules/crgen/internal/gen"
)

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

func newPool(project string, w *World, r *rand.Rand, rec *gen.Record) (*pool, error) {
	idents, err := handWritten(project)
	if err != nil {
		return nil, err
	}
	p := &pool{taken: map[string]bool{}, ever: map[string]bool{}, idents: idents}
	for _, list := range rec.Lists() {
		for _, e := range rec.Entries(list) {
			p.ever[strings.ToLower(e.Name)] = true
		}
	}
	seen := map[string]bool{}
	err = filepath.WalkDir(project, func(path string, d os.DirEntry, err error) error {
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
		return nil, err
	}
	slices.Sort(p.words)
	r.Shuffle(len(p.words), func(i, j int) { p.words[i], p.words[j] = p.words[j], p.words[i] })
	for _, names := range w.Want {
		for _, n := range names {
			p.taken[strings.ToLower(n)] = true
		}
	}
	for _, m := range w.Spanish {
		for _, es := range m {
			p.taken[strings.ToLower(es)] = true
		}
	}
	return p, nil
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

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// handWritten are the package-level identifiers of the hand-written files
// of the generated packages.
func handWritten(project string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, pkg := range []string{"cardtype", "subtype"} {
		files, err := filepath.Glob(filepath.Join(project, "generated", pkg, "*.go"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "tables.go" {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
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
	return out, nil
}
