package gen

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"
)

// Ident derives the Go identifier of a printed name: words (split at
// spaces and hyphens) capitalised and joined, apostrophes dropped, behind a
// prefix ("Creature" + "Time Lord" → CreatureTimeLord, "Land" + "Urza’s" →
// LandUrzas). It is the only place identifiers are made. A name that leaves
// no usable identifier is an error, never a silent substitute.
//
// Names that are titles of the rules' sections (keywords) may carry
// punctuation and a gloss: the punctuation is dropped ("For Mirrodin!" →
// ForMirrodin), and a name written in no letters of its own takes its
// gloss ("∞ (Infinity)" → Infinity); a gloss beside a name of letters is
// dropped ("Alara (Plane)" → Alara). Other punctuation is refused.
func Ident(prefix, name string) (string, error) {
	var b strings.Builder
	b.WriteString(prefix)
	words := strings.FieldsFunc(spoken(name), func(r rune) bool { return r == ' ' || r == '-' })
	for _, w := range words {
		w = strings.NewReplacer("’", "", "'", "").Replace(w)
		for i, r := range w {
			if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
				return "", fmt.Errorf("name %q: %q cannot be part of a Go identifier", name, r)
			}
			if i == 0 {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
		}
	}
	id := b.String()
	switch {
	case id == prefix:
		return "", fmt.Errorf("name %q gives no identifier", name)
	case !token.IsIdentifier(id) || token.IsKeyword(id):
		return "", fmt.Errorf("name %q gives %q, which is not a usable Go identifier", name, id)
	case !token.IsExported(id):
		return "", fmt.Errorf("name %q gives %q, which is not exported", name, id)
	}
	return id, nil
}

// identSet hands out identifiers and refuses collisions.
type identSet map[string]string // identifier → what it names

// reservedBy begins what a reserved identifier names: the enum type
// whose type or functions it is.
const reservedBy = "reserved by "

// reserve keeps the identifiers of the enum types ts and their functions
// from the names of the rules.
func (s identSet) reserve(ts ...string) identSet {
	for _, t := range ts {
		for _, id := range funcsOf(t).reserved(t) {
			s[id] = reservedBy + t
		}
	}
	return s
}

func (s identSet) add(prefix, name, what string) (string, error) {
	id, err := Ident(prefix, name)
	if err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	if reason, taken := s[id]; taken && strings.HasPrefix(reason, reservedBy) {
		// A name that gives a type or function of the package (a
		// predefined token "Token", a keyword action "List"): the type
		// after it tells them apart, the same for every release.
		id += strings.TrimPrefix(reason, reservedBy)
	}
	if prev, dup := s[id]; dup {
		return "", fmt.Errorf("%s %q and %s both give the identifier %s: rename one in the generator's prefixes", what, name, prev, id)
	}
	s[id] = fmt.Sprintf("%s %q", what, name)
	return id, nil
}

// spoken is the part of a name an identifier is made of: without its
// exclamation or question mark, and the gloss in parentheses when the
// rest has no letter.
func spoken(name string) string {
	base, gloss := name, ""
	if i := strings.IndexByte(name, '('); i >= 0 && strings.HasSuffix(name, ")") {
		base, gloss = strings.TrimSpace(name[:i]), name[i+1:len(name)-1]
	}
	if !strings.ContainsFunc(base, func(r rune) bool { return r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) }) && gloss != "" {
		base = gloss
	}
	return strings.Map(func(r rune) rune {
		if r == '!' || r == '?' {
			return -1
		}
		return r
	}, base)
}

// Spellings are the ways a keyword's name can be written besides the
// rules' title: without its punctuation ("For Mirrodin"), its name and its
// gloss apart ("∞", "Infinity"). Lookups find the keyword by any.
func Spellings(name string) []string {
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && s != name && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if i := strings.IndexByte(name, '('); i >= 0 && strings.HasSuffix(name, ")") {
		add(name[:i])
		add(name[i+1 : len(name)-1])
	}
	add(strings.Map(func(r rune) rune {
		if strings.ContainsRune("!?", r) {
			return -1
		}
		return r
	}, name))
	return out
}
