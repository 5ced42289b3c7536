// Package bookfile is the rule book in the compact form a reader uses:
// every release's rules, glossary and contents, each paragraph stored
// once, with the pairing of each release's rules with the release
// before it already computed. cmd/gen writes it (Encode) from the record
// of snapshots/rules/, compressed in chunks; generated/ruletext embeds
// it and reads it in place (Open): indexes are read where they lie,
// nothing is decoded before it is asked for, and a chunk of text is
// decompressed the first time one of its paragraphs is read. It imports
// the standard library only, so that a program reading the rules links
// nothing of the pipeline.
//
// The layout: a header ("crbook" and a version), a table of sections
// (offset and length of each, little-endian uint32), then the sections.
// A section of records starts with its number of fields and the width
// of each in bytes (1 to 4, the fewest that hold its largest value),
// then the records, each field a little-endian number; strings are an
// offset and a length into the string section; texts are paragraphs,
// each a slice of one chunk's text.
package bookfile

// magic starts every file; its last byte is the format's version.
const magic = "crbook\x00\x01"

// Sections, in the order of the header's table.
const (
	secStrings   = iota // bytes: keys, dates, leads, holds, quirks, the language
	secReleases         // relW fields a release
	secRules            // histW fields a rule number's history
	secContents         // histW fields a heading's history
	secGlossary         // histW fields a term's history
	secTermIndex        // 1 field: glossary indexes in the order of their fold keys
	secVersions         // verW fields a version
	secAlso             // alsoW fields a printing again under one number
	secRefs             // 1 field: paragraph ids
	secParas            // paraW fields: chunk, offset, length
	secChunks           // chunkW fields
	secData             // bytes: the chunks
	secPairs            // pairW fields: kind, of (the kind of history), from, to
	secLists            // 2 fields: a string (offset, length) of a list
	secRuleHash         // 1 field: a rule's history + 1, by the hash of its number (0: empty)
	secTermHash         // 1 field: a position of the term index + 1, by the hash of a fold key
	numSections
)

// Record widths, in uint32 fields, and the fields of each.
const (
	// release: date, source, holds (lists), quirks (lists), counts,
	// flags, pairs.
	relDateOff, relDateLen, relSource, relHoldsStart, relHoldsN, relQuirksStart, relQuirksN,
	relRules, relExamples, relGlossary, relFlags, relPairsStart, relPairsN, relW = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13

	// history: its key (number or term), the key folded (terms), its
	// versions.
	histKeyOff, histKeyLen, histFoldOff, histFoldLen, histVerStart, histVerN, histW = 0, 1, 2, 3, 4, 5, 6

	// version: since (a release index), gone, the lead as misprinted,
	// its paragraphs (refs), the printings again under its number.
	verSince, verGone, verLeadOff, verLeadLen, verRefStart, verRefN, verAlsoStart, verAlsoN, verW = 0, 1, 2, 3, 4, 5, 6, 7, 8

	alsoLeadOff, alsoLeadLen, alsoRefStart, alsoRefN, alsoW = 0, 1, 2, 3, 4

	paraChunk, paraOff, paraLen, paraW = 0, 1, 2, 3

	// chunk: where its bytes are in the data section, its length once
	// decompressed, and how it is stored.
	chunkOff, chunkLen, chunkRaw, chunkMethod, chunkW = 0, 1, 2, 3, 4

	pairKind, pairOf, pairFrom, pairTo, pairW = 0, 1, 2, 3, 4

	listOff, listLen, listW = 0, 1, 2
)

// fields are how many fields the records of each section have (0: a
// section of bytes).
var fields = [numSections]int{
	secReleases: relW, secRules: histW, secContents: histW, secGlossary: histW, secTermIndex: 1,
	secVersions: verW, secAlso: alsoW, secRefs: 1, secParas: paraW, secChunks: chunkW, secPairs: pairW, secLists: listW,
	secRuleHash: 1, secTermHash: 1,
}

// maxFields is the most fields a record has.
const maxFields = relW

// Chunk methods.
const (
	stored  = 0
	deflate = 1
)

// Release sources and flags.
const (
	sourceTxt   = 0
	sourcePages = 1

	flagEndsInGlossary = 1
)

// PairKind is one kind of pair of a release's pairing, in the order a
// release's pairs are kept (then by the kind of history, From, To).
type PairKind uint8

const (
	PairMove   PairKind = iota // From of the release before is To of this one
	PairReused                 // From (= To): both print it, not the same one
	PairSplit                  // rule To is new, made of part of From
	PairMerge                  // rule From went into To
	numPairKinds
)

// maxChunk is how many bytes of text a chunk holds at most (a paragraph
// longer is a chunk of its own): small enough that reading one rule
// decompresses little, large enough to compress well (a rule's versions
// lie side by side).
const maxChunk = 32 << 10

// maxChunkRaw is the most text a chunk may hold: a paragraph longer than
// maxChunk is a chunk of its own, and no paragraph of the rules is near
// this (the longest, a list of creature types, is a few kilobytes).
const maxChunkRaw = 1 << 20
