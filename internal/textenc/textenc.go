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
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

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
func Decode(b []byte) (string, Encoding, error) {
	var (
		s   string
		enc Encoding
	)
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		if !utf8.Valid(b[3:]) {
			return "", "", errors.New("text has a UTF-8 byte-order mark but is not valid UTF-8")
		}
		s, enc = string(b[3:]), UTF8BOM
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
			s, enc = string(b), UTF8
		} else {
			d, err := charmap.Windows1252.NewDecoder().Bytes(b)
			if err != nil {
				return "", "", fmt.Errorf("decoding as Windows-1252: %w", err)
			}
			s, enc = string(d), Windows1252
		}
	}
	if strings.IndexByte(s, 0) >= 0 {
		return "", "", fmt.Errorf("text decoded as %s contains NUL characters", enc)
	}
	return NormalizeNewlines(s), enc, nil
}

// decodeUTF16 appends runes straight into UTF-8 output: going through
// []uint16 and []rune made decoding the largest release (UTF-16) 5x slower.
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
	out := make([]byte, 0, len(b)/2+len(b)/8)
	for i := 0; i < len(b); i += 2 {
		r := unit(i)
		if utf16.IsSurrogate(r) {
			if i+2 < len(b) {
				if dec := utf16.DecodeRune(r, unit(i+2)); dec != utf8.RuneError {
					out = utf8.AppendRune(out, dec)
					i += 2
					continue
				}
			}
			r = utf8.RuneError
		}
		out = utf8.AppendRune(out, r)
	}
	return string(out), nil
}

// NormalizeNewlines converts CRLF and bare CR to LF.
func NormalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}
