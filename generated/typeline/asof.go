package typeline

import (
	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
)

// Reading a line by the rules of a release (Options.AsOf): what today's
// reading takes from the vocabulary's Cur and from data.CategoriesOf, it
// asks the history instead. Today's reading pays nothing for it.

// checkDate refuses a release the history cannot answer.
func (o Options) checkDate() error {
	if o.AsOf == "" {
		return nil
	}
	if _, ok := rules.InForce(o.AsOf); !ok {
		return &rules.DateError{Pkg: "typeline", Date: o.AsOf}
	}
	return nil
}

// cur reports whether the rules the line is judged by list s: today's,
// or those in force on AsOf (a subtype only while its category is
// listed).
func (p *parser) cur(s *sense) bool {
	if p.AsOf == "" {
		return s.Cur
	}
	switch {
	case s.Form == formDropped:
		return false
	case s.Kind == kindSubtype && !catOf(s).ListedIn(p.AsOf):
		return false
	}
	return tableOf(s).ListedIn(int(s.V), p.AsOf)
}

// categoriesOf has bit c set when category c lists subtypes of card type
// ct in the rules the line is judged by (205.3d): creature types went
// with tribal until 2024-07-30.
func (p *parser) categoriesOf(ct cardtype.CardType) uint32 {
	if p.AsOf == "" {
		return data.CategoriesOf[ct]
	}
	var bits uint32
	for i := range data.Categories {
		if c := subtype.Category(i + 1); c.HasAsOf(ct, p.AsOf) {
			bits |= 1 << c
		}
	}
	return bits
}
