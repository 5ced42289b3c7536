package rulebook

import "slices"

// PairAmendment is how the pairs a maintainer set for one release
// (scrape pair, Pairing.Amended) differ between two records of a book:
// the pairs set, and those dropped. A reviewer sees it as an amendment of
// a recorded release is seen: the rules' words did not change, the
// record of which rule is which did.
type PairAmendment struct {
	Lang    string `json:"lang"`
	Release string `json:"release"`
	Set     []Move `json:"set"`
	Dropped []Move `json:"dropped"`
}

// pairAmendments lists, release by release, how the amended pairs of the
// book cur differ from those of the book old (none for a release old
// lacks).
func pairAmendments(old, cur *Book) []PairAmendment {
	var out []PairAmendment
	for _, r := range cur.Releases {
		var was []Move
		if i := old.indexOf(r.Date); i >= 0 {
			was = old.Releases[i].Amended
		}
		a := PairAmendment{Lang: cur.Lang, Release: r.Date, Set: []Move{}, Dropped: []Move{}}
		for _, m := range r.Amended {
			if !slices.Contains(was, m) {
				a.Set = append(a.Set, m)
			}
		}
		for _, m := range was {
			if !slices.Contains(r.Amended, m) {
				a.Dropped = append(a.Dropped, m)
			}
		}
		if len(a.Set)+len(a.Dropped) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// String is a pair as a reviewer reads it: "702.12 → 702.13", "702.12 →
// (none)" for a rule not in the release, "(new) → 702.13" for a new one.
func (m Move) String() string {
	from, to := m.From, m.To
	if from == "" {
		from = "(new)"
	}
	if to == "" {
		to = "(none)"
	}
	return from + " → " + to
}
