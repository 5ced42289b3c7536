package conformance

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/keyword"
)

// seenVerbs are keyword actions of rule 701 that neither MTGJSON nor
// Scryfall lists, so their agreement says nothing of them: the verb a
// person reads as the card's instruction when it opens a clause.
var seenVerbs = map[string]keyword.Action{
	"Sacrifice": keyword.ActionSacrifice,
	"Discard":   keyword.ActionDiscard,
	"Exile":     keyword.ActionExile,
	"Destroy":   keyword.ActionDestroy,
	"Create":    keyword.ActionCreate,
}

// seenAction is a verb that opens a clause of a card's text, found
// without the reader: where it stands in the text and which action it is.
type seenAction struct {
	offset int
	action keyword.Action
	verb   string
}

// actionsSeen finds, as a person reads a card, the clauses that open
// with one of seenVerbs: the beginning of a line, of a sentence, of what
// follows an activated ability's colon or a dash, a bullet's mode, after
// "Then" ("Then sacrifice it"). Reminder text in parentheses is left
// out. It shares nothing with the reader: a plain scan of the text.
func actionsSeen(text string) []seenAction {
	var out []seenAction
	depth := 0
	opens := true      // a clause opens at the start of the text
	afterThen := false // "Then sacrifice it": lower case after Then
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '(':
			depth++
		case r == ')':
			if depth > 0 {
				depth--
			}
		case depth > 0:
		case r == '\n' || r == '.' || r == ':' || r == '—' || r == '•' || r == ';':
			opens, afterThen = true, false
		case unicode.IsLetter(r):
			j := i
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if !unicode.IsLetter(r2) {
					break
				}
				j += s2
			}
			word := text[i:j]
			if opens && (word == "Then" || word == "then") {
				i, afterThen = j, true
				continue // the clause opens after it
			}
			if a, ok := seenVerbs[upperFirst(word)]; ok && opens && (afterThen || word == upperFirst(word)) && !headsLine(text[i:]) {
				out = append(out, seenAction{i, a, word})
			}
			opens, afterThen = false, false
			i = j
			continue
		case r == ',' || unicode.IsSpace(r):
			// a clause goes on past spaces; a comma after "Then" keeps it open
		default:
			opens, afterThen = false, false
		}
		i += size
	}
	return out
}

