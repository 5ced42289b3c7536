package rulebook

import (
	"testing"

	"github.com/mtgrules/crgen/internal/diff"
)

// BenchmarkCompare is the whole diff of the two newest official releases
// of the corpus (every rule followed through the recorded pairing, each
// change word by word, the glossary and the contents), beside the
// matcher alone on the same two releases' rules (diff.CompareTexts,
// with no pairing recorded to follow). Run it with -cpu 1: the target is
// 100 ms on one core.
func BenchmarkCompare(b *testing.B) {
	book := corpusBookB(b)
	var from, to string
	for i := len(book.Releases) - 1; i > 0 && from == ""; i-- {
		if book.Releases[i].Source == "txt" && book.Releases[i-1].Source == "txt" {
			from, to = book.Releases[i-1].Date, book.Releases[i].Date
		}
	}
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := book.Compare(from, to); err != nil {
				b.Fatal(err)
			}
		}
	})
	old, cur := book.Texts(from), book.Texts(to)
	b.Run("impl=baseline=matcher-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			diff.CompareTexts(old, cur)
		}
	})
}

// BenchmarkRule is a rule as of a release (0 allocations), beside a map
// of one release's numbers to their texts.
func BenchmarkRule(b *testing.B) {
	book := corpusBookB(b)
	rel := book.Releases[len(book.Releases)/2].Date
	texts := book.Texts(rel)
	var numbers []string
	for n := range texts {
		numbers = append(numbers, n)
	}
	b.Run("impl=project", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			book.Rule(numbers[i%len(numbers)], rel)
			i++
		}
	})
	b.Run("impl=baseline=map-one-release", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = texts[numbers[i%len(numbers)]]
			i++
		}
	})
}

// BenchmarkPairEveryRelease is what gen pays for the pairings of the
// English book: the matcher on every two adjacent releases, their rules
// and headings (diff.CompareRelease), one op for them all.
func BenchmarkPairEveryRelease(b *testing.B) {
	book := corpusBookB(b)
	type pair struct{ old, cur diff.Texts }
	var pairs []pair
	for i := 1; i < len(book.Releases); i++ {
		before, date := book.Releases[i-1].Date, book.Releases[i].Date
		pairs = append(pairs, pair{
			diff.Texts{Rules: book.Texts(before), Headings: book.headings(before)},
			diff.Texts{Rules: book.Texts(date), Headings: book.headings(date)},
		})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pairs {
			diff.CompareRelease(p.old, p.cur)
		}
	}
}
