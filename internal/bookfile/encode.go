package bookfile

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/rulenum"
)

// Book is what Encode lays out: a record of the rules, as package
// rulebook keeps it, with each release's pairing computed.
type Book struct {
	Lang     string
	Releases []ReleaseInfo
	// Rules and Contents by number in the rules' order (rulenum.Compare),
	// the Glossary in its own order; each key once.
	Rules    []History
	Contents []History
	Glossary []History
	// Pairings are each release's pairing with the release before it,
	// one per release (the first empty): how its rules, headings and
	// terms are those of the release before. A history absent from both
	// sides of every pair of its kind is itself in both releases, if both
	// print it.
	Pairings [][]Pair
}

// History is one number's (or term's) versions, oldest first.
type History struct {
	Key      string
	Versions []Printed
}

// Printed is what a number printed from release Since (an index) on.
type Printed struct {
	Since int
	Gone  bool
	Lead  string
	// Paras are the first paragraph and those after it (a glossary
	// term's definition lines; a heading's title).
	Paras []string
	Also  []Printing
}

// Printing is a rule printed again under a number already printed.
type Printing struct {
	Lead  string
	Paras []string
}

// Pair is one pair of a release's pairing: histories of kind Of (their
// indexes), From of the release before and To of this one.
type Pair struct {
	Kind     PairKind
	Of       Kind
	From, To int
}

// Options say how Encode lays out a book.
type Options struct {
	// Compress deflates each chunk (the embedded books); a book encoded
	// to be read at once in the same process (the pipeline's) is stored.
	Compress bool
}

// Encode lays out b. It refuses what a reader could not read back: keys
// out of order or twice, versions out of order, a pair naming no number.
func Encode(b *Book, opt Options) ([]byte, error) {
	if err := check(b); err != nil {
		return nil, fmt.Errorf("bookfile: %s: %w", b.Lang, err)
	}
	e := &encoder{strs: map[string][2]uint32{}, paraIDs: map[string]uint32{}}
	e.list([]string{b.Lang}) // the first entry of the lists: the language
	for i, r := range b.Releases {
		src := uint32(sourceTxt)
		if r.Source == "pages" {
			src = sourcePages
		}
		flags := uint32(0)
		if r.EndsInGlossary {
			flags |= flagEndsInGlossary
		}
		date := e.str(r.Date)
		holdsStart, holdsN := e.list(r.Holds)
		quirksStart, quirksN := e.list(r.Quirks)
		pairsStart := uint32(len(e.secs[secPairs]) / pairW)
		var pairs []Pair
		if i < len(b.Pairings) {
			pairs = slices.Clone(b.Pairings[i])
		}
		slices.SortFunc(pairs, func(x, y Pair) int {
			if x.Kind != y.Kind {
				return int(x.Kind) - int(y.Kind)
			}
			if x.Of != y.Of {
				return int(x.Of) - int(y.Of)
			}
			if x.From != y.From {
				return x.From - y.From
			}
			return x.To - y.To
		})
		for _, p := range pairs {
			e.put(secPairs, uint32(p.Kind), uint32(p.Of), uint32(p.From), uint32(p.To))
		}
		e.put(secReleases, date[0], date[1], src, holdsStart, holdsN, quirksStart, quirksN,
			uint32(r.Rules), uint32(r.Examples), uint32(r.Glossary), flags, pairsStart, uint32(len(pairs)))
	}
	e.histories(secRules, b.Rules, false)
	e.histories(secContents, b.Contents, false)
	e.histories(secGlossary, b.Glossary, true)
	order := make([]int, len(b.Glossary))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return strings.Compare(Fold(b.Glossary[x].Key), Fold(b.Glossary[y].Key)) })
	for _, i := range order {
		e.put(secTermIndex, uint32(i))
	}
	keys := make([]string, len(b.Rules))
	for i, r := range b.Rules {
		keys[i] = r.Key
	}
	e.secs[secRuleHash] = hashTable(keys, hash)
	// Each fold key once: the first position of the term index that has
	// it (those after it with the same key follow it).
	var folds []string
	var firsts []uint32
	for p, i := range order {
		if k := Fold(b.Glossary[i].Key); p == 0 || k != folds[len(folds)-1] {
			folds, firsts = append(folds, k), append(firsts, uint32(p))
		}
	}
	e.secs[secTermHash] = hashTable(folds, foldHash)
	for slot, v := range e.secs[secTermHash] {
		if v != 0 {
			e.secs[secTermHash][slot] = firsts[v-1] + 1
		}
	}
	if err := e.flush(opt); err != nil {
		return nil, err
	}
	return e.bytes(), nil
}

