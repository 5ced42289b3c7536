package subtype

import (
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
)

// IsBasic reports whether rule 205.3i names v a basic land type today
// (see BasicLandValues); it answers by today's rules for data of any age.
// It allocates nothing.
func (v Land) IsBasic() bool {
	m := basicMember(v)
	return m != nil && m.Removed == ""
}

// BasicSince returns the first release whose rule 205.3i named v a basic
// land type; named is false for a land type no release has named basic.
// The rules named none before 2022-09-08, so that is the release it gives
// for each land type that release named basic.
func (v Land) BasicSince() (release string, named bool) {
	if m := basicMember(v); m != nil {
		return m.Since, true
	}
	return "", false
}

// BasicLandValues returns the land types rule 205.3i names basic today, in
// rule order ("Of that list, Forest, Island, Mountain, Plains, and Swamp
// are the basic land types"). The rules have named them so since the
// release of 2022-09-08; no earlier release says which land types are
// basic, though cards printed Basic Land — Forest from the start. So for
// data of older rules, IsBasic still answers by today's rules, and
// BasicSince gives the release that first named a land type basic, not
// when cards began to treat it so.
func BasicLandValues() []Land {
	var out []Land
	for _, m := range data.BasicLands {
		if m.Removed == "" {
			out = append(out, Land(m.V))
		}
	}
	return out
}

func basicMember(v Land) *enum.Member {
	for i := range data.BasicLands {
		if data.BasicLands[i].V == int(v) {
			return &data.BasicLands[i]
		}
	}
	return nil
}
