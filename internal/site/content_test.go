package site

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Every reference a rule of a release makes is a link to that release's
// own rule, read independently of the page: rulenum.Refs of the rule's
// text, kept where the release prints the number.
func TestEveryReferenceLinksTheReleasesOwnRule(t *testing.T) {
	s := siteOf(t)
	for _, date := range []string{s.res.Releases[0], newest()} {
		e, err := ruletext.English.AsOf(date)
		if err != nil {
			t.Fatal(err)
		}
		printed := map[string]bool{}
		for _, n := range e.Numbers() {
			printed[n] = true
		}
		for _, h := range e.Contents() {
			if rulenum.KindOf(h.Number) == rulenum.Chapter {
				printed[h.Number] = true
			}
		}
		for _, sec := range sectionsOf(e) {
			printed[sec.Number] = true
		}
		checked := 0
		for _, sec := range sectionsOf(e) {
			p := "en/" + date + "/" + sec.Number + ".html"
			got := map[string][]string{} // rule → the targets of its reference links, from the site's root
			for _, el := range elements(t, s.read(t, p)) {
				if el.tag != "a" || el.attrs["class"] != "" || len(el.in) == 0 {
					continue
				}
				rule := ""
				for _, id := range el.in {
					if k := rulenum.KindOf(id); rule == "" && (k == rulenum.Rule || k == rulenum.Subrule) {
						rule = id
					}
				}
				if rule == "" {
					continue
				}
				got[rule] = append(got[rule], resolve(p, el.attrs["href"]))
			}
			for _, n := range sec.Rules {
				r, _ := e.Lookup(n)
				var want []string
				for _, para := range append([]string{r.Text}, r.More()...) {
					for _, ref := range rulenum.Refs(para) {
						to := ref.Numbers[0]
						if !printed[to] || to == n {
							continue
						}
						want = append(want, RulePath(ruletext.English, date, to))
					}
				}
				if fmt.Sprint(got[n]) != fmt.Sprint(want) {
					t.Errorf("%s@%s links %v, its references are %v", n, date, got[n], want)
				}
				checked += len(want)
			}
		}
		if checked == 0 {
			t.Errorf("the release of %s makes no reference: nothing checked", date)
		}
	}
}

// resolve is a link of page p from the site's root.
func resolve(p, href string) string {
	if strings.HasPrefix(href, "#") {
		return p + href
	}
	return path.Join(path.Dir(p), href[:strings.IndexByte(href+"#", '#')]) + href[strings.IndexByte(href+"#", '#'):]
}

// The first mention of a keyword on a page links its rule: "flying" in
// the rules of section 702 leads to the rule of Flying.
func TestKeywordNamesLinkTheirRule(t *testing.T) {
	s := siteOf(t)
	date := newest()
	e, _ := ruletext.English.AsOf(date)
	p := "en/" + date + "/702.html"
	targets := map[string]string{}
	for _, el := range elements(t, s.read(t, p)) {
		if el.tag == "a" && el.attrs["class"] == "t" {
			targets[strings.ToLower(el.text)] = resolve(p, el.attrs["href"])
		}
	}
	checked := 0
	for _, a := range []keyword.Ability{keyword.AbilityFlying, keyword.AbilityTrample, keyword.AbilityHaste} {
		n := keywordRules(e, "702")[strings.ToLower(a.String())]
		if n == "" {
			t.Fatalf("no rule of 702 is titled %s in %s", a, date)
		}
		if got, ok := targets[strings.ToLower(a.String())]; ok {
			checked++
			if want := RulePath(ruletext.English, date, n); got != want {
				t.Errorf("%s links %s, want its rule %s", a, got, want)
			}
		}
	}
	if checked == 0 {
		t.Error("section 702 links none of flying, trample, haste")
	}
}

// A citation survives renumbering: the number 204.3k (printed until
// 2011) and the permalink of the rule's identity both lead to 205.3m
// today; its history holds both numbers, in order.
func TestOldNumberLeadsToTheRuleToday(t *testing.T) {
	s := siteOf(t)
	steps, err := ruletext.English.Trace("204.3k")
	if err != nil {
		t.Fatal(err)
	}
	today := steps[len(steps)-1].Number
	if _, ok := ruletext.English.Newest().Lookup(today); !ok {
		t.Fatalf("204.3k's trace ends at %s, which the newest release does not print", today)
	}
	perma := HistoryPath(ruletext.English, steps[0].Release, steps[0].Number)
	if perma != "en/history/2009-07-11/204.3k.html" {
		t.Errorf("the permalink of 204.3k's rule is %s", perma)
	}
	np := NumberPath(ruletext.English, "204.3k")
	leads := map[string]bool{}
	for _, el := range elements(t, s.read(t, np)) {
		if el.tag == "a" {
			leads[resolve(np, el.attrs["href"])] = true
		}
	}
	if !leads[perma] || !leads[RulePath(ruletext.English, Current, today)] {
		t.Errorf("%s leads to %v: want the permalink %s and %s today", np, leads, perma, today)
	}
	h := string(s.read(t, perma))
	if !strings.Contains(h, "Today it is rule <a href=\"../../"+Current+"/"+rulenum.SectionOf(today)+".html#"+today+"\">"+today+"</a>") {
		t.Errorf("%s does not say the rule is %s today", perma, today)
	}
	if i, j := strings.Index(h, "204.3k"), strings.Index(h, "renumbered from 204.3k to "+today); i < 0 || j < i {
		t.Errorf("%s does not show 204.3k, then its renumbering to %s", perma, today)
	}
	// The rule as the release of 2011-07-15 printed it links its history.
	sec := "en/2011-07-15/204.html"
	found := false
	for _, el := range elements(t, s.read(t, sec)) {
		if el.tag == "a" && el.attrs["class"] == "n" && strings.TrimSuffix(el.text, ".") == "204.3k" {
			found = resolve(sec, el.attrs["href"]) == perma
		}
	}
	if !found {
		t.Errorf("204.3k in %s does not link its history %s", sec, perma)
	}
}

