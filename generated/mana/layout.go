package mana

import "strconv"

// Layout is how a card with a cost of several faces ("{1}{G} // {G}")
// shares its characteristics among them, which decides its mana value and
// colours (in every zone but the stack) and what a player casts it for.
// " // " alone does not say it: card databases write an adventurer card's
// cost as they write a split card's. A Cost's own ManaValue and Colors
// read it as a split card (709.4b); Cost.As reads it by its layout.
type Layout uint8

// The layouts of cards whose cost has faces.
const (
	// Split is a split card (709): two halves on one face. Its mana value
	// and colours are those of its combined mana cost (709.4b); a player
	// casts one half (709.3), or, with fuse (702.102), both: its total
	// cost includes the mana cost of each half (702.102c). Aftermath
	// cards are split cards (702.127).
	Split Layout = iota + 1
	// Adventurer is an adventurer card (715): it has only its normal
	// characteristics in every zone but the stack, and on the stack when
	// not cast as an Adventure (715.4); its cost's first face is the
	// normal one. A player casts it normally or as an Adventure (715.3).
	Adventurer
	// ModalDoubleFaced is a modal double-faced card (712.3): outside the
	// battlefield and the stack it has only its front face's
	// characteristics (712.8a); a player casts either face.
	ModalDoubleFaced
	// Transforming is a transforming (nonmodal) double-faced card: it has
	// its front face's characteristics outside the battlefield and the
	// stack (712.8a), and its back face's mana value is its front face's
	// (712.8c, 712.8e). A player casts its front face.
	Transforming
	// Flip is a flip card (710): one mana cost, which does not change when
	// it flips (710.1c).
	Flip
)

var layoutNames = [...]string{"", "split", "adventurer", "modal double-faced", "transforming", "flip"}

// String is the layout's name: "adventurer".
func (l Layout) String() string {
	if int(l) < len(layoutNames) && l > 0 {
		return layoutNames[l]
	}
	return "Layout(" + strconv.Itoa(int(l)) + ")"
}

// As returns the cost whose mana value and colours are those of a card of
// layout l with cost c, in every zone but the stack: c whole for a split
// or flip card (709.4b, 710.1c), its first face for an adventurer or
// double-faced card (715.4, 712.8a). "{1}{G} // {G}" as an Adventurer has
// mana value 2; as a Split card, 3.
func (c Cost) As(l Layout) Cost {
	switch l {
	case Adventurer, ModalDoubleFaced, Transforming:
		if f := c.Faces(); len(f) > 0 {
			return f[0]
		}
	}
	return c
}

// CastAs returns the costs a player may cast a card of layout l with cost
// c for, each paid as a Cost of its own (PaymentOptions): each half of a
// split card (709.3), both halves together when the card has fuse
// (702.102c: what PaymentOptions of c whole pays); an adventurer card's
// normal cost and its Adventure's (715.3); either face of a modal
// double-faced card; the front face of a transforming card; a flip card's
// one cost. A face with no mana cost is the zero Cost: it cannot be cast
// for its mana cost.
func (c Cost) CastAs(l Layout, fuse bool) []Cost {
	faces := c.Faces()
	switch {
	case len(faces) < 2:
		return faces
	case l == Split && fuse:
		return append(faces, c)
	case l == Split, l == Adventurer, l == ModalDoubleFaced:
		return faces
	case l == Transforming:
		return faces[:1]
	}
	return []Cost{c}
}
