package site

import (
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// history is one rule's life, as Edition.Trace gives it: the steps from
// where it came to where it went, and the number it had in each release.
type history struct {
	steps []ruletext.Step // dropped once its page is written
	// originDate, originNumber: the release and number it came in with;
	// ended the step that ended it (Removed or Merged), if any.
	originDate, originNumber string
	ended                    *ruletext.Step
	spans                    []span
	// path is its page (HistoryPath of its first step).
	path string
}

// span is a stretch of releases [from, to) that printed a rule under one
// number.
type span struct {
	from, to int
	number   string
}

// origin is the release and number the rule came in with: its identity.
func (h *history) origin() (date, number string) { return h.originDate, h.originNumber }

// id is the identity as the data beside the pages writes it
// ("2009-07-11/204.3k").
func (h *history) id() string { d, n := h.origin(); return d + "/" + n }

// last is its number in the last release that printed it, and whether
// that is the newest release.
func (h *history) last(rs *releaseSet) (number string, alive bool) {
	s := h.spans[len(h.spans)-1]
	return s.number, s.to == len(rs.all)
}

// end is the step that ended it (Removed or Merged), or nil.
func (h *history) end() *ruletext.Step { return h.ended }

// histories are every rule's history in a language: each rule of each
// release belongs to exactly one.
type histories struct {
	all []*history
	// at[i][number] is the history of the rule release i prints as
	// number.
	at []map[string]*history
	// numbers are every number any release printed, in the rules' order,
	// with the histories that held it, oldest first.
	numbers map[string][]*history
}

// traceAll traces every rule of every release, newest first: a rule no
// trace has reached yet is traced from there, and its trace claims each
// release and number it covers. A rule claimed twice, or left
// unclaimed, is an error: the record's pairing would then not be one.
func traceAll(rs *releaseSet, workers int) (*histories, error) {
	hs := &histories{at: make([]map[string]*history, len(rs.all)), numbers: map[string][]*history{}}
	for i := range hs.at {
		hs.at[i] = map[string]*history{}
	}
	for i := rs.newest(); i >= 0; i-- {
		e, err := rs.lang.AsOf(rs.date(i))
		if err != nil {
			return nil, err
		}
		var todo []string
		for _, n := range e.Numbers() {
			if hs.at[i][n] == nil {
				todo = append(todo, n)
			}
		}
		traced := make([]*history, len(todo))
		err = parallel(workers, len(todo), func(k int) error {
			steps, err := e.Trace(todo[k])
			if err != nil {
				return err
			}
			h, err := newHistory(rs, steps)
			traced[k] = h
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("site: tracing the rules of %s@%s: %w", rs.lang, rs.date(i), err)
		}
		for k, h := range traced {
			for _, s := range h.spans {
				for j := s.from; j < s.to; j++ {
					if other := hs.at[j][s.number]; other != nil {
						return nil, fmt.Errorf("site: rule %s of %s@%s belongs to two histories, %s's and %s's", s.number, rs.lang, rs.date(j), other.id(), h.id())
					}
					hs.at[j][s.number] = h
				}
			}
			if hs.at[i][todo[k]] != h {
				return nil, fmt.Errorf("site: the trace of rule %s of %s@%s does not hold it", todo[k], rs.lang, rs.date(i))
			}
			hs.all = append(hs.all, h)
		}
	}
	slices.SortFunc(hs.all, func(a, b *history) int {
		ad, an := a.origin()
		bd, bn := b.origin()
		if ad != bd {
			return cmpString(ad, bd)
		}
		return rulenum.Compare(an, bn)
	})
	for _, h := range hs.all {
		for _, s := range h.spans {
			if l := hs.numbers[s.number]; len(l) == 0 || l[len(l)-1] != h {
				hs.numbers[s.number] = append(l, h)
			}
		}
	}
	for n, l := range hs.numbers {
		slices.SortStableFunc(l, func(a, b *history) int { return firstOf(a, n) - firstOf(b, n) })
	}
	return hs, nil
}

// firstOf is the first release in which h held number n.
func firstOf(h *history, n string) int {
	for _, s := range h.spans {
		if s.number == n {
			return s.from
		}
	}
	return -1
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// newHistory reads a trace's spans: each step but the last holds its
// number until the next step; a last step that is not an end holds it
// to the newest release.
func newHistory(rs *releaseSet, steps []ruletext.Step) (*history, error) {
	if len(steps) == 0 {
		return nil, fmt.Errorf("an empty trace")
	}
	h := &history{steps: steps, originDate: steps[0].Release, originNumber: steps[0].Number}
	if s := steps[len(steps)-1]; s.Event == ruletext.Removed || s.Event == ruletext.Merged {
		h.ended = &ruletext.Step{Release: s.Release, Number: s.Number, Event: s.Event, Into: s.Into}
	}
	for k, s := range steps {
		if s.Event == ruletext.Removed || s.Event == ruletext.Merged {
			if k != len(steps)-1 {
				return nil, fmt.Errorf("rule %s: its trace goes on after it went in %s", s.Number, s.Release)
			}
			break
		}
		from, ok := rs.index[s.Release]
		if !ok {
			return nil, fmt.Errorf("rule %s: its trace names a release %s not recorded", s.Number, s.Release)
		}
		to := len(rs.all)
		if k+1 < len(steps) {
			to = rs.index[steps[k+1].Release]
		}
		if to <= from {
			return nil, fmt.Errorf("rule %s: its trace is out of order at %s", s.Number, s.Release)
		}
		if n := len(h.spans); n > 0 && h.spans[n-1].number == s.Number {
			h.spans[n-1].to = to
			continue
		}
		h.spans = append(h.spans, span{from: from, to: to, number: s.Number})
	}
	d, n := h.origin()
	h.path = HistoryPath(rs.lang, d, n)
	return h, nil
}