// Each change page shows as many changes as Lang.Compare gives for its
// release and the one before, in the lists' changes' wake; a change too
// large for a page is split by chapter and still counts them all.
func TestChangePagesShowTheWholeDiff(t *testing.T) {
	s := siteOf(t)
	rels := ruletext.English.Releases()
	for i, r := range rels {
		if i == 0 || !s.b.en.isBuilt(r.Date) {
			continue
		}
		d, err := ruletext.English.Compare(rels[i-1].Date, r.Date)
		if err != nil {
			t.Fatal(err)
		}
		want := len(d.Rules) + len(d.Glossary) + len(d.Contents)
		if got := countChanges(t, s.dir, ChangePath(ruletext.English, r.Date)); got != want {
			t.Errorf("%s shows %d changes, Compare gives %d", ChangePath(ruletext.English, r.Date), got, want)
		}
	}
	// Kindred replaced Tribal in 2024-07-30: its page lists the rename
	// first, if the suite built it.
	if s.b.en.isBuilt("2024-07-30") {
		h := string(s.read(t, ChangePath(ruletext.English, "2024-07-30")))
		if i, j := strings.Index(h, "Renamed: Tribal → Kindred"), strings.Index(h, `id="rules"`); i < 0 || j < i {
			t.Errorf("the change of 2024-07-30 does not list the rename of Tribal first")
		}
	}
	// The largest change, on pages of at most 400 kB: split by chapter.
	date := "2015-01-23"
	i := s.b.en.index[date]
	dir := t.TempDir()
	o := s.b.out
	s.b.out = &out{dir: dir, maxPage: 400_000}
	s.b.o.maxPage = 400_000
	e, _ := edition(s.b.en, i)
	err := s.b.writeChanges(s.b.en, i, date, func(n string) (string, bool) {
		_, ok := e.Lookup(n)
		return RulePath(ruletext.English, date, n), ok
	})
	s.b.out, s.b.o.maxPage = o, MaxPage
	if err != nil {
		t.Fatal(err)
	}
	d, _ := ruletext.English.Compare(rels[i-1].Date, date)
	p := ChangePath(ruletext.English, date)
	got := countChanges(t, dir, p)
	parts := 0
	for _, el := range elements(t, readFile(t, dir, p)) {
		if el.tag == "a" && strings.Contains(el.attrs["href"], "changes-") {
			parts++
			got += countChanges(t, dir, resolve(p, el.attrs["href"]))
		}
	}
	if parts < 2 || got != len(d.Rules)+len(d.Glossary)+len(d.Contents) {
		t.Errorf("the change of %s split in %d pages shows %d changes, Compare gives %d", date, parts, got, len(d.Rules)+len(d.Glossary)+len(d.Contents))
	}
}

func countChanges(t testing.TB, dir, p string) int {
	n := 0
	for _, el := range elements(t, readFile(t, dir, p)) {
		if el.tag == "details" && strings.HasPrefix(el.attrs["class"], "change ") {
			n++
		}
	}
	return n
}

// The lists of a release are its own: the keyword abilities of its
// lists page are keyword.AbilityValuesAsOf its date, each with its rule
// in that release.
func TestListsAreAsOfTheirRelease(t *testing.T) {
	s := siteOf(t)
	for _, date := range s.res.Releases {
		abilities, err := keyword.AbilityValuesAsOf(date)
		if err != nil {
			t.Fatal(err)
		}
		p := ListsPath(ruletext.English, date)
		var rows []string
		in := false
		for _, el := range elements(t, s.read(t, p)) {
			if el.tag == "h2" {
				in = el.attrs["id"] == "abilities"
			}
			if in && el.tag == "th" && el.attrs["scope"] == "row" {
				rows = append(rows, "")
			}
		}
		if len(rows) != len(abilities) {
			t.Errorf("%s lists %d keyword abilities, the rules of %s %d", p, len(rows), date, len(abilities))
		}
		page := string(s.read(t, p))
		e, _ := ruletext.English.AsOf(date)
		rules := keywordRules(e, "702")
		for _, a := range abilities {
			n := rules[strings.ToLower(a.String())]
			if n == "" {
				continue
			}
			link := `<a href="` + rel(p, RulePath(ruletext.English, date, n)) + `">` + n + `</a>`
			if !strings.Contains(page, link) {
				t.Errorf("%s: %s does not link its rule %s", p, a, n)
				break
			}
		}
	}
}

// Every example of a rule is at its own anchor on its section's page.
func TestEveryExampleHasItsAnchor(t *testing.T) {
	s := siteOf(t)
	e := ruletext.English.Newest()
	ids := map[string]bool{}
	for _, sec := range sectionsOf(e) {
		for _, el := range elements(t, s.read(t, "en/"+Current+"/"+sec.Number+".html")) {
			if el.tag == "p" && el.attrs["class"] == "ex" {
				ids[el.attrs["id"]] = true
			}
		}
	}
	n := 0
	for _, num := range e.Numbers() {
		r, _ := e.Lookup(num)
		for k := range r.Examples() {
			n++
			if !ids[ExampleID(num, k+1)] {
				t.Errorf("example %d of %s has no anchor %s", k+1, num, ExampleID(num, k+1))
			}
		}
	}
	if n == 0 || n != len(ids) {
		t.Errorf("%d examples in the rules, %d anchors of examples on the pages", n, len(ids))
	}
}
