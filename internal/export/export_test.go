package export

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
	"github.com/mtgrules/crgen/internal/textenc"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// MTGJSON v5's published types (mtgjson.com/data-models: Meta, Keywords,
// CardTypes, CardType), written here from the documentation and not
// shared with the code they check.
type (
	mtgjsonMeta struct {
		Date    string `json:"date"`
		Version string `json:"version"`
	}
	mtgjsonKeywords struct {
		Meta mtgjsonMeta `json:"meta"`
		Data struct {
			AbilityWords     []string `json:"abilityWords"`
			KeywordAbilities []string `json:"keywordAbilities"`
			KeywordActions   []string `json:"keywordActions"`
		} `json:"data"`
	}
	mtgjsonCardTypes struct {
		Meta mtgjsonMeta `json:"meta"`
		Data map[string]struct {
			SubTypes   []string `json:"subTypes"`
			SuperTypes []string `json:"superTypes"`
		} `json:"data"`
	}
)

// checkShape validates one file against MTGJSON's shape: decoded
// strictly into the published types, exactly the keys they have (none
// missing, none null), a real date, and every array sorted (as the
// file's language sorts: Spanish collation for Spanish), without
// duplicates or empty names. It returns the arrays by their path.
func checkShape(t *testing.T, file string, data []byte, into any) map[string][]string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		t.Fatalf("%s does not decode strictly into MTGJSON's type: %v", file, err)
	}
	if dec.More() {
		t.Errorf("%s: data after the JSON value", file)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	if keys := slices.Sorted(maps.Keys(top)); !slices.Equal(keys, []string{"data", "meta"}) {
		t.Errorf("%s: top-level keys %q, want exactly meta and data", file, keys)
	}
	var meta map[string]string
	if err := json.Unmarshal(top["meta"], &meta); err != nil {
		t.Fatalf("%s meta: %v", file, err)
	}
	if keys := slices.Sorted(maps.Keys(meta)); !slices.Equal(keys, []string{"date", "version"}) {
		t.Errorf("%s: meta keys %q, want exactly date and version", file, keys)
	}
	if _, err := time.Parse(time.DateOnly, meta["date"]); err != nil {
		t.Errorf("%s: meta.date %q is not YYYY-MM-DD", file, meta["date"])
	}
	if v := meta["version"]; !strings.HasPrefix(v, "crgen+") || !strings.HasSuffix(v, strings.ReplaceAll(meta["date"], "-", "")) {
		t.Errorf("%s: meta.version %q does not name this producer and the release of %s", file, v, meta["date"])
	}

	arrays := map[string][]string{}
	var walk func(path string, raw json.RawMessage)
	walk = func(path string, raw json.RawMessage) {
		switch {
		case bytes.Equal(raw, []byte("null")):
			t.Errorf("%s: %s is null", file, path)
		case bytes.HasPrefix(raw, []byte("[")):
			var names []string
			if err := json.Unmarshal(raw, &names); err != nil {
				t.Errorf("%s: %s: %v", file, path, err)
			}
			arrays[path] = names
		default:
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(raw, &obj); err != nil {
				t.Errorf("%s: %s is neither an array nor an object: %v", file, path, err)
			}
			for k, v := range obj {
				walk(path+"."+k, v)
			}
		}
	}
	walk("data", top["data"])
	order := strings.Compare // English, as MTGJSON sorts
	if strings.HasPrefix(meta["version"], "crgen+es.") {
		order = spanishOrder
	}
	for path, names := range arrays {
		if !slices.IsSortedFunc(names, order) {
			t.Errorf("%s: %s is not sorted: %q", file, path, names)
		}
		if len(slices.Compact(slices.Clone(names))) != len(names) {
			t.Errorf("%s: %s has duplicates: %q", file, path, names)
		}
		if slices.Contains(names, "") {
			t.Errorf("%s: %s has an empty name", file, path)
		}
	}
	return arrays
}

