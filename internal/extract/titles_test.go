package extract

import (
	"strings"
	"testing"
)

// firstTwiceNaive is the definition: the first name listed again, in any
// case, and its first listing.
func firstTwiceNaive(names []string) (int, int) {
	for j := range names {
		for i := range j {
			if len(names[i]) == len(names[j]) && strings.EqualFold(names[i], names[j]) {
				return i, j
			}
		}
	}
	return -1, -1
}

func TestFirstTwice(t *testing.T) {
	for _, names := range [][]string{
		nil,
		{"Flying"},
		{"Flying", "Haste", "Reach"},
		{"Flying", "Haste", "flying"},
		{"Ward", "Haste", "Reach", "HASTE", "ward"}, // the later name repeated first
		{"Ward", "Haste", "ward", "Reach", "haste"}, // the earlier
		{"Band", "Echo", "Fear", "echo", "band"},    // one length, two pairs
		{"Kicker", "Kicker", "Kicker"},              // three listings
		{"Defender", "Protection", "Flash", "flash", "Defender"},
		{"K", "\u212a"},                    // the Kelvin sign folds to K, but is three bytes
		{"\u017fxsy", "sx\u017fy", "ſxsy"}, // ſ folds to s: equal in any case, each with a byte over 0x7F
		{"Ærøskøbing", "ærøskøbing"},
		{"a", "@", "`"}, // the case bit of punctuation sets no letter
		{"", "x", ""},
	} {
		gi, gj := firstTwice(names)
		wi, wj := firstTwiceNaive(names)
		if gi != wi || gj != wj {
			t.Errorf("firstTwice(%q) = %d, %d; want %d, %d", names, gi, gj, wi, wj)
		}
	}
}