// check refuses a book a reader would misread.
func check(b *Book) error {
	if len(b.Pairings) > len(b.Releases) {
		return fmt.Errorf("%d pairings for %d releases", len(b.Pairings), len(b.Releases))
	}
	for i, r := range b.Releases {
		if i > 0 && r.Date <= b.Releases[i-1].Date {
			return fmt.Errorf("release %s after %s", r.Date, b.Releases[i-1].Date)
		}
		if r.Source != "txt" && r.Source != "pages" {
			return fmt.Errorf("release %s: source %q", r.Date, r.Source)
		}
	}
	hist := func(kind string, hs []History, compare func(a, b string) int) error {
		for i, h := range hs {
			if i > 0 && compare(hs[i-1].Key, h.Key) >= 0 {
				return fmt.Errorf("%s %q after %q", kind, h.Key, hs[i-1].Key)
			}
			if len(h.Versions) == 0 {
				return fmt.Errorf("%s %q: no version", kind, h.Key)
			}
			for j, v := range h.Versions {
				if v.Since < 0 || v.Since >= len(b.Releases) || j > 0 && v.Since <= h.Versions[j-1].Since {
					return fmt.Errorf("%s %q: version of release %d out of order or unknown", kind, h.Key, v.Since)
				}
			}
		}
		return nil
	}
	if err := hist("rule", b.Rules, rulenum.Compare); err != nil {
		return err
	}
	if err := hist("heading", b.Contents, rulenum.Compare); err != nil {
		return err
	}
	if err := hist("glossary term", b.Glossary, CompareTerms); err != nil {
		return err
	}
	for i, ps := range b.Pairings {
		for _, p := range ps {
			n := [...]int{len(b.Rules), len(b.Contents), len(b.Glossary), 0}[min(p.Of, numKinds)]
			if p.Kind >= numPairKinds || (p.Kind == PairSplit || p.Kind == PairMerge) && p.Of != Rules || p.From < 0 || p.From >= n || p.To < 0 || p.To >= n {
				return fmt.Errorf("release %d: pair %+v names no number", i, p)
			}
		}
	}
	return nil
}

// hashTable lays out keys for lookup by hash: a power of two of slots,
// at least twice the keys, each holding a key's index + 1 (0 empty),
// collisions taking the next slot (keys in order, so the same keys make
// the same table).
func hashTable(keys []string, h func(string) uint32) []uint32 {
	size := 1
	for size < 2*len(keys) {
		size <<= 1
	}
	slots := make([]uint32, size)
	for i, k := range keys {
		s := h(k) & uint32(size-1)
		for slots[s] != 0 {
			s = (s + 1) & uint32(size-1)
		}
		slots[s] = uint32(i + 1)
	}
	return slots
}

