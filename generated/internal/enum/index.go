package enum

import (
	"fmt"
	"math/bits"
	"strings"
)

// Index maps names to values, ignoring case, with no allocation on any
// lookup. It is built once (at package initialisation) from the names the
// generator wrote, so generated files hold only data and a rules update
// changes a handful of their lines.
//
// Design: one open-addressing table. Names are read as two 8-byte words
// (the first and last 8 bytes; fewer for short names), so a name of up to
// 16 bytes is compared as two words, never byte by byte. The hash reads
// the words with the case bit (0x20) of every byte set, so "GOBLIN" and
// "Goblin" land on the same slot: two independent products, no table of
// displacements to read first. A slot keeps the words as printed, checked
// first (the common case), and which of their bytes are letters, so that
// "GOBLIN" matches Goblin but "Assembly\x0dWorker" does not match
// Assembly-Worker. The table is at least twice the names, so a lookup
// almost always reads one slot; the builder tries a few seeds and keeps
// the one with the fewest extra probes. Slots are 24 bytes.
type Index struct {
	slots []slot
	long  []string // printed keys longer than 16 bytes, by slot.long-1
	shift uint     // 64 - log2(table size)
	seed  uint64
}

type slot struct {
	a, b    uint64 // words of the key as printed
	letters uint16 // bit i: byte i of a is a cased letter; bit 8+i: byte i of b
	v       uint16
	long    uint16 // index+1 into Index.long for keys over 16 bytes
	n       uint8  // key length in bytes; 0 marks an empty slot
	marked  bool   // the value was marked when built (Builder.Mark)
}

// maxKey is the longest name an index holds (slot.n is a byte).
const maxKey = 255

// maxValue is the largest value an index holds (slot.v).
const maxValue = 1<<16 - 1

const (
	caseBits = 0x2020202020202020
	mulA     = 0x9E3779B97F4A7C15
	mulB     = 0xC2B2AE3D27D4EB4F
	mulC     = 0xD6E8FEB86659FD93
)

// words returns the words a name is hashed and compared by: its first and
// last 8 bytes (overlapping when shorter than 16), its first and last 4
// for 4 to 7 bytes, or its bytes packed for 1 to 3; and the masks that set
// the case bit of exactly those bytes.
func words(s string) (a, b, ma, mb uint64) {
	n := len(s)
	switch {
	case n >= 8:
		return le64(s[:8]), le64(s[n-8:]), caseBits, caseBits
	case n >= 4:
		return le32(s[:4]), le32(s[n-4:]), 0x20202020, 0x20202020
	case n > 0:
		return uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1]), 0, 0x202020, 0
	}
	return 0, 0, 0, 0
}

func le64(b string) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func le32(b string) uint64 {
	_ = b[3]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
}

// hash spreads a name's folded words over a table of 1<<(64-shift)
// slots: two independent products (so every bit of each word reaches the
// top bits, which pick the slot) and the length; a name over 16 bytes
// mixes its middle into the first word.
func (x *Index) hash(n int, a, b uint64) uint64 {
	return ((a^x.seed)*mulA ^ (b+uint64(n))*mulB) >> (x.shift & 63)
}

// middle mixes the middle of a name longer than 16 bytes, 8 bytes at a
// time with the case bit set: two long names alike at both ends must hash
// apart.
func middle(seed uint64, s string) uint64 {
	n := len(s)
	i := 8
	for ; i+8 <= n-8; i += 8 {
		hi, lo := bits.Mul64(seed^(le64(s[i:i+8])|caseBits)^mulB, mulA)
		seed = hi ^ lo
	}
	if i < n-8 {
		hi, lo := bits.Mul64(seed^(le64(s[n-16:n-8])|caseBits)^mulB, mulA)
		seed = hi ^ lo
	}
	return seed
}

// Lookup returns the value of name: its printed form in any case (ASCII
// and Latin-1 letters), with the straight or the curly apostrophe where
// the printed form has one. It allocates nothing.
func (x *Index) Lookup(name string) (int, bool) {
	v := x.find(name, false)
	return v, v != 0
}

// Find is Lookup for marked values only (a table marks the names the
// rules list today).
//
// Lookup, Find and FindValue are one call each, small enough to inline;
// the generated FindX, over FindValue, inline too: a lookup from user
// code is one call.
func (x *Index) Find(name string) (int, bool) {
	v := x.find(name, true)
	return v, v != 0
}

