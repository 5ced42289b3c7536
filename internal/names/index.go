// Package names is what the generator and the generated packages share
// about the names of the rules: how they are folded (case, apostrophes,
// accents), the index that finds them without allocating, and the
// vocabulary of type lines. The generator builds the indexes and the
// vocabulary when it runs and writes them out as static data, so that
// importing a generated package costs nothing; the generated packages
// look names up in that data with the code here. It imports the standard
// library only.
package names

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Index maps names to values, ignoring case, with no allocation on any
// lookup. The generator builds it (Builder) and writes it out as a
// composite literal (its fields are exported for that alone), so a
// program that imports a generated package builds nothing at start.
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
// almost always reads one slot. Slots are 24 bytes.
type Index struct {
	Slots []Slot
	Long  []string // printed keys longer than 16 bytes, by Slot.Long-1
	Shift uint     // 64 - log2(table size)
	Seed  uint64
}

// Slot is one place of an Index.
type Slot struct {
	A, B    uint64 // words of the key as printed
	Letters uint16 // bit i: byte i of A is a cased letter; bit 8+i: byte i of B
	V       uint16
	Long    uint16 // index+1 into Index.Long for keys over 16 bytes
	N       uint8  // key length in bytes; 0 marks an empty slot
	Marked  bool   // the value was marked when built (Builder.Mark)
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
	return ((a^x.Seed)*mulA ^ (b+uint64(n))*mulB) >> (x.Shift & 63)
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
// the printed form has one, composed or decomposed (NFC or not). It
// allocates nothing but for a decomposed name.
func (x *Index) Lookup(name string) (int, bool) {
	v := x.find(name, false, true)
	return v, v != 0
}

// Find is Lookup for marked values only (a table marks the names the
// rules list today).
//
// Lookup, Find and FindValue are one call each, small enough to inline;
// the generated FindX, over FindValue, inline too: a lookup from user
// code is one call.
func (x *Index) Find(name string) (int, bool) {
	v := x.find(name, true, true)
	return v, v != 0
}

// FindValue is Find with 0 for no name (values start at 1): one result
// keeps the generated FindX over it small enough to inline.
func (x *Index) FindValue(name string) int { return x.find(name, true, true) }

// miss is what a lookup that missed returns: 0, or, when normalize is
// set and the name may be decomposed (n + U+0303 for ñ), the value of
// its NFC form. Names the rules print are NFC: a name that holds no
// combining mark, ASCII ones among them, misses at once, without
// allocating.
func (x *Index) miss(name string, markedOnly, normalize bool) int {
	if !normalize || !MaybeDecomposed(name) {
		return 0
	}
	return x.find(NFC(name), markedOnly, false)
}

// hit is what a lookup that found slot sl returns: its value, or 0.
func hit(sl *Slot, markedOnly bool) int {
	if markedOnly && !sl.Marked {
		return 0
	}
	return int(sl.V)
}

// find returns the value of name, or 0 (values start at 1); with
// normalize, a name that misses is tried again in NFC.
func (x *Index) find(name string, markedOnly, normalize bool) int {
	n := len(name)
	if uint(n-1) >= 16 || len(x.Slots) == 0 {
		return x.findLong(name, markedOnly, normalize)
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
	mask := uint64(len(x.Slots) - 1)
	for p := x.hash(n, a|caseBits, b|caseBits); ; p = (p + 1) & mask {
		sl := &x.Slots[p]
		if int(sl.N) == n {
			// As printed, or equal but for the case bit of letters; a
			// name of the same length that differs elsewhere (the usual
			// collision) is passed over before the letters are spread.
			da, db := a^sl.A, b^sl.B
			if da|db == 0 {
				return hit(sl, markedOnly)
			}
			if (da|db)&^caseBits == 0 && da&^spread(uint8(sl.Letters)) == 0 && db&^spread(uint8(sl.Letters>>8)) == 0 {
				return hit(sl, markedOnly)
			}
		}
		if sl.N == 0 {
			if (a|b)&0x8080808080808080 == 0 {
				// ASCII (the words hold every byte of a name this
				// short): nothing to compose, and no scan to know it.
				return 0
			}
			return x.miss(name, markedOnly, normalize)
		}
	}
}

// findLong finds a name over 16 bytes: hashed with its middle, compared
// whole.
func (x *Index) findLong(name string, markedOnly, normalize bool) int {
	n := len(name)
	if n <= 16 || n > maxKey || len(x.Slots) == 0 {
		return x.miss(name, markedOnly, normalize)
	}
	a, b := le64(name), le64(name[n-8:])
	mask := uint64(len(x.Slots) - 1)
	for p := x.hash(n, (a|caseBits)^middle(x.Seed, name), b|caseBits); ; p = (p + 1) & mask {
		sl := &x.Slots[p]
		if int(sl.N) == n && (x.Long[sl.Long-1] == name || equalFold(name, x.Long[sl.Long-1])) {
			return hit(sl, markedOnly)
		}
		if sl.N == 0 {
			return x.miss(name, markedOnly, normalize)
		}
	}
}

// spread has 0x20 in byte i for each bit i of m: a slot keeps which bytes
// of its words are letters as 16 bits, not two 8-byte masks. Bits are
// moved, not looked up, so the package has no table to build at start.
func spread(m uint8) uint64 {
	x := uint64(m)
	x = (x | x<<28) & 0x0000000F0000000F
	x = (x | x<<14) & 0x0003000300030003
	x = (x | x<<7) & 0x0101010101010101
	return x << 5
}

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

// Dated is one spelling of value V, and when the rules first printed it.
// Translated marks a spelling other than the rules' English name (a
// Spanish name, a form of one).
type Dated struct {
	Text, Since string
	V           int
	Translated  bool
}

// ListIndex builds the index of a list: spellings[i] are the spellings of
// value i+1, current[i] marks it (Find finds only marked values). It
// returns the most words any spelling has, and fails if two values claim
// one spelling.
func ListIndex(spellings [][]string, current []bool) (*Index, int, error) {
	var dated []Dated
	for i, sp := range spellings {
		for _, text := range sp {
			dated = append(dated, Dated{Text: text, V: i + 1})
		}
	}
	return DatedIndex(dated, current)
}

// DatedIndex is ListIndex of spellings placed in the order the rules
// first printed them (for equal dates, as given): a rules update adds
// its spellings last, and they move no other (Builder.Build). A
// spelling that a current value and a removed one both have is the
// current value's (the Spanish a renamed name kept, say); one that is
// the English name of a current value and a translation of another (an
// English name added that a Spanish name already spelled) is the
// English name's: the rules are English, and a reader in one language
// (a Spanish type line) tells the two apart by its language.
func DatedIndex(spellings []Dated, current []bool) (*Index, int, error) {
	var b Builder
	isCurrent := func(v int) bool { return v >= 1 && v <= len(current) && current[v-1] }
	for i, c := range current {
		if c {
			b.Mark(i + 1)
		}
	}
	claimed := map[string]bool{} // spellings a current value has
	english := map[string]int{}  // spellings that are a current value's English name
	key := func(s string) string { return Fold(strings.ReplaceAll(s, "'", "’")) }
	for _, d := range spellings {
		if isCurrent(d.V) {
			claimed[key(d.Text)] = true
			if !d.Translated {
				english[key(d.Text)] = d.V
			}
		}
	}
	sorted := slices.DeleteFunc(slices.Clone(spellings), func(d Dated) bool {
		if v, ok := english[key(d.Text)]; ok && d.Translated && v != d.V {
			return true
		}
		return !isCurrent(d.V) && claimed[key(d.Text)]
	})
	slices.SortStableFunc(sorted, func(a, b Dated) int { return strings.Compare(a.Since, b.Since) })
	words := 0
	for _, d := range sorted {
		words = max(words, len(strings.Fields(d.Text)))
		if err := b.Add(d.Text, d.V); err != nil {
			return nil, 0, err
		}
	}
	x, err := b.Build()
	return x, words, err
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

// Build returns the index. The seed is fixed (a seed searched for per
// build would move every slot when one name is added) and names are
// placed first come, first served, in the order they were added: a name
// added after the others takes the first free slot of its probe and
// moves nothing. The generator adds names in the order the rules first
// listed them, so a rules update adds its names last and changes a line
// per name; only the table's growth (past half full) moves every name.
func (bd *Builder) Build() (*Index, error) {
	if len(bd.keys) == 0 {
		return &Index{}, nil
	}
	sbits := 4
	for 1<<sbits < 2*len(bd.keys) {
		sbits++
	}
	x := &Index{Slots: make([]Slot, 1<<sbits), Shift: uint(64 - sbits), Seed: Seed}
	mask := uint64(1<<sbits - 1)
	for i, k := range bd.keys {
		a, b, _, _ := words(k)
		la, lb := letterMask(k)
		s := Slot{A: a, B: b, Letters: letterBits(la, lb), N: uint8(len(k)), V: uint16(bd.vals[i]), Marked: bd.marked[int(bd.vals[i])]}
		var mid uint64
		if len(k) > 16 {
			x.Long = append(x.Long, k)
			s.Long = uint16(len(x.Long))
			mid = middle(x.Seed, k)
		}
		p := x.hash(len(k), (a|caseBits)^mid, b|caseBits)
		for x.Slots[p].N != 0 {
			p = (p + 1) & mask
		}
		x.Slots[p] = s
	}
	return x, nil
}

// Seed is the seed of every index: fixed, so that the tables gen writes
// change only where their names do.
const Seed = mulB

// SymbolSlots is the size of a SymbolIndex.
const SymbolSlots = 256

// SymbolIndex finds a mana symbol by its body ("W/U") packed into a word:
// the bodies are a few ASCII bytes, so a lookup is a multiply, a load and
// a compare. The generator builds it (BuildSymbolIndex) and writes it out.
type SymbolIndex [SymbolSlots]SymbolSlot

// SymbolSlot is one place of a SymbolIndex; Sym 0 marks an empty one.
type SymbolSlot struct {
	Key uint64
	Sym uint8
}

// PackBody packs a symbol's body of at most 8 bytes into a word.
func PackBody(body string) (uint64, bool) {
	if len(body) == 0 || len(body) > 8 {
		return 0, false
	}
	var k uint64
	for i := 0; i < len(body); i++ {
		k = k<<8 | uint64(body[i])
	}
	return k, true
}

func symbolSlot(k uint64) int { return int((k * mulA) >> 56) }

// Find returns the value of the symbol written {body}.
func (t *SymbolIndex) Find(body string) (int, bool) {
	k, ok := PackBody(body)
	if !ok {
		return 0, false
	}
	for j := symbolSlot(k); ; j = (j + 1) % SymbolSlots {
		e := &t[j]
		if e.Sym == 0 {
			return 0, false
		}
		if e.Key == k {
			return int(e.Sym), true
		}
	}
}

// BuildSymbolIndex indexes bodies[i] as values[i] (1 to 255); of two
// equal bodies, the first is kept.
func BuildSymbolIndex(bodies []string, values []int) (*SymbolIndex, error) {
	var t SymbolIndex
	for i, body := range bodies {
		k, ok := PackBody(body)
		if !ok || values[i] < 1 || values[i] > 255 {
			return nil, fmt.Errorf("symbol {%s} (value %d) cannot be indexed", body, values[i])
		}
		j, n := symbolSlot(k), 0
		for t[j].Sym != 0 && t[j].Key != k {
			if n++; n == SymbolSlots {
				return nil, fmt.Errorf("more than %d symbols", SymbolSlots)
			}
			j = (j + 1) % SymbolSlots
		}
		if t[j].Sym == 0 {
			t[j] = SymbolSlot{Key: k, Sym: uint8(values[i])}
		}
	}
	return &t, nil
}
