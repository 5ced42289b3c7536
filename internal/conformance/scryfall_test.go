package conformance

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// newFace is one card face of cards-text-new/ (sets of 2023-2026): its
// Oracle text and the keywords Scryfall lists for its card.
type newFace struct {
	Set      string   `json:"-"`
	Name     string   `json:"name"`
	FaceName string   `json:"face_name"`
	Layout   string   `json:"layout"`
	Type     string   `json:"type"`
	Text     string   `json:"text"`
	Keywords []string `json:"keywords"`
}

func newFaces(t testing.TB) []newFace {
	t.Helper()
	return loadOnce(t, "cards-text-new/sets", func() []newFace { return loadNewFaces(t) })
}

func loadNewFaces(t testing.TB) []newFace {
	t.Helper()
	var out []newFace
	eachSetFile(t, "cards-text-new/sets", func(f string, b []byte) {
		var set struct {
			Code  string    `json:"code"`
			Faces []newFace `json:"faces"`
		}
		if err := json.Unmarshal(b, &set); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, fc := range set.Faces {
			fc.Set = set.Code
			out = append(out, fc)
		}
	})
	return out
}

func (f newFace) faceName() string {
	if f.FaceName != "" {
		return f.FaceName
	}
	return f.Name
}

// key names a face in the corpus: its set and face name.
func (f newFace) key() string { return f.Set + " " + f.faceName() }

// scryfallCase is what a class of difference is checked on: the face,
// the difference, what the reader found on the card (every face: Scryfall
// keeps keywords per card).
type scryfallCase struct {
	face  newFace
	d     disagreement
	found []keyword.Found
}

// foundAs reports whether a keyword found has one of names (lower case,
// as the comparison names them) and satisfies ok.
func (c scryfallCase) foundAs(name string, ok func(keyword.Found) bool) bool {
	return slices.ContainsFunc(c.found, func(k keyword.Found) bool { return slices.Contains(mtgjsonNames(k), name) && ok(k) })
}

