// Package export writes a snapshot's lists in the shapes other tools
// read: MTGJSON v5's Keywords.json and CardTypes.json, and Lists.json,
// the lists an engine keeps that MTGJSON has no file for (colours,
// permanent types, zones, phases, steps, keyword counters, predefined
// tokens; see Lists). Most Magic
// programs, in any language, load their lists from those two files;
// these are the same shapes built from the rules alone, so a program can
// swap one for the other.
//
// The shapes:
//
//	Keywords.json  {"meta": {"date", "version"}, "data": {"abilityWords": [...], "keywordAbilities": [...], "keywordActions": [...]}}
//	CardTypes.json {"meta": {"date", "version"}, "data": {"<card type>": {"subTypes": [...], "superTypes": [...]}, ...}}
//
// meta.date is the date of the file's lists: the newest release they are
// as of (a release recorded from rule pages reads only some lists; the
// others are those of the release before it, as Snapshot.json's
// provenance says list by list); meta.version names this producer and the
// release ("crgen+en.20260925", see Version), not an MTGJSON version. CardTypes has one key per card type of rule 205.2a,
// in lower case as the rules print it; subTypes is the 205.3 list of the
// category whose card types include it (creature and kindred share the
// creature types, instant and sorcery the spell types) or [] when none,
// superTypes is 205.4a's list, for every key, as MTGJSON gives it. Every
// array is sorted (by code point, as MTGJSON sorts), without duplicates,
// and [] rather than null.
//
// Names keep the rules' spelling (the curly apostrophe of "Urza’s",
// "Time Lord", "For Mirrodin!"), except that the lists the rules print in
// lower case and the generated packages title-case (snapshot.Fact
// TitleCase: supertypes, ability words) begin with a capital, as cards
// print them and as MTGJSON lists them ("Basic", "Legendary",
// "Council’s dilemma"); card type keys stay lower case.
//
// A Spanish release has its own card types, supertypes and subtypes, but
// says in Spanish which card types share a subtype list: that is read
// from an English release (EnglishOf) through the Spanish snapshot's
// pairing of card types. No Spanish source names the keywords, so a
// Spanish Keywords.json has three empty lists.
package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/atomicfile"
	"github.com/mtgrules/crgen/internal/snapshot"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// The files Write writes, named as MTGJSON names them.
const (
	KeywordsFile  = "Keywords.json"
	CardTypesFile = "CardTypes.json"
)

// Meta is MTGJSON's meta object.
type Meta struct {
	Date    string `json:"date"`
	Version string `json:"version"`
}

// Keywords is Keywords.json.
type Keywords struct {
	Meta Meta         `json:"meta"`
	Data KeywordLists `json:"data"`
}

// KeywordLists are the data of Keywords.json.
type KeywordLists struct {
	AbilityWords     []string `json:"abilityWords"`
	KeywordAbilities []string `json:"keywordAbilities"`
	KeywordActions   []string `json:"keywordActions"`
}

// CardTypes is CardTypes.json: its data by card type.
type CardTypes struct {
	Meta Meta                `json:"meta"`
	Data map[string]CardType `json:"data"`
}

// CardType is what CardTypes.json says of one card type.
type CardType struct {
	SubTypes   []string `json:"subTypes"`
	SuperTypes []string `json:"superTypes"`
}

// SnapshotFile is the complete file of a release: its snapshot, every
// fact with the rule and release it comes from (provenance), the
// Spanish pairs, the symbols' meanings, the basic land types; the format
// of snapshots/ (schemas/snapshot.schema.json).
const SnapshotFile = "Snapshot.json"

// MTGJSON is the files of one release: MTGJSON's two, Lists.json (the
// lists MTGJSON has no file for), Symbols.json and Snapshot.json.
type MTGJSON struct {
	Keywords  Keywords
	CardTypes CardTypes
	Lists     Lists
	Symbols   Symbols
	Pairs     *Pairs // Spanish only
	Snapshot  *snapshot.Snapshot
}

// Version is meta.version of a release: the producer, then the release
// as build metadata in MTGJSON's manner ("5.2.2+20260925" there,
// "crgen+en.20260925" here), so that nobody mistakes the file for one
// MTGJSON published.
func Version(lang, effective string) string {
	return "crgen+" + lang + "." + strings.ReplaceAll(effective, "-", "")
}

