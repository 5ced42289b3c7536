package typeline

import (
	"database/sql/driver"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/internal/enum"
)

// Lang is the language of a type line. Its zero value is English.
type Lang uint8

// The languages of the rules, and Either, which reads a line in the one it
// is in.
const (
	English Lang = iota
	Spanish
	// Either reads a line in English or in Spanish, whichever reads it (a
	// line both read, such as "Planeswalker — Jace", is English); a line
	// neither reads gets the error of the language most of its words
	// belong to ("Criatura — Zombi" is a Spanish line whose Zombi is no
	// creature type). Options.LangOf says which. Format and Translate
	// write Either as English.
	Either
)

// String returns the language's code: "en", "es" or "either".
func (l Lang) String() string {
	switch l {
	case English:
		return "en"
	case Spanish:
		return "es"
	case Either:
		return "either"
	}
	return "Lang(" + strconv.Itoa(int(l)) + ")"
}

// MarshalText returns the language's code.
func (l Lang) MarshalText() ([]byte, error) {
	if l > Either {
		return nil, &Error{Rule: "", Cause: CauseLanguage, Reason: l.String() + " is not a language of the rules"}
	}
	return []byte(l.String()), nil
}

// Value stores the language in a database as its code ("en"), as
// MarshalText writes it.
func (l Lang) Value() (driver.Value, error) {
	b, err := l.MarshalText()
	return string(b), err
}

// Scan reads a language from a database: its code, as Value stores it,
// or its number (0 English, 1 Spanish, 2 Either); NULL is English.
func (l *Lang) Scan(src any) error {
	return enum.ScanTextOrNumber(src, "typeline", "a language", l.UnmarshalText, func(n int64) error {
		if n < 0 || n > int64(Either) {
			return &Error{Cause: CauseLanguage, Reason: strconv.FormatInt(n, 10) + " is not a language of the rules"}
		}
		*l = Lang(n)
		return nil
	})
}

// UnmarshalText reads "en", "es" or "either" (any case); "" is English,
// the zero value.
func (l *Lang) UnmarshalText(b []byte) error {
	x, err := ParseLang(string(b))
	if err == nil {
		*l = x
	}
	return err
}

// ParseLang reads a language code: "en", "es" or "either", any case; ""
// is English.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "", "en":
		return English, nil
	case "es":
		return Spanish, nil
	case "either":
		return Either, nil
	}
	return 0, &Error{Line: s, Cause: CauseLanguage, Reason: quote(s) + " is not a language of the rules: want en, es or either"}
}

func langName(l Lang) string {
	if l == Spanish {
		return "Spanish"
	}
	return "English"
}

// written is the language a line is written in for lang: Either writes
// English.
func (l Lang) written() Lang {
	if l == Spanish {
		return Spanish
	}
	return English
}
