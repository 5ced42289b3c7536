package extract

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Every release since 2009 gives the lists an engine keeps (colours,
// permanent types, zones, phases, steps; the keyword counters since
// 2020-04-17), read as a second, independent reader would read them: one
// pattern over the document's lines per list, each naming its rule, and
// its list split at commas.
func TestEngineListsOfEveryRelease(t *testing.T) {
	patterns := map[string]*regexp.Regexp{
		snapshot.FactColors:          regexp.MustCompile(`(?m)^105\.1\. There are five colors in the \S+ game: ([^.]+)\.`),
		snapshot.FactPermanentTypes:  regexp.MustCompile(`(?m)^110\.4\. There are \w+ permanent types: ([^.]+)\.`),
		snapshot.FactZones:           regexp.MustCompile(`(?m)^400\.1\. .*There are normally \w+ zones: ([^.]+)\. Some older cards also use the (\w+) zone\.`),
		snapshot.FactPhases:          regexp.MustCompile(`(?m)^500\.1\. A turn consists of five phases, in this order: ([^.]+)\.`),
		snapshot.FactKeywordCounters: regexp.MustCompile(`(?m)^122\.1b .*The keywords that a keyword counter can be are (.+?), as well as`),
	}
	steps := regexp.MustCompile(`(?m)^(501|506|512)\.1\. The (\w+) phase (?:consists of|has) \w+ steps(?:, in this order|, which proceed in order)?: ([^.]+)\.`)
	split := func(list string) []string {
		list = strings.Replace(list, ", and ", ", ", 1)
		list = strings.Replace(list, " and ", ", ", 1)
		return strings.Split(list, ", ")
	}
	counted := 0
	for _, r := range corpus.Releases(t) {
		date := strings.ReplaceAll(r.Date, "-", "")
		f := extractRelease(t, date)
		text, _, err := textenc.Decode(corpus.Read(t, date))
		if err != nil {
			t.Fatal(err)
		}
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
		for key, re := range patterns {
			m := re.FindStringSubmatch(text)
			if m == nil {
				if key == snapshot.FactKeywordCounters && r.Date < snapshot.FactNamed(key).Since {
					if got := f.List(key); got != nil {
						t.Errorf("%s: keyword counters %q before the rules listed them", r.Date, got)
					}
					continue
				}
				t.Fatalf("%s: no sentence of %s", r.Date, key)
			}
			want := split(m[1])
			if len(m) > 2 {
				want = append(want, m[2])
			}
			if got := f.List(key); !slices.Equal(got, want) {
				t.Errorf("%s %s: got %q, an independent reading %q", r.Date, key, got, want)
			}
		}
		var want []string
		phase := map[string]string{}
		for _, m := range steps.FindAllStringSubmatch(text, -1) {
			for _, s := range split(m[3]) {
				want = append(want, s)
				phase[s] = m[2]
			}
		}
		if got := f.List(snapshot.FactSteps); !slices.Equal(got, want) {
			t.Errorf("%s steps: got %q, an independent reading %q", r.Date, got, want)
		}
		for s, p := range phase {
			if got := f.Relations[snapshot.FactSteps][s]; got != p {
				t.Errorf("%s: the %s step is of the %q phase, read %q", r.Date, s, p, got)
			}
		}
		counted++
	}
	t.Logf("%d releases", counted)
}

// The past, as the releases printed it: seven zones until the command
// zone came in 2010-07-16; five permanent types until battles (2023-04-14);
// twelve keyword counters in 2020-04-17, fifteen in 2026-02-27; each
// colour with its letter.
func TestEngineListsOfThePast(t *testing.T) {
	for _, c := range []struct {
		date, key string
		n         int
	}{
		{"20100423", snapshot.FactZones, 7}, {"20100716", snapshot.FactZones, 8},
		{"20221007", snapshot.FactPermanentTypes, 5}, {"20230414", snapshot.FactPermanentTypes, 6},
		{"20200417", snapshot.FactKeywordCounters, 12}, {"20260227", snapshot.FactKeywordCounters, 15},
		{"20090711", snapshot.FactSteps, 10}, {"20260227", snapshot.FactPhases, 5},
	} {
		if got := extractRelease(t, c.date).List(c.key); len(got) != c.n {
			t.Errorf("%s %s: %d %q, want %d", c.date, c.key, len(got), got, c.n)
		}
	}
	f := extractRelease(t, "20090711")
	letters := map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
	for c, l := range letters {
		if got := f.Relations[snapshot.FactColors][c]; got != l {
			t.Errorf("2009-07-11: %s is %q, want %s", c, got, l)
		}
	}
}

// Every release since the rules first defined a predefined token
// (2019-07-12) gives its tokens, one a subrule of 111.10 ("A Treasure
// token is ..."), named as an independent reading names them.
func TestTokensOfEveryRelease(t *testing.T) {
	head := regexp.MustCompile(`(?m)^111\.10[a-z] An? (.+?) token is `)
	for _, r := range corpus.Releases(t) {
		date := strings.ReplaceAll(r.Date, "-", "")
		f := extractRelease(t, date)
		text, _, err := textenc.Decode(corpus.Read(t, date))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, m := range head.FindAllStringSubmatch(strings.ReplaceAll(text, "\r", "\n"), -1) {
			want = append(want, m[1])
		}
		var got []string
		for _, tk := range f.Tokens {
			got = append(got, tk.Name)
			if len(tk.Faces) == 0 || len(tk.Faces[0].CardTypes) == 0 {
				t.Errorf("%s %s: faces %+v", r.Date, tk.Name, tk.Faces)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s tokens: got %q, an independent reading %q", r.Date, got, want)
		}
		if (len(want) > 0) != (r.Date >= snapshot.FactNamed(snapshot.FactTokens).Since) {
			t.Errorf("%s: %d tokens; the rules first defined one in %s", r.Date, len(want), snapshot.FactNamed(snapshot.FactTokens).Since)
		}
	}
}

// What the rules of 2026-02-27 say the tokens are, face by face.
func TestTokenFacesOfThePast(t *testing.T) {
	f := extractRelease(t, "20260227")
	byName := map[string]snapshot.Token{}
	for _, tk := range f.Tokens {
		byName[tk.Name] = tk
	}
	walker := byName["Walker"].Faces
	if len(walker) != 1 || walker[0].Power != "2" || walker[0].Toughness != "2" || !slices.Equal(walker[0].Colors, []string{"black"}) ||
		!slices.Equal(walker[0].Subtypes, []string{"Zombie"}) || !slices.Equal(walker[0].CardTypes, []string{"creature"}) || walker[0].Name != "Walker" {
		t.Errorf("Walker: %+v", walker)
	}
	inc := byName["Incubator"].Faces
	if len(inc) != 2 || !slices.Equal(inc[0].Subtypes, []string{"Incubator"}) || !slices.Equal(inc[1].CardTypes, []string{"artifact", "creature"}) ||
		inc[1].Name != "Phyrexian Token" || inc[1].Power != "0" || !slices.Equal(inc[0].Abilities, []string{"{2}: Transform this token."}) {
		t.Errorf("Incubator: %+v", inc)
	}
	wicked := byName["Wicked Role"].Faces
	if len(wicked) != 1 || wicked[0].Name != "Wicked" || !slices.Equal(wicked[0].Subtypes, []string{"Aura", "Role"}) || len(wicked[0].Abilities) != 3 || wicked[0].Abilities[0] != "enchant creature" {
		t.Errorf("Wicked Role: %+v", wicked)
	}
	if m := byName["Map"].Faces; len(m) != 1 || strings.Contains(strings.Join(m[0].Abilities, " "), "See rule") {
		t.Errorf("Map: %+v (its sentence's reference to 701.44 is no ability)", m)
	}
}

// A token sentence the reader cannot read stops the release with the rule
// and the words.
func TestTokenSentenceUnreadable(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"A Walker token is a 2/2 black Zombie creature token", "A Walker token is a 2/2 black Zombie creature", `rule 111.10d: expected "token" after the token's types`},
		{"A Walker token is a 2/2 black", "A Walker token is a 2/2 blackish", `rule 111.10d: "blackish" is no colour, card type, supertype or subtype`},
		{"A Clue token is", "The Clue token is", `rule 111.10f: does not read "A[n] <name> token is a ..."`},
		{"“{2}, Sacrifice this token: Draw a card.”", "“{2}, Sacrifice this token: Draw a card.", `rule 111.10f: an ability's quotation does not close`},
		{"“{2}, Sacrifice this token: Draw a card.”", "“{Z}, Sacrifice this token: Draw a card.”", `rule 111.10f: an ability prints {Z}, which is no symbol of rule 107.4`},
	} {
		rules := release(t, "20260227")
		for i := range rules {
			rules[i].Text = strings.Replace(rules[i].Text, c.from, c.to, 1)
		}
		if _, err := Extract(English, rules, whole); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q → %q: %v; want %q", c.from, c.to, err, c.want)
		}
	}
}

