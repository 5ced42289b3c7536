package rulenum

import (
	"slices"
	"strconv"
	"strings"
)

// subruleLetters are the letters of subrules, in order: l and o are
// skipped (read as 1 and 0).
const subruleLetters = "abcdefghijkmnpqrstuvwxyz"

// Ref is one reference a text makes: text[Start:End] is the number or
// range it prints ("601.2f–h"), Numbers every number it names (601.2f,
// 601.2g, 601.2h).
type Ref struct {
	Start, End int
	Numbers    []string
}

// Refs are the references of text, in the order it makes them. It reads
// "rule", "rules", "section" and "sections" (any case) followed by
// numbers joined by commas, "and", "or" and "through"; a range ("rules
// 601.2f–h", "903.2–903.4") names every number in it, subrule letters
// skipping l and o as the rules do.
func Refs(text string) []Ref {
	var out []Ref
	for i := 0; i < len(text); {
		j := nextKeyword(text, i)
		if j < 0 {
			break
		}
		i = j
		for {
			start := skipSpace(text, i)
			num, end := scanRefNumber(text, start)
			if num == "" {
				break
			}
			out = append(out, Ref{Start: start, End: end, Numbers: expandRange(num)})
			// A comma, a joining word, or both; the list goes on only if a
			// number follows.
			i = end
			if i < len(text) && text[i] == ',' {
				i++
			}
			i = skipSpace(text, i)
			for _, w := range [...]string{"and ", "or ", "through "} {
				if strings.HasPrefix(text[i:], w) {
					i += len(w)
					break
				}
			}
		}
	}
	return out
}

// References are the rules, sections and chapters text refers to (Refs),
// in the order it names them, each once: "See rules 601.2b and
// 601.2f–h" is 601.2b, 601.2f, 601.2g, 601.2h; "section 6" is 6.
func References(text string) []string {
	var out []string
	for _, r := range Refs(text) {
		for _, n := range r.Numbers {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// nextKeyword is where the numbers after the next "rule(s)" or
// "section(s)" of text at or after i begin, or -1.
func nextKeyword(text string, i int) int {
	for ; i < len(text); i++ {
		c := text[i] | 0x20
		if c != 'r' && c != 's' || i > 0 && isWordByte(text[i-1]) {
			continue
		}
		for _, kw := range [...]string{"rules", "rule", "sections", "section"} {
			if len(text)-i >= len(kw) && strings.EqualFold(text[i:i+len(kw)], kw) {
				end := i + len(kw)
				if end < len(text) && text[end] == ' ' {
					return end
				}
			}
		}
	}
	return -1
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// scanRefNumber reads a number at i ("6", "113", "702.19b") and a range
// after it ("–h", "-903.4"), returning it and where it ends, or "" and
// i.
func scanRefNumber(s string, i int) (string, int) {
	end := digits(s, i)
	if end == i || end-i > 3 || end-i == 2 {
		return "", i
	}
	if end < len(s) && s[end] == '.' && end+1 < len(s) && isDigit(s[end+1]) {
		end = digits(s, end+1)
		for end < len(s) && s[end] >= 'a' && s[end] <= 'z' {
			end++
		}
	}
	if end < len(s) && isWordByte(s[end]) {
		return "", i // "100 cards", "2nd"
	}
	num := s[i:end]
	// A range: an en dash or a hyphen, then letters or a number.
	j := end
	if strings.HasPrefix(s[j:], "–") {
		j += len("–")
	} else if j < len(s) && s[j] == '-' {
		j++
	} else {
		return num, end
	}
	k := j
	if k < len(s) && isDigit(s[k]) {
		k = digits(s, k)
		if k < len(s) && s[k] == '.' && k+1 < len(s) && isDigit(s[k+1]) {
			k = digits(s, k+1)
		}
	}
	for k < len(s) && s[k] >= 'a' && s[k] <= 'z' {
		k++
	}
	if k == j || k < len(s) && isWordByte(s[k]) {
		return num, end
	}
	return num + "–" + s[j:k], k
}

func digits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// expandRange reads "601.2f–h" as 601.2f, 601.2g, 601.2h, "903.2–903.4"
// as 903.2, 903.3, 903.4, and a number alone as itself.
func expandRange(s string) []string {
	from, to, ok := strings.Cut(s, "–")
	if !ok {
		return []string{s}
	}
	base, letter := splitLetters(from)
	switch {
	case isLetters(to) && letter != "" && len(letter) == 1 && len(to) == 1:
		a, b := strings.IndexByte(subruleLetters, letter[0]), strings.IndexByte(subruleLetters, to[0])
		if a < 0 || b < a {
			return []string{from}
		}
		var out []string
		for k := a; k <= b; k++ {
			out = append(out, base+subruleLetters[k:k+1])
		}
		return out
	case strings.Contains(to, ".") && letter == "":
		// 903.2–903.4: rules of one section.
		fs, fr, ok1 := sectionAndRule(from)
		ts, tr, ok2 := sectionAndRule(to)
		if !ok1 || !ok2 || fs != ts || tr < fr || tr-fr > 50 {
			return []string{from, to}
		}
		var out []string
		for r := fr; r <= tr; r++ {
			out = append(out, fs+"."+strconv.Itoa(r))
		}
		return out
	}
	return []string{from}
}

func splitLetters(n string) (base, letters string) {
	i := len(n)
	for i > 0 && n[i-1] >= 'a' && n[i-1] <= 'z' {
		i--
	}
	return n[:i], n[i:]
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return s != ""
}

func sectionAndRule(n string) (string, int, bool) {
	s, r, ok := strings.Cut(n, ".")
	if !ok {
		return "", 0, false
	}
	v, err := strconv.Atoi(r)
	return s, v, err == nil
}
