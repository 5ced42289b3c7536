package rulebook

import "fmt"

// What an amendment of a recorded release (scrape import -amend) leaves
// beside its corrected text: the copy it was read from, and the
// releases of rule pages after it, which take its correction.

// followers are the follows of an amendment of p's release: each
// release recorded from rule pages right after it takes what it did not
// hold (a rule outside its pages, when rules is set; every heading and
// term) from the release before it, as AddPages recorded it.
func (b *Book) followers(p placement, rules bool) placement {
	if !p.replaced {
		return p
	}
	p.follows = func(j int, n string) bool {
		r := b.Releases[j]
		return r.Source == "pages" && (!rules || !heldBy(n, r.Holds))
	}
	return p
}

// Followers are the releases after the release of date that take, from
// it, what their rule pages do not hold: an amendment of it changes them
// there too.
func (b *Book) Followers(date string) []string {
	var out []string
	i := b.indexOf(date)
	for j := i + 1; i >= 0 && j < len(b.Releases) && b.Releases[j].Source == "pages"; j++ {
		out = append(out, b.Releases[j].Date)
	}
	return out
}

// SetReadFrom records that release date was recorded, by an amendment,
// from the official text of digest sum (Release.ReadFrom).
func (b *Book) SetReadFrom(date, sum string) error {
	i := b.indexOf(date)
	if i < 0 {
		return fmt.Errorf("%s@%s is not recorded", b.Lang, date)
	}
	b.Releases[i].ReadFrom = sum
	return nil
}