// readRelease extracts a corpus release as scrape extract does: read,
// then merged (as extract prints it). It returns the snapshot read as
// well; both record which card types each subtype list goes with.
func readRelease(t *testing.T, r corpus.Release) (merged, read *snapshot.Snapshot, text string) {
	t.Helper()
	data, err := os.ReadFile(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	src, sum := sources.Identify(nil, data, r.Path)
	src.Lang = "en"
	read, _, err = scrape.Read(scrape.Document{Source: src, URL: "file:" + filepath.Base(r.Path), Data: data, SHA256: sum})
	if err != nil {
		t.Fatal(err)
	}
	if merged, err = scrape.MergeRelease([]*snapshot.Snapshot{read}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.SubtypeCardTypes, read.SubtypeCardTypes) || merged.SubtypeChoiceRule != read.SubtypeChoiceRule {
		t.Errorf("%s: merged, the card types of the subtype lists are %v (%q), read %v (%q)", r.Date, merged.SubtypeCardTypes, merged.SubtypeChoiceRule, read.SubtypeCardTypes, read.SubtypeChoiceRule)
	}
	if text, _, err = textenc.Decode(data); err != nil {
		t.Fatal(err)
	}
	// The rules' spelling (what the snapshot keeps) has the curly
	// apostrophe; older releases print a straight one.
	return merged, read, strings.ReplaceAll(text, "'", "’")
}

// Lines of a release, read without the extraction code: the card types'
// sentence (204.2a before the 2010 renumbering), the supertypes', the
// ability words', and the titles of 701 and 702.
var (
	cardTypesLine    = regexp.MustCompile(`(?m)^(20[45])\.2a The card types are ([^.]+)\.`)
	abilityWordsLine = regexp.MustCompile(`(?m)^20[67]\.2c .*The ability words are [^\n]*$`)
	titleLine        = regexp.MustCompile(`(?m)^(70[12])\.(\d+)\. (.+?)\s*$`)
)

// listed splits "a, b, and c" (or "a and b").
func listed(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ", ") {
		part = strings.TrimPrefix(part, "and ")
		if a, b, ok := strings.Cut(part, " and "); ok {
			out = append(out, a, b)
			continue
		}
		out = append(out, part)
	}
	return out
}