// headsLine reports whether the words at the start of rest are a
// heading, a flavor or ability word before a dash ("Create Undead —
// Whenever ..."), which a person does not read as an instruction.
func headsLine(rest string) bool {
	line, _, _ := strings.Cut(rest, "\n")
	head, _, ok := strings.Cut(line, "—")
	return ok && !strings.ContainsAny(head, ".:,{")
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func TestActionsSeenScan(t *testing.T) {
	for text, want := range map[string][]string{
		"Sacrifice a creature: Draw a card.":                            {"Sacrifice"},
		"Flying\nWhen this enters, exile target creature.":              nil,
		"{T}: Exile target card from a graveyard. Then sacrifice this.": {"Exile", "sacrifice"},
		"• Fight Crime — Destroy target artifact.":                      {"Destroy"},
		"Cumulative upkeep—Sacrifice a land.":                           {"Sacrifice"},
		"Create a Treasure token. (Sacrifice it: Add one mana.)":        {"Create"},
		"Each player sacrifices a creature.":                            nil,
		"Create Undead — Whenever you complete a dungeon, draw a card.": nil,
	} {
		var got []string
		for _, s := range actionsSeen(text) {
			got = append(got, s.verb)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%q: seen %q, want %q", text, got, want)
		}
	}
}

// The reader finds every keyword action a person sees a card perform
// (a clause opening with "Sacrifice", "Discard", "Exile", "Destroy",
// "Create"), the actions MTGJSON and Scryfall do not list and their
// comparisons cannot show missed: on every face of both corpora, read
// as each comparison reads it, each such verb is a Found action of its
// name at that offset that the card performs (UseHas).
func TestActionsAPersonSees(t *testing.T) {
	for _, c := range cardTexts(t) {
		r := kwReader(t, c.asOf)
		var found []keyword.Found
		seen, missed := 0, 0
		for _, fc := range c.faces {
			text := fc.text
			r.Name = fc.name
			found = r.Append(found[:0], text)
			for _, s := range actionsSeen(text) {
				seen++
				ok := false
				for _, k := range found {
					if k.Kind == keyword.KindAction && k.Action == s.action && k.Offset == s.offset && k.Use == keyword.UseHas {
						ok = true
					}
				}
				if !ok {
					missed++
					line := text[strings.LastIndexByte(text[:s.offset], '\n')+1:]
					line, _, _ = strings.Cut(line, "\n")
					t.Errorf("%s %s: %q is not read as the action %v the card performs, in %q", c.name, fc.key, s.verb, s.action, line)
				}
			}
		}
		t.Logf("%s: %d clauses opening with an action a person sees, %d missed", c.name, seen, missed)
		if seen == 0 {
			t.Errorf("%s: no clause opens with %v: the scan sees nothing", c.name, seenVerbs)
		}
	}
}

// faceText is a face of a corpus of card texts, with what the reader
// reads it by.
type faceText struct{ key, name, text string }

// corpusText is a corpus of card texts as its comparison reads it: the
// 2022 faces as of MTGJSON's day, those of 2023-2026 as of the newest
// release the keywords were read from.
type corpusText struct {
	name, asOf string
	faces      []faceText
}

// eachLine calls each with every line of every face of c, read alone as
// the corpus's comparison reads its faces (what each gets is reused by
// the next call).
func (c corpusText) eachLine(t *testing.T, each func(f faceText, line string, found []keyword.Found)) {
	t.Helper()
	var found []keyword.Found
	r := kwReader(t, c.asOf)
	for _, f := range c.faces {
		r.Name = f.name
		for line := range strings.SplitSeq(f.text, "\n") {
			found = r.Append(found[:0], line)
			each(f, line, found)
		}
	}
}

func cardTexts(t testing.TB) []corpusText {
	t.Helper()
	old := corpusText{name: "cards-text", asOf: mtgjsonDate}
	for _, f := range textFaces(t) {
		old.faces = append(old.faces, faceText{f.key(), f.faceName(), f.Text})
	}
	recent := corpusText{name: "cards-text-new", asOf: keyword.AbilityList().AsOf}
	for _, f := range newFaces(t) {
		recent.faces = append(recent.faces, faceText{f.key(), f.faceName(), f.Text})
	}
	return []corpusText{old, recent}
}

// Every word of a keyword line is in what the reader gives: each keyword
// ability's span covers its name and every parameter it prints ("Craft
// with a Dinosaur, a Merfolk, a Pirate, and a Vampire {4}", "Exhaust —
// {T}, Pay 1 life: Draw a card."), so that on the faces of both corpora
// the only words of a keyword line outside every span are reminder text
// and a sentence of the last ability's own ("Kicker {X}. X can't be 0.",
// "Crew 1. Activate only once each turn."); what its variable is
// ("Firebending X, where X is this creature's power.") is in its span.
func TestKeywordLinesReadWhole(t *testing.T) {
	for _, c := range cardTexts(t) {
		lines := 0
		c.eachLine(t, func(f faceText, line string, fs []keyword.Found) {
			if len(fs) == 0 || fs[0].Kind != keyword.KindAbility || fs[0].Offset != 0 || fs[0].Reminder {
				return // no keyword line
			}
			lines++
			covered := make([]bool, len(line))
			last := 0
			for _, k := range fs {
				if k.Kind == keyword.KindAbility && !k.Reminder {
					for i := k.Offset; i < k.End; i++ {
						covered[i] = true
					}
					last = max(last, k.End)
				}
			}
			depth := 0
			for i := 0; i < len(line); i++ {
				switch b := line[i]; {
				case b == '(':
					depth++
				case b == ')' && depth > 0:
					depth--
				case depth == 0 && !covered[i] && !strings.ContainsRune(" ,;.", rune(b)):
					if i < last || !strings.Contains(line[last:i], ".") {
						t.Errorf("%s: %s: %q: %q is in no keyword read (%v)", c.name, f.key, line, line[i:], fs)
					}
					i = len(line)
				}
			}
		})
		t.Logf("%s: %d keyword lines read whole", c.name, lines)
		if lines == 0 {
			t.Errorf("%s: no keyword line", c.name)
		}
	}
}

// No flavor word (207.2d) or mode's name heading a line is read as a
// keyword: on the faces of both corpora, a keyword found in the words
// before a line's first long dash ("Fear Gas — ...", "• Fight Crime —
// ...") is an ability word the rules list (207.2c) or a keyword ability
// whose form writes that dash ("Exhaust — [Cost]: [Effect]",
// "Companion—[Condition]").
func TestNoFlavorWordIsAKeyword(t *testing.T) {
	for _, c := range cardTexts(t) {
		heads := 0
		c.eachLine(t, func(f faceText, line string, fs []keyword.Found) {
			head := strings.TrimPrefix(line, "• ")
			end := strings.Index(head, " — ")
			if end < 0 {
				return
			}
			heads++
			from := len(line) - len(head)
			for _, k := range fs {
				if k.Offset < from || k.Offset >= from+end || k.Kind == keyword.KindAbilityWord ||
					k.Kind == keyword.KindAbility && k.Offset == from && strings.Contains(k.Form, "—") {
					continue
				}
				t.Errorf("%s: %s: %q: %s %q, read in the words heading the line", c.name, f.key, line, k.Kind, k.Printed)
			}
		})
		t.Logf("%s: %d lines headed by words and a long dash", c.name, heads)
		if heads == 0 {
			t.Errorf("%s: no line headed by words and a long dash", c.name)
		}
	}
}
