package kwform

import (
	"strings"
	"testing"
)

// The tokens of a line, and the kinds go/scanner-like lexing gives them.
func TestLexLine(t *testing.T) {
	line := "Cumulative upkeep—Sacrifice a land. (Urza’s +1/+1: {2}{W/U}, 12+; “X”) • non-Human"
	var got []string
	for _, tk := range Lex(line, nil) {
		got = append(got, line[tk.Start:tk.End]+"/"+string(rune('0'+tk.Kind))+string(rune('0'+tk.Depth)))
	}
	want := "Cumulative/10 upkeep/10 —/50 Sacrifice/10 a/10 land/10 ./80 (/:0 Urza’s/11 +1/+1/41 :/91 {2}/31 {W/U}/31 ,/61 12/21 +/=1 ;/71 “/>1 X/11 ”/>1 )/;0 •/<0 non-Human/10"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("tokens\n got %s\nwant %s", g, want)
	}
}

// Whatever a line holds, its tokens are in order, within it, each of at
// least one byte, with only spaces between them, and the depth of
// reminder text never negative.
func FuzzLex(f *testing.F) {
	for _, s := range []string{"Flying, vigilance", "Ward—Pay 3 life.", "((a)", "{", "{2}{W}", "+1/+1", "X/X", "Urza’s", "a--b", "•", "12+", "\xff\xfe", "non-Human's!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		prev := 0
		for _, tk := range Lex(line, nil) {
			if int(tk.Start) < prev || tk.End <= tk.Start || int(tk.End) > len(line) {
				t.Fatalf("%q: token [%d:%d] after %d", line, tk.Start, tk.End, prev)
			}
			if gap := line[prev:tk.Start]; strings.Trim(gap, " \t") != "" {
				t.Fatalf("%q: %q left between tokens", line, gap)
			}
			prev = int(tk.End)
		}
		if strings.Trim(line[prev:], " \t") != "" {
			t.Fatalf("%q: %q left at the end", line, line[prev:])
		}
	})
}

// Next walks a line's tokens as Lex reads them, depth aside.
func TestNext(t *testing.T) {
	for _, line := range []string{"Clash  of\tTitans", "Ward—Pay 3 life. (x)", "", "  ", "Urza’s Saga, {2}{W}"} {
		var got []Token
		for tk, ok := Next(line, 0); ok; tk, ok = Next(line, int(tk.End)) {
			got = append(got, tk)
		}
		want := Lex(line, nil)
		if len(got) != len(want) {
			t.Fatalf("%q: Next %v, Lex %v", line, got, want)
		}
		for i := range got {
			if w := want[i]; got[i].Kind != w.Kind || got[i].Start != w.Start || got[i].End != w.End {
				t.Errorf("%q: token %d: Next %+v, Lex %+v", line, i, got[i], w)
			}
		}
	}
}
