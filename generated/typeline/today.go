package typeline

import "slices"

// Renamed is one name of a line that Today replaced: the name the line
// held, the one the rules renamed it to, and when.
type Renamed struct {
	Face     int    // 1-based; 0 for a single-faced line
	From, To string // English names: "Tribal", "Kindred"
	Release  string // the release that renamed it
}

// maxRenames bounds the renames Today follows, should a table ever name
// renames in a loop.
const maxRenames = 64

// Today returns the line with every name the rules have renamed since
// (ReplacedBy: Tribal → Kindred; a name renamed twice, to the last) in
// its new name, and what it replaced, in line order.
// A name the rules dropped without renaming it stays, as it was: Check
// says what today's rules make of the line. A line holding no renamed
// name comes back as it is, with no replacement.
func (t TypeLine) Today() (TypeLine, []Renamed) {
	out := TypeLine{Faces: make([]Face, len(t.Faces)), Notes: slices.Clone(t.Notes)}
	var done []Renamed
	for i, f := range t.Faces {
		face := 0
		if len(t.Faces) > 1 {
			face = i + 1
		}
		g := Face{Token: f.Token}
		for _, s := range f.Supertypes {
			for r, ok := s.ReplacedBy(); ok && len(done) < maxRenames; r, ok = s.ReplacedBy() {
				when, _ := s.Removed()
				done = append(done, Renamed{face, s.String(), r.String(), when})
				s = r
			}
			g.Supertypes = append(g.Supertypes, s)
		}
		for _, c := range f.CardTypes {
			for r, ok := c.ReplacedBy(); ok && len(done) < maxRenames; r, ok = c.ReplacedBy() {
				when, _ := c.Removed()
				done = append(done, Renamed{face, c.String(), r.String(), when})
				c = r
			}
			g.CardTypes = append(g.CardTypes, c)
		}
		for _, s := range f.Subtypes {
			for r, ok := s.ReplacedBy(); ok && len(done) < maxRenames; r, ok = s.ReplacedBy() {
				when, _ := s.Removed()
				done = append(done, Renamed{face, s.String(), r.String(), when})
				s = r
			}
			g.Subtypes = append(g.Subtypes, s)
		}
		out.Faces[i] = g
	}
	return out, done
}
