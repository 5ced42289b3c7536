package kwform

import (
	"testing"
	"unicode/utf8"
)

// A word's key is lower case with the ASCII apostrophe; Hash and Equal
// read a word as its key without making it.
func TestKey(t *testing.T) {
	for w, want := range map[string]string{
		"Doctor’s": "doctor's", "doctor's": "doctor's", "STATION": "station", "Gríma": "gríma", "GRÍMA": "gríma", "∞": "∞", "Mirrodin!": "mirrodin!",
	} {
		if got := Key(w); got != want {
			t.Errorf("Key(%q) = %q, want %q", w, got, want)
		}
		if !Equal(w, want) || Hash(w) != Hash(want) || !Same(w, want) {
			t.Errorf("%q: Equal %v, Hash %x against %x, Same %v", w, Equal(w, want), Hash(w), Hash(want), Same(w, want))
		}
	}
	for _, pair := range [][2]string{{"ward", "war"}, {"war", "ward"}, {"doctor’s", "doctors"}, {"a", "an"}, {"", "a"}} {
		if Equal(pair[0], Key(pair[1])) || Same(pair[0], pair[1]) {
			t.Errorf("%q and %q are one word", pair[0], pair[1])
		}
	}
}

// Whatever two words, Equal, Same and Hash agree with the keys Key
// makes.
func FuzzKey(f *testing.F) {
	for _, s := range [][2]string{{"Doctor’s", "doctor's"}, {"A", "a"}, {"\xff", "\ufffd"}, {"É", "é"}, {"’", "'"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ka, kb := Key(a), Key(b)
		if Equal(a, kb) != (ka == kb) || Same(a, b) != (ka == kb) {
			t.Fatalf("%q %q: keys %q %q, Equal %v, Same %v", a, b, ka, kb, Equal(a, kb), Same(a, b))
		}
		if Hash(a) != Hash(ka) || !utf8.ValidString(ka) {
			t.Fatalf("%q: hash %x, of its key %q %x", a, Hash(a), ka, Hash(ka))
		}
	})
}
