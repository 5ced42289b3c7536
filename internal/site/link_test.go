package site

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestRel(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"index.html", "en/current/702.html", "en/current/702.html"},
		{"en/2024-08-02/702.html", "en/2024-08-02/703.html", "703.html"},
		{"en/2024-08-02/702.html", "en/2024-08-02/702.html#702.19b", "#702.19b"},
		{"en/2024-08-02/702.html", "en/history/2009-07-11/204.3k.html", "../history/2009-07-11/204.3k.html"},
		{"en/history/2009-07-11/204.3k.html", "en/current/205.html#205.3m", "../../current/205.html#205.3m"},
		{"en/n/204.3k.html", "index.html", "../../index.html"},
		{"en/2024-08-02/702.html", "", "../../"},
	} {
		if got := rel(c.from, c.to); got != c.want {
			t.Errorf("rel(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}

func TestTermIDs(t *testing.T) {
	ids := termIDs([]string{"Lethal Damage", "Active Player, Nonactive Player Order", "Urza’s", "Lethal damage"})
	for term, want := range map[string]string{"Lethal Damage": "g-lethal-damage", "Active Player, Nonactive Player Order": "g-active-player-nonactive-player-order", "Urza’s": "g-urzas", "Lethal damage": "g-lethal-damage-2"} {
		if ids[term] != want {
			t.Errorf("the anchor of %q is %q, want %q", term, ids[term], want)
		}
	}
}

// testLinker links every number to "r.html#N" and the terms "lethal
// damage" and "trample".
func testLinker() *linker {
	return &linker{page: "en/x/702.html", target: func(n string) (string, bool) { return "en/x/r.html#" + n, !strings.HasSuffix(n, "z") },
		terms: map[string]string{"lethal damage": "en/x/glossary.html#g-lethal-damage", "trample": "en/x/702.html#702.19"}, longest: 2, linked: map[string]bool{}}
}

func TestLinkerLinksReferencesAndFirstMentions(t *testing.T) {
	l := testLinker()
	got := string(l.html("See rules 601.2f–h and rule 702.19. Trample <b> deals lethal damage; trample again, lethal damage again."))
	want := `See rules <a href="r.html#601.2f">601.2f–h</a> and rule <a href="r.html#702.19">702.19</a>. <a class="t" href="#702.19">Trample</a> &lt;b&gt; deals <a class="t" href="glossary.html#g-lethal-damage">lethal damage</a>; trample again, lethal damage again.`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// Whatever the text, its HTML holds the text, escaped, and links only.
func FuzzLinker(f *testing.F) {
	for _, s := range []string{"See rule 702.19b.", "rules 601.2f–h, 601.2j and 601.2k", "Lethal damage <script>", "section 7 & rule 100.1z", "\xff\xfe trample", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		out := string(testLinker().html(text))
		z := html.NewTokenizer(strings.NewReader(out))
		var plain bytes.Buffer
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			switch tt {
			case html.TextToken:
				plain.Write(z.Text())
			case html.StartTagToken, html.EndTagToken:
				if name, _ := z.TagName(); string(name) != "a" {
					t.Fatalf("%q: the HTML has a <%s>: %s", text, name, out)
				}
			default:
				t.Fatalf("%q: the HTML has a %v: %s", text, tt, out)
			}
		}
		// The tokenizer reads text as the browser does (a NUL shown as
		// U+FFFD, a CR as a line feed): the words shown are the text's.
		norm := func(s string) string {
			return strings.NewReplacer("\x00", "\uFFFD", "\r\n", "\n", "\r", "\n").Replace(strings.ToValidUTF8(s, "\uFFFD"))
		}
		if got := norm(plain.String()); got != norm(text) {
			t.Fatalf("%q shows as %q", text, got)
		}
	})
}

// The link checker reads any page and any link without failing.
func FuzzCheckLink(f *testing.F) {
	f.Add(`<a href="../x.html#y" id="z">`, "../x.html#y")
	f.Add(`<p id=a><a href=#a>`, "#a")
	f.Add(`<div data-numbers="data/en/numbers/">`, "/etc/passwd")
	f.Add(`<a href="#a">`, `\\evil.example`)
	f.Fuzz(func(t *testing.T, page, href string) {
		pl, err := readPage([]byte(page))
		if err != nil {
			return
		}
		by := map[string]*pageLinks{"en/a.html": &pl}
		for _, l := range append(pl.links, pageLink{attr: "href", value: href}) {
			msg := checkLink("en/a.html", l, by, func(p string) bool { return p == "en/a.html" })
			if (strings.HasPrefix(l.value, "/") || strings.HasPrefix(l.value, "\\")) && msg == "" {
				t.Fatalf("%q leads out of the site, unflagged", l.value)
			}
		}
	})
}