// FindValue is Find with 0 for no name (values start at 1): one result
// keeps the generated FindX over it small enough to inline.
func (x *Index) FindValue(name string) int { return x.find(name, true) }

// hit is what a lookup that found slot sl returns: its value, or 0.
func hit(sl *slot, markedOnly bool) int {
	if markedOnly && !sl.marked {
		return 0
	}
	return int(sl.v)
}

// find returns the value of name, or 0 (values start at 1).
func (x *Index) find(name string, markedOnly bool) int {
	n := len(name)
	if uint(n-1) >= 16 || len(x.slots) == 0 {
		return x.findLong(name, markedOnly)
	}
	// The words of words, inline, and no call on this path: it is the hot
	// one.
	var a, b uint64
	switch {
	case n >= 8:
		a, b = le64(name), le64(name[n-8:])
	case n >= 4:
		a, b = le32(name), le32(name[n-4:])
	default:
		a = uint64(name[0])<<16 | uint64(name[n>>1])<<8 | uint64(name[n-1])
	}
	mask := uint64(len(x.slots) - 1)
	for p := x.hash(n, a|caseBits, b|caseBits); ; p = (p + 1) & mask {
		sl := &x.slots[p]
		// As printed, or equal but for the case bit of letters.
		if sl.a == a && sl.b == b && int(sl.n) == n {
			return hit(sl, markedOnly)
		}
		if int(sl.n) == n && (a^sl.a)&^spread[sl.letters&0xFF] == 0 && (b^sl.b)&^spread[sl.letters>>8] == 0 {
			return hit(sl, markedOnly)
		}
		if sl.n == 0 {
			return 0
		}
	}
}

// findLong finds a name over 16 bytes: hashed with its middle, compared
// whole.
func (x *Index) findLong(name string, markedOnly bool) int {
	n := len(name)
	if n <= 16 || n > maxKey || len(x.slots) == 0 {
		return 0
	}
	a, b := le64(name), le64(name[n-8:])
	mask := uint64(len(x.slots) - 1)
	for p := x.hash(n, (a|caseBits)^middle(x.seed, name), b|caseBits); ; p = (p + 1) & mask {
		sl := &x.slots[p]
		if int(sl.n) == n && (x.long[sl.long-1] == name || equalFold(name, x.long[sl.long-1])) {
			return hit(sl, markedOnly)
		}
		if sl.n == 0 {
			return 0
		}
	}
}

// spread[m] has 0x20 in byte i for each bit i of m: a slot keeps which
// bytes of its words are letters as 16 bits, not two 8-byte masks.
var spread = func() (t [256]uint64) {
	for m := range t {
		for i := range 8 {
			if m&(1<<i) != 0 {
				t[m] |= 0x20 << (8 * i)
			}
		}
	}
	return t
}()

// letterBits packs two letter masks (0x20 per letter byte) into 16 bits.
func letterBits(la, lb uint64) uint16 {
	var m uint16
	for i := range 8 {
		if la>>(8*i)&0x20 != 0 {
			m |= 1 << i
		}
		if lb>>(8*i)&0x20 != 0 {
			m |= 1 << (8 + i)
		}
	}
	return m
}

// letterMask has 0x20 in each byte of s that is a cased letter: ASCII A-Z
// and a-z, and the second byte of a Latin-1 letter (U+00C0 to U+00FE but
// × and ÷), whose upper and lower case differ in that bit.
func letterMask(s string) (ma, mb uint64) {
	mask := func(i int) uint64 {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z':
			return 0x20
		case i > 0 && s[i-1] == 0xC3 && latin1Letter(c):
			return 0x20
		}
		return 0
	}
	n := len(s)
	switch {
	case n >= 8:
		for i := range 8 {
			ma |= mask(i) << (8 * i)
			mb |= mask(n-8+i) << (8 * i)
		}
	case n >= 4:
		for i := range 4 {
			ma |= mask(i) << (8 * i)
			mb |= mask(n-4+i) << (8 * i)
		}
	case n > 0:
		ma = mask(0)<<16 | mask(n>>1)<<8 | mask(n-1)
	}
	return ma, mb
}

