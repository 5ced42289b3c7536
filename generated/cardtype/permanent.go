package cardtype

// IsPermanent reports whether the rules list today a permanent type of
// t's name (rule 110.4: artifact, battle, creature, enchantment, land,
// planeswalker): whether a card of that type can be a permanent. An
// instant, a sorcery or a kindred card is not (a kindred card is a
// permanent only by its other type).
func (t CardType) IsPermanent() bool {
	for _, p := range permanentTypeOrder {
		if p.CardType() == t {
			return true
		}
	}
	return false
}
