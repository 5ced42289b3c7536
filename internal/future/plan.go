package future

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Future is one future to rehearse: its seed draws the names and the
// places of the changes; its releases, when given, fix the kinds of
// change each makes, which the seed draws otherwise.
type Future struct {
	Seed     uint64
	Releases []Release
}

// Release fixes what one release of a future does.
type Release struct {
	Changes []string // names of Kinds, made in this order
	// Spanish: its Spanish page comes with it; Late: the Spanish page of
	// the release before comes after it; Probe: a rewording is tried
	// first and must be refused.
	Spanish, Late, Probe bool
}

// Step is one release of a future: changes to the English rules, and how
// the release is published.
type Step struct {
	W       *World
	Changes []string // what was changed, for the log and the replay
	// Refuse, when set, is a rewording the pipeline must refuse: the
	// release with it is tried first, and must fail saying RefuseWords.
	Refuse      []byte
	RefuseWords string
	// Dropped is a category the release drops: the guard refuses it until
	// -allow-shrink, as a maintainer would rerun it.
	Dropped string
	// Spanish: the Spanish page of this release comes with it; Late: the
	// Spanish page of the release before comes after it.
	Spanish, Late bool
	// Page: the English 205.3 page of this release is published first, as
	// rules sites publish it before the TXT; the TXT then completes the
	// release recorded from it. Completes names the release the TXT
	// completes ("" when it adds one).
	Page      bool
	Completes string
	// Amends names the release whose official TXT, Amendment, is read
	// again with a correction and imported on purpose (scrape import
	// -amend); the step adds no release.
	Amends    string
	Amendment []byte
	Before    []string // the categories of the release before
	// Names counts the names added, removed, renamed or moved; Categories
	// the categories added; Lists the lists touched; Keywords the keyword
	// actions and abilities added (their verbs and forms): the bound on
	// the lines of generated/ the release may change.
	Names, Categories, Lists, Keywords int
	first                              bool   // the future's first release
	prevDate                           string // the date of the release before
}

// Plan derives the releases of one future from the tree at project (its
// snapshots in store, its values record under generated/).
func Plan(project string, store snapshot.Store, fu Future) (steps []*Step, err error) {
	defer catch(&err)
	r := rand.New(rand.NewPCG(fu.Seed, 0x6675747572657321))
	prev, err := Base(store)
	if err != nil {
		return nil, err
	}
	rec, err := gen.LoadRecord(filepath.Join(filepath.Dir(store.Dir), "generated", gen.RecordFile))
	if err != nil {
		return nil, err
	}
	p, err := newPool(project, prev, r, rec)
	if err != nil {
		return nil, err
	}
	releases := fu.Releases
	if releases == nil {
		releases = drawReleases(r)
	}
	for i, rel := range releases {
		s := &Step{W: prev.Clone(), Before: prev.Categories(), first: i == 0, prevDate: prev.Date}
		s.W.Date = after(prev.Date, 14+r.IntN(60))
		for _, own := range []string{KindComplete, KindAmend} {
			if slices.Contains(rel.Changes, own) && len(rel.Changes) > 1 {
				failf("future %d, release %d: %q is a release of its own (%q)", fu.Seed, i+1, own, rel.Changes)
			}
		}
		for _, name := range rel.Changes {
			k := slices.IndexFunc(Kinds, func(k Kind) bool { return k.Name == name })
			if k < 0 {
				failf("future %d: no change of kind %q", fu.Seed, name)
			}
			if d := Kinds[k].apply(r, p, s); d != "" {
				s.Changes = append(s.Changes, name+": "+d)
			} else if fu.Releases != nil {
				failf("future %d, release %d: the tree leaves no %q to make", fu.Seed, i+1, name)
			}
		}
		if len(s.Changes) == 0 {
			s.Changes = append(s.Changes, KindAddNames+": "+addNames(r, p, s))
		}
		if s.Amends == "" {
			s.W.lastTXT = s.W.Date // its TXT is imported
		}
		s.Spanish = s.Spanish || rel.Spanish
		s.Late = i > 0 && !steps[i-1].Spanish && rel.Late
		if rel.Probe {
			s.Changes = append(s.Changes, "probe: "+reword(r, p, s))
		}
		steps = append(steps, s)
		prev = s.W
	}
	return steps, nil
}

// drawReleases draws the releases of a future: one or two, each making
// one to four kinds of change (or completing a release), its Spanish
// page with it or not, the one before late or not, and now and then a
// rewording to refuse first.
func drawReleases(r *rand.Rand) []Release {
	out := make([]Release, 1+r.IntN(2))
	drawn := slices.DeleteFunc(slices.Clone(Kinds), func(k Kind) bool {
		return k.Name == KindReword || k.Name == KindComplete || k.Name == KindAmend
	})
	for i := range out {
		if r.IntN(6) == 0 {
			out[i].Changes = []string{KindComplete}
			if r.IntN(3) == 0 {
				out[i].Changes = []string{KindAmend}
			}
			continue
		}
		for _, k := range r.Perm(len(drawn))[:1+r.IntN(4)] {
			out[i].Changes = append(out[i].Changes, drawn[k].Name)
		}
		out[i].Spanish = r.IntN(2) == 0
		out[i].Late = r.IntN(2) == 0
		out[i].Probe = r.IntN(4) == 0
	}
	return out
}

// Describe says what the releases of a future do, one change a line.
func Describe(seed uint64, steps []*Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "future %d:\n", seed)
	for i, s := range steps {
		fmt.Fprintf(&b, "  release %d, en@%s", i+1, s.W.Date)
		if s.Page {
			b.WriteString(", its English 205.3 page first")
		}
		if s.Completes != "" {
			fmt.Fprintf(&b, ", an official TXT completing en@%s", s.Completes)
		}
		if s.Amends != "" {
			fmt.Fprintf(&b, ", no new release: the official TXT of en@%s read again, amending it", s.Amends)
		}
		if s.Spanish {
			b.WriteString(", with its Spanish page")
		}
		if s.Late {
			fmt.Fprintf(&b, ", then the Spanish page of en@%s", steps[i-1].W.Date)
		}
		b.WriteString("\n")
		for _, c := range s.Changes {
			fmt.Fprintf(&b, "    %s\n", c)
		}
	}
	return b.String()
}

// Kinds made, for the check that a set of futures makes every kind: the
// kinds of change, and "two in a row", "Spanish late", "probe".
func Made(steps []*Step) []string {
	var out []string
	if len(steps) > 1 {
		out = append(out, "two in a row")
	}
	for _, s := range steps {
		if s.Late {
			out = append(out, "Spanish late")
		}
		for _, c := range s.Changes {
			kind, _, _ := strings.Cut(c, ":")
			out = append(out, kind)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// after is the date days after date (YYYY-MM-DD).
func after(date string, days int) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		failf("date %q: %v", date, err)
	}
	return d.AddDate(0, 0, days).Format(time.DateOnly)
}