// containsWord reports whether text holds name with no letter either side.
func containsWord(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			return true
		}
		i = start + 1
	}
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// Every English release of the corpus, 2009 to today, exported and
// checked against MTGJSON's shapes and against the release's own text.
func TestEveryReleaseInMTGJSONShapes(t *testing.T) {
	t.Parallel()
	for _, r := range corpus.Releases(t) {
		t.Run(r.Date, func(t *testing.T) {
			t.Parallel()
			s, read, text := readRelease(t, r)
			if len(read.SubtypeCardTypes) == 0 {
				t.Fatal("the release read says no card types share a subtype list")
			}
			m, err := Build(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			files, err := m.Files()
			kb, cb := fileData(files, KeywordsFile), fileData(files, CardTypesFile)
			if err != nil {
				t.Fatal(err)
			}
			var kw mtgjsonKeywords
			var ct mtgjsonCardTypes
			checkShape(t, KeywordsFile, kb, &kw)
			arrays := checkShape(t, CardTypesFile, cb, &ct)
			if kw.Meta.Date != r.Date || ct.Meta.Date != r.Date {
				t.Errorf("meta.date %s and %s, want the release's %s", kw.Meta.Date, ct.Meta.Date, r.Date)
			}

			// The keys: the card types the release's 205.2a sentence lists.
			m205 := cardTypesLine.FindStringSubmatch(text)
			if m205 == nil {
				t.Fatal("no card types sentence in the release")
			}
			want := listed(m205[2])
			slices.Sort(want)
			if got := slices.Sorted(maps.Keys(ct.Data)); !slices.Equal(got, want) {
				t.Errorf("CardTypes keys %q, the release's %s.2a sentence %q", got, m205[1], want)
			}
			// The names of subTypes and superTypes, in the text of 205.3 and
			// 205.4 (204 before 2010).
			section := m205[1]
			var subText, superText strings.Builder
			for _, line := range strings.Split(text, "\n") {
				switch {
				case strings.HasPrefix(line, section+".3"):
					subText.WriteString(line + "\n")
				case strings.HasPrefix(line, section+".4"):
					superText.WriteString(line + "\n")
				}
			}
			for path, names := range arrays {
				for _, n := range names {
					if strings.HasSuffix(path, ".subTypes") && !containsWord(subText.String(), n) {
						t.Errorf("%s: %q is not in the text of %s.3", path, n, section)
					}
					if strings.HasSuffix(path, ".superTypes") && !containsWord(superText.String(), lowerFirst(n)) {
						t.Errorf("%s: %q is not in the text of %s.4", path, n, section)
					}
				}
			}
			// Each card type has the lists of the categories that go with
			// it, and every list goes somewhere.
			placed := map[string]bool{}
			for _, key := range s.CardTypes {
				var wantSubs []string
				for c, types := range read.SubtypeCardTypes {
					if slices.Contains(types, key) {
						wantSubs = append(wantSubs, s.Subtypes[c]...)
						placed[c] = true
					}
				}
				slices.Sort(wantSubs)
				if got := ct.Data[key].SubTypes; !slices.Equal(got, slices.Compact(wantSubs)) {
					t.Errorf("%s subTypes: %d names, want %d", key, len(got), len(wantSubs))
				}
				var wantSupers []string
				for _, n := range s.Supertypes {
					wantSupers = append(wantSupers, strings.ToUpper(n[:1])+n[1:])
				}
				slices.Sort(wantSupers)
				if got := ct.Data[key].SuperTypes; !slices.Equal(got, wantSupers) {
					t.Errorf("%s superTypes %q, want %q", key, got, wantSupers)
				}
			}
			for c := range s.Subtypes {
				if !placed[c] {
					t.Errorf("the %s types went to no card type", c)
				}
			}

			// Keywords: the snapshot's lists, and each name in the text.
			titles := map[string][]string{}
			for _, tm := range titleLine.FindAllStringSubmatch(text, -1) {
				if tm[2] != "1" {
					titles[tm[1]] = append(titles[tm[1]], tm[3])
				}
			}
			aw := abilityWordsLine.FindString(text)
			for _, l := range []struct {
				fact string
				got  []string
			}{
				{snapshot.FactAbilityWords, kw.Data.AbilityWords},
				{snapshot.FactKeywordAbilities, kw.Data.KeywordAbilities},
				{snapshot.FactKeywordActions, kw.Data.KeywordActions},
			} {
				var wantNames []string
				for _, n := range s.List(l.fact) {
					if l.fact == snapshot.FactAbilityWords {
						n = strings.ToUpper(n[:1]) + n[1:] // as cards print them
					}
					wantNames = append(wantNames, n)
				}
				slices.Sort(wantNames)
				if len(wantNames) == 0 || !slices.Equal(l.got, slices.Compact(wantNames)) {
					t.Errorf("%s: %d names, the snapshot %d\n got %q\nwant %q", l.fact, len(l.got), len(wantNames), l.got, wantNames)
				}
				for _, n := range l.got {
					var found bool
					switch l.fact {
					case snapshot.FactAbilityWords:
						found = containsWord(strings.ToLower(aw), strings.ToLower(n))
					case snapshot.FactKeywordActions:
						found = slices.ContainsFunc(titles["701"], func(title string) bool { return containsWord(title, n) })
					case snapshot.FactKeywordAbilities:
						found = slices.ContainsFunc(titles["702"], func(title string) bool { return containsWord(title, n) })
					}
					if !found {
						t.Errorf("%s %q is not in the release's text where the rules list them", l.fact, n)
					}
				}
			}

			// What a consumer decodes is what was built.
			if back, err := ReadKeywords(kb); err != nil || !reflect.DeepEqual(*back, m.Keywords) {
				t.Errorf("Keywords.json does not read back: %v", err)
			}
			if back, err := ReadCardTypes(cb); err != nil || !reflect.DeepEqual(*back, m.CardTypes) {
				t.Errorf("CardTypes.json does not read back: %v", err)
			}
		})
	}
}

// Spanish, from the frozen tree: Spanish card types as keys, each with
// the Spanish list its English card type has, and no keywords.
func TestSpanish(t *testing.T) {
	t.Parallel()
	store := corpus.FrozenStore(t)
	history, err := store.History("es")
	if err != nil {
		t.Fatal(err)
	}
	current, err := store.Current("es")
	if err != nil || current == nil {
		t.Fatalf("no current Spanish snapshot: %v", err)
	}
	for _, es := range append(history, current) {
		en, err := EnglishOf(store, es)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Build(es, en)
		if err != nil {
			t.Fatal(err)
		}
		name := es.Lang + "@" + es.Effective
		files, err := m.Files()
		kb, cb := fileData(files, KeywordsFile), fileData(files, CardTypesFile)
		if err != nil {
			t.Fatal(err)
		}
		var kw mtgjsonKeywords
		var ct mtgjsonCardTypes
		checkShape(t, name+" "+KeywordsFile, kb, &kw)
		checkShape(t, name+" "+CardTypesFile, cb, &ct)
		// Keyed by the English card types, as MTGJSON keys them.
		var keys []string
		for _, p := range es.PairingEN[snapshot.FactCardTypes] {
			keys = append(keys, p.EN)
		}
		if got, want := slices.Sorted(maps.Keys(ct.Data)), slices.Sorted(slices.Values(keys)); !slices.Equal(got, want) {
			t.Errorf("%s: keys %q, want the English card types the Spanish ones pair with %q", name, got, want)
		}
		if n := len(kw.Data.AbilityWords) + len(kw.Data.KeywordAbilities) + len(kw.Data.KeywordActions); n != 0 {
			t.Errorf("%s: %d keywords, but no Spanish source names them", name, n)
		}
		// The Spanish creature types, in Spanish collation, with the forms
		// cards print.
		want := withForms(es, es.Subtypes["creature"])
		if got := ct.Data["creature"].SubTypes; len(want) == 0 || len(got) != len(slices.Compact(slices.Sorted(slices.Values(want)))) || !slices.IsSortedFunc(got, spanishOrder) {
			t.Errorf("%s: creature has %d subtypes, the Spanish creature list and its forms %d, in Spanish order: %v", name, len(got), len(want), slices.IsSortedFunc(got, spanishOrder))
		}
		// Every supertype, and the feminine forms cards print beside them.
		for key, c := range ct.Data {
			for _, st := range es.Supertypes {
				if !slices.Contains(c.SuperTypes, capitalised(st)) {
					t.Errorf("%s: %s superTypes %q lack %q", name, key, c.SuperTypes, st)
				}
				for _, f := range es.Forms[st] {
					if !slices.Contains(c.SuperTypes, capitalised(f)) {
						t.Errorf("%s: %s superTypes %q lack the printed form %q", name, key, c.SuperTypes, f)
					}
				}
			}
		}
		// Pairs.json pairs every card type.
		pairs, err := ReadPairs(fileData(files, PairsFile))
		if err != nil || len(pairs.Data[snapshot.FactCardTypes]) != len(es.PairingEN[snapshot.FactCardTypes]) {
			t.Errorf("%s: Pairs.json: %v", name, err)
		}
	}
}

// spanishOrder compares as a Spanish reader orders: "Ácaro" before
// "Zubera".
func spanishOrder(a, b string) int { return collate.New(language.Spanish).CompareString(a, b) }

// EnglishOf takes the English release of the same date, else the newest
// before it, passing over one that does not say which card types share
// each list; with none it says what it looked for.
func TestEnglishOf(t *testing.T) {
	t.Parallel()
	frozen := corpus.FrozenStore(t)
	store := snapshot.Store{Dir: t.TempDir()}
	// Two whole releases and, after them, the rule page of 205.3 alone,
	// as it was recorded before it said which card types share each list.
	dates := []string{"2026-01-16", "2026-02-27", corpus.FrozenRelease}
	for _, d := range dates {
		s, err := snapshot.Load(frozen.HistoryPath("en", d))
		if err != nil {
			t.Fatal(err)
		}
		if d == corpus.FrozenRelease {
			s.SubtypeCardTypes = nil
		}
		b, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(store.HistoryPath("en", d)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(store.HistoryPath("en", d), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	es := corpus.Snapshot(t, "es", corpus.FrozenRelease)
	for effective, want := range map[string]string{
		"2026-02-27":         "2026-02-27", // the same date
		"2026-02-26":         "2026-01-16", // the newest before
		corpus.FrozenRelease: "2026-02-27", // the same date says nothing: passed over
		"2099-01-01":         "2026-02-27",
		"2026-01-15":         "", // none
	} {
		s := *es
		s.Effective = effective
		en, err := EnglishOf(store, &s)
		if want == "" {
			if err == nil || !strings.Contains(err.Error(), "no English release of "+effective+" or before in "+filepath.Join(store.Dir, "en")) {
				t.Errorf("es@%s: %v, want an error naming what was looked for", effective, err)
			}
			continue
		}
		if err != nil || en.Effective != want {
			t.Errorf("es@%s: English %v (%v), want en@%s", effective, en, err, want)
		}
	}
	if _, err := EnglishOf(snapshot.Store{Dir: t.TempDir()}, es); err == nil || !strings.Contains(err.Error(), "no English release") {
		t.Errorf("an empty store: %v", err)
	}
}

// What cannot be exported says why, naming the snapshot and what was
// expected.
func TestBuildErrors(t *testing.T) {
	t.Parallel()
	store := corpus.FrozenStore(t)
	es := corpus.Snapshot(t, "es", corpus.FrozenRelease)
	en, err := EnglishOf(store, es)
	if err != nil {
		t.Fatal(err)
	}
	whole := corpus.Snapshot(t, "en", "2026-02-27") // the newest whole release of the frozen tree
	category := slices.Sorted(maps.Keys(whole.Subtypes))[0]
	withoutKeywords := *whole
	withoutKeywords.Lists = nil
	lostCategory := *whole
	lostCategory.SubtypeCardTypes = maps.Clone(whole.SubtypeCardTypes)
	delete(lostCategory.SubtypeCardTypes, category)
	englishLost := *en
	englishLost.SubtypeCardTypes = maps.Clone(en.SubtypeCardTypes)
	delete(englishLost.SubtypeCardTypes, category)
	for name, c := range map[string]struct {
		s, english *snapshot.Snapshot
		want       string
	}{
		"a rule page of 205.3 alone": {corpus.Snapshot(t, "en", corpus.FrozenRelease), nil, "en@" + corpus.FrozenRelease + " carries no card types (rule 205.2a): CardTypes.json needs a whole release"},
		"no keyword lists":           {&withoutKeywords, nil, "carries no ability words (rule 207.2c)"},
		"a list of no card type":     {&lostCategory, nil, "the " + category + " types (rule " + whole.SubtypeRules[category] + ") go with no card type of rule 205.2a"},
		"Spanish without English":    {es, nil, "es@" + es.Effective + ": the card types each subtype list goes with are read from an English release, and none was given"},
		"Spanish, English silent":    {es, &englishLost, "the " + category + " types (rule " + es.SubtypeRules[category] + ") go with no card type it lists: en@" + en.Effective + " says"},
	} {
		if _, err := Build(c.s, c.english); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", name, err, c.want)
		}
	}
}

// A Spanish 205.3 ahead of its 205.2a (a category whose card type the
// Spanish release does not list yet, as when Spanish publishes the
// subtype page first) exports its list under the English card type, the
// key MTGJSON's readers look for, and loses no name.
func TestSpanishCategoryAhead(t *testing.T) {
	t.Parallel()
	es := corpus.Snapshot(t, "es", corpus.FrozenRelease)
	en, err := EnglishOf(corpus.FrozenStore(t), es)
	if err != nil {
		t.Fatal(err)
	}
	// The category whose English card types are fewest: dropping the
	// Spanish pairing of its card types leaves it nowhere else to land.
	var category string
	for c, types := range en.SubtypeCardTypes {
		if len(es.Subtypes[c]) > 0 && len(types) == 1 && (category == "" || c < category) {
			category = c
		}
	}
	if category == "" {
		t.Fatal("no Spanish category of a single English card type")
	}
	cardType := en.SubtypeCardTypes[category][0]
	ahead := *es
	ahead.PairingEN = maps.Clone(es.PairingEN)
	var spanish string
	for _, p := range es.PairingEN[snapshot.FactCardTypes] {
		if p.EN == cardType {
			spanish = p.ES
		}
	}
	ahead.PairingEN[snapshot.FactCardTypes] = slices.DeleteFunc(slices.Clone(es.PairingEN[snapshot.FactCardTypes]), func(p snapshot.Pair) bool { return p.EN == cardType })
	ahead.CardTypes = slices.DeleteFunc(slices.Clone(es.CardTypes), func(t string) bool { return t == spanish })
	m, err := Build(&ahead, en)
	if err != nil {
		t.Fatalf("%s ahead of its card type %s: %v", category, cardType, err)
	}
	got := m.CardTypes.Data[cardType].SubTypes
	for _, n := range es.Subtypes[category] {
		if !slices.Contains(got, n) {
			t.Errorf("%s: %q is not under %q: %v", category, n, cardType, got)
		}
	}
}

// Write writes both files or neither, leaves unchanged bytes alone, and
// the same snapshot gives the same bytes.
func TestWrite(t *testing.T) {
	t.Parallel()
	s := corpus.Snapshot(t, "en", "2026-02-27")
	m, err := Build(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := m.Files()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out", "en")
	changed, err := Write(dir, m)
	if err != nil || len(changed) != len(files) {
		t.Fatalf("first write: %q %v", changed, err)
	}
	first := corpus.Digest(t, dir)
	again, err := Build(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if changed, err = Write(dir, again); err != nil || len(changed) != 0 {
		t.Errorf("second write of the same snapshot changed %q (%v)", changed, err)
	}
	if !maps.Equal(first, corpus.Digest(t, dir)) || len(first) != len(files) {
		t.Errorf("files %v, then %v", first, corpus.Digest(t, dir))
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(file, m); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("DIR a file: %v", err)
	}
	if _, err := ReadKeywords([]byte(`{"meta": {"date": "2026-02-27", "version": "x"}, "data": {"abilityWords": [], "keywords": []}}`)); err == nil {
		t.Error("ReadKeywords took a field MTGJSON does not have")
	}
	if _, err := ReadCardTypes([]byte(`{"meta": {}, "data": {}} {}`)); err == nil {
		t.Error("ReadCardTypes took data after the value")
	}
}