// FuzzTokenSentence reads any sentence as a predefined token's subrule,
// beside the lists a release gives it (card types, colours, subtypes, mana
// symbols): it is refused with the rule's number, or gives a token whose
// every face has card types of the release, colours of the release and
// names that are not empty.
func FuzzTokenSentence(f *testing.F) {
	f.Add("A Gleemax token is a colorless Gleemax artifact token with “{T}, Sacrifice this token: Draw a card.”")
	f.Add("A Walker token is a 2/2 black Zombie creature token named Walker.")
	f.Add("An Egg token is a double-faced token. Its front face is a colorless Egg artifact with “{2}: Transform this token.” Its back face is a 0/0 colorless Zombie artifact creature named Hatchling.")
	f.Add("A Gleeful Role token is a colorless Aura Role enchantment token named Gleeful with enchant creature, “Enchanted creature gets +1/+1,” and “When this token dies, draw a card.”")
	f.Add("A Gleemax token is a colorless Gleemax artifact token with “{Z}: Draw a card.”")
	f.Add("A Gleemax token is a 1/1 white and blue Zombie creature token with “{T}: Add {W}.” See rule 701.1.")
	f.Fuzz(func(t *testing.T, sentence string) {
		rules := []crtext.Rule{
			{Number: "105.1", Text: "There are five colors in the Magic game: white, blue, black, red, and green."},
			{Number: "111.10", Text: "Some effects instruct a player to create a predefined token."},
			{Number: "111.10a", Text: sentence},
			{Number: "205.2a", Text: "The card types are artifact, creature, and enchantment."},
		}
		facts, err := Extract(English, rules, "")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Rule == "" {
				t.Fatalf("an error without its rule: %v", err)
			}
			return
		}
		for _, tk := range facts.Tokens {
			if tk.Name == "" || tk.Rule != "111.10a" || len(tk.Faces) == 0 || len(tk.Faces) > 2 {
				t.Errorf("token %+v", tk)
			}
			for _, fc := range tk.Faces {
				for _, ct := range fc.CardTypes {
					if !slices.Contains(facts.List(snapshot.FactCardTypes), ct) {
						t.Errorf("card type %q of %q", ct, sentence)
					}
				}
				for _, c := range fc.Colors {
					if !slices.Contains(facts.List(snapshot.FactColors), c) {
						t.Errorf("colour %q of %q", c, sentence)
					}
				}
				if len(fc.CardTypes) == 0 || slices.Contains(fc.Subtypes, "") || slices.Contains(fc.Abilities, "") {
					t.Errorf("face %+v of %q", fc, sentence)
				}
			}
		}
	})
}

