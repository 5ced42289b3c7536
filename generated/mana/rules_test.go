package mana_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/internal/corpus"
)

func TestManaValueAndColors(t *testing.T) {
	for _, tt := range []struct {
		cost   string
		mv     int
		colors string
	}{
		{"", 0, ""},
		{"{0}", 0, ""},
		{"{X}{R}", 1, "R"},
		{"{X}{X}{G}", 1, "G"},
		{"{2/W}", 2, "W"},
		{"{2/W}{2/U}{2/B}{2/R}{2/G}", 10, "WUBRG"},
		{"{C/W}", 1, "W"},
		{"{W/U}", 1, "WU"},
		{"{G/P}", 1, "G"},
		{"{W/U/P}", 1, "WU"},
		{"{S}{S}", 2, ""},
		{"{C}{C}", 2, ""},
		{"{15}", 15, ""},
		{"{3}{B}{R}{G}", 6, "BRG"},
	} {
		c, err := mana.ParseCost(tt.cost)
		if err != nil {
			t.Errorf("%q: %v", tt.cost, err)
			continue
		}
		if c.ManaValue() != tt.mv || c.Colors().String() != tt.colors {
			t.Errorf("%q: mana value %d colours %q, want %d %q", tt.cost, c.ManaValue(), c.Colors(), tt.mv, tt.colors)
		}
	}
}

func TestStrictRejects(t *testing.T) {
	for cost, want := range map[string]string{
		"{HW}":                     "position 1: {HW} is not a mana symbol defined by rule 107.4",
		"{2}{U/W}":                 "position 4: {U/W} is not a mana symbol defined by rule 107.4 (it writes {W/U})",
		"{P/G}":                    "(it writes {G/P})",
		"{99999999999999999999}":   "too large a number for an int",
		"{9223372036854775807}{1}": "the mana value overflows an int",
		"{01}":                     "leading zero",
		"2WW":                      "expected '{'",
		"{W":                       "unclosed",
		"{}":                       "{} is not a mana symbol",
		"{w}":                      "{w} is not a mana symbol",
		"{Y}":                      "{Y} is not a mana symbol",
		"{H}":                      "{H} is not a mana symbol",
	} {
		_, err := mana.ParseCost(cost)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", cost, err, want)
		}
	}
}

func TestLenient(t *testing.T) {
	for in, want := range map[string]string{
		"2WW":           "{2}{W}{W}",
		"ww2":           "{2}{W}{W}",
		"{1}{1}{G}":     "{2}{G}",
		"X R":           "{X}{R}",
		"{u/w}{P/G}":    "{W/U}{G/P}",
		"{u/w/p}":       "{W/U/P}",
		"{w/2}":         "{2/W}",
		"0":             "{0}",
		"":              "",
		"{2}{W/U}{G/P}": "{2}{W/U}{G/P}",
		"1000000":       "{1000000}",
	} {
		c, err := mana.ParseCostLenient(in)
		if err != nil || c.String() != want {
			t.Errorf("lenient %q = %q, %v; want %q", in, c.String(), err, want)
		}
	}
	for _, bad := range []string{"{HW}", "2Q", "9223372036854775807 1", "{W"} {
		if c, err := mana.ParseCostLenient(bad); err == nil {
			t.Errorf("lenient %q accepted as %s", bad, c)
		}
	}
}

// exampleRE reads the rules' own payment examples: "{G/W}{G/W} can be paid
// by spending {G}{G}, {G}{W}, or {W}{W}."
var exampleRE = regexp.MustCompile(`Example: ((?:\{[^}]+\})+) can be paid by (.*?)\.(?: |$)`)

// The examples of 107.4e and 107.4f, read from the rules text of the
// frozen tree (the working tree's snapshots change with every rules
// update; the rules on paying hybrid and Phyrexian mana do not), are what
// PaymentOptions returns.
func TestPaymentOptionsMatchTheRulesExamples(t *testing.T) {
	s, err := corpus.FrozenStore(t).Current("en")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, rule := range []string{"107.4e", "107.4f"} {
		m := exampleRE.FindStringSubmatch(s.Rules[rule])
		if m == nil {
			t.Fatalf("rule %s has no payment example: %q", rule, s.Rules[rule])
		}
		found++
		var got []string
		for _, o := range payments(t, m[1]) {
			got = append(got, normalizePayment(o))
		}
		want := rulesAlternatives(m[2])
		if strings.Join(got, " | ") != strings.Join(want, " | ") {
			t.Errorf("rule %s: %s can be paid by %v, the rule says %v", rule, m[1], got, want)
		}
	}
	if found != 2 {
		t.Errorf("%d examples", found)
	}
}

// payments lists the payment options of a cost as strings.
func payments(t *testing.T, cost string) []string {
	t.Helper()
	c, err := mana.ParseCost(cost)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := c.PaymentOptions()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range opts {
		out = append(out, o.String())
	}
	return out
}

// rulesAlternatives splits "spending {G}{G}, {G}{W}, or {W}{W}" and
// "spending {W}{W}, by spending {W} and paying 2 life, or by paying 4 life"
// into comparable alternatives.
func rulesAlternatives(s string) []string {
	s = strings.ReplaceAll(s, ", or ", ", ")
	var out []string
	for _, alt := range strings.Split(s, ", ") {
		for _, w := range []string{"by ", "spending ", "paying "} {
			alt = strings.ReplaceAll(alt, w, "")
		}
		out = append(out, normalizePayment(alt))
	}
	return out
}

// normalizePayment sorts the mana symbols of a payment so "{W}{G}" and
// "{G}{W}" compare equal.
func normalizePayment(s string) string {
	mana, life, _ := strings.Cut(s, " and ")
	if strings.HasSuffix(mana, "life") {
		return mana
	}
	syms := regexp.MustCompile(`\{[^}]+\}`).FindAllString(mana, -1)
	sortStrings(syms)
	out := strings.Join(syms, "")
	if life != "" {
		out += " and " + life
	}
	return out
}

func sortStrings(a []string) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func TestPaymentOptionsOtherSymbols(t *testing.T) {
	for cost, want := range map[string]string{
		"{2/W}":      "{W} | {2}",
		"{C/G}":      "{C} | {G}",
		"{S}":        "1 mana from snow sources",
		"{X}{W/U/P}": "{X}{W} | {X}{U} | {X} and 2 life",
		"{3}":        "{3}",
		"":           "nothing",
	} {
		got := payments(t, cost)
		if strings.Join(got, " | ") != want {
			t.Errorf("%q: %v, want %s", cost, got, want)
		}
	}
	c, _ := mana.ParseCost(strings.Repeat("{W/U/P}", 12))
	if _, err := c.PaymentOptions(); err != nil {
		t.Errorf("12 hybrid Phyrexian symbols: %v", err) // 91 distinct options
	}
	c, _ = mana.ParseCost(strings.Repeat("{W/U}{B/R}{G/W}{U/B}{R/G}{W/P}", 5))
	if _, err := c.PaymentOptions(); err != mana.ErrTooManyPayments {
		t.Errorf("30 symbols: %v, want ErrTooManyPayments", err)
	}
}
