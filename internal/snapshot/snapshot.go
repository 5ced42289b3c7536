// Package snapshot is the data model of the facts extracted from the
// Comprehensive Rules, and its canonical JSON form.
//
// Canonical means: stable key order, lists in rule order, two-space indent,
// a trailing newline, no fetch time. An unchanged source therefore gives a
// byte-identical file, and every diff of a snapshot is a real change.
package snapshot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Snapshot is what one language's rules say, as of one effective date.
type Snapshot struct {
	Lang      string `json:"lang"`
	Effective string `json:"effective"`
	// Partial is set when the sources cover only some rules (a rule page);
	// Covers then lists those rules (205.2a, 205.3, 205.4a, 107.4). A full
	// CR release leaves both empty.
	Partial bool     `json:"partial,omitempty"`
	Covers  []string `json:"covers,omitempty"`
	Sources []Source `json:"sources"`

	CardTypes  []string `json:"card_types,omitempty"`
	Supertypes []string `json:"supertypes,omitempty"`
	Subtypes   Subtypes `json:"subtypes,omitempty"`
	// SubtypeRules names the subrule each category is listed in ("205.3m").
	SubtypeRules   RuleRefs     `json:"subtype_rules,omitempty"`
	BasicLandTypes []string     `json:"basic_land_types,omitempty"`
	ManaSymbols    []ManaSymbol `json:"mana_symbols,omitempty"`
	// Lists holds the facts of the registry that are plain lists of names
	// and have no field of their own (the keyword lists), by fact name.
	Lists map[string][]string `json:"lists,omitempty"`
	// Relations ties the names of a list to a word the rules give each,
	// by fact name: each step to its phase ("untap" → "beginning"), each
	// colour to its letter of 107.4 ("white" → "W").
	Relations map[string]map[string]string `json:"relations,omitempty"`
	// Tokens are the predefined tokens (111.10), in rule order.
	Tokens []Token `json:"tokens,omitempty"`
	// KeywordForms are the forms of each keyword ability as its own rule
	// writes them ("Ward [cost]", "Protection from [quality]", "[type]walk",
	// "Equip planeswalker [cost]"), by the ability's name, in rule order;
	// an ability whose rule writes none is written as its name alone.
	KeywordForms KeywordForms `json:"keyword_forms,omitempty"`
	// KeywordActionForms are the forms of each keyword action its own rule
	// writes with parameters ("scry N", "amass [subtype] N", "Behold a
	// [quality]"), by the action's name, in rule order; an action printed
	// with nothing after its verb has none.
	KeywordActionForms KeywordForms `json:"keyword_action_forms,omitempty"`
	// KeywordDesignations are the designations a keyword (ability or
	// action) gives, as its subrules name them ("suspected", 701.60b;
	// "plotted", 702.170a), by the keyword's name.
	KeywordDesignations KeywordForms `json:"keyword_designations,omitempty"`
	// KeywordActionThrough are the keyword actions each keyword action's
	// rule defines it through, by the action's name: another action whose
	// verb opens a sentence of its meaning as an instruction ("“Manifest
	// dread” means “Look at ... Manifest one of them, then ...”", 701.62a:
	// Manifest), each with that subrule. A card that does the one does
	// the other.
	KeywordActionThrough KeywordForms `json:"keyword_action_through,omitempty"`
	// SubtypeCardTypes names, per category, the card types whose subtypes
	// it lists, as the first sentence of its subrule says ("Creatures and
	// kindreds share their lists of subtypes" → creature, kindred). Read
	// from the English rules only.
	SubtypeCardTypes CardTypesOf `json:"subtype_card_types,omitempty"`
	// SubtypeChoiceRule is the subrule of 205.3 saying that a subtype
	// chosen is of one category only ("205.3e"); empty in an English
	// release that does not say it (before 2010-02-01) and in Spanish.
	SubtypeChoiceRule string `json:"subtype_choice_rule,omitempty"`
	Rules             Rules  `json:"rules"`

	// Provenance says, for a snapshot merged from several sources, which
	// source each fact came from.
	Provenance map[string]Provenance `json:"provenance,omitempty"`
	// PairingEN pairs each Spanish subtype (keyed by category), card type
	// and supertype (keyed card_types, supertypes) with its English entry.
	PairingEN Pairing `json:"pairing_en,omitempty"`
	// Forms lists other printed forms of a name (Spanish gender: básico,
	// básica).
	Forms map[string][]string `json:"forms,omitempty"`
}

