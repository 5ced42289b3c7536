package ruletext

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/bookfile"
)

// newestRules are the numbers and texts of the newest English edition.
func newestRules(b *testing.B) (numbers []string, texts map[string]string) {
	e := English.Newest()
	texts = map[string]string{}
	for _, sec := range e.Contents() {
		for _, n := range e.Subrules(sec.Number) {
			r, _ := e.Lookup(n)
			numbers = append(numbers, n)
			texts[n] = r.Text
		}
	}
	if len(numbers) == 0 {
		b.Fatal("no rule in the newest edition")
	}
	return numbers, texts
}

// A rule of the newest edition, beside the strongest baseline: a map of
// that release's rules by number, built beforehand.
func BenchmarkLookup(b *testing.B) {
	numbers, texts := newestRules(b)
	e := English.Newest()
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if r, ok := e.Lookup(numbers[i%len(numbers)]); !ok || r.Text == "" {
				b.Fatal(numbers[i%len(numbers)])
			}
		}
	})
	b.Run("impl=baseline=map", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if t := texts[numbers[i%len(numbers)]]; t == "" {
				b.Fatal(numbers[i%len(numbers)])
			}
		}
	})
}

// A glossary entry by its term as printed, beside a map by term: the
// project folds case and punctuation, the map does not.
func BenchmarkTerm(b *testing.B) {
	e := English.Newest()
	terms := e.Terms()
	defs := map[string]string{}
	for _, t := range terms {
		entry, _ := e.Term(t)
		defs[t] = entry.Definition()[0]
	}
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := e.Term(terms[i%len(terms)]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=baseline=map", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if defs[terms[i%len(terms)]] == "" {
				b.Fatal(terms[i%len(terms)])
			}
		}
	})
}

// A program's first lookup: the book opened and one rule read, beside a
// program that embeds the newest release's rules as JSON and decodes them
// on first use.
func BenchmarkFirstLookup(b *testing.B) {
	_, texts := newestRules(b)
	data, err := json.Marshal(texts)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f, err := bookfile.Open(englishBook)
			if err != nil {
				b.Fatal(err)
			}
			v, ok := f.Rule("702.19b", f.Releases()-1)
			if !ok {
				b.Fatal("702.19b")
			}
			if _, err := v.Para(0); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=baseline=json-of-the-newest", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m map[string]string
			if err := json.Unmarshal(data, &m); err != nil || m["702.19b"] == "" {
				b.Fatal(err)
			}
		}
	})
}

// Searching the newest edition, beside a scan of its rules' texts kept
// in lower case beforehand.
func BenchmarkSearch(b *testing.B) {
	_, texts := newestRules(b)
	var lower []string
	for _, t := range texts {
		lower = append(lower, strings.ToLower(t))
	}
	e := English.Newest()
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(e.Search("lethal damage")) == 0 {
				b.Fatal("nothing found")
			}
		}
	})
	b.Run("impl=baseline=lowercase-scan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			for _, t := range lower {
				n += strings.Count(t, "lethal damage")
			}
			if n == 0 {
				b.Fatal("nothing found")
			}
		}
	})
}