// The classes of the faces where Scryfall's keywords and the reader
// differ, each with the rule that settles it and a check that a face is
// of it. The README of the corpus says how Scryfall's list differs from
// the rules (token names, reminder text, lag on new mechanics); these are
// what this corpus shows of it.
var scryfallClasses = []struct {
	name, why string
	check     func(c scryfallCase) bool
}{
	{"copy token", `Scryfall lists a predefined token's name where the card creates a copy of a creature that is also of that type ("a token that's a copy of that creature, except it's a Food artifact"): the token is a copy (707.9), not the predefined Food of 111.10b`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && strings.Contains(c.face.Text, "copy") && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				return !strings.Contains(strings.ToLower(c.face.Text), "except it's a "+m)
			})
		}},
	{"flavor word", `Scryfall lists a keyword whose name begins a flavor word ("Fear Gas — ...", "Undying Vengeance — ..."): rule 207.2d, a flavor word has no rules meaning, and the line holds no keyword ability`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				for _, l := range strings.Split(c.face.Text, "\n") {
					if head, _, ok := strings.Cut(l, " — "); ok && strings.HasPrefix(strings.ToLower(head), m+" ") {
						return false
					}
				}
				return true
			})
		}},
	{"designation", `Scryfall lists the ability whose designation an effect gives ("exile target spell. It becomes plotted."): rule 702.170c, an effect can make a card plotted, which does not give the card the plot ability`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				return !c.foundAs(m, func(k keyword.Found) bool { return k.Use == keyword.UseDesignation })
			})
		}},
	{"condition", `Scryfall lists an action the card names as the condition of its triggered ability ("Whenever you proliferate"), which it does not perform (603.1); on other cards Scryfall leaves such a condition out ("Whenever you scry")`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				return !c.foundAs(m, func(k keyword.Found) bool { return k.Use == keyword.UseCondition })
			})
		}},
	{"keyword counter", `Scryfall lists a keyword ability where the card puts a keyword counter of it on an object ("put a lifelink counter on target creature"): rule 122.1b, the counter makes the object it is on gain the keyword; the card has no keyword line holding it`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				return !strings.Contains(strings.ToLower(c.face.Text), m+" counter") || c.foundAs(m, func(k keyword.Found) bool { return k.Kind == keyword.KindAbility })
			})
		}},
	{"transformed permanent", `Scryfall lists Transform where the card names "a transformed permanent": rule 701.27g, the phrase refers to a double-faced permanent with its back face up, which the card does not transform`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				return m != strings.ToLower(keyword.ActionTransform.String()) || !strings.Contains(strings.ToLower(c.face.Text), "transformed permanent") ||
					c.foundAs(m, func(k keyword.Found) bool { return k.Use == keyword.UseHas })
			})
		}},
	{"granted", `Scryfall lists a keyword ability an effect of the card grants ("gains flying, first strike, lifelink", "has plot"): rule 113.1a, such an ability is granted by an effect, not one the card has; no keyword line of the card holds it`,
		func(c scryfallCase) bool {
			return len(c.d.extra) == 0 && len(c.d.missing) > 0 && !slices.ContainsFunc(c.d.missing, func(m string) bool {
				return !strings.Contains(strings.ToLower(c.face.Text), m) || c.foundAs(m, func(keyword.Found) bool { return true })
			})
		}},
	{"action left out", `Scryfall leaves out a keyword action the card performs, which its own list names on other cards ("amass Orcs 2" on 27 cards of LTR, listed on one; "Suspect up to one target creature"; "you may collect evidence X"): rule 701 defines the action, in the verb form the card prints`,
		func(c scryfallCase) bool {
			return len(c.d.missing) == 0 && len(c.d.extra) > 0 && !slices.ContainsFunc(c.d.extra, func(e string) bool {
				return !c.foundAs(e, func(k keyword.Found) bool { return k.Kind == keyword.KindAction && k.Use == keyword.UseHas })
			})
		}},
	{"ability left out", `Scryfall lists nothing for a keyword line of the card, a mechanic newer than its list ("Halflingcycling {4}", a cycling of a type, 702.29e)`,
		func(c scryfallCase) bool {
			return len(c.d.missing) == 0 && len(c.d.extra) > 0 && !slices.ContainsFunc(c.d.extra, func(e string) bool {
				return !c.foundAs(e, func(k keyword.Found) bool { return k.Kind == keyword.KindAbility && k.Use == keyword.UseHas })
			})
		}},
}

// The reader agrees with Scryfall's keywords on the corpus's cards of
// 2023-2026, read as of the newest release the keywords were read from,
// on the keywords of Scryfall's list that the rules name (a name no list
// of the rules read holds, an ability word 207.2c does not list, is the
// rules' silence and is said); of the reader's keywords, those the card
// has or does (Scryfall lists no action a trigger names). Every face where
// they differ is named, in the class of difference its check proves.
func TestKeywordsAgreeWithScryfall(t *testing.T) {
	faces := newFaces(t)
	asOf := keyword.AbilityList().AsOf
	r := kwReader(t, asOf)
	vocab := map[string]bool{}
	byCard := map[string][]newFace{}
	for _, f := range faces {
		for _, k := range f.Keywords {
			vocab[strings.ToLower(k)] = true
		}
		byCard[f.Set+" "+f.Name] = append(byCard[f.Set+" "+f.Name], f)
	}
	// Scryfall's names that no list of the rules read holds, nor any name
	// the reader gives on any face, are no matter of the reader's.
	given := map[string]bool{}
	for _, f := range faces {
		r.Name = f.faceName()
		for _, k := range r.Append(nil, f.Text) {
			for _, n := range mtgjsonNames(k) {
				given[n] = true
			}
		}
	}
	var silent []string
	for n := range vocab {
		_, e1 := keyword.ParseAbilityAsOf(n, asOf)
		_, e2 := keyword.ParseActionAsOf(n, asOf)
		_, e3 := keyword.ParseAbilityWordAsOf(n, asOf)
		if !given[n] && e1 != nil && e2 != nil && e3 != nil {
			silent = append(silent, n)
			delete(vocab, n)
		}
	}
	sort.Strings(silent)
	t.Logf("Scryfall's keywords no list of the rules of %s holds (the rules are silent): %q", asOf, silent)

	agree, classes := 0, map[string]int{}
	for _, f := range faces {
		c := scryfallCase{face: f}
		for _, o := range byCard[f.Set+" "+f.Name] {
			r.Name = o.faceName()
			c.found = r.Append(c.found, o.Text)
		}
		c.d = compare(c.found, f.Keywords, vocab, keyword.UseHas)
		if len(c.d.extra) == 0 && len(c.d.missing) == 0 {
			agree++
			continue
		}
		class := ""
		for _, cl := range scryfallClasses {
			if cl.check(c) {
				class = cl.name
				break
			}
		}
		if class == "" {
			t.Errorf("%s: the reader and Scryfall differ (%s), and no class of difference holds it: text %q, Scryfall %q", f.key(), c.d, f.Text, f.Keywords)
			continue
		}
		classes[class]++
		t.Logf("%s (%s): %s", f.key(), class, c.d)
	}
	rate := float64(agree) / float64(len(faces))
	t.Logf("the reader agrees with Scryfall's keywords on %d of %d faces (%.2f%%); where not: %v", agree, len(faces), 100*rate, classes)
	for _, cl := range scryfallClasses {
		if classes[cl.name] > 0 {
			t.Logf("  %s (%d): %s", cl.name, classes[cl.name], cl.why)
		}
	}
	if rate < 0.98 {
		t.Errorf("agreement %.2f%%, want at least 98%%", 100*rate)
	}
}

