package typeline

// IsPermanent reports whether a card or token of the face is a permanent
// on the battlefield (rule 110.4): one of its card types is a permanent
// type the rules list today (a kindred face by its other card type).
func (f Face) IsPermanent() bool {
	for _, t := range f.CardTypes {
		if t.IsPermanent() {
			return true
		}
	}
	return false
}

// IsPermanent reports whether the card of the line is a permanent on the
// battlefield: its first face is (the front face of a double-faced card,
// an adventurer's creature, a Room's door; a split card of an instant and
// a sorcery is not). The zero TypeLine is not.
func (t TypeLine) IsPermanent() bool { return len(t.Faces) > 0 && t.Faces[0].IsPermanent() }