// latin1Letter reports whether c, following 0xC3, is the second byte of a
// Latin-1 letter with a case pair (À..Þ, à..þ, but × and ÷).
func latin1Letter(c byte) bool {
	return (0x80 <= c && c <= 0x9E && c != 0x97) || (0xA0 <= c && c <= 0xBE && c != 0xB7)
}

// equalFold reports whether s is key in another case, by the rules of
// letterMask: ASCII letters, and Latin-1 letters after 0xC3.
func equalFold(s, key string) bool {
	if len(s) != len(key) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c, k := s[i], key[i]
		if c == k {
			continue
		}
		if c^k != 0x20 {
			return false
		}
		switch {
		case 'a' <= k|0x20 && k|0x20 <= 'z':
		case i > 0 && key[i-1] == 0xC3 && latin1Letter(k):
		default:
			return false
		}
	}
	return true
}

// Builder collects the names of an Index.
type Builder struct {
	marked map[int]bool
	keys   []string
	vals   []int32
	seen   map[string]int // folded key → value
}

// Add adds name with value v, and its variant with the other apostrophe.
// Two values claiming one name (in any case) is an error: a lookup must
// never be ambiguous.
func (bd *Builder) Add(name string, v int) error {
	if name == "" || len(name) > maxKey || v <= 0 || v > maxValue {
		return fmt.Errorf("enum: cannot index %q as %d", name, v)
	}
	if bd.seen == nil {
		bd.seen = map[string]int{}
	}
	for _, k := range apostropheVariants(name) {
		f := Fold(k)
		if prev, ok := bd.seen[f]; ok {
			if prev != v {
				return fmt.Errorf("enum: %q is claimed by values %d and %d", k, prev, v)
			}
			continue
		}
		bd.seen[f] = v
		bd.keys = append(bd.keys, k)
		bd.vals = append(bd.vals, int32(v))
	}
	return nil
}

// Mark marks value v: Index.Find finds only marked values.
func (bd *Builder) Mark(v int) {
	if bd.marked == nil {
		bd.marked = map[int]bool{}
	}
	bd.marked[v] = true
}

// Fold is the case-folded form of a name as lookups compare it.
func Fold(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'A' <= c && c <= 'Z':
			b[i] = c + 0x20
		case i > 0 && b[i-1] == 0xC3 && 0x80 <= c && c <= 0x9E && c != 0x97:
			b[i] = c + 0x20
		}
	}
	return string(b)
}

func apostropheVariants(s string) []string {
	switch {
	case strings.Contains(s, "’"):
		return []string{s, strings.ReplaceAll(s, "’", "'")}
	case strings.Contains(s, "'"):
		return []string{s, strings.ReplaceAll(s, "'", "’")}
	}
	return []string{s}
}

// Build returns the index. Building is deterministic: the same names give
// the same tables.
func (bd *Builder) Build() (*Index, error) {
	if len(bd.keys) == 0 {
		return &Index{}, nil
	}
	sbits := 4
	for 1<<sbits < 2*len(bd.keys) {
		sbits++
	}
	var best *Index
	bestCost := -1
	for seed := uint64(1); seed <= 64; seed++ {
		x, cost := bd.place(sbits, seed)
		if bestCost < 0 || cost < bestCost {
			best, bestCost = x, cost
		}
	}
	return best, nil
}

// place fills the table for one seed and returns it with the number of
// probes beyond the first that finding every name takes.
func (bd *Builder) place(sbits int, seed uint64) (*Index, int) {
	x := &Index{slots: make([]slot, 1<<sbits), shift: uint(64 - sbits), seed: seed * mulB}
	mask := uint64(1<<sbits - 1)
	cost := 0
	for i, k := range bd.keys {
		a, b, _, _ := words(k)
		la, lb := letterMask(k)
		s := slot{a: a, b: b, letters: letterBits(la, lb), n: uint8(len(k)), v: uint16(bd.vals[i]), marked: bd.marked[int(bd.vals[i])]}
		var mid uint64
		if len(k) > 16 {
			x.long = append(x.long, k)
			s.long = uint16(len(x.long))
			mid = middle(x.seed, k)
		}
		p := x.hash(len(k), (a|caseBits)^mid, b|caseBits)
		for x.slots[p].n != 0 {
			p = (p + 1) & mask
			cost++
		}
		x.slots[p] = s
	}
	return x, cost
}