// classOf is the class of difference between the reader and a database's
// keywords on a face (its text, read by r, and the database's list),
// compared on vocab: "" where they agree, "none" where no class holds.
func classOf(r keyword.Reader, text string, theirs []string, vocab map[string]bool) string {
	c := scryfallCase{face: newFace{Text: text, Keywords: theirs}}
	c.found = r.Append(nil, text)
	c.d = compare(c.found, theirs, vocab, keyword.UseHas)
	if len(c.d.extra) == 0 && len(c.d.missing) == 0 {
		return ""
	}
	for _, cl := range scryfallClasses {
		if cl.check(c) {
			return cl.name
		}
	}
	return "none"
}

// Each class of difference holds the faces it names by the rule that
// settles it, and a database that files a keyword as the rules do agrees:
// lines written for the test (no card's), read as of a past release that
// lists their keywords.
func TestScryfallClassesTellTheirCases(t *testing.T) {
	r := kwReader(t, "2025-02-07")
	vocab := map[string]bool{}
	for _, n := range []string{"lifelink", "transform", "manifest", "manifest dread", "proliferate", "meld", "flying", "plot"} {
		vocab[n] = true
	}
	cases := []struct {
		text   string
		theirs []string
		want   string
	}{
		{"When this creature enters, put a lifelink counter on target creature you control.", []string{"Lifelink"}, "keyword counter"},
		{"Whenever a transformed permanent you control attacks, draw a card.", []string{"Transform"}, "transformed permanent"},
		{"When this creature dies, manifest dread.", nil, "action left out"},
		{"Whenever you proliferate, draw a card.", []string{"Proliferate"}, "condition"},
		{"Exile target spell. It becomes plotted.", []string{"Plot"}, "designation"},
		{"Target creature gains flying until end of turn.", []string{"Flying"}, "granted"},
		// Agreement: the meld pair a card's reminder names, no meld it
		// does (712.4a); manifest dread, which a database lists with
		// manifest (701.62a defines it through manifest).
		{"Vigilance\n(Melds with Some Other Card.)", nil, ""},
		{"When this creature dies, manifest dread.", []string{"Manifest", "Manifest dread"}, ""},
	}
	if names := r.Append(nil, "Manifest dread.")[0].DatabaseNames(nil); len(names) < 2 {
		// The newest rules say what manifest dread is defined through; a
		// release that no longer says it through manifest is compared so.
		t.Logf("the newest rules define manifest dread through no action (%v): its case is left out", names)
		cases = cases[:len(cases)-1]
	}
	for _, c := range cases {
		if got := classOf(r, c.text, c.theirs, vocab); got != c.want {
			t.Errorf("%q, listed %q: class %q, want %q", c.text, c.theirs, got, c.want)
		}
	}
}