// Token is one predefined token of 111.10: what its sentence says it is.
type Token struct {
	Name string `json:"name"` // "Treasure", "Cursed Role"
	Rule string `json:"rule"` // its subrule: "111.10a"
	// Faces are its faces: one, or two for a double-faced token
	// (Incubator's front and back).
	Faces []TokenFace `json:"faces"`
}

// validate checks what a token of a pull request or a user's hand must
// hold for the generator: one or two faces, each of card types, every
// word a name.
func (t Token) validate() error {
	if len(t.Faces) == 0 || len(t.Faces) > 2 {
		return fmt.Errorf("%d faces: a token has one or two", len(t.Faces))
	}
	for _, f := range t.Faces {
		if len(f.CardTypes) == 0 {
			return fmt.Errorf("a face without card types")
		}
		for _, w := range slices.Concat(f.Colors, f.Supertypes, f.CardTypes, f.Subtypes, f.Abilities) {
			if !isName(w) {
				return fmt.Errorf("%q is no word of a face: valid UTF-8, not empty, without control characters or surrounding spaces", w)
			}
		}
		if f.Name != "" && !isName(f.Name) || f.Power != "" && !isName(f.Power) || f.Toughness != "" && !isName(f.Toughness) {
			return fmt.Errorf("the face's name, power or toughness (%q, %q, %q) is no word", f.Name, f.Power, f.Toughness)
		}
	}
	return nil
}

// TokenFace is what the rules say of one face of a predefined token, its
// words as the rules print them.
type TokenFace struct {
	Name       string   `json:"name,omitempty"` // "Walker", when named
	Colors     []string `json:"colors"`         // "black"; none: colorless
	Supertypes []string `json:"supertypes,omitempty"`
	CardTypes  []string `json:"card_types"`         // "artifact", "creature"
	Subtypes   []string `json:"subtypes,omitempty"` // "Zombie", "Aura", "Role"
	// Power and toughness, as printed ("2", "0"), for a creature.
	Power     string `json:"power,omitempty"`
	Toughness string `json:"toughness,omitempty"`
	// Abilities are its abilities as the rules print them: a keyword
	// ("enchant creature"), a quoted ability without its quotes ("{T},
	// Sacrifice this token: Add one mana of any color.").
	Abilities []string `json:"abilities,omitempty"`
}

// Source is one document a snapshot was extracted from.
type Source struct {
	ID        string `json:"id"`
	URL       string `json:"url"`
	SHA256    string `json:"sha256"`
	Format    string `json:"format"` // as sources.json declares it (internal/sources)
	Effective string `json:"effective,omitempty"`
}

// FormatCRText is the Format of the official whole-document TXT: a
// release read from one is whole, not from rule pages.
const FormatCRText = "cr-txt"

// Provenance names the source of one fact.
type Provenance struct {
	Source    string `json:"source"`
	Effective string `json:"effective"`
	Rule      string `json:"rule"`
	// Rules are the other rules it is read from, for a fact read from
	// several (the steps: 501.1, 506.1, 512.1).
	Rules []string `json:"rules,omitempty"`
	// Curated is set when no rules source covers the fact and it comes
	// from a hand-curated file.
	Curated bool `json:"curated,omitempty"`
}

// ManaSymbol is one symbol of rule 107.4 and the group the rule puts it in.
type ManaSymbol struct {
	Symbol string `json:"symbol"`
	Group  string `json:"group"`
	// GroupWords are the words the release's own 107.4 names its group by
	// ("hybrid symbols", "símbolos híbridos"); "" where not read.
	GroupWords string `json:"group_words,omitempty"`
	// Meaning is what the rules say the symbol is, read from an English
	// release (107.4's subrules and the mana value rules of 202.3); nil
	// for a numeric symbol (any number), in Spanish, and where the source
	// holds 107.4 without the rules its meaning comes from.
	Meaning *Meaning `json:"meaning,omitempty"`
}

// CardTypesOf maps a subtype category to the card types it goes with.
type CardTypesOf map[string][]string

// MarshalJSON writes categories in rule order.
func (c CardTypesOf) MarshalJSON() ([]byte, error) { return marshalOrdered(c, categoryLess) }

