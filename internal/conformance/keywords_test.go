package conformance

import (
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// textFace is one card face of cards-text/: its Oracle text and the
// keywords MTGJSON lists for it.
type textFace struct {
	Set      string   `json:"-"`
	Name     string   `json:"name"`
	FaceName string   `json:"face_name"`
	Number   string   `json:"number"`
	Layout   string   `json:"layout"`
	Type     string   `json:"type"`
	Text     string   `json:"text"`
	Keywords []string `json:"keywords"`
}

// mtgjsonDate is the day of the MTGJSON build cards-text/ holds
// (meta.version 5.2.0+20220425): its Oracle texts are read by the rules
// in force then.
const mtgjsonDate = "2022-04-25"

func textFaces(t testing.TB) []textFace {
	t.Helper()
	return loadOnce(t, "cards-text/sets", func() []textFace { return loadTextFaces(t) })
}

func loadTextFaces(t testing.TB) []textFace {
	t.Helper()
	var out []textFace
	eachSetFile(t, "cards-text/sets", func(f string, b []byte) {
		var set struct {
			Code  string     `json:"code"`
			Faces []textFace `json:"faces"`
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

// kwReader is the keyword reader of the rules in force on date.
func kwReader(t testing.TB, date string) keyword.Reader {
	t.Helper()
	r, err := keyword.NewReader(date)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (f textFace) faceName() string {
	if f.FaceName != "" {
		return f.FaceName
	}
	return f.Name
}

// key names a face in the corpus: its set, number and face name.
func (f textFace) key() string { return f.Set + " " + f.Number + " " + f.faceName() }

// mtgjsonNames are the names a keyword found goes by in MTGJSON's
// keywords, lower case: its rules name ("Landwalk", "Protection", "Mill")
// and its variant as printed ("Islandwalk", "Hexproof from", "Basic
// landcycling"); MTGJSON uses one or the other, or both.
func mtgjsonNames(k keyword.Found) []string {
	var names []string
	for _, n := range k.DatabaseNames(nil) {
		names = append(names, strings.ToLower(n.Name))
	}
	return append(names, strings.ToLower(k.Printed))
}

// disagreement is where the reader and MTGJSON differ on one face, on
// the keywords MTGJSON knows: what the reader finds that MTGJSON does
// not list (extra, the reader's names), and what MTGJSON lists that the
// reader does not find (missing, MTGJSON's names, lower case).
type disagreement struct{ extra, missing []string }

func (d disagreement) String() string {
	var out []string
	for _, e := range d.extra {
		out = append(out, "+"+e)
	}
	for _, m := range d.missing {
		out = append(out, "-"+m)
	}
	return strings.Join(out, " ")
}

// compare compares the keywords read on a face with a database's, on
// its vocabulary (every keyword it lists on any face): the reader's
// keywords of other names (Exile, Destroy) are no matter of the
// database's; of the keywords read, those of the uses given (MTGJSON
// lists an action a trigger names, Scryfall does not).
func compare(found []keyword.Found, theirs []string, vocab map[string]bool, uses ...keyword.Use) disagreement {
	listed := map[string]bool{}
	for _, k := range theirs {
		listed[strings.ToLower(k)] = true
	}
	covered := map[string]bool{}
	var d disagreement
	for _, k := range found {
		if !slices.Contains(uses, k.Use) {
			continue // "If it's renowned", "Whenever you scry": named, not had or done, where the database keeps these apart
		}
		names := mtgjsonNames(k)
		known, matched := false, false
		for _, n := range names {
			known = known || vocab[n]
			matched = matched || listed[n]
			covered[n] = true
		}
		if known && !matched && !slices.Contains(d.extra, names[0]) {
			d.extra = append(d.extra, names[0])
		}
	}
	for k := range listed {
		if !covered[k] && vocab[k] {
			d.missing = append(d.missing, k)
		}
	}
	sort.Strings(d.extra)
	sort.Strings(d.missing)
	return d
}

// The faces where MTGJSON says otherwise than the rules, each by the
// class of its error; each class names the rule that settles it and
// checks that a face of it is what it says.
var mtgjsonClasses = map[string]struct {
	why   string
	check func(f textFace, d disagreement, found []keyword.Found, byCard map[string][]textFace, r keyword.Reader) bool
}{
	"landcycling": {
		why: `MTGJSON lists "Landcycling", which no rule names: rule 702.29e (2022) calls a cycling of a type typecycling, "[Type]cycling [cost]" ("basic landcycling", "islandcycling"), a variant of cycling; the reader finds Cycling, printed as the card prints it`,
		check: func(f textFace, d disagreement, found []keyword.Found, _ map[string][]textFace, _ keyword.Reader) bool {
			typed := slices.ContainsFunc(found, func(k keyword.Found) bool {
				return k.Ability == keyword.AbilityCycling && k.Param(0).Kind == keyword.ParamType && strings.HasSuffix(strings.ToLower(k.Printed), "cycling")
			})
			return typed && len(d.extra) == 0 && slices.Equal(d.missing, []string{"landcycling"})
		},
	},
	"other face": {
		why: `MTGJSON lists on one face of a double-faced card the keywords of the other (mtgjson issue 622): rules 712.4c and 712.4d (2022), a transforming double-faced permanent has only the characteristics of the face that is up`,
		check: func(f textFace, d disagreement, _ []keyword.Found, byCard map[string][]textFace, r keyword.Reader) bool {
			if len(d.extra) > 0 || len(d.missing) == 0 {
				return false
			}
			other := map[string]bool{}
			for _, o := range byCard[f.Set+" "+f.Number] {
				if o.faceName() == f.faceName() {
					continue
				}
				r.Name = o.faceName()
				found := r.Append(nil, o.Text)
				for _, k := range found {
					for _, n := range mtgjsonNames(k) {
						other[n] = true
					}
				}
			}
			for _, m := range d.missing {
				if !other[m] {
					return false
				}
			}
			return true
		},
	},
	"granted": {
		why: `MTGJSON lists a keyword ability an effect of the card grants ("Enchanted creature has flying, first strike, and vigilance"), and only some of those it names: rule 113.1a, such an ability is granted by an effect, not one the card has; none of the card's lines is a keyword line holding it`,
		check: func(f textFace, d disagreement, found []keyword.Found, _ map[string][]textFace, _ keyword.Reader) bool {
			if len(d.extra) > 0 || len(d.missing) == 0 {
				return false
			}
			for _, m := range d.missing {
				if !strings.Contains(strings.ToLower(f.Text), m) || slices.ContainsFunc(found, func(k keyword.Found) bool { return strings.ToLower(k.Name()) == m }) {
					return false
				}
			}
			return true
		},
	},
	"action left out": {
		why: `the card's text uses the keyword action, in one of its verb forms, whose rule (701) defines it ("Whenever a creature you control explores", "Tomb Robber explores"); MTGJSON, which lists the same action on other cards, leaves it out here`,
		check: func(f textFace, d disagreement, found []keyword.Found, _ map[string][]textFace, _ keyword.Reader) bool {
			if len(d.missing) > 0 || len(d.extra) == 0 {
				return false
			}
			for _, e := range d.extra {
				if !slices.ContainsFunc(found, func(k keyword.Found) bool { return k.Kind == keyword.KindAction && strings.ToLower(k.Name()) == e }) {
					return false
				}
			}
			return true
		},
	},
}

// mtgjsonWrong names every face of cards-text/ on which the reader and
// MTGJSON disagree, by the class of MTGJSON's error: the faces are the
// corpus's (MTGJSON v5.2.0 of 2022-04-25), read as of that day, so the
// list does not change with the rules.
var mtgjsonWrong = map[string]string{
	"VOW 21 Katilda, Dawnhart Martyr":  "other face",
	"VOW 21 Katilda's Rising Dawn":     "other face",
	"VOW 22 Ancestor's Embrace":        "other face",
	"VOW 40 Twinblade Invocation":      "other face",
	"VOW 66 Lanterns' Lift":            "other face",
	"VOW 235 Dorothea's Retribution":   "other face",
	"VOW 317 Katilda, Dawnhart Martyr": "other face",
	"VOW 317 Katilda's Rising Dawn":    "other face",
	"VOW 322 Dorothea's Retribution":   "other face",
	"CON 2 Asha's Favor":               "granted",
	"DOM 183 Sylvan Awakening":         "granted",
	"GTC 3 Angelic Skirmisher":         "granted",
	"JOU 101 Knowledge and Power":      "action left out",
	"RIX 87 Tomb Robber":               "action left out",
	"RIX 128 Enter the Unknown":        "action left out",
	"SOI 201 Cult of the Waxing Moon":  "action left out",
	"VOW 205 Wildsong Howler":          "action left out",
	"VOW 392 Wildsong Howler":          "action left out",
	"XLN 99 Deadeye Tracker":           "action left out",
	"XLN 111 Lurking Chupacabra":       "action left out",
	"XLN 216 Wildgrowth Walker":        "action left out",
	"XLN 246 Shadowed Caravel":         "action left out",
}

// The reader agrees with MTGJSON's keywords on at least 99.5% of the
// corpus's faces, on the keywords MTGJSON knows; every face where they
// differ is named in mtgjsonWrong, and is of the class it is named by.
func TestKeywordsAgreeWithMTGJSON(t *testing.T) {
	faces := textFaces(t)
	vocab := map[string]bool{}
	byCard := map[string][]textFace{}
	for _, f := range faces {
		for _, k := range f.Keywords {
			vocab[strings.ToLower(k)] = true
		}
		byCard[f.Set+" "+f.Number] = append(byCard[f.Set+" "+f.Number], f)
	}
	r := kwReader(t, mtgjsonDate)
	var found []keyword.Found
	agree, classes := 0, map[string]int{}
	seen := map[string]bool{}
	for _, f := range faces {
		r.Name = f.faceName()
		found = r.Append(found[:0], f.Text)
		d := compare(found, f.Keywords, vocab, keyword.UseHas, keyword.UseCondition)
		if len(d.extra) == 0 && len(d.missing) == 0 {
			agree++
			continue
		}
		seen[f.key()] = true
		class, ok := mtgjsonWrong[f.key()]
		if !ok {
			t.Errorf("%s: the reader and MTGJSON differ (%s), and no class names the face: text %q, MTGJSON %q", f.key(), d, f.Text, f.Keywords)
			continue
		}
		if c := mtgjsonClasses[class]; c.check == nil || !c.check(f, d, found, byCard, r) {
			t.Errorf("%s, named %q: the difference (%s) is not of its class: text %q, MTGJSON %q", f.key(), class, d, f.Text, f.Keywords)
		}
		classes[class]++
	}
	for k := range mtgjsonWrong {
		if !seen[k] {
			t.Errorf("%s is named in mtgjsonWrong, but the reader and MTGJSON agree on it (or no face is so named)", k)
		}
	}
	rate := float64(agree) / float64(len(faces))
	t.Logf("the reader agrees with MTGJSON's keywords on %d of %d faces (%.2f%%); where not: %v", agree, len(faces), 100*rate, classes)
	for c, n := range classes {
		t.Logf("  %s (%d): %s", c, n, mtgjsonClasses[c].why)
	}
	if rate < 0.995 {
		t.Errorf("agreement %.2f%%, want at least 99.5%%", 100*rate)
	}
}

// The keyword abilities MTGJSON gives without what they take (mtgjson
// issue 757: "Protection" without its quality, "Equip" without its
// restriction, "Islandwalk" and "Landwalk" on one card, "Swampwalk"
// alone on another) read with their parameters on the corpus's cards,
// by the forms their rules wrote in 2022: each face of those names,
// every keyword ability of it.
func TestKeywordParametersOfCards(t *testing.T) {
	faces := textFaces(t)
	want := map[string]string{
		"Black Knight":        "First Strike|First strike; Protection|Protection from|white",
		"Knight of Malice":    "First Strike|First strike; Hexproof|Hexproof from|white",
		"Absorb Vis":          "Cycling|Basic landcycling|Basic land|{1}{B}",
		"Blackblade Reforged": "Equip|Equip legendary creature|legendary|{3}; Equip|Equip|{7}",
		"Merfolk Spy":         "Landwalk|Islandwalk|Island",
		"Anaconda":            "Landwalk|Swampwalk|Swamp",
	}
	paramRE := regexp.MustCompile(`^[^|]+\|[^|]+`)
	got := map[string]bool{}
	for _, f := range faces {
		w, ok := want[f.faceName()]
		if !ok {
			continue
		}
		r := kwReader(t, mtgjsonDate)
		r.Name = f.faceName()
		found := r.Append(nil, f.Text)
		var abilities []string
		for _, k := range found {
			if k.Kind != keyword.KindAbility {
				continue
			}
			s := k.Name() + "|" + k.Printed
			for i := range k.NumParams() {
				s += "|" + k.Param(i).Text
			}
			abilities = append(abilities, s)
		}
		if s := strings.Join(abilities, "; "); s != w || !paramRE.MatchString(s) {
			t.Errorf("%s: %q, want %q (MTGJSON: %q)", f.key(), s, w, f.Keywords)
		}
		got[f.faceName()] = true
	}
	for name := range want {
		if !got[name] {
			t.Errorf("no face of %s in the corpus", name)
		}
	}
}
