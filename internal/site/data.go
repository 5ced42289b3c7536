package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// The data beside the pages: what a program reads of the site without a
// server (schemas/site-*.schema.json, docs/formats.md). Each release's
// rules are a file per chapter, so that no file outweighs a page.

// siteData is data/site.json: what the site holds, and the mark by
// which Build knows a folder it wrote.
type siteData struct {
	Generator string            `json:"generator"`
	Newest    map[string]string `json:"newest"` // language → the newest release's date
	Langs     []string          `json:"langs"`
}

// releasesData is data/LANG/releases.json.
type releasesData struct {
	Lang     string        `json:"lang"`
	Newest   string        `json:"newest"`
	Releases []releaseData `json:"releases"`
}

type releaseData struct {
	ruletext.Release
	// Written is whether the site holds its pages and data (every release,
	// but in a build of some).
	Written bool `json:"written"`
}

// indexData is data/LANG/DATE/index.json: a release's contents and its
// files.
type indexData struct {
	Lang    string             `json:"lang"`
	Release ruletext.Release   `json:"release"`
	Newest  string             `json:"newest"` // the newest release recorded when the site was written
	Prev    string             `json:"previous,omitempty"`
	Content []ruletext.Heading `json:"contents"`
	// Chapters are the files of its rules, one per chapter.
	Chapters []chapterFile `json:"chapters"`
	// Texts is the folder of the texts the rules files name (textsData),
	// from this file.
	Texts    string `json:"texts"`
	Glossary string `json:"glossary,omitempty"` // its file, beside this one
	Changes  string `json:"changes,omitempty"`  // the diff from the release before, beside this one
}

type chapterFile struct {
	Chapter string `json:"chapter"`
	File    string `json:"file"` // its rules (rulesData), beside index.json
	// Text is, at the stable paths (current/), the file of its rules with
	// their text (textData).
	Text  string `json:"text,omitempty"`
	Rules int    `json:"rules"`
}

// rulesData is data/LANG/DATE/rules-N.json: the rules of a chapter, each
// with its identity and the key of its text. A text is stored once, in
// the file of the release that first printed it (textsData): the rules
// of 87 releases would weigh 53 MB each in full, and their texts weigh
// 4 MB.
type rulesData struct {
	Lang    string     `json:"lang"`
	Release string     `json:"release"`
	Chapter string     `json:"chapter"`
	Rules   []ruleData `json:"rules"`
}

type ruleData struct {
	Number string `json:"number"`
	// Since is the first release that printed this text under this
	// number: the text is texts/SINCE.json's texts[number].
	Since string `json:"since"`
	// Printed is the release whose printing it is, when not this one (a
	// release of some rules only).
	Printed string `json:"printed,omitempty"`
	// ID is the rule's identity: the release and number it came in with,
	// the same in every release whatever its number
	// ("2009-07-11/204.3k"); its history is at LANG/history/ID.html.
	ID string `json:"id"`
}

// textData is data/LANG/current/text-N.json: the newest release's rules
// of a chapter with their text, for a program that reads the rules in
// force.
type textData struct {
	Lang    string         `json:"lang"`
	Release string         `json:"release"`
	Chapter string         `json:"chapter"`
	Rules   []ruleTextData `json:"rules"`
}

type ruleTextData struct {
	ruleData
	Text string   `json:"text"`
	More []string `json:"more,omitempty"` // the paragraphs after the first: examples, more text
}

// textsData is data/LANG/texts/DATE.json: every text release DATE
// printed first, by number, a paragraph each.
type textsData struct {
	Lang    string              `json:"lang"`
	Release string              `json:"release"`
	Texts   map[string][]string `json:"texts"`
}

// glossaryData is data/LANG/DATE/glossary.json.
type glossaryData struct {
	Lang    string      `json:"lang"`
	Release string      `json:"release"`
	Terms   []entryData `json:"terms"`
}

type entryData struct {
	Term       string   `json:"term"`
	Definition []string `json:"definition"`
	Since      string   `json:"since"`
}

// numbersData is data/LANG/numbers/SECTION.json: every number of a
// section ever printed, with the rule that held it when.
type numbersData struct {
	Lang    string                    `json:"lang"`
	Section string                    `json:"section"`
	Numbers map[string][]numberPeriod `json:"numbers"`
}

type numberPeriod struct {
	From  string `json:"from"` // the first release that printed it so
	To    string `json:"to"`   // the last
	ID    string `json:"id"`   // the rule's identity (ruleData.ID)
	Today string `json:"today,omitempty"`
}

// writeJSON writes v as indented JSON (encoding/json sorts map keys:
// the same bytes every run).
func (b *builder) writeJSON(p string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return b.out.write(p, buf.Bytes())
}