// IsSymbol reports whether s is written as a mana symbol: braces around
// capitals and digits, in parts split by slashes ("{W/P}").
func IsSymbol(s string) bool {
	body, open := strings.CutPrefix(s, "{")
	body, closed := strings.CutSuffix(body, "}")
	if !open || !closed || body == "" {
		return false
	}
	for part, rest, more := "", body, true; more; {
		if part, rest, more = strings.Cut(rest, "/"); part == "" || strings.Trim(part, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			return false
		}
	}
	return true
}

// Pair is a Spanish name and the English name it translates.
type Pair struct {
	ES string `json:"es"`
	EN string `json:"en"`
}

// Subtypes maps a category to its names in rule order.
type Subtypes map[string][]string

// Pairing maps a category to its Spanish–English pairs in rule order.
type Pairing map[string][]Pair

// RuleRefs maps a category to the rule that lists it.
type RuleRefs map[string]string

// MarshalJSON writes categories in rule order.
func (r RuleRefs) MarshalJSON() ([]byte, error) { return marshalOrdered(r, categoryLess) }

// Rules maps a rule number to its text.
type Rules map[string]string

// MarshalJSON writes categories in rule order (artifact ... battle) rather
// than alphabetically, so the file reads like rule 205.3.
func (s Subtypes) MarshalJSON() ([]byte, error) { return marshalOrdered(s, categoryLess) }

// MarshalJSON writes categories in rule order.
func (p Pairing) MarshalJSON() ([]byte, error) { return marshalOrdered(p, categoryLess) }

// MarshalJSON writes rules in numeric order (205.3 before 205.3a before 205.4).
func (r Rules) MarshalJSON() ([]byte, error) { return marshalOrdered(r, RuleLess) }

