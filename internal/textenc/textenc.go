// Package textenc turns the bytes Wizards has published over the years into
// clean UTF-8 text with LF line breaks.
//
// Seen in real releases: UTF-8 with and without BOM, Windows-1252, UTF-16 LE
// and BE with BOM, and CRLF, LF or bare-CR line breaks (often mixed in one
// file). Every release must be read, so detection never guesses silently: the
// encoding it chose is reported to the caller.
package textenc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding/charmap"
)

// Encoding names the byte encoding a document was read as.
type Encoding string

const (
	UTF8        Encoding = "utf-8"
	UTF8BOM     Encoding = "utf-8-bom"
	UTF16LE     Encoding = "utf-16le"
	UTF16BE     Encoding = "utf-16be"
	Windows1252 Encoding = "windows-1252"
)

// Decode returns the document as UTF-8 with "\n" line breaks, and the
// encoding it detected. Byte-order marks decide first; otherwise valid UTF-8
// wins; otherwise the text is Windows-1252, the only single-byte encoding
// Wizards has used. A NUL byte outside UTF-16 means the input is binary (or
// UTF-16 without a BOM, which has never been published) and is an error.
// The text never shares memory with b.
func Decode(b []byte) (string, Encoding, error) {
	s, enc, err := DecodeRaw(b)
	if err != nil {
		return "", "", err
	}
	n := NormalizeNewlines(s)
	if len(b) > 0 && len(n) > 0 && unsafe.StringData(n) == unsafe.StringData(s) && (enc == UTF8 || enc == UTF8BOM) {
		n = strings.Clone(n) // s is b's memory
	}
	return n, enc, nil
}

// DecodeRaw is Decode keeping the line breaks as they are (CRLF, CR or
// LF; readers of the text split on all three), for the path that reads
// whole releases: it makes at most one copy of the document, and none
// for UTF-8, whose text is b itself. So b must not change while the text
// is in use.
func DecodeRaw(b []byte) (string, Encoding, error) {
	var (
		s   string
		enc Encoding
	)
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		if !utf8.Valid(b[3:]) {
			return "", "", errors.New("text has a UTF-8 byte-order mark but is not valid UTF-8")
		}
		s, enc = view(b[3:]), UTF8BOM
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		u, err := decodeUTF16(b[2:], false)
		if err != nil {
			return "", "", err
		}
		s, enc = u, UTF16LE
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		u, err := decodeUTF16(b[2:], true)
		if err != nil {
			return "", "", err
		}
		s, enc = u, UTF16BE
	default:
		if bytes.IndexByte(b, 0) >= 0 {
			return "", "", errors.New("text contains NUL bytes: binary data or UTF-16 without a byte-order mark")
		}
		if utf8.Valid(b) {
			s, enc = view(b), UTF8
		} else {
			s, enc = decodeWindows1252(view(b)), Windows1252
		}
	}
	if enc != UTF8 && enc != Windows1252 && strings.IndexByte(s, 0) >= 0 {
		return "", "", fmt.Errorf("text decoded as %s contains NUL characters", enc)
	}
	return s, enc, nil
}

// View is DecodeRaw for a reader that finds its way by ASCII alone (rule
// numbers, "Example:", line breaks) and converts only the pieces it keeps:
// the text of a Windows-1252 document is then b itself, not a decoded
// copy, and toUTF8 converts a piece of it (for the other encodings the
// text is UTF-8 already and toUTF8 returns its argument). A release is
// thus held once in memory, whatever its encoding but UTF-16.
func View(b []byte) (text string, enc Encoding, toUTF8 func(string) string, err error) {
	if !bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}) && !bytes.HasPrefix(b, []byte{0xFF, 0xFE}) &&
		!bytes.HasPrefix(b, []byte{0xFE, 0xFF}) && bytes.IndexByte(b, 0) < 0 {
		// Without a mark: UTF-8 or Windows-1252, told apart by one pass
		// of utf8.Valid (DecodeRaw would make it again).
		if utf8.Valid(b) {
			return view(b), UTF8, func(s string) string { return s }, nil
		}
		return view(b), Windows1252, decodeWindows1252, nil
	}
	text, enc, err = DecodeRaw(b)
	return text, enc, func(s string) string { return s }, err
}

