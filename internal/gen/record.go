package gen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/internal/history"
)

// RecordFile is the values record, under the output directory: the
// number of every constant, assigned once.
const RecordFile = "values.json"

// Lists of the record that are not snapshot lists.
const (
	recordCategories  = "categories"
	recordPrintedMana = "printed_mana_symbols"
)

// Record is the append-only record of the values of the generated
// constants: per list, each name with the number it was given when gen
// first saw it. gen reads it, gives every name it lacks the next number
// of its list (in the order names first appear in the history), and
// writes it back; it never changes or drops an entry. So no change to the
// history — a release amended, the releases of 2009–2015 imported, a
// release inserted between two others — can renumber a constant: values
// are true by record, not by the luck of an ordering.
type Record struct {
	lists map[string][]RecordEntry
	// Note is kept as written: it says to the reader what the file is.
	Note string
}

// RecordEntry is one name and its value.
type RecordEntry struct {
	Name  string
	Value int
}

const recordNote = "The value of every generated constant, assigned once by gen and never changed: gen appends the names it has not seen to the end of their list and never edits or drops an entry. CI refuses a change that loses or changes an entry. Names are as first listed; lookups fold case and apostrophes."

// NewRecord is an empty record, for a project's first generation.
func NewRecord() *Record { return &Record{lists: map[string][]RecordEntry{}, Note: recordNote} }

// LoadRecord reads the record at path. A missing record is an error that
// says how to get it back: generating without it would renumber.
func LoadRecord(path string) (*Record, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("values record %s not found: every constant's value is recorded there and gen only appends to it; restore it (git checkout -- %s), or start a new record with gen -new-record (only for a project without users: values may then differ from any earlier generation)", path, path)
	}
	if err != nil {
		return nil, err
	}
	r, err := ParseRecord(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ParseRecord reads a record and checks it: within a list, names and
// values are unique and values positive.
func ParseRecord(data []byte) (*Record, error) {
	var raw struct {
		Note  string                    `json:"note"`
		Lists map[string]map[string]int `json:"lists"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("values record: %w", err)
	}
	r := &Record{lists: map[string][]RecordEntry{}, Note: raw.Note}
	for list, names := range raw.Lists {
		var entries []RecordEntry
		folded := map[string]string{}
		for name, v := range names {
			if v <= 0 {
				return nil, fmt.Errorf("values record: %s %q has value %d; values start at 1", list, name, v)
			}
			if prev, dup := folded[history.NameKey(name)]; dup {
				return nil, fmt.Errorf("values record: %s lists %q and %q, the same name", list, prev, name)
			}
			folded[history.NameKey(name)] = name
			entries = append(entries, RecordEntry{name, v})
		}
		slices.SortFunc(entries, func(a, b RecordEntry) int { return a.Value - b.Value })
		for i := 1; i < len(entries); i++ {
			if entries[i].Value == entries[i-1].Value {
				return nil, fmt.Errorf("values record: %s gives %q and %q the same value %d", list, entries[i-1].Name, entries[i].Name, entries[i].Value)
			}
		}
		r.lists[list] = entries
	}
	return r, nil
}

// Marshal writes the record one entry per line, each list in value
// order, lists in a fixed order: an update adds lines at the end of its
// lists and changes none.
func (r *Record) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString("{\n  \"note\": ")
	writeJSONString(&b, r.Note)
	b.WriteString(",\n  \"lists\": {")
	for i, list := range r.listOrder() {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    ")
		writeJSONString(&b, list)
		b.WriteString(": {")
		for j, e := range r.lists[list] {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n      ")
			writeJSONString(&b, e.Name)
			b.WriteString(": " + strconv.Itoa(e.Value))
		}
		b.WriteString("\n    }")
	}
	b.WriteString("\n  }\n}\n")
	return b.Bytes()
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	b.Truncate(b.Len() - 1)
}

// Lists names the record's lists, in the order of the file.
func (r *Record) Lists() []string { return r.listOrder() }

// listOrder is the record's lists: the category enum, the card types and
// supertypes, the categories in the order they are recorded... sorted by
// name after the fixed ones, so the file's order depends on nothing else.
func (r *Record) listOrder() []string {
	fixed := []string{recordCategories, "card_types", "supertypes", "mana_symbols", recordPrintedMana}
	var out []string
	for _, l := range fixed {
		if _, ok := r.lists[l]; ok {
			out = append(out, l)
		}
	}
	var rest []string
	for l := range r.lists {
		if !slices.Contains(fixed, l) {
			rest = append(rest, l)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// Assign returns the value of each name of list, in the order given
// (the order names first appear in the history), recording the names
// the record lacks with the next values from base (the first value a
// list gets; 1 for most). Every name the record holds for the list must
// be among names: an entry no release explains means the history lost a
// release, and generating would drop a constant.
func (r *Record) Assign(list string, names []string, base int) ([]int, error) {
	at := map[string]int{}
	next := base
	for _, e := range r.lists[list] {
		if e.Value < base {
			// Values are indexes from base: one below it names no name.
			return nil, fmt.Errorf("values record: %s %q has value %d, but the values of %s start at %d", list, e.Name, e.Value, list, base)
		}
		at[history.NameKey(e.Name)] = e.Value
		next = max(next, e.Value+1)
	}
	out := make([]int, len(names))
	seen := map[string]bool{}
	for i, n := range names {
		k := history.NameKey(n)
		if seen[k] {
			return nil, fmt.Errorf("values of %s: %q given twice", list, n)
		}
		seen[k] = true
		v, ok := at[k]
		if !ok {
			v = next
			next++
			r.lists[list] = append(r.lists[list], RecordEntry{n, v})
		}
		out[i] = v
	}
	for _, e := range r.lists[list] {
		if !seen[history.NameKey(e.Name)] {
			return nil, fmt.Errorf("values record: %s %q (value %d) is listed by no release of the history: was a release removed from snapshots/? Restore it; a recorded value is never given up", list, e.Name, e.Value)
		}
	}
	return out, nil
}

// Entries returns the entries of a list, by value.
func (r *Record) Entries(list string) []RecordEntry { return slices.Clone(r.lists[list]) }

// Name returns the name recorded for a value of list: the spelling the
// constant's identifier comes from, so a later change of typography does
// not rename it.
func (r *Record) Name(list string, value int) string {
	for _, e := range r.lists[list] {
		if e.Value == value {
			return e.Name
		}
	}
	return ""
}

// Lost lists the entries of base that r lacks or gives another value:
// what an append-only record must never show.
func (r *Record) Lost(base *Record) []string {
	var out []string
	for _, list := range base.listOrder() {
		have := map[string]int{}
		for _, e := range r.lists[list] {
			have[e.Name] = e.Value
		}
		for _, e := range base.lists[list] {
			switch v, ok := have[e.Name]; {
			case !ok:
				out = append(out, fmt.Sprintf("%s %q (value %d) is gone", list, e.Name, e.Value))
			case v != e.Value:
				out = append(out, fmt.Sprintf("%s %q changed value: %d, was %d", list, e.Name, v, e.Value))
			}
		}
	}
	return out
}

// LostError is a record that lost or changed entries of its base.
type LostError struct {
	Base    string
	Entries []string
}

func (e *LostError) Error() string {
	return fmt.Sprintf("the values record loses or changes %d entries of %s; recorded values never change:\n  %s", len(e.Entries), e.Base, strings.Join(e.Entries, "\n  "))
}