// keywordList is one list of Keywords.json and the fact it holds.
type keywordList struct {
	fact string
	dst  *[]string
}

func (k *KeywordLists) lists() []keywordList {
	return []keywordList{
		{snapshot.FactAbilityWords, &k.AbilityWords},
		{snapshot.FactKeywordAbilities, &k.KeywordAbilities},
		{snapshot.FactKeywordActions, &k.KeywordActions},
	}
}

// Build makes the two files of snapshot s. english is the English
// release that says which card types share each subtype list, for a
// snapshot in another language (EnglishOf finds it); it is not used for
// an English snapshot, which says so itself.
func Build(s, english *snapshot.Snapshot) (*MTGJSON, error) {
	name := s.Lang + "@" + s.Effective
	if _, err := time.Parse(time.DateOnly, s.Effective); err != nil {
		return nil, fmt.Errorf("%s: effective date %q is not a date (YYYY-MM-DD)", name, s.Effective)
	}
	meta := Meta{Date: s.Effective, Version: Version(s.Lang, s.Effective)}
	// MTGJSON's files have no as_of: their meta.date is the date of their
	// lists, the newest they hold.
	keywordsMeta, cardTypesMeta := meta, meta
	keywordsMeta.Date = DateOfLists(s, snapshot.FactAbilityWords, snapshot.FactKeywordAbilities, snapshot.FactKeywordActions)
	cardTypesMeta.Date = DateOfLists(s, snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes)
	out := &MTGJSON{Keywords: Keywords{Meta: keywordsMeta}, CardTypes: CardTypes{Meta: cardTypesMeta}, Lists: buildLists(s, meta), Symbols: buildSymbols(s, english, meta), Pairs: buildPairs(s, meta), Snapshot: s}

	for _, fact := range []string{snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes} {
		if !s.Has(fact) {
			return nil, fmt.Errorf("%s carries no %s (rule %s): CardTypes.json needs a whole release, or a snapshot of rule pages covering 205.2a, 205.3 and 205.4a",
				name, snapshot.FactNamed(fact).Label, s.RuleOf(fact))
		}
	}
	subTypes, ahead, err := subtypesByCardType(s, english)
	if err != nil {
		return nil, err
	}
	superTypes := exported(s, snapshot.FactNamed(snapshot.FactSupertypes), withForms(s, s.Supertypes))
	key := cardTypeKeys(s)
	out.CardTypes.Data = make(map[string]CardType, len(s.CardTypes))
	for _, t := range s.CardTypes {
		out.CardTypes.Data[key[t]] = CardType{SubTypes: sortedIn(s.Lang, withForms(s, subTypes[t])), SuperTypes: slices.Clone(superTypes)}
	}
	for en, names := range ahead {
		if _, ok := out.CardTypes.Data[en]; !ok {
			out.CardTypes.Data[en] = CardType{SubTypes: sortedIn(s.Lang, withForms(s, names)), SuperTypes: slices.Clone(superTypes)}
		}
	}

	for _, field := range out.Keywords.Data.lists() {
		f := snapshot.FactNamed(field.fact)
		names := f.Get(s)
		if len(names) == 0 && s.Lang == "en" && (f.Since == "" || s.Effective >= f.Since) {
			return nil, fmt.Errorf("%s carries no %s (rule %s): Keywords.json needs a whole release, or a snapshot of rule pages covering 207.2c, 701 and 702",
				name, f.Label, s.RuleOf(field.fact))
		}
		*field.dst = exported(s, f, names)
	}
	return out, nil
}

// DateOfLists is the newest release the facts of s are as of (asOf); the
// release's own date when s carries none of them.
func DateOfLists(s *snapshot.Snapshot, facts ...string) string {
	date := ""
	for _, d := range asOf(s, facts...) {
		date = max(date, d)
	}
	if date == "" {
		return s.Effective
	}
	return date
}

