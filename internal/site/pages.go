package site

import (
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

type chapterView struct {
	Number, Title string
	Sections      []sectionLink
}

type sectionLink struct {
	Number, Title, Href string
}

type releaseBody struct {
	Heading, Note                                 string
	GlossaryHref, ListsHref, ChangeHref, DataHref string
	Chapters                                      []chapterView
}

// writeContents writes a release's contents page.
func (b *builder) writeContents(rs *releaseSet, e ruletext.Edition, i int, name string, secs []sectionRules) error {
	dir := dirOf(rs, name)
	p := dir + "index.html"
	paged := map[string]bool{}
	for _, s := range secs {
		paged[s.Number] = true
	}
	var chapters []chapterView
	for _, h := range e.Contents() {
		if rulenum.KindOf(h.Number) == rulenum.Chapter {
			chapters = append(chapters, chapterView{Number: h.Number, Title: h.Title})
			continue
		}
		if len(chapters) == 0 {
			chapters = append(chapters, chapterView{Number: rulenum.ChapterOf(h.Number)})
		}
		sl := sectionLink{Number: h.Number, Title: h.Title}
		if paged[h.Number] {
			sl.Href = rel(p, dir+h.Number+".html")
			delete(paged, h.Number)
		}
		c := &chapters[len(chapters)-1]
		c.Sections = append(c.Sections, sl)
	}
	// Sections the contents do not name (a book of rule pages has none).
	for _, s := range secs {
		if !paged[s.Number] {
			continue
		}
		ch := rulenum.ChapterOf(s.Number)
		if len(chapters) == 0 || chapters[len(chapters)-1].Number != ch {
			chapters = append(chapters, chapterView{Number: ch, Title: "Chapter " + ch})
		}
		title := s.Title
		if title == "" {
			title = "Section " + s.Number
		}
		c := &chapters[len(chapters)-1]
		c.Sections = append(c.Sections, sectionLink{Number: s.Number, Title: title, Href: rel(p, dir+s.Number+".html")})
	}
	date := rs.date(i)
	body := releaseBody{
		Heading:  "The " + langName(rs.lang) + " Comprehensive Rules of " + date,
		Note:     sourceNote(rs.all[i]),
		DataHref: rel(p, DataPath(rs.lang, rs.date(i), "index.json")),
		Chapters: chapters,
	}
	if rs.lang == ruletext.English {
		body.GlossaryHref = rel(p, dir+"glossary.html")
		body.ListsHref = rel(p, dir+"lists.html")
	}
	if i > 0 {
		body.ChangeHref = rel(p, dir+"changes.html")
	}
	pg := &page{Path: p, Title: "Rules of " + date,
		Crumbs: []link{{Href: rel(p, "index.html"), Text: "Home"}, {Href: rel(p, string(rs.lang)+"/index.html"), Text: langName(rs.lang) + " releases"}, {Text: date}},
		Banner: b.releaseBanner(rs, i, p, dirOf(rs, Current)+"index.html"), Body: body}
	return b.page("release", pg)
}

type letterLink struct{ ID, Text string }

type glossaryBody struct {
	Letters []letterLink
	Terms   []termViewL
}

type termViewL struct {
	Term, ID   string
	Letter     *letterLink
	Definition []template.HTML
}

// writeGlossary writes a release's glossary, each term at its anchor
// (TermID), each reference of a definition a link.
func (b *builder) writeGlossary(rs *releaseSet, e ruletext.Edition, i int, name string, target func(string) (string, bool)) error {
	dir := dirOf(rs, name)
	p := dir + "glossary.html"
	terms := e.Terms()
	ids := termIDs(terms)
	l := &linker{page: p, target: target}
	var body glossaryBody
	last := ""
	for _, t := range terms {
		entry, err := e.Term(t)
		if err != nil {
			return fmt.Errorf("site: %s@%s lists the term %q but does not look it up: %w", rs.lang, rs.date(i), t, err)
		}
		v := termViewL{Term: t, ID: ids[t]}
		if letter := firstLetter(t); letter != last {
			last = letter
			v.Letter = &letterLink{ID: "letter-" + strings.ToLower(letter), Text: letter}
			body.Letters = append(body.Letters, *v.Letter)
		}
		for _, d := range entry.Definition() {
			v.Definition = append(v.Definition, l.html(d))
		}
		body.Terms = append(body.Terms, v)
	}
	date := rs.date(i)
	pg := &page{Path: p, Title: "Glossary (" + date + ")",
		Crumbs: []link{{Href: rel(p, "index.html"), Text: "Home"}, {Href: rel(p, string(rs.lang)+"/index.html"), Text: langName(rs.lang) + " releases"}, {Href: rel(p, dir+"index.html"), Text: date}, {Text: "Glossary"}},
		Banner: b.releaseBanner(rs, i, p, dirOf(rs, Current)+"glossary.html"), Body: body}
	return b.page("glossary", pg)
}

// firstLetter is the letter a term is filed under: its first letter,
// upper case, or "#" for a term that begins otherwise.
func firstLetter(t string) string {
	if t != "" && (t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z') {
		return strings.ToUpper(t[:1])
	}
	return "#"
}

type releaseRow struct {
	Date, Href, Source, Rules, Changes, ChangeHref string
}

type releasesBody struct {
	Heading, Intro, Unrecorded string
	Rows                       []releaseRow
}

// writeReleaseList writes a language's list of releases.
func (b *builder) writeReleaseList(rs *releaseSet) error {
	p := string(rs.lang) + "/index.html"
	body := releasesBody{Heading: "Every release of the " + langName(rs.lang) + " rules recorded",
		Intro: strconv.Itoa(len(rs.all)) + " releases, from " + rs.date(0) + " to " + rs.date(rs.newest()) + ". Each is here whole; each change page is the whole diff from the release before."}
	for i := rs.newest(); i >= 0; i-- {
		r := rs.all[i]
		row := releaseRow{Date: r.Date, Source: "the official text", Rules: strconv.Itoa(r.Rules) + " rules, " + strconv.Itoa(r.Glossary) + " glossary entries"}
		if note := sourceNote(r); note != "" {
			row.Source = strings.TrimPrefix(note, "recorded from ")
		}
		if rs.built[i] {
			row.Href = rel(p, ReleasePath(rs.lang, r.Date))
		}
		if i == 0 {
			row.Changes = "the first recorded"
		} else {
			row.Changes = "since " + rs.date(i-1)
			if rs.built[i] {
				row.ChangeHref = rel(p, ChangePath(rs.lang, r.Date))
			}
		}
		body.Rows = append(body.Rows, row)
	}
	if u := rules.Unrecorded(string(rs.lang)); len(u) > 0 && rs.lang == ruletext.English {
		body.Unrecorded = strings.Join(u, ", ")
	}
	pg := &page{Path: p, Title: langName(rs.lang) + " releases",
		Crumbs: []link{{Href: rel(p, "index.html"), Text: "Home"}, {Text: langName(rs.lang) + " releases"}}, Body: body}
	return b.page("releases", pg)
}

type historyStep struct {
	ID, Event, Title string
	Releases         template.HTML
	Diff             []ruletext.Span
	Text             []para
}

type historyBody struct {
	Heading string
	Today   template.HTML
	Numbers template.HTML
	Steps   []historyStep
}

// writeHistory writes a rule's history page: its permalink.
func (b *builder) writeHistory(rs *releaseSet, h *history) error {
	p := h.path
	last, alive := h.last(rs)
	var today strings.Builder
	switch end := h.end(); {
	case alive:
		fmt.Fprintf(&today, `Today it is rule <a href="%s">%s</a> of the release of %s.`,
			template.HTMLEscapeString(rel(p, RulePath(rs.lang, Current, last))), template.HTMLEscapeString(last), rs.date(rs.newest()))
	case end != nil && end.Event == ruletext.Merged:
		into := template.HTMLEscapeString(end.Into)
		if hi := b.hist[rs.lang].at[rs.index[end.Release]][end.Into]; hi != nil {
			into = fmt.Sprintf(`<a href="%s">%s</a>`, template.HTMLEscapeString(rel(p, hi.path)), into)
		}
		fmt.Fprintf(&today, "The release of %s merged it into rule %s.", end.Release, into)
	case end != nil:
		fmt.Fprintf(&today, "The release of %s removed it; the last to print it was the release of %s.", end.Release, rs.date(h.spans[len(h.spans)-1].to-1))
	}
	var nums []string
	for _, s := range h.spans {
		span := rs.date(s.from) + " on"
		if s.to < len(rs.all) {
			span = rs.date(s.from) + " to " + rs.date(s.to-1)
		}
		nums = append(nums, fmt.Sprintf(`<a href="%s">%s</a> (%s)`, template.HTMLEscapeString(rel(p, NumberPath(rs.lang, s.number))), template.HTMLEscapeString(s.number), span))
	}
	steps := h.steps
	body := historyBody{Heading: "Rule " + last + ": its history", Today: template.HTML(today.String()), Numbers: template.HTML(strings.Join(nums, ", "))} //nolint:gosec // built of escaped parts
	if len(h.spans) > 1 || h.spans[0].number != last {
		body.Heading = "Rule " + last + " (first " + h.originNumber + "): its history"
	}
	for k, s := range steps {
		v := historyStep{ID: "s-" + s.Release, Event: string(s.Event), Title: stepTitle(s), Diff: s.Diff}
		if s.Event == ruletext.Removed || s.Event == ruletext.Merged {
			body.Steps = append(body.Steps, v)
			continue
		}
		from := rs.index[s.Release]
		to := len(rs.all)
		if k+1 < len(steps) {
			to = rs.index[steps[k+1].Release]
		}
		var dates []string
		for j := from; j < to; j++ {
			d := rs.date(j)
			if rs.built[j] {
				d = fmt.Sprintf(`<a href="%s">%s</a>`, template.HTMLEscapeString(rel(p, RulePath(rs.lang, rs.date(j), s.Number))), d)
			}
			dates = append(dates, d)
		}
		v.Releases = template.HTML(strings.Join(dates, ", ")) //nolint:gosec // built of escaped parts
		// The first text whole; each after it as its word diff from the
		// one before, which holds it whole too.
		if k == 0 || len(s.Diff) == 0 {
			v.Diff = nil
			l := &linker{page: p, target: b.targetIn(rs, from)}
			for _, line := range strings.Split(s.Text, "\n") {
				v.Text = append(v.Text, para{Text: l.html(line), Example: rulenum.IsExample(line)})
			}
		}
		body.Steps = append(body.Steps, v)
	}
	crumbs := []link{{Href: rel(p, "index.html"), Text: "Home"}, {Href: rel(p, string(rs.lang)+"/index.html"), Text: langName(rs.lang) + " releases"}, {Text: "History of " + last}}
	pg := &page{Path: p, Title: "History of rule " + last, Crumbs: crumbs, Body: body}
	return b.page("history", pg)
}

// targetIn is where a number of release i leads, when that release is
// written and prints it.
func (b *builder) targetIn(rs *releaseSet, i int) func(string) (string, bool) {
	hs := b.hist[rs.lang]
	return func(n string) (string, bool) {
		if !rs.built[i] {
			return "", false
		}
		switch rulenum.KindOf(n) {
		case rulenum.Rule, rulenum.Subrule:
			if hs.at[i][n] == nil {
				return "", false
			}
		default:
			return "", false
		}
		return RulePath(rs.lang, rs.date(i), n), true
	}
}

// stepTitle says what a step of a history did.
func stepTitle(s ruletext.Step) string {
	at := s.Release + ": "
	switch s.Event {
	case ruletext.First:
		return at + s.Number + ", as the first release recorded printed it"
	case ruletext.Added:
		return at + s.Number + " added"
	case ruletext.Split:
		return at + s.Number + " split off " + s.From
	case ruletext.Changed:
		return at + s.Number + " reworded"
	case ruletext.Renumbered:
		return at + "renumbered from " + s.From + " to " + s.Number
	case ruletext.Typography:
		return at + s.Number + ": only its typography changed"
	case ruletext.Reference:
		return at + s.Number + ": only the numbers it cites changed"
	case ruletext.Merged:
		return at + s.Number + " merged into " + s.Into
	case ruletext.Removed:
		return at + s.Number + " removed"
	}
	return at + s.Number + " " + string(s.Event)
}

type period struct {
	ID, From, To string
	Text         template.HTML
}

type numberBody struct {
	Heading, Number string
	Periods         []period
}

// writeNumbers writes the page of every number ever printed, and the
// data the citation form reads (by section).
func (b *builder) writeNumbers(rs *releaseSet) error {
	hs := b.hist[rs.lang]
	var numbers []string
	for n := range hs.numbers {
		numbers = append(numbers, n)
	}
	sortNumbers(numbers)
	bySection := map[string]*numbersData{}
	var sections []string
	err := parallel(b.o.Workers, len(numbers), func(k int) error {
		n := numbers[k]
		p := NumberPath(rs.lang, n)
		body := numberBody{Heading: "Rule number " + n, Number: n}
		for _, h := range hs.numbers[n] {
			for _, s := range h.spans {
				if s.number != n {
					continue
				}
				body.Periods = append(body.Periods, period{ID: "p-" + rs.date(s.from), From: rs.date(s.from), To: rs.date(s.to - 1), Text: b.periodText(rs, p, h, s)})
			}
		}
		crumbs := []link{{Href: rel(p, "index.html"), Text: "Home"}, {Href: rel(p, string(rs.lang)+"/index.html"), Text: langName(rs.lang) + " releases"}, {Text: n}}
		return b.page("number", &page{Path: p, Title: "Rule number " + n, Crumbs: crumbs, Body: body})
	})
	if err != nil {
		return err
	}
	for _, n := range numbers {
		sec := rulenum.SectionOf(n)
		d := bySection[sec]
		if d == nil {
			d = &numbersData{Lang: string(rs.lang), Section: sec, Numbers: map[string][]numberPeriod{}}
			bySection[sec] = d
			sections = append(sections, sec)
		}
		for _, h := range hs.numbers[n] {
			last, alive := h.last(rs)
			for _, s := range h.spans {
				if s.number != n {
					continue
				}
				np := numberPeriod{From: rs.date(s.from), To: rs.date(s.to - 1), ID: h.id()}
				if alive {
					np.Today = last
				}
				d.Numbers[n] = append(d.Numbers[n], np)
			}
		}
	}
	for _, sec := range sections {
		if err := b.writeJSON(DataPath(rs.lang, "numbers", sec+".json"), bySection[sec]); err != nil {
			return err
		}
	}
	return nil
}

// periodText says which rule held a number for a span, and what it is
// today.
func (b *builder) periodText(rs *releaseSet, p string, h *history, s span) template.HTML {
	var t strings.Builder
	from, to := rs.date(s.from), rs.date(s.to-1)
	if s.from == s.to-1 {
		fmt.Fprintf(&t, "In the release of %s", from)
	} else if s.to == len(rs.all) {
		fmt.Fprintf(&t, "From the release of %s to the newest", from)
	} else {
		fmt.Fprintf(&t, "From the release of %s to that of %s", from, to)
	}
	last, alive := h.last(rs)
	switch {
	case alive && last == s.number:
		t.WriteString(", and today: ")
	case alive:
		fmt.Fprintf(&t, ", the rule that is %s today: ", template.HTMLEscapeString(last))
	default:
		t.WriteString(", a rule no longer in the rules: ")
	}
	fmt.Fprintf(&t, `<a href="%s">its history</a>`, template.HTMLEscapeString(rel(p, h.path)))
	if alive {
		fmt.Fprintf(&t, `, <a href="%s">%s today</a>`, template.HTMLEscapeString(rel(p, RulePath(rs.lang, Current, last))), template.HTMLEscapeString(last))
	}
	t.WriteString(".")
	return template.HTML(t.String()) //nolint:gosec // built of escaped parts
}

func sortNumbers(ns []string) {
	slices.SortFunc(ns, rulenum.Compare)
}