func marshalOrdered[V any](m map[string]V, less func(a, b string) bool) ([]byte, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		// Keys less calls alike ("205.3" and "205.03") keep an order of
		// their own: map order would give two files for one snapshot.
		return strings.Compare(a, b)
	})
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := encodeNoEscape(&buf, k); err != nil {
			return nil, err
		}
		buf.WriteByte(':')
		if err := encodeNoEscape(&buf, m[k]); err != nil {
			return nil, err
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func encodeNoEscape(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	return nil
}

// RuleLess orders rule numbers as the rules do: by section, then by number,
// then by subrule letter, the rule itself before its subrules.
func RuleLess(a, b string) bool {
	sa, na, la := splitRule(a)
	sb, nb, lb := splitRule(b)
	if sa != sb {
		return sa < sb
	}
	if na != nb {
		return na < nb
	}
	return la < lb
}

func splitRule(r string) (section, number int, letter string) {
	head, tail, _ := strings.Cut(r, ".")
	section, _ = strconv.Atoi(head)
	i := 0
	for i < len(tail) && tail[i] >= '0' && tail[i] <= '9' {
		i++
	}
	number, _ = strconv.Atoi(tail[:i])
	return section, number, tail[i:]
}

// Marshal returns the canonical JSON form of s.
func Marshal(s *Snapshot) ([]byte, error) { return MarshalFile(s) }

// MarshalFile is how every JSON file the project writes is encoded (a
// snapshot, printed.json, renames.json, sources.json, an exported list):
// two-space indent, characters as they are (no \u escapes of <, > and
// &), a final newline; the same bytes for the same value.
func MarshalFile(v any) ([]byte, error) {
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	// Indented once into one buffer (the encoder's own indenting grows two
	// buffers a doubling at a time): a release's snapshot is a few hundred
	// kilobytes. json.Indent first asks for room for twice its input
	// (indented, a snapshot is about 1.3 times as long): a buffer any
	// smaller would be copied once more.
	out := bytes.NewBuffer(make([]byte, 0, 2*compact.Len()))
	if err := json.Indent(out, compact.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Unmarshal parses a snapshot and checks that it is well formed.
func Unmarshal(data []byte) (*Snapshot, error) {
	var s Snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Load reads and validates the snapshot file at path.
func Load(path string) (*Snapshot, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Validate checks the invariants every snapshot keeps.
func (s *Snapshot) Validate() error {
	if s.Lang == "" {
		return fmt.Errorf("snapshot has no lang")
	}
	if len(s.Effective) != len("2006-01-02") || s.Effective[4] != '-' || s.Effective[7] != '-' {
		return fmt.Errorf("snapshot effective date %q is not YYYY-MM-DD", s.Effective)
	}
	if len(s.Sources) == 0 {
		return fmt.Errorf("snapshot %s@%s names no source", s.Lang, s.Effective)
	}
	for c, names := range s.Subtypes {
		if words, ok := UnnamedWords(c); ok {
			return fmt.Errorf("snapshot %s@%s: the subtype list of rule %s (%q) names no category this project knows: it is named by pairing with the English release of the same date, which lists a category in the same subrule", s.Lang, s.Effective, s.SubtypeRules[c], words)
		}
		if !IsCategory(c) {
			return fmt.Errorf("snapshot %s@%s: %q (rule %s) is not a subtype category: a category is one lower-case English word", s.Lang, s.Effective, c, s.SubtypeRules[c])
		}
		if len(names) == 0 {
			return fmt.Errorf("snapshot %s@%s: subtype category %q is empty", s.Lang, s.Effective, c)
		}
	}
	for k := range s.PairingEN {
		if !IsCategory(k) && k != FactCardTypes && k != FactSupertypes {
			return fmt.Errorf("snapshot %s@%s: pairing of unknown list %q", s.Lang, s.Effective, k)
		}
	}
	for k := range s.Lists {
		if f := FactNamed(k); f == nil || !f.inLists || len(s.Lists[k]) == 0 {
			return fmt.Errorf("snapshot %s@%s: lists holds %q, which is no list of the registry", s.Lang, s.Effective, k)
		}
	}
	for _, f := range Registry {
		for _, n := range f.Get(s) {
			if !isName(n) {
				return fmt.Errorf("snapshot %s@%s: %s (rule %s) holds %q, which is no name: a name is valid UTF-8, not empty, without control characters or surrounding spaces", s.Lang, s.Effective, f.Label, s.RuleOf(f.Name), n)
			}
		}
	}
	for c, types := range s.SubtypeCardTypes {
		for _, n := range types {
			if !isName(n) {
				return fmt.Errorf("snapshot %s@%s: the card types that share the %s types hold %q, which is no name: a name is valid UTF-8, not empty, without control characters or surrounding spaces", s.Lang, s.Effective, c, n)
			}
		}
	}
	if err := s.validateForms(); err != nil {
		return err
	}
	for _, t := range s.Tokens {
		if err := t.validate(); err != nil {
			return fmt.Errorf("snapshot %s@%s: the predefined token %q (rule %s): %v", s.Lang, s.Effective, t.Name, t.Rule, err)
		}
	}
	for k, rel := range s.Relations {
		names := map[string]bool{}
		if f := FactNamed(k); f != nil && f.Relation != nil && !f.Relation.SameName {
			for _, n := range f.Get(s) {
				names[n] = true
			}
		}
		for n, w := range rel {
			if !names[n] || !isName(w) {
				return fmt.Errorf("snapshot %s@%s: relations of %q tie %q to %q: each name of a list with a relation is tied to a word", s.Lang, s.Effective, k, n, w)
			}
		}
	}
	return s.validateSymbols()
}

// validateSymbols checks each mana symbol's group, its words and its
// colours.
func (s *Snapshot) validateSymbols() error {
	for _, m := range s.ManaSymbols {
		if !IsManaGroup(m.Group) {
			return fmt.Errorf("snapshot %s@%s: mana symbol %s has a group %q that is not lower-case words joined by underscores", s.Lang, s.Effective, m.Symbol, m.Group)
		}
		if m.GroupWords != "" && !isName(m.GroupWords) {
			return fmt.Errorf("snapshot %s@%s: mana symbol %s: the words of its group, %q, are no words: valid UTF-8, not empty, without control characters or surrounding spaces", s.Lang, s.Effective, m.Symbol, m.GroupWords)
		}
		if m.Meaning != nil {
			if err := m.Meaning.Colors.check(); err != nil {
				return fmt.Errorf("snapshot %s@%s: mana symbol %s: %v", s.Lang, s.Effective, m.Symbol, err)
			}
		}
	}
	return nil
}

// isName reports whether n can be a name of a list: extraction never
// yields anything else, but a snapshot may come from a pull request or
// a user's hand (an empty name became an empty entry of an exported file).
func isName(n string) bool {
	if n == "" || !utf8.ValidString(n) || strings.TrimSpace(n) != n {
		return false
	}
	return !strings.ContainsFunc(n, unicode.IsControl)
}

// ListRule names the rule that lists key in s ("205.3m", "205.2a"; in
// 2009 "204.3k", "204.2a").
func (s *Snapshot) ListRule(key string) string {
	if IsCategory(key) {
		return s.SubtypeRules[key]
	}
	if key == FactBasicLands {
		return s.SubtypeRules["land"]
	}
	return s.RuleOf(key)
}

// RuleOf names the rule s reads a fact from, as its release numbers it:
// what its provenance records, else today's number.
func (s *Snapshot) RuleOf(fact string) string {
	if p, ok := s.Provenance[fact]; ok && p.Rule != "" {
		return p.Rule
	}
	if f := FactNamed(fact); f != nil {
		return f.Rule
	}
	return ""
}

// FactOfRule names the fact group rule n of s belongs to (subtypes for
// 205.3m, mana symbols for 107.4b, keyword abilities for 702.2), or ""
// for a rule no fact comes from.
func (s *Snapshot) FactOfRule(n string) string {
	for _, f := range Registry {
		if f.Group != "" {
			continue // its rules are its group's
		}
		if ownedBy(n, s.RuleOf(f.Name), f.Read) {
			return f.Name
		}
		for _, r := range s.Provenance[f.Name].Rules {
			if ownedBy(n, r, f.Read) {
				return f.Name
			}
		}
	}
	return ""
}

// ownedBy reports whether rule n belongs to a fact read from rule r: r
// itself, its subrules when r has no letter, the titles of a section and
// their subrules (those a keyword ability's forms are read from, 702.21a).
func ownedBy(n, r string, read Reading) bool {
	if n == r {
		return true
	}
	rest, ok := strings.CutPrefix(n, r)
	switch {
	case !ok:
	case read == SectionTitles && strings.HasPrefix(rest, "."):
		title := strings.TrimRight(rest[1:], "abcdefghijklmnopqrstuvwxyz")
		return title != "" && strings.Trim(title, "0123456789") == "" && len(rest)-1-len(title) <= 1 // 702.2, 702.21a
	case len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z' && r[len(r)-1] >= '0' && r[len(r)-1] <= '9':
		return true
	}
	return false
}

// Carries reports whether the snapshot says anything about list, a subtype
// category or a fact name. Subtype categories and the basic land types
// come with rule 205.3: a release that carries 205.3 but lists no battle
// types (or names no basic land types, as before 2022-09) says there are
// none, while a rule page of another rule says nothing about them. A
// whole release says what every list is: one it lacks has no names in
// it (the keyword counters before 2020-04-17), so that the release a
// list first appears in adds its names, and one that drops a list
// removes them.
func (s *Snapshot) Carries(list string) bool {
	if s.Whole() {
		return true
	}
	if IsCategory(list) || list == FactBasicLands {
		return s.Has(FactSubtypes)
	}
	return s.Has(list)
}

// Whole reports whether s was read from a whole release, the official
// TXT (alone or with rule pages of the same release), rather than from
// rule pages only.
func (s *Snapshot) Whole() bool {
	return slices.ContainsFunc(s.Sources, func(src Source) bool { return src.Format == FormatCRText })
}

// Has reports whether the snapshot carries the named fact.
func (s *Snapshot) Has(fact string) bool {
	if fact == FactSubtypes {
		return len(s.Subtypes) > 0
	}
	f := FactNamed(fact)
	return f != nil && len(f.Get(s)) > 0
}

// SameFacts reports whether a and b say the same thing: the same lists,
// pairing and rule text, whatever their sources and provenance. A refreshed
// source whose facts did not change must not rewrite a snapshot.
func SameFacts(a, b *Snapshot) bool {
	strip := func(s *Snapshot) string {
		c := *s
		c.Sources, c.Provenance = nil, nil
		j, err := Marshal(&c)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(j)
	}
	return strip(a) == strip(b)
}

// SHA256 is the digest snapshots record of a document (Source.SHA256) and
// the generated files record of a snapshot: lower-case hex.
func SHA256(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}