// subtypesByCardType gives each card type of s the subtype lists of the
// categories that go with it. Every list must land on a card type of
// 205.2a: one that would be lost says why instead. A Spanish list whose
// card type the Spanish release does not list yet (its 205.3 page ahead
// of its 205.2a) lands in ahead, keyed by the English card type, as
// CardTypes.json keys every language.
func subtypesByCardType(s, enOrNil *snapshot.Snapshot) (out, ahead map[string][]string, err error) {
	name := s.Lang + "@" + s.Effective
	english, from := s, name
	if s.Lang != "en" {
		if english = enOrNil; english == nil || english.Lang != "en" {
			return nil, nil, fmt.Errorf("%s: the card types each subtype list goes with are read from an English release, and none was given", name)
		}
		from = "en@" + english.Effective
	}
	englishOf, err := sharing(english)
	if err != nil {
		return nil, nil, err
	}
	cardTypesOf := englishOf
	if s.Lang != "en" {
		toLang := map[string]string{}
		for _, p := range s.PairingEN[snapshot.FactCardTypes] {
			toLang[p.EN] = p.ES
		}
		cardTypesOf = snapshot.CardTypesOf{}
		for c, types := range englishOf {
			for _, t := range types {
				if es, ok := toLang[t]; ok {
					cardTypesOf[c] = append(cardTypesOf[c], es)
				}
			}
		}
	}
	out, ahead = map[string][]string{}, map[string][]string{}
	for c, names := range s.Subtypes {
		landed := false
		for _, t := range cardTypesOf[c] {
			if slices.Contains(s.CardTypes, t) {
				out[t] = append(out[t], names...)
				landed = true
			}
		}
		if !landed && s.Lang != "en" && len(englishOf[c]) > 0 {
			for _, t := range englishOf[c] {
				ahead[t] = append(ahead[t], names...)
			}
			landed = true
		}
		if !landed {
			if s.Lang != "en" {
				return nil, nil, fmt.Errorf("%s: the %s types (rule %s) go with no card type it lists: %s says they go with %q (subtype_card_types), and the pairing of card types (pairing_en) gives %q",
					name, c, s.SubtypeRules[c], from, englishOf[c], cardTypesOf[c])
			}
			return nil, nil, fmt.Errorf("%s: the %s types (rule %s) go with no card type of rule %s: subtype_card_types gives %q",
				name, c, s.SubtypeRules[c], s.RuleOf(snapshot.FactCardTypes), cardTypesOf[c])
		}
	}
	return out, ahead, nil
}

// sharing is which card types share each subtype list of an English
// snapshot, as it records them (subtype_card_types): the files are
// built from the snapshot alone, never from its rules' text again.
func sharing(en *snapshot.Snapshot) (snapshot.CardTypesOf, error) {
	if len(en.SubtypeCardTypes) == 0 && len(en.Subtypes) > 0 {
		return nil, fmt.Errorf("en@%s records no subtype_card_types (which card types share each subtype list, read from 205.3 with 205.2a): a snapshot scrape writes records them; one of rule pages without 205.2a cannot say", en.Effective)
	}
	return en.SubtypeCardTypes, nil
}

// exported is a list as the files give it: capitalised where cards
// capitalise what the rules print in lower case, sorted as s's language
// sorts, each name once, never nil.
func exported(s *snapshot.Snapshot, f *snapshot.Fact, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		if f.TitleCase {
			n = capitalised(n)
		}
		out[i] = n
	}
	return sortedIn(s.Lang, out)
}

// sortedIn sorts names as a reader of lang does: English by code point,
// as MTGJSON sorts; Spanish by Spanish collation (golang.org/x/text/
// collate: "Ácaro" beside "Abeja", not after "Zubera"). Each name once,
// never nil.
func sortedIn(lang string, names []string) []string {
	out := slices.Clone(names)
	if out == nil {
		out = []string{}
	}
	if lang == "es" {
		c := collate.New(language.Spanish)
		slices.SortStableFunc(out, func(a, b string) int { return c.CompareString(a, b) })
	} else {
		slices.Sort(out)
	}
	return slices.Compact(out)
}

// withForms adds to names the other forms cards print of each (Spanish
// "Legendaria" beside the rules' "Legendario", "Básica" beside
// "Básico"), so that a reader of card type lines finds every form.
func withForms(s *snapshot.Snapshot, names []string) []string {
	out := slices.Clone(names)
	for _, n := range names {
		out = append(out, s.Forms[n]...)
	}
	return out
}

