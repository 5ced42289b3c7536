// Package token lists the predefined tokens of the Magic: The Gathering
// Comprehensive Rules (rule 111.10, since 2019-07-12: Treasure, Food,
// Gold, Walker, ...), each with what the rules say it is: its faces, one
// or two (Incubator), each with its colours, card types, subtypes, power
// and toughness, and abilities, as typed values of packages mana,
// cardtype and subtype (Faces); package color names the colours.
//
// ParseToken reads a name in any case, FindToken looks one up without an
// error, TokenValues lists today's tokens in rule order. As every
// generated package: a constant's number never changes, values encode as
// their English name and decode from a name or a JSON number, store in a
// database as their name (Value) and read back from a name or number
// (Scan), and Lives, ListedIn, TokenValuesAsOf and ParseTokenAsOf say
// what any release listed. No Spanish source names the tokens yet:
// Spanish returns "" until one does.
//
// cmd/gen writes tables.go from the snapshots; this file is hand-written.
package token

import (
	"slices"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// Effective returns the newest release the package's lists were read
// from (each list says its own: TokenList); not a newer release that did not
// read them.
func Effective() string {
	en, _ := rules.NewestOf(TokenList())
	return en
}

// NameError is the error of the Parse functions (rules.NameError).
type NameError = rules.NameError

// Face is one face of a predefined token, as rule 111.10 defines it.
type Face struct {
	// Name is the face's name when the rules give one other than the
	// token's ("Cursed" for the Cursed Role, "Phyrexian Token" for the
	// back of an Incubator); "" otherwise.
	Name       string
	Colors     mana.Colors // 0: colorless
	Supertypes []cardtype.Supertype
	CardTypes  []cardtype.CardType
	Subtypes   []subtype.Subtype
	// Power and Toughness as printed ("2", "0"), for a creature; "".
	Power, Toughness string
	// Abilities are the rules' words for its abilities: a keyword
	// ("enchant creature") or a quoted ability without its quotes.
	Abilities []string
}

// Faces returns the faces of the token, as the newest release listing it
// defines them: one, or two for a double-faced token (front first); none
// for no token. Each call builds new slices.
func (v Token) Faces() []Face {
	raw := tokenFaceTable(v)
	if raw == nil {
		return nil
	}
	out := make([]Face, len(raw))
	for i, f := range raw {
		out[i] = Face{
			Name: f.name, Supertypes: slices.Clone(f.supertypes), CardTypes: slices.Clone(f.cardTypes),
			Power: f.power, Toughness: f.toughness, Abilities: slices.Clone(f.abilities),
		}
		for _, l := range f.colors {
			out[i].Colors |= mana.ColorOfLetter(string(l))
		}
		for _, s := range f.subtypes {
			out[i].Subtypes = append(out[i].Subtypes, subtype.Of(s.cat, s.v))
		}
	}
	return out
}

// face is a face as tables.go holds it: static data, built into a Face
// by Faces.
type face struct {
	name             string
	colors           string // letters of 107.4a: "B"
	supertypes       []cardtype.Supertype
	cardTypes        []cardtype.CardType
	subtypes         []subtypeOf
	power, toughness string
	abilities        []string
}

// subtypeOf is a subtype as a constant can say it.
type subtypeOf struct {
	cat subtype.Category
	v   int
}

// TypeLine returns the face's types as package typeline's face, printed
// as a token card's type line is ("Token Artifact — Treasure"): Token set.
func (f Face) TypeLine() typeline.Face {
	return typeline.Face{
		Supertypes: slices.Clone(f.Supertypes), CardTypes: slices.Clone(f.CardTypes), Subtypes: slices.Clone(f.Subtypes), Token: true,
	}
}

// IsDoubleFaced reports whether the token has two faces (an Incubator).
func (v Token) IsDoubleFaced() bool { return len(tokenFaceTable(v)) == 2 }

func tokenFaceTable(v Token) []face {
	if int(v) < len(tokenFaces) {
		return tokenFaces[v]
	}
	return nil
}
