package site

import (
	"strconv"

	"github.com/mtgrules/crgen/generated/ruletext"
)

type homeBody struct {
	First, Newest, Count                                           string
	CurrentHref, ChangeHref, GlossaryHref, ListsHref, ReleasesHref string
	SpanishHref, DataHref, ReleasesDataHref                        string
}

type searchBody struct {
	Newest, ContentsHref, GlossaryHref string
	Langs                              []searchLang
}

// searchLang is a language the search page searches, and its index.
type searchLang struct{ Lang, Name, Index string }

type compareBody struct {
	ReleasesHref, ReleasesData string
	Dates                      []string // newest first
}

type citeBody struct {
	NumbersData, First string
}

// writeTopPages writes the home page and the pages of the tools: search,
// compare, cite.
func (b *builder) writeTopPages() error {
	en := b.en
	cur := dirOf(en, Current)
	home := homeBody{
		First: en.date(0), Newest: en.date(en.newest()), Count: strconv.Itoa(len(en.all)),
		CurrentHref: cur + "index.html", GlossaryHref: cur + "glossary.html", ListsHref: cur + "lists.html",
		ReleasesHref: "en/index.html", DataHref: DataPath(ruletext.English, Current, "index.json"), ReleasesDataHref: "data/en/releases.json",
	}
	if en.newest() > 0 {
		home.ChangeHref = cur + "changes.html"
	}
	if b.es != nil {
		home.SpanishHref = dirOf(b.es, Current) + "index.html"
	}
	if err := b.page("home", &page{Path: "index.html", Title: "Every release", Body: home}); err != nil {
		return err
	}
	crumbs := func(p, last string) []link { return []link{{Href: rel(p, "index.html"), Text: "Home"}, {Text: last}} }
	if err := b.page("search", &page{Path: "search.html", Title: "Search", Crumbs: crumbs("search.html", "Search"),
		Body: b.searchBody()}); err != nil {
		return err
	}
	cb := compareBody{ReleasesHref: "en/index.html", ReleasesData: "data/en/releases.json"}
	for i := en.newest(); i >= 0; i-- {
		if en.built[i] {
			cb.Dates = append(cb.Dates, en.date(i))
		}
	}
	if err := b.page("compare", &page{Path: "compare.html", Title: "Compare two releases", Crumbs: crumbs("compare.html", "Compare"), Body: cb}); err != nil {
		return err
	}
	return b.page("cite", &page{Path: "cite.html", Title: "Follow a citation", Crumbs: crumbs("cite.html", "Cite"),
		Body: citeBody{NumbersData: "data/en/numbers/", First: en.date(0)}})
}

func (b *builder) searchBody() searchBody {
	cur := dirOf(b.en, Current)
	sb := searchBody{Newest: b.en.date(b.en.newest()), ContentsHref: cur + "index.html", GlossaryHref: cur + "glossary.html"}
	for _, rs := range b.sets() {
		sb.Langs = append(sb.Langs, searchLang{Lang: string(rs.lang), Name: langName(rs.lang) + " (" + rs.date(rs.newest()) + ")", Index: searchDir(rs.lang) + "index.json"})
	}
	return sb
}
