package typeline

import (
	"strconv"
	"strings"
)

// Lang is the language of a type line. Its zero value is English.
type Lang uint8

// The languages of the rules.
const (
	English Lang = iota
	Spanish
)

// String returns the language's code: "en" or "es".
func (l Lang) String() string {
	switch l {
	case English:
		return "en"
	case Spanish:
		return "es"
	}
	return "Lang(" + strconv.Itoa(int(l)) + ")"
}

// MarshalText returns the language's code.
func (l Lang) MarshalText() ([]byte, error) {
	if l > Spanish {
		return nil, &Error{Rule: "", Cause: CauseLanguage, Reason: l.String() + " is not a language of the rules"}
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads "en" or "es" (any case); "" is English, the zero value.
func (l *Lang) UnmarshalText(b []byte) error {
	x, err := ParseLang(string(b))
	if err == nil {
		*l = x
	}
	return err
}

// ParseLang reads a language code: "en" or "es", any case; "" is English.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "", "en":
		return English, nil
	case "es":
		return Spanish, nil
	}
	return 0, &Error{Line: s, Cause: CauseLanguage, Reason: quote(s) + " is not a language of the rules: want en or es"}
}

func langName(l Lang) string {
	if l == Spanish {
		return "Spanish"
	}
	return "English"
}
