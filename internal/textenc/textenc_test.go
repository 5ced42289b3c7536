package textenc

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/mtgrules/crgen/internal/corpus"
)

const sample = "205.3i Lands … Urza’s.\n\n205.3m Creature types — C’tan, Time Lord.\n"

func utf16Bytes(s string, bigEndian bool) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 0, 2+2*len(u))
	if bigEndian {
		b = append(b, 0xFE, 0xFF)
	} else {
		b = append(b, 0xFF, 0xFE)
	}
	for _, c := range u {
		if bigEndian {
			b = append(b, byte(c>>8), byte(c))
		} else {
			b = append(b, byte(c), byte(c>>8))
		}
	}
	return b
}

func TestDecodeEncodings(t *testing.T) {
	win1252 := []byte("205.3i Lands \x85 Urza\x92s.\r\n\r\n205.3m Creature types \x97 C\x92tan, Time Lord.\r\n")
	tests := []struct {
		name string
		in   []byte
		enc  Encoding
	}{
		{"utf-8", []byte(sample), UTF8},
		{"utf-8 bom", append([]byte{0xEF, 0xBB, 0xBF}, sample...), UTF8BOM},
		{"utf-16le", utf16Bytes(sample, false), UTF16LE},
		{"utf-16be", utf16Bytes(sample, true), UTF16BE},
		{"windows-1252 crlf", win1252, Windows1252},
		{"crlf", []byte(strings.ReplaceAll(sample, "\n", "\r\n")), UTF8},
		{"bare cr", []byte(strings.ReplaceAll(sample, "\n", "\r")), UTF8},
		{"utf-16le crlf", utf16Bytes(strings.ReplaceAll(sample, "\n", "\r\n"), false), UTF16LE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, enc, err := Decode(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if enc != tt.enc {
				t.Errorf("encoding = %s, want %s", enc, tt.enc)
			}
			if got != sample {
				t.Errorf("text = %q, want %q", got, sample)
			}
		})
	}
}

func TestDecodeHostile(t *testing.T) {
	tests := map[string][]byte{
		"nul without bom":     []byte("205.3\x00m"),
		"odd utf-16":          {0xFF, 0xFE, 'a', 0, 'b'},
		"bom but invalid":     {0xEF, 0xBB, 0xBF, 0xC3, 0x28},
		"utf-16 with nul":     utf16Bytes("a\x00b", false),
		"utf-16be odd length": {0xFE, 0xFF, 0, 'a', 0},
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			if s, enc, err := Decode(in); err == nil {
				t.Errorf("Decode accepted %q as %s: %q", in, enc, s)
			}
		})
	}
}

// Every release of the corpus decodes, in the encoding its README states,
// to text without CR, without mojibake, and with Urza’s printed with the
// apostrophe the release uses: curly in most, straight in the ASCII
// releases of 2009 to 2013.
func TestDecodeCorpus(t *testing.T) {
	want := map[string]Encoding{
		"2009-07-11": UTF8, // ASCII
		"2010-02-01": Windows1252, "2013-05-01": UTF16BE, "2013-07-13": Windows1252,
		"2016-01-16": Windows1252, "2016-09-30": UTF16LE, "2018-04-27": UTF8,
		"2019-05-03": UTF8BOM, "2022-10-07": Windows1252, "2026-02-27": UTF8BOM,
	}
	for _, r := range corpus.Releases(t) {
		b := corpus.Read(t, strings.ReplaceAll(r.Date, "-", ""))
		s, enc, err := Decode(b)
		if err != nil {
			t.Errorf("%s: %v", r.Date, err)
			continue
		}
		if w, ok := want[r.Date]; ok && enc != w {
			t.Errorf("%s: encoding %s, want %s", r.Date, enc, w)
		}
		if strings.ContainsRune(s, '\r') {
			t.Errorf("%s: CR left in text", r.Date)
		}
		urzas := "Urza’s"
		if strings.Count(s, "'") > strings.Count(s, "’") {
			urzas = "Urza's"
		}
		if !strings.Contains(s, urzas) {
			t.Errorf("%s: decoded text lacks %q (mojibake?)", r.Date, urzas)
		}
		if strings.Contains(s, "\ufffd") || strings.Contains(s, "â€") {
			t.Errorf("%s: decoded text holds mojibake", r.Date)
		}
	}
}

func TestNormalizeNewlinesMixed(t *testing.T) {
	if got := NormalizeNewlines("a\r\nb\rc\nd\r\r\n"); got != "a\nb\nc\nd\n\n" {
		t.Errorf("got %q", got)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(sample))
	f.Add(utf16Bytes(sample, false))
	f.Add(utf16Bytes(sample, true))
	f.Add([]byte("Urza\x92s\r"))
	f.Add([]byte{0xEF, 0xBB, 0xBF, '\r', '\r', '\n'})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, enc, err := Decode(b)
		raw, rawEnc, rawErr := DecodeRaw(b)
		if (err == nil) != (rawErr == nil) || err == nil && (enc != rawEnc || NormalizeNewlines(raw) != s) {
			t.Fatalf("Decode %q %s %v; DecodeRaw %q %s %v", s, enc, err, raw, rawEnc, rawErr)
		}
		if err != nil {
			return
		}
		if strings.ContainsAny(s, "\r\x00") {
			t.Errorf("decoded text keeps CR or NUL: %q", s)
		}
		if !bytes.Equal([]byte(s), []byte(strings.ToValidUTF8(s, "\uFFFD"))) {
			t.Errorf("decoded text is not valid UTF-8: %q", s)
		}
	})
}

func TestDecodeUTF16Surrogates(t *testing.T) {
	in := "Time Lord 🜁 ok"
	for _, be := range []bool{false, true} {
		got, _, err := Decode(utf16Bytes(in, be))
		if err != nil || got != in {
			t.Errorf("big endian %v: %q, %v", be, got, err)
		}
	}
	// A lone high surrogate becomes U+FFFD rather than corrupting what follows.
	lone := []byte{0xFF, 0xFE, 0x3D, 0xD8, 'a', 0}
	if got, _, err := Decode(lone); err != nil || got != "\uFFFDa" {
		t.Errorf("lone surrogate: %q, %v", got, err)
	}
}

// Decode's text is its own; DecodeRaw's text of UTF-8 is b itself.
func TestDecodeDoesNotShareMemory(t *testing.T) {
	for _, in := range []string{sample, "\xEF\xBB\xBF" + sample} {
		b := []byte(in)
		s, _, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		raw, _, _ := DecodeRaw(b)
		before := s
		for i := range b {
			b[i] = 'x'
		}
		if s != strings.Clone(before) || !strings.HasPrefix(s, "205.3i") {
			t.Errorf("Decode's text changed with its input: %q", s)
		}
		if !strings.HasPrefix(raw, "xxx") {
			t.Errorf("DecodeRaw copied UTF-8: %q", raw)
		}
	}
}

// DecodeRaw of a release makes at most one copy of it: none for UTF-8.
func TestDecodeRawAllocations(t *testing.T) {
	for _, date := range []string{"20260227", "20160930", "20160116"} { // UTF-8 BOM, UTF-16, Windows-1252
		b := corpus.Read(t, date)
		n := testing.AllocsPerRun(5, func() {
			if _, _, err := DecodeRaw(b); err != nil {
				t.Fatal(err)
			}
		})
		_, enc, _ := DecodeRaw(b)
		if want := map[Encoding]float64{UTF8BOM: 0, UTF16LE: 1, Windows1252: 1}[enc]; n > want {
			t.Errorf("%s (%s): %v allocations, want %v", date, enc, n, want)
		}
	}
}
