package bookfile

import (
	"compress/flate"
	"fmt"
	"io"
	"strings"
	"sync"
)

// File is a rule book read in place. Its methods allocate nothing but
// what they return, and a chunk of text once, the first time a
// paragraph of it is read; a File may be read by many goroutines.
type File struct {
	data string
	sec  [numSections]string
	// The layout of each section of records: the byte width of each
	// field, where each field starts in a record, a record's size.
	width  [numSections][maxFields]uint8
	offset [numSections][maxFields]uint8
	size   [numSections]int
	// chunks are the texts of the chunks, each decompressed once.
	chunks []chunkSlot
}

type chunkSlot struct {
	once sync.Once
	text string
	err  error
}

// Open reads the header of a book and checks every record: each
// reference lies inside the file, each history's versions in order, each
// pair names a number. It reads no text.
func Open(data string) (*File, error) {
	if len(data) < len(magic)+8*numSections || data[:len(magic)] != magic {
		return nil, fmt.Errorf("bookfile: not a rule book of this version (want %q at the start)", magic)
	}
	f := &File{data: data}
	for s := range numSections {
		off, n := le(data, len(magic)+8*s, 4), le(data, len(magic)+8*s+4, 4)
		if uint64(off)+uint64(n) > uint64(len(data)) {
			return nil, fmt.Errorf("bookfile: section %d (%d bytes at %d) beyond the file's %d bytes", s, n, off, len(data))
		}
		sec := data[off : off+n]
		if s == secStrings || s == secData {
			f.sec[s] = sec
			continue
		}
		// A section of records starts with its fields' widths.
		if len(sec) < 1 || int(sec[0]) != fields[s] || len(sec) < 1+fields[s] {
			return nil, fmt.Errorf("bookfile: section %d: want %d fields", s, fields[s])
		}
		for k := range fields[s] {
			w := sec[1+k]
			if w < 1 || w > 4 {
				return nil, fmt.Errorf("bookfile: section %d: field %d %d bytes wide", s, k, w)
			}
			f.width[s][k], f.offset[s][k] = w, uint8(f.size[s])
			f.size[s] += int(w)
		}
		f.sec[s] = sec[1+fields[s]:]
		if len(f.sec[s])%f.size[s] != 0 {
			return nil, fmt.Errorf("bookfile: section %d: %d bytes, not whole records of %d", s, len(f.sec[s]), f.size[s])
		}
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("bookfile: %w", err)
	}
	f.chunks = make([]chunkSlot, f.count(secChunks))
	return f, nil
}

