package site

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// builder writes one site.
type builder struct {
	o    Options
	out  *out
	tmpl templates
	en   *releaseSet
	es   *releaseSet
	hist map[ruletext.Lang]*histories
}

func newBuilder(dir string, o Options) (*builder, error) {
	t, err := parseTemplates()
	if err != nil {
		return nil, err
	}
	if o.maxPage == 0 {
		o.maxPage = MaxPage
	}
	b := &builder{o: o, out: &out{dir: dir, maxPage: o.maxPage}, tmpl: t, hist: map[ruletext.Lang]*histories{}}
	if b.en, err = newReleaseSet(ruletext.English, o.Releases); err != nil {
		return nil, err
	}
	// The Spanish rule pages are few: every one is written.
	if len(ruletext.Spanish.Releases()) > 0 {
		if b.es, err = newReleaseSet(ruletext.Spanish, nil); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (b *builder) sets() []*releaseSet {
	if b.es == nil {
		return []*releaseSet{b.en}
	}
	return []*releaseSet{b.en, b.es}
}

func (b *builder) result() Result {
	r := b.out.res
	r.Releases = b.en.builtDates()
	return r
}

func (b *builder) build() error {
	for _, rs := range b.sets() {
		h, err := traceAll(rs, b.o.Workers)
		if err != nil {
			return err
		}
		b.hist[rs.lang] = h
	}
	if err := b.writeAssets(); err != nil {
		return err
	}
	if err := b.writeTopPages(); err != nil {
		return err
	}
	for _, rs := range b.sets() {
		if err := b.writeLanguage(rs); err != nil {
			return err
		}
	}
	return b.writeSiteData()
}

// writeLanguage writes a language's releases, their stable paths, its
// histories and numbers, and its search index.
func (b *builder) writeLanguage(rs *releaseSet) error {
	if err := b.writeReleaseList(rs); err != nil {
		return err
	}
	// The histories first: their steps hold every text of every rule,
	// dropped once written.
	hs := b.hist[rs.lang]
	err := parallel(b.o.Workers, len(hs.all), func(k int) error {
		if err := b.writeHistory(rs, hs.all[k]); err != nil {
			return err
		}
		hs.all[k].steps = nil
		return nil
	})
	if err != nil {
		return err
	}
	var todo []int
	for i, ok := range rs.built {
		if ok {
			todo = append(todo, i)
		}
	}
	err = parallel(b.o.Workers, len(todo), func(k int) error {
		return b.writeRelease(rs, todo[k], rs.date(todo[k]))
	})
	if err != nil {
		return err
	}
	// The stable paths: the newest release once more, as Current.
	if err := b.writeRelease(rs, rs.newest(), Current); err != nil {
		return err
	}
	if err := b.writeTexts(rs); err != nil {
		return err
	}
	if err := b.writeNumbers(rs); err != nil {
		return err
	}
	return b.writeSearch(rs)
}

// edition is release i of rs.
func edition(rs *releaseSet, i int) (ruletext.Edition, error) {
	return rs.lang.AsOf(rs.date(i))
}

// dirOf is the folder of release i's pages under name (its date, or
// Current).
func dirOf(rs *releaseSet, name string) string { return string(rs.lang) + "/" + name + "/" }

// releaseBanner is the banner of release i's pages.
func (b *builder) releaseBanner(rs *releaseSet, i int, pagePath, newestTwin string) *banner {
	rel0 := rs.all[i]
	bn := &banner{Date: rel0.Date, Source: sourceNote(rel0)}
	if rs.lang != ruletext.English {
		bn.Lang, bn.LangName = string(rs.lang), langName(rs.lang)
	}
	if i != rs.newest() {
		bn.Newer = rs.date(rs.newest())
		bn.NewerHref = rel(pagePath, newestTwin)
	}
	return bn
}

func langName(l ruletext.Lang) string {
	switch l {
	case ruletext.Spanish:
		return "Spanish"
	}
	return "English"
}

// sourceNote says what a release was recorded from, when it is not the
// whole official text.
func sourceNote(r ruletext.Release) string {
	switch {
	case r.Source == ruletext.RulePages:
		return "recorded from the rule pages of " + strings.Join(r.Holds, ", ") + ": every other rule is as the release before printed it"
	case len(r.Holds) > 0:
		return "recorded from a text of " + strings.Join(r.Holds, ", ") + " only: every other rule is as the release before printed it"
	}
	return ""
}

// sectionOf groups an edition's numbers by section, in order, with each
// section's title ("" where the book has no contents).
type sectionRules struct {
	Number, Title string
	Rules         []string
}

func sectionsOf(e ruletext.Edition) []sectionRules {
	var out []sectionRules
	for _, n := range e.Numbers() {
		s := rulenum.SectionOf(n)
		if len(out) == 0 || out[len(out)-1].Number != s {
			t, _ := e.Heading(s)
			out = append(out, sectionRules{Number: s, Title: t})
		}
		out[len(out)-1].Rules = append(out[len(out)-1].Rules, n)
	}
	return out
}

// ruleView is one rule as a page shows it.
type ruleView struct {
	Number  string
	Label   string // as printed: "702.19." or "702.19b"
	Class   string
	History string
	Text    template.HTML
	More    []para
}

type para struct {
	Text    template.HTML
	Example bool
	ID      string // an example's anchor
}

// writeRelease writes release i's pages and data under name (its date,
// or Current for the stable paths).
func (b *builder) writeRelease(rs *releaseSet, i int, name string) error {
	e, err := edition(rs, i)
	if err != nil {
		return err
	}
	secs := sectionsOf(e)
	target := targetOf(rs, e, name, secs)
	if err := b.writeSections(rs, e, i, name, secs, target); err != nil {
		return err
	}
	if err := b.writeContents(rs, e, i, name, secs); err != nil {
		return err
	}
	if rs.lang == ruletext.English {
		if err := b.writeGlossary(rs, e, i, name, target); err != nil {
			return err
		}
		if err := b.writeLists(rs, e, i, name); err != nil {
			return err
		}
	}
	if i > 0 {
		if err := b.writeChanges(rs, i, name, target); err != nil {
			return err
		}
	}
	return b.writeReleaseData(rs, e, i, name)
}

// targetOf is where a number of edition e leads from its pages under
// name: a chapter to the contents, a section to its page, a rule to its
// anchor; false for a number e prints no page or rule of.
func targetOf(rs *releaseSet, e ruletext.Edition, name string, secs []sectionRules) func(string) (string, bool) {
	inEdition := map[string]bool{}
	for _, n := range e.Numbers() {
		inEdition[n] = true
	}
	for _, s := range secs {
		inEdition[s.Number] = true
	}
	return func(n string) (string, bool) {
		switch rulenum.KindOf(n) {
		case rulenum.Chapter:
			if _, ok := e.Heading(n); !ok {
				return "", false
			}
		default:
			if !inEdition[n] {
				return "", false
			}
		}
		return RulePath(rs.lang, name, n), true
	}
}

// writeSections writes a release's section pages.
func (b *builder) writeSections(rs *releaseSet, e ruletext.Edition, i int, name string, secs []sectionRules, target func(string) (string, bool)) error {
	dir, date := dirOf(rs, name), rs.date(i)
	hs := b.hist[rs.lang]
	terms, longest := b.termTargets(rs, e, dir)
	for k, s := range secs {
		p := dir + s.Number + ".html"
		l := &linker{page: p, target: target, terms: terms, longest: longest, linked: map[string]bool{}}
		views := make([]ruleView, 0, len(s.Rules))
		for _, n := range s.Rules {
			r, ok := e.Lookup(n)
			if !ok {
				return fmt.Errorf("site: %s@%s prints %s but does not look it up", rs.lang, date, n)
			}
			h := hs.at[i][n]
			if h == nil {
				return fmt.Errorf("site: rule %s of %s@%s has no history", n, rs.lang, date)
			}
			l.self = RulePath(rs.lang, name, n)
			v := ruleView{Number: n, Label: printedNumber(r), Class: "k" + strconv.Itoa(int(r.Kind())), History: rel(p, h.path), Text: l.html(r.Text)}
			examples := 0
			for _, m := range r.More() {
				p := para{Text: l.html(m), Example: rulenum.IsExample(m)}
				if p.Example {
					examples++
					p.ID = ExampleID(n, examples)
				}
				v.More = append(v.More, p)
			}
			views = append(views, v)
		}
		title := s.Number + ". " + s.Title
		if s.Title == "" {
			title = "Section " + s.Number
		}
		pg := &page{Path: p, Title: title + " (" + date + ")", Crumbs: releaseCrumbs(rs, p, dir, date, s.Number),
			Banner: b.releaseBanner(rs, i, p, dirOf(rs, Current)+s.Number+".html"),
			Body:   sectionBody{Heading: title, Rules: views, Pager: pagerOf(p, dir, secs, k), Lang: langAttr(rs.lang)}}
		if err := b.page("section", pg); err != nil {
			return err
		}
	}
	return nil
}

// releaseCrumbs are the breadcrumbs of page p of a release: home, the
// language's releases, the release, last.
func releaseCrumbs(rs *releaseSet, p, dir, date, last string) []link {
	return []link{
		{Href: rel(p, "index.html"), Text: "Home"},
		{Href: rel(p, string(rs.lang)+"/index.html"), Text: langName(rs.lang) + " releases"},
		{Href: rel(p, dir+"index.html"), Text: date},
		{Text: last},
	}
}

// printedNumber is how the rules print a number: "702.19." for a rule,
// "702.19b" for a subrule.
func printedNumber(r ruletext.Rule) string {
	if r.Kind() == ruletext.Numbered {
		return r.Number + "."
	}
	return r.Number
}

func langAttr(l ruletext.Lang) string {
	if l == ruletext.English {
		return ""
	}
	return string(l)
}

type sectionBody struct {
	Heading string
	Lang    string
	Rules   []ruleView
	Pager   pager
}

type pager struct {
	Prev, Next *link
	Up         link
}

func pagerOf(p, dir string, secs []sectionRules, k int) pager {
	pg := pager{Up: link{Href: rel(p, dir+"index.html"), Text: "Contents"}}
	if k > 0 {
		pg.Prev = &link{Href: rel(p, dir+secs[k-1].Number+".html"), Text: secs[k-1].Number}
	}
	if k+1 < len(secs) {
		pg.Next = &link{Href: rel(p, dir+secs[k+1].Number+".html"), Text: secs[k+1].Number}
	}
	return pg
}

// termTargets are the glossary terms and keyword names of an edition,
// folded, with where each leads from a page of dir: a keyword (a rule of
// 701 or 702 with a title) to its rule, any other term to the glossary.
func (b *builder) termTargets(rs *releaseSet, e ruletext.Edition, dir string) (map[string]string, int) {
	out := map[string]string{}
	longest := 0
	add := func(term, to string) {
		key := strings.ToLower(term)
		if _, ok := out[key]; ok || key == "" {
			return
		}
		out[key] = to
		longest = max(longest, len(wordSpans(term)))
	}
	for _, sec := range [...]string{"701", "702"} {
		for _, n := range e.Children(sec) {
			if r, ok := e.Lookup(n); ok {
				if t := r.Title(); t != "" {
					add(t, dir+rulenum.SectionOf(n)+".html#"+n)
				}
			}
		}
	}
	// Glossary terms of two words or more: a word alone ("Card", "If")
	// is everywhere, and a link on it says nothing.
	if rs.lang == ruletext.English {
		ids := termIDs(e.Terms())
		for _, t := range e.Terms() {
			if len(wordSpans(t)) > 1 {
				add(t, dir+"glossary.html#"+ids[t])
			}
		}
	}
	return out, longest
}
