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
// Design: a perfect hash with displacement (CHD). A name's hash picks a
// bucket; the bucket's displacement, found when the index is built, sends
// every name of the bucket to a slot of its own. A lookup is one hash, one
// small load and one slot: no probing loop. The hash reads at most two
// 8-byte words of the name with the case bit (0x20) forced on, so "GOBLIN"
// and "goblin" hash alike; the slot keeps those words for the name as
// printed, so names up to 16 bytes are compared as two words, not byte by
// byte.
type Index struct {
	slots []slot
	disp  []uint16
	long  []string // printed keys longer than 16 bytes, by slot.long-1
	seed  uint64
}

type slot struct {
	a, b   uint64 // words of the key as printed
	fa, fb uint64 // the same words with the case bit set
	la, lb uint64 // 0x20 in every byte where the key has a cased letter
	n      int32  // key length in bytes; 0 marks an empty slot
	v      int32
	long   int32 // index+1 into Index.long for keys over 16 bytes
}

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

// hash mixes the folded words as wyhash does: one 128-bit product, its
// halves folded together, so a difference anywhere in either word reaches
// every bit (a plain 64-bit product carries differences upwards only, and
// "Legendario" and "Legendaria" differ in a word's top byte).
//
// Names longer than 16 bytes also mix in their middle, 8 bytes at a time:
// two long names alike at both ends must still hash apart.
func (x *Index) hash(s string, fa, fb uint64) uint64 {
	n := len(s)
	seed := x.seed
	if n > 16 {
		i := 8
		for ; i+8 <= n-8; i += 8 {
			hi, lo := bits.Mul64(seed^(le64(s[i:i+8])|caseBits)^mulB, mulA)
			seed = hi ^ lo
		}
		if i < n-8 {
			hi, lo := bits.Mul64(seed^(le64(s[n-16:n-8])|caseBits)^mulB, mulA)
			seed = hi ^ lo
		}
	}
	// The length is spread over every bit (a plain xor into fb can cancel a
	// one-bit difference in the last byte: "NamexxXyyyyyyy" and
	// "NamexxxYyyyyyyy").
	hi, lo := bits.Mul64(fa^seed^mulA^uint64(n)*mulC, fb^mulB)
	return hi ^ lo
}

// Lookup returns the value of name: its printed form in any case (ASCII
// and Latin-1 letters), with the straight or the curly apostrophe where
// the printed form has one. It allocates nothing.
func (x *Index) Lookup(name string) (int, bool) {
	n := len(name)
	if len(x.slots) == 0 || n == 0 {
		return 0, false
	}
	a, b, ma, mb := words(name)
	fa, fb := a|ma, b|mb
	h := x.hash(name, fa, fb)
	disp := x.disp
	d := int(disp[int(h>>40)&(len(disp)-1)])
	slots := x.slots
	sl := &slots[(int(h)^d)&(len(slots)-1)]
	if sl.fa != fa || sl.fb != fb || int(sl.n) != n {
		return 0, false
	}
	if sl.long == 0 {
		// The folded words match; the raw words may differ only in the
		// case bit of letters.
		if (a^sl.a)&^sl.la == 0 && (b^sl.b)&^sl.lb == 0 {
			return int(sl.v), true
		}
		return 0, false
	}
	if key := x.long[sl.long-1]; name == key || equalFold(name, key) {
		return int(sl.v), true
	}
	return 0, false
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
	keys []string
	vals []int32
	seen map[string]int // folded key → value
}

// Add adds name with value v, and its variant with the other apostrophe.
// Two values claiming one name (in any case) is an error: a lookup must
// never be ambiguous.
func (bd *Builder) Add(name string, v int) error {
	if name == "" || v <= 0 {
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
// the same table.
func (bd *Builder) Build() (*Index, error) {
	if len(bd.keys) == 0 {
		return &Index{}, nil
	}
	sbits := 4
	for 1<<sbits < 3*len(bd.keys) {
		sbits++
	}
	// A few seeds almost always suffice; a larger table is the fallback, so
	// that no list a rules update can bring leaves a package without an
	// index.
	for grow := range 4 {
		for seed := uint64(1); seed <= 256; seed++ {
			if x, ok := bd.try(sbits+grow, seed*mulB); ok {
				return x, nil
			}
		}
	}
	return nil, fmt.Errorf("enum: no perfect hash for %d names", len(bd.keys))
}

func (bd *Builder) try(sbits int, seed uint64) (*Index, bool) {
	x := &Index{seed: seed, slots: make([]slot, 1<<sbits), disp: make([]uint16, 1<<(sbits-2))}
	type key struct {
		s slot
		h uint64
	}
	buckets := make([][]key, len(x.disp))
	for i, k := range bd.keys {
		a, b, ma, mb := words(k)
		la, lb := letterMask(k)
		s := slot{a: a, b: b, fa: a | ma, fb: b | mb, la: la, lb: lb, n: int32(len(k)), v: bd.vals[i]}
		if len(k) > 16 {
			x.long = append(x.long, k)
			s.long = int32(len(x.long))
		}
		h := x.hash(k, s.fa, s.fb)
		bi := int(h>>40) & (len(x.disp) - 1)
		buckets[bi] = append(buckets[bi], key{s, h})
	}
	largest := 0
	for _, ks := range buckets {
		largest = max(largest, len(ks))
	}
	// Largest buckets first, while most slots are free.
	for size := largest; size > 0; size-- {
		for bi, ks := range buckets {
			if len(ks) != size {
				continue
			}
			placed := false
			used := make([]int, 0, size)
		search:
			for d := 0; d < len(x.slots) && d < 1<<16; d++ {
				used = used[:0]
				for _, k := range ks {
					p := (int(k.h) ^ d) & (len(x.slots) - 1)
					if x.slots[p].n != 0 {
						continue search
					}
					for _, u := range used {
						if u == p {
							continue search
						}
					}
					used = append(used, p)
				}
				for i, k := range ks {
					x.slots[used[i]] = k.s
				}
				x.disp[bi] = uint16(d)
				placed = true
				break
			}
			if !placed {
				return nil, false
			}
		}
	}
	return x, true
}