// Each zone is public or hidden, as 400.2 says in every release (past
// facts): library and hand hidden, the rest public, the command zone
// with them since 2010-07-16. A zone 400.2 calls neither stops the
// release, naming the rule.
func TestZoneKinds(t *testing.T) {
	for _, date := range []string{"20090711", "20100716", "20260227"} {
		f := extractRelease(t, date)
		kinds := f.Relations[snapshot.FactZones]
		for _, z := range f.List(snapshot.FactZones) {
			want := "public"
			if z == "library" || z == "hand" {
				want = "hidden"
			}
			if kinds[z] != want {
				t.Errorf("%s: the %s zone is %q, want %s", date, z, kinds[z], want)
			}
		}
		if !slices.Contains(f.FactRules[snapshot.FactZones], "400.2") || f.Rules["400.2"] == "" {
			t.Errorf("%s: 400.2 not recorded with the zones: %v", date, f.FactRules[snapshot.FactZones])
		}
	}
	rules := release(t, "20260227")
	for i, r := range rules {
		if r.Number == "400.2" {
			rules[i].Text = strings.Replace(r.Text, "Library and hand are hidden zones", "Library is a hidden zone", 1)
		}
	}
	if _, err := Extract(English, rules, whole); err == nil || !strings.Contains(err.Error(), "the hand zone is called neither public nor hidden") {
		t.Errorf("a zone 400.2 does not call public or hidden: %v", err)
	}
}
