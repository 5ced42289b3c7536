package keyword

import (
	"github.com/mtgrules/crgen/generated/token"
	"github.com/mtgrules/crgen/internal/kwform"
)

// What the reader finds in card text, by its first word: cmd/gen lays out
// every word that begins a form, a verb form of an action, a
// designation, an ability word or a token's name (firstWords,
// tables.go), each a token of kwform.Lex as its key, with the words after
// it, so that a line's word is looked up once and every comparison is of
// a token with a token.

// refKind is what a word begins.
type refKind uint8

const (
	refForm        refKind = iota + 1 // a form of a keyword ability: abilityForms[ability][form]
	refVerb                           // a verb form of a keyword action ("scries", "venture into the dungeon")
	refDesignation                    // a designation a keyword gives ("suspected", 701.60b)
	refAbilityWord                    // an ability word ("descend 4")
	refToken                          // a predefined token's name ("treasure")
)

// ref is one thing a word begins, and the words after it (keys).
type ref struct {
	kind    refKind
	past    bool  // refVerb: a past form ("tapped"), which may stand before a noun
	form    uint8 // refForm: the form's index among its ability's
	of      Kind  // refDesignation: KindAction or KindAbility
	ability Ability
	action  Action
	word    AbilityWord
	token   token.Token
	words   []string
	rule    string // refDesignation: the subrule that names it
}

// through is a keyword action another's rule defines it through, and
// the subrule saying so (actionThrough, tables.go).
type through struct {
	action Action
	rule   string
}

// firstWord is a word of firstWords: its key, and what it begins.
type firstWord struct {
	key  string
	refs []ref
}

// refsAt is what the token at i begins: none for a token of no text or
// a word that begins nothing.
func (s *scan) refsAt(t []kwform.Token, i int) []ref {
	if i >= len(t) || !t[i].HasText() {
		return nil
	}
	w := s.src[t[i].Start:t[i].End]
	const mask = len(firstWords) - 1
	for k := int(kwform.Hash(w)) & mask; ; k = (k + 1) & mask {
		e := &firstWords[k]
		if e.key == "" {
			return nil
		}
		if kwform.Equal(w, e.key) {
			return e.refs
		}
	}
}

// wordsAt reports whether the tokens from i are words, each a token
// whose key is the word's, and returns the token after them.
func (s *scan) wordsAt(t []kwform.Token, i int, words []string) (int, bool) {
	for _, w := range words {
		if i >= len(t) || !kwform.Equal(s.src[t[i].Start:t[i].End], w) {
			return i, false
		}
		i++
	}
	return i, true
}
