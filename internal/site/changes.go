package site

import (
	"fmt"
	"html"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// changeView is one change as its page shows it: a summary, where it is
// in each release, and its words.
type changeView struct {
	ID, Status string
	Title      string        // what happened, plain (the summary a reader opens)
	Summary    template.HTML // the same, each number a link
	Diff       []ruletext.Span
}

type changePart struct {
	ID, Title string
	Changes   []changeView
	More      []link // the pages a part too large for one page is split into
}

type changesBody struct {
	Heading, Intro, Partial, DataHref string
	Lists                             []listChange
	Parts                             []changePart
}

// writeChanges writes the page of release i's change: the whole diff
// from the release before it, the lists' changes first, then the
// contents, the rules and the glossary, each change collapsible and word
// by word. A change too large for one page puts its rules on a page per
// chapter.
func (b *builder) writeChanges(rs *releaseSet, i int, name string, target func(string) (string, bool)) error {
	from, to := rs.date(i-1), rs.date(i)
	d, err := rs.lang.Compare(from, to)
	if err != nil {
		return err
	}
	dir := dirOf(rs, name)
	p := dir + "changes.html"
	oldTarget := b.targetIn(rs, i-1)
	oldTerms := map[string]string{}
	newTerms := map[string]string{}
	if rs.lang == ruletext.English {
		if e, err := edition(rs, i-1); err == nil {
			oldTerms = termIDs(e.Terms())
		}
		if e, err := edition(rs, i); err == nil {
			newTerms = termIDs(e.Terms())
		}
	}
	views := func(page string, kind string, cs []ruletext.Change) []changeView {
		out := make([]changeView, 0, len(cs))
		used := map[string]int{}
		for _, c := range cs {
			id := kind + "-" + c.Number
			if kind == "g" {
				id = kind + "-" + strings.TrimPrefix(TermID(c.Number), "g-")
			}
			if used[id]++; used[id] > 1 {
				id += "-" + strconv.Itoa(used[id])
			}
			var sum, title string
			switch kind {
			case "g":
				sum = b.termSummary(page, name, rs, i, c, oldTerms, newTerms)
				title = b.termSummary(page, name, rs, i, c, nil, nil)
			default:
				sum = changeSummary(page, c, target, oldTarget)
				title = changeSummary(page, c, nowhere, nowhere)
			}
			out = append(out, changeView{ID: id, Status: string(c.Status), Title: html.UnescapeString(title), Summary: template.HTML(sum), Diff: c.Diff}) //nolint:gosec // built of escaped parts
		}
		return out
	}
	body := changesBody{
		Heading:  "What the release of " + to + " changed",
		Intro:    fmt.Sprintf("The whole diff of the %s rules from the release of %s to that of %s: %d rules, %d glossary entries and %d headings changed.", langName(rs.lang), from, to, len(d.Rules), len(d.Glossary), len(d.Contents)),
		DataHref: rel(p, DataPath(rs.lang, to, "changes.json")),
	}
	if len(d.Partial) > 0 {
		body.Partial = "Recorded from some rules only: " + strings.Join(d.Partial, ", ") + ". Their other rules are those of the release before them."
	}
	if rs.lang == ruletext.English {
		body.Lists = listChanges(rs, i)
	}
	body.Parts = []changePart{
		{ID: "contents", Title: "Contents", Changes: views(p, "c", d.Contents)},
		{ID: "rules", Title: "Rules", Changes: views(p, "r", d.Rules)},
		{ID: "glossary", Title: "Glossary", Changes: views(p, "g", d.Glossary)},
	}
	pg := &page{Path: p, Title: "Changes of " + to, Crumbs: releaseCrumbs(rs, p, dir, to, "Changes"), Banner: b.releaseBanner(rs, i, p, dirOf(rs, Current)+"changes.html"), Body: body}
	data, err := b.render("changes", pg)
	if err != nil {
		return err
	}
	if len(data) <= b.o.maxPage {
		return b.out.write(p, data)
	}
	return b.writeChangeChapters(rs, i, name, pg, d.Rules, views)
}

// writeChangeChapters writes a change too large for one page: its rules
// on a page per chapter, the page pg linking them.
func (b *builder) writeChangeChapters(rs *releaseSet, i int, name string, pg *page, changes []ruletext.Change, views func(string, string, []ruletext.Change) []changeView) error {
	body := pg.Body.(changesBody)
	dir, p, to := dirOf(rs, name), pg.Path, rs.date(i)
	byChapter := map[string][]ruletext.Change{}
	var chapters []string
	for _, c := range changes {
		ch := rulenum.ChapterOf(c.Number)
		if _, ok := byChapter[ch]; !ok {
			chapters = append(chapters, ch)
		}
		byChapter[ch] = append(byChapter[ch], c)
	}
	body.Parts = slices.Clone(body.Parts)
	rulesPart := &body.Parts[1]
	rulesPart.Changes = nil
	for _, ch := range chapters {
		cp := dir + "changes-" + ch + ".html"
		rulesPart.More = append(rulesPart.More, link{Href: rel(p, cp), Text: fmt.Sprintf("Chapter %s: %d changes", ch, len(byChapter[ch]))})
		sub := changesBody{Heading: fmt.Sprintf("What the release of %s changed in chapter %s", to, ch), Intro: body.Intro, DataHref: rel(cp, DataPath(rs.lang, to, "changes.json")),
			Parts: []changePart{{ID: "rules", Title: "Rules of chapter " + ch, Changes: views(cp, "r", byChapter[ch])}}}
		crumbs := releaseCrumbs(rs, cp, dir, to, "Chapter "+ch)
		crumbs = append(crumbs[:3:3], link{Href: rel(cp, p), Text: "Changes"}, crumbs[3])
		spg := &page{Path: cp, Title: "Changes of " + to + ", chapter " + ch, Crumbs: crumbs, Banner: b.releaseBanner(rs, i, cp, dirOf(rs, Current)+"changes-"+ch+".html"), Body: sub}
		if err := b.page("changes", spg); err != nil {
			return err
		}
	}
	pg.Body = body
	return b.page("changes", pg)
}

// nowhere links no number.
func nowhere(string) (string, bool) { return "", false }

// changeSummary says what happened to a rule or heading, linking its
// number in each release.
func changeSummary(page string, c ruletext.Change, target, oldTarget func(string) (string, bool)) string {
	num := func(n string, t func(string) (string, bool)) string {
		if to, ok := t(n); ok {
			return fmt.Sprintf(`<a href="%s">%s</a>`, template.HTMLEscapeString(rel(page, to)), template.HTMLEscapeString(n))
		}
		return template.HTMLEscapeString(n)
	}
	switch c.Status {
	case ruletext.Removed:
		return num(c.Number, oldTarget) + " removed"
	case ruletext.Added:
		return num(c.Number, target) + " added"
	case ruletext.Renumbered:
		how := "reworded"
		switch c.Text {
		case "same":
			how = "same text"
		case "typography":
			how = "only its typography changed"
		case "reference":
			how = "only the numbers it cites changed"
		}
		return num(c.OldNumber, oldTarget) + " renumbered " + num(c.Number, target) + " (" + how + ")"
	case ruletext.Split:
		return num(c.Number, target) + " split off " + num(c.OldNumber, oldTarget)
	case ruletext.Merged:
		return num(c.OldNumber, oldTarget) + " merged into " + num(c.Number, target)
	case ruletext.Typography:
		return num(c.Number, target) + ": only its typography changed"
	case ruletext.Reference:
		return num(c.Number, target) + ": only the numbers it cites changed"
	}
	return num(c.Number, target) + " reworded"
}

// termSummary says what happened to a glossary entry, linking it in
// each release's glossary.
func (b *builder) termSummary(page, name string, rs *releaseSet, i int, c ruletext.Change, oldTerms, newTerms map[string]string) string {
	term := func(t string, ids map[string]string, at int) string {
		if id, ok := ids[t]; ok && rs.built[at] {
			// The release's own glossary beside the page (at the stable
			// paths too, which are then the dated pages byte for byte).
			g := GlossaryPath(rs.lang, rs.date(at))
			if at == i {
				g = dirOf(rs, name) + "glossary.html"
			}
			return fmt.Sprintf(`<a href="%s">%s</a>`, template.HTMLEscapeString(rel(page, g+"#"+id)), template.HTMLEscapeString(t))
		}
		return template.HTMLEscapeString(t)
	}
	switch c.Status {
	case ruletext.Removed:
		return term(c.Number, oldTerms, i-1) + " removed"
	case ruletext.Added:
		return term(c.Number, newTerms, i) + " added"
	case ruletext.Renumbered:
		return term(c.OldNumber, oldTerms, i-1) + " renamed " + term(c.Number, newTerms, i)
	case ruletext.Typography:
		return term(c.Number, newTerms, i) + ": only its typography changed"
	case ruletext.Reference:
		return term(c.Number, newTerms, i) + ": only the numbers it cites changed"
	}
	return term(c.Number, newTerms, i) + " " + string(c.Status)
}
