package extract

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The forms of the keyword actions, each read from the subrules of its
// own rule (701): what a card prints with its parameters, quoted as what
// something means ("To “scry N” means", "“Behold a [quality]” means") or
// unquoted after "to" ("To amass [subtype] N means", "To incubate N,
// create", "instruct a permanent to endure N."). An action printed with
// nothing after its verb ("Investigate", "forage") has no form but its
// name, which the reader matches in any verb form.

// readActionForms reads the forms of each keyword action of names (each
// read from the rule of the same index of from) in the subrules of its
// rule.
func readActionForms(rules []crtext.Rule, names, from []string, f *Facts) {
	of := make(map[string][]int, len(from))
	for i, r := range from {
		of[r] = append(of[r], i)
	}
	forms := make([][]snapshot.KeywordForm, len(names))
	for k := range rules {
		r := &rules[k]
		if !hasLetter(r.Number) {
			continue
		}
		for _, i := range of[r.Number[:len(r.Number)-1]] {
			add := func(phrase string) {
				phrase = formOf(phrase, names[i])
				if !hasPrefixFold(phrase, names[i]) || !hasParam(phrase[len(names[i]):]) || slices.ContainsFunc(forms[i], func(k snapshot.KeywordForm) bool { return strings.EqualFold(k.Form, phrase) }) {
					return
				}
				forms[i] = append(forms[i], snapshot.KeywordForm{Form: phrase, Rule: r.Number})
				f.Rules[r.Number] = r.Text
			}
			eachDefined(r.Text, add)
			eachAfterTo(r.Text, names[i], add)
			designations(r, names[i], f)
			through(r, names, i, f)
		}
	}
	for i, fs := range forms {
		if len(fs) > 0 {
			if f.ActionForms == nil {
				f.ActionForms = snapshot.KeywordForms{}
			}
			f.ActionForms[names[i]] = fs
		}
	}
}

// designations records the designations a keyword's subrule names: "X
// is a designation" ("Suspected is a designation a permanent can have",
// 701.60b; "Ring-bearer is a designation", 701.54b), and a word of the
// keyword's own stem something becomes ("It becomes a plotted card",
// 702.170a; "becomes harnessed", 701.64a). Cards print them as statuses
// ("suspected creatures", "it becomes plotted"), not as the keyword.
func designations(r *crtext.Rule, name string, f *Facts) {
	add := func(word string) {
		word = strings.TrimPrefix(strings.TrimPrefix(word, "The "), "the ")
		if word == "" || strings.ContainsAny(word, ",;:“”\"") || strings.Count(word, " ") > 2 {
			return
		}
		if word[0] >= 'A' && word[0] <= 'Z' && !strings.ContainsAny(word, "-") {
			word = strings.ToLower(word[:1]) + word[1:]
		}
		if f.Designations == nil {
			f.Designations = snapshot.KeywordForms{}
		}
		if !slices.ContainsFunc(f.Designations[name], func(k snapshot.KeywordForm) bool { return strings.EqualFold(k.Form, word) }) {
			f.Designations[name] = append(f.Designations[name], snapshot.KeywordForm{Form: word, Rule: r.Number})
			f.Rules[r.Number] = r.Text
		}
	}
	text := r.Text
	for rest := text; ; {
		i := isADesignation.index(rest)
		if i < 0 {
			break
		}
		head := rest[:i]
		if s := strings.LastIndex(head, ". "); s >= 0 {
			head = head[s+2:]
		}
		if head != "" && head[0] >= 'A' && head[0] <= 'Z' && !strings.HasPrefix(head, "A ") && !strings.HasPrefix(head, "An ") {
			add(head)
		}
		rest = rest[i+len(isADesignation.s):]
	}
	if !become.in(text) { // the root of every lead
		return
	}
	stem := strings.ToLower(printedName(name))
	if len(stem) > 6 {
		stem = stem[:6]
	}
	for _, lead := range becomes {
		for rest := text; ; {
			i := lead.index(rest)
			if i < 0 {
				break
			}
			rest = rest[i+len(lead.s):]
			w := rest
			if e := strings.IndexAny(w, " .,;"); e >= 0 {
				w = w[:e]
			}
			lw := strings.ToLower(w)
			if len(stem) >= 4 && len(lw) > len(stem) && strings.HasPrefix(lw, stem[:commonLen(stem, lw)]) && commonLen(stem, lw) >= 4 &&
				(strings.HasSuffix(lw, "ed") || strings.HasSuffix(lw, "ous")) {
				add(lw)
			}
		}
	}
}

// commonLen is the length of the common prefix of a and b.
func commonLen(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// hasParam reports whether what follows a keyword's name in a phrase is
// its parameters, one at least, and nothing else: " N", " [subtype] N",
// " [cost]", " a [quality]" (an article before a quality).
func hasParam(rest string) bool {
	params := 0
	for _, w := range strings.Fields(rest) {
		switch {
		case w == "N" || w == "X" || strings.HasPrefix(w, "[") && strings.HasSuffix(w, "]"):
			params++
		case (w == "a" || w == "an") && params == 0:
		default:
			if !strings.HasPrefix(w, "[") && !strings.HasSuffix(w, "]") {
				return false
			}
			params++ // "[this permanent]" split at its space
		}
	}
	return params > 0
}

// eachAfterTo calls add with each unquoted phrase "to <name> <params>" of
// text: the name (in any case) and the parameters after it, up to the
// first word that is none ("To amass [subtype] N means", "To incubate N,
// create", "to endure N.").
func eachAfterTo(text, name string, add func(string)) {
	for i := 0; ; {
		j := strings.Index(text[i:], "o ") // "to " or "To ", before the name in any case
		if j < 0 {
			return
		}
		at := i + j - 1
		start := i + j + len("o ")
		i = start
		if at < 0 || text[at]|0x20 != 't' || at > 0 && text[at-1] != ' ' || !hasPrefixFold(text[start:], name) ||
			start+len(name) >= len(text) || text[start+len(name)] != ' ' {
			continue // not "to <name> ", nor "into"
		}
		end := start + len(name)
		for end < len(text) {
			e := end + 1
			for e < len(text) && text[e] != ' ' && text[e] != ',' && text[e] != '.' {
				e++
			}
			w := text[end+1 : e]
			if text[end] != ' ' || !(w == "N" || w == "X" || strings.HasPrefix(w, "[") && strings.HasSuffix(w, "]")) {
				break
			}
			end = e
		}
		if end > start+len(name) {
			add(text[start:end])
		}
		i = end
	}
}
