package rulebook

import (
	"runtime"
	"slices"
	"sync"

	"github.com/mtgrules/crgen/internal/bookfile"
)

// Compact is the book as package bookfile lays it out for a reader:
// every release, rule, heading and term with their versions, and each
// release's pairing computed (Pairing) as indexes of the rules.
func (b *Book) Compact() *bookfile.Book {
	out := &bookfile.Book{Lang: b.Lang}
	index := make(map[string]int, len(b.Releases))
	for i, r := range b.Releases {
		index[r.Date] = i
		out.Releases = append(out.Releases, bookfile.ReleaseInfo{
			Date: r.Date, Source: r.Source, Holds: slices.Clone(r.Holds), Quirks: slices.Clone(r.Quirks),
			Rules: r.Rules, Examples: r.Examples, Glossary: r.Glossary, EndsInGlossary: r.EndsInGlossary,
		})
	}
	histories := func(hs []Rule) []bookfile.History {
		out := make([]bookfile.History, len(hs))
		for i, h := range hs {
			out[i].Key = h.Number
			for _, v := range h.Versions {
				p := bookfile.Printed{Since: index[v.Since], Gone: v.Gone, Lead: v.Lead}
				if !v.Gone {
					p.Paras = append([]string{v.Text}, v.More...)
				}
				for _, a := range v.Also {
					p.Also = append(p.Also, bookfile.Printing{Lead: a.Lead, Paras: append([]string{a.Text}, a.More...)})
				}
				out[i].Versions = append(out[i].Versions, p)
			}
		}
		return out
	}
	out.Rules = histories(b.Rules)
	out.Contents = histories(b.Contents)
	for _, t := range b.Glossary {
		h := bookfile.History{Key: t.Term}
		for _, v := range t.Versions {
			h.Versions = append(h.Versions, bookfile.Printed{Since: index[v.Since], Gone: v.Gone, Paras: v.More})
		}
		out.Glossary = append(out.Glossary, h)
	}
	rule := make(map[string]int, len(b.Rules))
	for i, r := range b.Rules {
		rule[r.Number] = i
	}
	term := make(map[string]int, len(b.Glossary))
	for i, t := range b.Glossary {
		term[t.Term] = i
	}
	out.Pairings = make([][]bookfile.Pair, len(b.Releases))
	// Each release's pairing is computed once, on as many cores as there
	// are (each is independent of the others): gen pays for the whole
	// history of pairings at every run.
	if b.pairings == nil {
		b.reindex() // the slots the goroutines share
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				out.Pairings[i] = b.compactPairing(i, rule, term)
			}
		})
	}
	for i := 1; i < len(b.Releases); i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// compactPairing is release i's pairing of rules and of terms, as
// indexes of rule and term.
func (b *Book) compactPairing(i int, rule, term map[string]int) []bookfile.Pair {
	p := b.Pairing(i)
	var pairs []bookfile.Pair
	add := func(kind bookfile.PairKind, ms []Move) {
		for _, m := range ms {
			pairs = append(pairs, bookfile.Pair{Kind: kind, Of: bookfile.Rules, From: rule[m.From], To: rule[m.To]})
		}
	}
	add(bookfile.PairMove, p.Moves)
	add(bookfile.PairSplit, p.Splits)
	add(bookfile.PairMerge, p.Merges)
	for _, n := range p.Reused {
		pairs = append(pairs, bookfile.Pair{Kind: bookfile.PairReused, Of: bookfile.Rules, From: rule[n], To: rule[n]})
	}
	head := make(map[string]int, len(b.Contents))
	for i, h := range b.Contents {
		head[h.Number] = i
	}
	for _, m := range p.HeadingMoves {
		pairs = append(pairs, bookfile.Pair{Kind: bookfile.PairMove, Of: bookfile.Contents, From: head[m.From], To: head[m.To]})
	}
	for _, n := range p.HeadingsReused {
		pairs = append(pairs, bookfile.Pair{Kind: bookfile.PairReused, Of: bookfile.Contents, From: head[n], To: head[n]})
	}
	for _, m := range p.TermMoves {
		pairs = append(pairs, bookfile.Pair{Kind: bookfile.PairMove, Of: bookfile.Glossary, From: term[m.From], To: term[m.To]})
	}
	for _, n := range p.TermsReused {
		pairs = append(pairs, bookfile.Pair{Kind: bookfile.PairReused, Of: bookfile.Glossary, From: term[n], To: term[n]})
	}
	return pairs
}
