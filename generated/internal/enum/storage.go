package enum

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strconv"
)

// How every enum is stored: as its English name by default, in a
// database (driver.Valuer, sql.Scanner) as in JSON, since a name survives
// what a number does not (another tool's renumbering); its number, which
// never changes either, where a caller stores int64(v) or a JSON number.

// SQLValue is the driver.Value of v: its English name; NULL for the zero
// value; an error for a number that is no value.
func (t *Table) SQLValue(v int) (driver.Value, error) {
	if v == 0 {
		return nil, nil
	}
	e := t.Entry(v)
	if e == nil {
		return nil, fmt.Errorf("%s: cannot store %d: not %s", t.Pkg, v, Article(t.Noun))
	}
	return e.EN, nil
}

// Scan reads what a database holds of a value: a name (TEXT) in English
// or Spanish, in any case, removed names included; a number (INTEGER)
// that is a value; NULL or "" for the zero value.
func (t *Table) Scan(src any) (int, error) {
	switch x := src.(type) {
	case nil:
		return 0, nil
	case string:
		return t.UnmarshalText([]byte(x))
	case []byte:
		return t.UnmarshalText(x)
	case int64:
		return t.number(x)
	}
	return 0, fmt.Errorf("%s: cannot scan %T into %s: want its name (TEXT) or number (INTEGER)", t.Pkg, src, Article(t.Noun))
}

func (t *Table) number(n int64) (int, error) {
	if n == 0 {
		return 0, nil
	}
	if n < 0 || n > int64(len(t.List)) {
		return 0, fmt.Errorf("%s: %d is no %s: the values go from 1 to %d", t.Pkg, n, t.Noun, len(t.List))
	}
	return int(n), nil
}

// DecodeJSON reads a JSON string (a name, as UnmarshalText) or a JSON
// number (a value); null is no change (set false), as encoding/json does
// for values.
func (t *Table) DecodeJSON(b []byte) (v int, set bool, err error) {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		return 0, false, nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return 0, false, err
		}
		v, err := t.UnmarshalText([]byte(s))
		return v, err == nil, err
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("%s: %s is neither a name nor a number of %s", t.Pkg, b, Article(t.Noun))
	}
	v, err = t.number(n)
	return v, err == nil, err
}

// ScanTextOrNumber is ScanText that also reads a number (an INTEGER
// column, or what database/sql stored of a numeric type before it had a
// Value method) with number.
func ScanTextOrNumber(src any, pkg, what string, unmarshal func([]byte) error, number func(int64) error) error {
	if n, ok := src.(int64); ok {
		return number(n)
	}
	return ScanText(src, pkg, what, unmarshal)
}

// ScanText reads a value stored as its text (a TEXT column, or NULL, the
// empty text) with unmarshal: what Scan does for the types that are text
// (a type line, a mana cost). pkg and what name them in the error.
func ScanText(src any, pkg, what string, unmarshal func([]byte) error) error {
	switch x := src.(type) {
	case nil:
		return unmarshal(nil)
	case string:
		return unmarshal([]byte(x))
	case []byte:
		return unmarshal(x)
	}
	return fmt.Errorf("%s: cannot scan %T into %s: want its text (TEXT)", pkg, src, what)
}
