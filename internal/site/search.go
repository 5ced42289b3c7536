package site

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mtgrules/crgen/generated/ruletext"
)

// The search index of the newest release of a language, in the files
// the browser reads a few of per query (search/LANG/): a manifest, the
// words in shards (each word's paragraphs, by number), the paragraphs'
// text in chunks. A query reads the manifest once, the shards of its
// words and the chunks of its first matches, within QueryBudget bytes.
const (
	// QueryBudget is the most bytes one query transfers: the script
	// stops reading shards and chunks there (and offers more).
	QueryBudget = 300_000
	// shardTarget and chunkTarget are the sizes shards and chunks are cut
	// at; a word whose paragraphs alone outweigh commonLimit is common,
	// listed without them (the script finds it in the text of the other
	// words' matches).
	shardTarget = 24_000
	chunkTarget = 8_000
	commonLimit = 48_000
)

// searchDoc is one paragraph the search finds: a rule's paragraph, a
// glossary term or a line of its definition.
type searchDoc struct {
	key  string // the rule's number, or "" for the glossary
	term string // the glossary term
	text string
}

// manifest is search/LANG/index.json.
type manifest struct {
	Lang    string `json:"lang"`
	Release string `json:"release"`
	Docs    int    `json:"docs"`
	// Shards are each shard's first word and size; a word is in the last
	// shard whose first word is not after it.
	Shards []shardRef `json:"shards"`
	// Chunks are each chunk's first paragraph and size.
	Chunks []chunkRef `json:"chunks"`
	// Common are the words too frequent to list the paragraphs of.
	Common []string `json:"common"`
	// Budget is QueryBudget: what the script may read per query.
	Budget int `json:"budget"`
}

type shardRef struct {
	First string `json:"first"`
	File  string `json:"file"`
	Bytes int    `json:"bytes"`
}

type chunkRef struct {
	First int    `json:"first"`
	File  string `json:"file"`
	Bytes int    `json:"bytes"`
}

// searchWords are the words of text as the index and the script read
// them: runs of letters and digits, lower case.
func searchWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// searchDocs are the paragraphs of an edition in the order of its
// Search: the rules' then the glossary's.
func searchDocs(e ruletext.Edition) []searchDoc {
	var out []searchDoc
	for _, n := range e.Numbers() {
		r, _ := e.Lookup(n)
		out = append(out, searchDoc{key: n, text: r.Text})
		for _, m := range r.More() {
			out = append(out, searchDoc{key: n, text: m})
		}
	}
	for _, t := range e.Terms() {
		out = append(out, searchDoc{term: t, text: t})
		entry, _ := e.Term(t)
		for _, d := range entry.Definition() {
			out = append(out, searchDoc{term: t, text: d})
		}
	}
	return out
}

// searchIndex is an index laid out in files.
type searchIndex struct {
	manifest manifest
	files    map[string][]byte // by name, beside index.json
}

func buildSearchIndex(lang ruletext.Lang, e ruletext.Edition) (*searchIndex, error) {
	docs := searchDocs(e)
	postings := map[string][]int{}
	for d, doc := range docs {
		for _, w := range searchWords(doc.text) {
			p := postings[w]
			if len(p) == 0 || p[len(p)-1] != d {
				postings[w] = append(p, d)
			}
		}
	}
	words := make([]string, 0, len(postings))
	for w := range postings {
		words = append(words, w)
	}
	slices.Sort(words)
	ix := &searchIndex{manifest: manifest{Lang: string(lang), Release: e.Date(), Docs: len(docs), Common: []string{}, Budget: QueryBudget}, files: map[string][]byte{}}
	ix.shard(words, postings)
	if err := ix.chunk(docs, termIDs(e.Terms())); err != nil {
		return nil, err
	}
	return ix, nil
}

// shard lays the words out in shards, in order, cut at shardTarget; a
// word too common to list is named in the manifest only.
func (ix *searchIndex) shard(words []string, postings map[string][]int) {
	var shard bytes.Buffer
	first := ""
	flush := func() {
		if shard.Len() == 0 {
			return
		}
		shard.WriteString("}}\n")
		name := "s" + strconv.Itoa(len(ix.manifest.Shards)) + ".json"
		ix.manifest.Shards = append(ix.manifest.Shards, shardRef{First: first, File: name, Bytes: shard.Len()})
		ix.files[name] = slices.Clone(shard.Bytes())
		shard.Reset()
	}
	for _, w := range words {
		entry := encodePosting(w, postings[w])
		if len(entry) > commonLimit {
			ix.manifest.Common = append(ix.manifest.Common, w)
			continue
		}
		if shard.Len() > 0 && shard.Len()+len(entry)+1 > shardTarget {
			flush()
		}
		if shard.Len() == 0 {
			first = w
			shard.WriteString(`{"words":{`)
		} else {
			shard.WriteByte(',')
		}
		shard.Write(entry)
	}
	flush()
}

// chunk lays the paragraphs' text out in chunks, in order, cut at
// chunkTarget: [number, text] for a rule's, ["", text, term, anchor]
// for the glossary's.
func (ix *searchIndex) chunk(docs []searchDoc, ids map[string]string) error {
	var chunk []json.RawMessage
	size, firstDoc := 0, 0
	flush := func(next int) error {
		if len(chunk) == 0 {
			return nil
		}
		b, err := json.Marshal(map[string]any{"first": firstDoc, "docs": chunk})
		if err != nil {
			return err
		}
		b = append(b, '\n')
		name := "t" + strconv.Itoa(len(ix.manifest.Chunks)) + ".json"
		ix.manifest.Chunks = append(ix.manifest.Chunks, chunkRef{First: firstDoc, File: name, Bytes: len(b)})
		ix.files[name] = b
		chunk, size, firstDoc = nil, 0, next
		return nil
	}
	for d, doc := range docs {
		v := []string{doc.key, doc.text}
		if doc.term != "" {
			v = []string{"", doc.text, doc.term, ids[doc.term]}
		}
		b, err := marshalNoEscape(v)
		if err != nil {
			return err
		}
		if size > 0 && size+len(b) > chunkTarget {
			if err := flush(d); err != nil {
				return err
			}
		}
		chunk = append(chunk, b)
		size += len(b) + 1
	}
	return flush(len(docs))
}

// encodePosting is `"word":[d0,d1-d0,...]`: paragraph numbers, each
// after the first as its distance from the one before.
func encodePosting(w string, ds []int) []byte {
	key, _ := marshalNoEscape(w)
	b := append(key, ':', '[')
	prev := 0
	for k, d := range ds {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(d-prev), 10)
		prev = d
	}
	return append(b, ']')
}

func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// searchDir is the folder of a language's search index.
func searchDir(lang ruletext.Lang) string { return "search/" + string(lang) + "/" }

// writeSearch writes the index of the newest release of rs.
func (b *builder) writeSearch(rs *releaseSet) error {
	e, err := edition(rs, rs.newest())
	if err != nil {
		return err
	}
	ix, err := buildSearchIndex(rs.lang, e)
	if err != nil {
		return err
	}
	dir := searchDir(rs.lang)
	names := make([]string, 0, len(ix.files))
	for n := range ix.files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if err := b.out.write(dir+n, ix.files[n]); err != nil {
			return err
		}
	}
	return b.writeJSON(dir+"index.json", ix.manifest)
}