// CompareTerms orders glossary terms as the glossary does: letters
// without regard to case, then case.
func CompareTerms(a, b string) int {
	if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

type encoder struct {
	secs    [numSections][]uint32 // record sections, as fields
	strings bytes.Buffer
	strs    map[string][2]uint32
	// paragraphs: each distinct text once, in the order first met, then
	// cut into chunks
	paras   []string
	paraIDs map[string]uint32
	data    bytes.Buffer
}

func (e *encoder) put(sec int, fields ...uint32) { e.secs[sec] = append(e.secs[sec], fields...) }

// str is s's place in the string section, each string once.
func (e *encoder) str(s string) [2]uint32 {
	if p, ok := e.strs[s]; ok {
		return p
	}
	p := [2]uint32{uint32(e.strings.Len()), uint32(len(s))}
	e.strings.WriteString(s)
	e.strs[s] = p
	return p
}

// list writes strings as a list, returning where it starts and its
// length.
func (e *encoder) list(ss []string) (start, n uint32) {
	start = uint32(len(e.secs[secLists]) / 2)
	for _, s := range ss {
		p := e.str(s)
		e.put(secLists, p[0], p[1])
	}
	return start, uint32(len(ss))
}

func (e *encoder) para(text string) uint32 {
	if id, ok := e.paraIDs[text]; ok {
		return id
	}
	id := uint32(len(e.paras))
	e.paras = append(e.paras, text)
	e.paraIDs[text] = id
	return id
}

func (e *encoder) refs(paras []string) (start, n uint32) {
	start = uint32(len(e.secs[secRefs]))
	for _, p := range paras {
		e.put(secRefs, e.para(p))
	}
	return start, uint32(len(paras))
}

func (e *encoder) histories(sec int, hs []History, fold bool) {
	for _, h := range hs {
		key := e.str(h.Key)
		var f [2]uint32
		if fold {
			f = e.str(Fold(h.Key))
		}
		verStart := uint32(len(e.secs[secVersions]) / verW)
		for _, v := range h.Versions {
			gone := uint32(0)
			if v.Gone {
				gone = 1
			}
			var lead [2]uint32
			if v.Lead != "" {
				lead = e.str(v.Lead)
			}
			refStart, refN := e.refs(v.Paras)
			alsoStart := uint32(len(e.secs[secAlso]) / alsoW)
			for _, a := range v.Also {
				var al [2]uint32
				if a.Lead != "" {
					al = e.str(a.Lead)
				}
				rs, rn := e.refs(a.Paras)
				e.put(secAlso, al[0], al[1], rs, rn)
			}
			e.put(secVersions, uint32(v.Since), gone, lead[0], lead[1], refStart, refN, alsoStart, uint32(len(v.Also)))
		}
		e.put(sec, key[0], key[1], f[0], f[1], verStart, uint32(len(h.Versions)))
	}
}

// flush cuts the paragraphs into chunks, in the order they were met (a
// rule's versions side by side), and writes each.
func (e *encoder) flush(opt Options) error {
	var raw bytes.Buffer
	chunk := uint32(0)
	end := func() error {
		if raw.Len() == 0 {
			return nil
		}
		off := uint32(e.data.Len())
		method := uint32(stored)
		if opt.Compress {
			method = deflate
			w, err := flate.NewWriter(&e.data, flate.BestCompression)
			if err != nil {
				return err
			}
			if _, err := w.Write(raw.Bytes()); err != nil {
				return err
			}
			if err := w.Close(); err != nil {
				return err
			}
		} else {
			e.data.Write(raw.Bytes())
		}
		e.put(secChunks, off, uint32(e.data.Len())-off, uint32(raw.Len()), method)
		raw.Reset()
		chunk++
		return nil
	}
	for _, p := range e.paras {
		if len(p) > maxChunkRaw {
			return fmt.Errorf("a paragraph of %d bytes, more than a chunk holds (%d): %.80q", len(p), maxChunkRaw, p)
		}
		if raw.Len() > 0 && raw.Len()+len(p) > maxChunk {
			if err := end(); err != nil {
				return err
			}
		}
		e.put(secParas, chunk, uint32(raw.Len()), uint32(len(p)))
		raw.WriteString(p)
	}
	return end()
}

// bytes is the file: magic, the table of sections, the sections, each
// field of a section of records as wide as its largest value needs.
func (e *encoder) bytes() []byte {
	var body [numSections][]byte
	for s := range numSections {
		switch s {
		case secStrings:
			body[s] = e.strings.Bytes()
		case secData:
			body[s] = e.data.Bytes()
		default:
			body[s] = records(e.secs[s], fields[s])
		}
	}
	out := []byte(magic)
	off := uint32(len(magic) + 8*numSections)
	for s := range numSections {
		out = binary.LittleEndian.AppendUint32(out, off)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(body[s])))
		off += uint32(len(body[s]))
	}
	for s := range numSections {
		out = append(out, body[s]...)
	}
	return out
}

// records lays out vals, n fields a record: the number of fields, each
// field's width, the records.
func records(vals []uint32, n int) []byte {
	width := make([]int, n)
	for i, v := range vals {
		k := i % n
		for width[k] < 4 && (width[k] == 0 || v>>(8*width[k]) != 0) {
			width[k]++
		}
	}
	out := []byte{byte(n)}
	for _, w := range width {
		out = append(out, byte(max(w, 1)))
	}
	for i, v := range vals {
		for b := range max(width[i%n], 1) {
			out = append(out, byte(v>>(8*b)))
		}
	}
	return out
}
