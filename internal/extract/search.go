package extract

import (
	"slices"
	"strings"
)

// The readers of keyword forms look for phrases (" is a designation",
// " means ", "“") in every subrule of 701 and 702 a release has.
// strings.Index finds the first byte of its phrase with IndexByte and
// gives up on that once the byte turns up often, comparing at every
// position instead: in English text, a phrase that starts with a space or
// a common letter costs a comparison per byte of the rule. Looking for
// the phrase's rarest byte instead (as Rust's memchr::memmem does) lets
// IndexByte skip most of the text: a rule without a "g" holds no
// designation.

// byteRank orders bytes by how often they occur in the rules' English
// text, commonest first (counted on the release of 2026-02-27: a space
// is 16% of it, "k" 0.47%); a byte not listed (capitals but a few, most
// punctuation, the last byte of “, ” and ’) is rarer than every listed one.
const byteRank = " etarnoislchdpufm.ybg\n\xe2\x80,wv10k"

// rarity is the rank of each byte in byteRank, len(byteRank) for one it
// does not list: a table built without allocating.
var rarity = func() (r [256]uint8) {
	for i := range r {
		r[i] = uint8(len(byteRank))
	}
	for i := 0; i < len(byteRank); i++ {
		r[byteRank[i]] = uint8(i)
	}
	return r
}()

// rarest is the position in substr of its rarest byte: the last of the
// rarest (a phrase's end tells it from its neighbours more often than its
// start).
func rarest(substr string) int {
	k := 0
	for i := 1; i < len(substr); i++ {
		if rarity[substr[i]] >= rarity[substr[k]] {
			k = i
		}
	}
	return k
}

// A needle is a phrase looked for in the rules' text, with the position
// of its rarest byte, found once: the readers' phrases are package
// variables.
type needle struct {
	s    string
	rare int
}

func newNeedle(s string) needle { return needle{s, rarest(s)} }

// index is strings.Index(s, n.s) for the rules' text: the candidates are
// where the needle's rarest byte is. Where that byte proves common after
// all, it leaves the rest to strings.Index, as strings.Index itself does.
func (n needle) index(s string) int {
	size, k := len(n.s), n.rare
	if size <= 1 || size > len(s) {
		return strings.Index(s, n.s)
	}
	c := n.s[k]
	last := len(s) - size + k // the last place c may be
	for i, fails := k, 0; i <= last; i++ {
		j := strings.IndexByte(s[i:last+1], c)
		if j < 0 {
			return -1
		}
		i += j
		if s[i-k:i-k+size] == n.s {
			return i - k
		}
		if fails++; fails > 8+(i>>4) {
			if j := strings.Index(s[i-k+1:], n.s); j >= 0 {
				return i - k + 1 + j
			}
			return -1
		}
	}
	return -1
}

// in reports whether s holds the needle.
func (n needle) in(s string) bool { return n.index(s) >= 0 }

// needles are phrases looked for together, for any of them: those whose
// rarest byte is the same are found in one scan for it.
type needles []needleGroup

type needleGroup struct {
	c  byte
	of []needle // each with c at its rare position
}

func newNeedles(phrases ...string) needles {
	var out needles
	for _, p := range phrases {
		n := newNeedle(p)
		c := p[n.rare]
		i := slices.IndexFunc(out, func(g needleGroup) bool { return g.c == c })
		if i < 0 {
			i = len(out)
			out = append(out, needleGroup{c: c})
		}
		out[i].of = append(out[i].of, n)
	}
	return out
}

// in reports whether s holds any of the needles. Where a group's byte
// proves common, it leaves the group to strings.Contains.
func (ns needles) in(s string) bool {
	for _, g := range ns {
		for i, fails := 0, 0; i < len(s); i++ {
			j := strings.IndexByte(s[i:], g.c)
			if j < 0 {
				break
			}
			i += j
			for _, n := range g.of {
				if start := i - n.rare; start >= 0 && start+len(n.s) <= len(s) && s[start:start+len(n.s)] == n.s {
					return true
				}
			}
			if fails++; fails > 8+(i>>4) {
				for _, n := range g.of {
					if strings.Contains(s, n.s) {
						return true
					}
				}
				break
			}
		}
	}
	return false
}