// le is the little-endian number of w bytes at byte i of s.
func le(s string, i, w int) uint32 {
	switch w {
	case 1:
		return uint32(s[i])
	case 2:
		_ = s[i+1]
		return uint32(s[i]) | uint32(s[i+1])<<8
	case 3:
		_ = s[i+2]
		return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16
	}
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// field is field k of record i of section sec.
func (f *File) field(sec, i, k int) int {
	return int(le(f.sec[sec], i*f.size[sec]+int(f.offset[sec][k]), int(f.width[sec][k])))
}

// count is how many records section sec holds.
func (f *File) count(sec int) int { return len(f.sec[sec]) / f.size[sec] }

// str is the string at off, n of the string section.
func (f *File) str(off, n int) string { return f.sec[secStrings][off : off+n] }

// check validates every record against the sections it points into, so
// that no accessor can read out of bounds.
func (f *File) check() error {
	if f.count(secLists) == 0 {
		return fmt.Errorf("no language")
	}
	for i := range f.count(secLists) {
		if !f.okStr(f.field(secLists, i, 0), f.field(secLists, i, 1)) {
			return fmt.Errorf("list entry %d: string out of bounds", i)
		}
	}
	for _, check := range []func() error{f.checkReleases, f.checkHistories, f.checkTexts, f.checkIndexes} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// okStr reports whether off, n is a string of the string section.
func (f *File) okStr(off, n int) bool { return off >= 0 && n >= 0 && off+n <= len(f.sec[secStrings]) }

// span reports whether n records from start are records of a section
// of total.
func span(start, n, total int) bool { return start >= 0 && n >= 0 && start+n <= total }

// checkReleases checks the releases (in order of date) and their pairs.
func (f *File) checkReleases() error {
	lists, pairs := f.count(secLists), f.count(secPairs)
	histories := [...]int{f.count(secRules), f.count(secContents), f.count(secGlossary)}
	prev := ""
	for i := range f.count(secReleases) {
		g := func(k int) int { return f.field(secReleases, i, k) }
		if !f.okStr(g(relDateOff), g(relDateLen)) || !span(g(relHoldsStart), g(relHoldsN), lists) ||
			!span(g(relQuirksStart), g(relQuirksN), lists) || !span(g(relPairsStart), g(relPairsN), pairs) || g(relSource) > sourcePages {
			return fmt.Errorf("release %d: out of bounds", i)
		}
		d := f.str(g(relDateOff), g(relDateLen))
		if d <= prev {
			return fmt.Errorf("release %q after %q", d, prev)
		}
		prev = d
		for p := g(relPairsStart); p < g(relPairsStart)+g(relPairsN); p++ {
			kind, of, from, to := f.field(secPairs, p, pairKind), f.field(secPairs, p, pairOf), f.field(secPairs, p, pairFrom), f.field(secPairs, p, pairTo)
			if of >= int(numKinds) || kind >= int(numPairKinds) {
				return fmt.Errorf("release %s: pair %d of no kind", d, p)
			}
			if from >= histories[of] || to >= histories[of] {
				return fmt.Errorf("release %s: pair %d names no number", d, p)
			}
		}
	}
	return nil
}

// checkHistories checks the rules, headings and terms: each a key and
// versions in the order of the releases.
func (f *File) checkHistories() error {
	releases, versions := f.count(secReleases), f.count(secVersions)
	for _, h := range []struct {
		sec  int
		name string
	}{{secRules, "rule"}, {secContents, "heading"}, {secGlossary, "term"}} {
		for i := range f.count(h.sec) {
			g := func(k int) int { return f.field(h.sec, i, k) }
			if !f.okStr(g(histKeyOff), g(histKeyLen)) || !f.okStr(g(histFoldOff), g(histFoldLen)) || g(histVerN) == 0 || !span(g(histVerStart), g(histVerN), versions) {
				return fmt.Errorf("%s %d: out of bounds", h.name, i)
			}
			last := -1
			for v := g(histVerStart); v < g(histVerStart)+g(histVerN); v++ {
				since := f.field(secVersions, v, verSince)
				if since <= last || since >= releases {
					return fmt.Errorf("%s %q: versions out of order", h.name, f.str(g(histKeyOff), g(histKeyLen)))
				}
				last = since
			}
		}
	}
	return nil
}

// checkTexts checks what the versions print: their paragraphs, each a
// slice of a chunk, each chunk within the data.
func (f *File) checkTexts() error {
	refs, also, paras, chunks := f.count(secRefs), f.count(secAlso), f.count(secParas), f.count(secChunks)
	for i := range f.count(secVersions) {
		g := func(k int) int { return f.field(secVersions, i, k) }
		if !f.okStr(g(verLeadOff), g(verLeadLen)) || !span(g(verRefStart), g(verRefN), refs) || !span(g(verAlsoStart), g(verAlsoN), also) || g(verGone) > 1 {
			return fmt.Errorf("version %d: out of bounds", i)
		}
	}
	for i := range also {
		g := func(k int) int { return f.field(secAlso, i, k) }
		if !f.okStr(g(alsoLeadOff), g(alsoLeadLen)) || !span(g(alsoRefStart), g(alsoRefN), refs) {
			return fmt.Errorf("printing %d: out of bounds", i)
		}
	}
	for i := range refs {
		if f.field(secRefs, i, 0) >= paras {
			return fmt.Errorf("paragraph reference %d: no paragraph", i)
		}
	}
	data := len(f.sec[secData])
	for i := range chunks {
		g := func(k int) int { return f.field(secChunks, i, k) }
		if !span(g(chunkOff), g(chunkLen), data) || g(chunkMethod) > deflate || g(chunkMethod) == stored && g(chunkLen) != g(chunkRaw) || g(chunkRaw) > maxChunkRaw {
			return fmt.Errorf("chunk %d: out of bounds", i)
		}
	}
	for i := range paras {
		g := func(k int) int { return f.field(secParas, i, k) }
		if g(paraChunk) >= chunks || !span(g(paraOff), g(paraLen), f.field(secChunks, g(paraChunk), chunkRaw)) {
			return fmt.Errorf("paragraph %d: out of bounds", i)
		}
	}
	return nil
}

// checkIndexes checks the term index and the hash tables.
func (f *File) checkIndexes() error {
	rules, terms := f.count(secRules), f.count(secGlossary)
	if f.count(secTermIndex) != terms {
		return fmt.Errorf("term index of %d entries for %d terms", f.count(secTermIndex), terms)
	}
	for i := range terms {
		if f.field(secTermIndex, i, 0) >= terms {
			return fmt.Errorf("term index %d: no term", i)
		}
	}
	for _, t := range []struct {
		sec, n int
	}{{secRuleHash, rules}, {secTermHash, terms}} {
		slots := f.count(t.sec)
		if slots&(slots-1) != 0 || slots < t.n {
			return fmt.Errorf("hash table of %d slots for %d keys", slots, t.n)
		}
		for i := range slots {
			if f.field(t.sec, i, 0) > t.n {
				return fmt.Errorf("hash slot %d: no key", i)
			}
		}
	}
	return nil
}

// chunk is the text of chunk c, decompressed on first use.
func (f *File) chunk(c int) (string, error) {
	s := &f.chunks[c]
	s.once.Do(func() {
		g := func(k int) int { return f.field(secChunks, c, k) }
		raw := f.sec[secData][g(chunkOff) : g(chunkOff)+g(chunkLen)]
		if g(chunkMethod) == stored {
			s.text = raw
			return
		}
		buf := make([]byte, g(chunkRaw))
		r := flate.NewReader(strings.NewReader(raw))
		n, err := io.ReadFull(r, buf)
		switch {
		case err != nil:
			s.err = fmt.Errorf("bookfile: chunk %d: %w", c, err)
		case n != len(buf):
			s.err = fmt.Errorf("bookfile: chunk %d: %d bytes, want %d", c, n, len(buf))
		default:
			var more [1]byte
			if m, _ := r.Read(more[:]); m != 0 {
				s.err = fmt.Errorf("bookfile: chunk %d: longer than its %d bytes", c, len(buf))
			}
			s.text = string(buf)
		}
	})
	return s.text, s.err
}

// para is paragraph id's text.
func (f *File) para(id int) (string, error) {
	g := func(k int) int { return f.field(secParas, id, k) }
	t, err := f.chunk(g(paraChunk))
	if err != nil {
		return "", err
	}
	return t[g(paraOff) : g(paraOff)+g(paraLen)], nil
}
