package site

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mtgrules/crgen/generated/ruletext"
)

// searchClient is the script's search (assets/site.js) in Go, on the
// files of a built index: the tests replay queries as the browser makes
// them and count the bytes each reads.
type searchClient struct {
	t     testing.TB
	dir   string // the index's folder
	cache map[string][]byte
	spent int
	m     manifest
}

func newSearchClient(t testing.TB, dir string) *searchClient {
	c := &searchClient{t: t, dir: dir, cache: map[string][]byte{}}
	if err := json.Unmarshal(c.get("index.json"), &c.m); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *searchClient) get(name string) []byte {
	if b, ok := c.cache[name]; ok {
		return b
	}
	b, err := os.ReadFile(filepath.Join(c.dir, name))
	if err != nil {
		c.t.Fatal(err)
	}
	c.spent += len(b)
	c.cache[name] = b
	return b
}

// fold is a text as a query compares it (site.js fold).
func fold(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("‘", "'", "’", "'", "“", `"`, "”", `"`).Replace(s)
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// hasPhrase reports whether folded q is in folded text on word
// boundaries (site.js findPhrase).
func hasPhrase(text, q string) bool {
	t := []rune(fold(text))
	qr := []rune(q)
	for i := 0; i+len(qr) <= len(t); i++ {
		if string(t[i:i+len(qr)]) != q {
			continue
		}
		if (i == 0 || !isWordRune(t[i-1])) && (i+len(qr) == len(t) || !isWordRune(t[i+len(qr)])) {
			return true
		}
	}
	return false
}

type hit struct{ key, term, text string }

// query runs a query as the script does: the shards of its words within
// half the budget, then the chunks of its candidates in order within
// the budget, up to limit matches (0: no limit and no budget).
func (c *searchClient) query(words string, limit int) []hit {
	budget := c.m.Budget
	if limit == 0 {
		budget = 1 << 40
	}
	common := map[string]bool{}
	for _, w := range c.m.Common {
		common[w] = true
	}
	var lists [][]int
	shardBytes := 0
	seen := map[string]bool{}
	for _, w := range searchWords(words) {
		if common[w] || seen[w] {
			continue
		}
		seen[w] = true
		k, _ := slices.BinarySearchFunc(c.m.Shards, w, func(s shardRef, w string) int { return strings.Compare(s.First, w) })
		if k == len(c.m.Shards) || c.m.Shards[k].First != w {
			k--
		}
		if k < 0 {
			return nil
		}
		s := c.m.Shards[k]
		if _, ok := c.cache[s.File]; !ok && c.spent+shardBytes+s.Bytes > budget/2 {
			continue
		}
		if _, ok := c.cache[s.File]; !ok {
			shardBytes += s.Bytes
		}
		var sh struct {
			Words map[string][]int `json:"words"`
		}
		if err := json.Unmarshal(c.get(s.File), &sh); err != nil {
			c.t.Fatal(err)
		}
		var ds []int
		at := 0
		for _, d := range sh.Words[w] {
			at += d
			ds = append(ds, at)
		}
		lists = append(lists, ds)
	}
	var cands []int
	if len(lists) == 0 {
		for d := range c.m.Docs {
			cands = append(cands, d)
		}
	} else {
		cands = lists[0]
		for _, l := range lists[1:] {
			cands = intersectSorted(cands, l)
		}
	}
	q := fold(strings.TrimSpace(words))
	var out []hit
	for _, d := range cands {
		if limit > 0 && len(out) == limit {
			break
		}
		k, _ := slices.BinarySearchFunc(c.m.Chunks, d, func(ch chunkRef, d int) int { return ch.First - d })
		if k == len(c.m.Chunks) || c.m.Chunks[k].First != d {
			k--
		}
		ch := c.m.Chunks[k]
		if _, ok := c.cache[ch.File]; !ok && c.spent+ch.Bytes > budget {
			break
		}
		var chunk struct {
			First int        `json:"first"`
			Docs  [][]string `json:"docs"`
		}
		if err := json.Unmarshal(c.get(ch.File), &chunk); err != nil {
			c.t.Fatal(err)
		}
		doc := chunk.Docs[d-chunk.First]
		if hasPhrase(doc[1], q) {
			h := hit{key: doc[0], text: doc[1]}
			if doc[0] == "" {
				h.term = doc[2]
			}
			out = append(out, h)
		}
	}
	return out
}

func intersectSorted(a, b []int) []int {
	var out []int
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			out = append(out, a[i])
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return out
}

// The index finds every paragraph Edition.Search finds, and only
// paragraphs that hold the words; "lethal damage" finds 120.4a.
func TestSearchFindsWhatTheBookFinds(t *testing.T) {
	s := siteOf(t)
	e := ruletext.English.Newest()
	for _, q := range []string{"lethal damage", "mana ability", "state-based actions", "Time Lord", "the", "“legend rule”", "can’t be regenerated", "zzzz nothing"} {
		c := newSearchClient(t, filepath.Join(s.dir, searchDir(ruletext.English)))
		got := map[hit]bool{}
		for _, h := range c.query(q, 0) {
			got[hit{key: h.key, term: h.term, text: h.text}] = true
		}
		want := map[hit]bool{}
		for _, m := range e.Search(q) {
			want[hit{key: m.Number, term: m.Term, text: m.Text}] = true
		}
		for h := range want {
			if !got[h] {
				t.Errorf("%q: the index misses %s%s: %.80q", q, h.key, h.term, h.text)
			}
		}
		for h := range got {
			if !want[h] && !strings.Contains(fold(h.text), fold(q)) {
				t.Errorf("%q: the index finds %s%s, which does not hold it", q, h.key, h.term)
			}
		}
		if q == "lethal damage" && !got[hit{key: "120.4a", text: mustLookup(t, e, "120.4a")}] {
			t.Errorf("%q does not find 120.4a", q)
		}
	}
	// The Spanish rules the book holds: "tipos de criatura" is in 205.3m.
	es := ruletext.Spanish.Newest()
	c := newSearchClient(t, filepath.Join(s.dir, searchDir(ruletext.Spanish)))
	got := map[string]bool{}
	for _, h := range c.query("tipos de criatura", 0) {
		got[h.key+h.term] = true
	}
	ms := es.Search("tipos de criatura")
	if len(ms) == 0 {
		t.Fatal("the Spanish rules do not say tipos de criatura")
	}
	for _, m := range ms {
		if !got[m.Number+m.Term] {
			t.Errorf("tipos de criatura: the Spanish index misses %s%s", m.Number, m.Term)
		}
	}
}

func mustLookup(t testing.TB, e ruletext.Edition, n string) string {
	r, ok := e.Lookup(n)
	if !ok {
		t.Fatalf("%s@%s has no rule %s", e.Lang(), e.Date(), n)
	}
	return r.Text
}

// No query reads more than QueryBudget bytes, however common or many
// its words: every file is small enough, and the script stops at the
// budget.
func TestSearchReadsLittlePerQuery(t *testing.T) {
	s := siteOf(t)
	for _, lang := range []ruletext.Lang{ruletext.English, ruletext.Spanish} {
		dir := filepath.Join(s.dir, searchDir(lang))
		c := newSearchClient(t, dir)
		if len(c.m.Shards) == 0 || len(c.m.Chunks) == 0 {
			t.Fatalf("%s: an empty index", dir)
		}
		biggest := 0
		for _, sh := range c.m.Shards {
			biggest = max(biggest, sh.Bytes)
			if info, err := os.Stat(filepath.Join(dir, sh.File)); err != nil || int(info.Size()) != sh.Bytes {
				t.Errorf("%s: the manifest says %d bytes: %v", sh.File, sh.Bytes, err)
			}
		}
		if biggest > commonLimit+shardTarget {
			t.Errorf("%s: a shard of %d bytes", dir, biggest)
		}
		for _, ch := range c.m.Chunks {
			if info, err := os.Stat(filepath.Join(dir, ch.File)); err != nil || int(info.Size()) != ch.Bytes {
				t.Errorf("%s: the manifest says %d bytes: %v", ch.File, ch.Bytes, err)
			}
		}
		for _, q := range []string{"lethal damage", "the", "a creature that has the ability of a card you control with mana value", "player turn spell card permanent ability cost effect"} {
			c := newSearchClient(t, dir)
			hits := c.query(q, 25)
			if c.spent > QueryBudget {
				t.Errorf("%s: %q reads %d bytes, over %d", lang, q, c.spent, QueryBudget)
			}
			t.Logf("%s: %q: %d matches shown, %d bytes read", lang, q, len(hits), c.spent)
		}
	}
}
