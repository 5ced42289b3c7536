package gen

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"
)

// Ident derives the Go identifier of a printed name: words (split at
// spaces and hyphens) capitalised and joined, apostrophes dropped, behind a
// prefix ("Creature" + "Time Lord" → CreatureTimeLord, "Land" + "Urza’s" →
// LandUrzas). It is the only place identifiers are made. A name that leaves
// no usable identifier is an error, never a silent substitute.
func Ident(prefix, name string) (string, error) {
	var b strings.Builder
	b.WriteString(prefix)
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' })
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

func (s identSet) add(prefix, name, what string) (string, error) {
	id, err := Ident(prefix, name)
	if err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	if prev, dup := s[id]; dup {
		return "", fmt.Errorf("%s %q and %s both give the identifier %s: rename one in the generator's prefixes", what, name, prev, id)
	}
	s[id] = fmt.Sprintf("%s %q", what, name)
	return id, nil
}