// view is b as a string, sharing its memory: the one use of unsafe in the
// project, because it pays. go test -bench
// 'Extraction/release=utf8-lf/impl=project' -benchmem ./internal/extract
// printed, with the view, 1848281 ns/op 809617 B/op, and with string(b)
// in its place, 4564748 ns/op 1516086 B/op (2026-12-01, 2 cores): the copy
// doubles both the memory and the time of reading a whole release.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// decodeUTF16 appends runes straight into UTF-8 output: going through
// []uint16 and []rune made decoding the largest release (UTF-16) 5x slower.
// Runs of ASCII, most of any release, go four units at a time.
func decodeUTF16(b []byte, bigEndian bool) (string, error) {
	if len(b)%2 != 0 {
		return "", fmt.Errorf("UTF-16 text has an odd number of bytes (%d)", len(b)+2)
	}
	unit := func(i int) rune {
		if bigEndian {
			return rune(b[i])<<8 | rune(b[i+1])
		}
		return rune(b[i+1])<<8 | rune(b[i])
	}
	// ASCII units have a zero high byte and a low byte under 0x80: in a
	// little-endian word of four units, no bit of this mask is set.
	asciiMask := uint64(0xFF80FF80FF80FF80)
	if bigEndian {
		asciiMask = 0x80FF80FF80FF80FF
	}
	out := make([]byte, 0, len(b)/2+len(b)/16)
	i := 0
	for i < len(b) {
		// Runs of ASCII: four units a step, their low bytes taken from the
		// word already loaded, written in place while the buffer has room.
		for i+8 <= len(b) && len(out)+4 <= cap(out) {
			w := binary.LittleEndian.Uint64(b[i:])
			if w&asciiMask != 0 {
				break
			}
			if bigEndian {
				w >>= 8
			}
			n := len(out)
			out = out[:n+4]
			_ = out[n+3]
			out[n], out[n+1], out[n+2], out[n+3] = byte(w), byte(w>>16), byte(w>>32), byte(w>>48)
			i += 8
		}
		if i >= len(b) {
			break
		}
		r := unit(i)
		i += 2
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
			continue
		}
		if utf16.IsSurrogate(r) {
			if i < len(b) {
				if dec := utf16.DecodeRune(r, unit(i)); dec != utf8.RuneError {
					out = utf8.AppendRune(out, dec)
					i += 2
					continue
				}
			}
			r = utf8.RuneError
		}
		out = utf8.AppendRune(out, r)
	}
	return view(out), nil
}

// windows1252 is the rune of each byte of Windows-1252 (x/text's
// table), built without allocating: importing the package costs nothing.
var windows1252 = func() (t [256]rune) {
	for i := range t {
		t[i] = charmap.Windows1252.DecodeByte(byte(i))
	}
	return t
}()

// decodeWindows1252 copies ASCII runs and maps the other bytes, into one
// buffer of the exact size.
func decodeWindows1252(b string) string {
	n := len(b)
	for i := 0; i < len(b); i++ {
		if c := b[i]; c >= utf8.RuneSelf {
			n += utf8.RuneLen(windows1252[c]) - 1
		}
	}
	if n == len(b) {
		return b // ASCII
	}
	out := make([]byte, 0, n)
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] < utf8.RuneSelf {
			i++
		}
		out = append(out, b[:i]...)
		if i == len(b) {
			break
		}
		out = utf8.AppendRune(out, windows1252[b[i]])
		b = b[i+1:]
	}
	return view(out)
}

// NormalizeNewlines converts CRLF and bare CR to LF, in one pass.
func NormalizeNewlines(s string) string {
	i := strings.IndexByte(s, '\r')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		b.WriteByte('\n')
		s = s[i+1:]
		if s != "" && s[0] == '\n' {
			s = s[1:]
		}
		i = strings.IndexByte(s, '\r')
	}
	b.WriteString(s)
	return b.String()
}

// Contains reports whether a document holds an ASCII phrase, in any of
// the encodings Decode reads, without decoding it.
func Contains(b []byte, ascii string) bool {
	if bytes.Contains(b, []byte(ascii)) {
		return true
	}
	le := make([]byte, 0, 2*len(ascii))
	be := make([]byte, 0, 2*len(ascii))
	for i := 0; i < len(ascii); i++ {
		le = append(le, ascii[i], 0)
		be = append(be, 0, ascii[i])
	}
	return bytes.Contains(b, le) || bytes.Contains(b, be)
}
