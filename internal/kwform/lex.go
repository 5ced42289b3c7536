package kwform

import (
	"unicode"
	"unicode/utf8"
)

// The lexer of a card's line, and of the forms, verbs and names the
// reader matches against it (one lexer: a form's words are the tokens a
// card's are): the reader compares tokens, never bytes, so that a word
// is a word whatever stands beside it ("Cumulative upkeep—Sacrifice a land.", the long dash
// glued to the words around it; "Urza’s", a curly apostrophe inside one;
// "(Whenever ...)", reminder text one level down). As go/scanner reads
// Go: one pass, no allocation, each token its kind and its place.

// TokKind is what a token of a card's line is.
type TokKind uint8

const (
	TokWord      TokKind = iota + 1 // letters of any script, with apostrophes and hyphens inside, and a closing "!" or "?": "can't", "non-Human", "Urza’s", "engines!", "X"
	TokNumber                       // digits: "2", "12"
	TokSymbol                       // a symbol in braces: "{2}", "{W/U}", "{T}", "{12+}"
	TokPT                           // a power and toughness, or a change of them: "3/3", "+1/+1", "-2/-0", "X/X", "*/*"
	TokDash                         // the long dash "—" (or "--")
	TokComma                        // ,
	TokSemicolon                    // ;
	TokPeriod                       // .
	TokColon                        // :
	TokOpen                         // (
	TokClose                        // )
	TokBullet                       // • (a mode)
	TokPlus                         // + alone: "12+" after its number, "+ {1} —" (a spree's cost)
	TokQuote                        // " “ ” (a granted ability, quoted)
	TokOther                        // any other character: "∞", "/", "|"
)

// Token is one token of a line: its kind, where it is (bytes of the
// line), and how many parentheses are open around it (reminder text:
// one or more).
type Token struct {
	Kind       TokKind
	Depth      uint8
	Start, End int32
}

// Text is the token's text in the line it was read from.
func (t Token) Text(line string) string { return line[t.Start:t.End] }

// HasText reports whether the token is one of words or signs that a
// keyword may print (a word, a number, another sign: "∞"), which compare
// by their text (Key), rather than punctuation that compares by its kind.
func (t Token) HasText() bool { return t.Kind == TokWord || t.Kind == TokNumber || t.Kind == TokOther }

// Lex appends the tokens of line to dst. Spaces and tabs, any number of
// them, only separate tokens.
func Lex(line string, dst []Token) []Token {
	depth := 0
	for i := 0; i < len(line); {
		c := line[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		k, end := lexAt(line, i)
		if k == TokClose && depth > 0 {
			depth--
		}
		dst = append(dst, Token{Kind: k, Depth: uint8(min(depth, 255)), Start: int32(i), End: int32(end)})
		if k == TokOpen {
			depth++
		}
		i = end
	}
	return dst
}

// Next is the token of line at or after byte i, spaces and tabs skipped,
// its depth not counted; false at the end of the line. A reader walks a
// short text with it (a card's name) without keeping its tokens.
func Next(line string, i int) (Token, bool) {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) {
		return Token{}, false
	}
	k, end := lexAt(line, i)
	return Token{Kind: k, Start: int32(i), End: int32(end)}, true
}

// lexAt reads the token that begins at line[i] (not a space): its kind
// and where it ends.
func lexAt(line string, i int) (TokKind, int) {
	c := line[i]
	switch c {
	case ',':
		return TokComma, i + 1
	case ';':
		return TokSemicolon, i + 1
	case '.':
		return TokPeriod, i + 1
	case ':':
		return TokColon, i + 1
	case '(':
		return TokOpen, i + 1
	case ')':
		return TokClose, i + 1
	case '"':
		return TokQuote, i + 1
	case '{':
		for j := i + 1; j < len(line); j++ {
			if line[j] == '}' {
				return TokSymbol, j + 1
			}
			// No symbol holds a space, a tab (Lex's separators) or a colon
			// ("{T}: ..." ends at its brace).
			if c := line[j]; c == '{' || c == ' ' || c == '\t' || c == ':' {
				break
			}
		}
		return TokOther, i + 1
	case '-':
		if i+1 < len(line) && line[i+1] == '-' {
			return TokDash, i + 2
		}
	}
	if end, ok := ptAt(line, i); ok {
		return TokPT, end
	}
	switch {
	case c >= '0' && c <= '9':
		j := i + 1
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		return TokNumber, j
	case c == '+':
		return TokPlus, i + 1
	case c < utf8.RuneSelf && !isASCIILetter(c):
		return TokOther, i + 1
	}
	r, size := rune(c), 1
	if c >= utf8.RuneSelf {
		r, size = utf8.DecodeRuneInString(line[i:])
	}
	switch r {
	case '—':
		return TokDash, i + size
	case '•':
		return TokBullet, i + size
	case '“', '”':
		return TokQuote, i + size
	}
	if !unicode.IsLetter(r) {
		return TokOther, i + size
	}
	return TokWord, wordEndAt(line, i+size)
}

// wordEndAt is where a word that goes on at line[j] ends: letters and
// digits, an apostrophe or a hyphen between two of them, and a closing
// "!" or "?".
func wordEndAt(line string, j int) int {
	for j < len(line) {
		c := line[j]
		switch {
		case isASCIILetter(c) || c >= '0' && c <= '9':
			j++
		case c == '\'' || c == '-':
			if !letterAt(line, j+1) {
				return j
			}
			j++
		case c == '!' || c == '?':
			return j + 1
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(line[j:])
			if r == '’' {
				if !letterAt(line, j+size) {
					return j
				}
			} else if !unicode.IsLetter(r) {
				return j
			}
			j += size
		default:
			return j
		}
	}
	return j
}

// ptAt reads a power and toughness at line[i]: a side, a slash, a side,
// each side an optional sign and digits, X or *, not glued to a letter
// after it.
func ptAt(line string, i int) (int, bool) {
	side := func(j int) (int, bool) {
		if j < len(line) && (line[j] == '+' || line[j] == '-') {
			j++
		}
		switch {
		case j < len(line) && (line[j] == 'X' || line[j] == '*'):
			return j + 1, true
		case j < len(line) && line[j] >= '0' && line[j] <= '9':
			for j < len(line) && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			return j, true
		}
		return j, false
	}
	j, ok := side(i)
	if !ok || j >= len(line) || line[j] != '/' {
		return 0, false
	}
	j, ok = side(j + 1)
	if !ok || letterAt(line, j) {
		return 0, false
	}
	return j, true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// letterAt reports whether a letter begins at line[i] (none past the
// end): an ASCII one, or one of the other letters of card names.
func letterAt(line string, i int) bool {
	if i >= len(line) {
		return false
	}
	if c := line[i]; c < utf8.RuneSelf {
		return isASCIILetter(c)
	}
	r, _ := utf8.DecodeRuneInString(line[i:])
	return unicode.IsLetter(r)
}