// cardTypeKeys are the keys of CardTypes.json: each card type's English
// name, lower case, as MTGJSON keys them, so that a reader written for
// MTGJSON finds "creature" in every language; a card type the Spanish
// pairing does not pair keeps its own name.
func cardTypeKeys(s *snapshot.Snapshot) map[string]string {
	out := map[string]string{}
	for _, t := range s.CardTypes {
		out[t] = t
	}
	if s.Lang != "en" {
		for _, p := range s.PairingEN[snapshot.FactCardTypes] {
			if _, ok := out[p.ES]; ok && p.EN != "" {
				out[p.ES] = p.EN
			}
		}
	}
	return out
}

// capitalised upper-cases the first letter only, as the generated
// packages do ("council’s dilemma" → "Council’s dilemma").
func capitalised(s string) string {
	for _, r := range s {
		return strings.ToUpper(string(r)) + s[len(string(r)):]
	}
	return s
}

// EnglishOf returns the English release of store that says which card
// types share each subtype list of s: the release of the same effective
// date, else the newest before it. A release that does not say it (a
// rule page of 205.3 alone, without the card types of 205.2a) is passed
// over for the one before.
func EnglishOf(store snapshot.Store, s *snapshot.Snapshot) (*snapshot.Snapshot, error) {
	dir := filepath.Dir(store.HistoryPath("en", s.Effective))
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	var dates []string
	for _, e := range entries {
		date, ok := strings.CutSuffix(e.Name(), ".json")
		if _, err := time.Parse(time.DateOnly, date); ok && err == nil && date <= s.Effective {
			dates = append(dates, date)
		}
	}
	slices.Sort(dates)
	for _, date := range slices.Backward(dates) {
		en, err := snapshot.Load(store.HistoryPath("en", date))
		if err != nil {
			return nil, err
		}
		if shared, err := sharing(en); err == nil && len(shared) > 0 {
			return en, nil
		}
	}
	return nil, fmt.Errorf("%s@%s: no English release of %s or before in %s says which card types share each subtype list (subtype_card_types, read from an English release's 205.3): the Spanish rules do not say it; import or scrape the English release first",
		s.Lang, s.Effective, s.Effective, dir)
}

// File is one file of a release: its name and bytes.
type File struct {
	Name string
	Data []byte
}

// Files are the files of the release, as Write writes them, in this
// order: Keywords.json, CardTypes.json (MTGJSON's shapes), Lists.json,
// Symbols.json, Pairs.json (Spanish only), Snapshot.json (this
// project's), and NOTICE, which the data travels with.
func (m *MTGJSON) Files() ([]File, error) {
	var out []File
	all := []struct {
		name string
		v    any
	}{{KeywordsFile, m.Keywords}, {CardTypesFile, m.CardTypes}, {ListsFile, m.Lists}, {SymbolsFile, m.Symbols}, {PairsFile, m.Pairs}, {SnapshotFile, m.Snapshot}}
	for _, f := range all {
		if f.name == PairsFile && m.Pairs == nil {
			continue
		}
		var b []byte
		var err error
		if f.name == SnapshotFile {
			b, err = snapshot.Marshal(m.Snapshot)
		} else {
			b, err = snapshot.MarshalFile(f.v)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		out = append(out, File{f.name, b})
	}
	return append(out, File{crgen.NoticeFile, []byte(crgen.Notice)}), nil
}

// Write writes the release's files into dir, creating it if need be. All
// are built before any is written, each is replaced whole or not at all,
// and a file whose bytes are unchanged is left alone. It returns the
// paths it changed.
func Write(dir string, m *MTGJSON) (changed []string, err error) {
	files, err := m.Files()
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("%s is a file: export writes into a directory", dir)
	}
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		ok, err := atomicfile.Write(path, f.Data)
		if err != nil {
			return changed, err
		}
		if ok {
			changed = append(changed, path)
		}
	}
	return changed, nil
}

// ReadKeywords decodes a Keywords.json, refusing fields MTGJSON's shape
// does not have.
func ReadKeywords(data []byte) (*Keywords, error) { return readStrict[Keywords](data) }

// ReadCardTypes decodes a CardTypes.json, refusing fields MTGJSON's
// shape does not have.
func ReadCardTypes(data []byte) (*CardTypes, error) { return readStrict[CardTypes](data) }

// readStrict decodes one file of the export into a T, refusing fields its
// shape does not have and anything after the value.
func readStrict[T any](data []byte) (*T, error) {
	var v T
	if err := strict(data, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("data after the JSON value")
	}
	return nil
}