// writeReleaseData writes the data of release i under name.
func (b *builder) writeReleaseData(rs *releaseSet, e ruletext.Edition, i int, name string) error {
	hs := b.hist[rs.lang]
	idx := indexData{Lang: string(rs.lang), Release: rs.all[i], Newest: rs.date(rs.newest()), Content: e.Contents(), Chapters: []chapterFile{}, Texts: "../texts/"}
	if idx.Content == nil {
		idx.Content = []ruletext.Heading{}
	}
	if i > 0 {
		idx.Prev = rs.date(i - 1)
		idx.Changes = "changes.json"
		d, err := rs.lang.Compare(rs.date(i-1), rs.date(i))
		if err != nil {
			return err
		}
		if err := b.writeJSON(DataPath(rs.lang, name, "changes.json"), d); err != nil {
			return err
		}
	}
	byChapter := map[string][]ruleTextData{}
	var chapters []string
	for _, n := range e.Numbers() {
		r, _ := e.Lookup(n)
		ch := rulenum.ChapterOf(n)
		if _, ok := byChapter[ch]; !ok {
			chapters = append(chapters, ch)
		}
		rd := ruleTextData{ruleData: ruleData{Number: n, Since: r.Since, ID: hs.at[i][n].id()}, Text: r.Text, More: r.More()}
		if r.Printed != r.Release {
			rd.Printed = r.Printed
		}
		byChapter[ch] = append(byChapter[ch], rd)
	}
	for _, ch := range chapters {
		cf := chapterFile{Chapter: ch, File: "rules-" + ch + ".json", Rules: len(byChapter[ch])}
		slim := rulesData{Lang: string(rs.lang), Release: rs.date(i), Chapter: ch, Rules: make([]ruleData, len(byChapter[ch]))}
		for k, r := range byChapter[ch] {
			slim.Rules[k] = r.ruleData
		}
		if err := b.writeJSON(DataPath(rs.lang, name, cf.File), slim); err != nil {
			return err
		}
		if name == Current {
			cf.Text = "text-" + ch + ".json"
			if err := b.writeJSON(DataPath(rs.lang, name, cf.Text), textData{Lang: string(rs.lang), Release: rs.date(i), Chapter: ch, Rules: byChapter[ch]}); err != nil {
				return err
			}
		}
		idx.Chapters = append(idx.Chapters, cf)
	}
	if terms := e.Terms(); len(terms) > 0 {
		g := glossaryData{Lang: string(rs.lang), Release: rs.date(i), Terms: []entryData{}}
		for _, t := range terms {
			entry, err := e.Term(t)
			if err != nil {
				return err
			}
			g.Terms = append(g.Terms, entryData{Term: t, Definition: entry.Definition(), Since: entry.Since})
		}
		idx.Glossary = "glossary.json"
		if err := b.writeJSON(DataPath(rs.lang, name, "glossary.json"), g); err != nil {
			return err
		}
	}
	return b.writeJSON(DataPath(rs.lang, name, "index.json"), idx)
}

// writeTexts writes every text of a language once, in the file of the
// release that first printed it under its number: what the rules files
// of every release name. The same number and release name one text
// only, or the store would be ambiguous: an error.
func (b *builder) writeTexts(rs *releaseSet) error {
	byRelease := map[string]map[string][]string{}
	for i := range rs.all {
		e, err := edition(rs, i)
		if err != nil {
			return err
		}
		for _, n := range e.Numbers() {
			r, _ := e.Lookup(n)
			texts := byRelease[r.Since]
			if texts == nil {
				texts = map[string][]string{}
				byRelease[r.Since] = texts
			}
			paras := append([]string{r.Text}, r.More()...)
			if had, ok := texts[n]; ok {
				if !slices.Equal(had, paras) {
					return fmt.Errorf("site: rule %s of %s@%s: two texts first printed in %s", n, rs.lang, rs.date(i), r.Since)
				}
				continue
			}
			texts[n] = paras
		}
	}
	for _, r := range rs.all {
		texts, ok := byRelease[r.Date]
		if !ok {
			continue
		}
		if err := b.writeJSON(DataPath(rs.lang, "texts", r.Date+".json"), textsData{Lang: string(rs.lang), Release: r.Date, Texts: texts}); err != nil {
			return err
		}
	}
	return nil
}

// writeSiteData writes data/site.json and each language's releases.
func (b *builder) writeSiteData() error {
	sd := siteData{Generator: "crgen scrape site", Newest: map[string]string{}}
	for _, rs := range b.sets() {
		sd.Langs = append(sd.Langs, string(rs.lang))
		sd.Newest[string(rs.lang)] = rs.date(rs.newest())
		rd := releasesData{Lang: string(rs.lang), Newest: rs.date(rs.newest())}
		for k, r := range rs.all {
			if r.Holds != nil {
				r.Holds = slices.Clone(r.Holds)
			}
			rd.Releases = append(rd.Releases, releaseData{Release: r, Written: rs.built[k]})
		}
		if err := b.writeJSON("data/"+string(rs.lang)+"/releases.json", rd); err != nil {
			return err
		}
	}
	return b.writeJSON(marker, sd)
}
