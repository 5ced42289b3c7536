package site

import (
	"path"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// The site's paths, from its root, each a function so that a page, a
// test and the refresh report name a page the same way. Every link in
// the site is relative (the site is served under a project's path on
// GitHub Pages, and read from a folder too).

// Current is the folder name of a language's stable paths: the newest
// release's pages and data, whatever its date (en/current/702.html).
const Current = "current"

// ChangePath is the page of the change of release date of lang: the
// whole diff from the release before it ("en/2026-09-25/changes.html").
// The refresh pull request names it (ChangeURL).
func ChangePath(lang ruletext.Lang, date string) string {
	return string(lang) + "/" + date + "/changes.html"
}

// ChangeURL is ChangePath under the site's address base
// ("https://mtgrules.github.io/crgen"), a trailing slash or not.
func ChangeURL(base string, lang ruletext.Lang, date string) string {
	return strings.TrimSuffix(base, "/") + "/" + ChangePath(lang, date)
}

// ReleasePath is the contents page of release date ("en/2026-09-25/").
func ReleasePath(lang ruletext.Lang, date string) string {
	return string(lang) + "/" + date + "/index.html"
}

// SectionPath is the page of section (or of the section of a rule)
// number in release date; a chapter's is the release's contents page.
func SectionPath(lang ruletext.Lang, date, number string) string {
	if rulenum.KindOf(number) == rulenum.Chapter {
		return ReleasePath(lang, date)
	}
	return string(lang) + "/" + date + "/" + rulenum.SectionOf(number) + ".html"
}

// RulePath is rule number's place in release date: its section's page
// and its anchor ("en/2026-09-25/702.html#702.19b").
func RulePath(lang ruletext.Lang, date, number string) string {
	switch rulenum.KindOf(number) {
	case rulenum.Chapter:
		return ReleasePath(lang, date) + "#ch" + number
	case rulenum.Section:
		return SectionPath(lang, date, number)
	}
	return SectionPath(lang, date, number) + "#" + number
}

// ExampleID is the anchor of the kth example (from 1) of rule number on
// its section's page ("702.19b-ex1").
func ExampleID(number string, k int) string {
	return number + "-ex" + strconv.Itoa(k)
}

// HistoryPath is the permalink of a rule by its identity: the page of
// its history, named by the release and number it came in with, which no
// later renumbering changes ("en/history/2009-07-11/204.3k.html" is
// 205.3m today).
func HistoryPath(lang ruletext.Lang, originDate, originNumber string) string {
	return string(lang) + "/history/" + originDate + "/" + originNumber + ".html"
}

// NumberPath is the page of a number as every release printed it: which
// rule held it when, each leading to that rule today
// ("en/n/204.3k.html").
func NumberPath(lang ruletext.Lang, number string) string {
	return string(lang) + "/n/" + number + ".html"
}

// GlossaryPath, ListsPath: the glossary and the lists of release date.
func GlossaryPath(lang ruletext.Lang, date string) string {
	return string(lang) + "/" + date + "/glossary.html"
}

func ListsPath(lang ruletext.Lang, date string) string {
	return string(lang) + "/" + date + "/lists.html"
}

// DataPath is a file of the data beside the pages of release date
// ("data/en/2026-09-25/index.json"); date Current is the newest.
func DataPath(lang ruletext.Lang, date, file string) string {
	return "data/" + string(lang) + "/" + date + "/" + file
}

// TermID is the anchor of a glossary term on its release's glossary
// page ("g-lethal-damage").
func TermID(term string) string {
	var b strings.Builder
	b.WriteString("g-")
	dash := false
	for _, r := range strings.ToLower(term) {
		switch {
		case r == '\'' || r == '’':
			// "Urza’s" is g-urzas.
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r > 0x7f && r != '—' && r != '–':
			if dash && b.Len() > 2 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// termIDs are the anchors of a glossary's terms: TermID, made unique
// in the glossary's order ("g-x", "g-x-2").
func termIDs(terms []string) map[string]string {
	out := make(map[string]string, len(terms))
	used := map[string]int{}
	for _, t := range terms {
		id := TermID(t)
		if used[id]++; used[id] > 1 {
			id += "-" + strconv.Itoa(used[id])
		}
		out[t] = id
	}
	return out
}

// rel is the link from the page at from to target, both from the
// site's root: relative, so that the site reads anywhere it is put.
func rel(from, target string) string {
	if strings.HasPrefix(target, "#") {
		return target
	}
	dir := path.Dir(from)
	if dir == "." {
		return target
	}
	frag := ""
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target, frag = target[:i], target[i:]
	}
	fromParts := strings.Split(dir, "/")
	toParts := strings.Split(target, "/")
	common := 0
	for common < len(fromParts) && common < len(toParts)-1 && fromParts[common] == toParts[common] {
		common++
	}
	if common == len(fromParts) && path.Base(from) == toParts[len(toParts)-1] && len(toParts)-1 == common && frag != "" {
		return frag
	}
	out := strings.Repeat("../", len(fromParts)-common) + strings.Join(toParts[common:], "/")
	return out + frag
}
