// Package validatecmd is the validate command: type lines, mana costs or
// cards' keywords, one per line of standard input, one JSON verdict per
// line of output.
// cmd/validate only calls Command.Main.
package validatecmd

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/cli"
)

// MaxLine is the longest line judged; a longer one gets its own verdict
// ("too long") and the run goes on with the next.
const MaxLine = 64 << 10

// validateFlags are one invocation's flags.
type validateFlags struct {
	typeline, manacost, keywords, lenient, printed, noInput bool
	lang, asOf                                              string
}

// Command is validate.
var Command = &cli.Command{
	Name:    "validate",
	Summary: "Check type lines or mana costs against the Comprehensive Rules, or read the keywords of cards, one per input line.",
	Doc: `validate reads standard input line by line (any length: a line over 64 KiB
gets a verdict of its own and the run goes on) and writes one JSON object
per line:

  {"line": 3, "input": "Creature — Forest", "ok": false,
   "error": "...", "cause": "category", "rule": "205.3d"}

Type lines are read in any case ("creature — elf" is Creature — Elf) and
"canonical" gives the line as the rules spell it, in its language's
order; with -lang either, a line is read in the language it is in.
Mana costs add "mana_value", "colors" (a list of the colours' letters,
["W","B"], as the Go package encodes them; [] for colorless) and
"canonical"; a
multi-faced cost ("{2}{W} // {2}{B}", a split card) keeps its faces, and
its mana value and colours are those of its faces combined (709.4b): the
sum of their mana values, every colour of each. A long input is
shortened in "input" (the verdict gives its length) and errors do not
repeat it.

By default items are judged by the rules. With -printed they are judged
as printed on cards: a type line may use the forms cards print that the
rules spell differently (" - " for the long dash, older Spanish
translations such as Pícaro, feminine agreement such as "Bestia felina",
accents and hyphens the rules page does not use); each is listed in
"notes", and "current" is the line as the rules spell it, in the line's
own order, ready to store: every name with the rules' spelling and
capitals ("creature — elf warrior" is "Creature — Elf Warrior", "Urza's"
is "Urza’s"), "Token" before a token's types left out. Names the rules dropped (Legend, Lord,
"Encantar criatura", Tribal) stay errors that say when. A mana cost may
use the symbols cards print outside rule 107.4 ({C/P}); "printed": true
marks such a cost.

With -as-of DATE (YYYY-MM-DD) items are judged by the rules in force
that day, the newest release on or before it: a name or a symbol the
rules listed only later, or no longer, is an error saying when; a list
that release did not read (a release recorded from rule pages of other
rules) is judged as of the newest release before it that did.

` + keywordsDoc,
	Examples: []string{
		"printf 'Legendary Creature — Time Lord Doctor\\n' | validate -typeline",
		"validate -typeline -lang es < lineas.txt",
		"printf 'Criatura - Bestia felina\\n' | validate -typeline -lang es -printed",
		"printf '2WW\\n' | validate -manacost -lenient",
		"printf 'Tribal Instant — Goblin\\n' | validate -typeline -as-of 2024-04-12",
		`printf '{"name": "Black Knight", "text": "First strike\\nProtection from white"}\\n' | validate -keywords`,
	},
	Exit: []string{"(0 also when lines are invalid: the verdicts say so; 1 only when the input cannot be read)"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(validateFlags)
		fs.BoolVar(&f.typeline, "typeline", false, "validate type lines")
		fs.BoolVar(&f.manacost, "manacost", false, "validate mana costs")
		fs.BoolVar(&f.keywords, "keywords", false, "read the keywords of cards, each a JSON object with \"text\" (and \"name\", \"type_line\", \"id\")")
		fs.BoolVar(&f.noInput, "no-input", false, "leave the line read (\"input\") out of each verdict")
		fs.StringVar(&f.lang, "lang", "en", "`language` of type lines: en, es, or either (each line in the language it is in)")
		fs.BoolVar(&f.lenient, "lenient", false, "accept mana-cost shorthand (2WW, lower case, reordered hybrids) and give the canonical form")
		fs.BoolVar(&f.printed, "printed", false, "judge items as printed on cards (forms the rules spell differently, symbols outside 107.4), naming the rules' form")
		fs.StringVar(&f.asOf, "as-of", "", "judge items by the rules in force on `date` (YYYY-MM-DD), not today's")
		return f.run
	},
}

type verdict struct {
	Line      int             `json:"line"`
	Input     *string         `json:"input,omitempty"`  // the line read, unless -no-input
	Length    int             `json:"length,omitempty"` // bytes, when input is shortened
	OK        bool            `json:"ok"`
	Error     string          `json:"error,omitempty"`
	Cause     string          `json:"cause,omitempty"`
	Rule      string          `json:"rule,omitempty"`
	Canonical *string         `json:"canonical,omitempty"`
	Current   *string         `json:"current,omitempty"` // printed mode: the line as the rules spell it
	Notes     []typeline.Note `json:"notes,omitempty"`
	ManaValue *int            `json:"mana_value,omitempty"`
	Colors    *mana.Colors    `json:"colors,omitempty"`   // ["W","B"], as mana.Colors encodes; [] for colorless
	Printed   bool            `json:"printed,omitempty"`  // a cost with symbols outside rule 107.4
	ID        json.RawMessage `json:"id,omitempty"`       // -keywords: the card's id, as given
	Name      string          `json:"name,omitempty"`     // -keywords: the card's name, as given
	Keywords  *[]foundKeyword `json:"keywords,omitempty"` // -keywords: every keyword the text uses
}

func (f *validateFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if n := count(f.typeline, f.manacost, f.keywords); n != 1 {
		return cli.Usagef("give exactly one of -typeline, -manacost and -keywords")
	}
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: validate reads its items from standard input", args)
	}
	if f.keywords && (f.lenient || f.printed || f.lang != "en") {
		return cli.Usagef("-keywords reads cards' English rules text as given; it does not combine with -lenient, -printed or -lang")
	}
	if f.lenient && (f.typeline || f.printed) {
		return cli.Usagef("-lenient is for mana costs in strict notation's place; it does not combine with -typeline or -printed")
	}
	lang, err := typeline.ParseLang(f.lang)
	if err != nil || f.lang == "" {
		return cli.Usagef("-lang %q: want en, es or either", f.lang)
	}
	if f.asOf != "" {
		if err := rules.CheckDate(f.asOf); err != nil {
			return cli.Usagef("-as-of: %v", err)
		}
		if _, ok := rules.InForce(f.asOf); !ok {
			return cli.Usagef("-as-of %q: want a date on or after the oldest release known, %s", f.asOf, rules.Releases("en")[0])
		}
		if f.manacost && (f.lenient || f.printed) {
			return cli.Usagef("-as-of judges mana costs in the rules' notation by the rules of a release; it does not combine with -lenient or -printed")
		}
		if gap := rules.Gap(f.asOf); gap != "" {
			r, _ := rules.InForce(f.asOf)
			fmt.Fprintf(env.Stderr, "validate: on %s the rules in force were those of %s, which the history does not record: judged by the rules of %s\n", f.asOf, gap, r)
		}
	}
	kw, err := keyword.NewReader(f.asOf) // the day checked once, for every card
	if err != nil {
		return cli.Usagef("-as-of: %v", err)
	}
	out := bufio.NewWriter(env.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	r := bufio.NewReaderSize(env.Stdin, 64<<10)
	for n := 1; ; n++ {
		line, length, err := readLine(r)
		if err == io.EOF && length == 0 {
			break
		}
		if err != nil && err != io.EOF {
			_ = out.Flush() // the verdicts so far, then the read error
			return fmt.Errorf("reading input after line %d: %w", n-1, err)
		}
		var v verdict
		switch {
		case length > MaxLine:
			v = verdict{Error: fmt.Sprintf("line of %d bytes, more than %d: no type line or mana cost is that long", length, MaxLine)}
		case f.typeline:
			v = checkTypeLine(line, typeline.Options{Lang: lang, Printed: f.printed, AsOf: f.asOf})
		case f.keywords:
			v = readKeywords(line, kw)
		default:
			v = checkManaCost(line, f.lenient, f.printed, f.asOf)
		}
		v.Line = n
		in, l := shorten(line, length)
		if !f.noInput {
			v.Input, v.Length = &in, l
		}
		if err := enc.Encode(v); err != nil {
			return err
		}
		if ctx.Err() != nil {
			_ = out.Flush()
			return ctx.Err()
		}
	}
	return out.Flush()
}

// count is how many of flags are set.
func count(flags ...bool) int {
	n := 0
	for _, f := range flags {
		if f {
			n++
		}
	}
	return n
}

// readLine returns the next line without its line break, at most MaxLine
// bytes of it, and its whole length: a longer line is read through and
// dropped, never held in memory.
func readLine(r *bufio.Reader) (string, int, error) {
	var b []byte
	length := 0
	for {
		chunk, err := r.ReadSlice('\n')
		length += len(chunk)
		if len(b) <= MaxLine {
			b = append(b, chunk[:min(len(chunk), MaxLine+1-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return "", length, err
		}
		s := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		if length > 0 && err == nil {
			length--
			if strings.HasSuffix(string(b), "\r\n") {
				length--
			}
		}
		return s, length, err
	}
}

// shorten keeps the first 200 bytes of a long input (at a character
// boundary), so output never repeats a huge line.
func shorten(s string, length int) (string, int) {
	const keep = 200
	if length <= keep && len(s) <= keep {
		return s, 0
	}
	cut := min(keep, len(s))
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…", length
}

func checkTypeLine(line string, o typeline.Options) verdict {
	tl, err := o.Parse(line)
	if err != nil {
		var te *typeline.Error
		if !errors.As(err, &te) {
			return verdict{Error: err.Error()}
		}
		// The verdict holds the input already: the error does not
		// repeat it.
		msg := te.Reason
		if te.Rule != "" {
			msg = "rule " + te.Rule + ": " + msg
		}
		if te.Face > 0 {
			msg = fmt.Sprintf("face %d: %s", te.Face, msg)
		}
		return verdict{Error: msg, Cause: te.Cause.String(), Rule: te.Rule}
	}
	// "Token" before a token's types is no type: the rules' line is
	// without it.
	for i := range tl.Faces {
		tl.Faces[i].Token = false
	}
	canon := tl.Format(o.LangOf(line))
	v := verdict{OK: true, Canonical: &canon}
	if o.Printed {
		// The line read again, keeping where each name is: every name as
		// the rules spell it, in the line's order.
		cur, err := o.Current(line)
		if err != nil {
			return verdict{Error: err.Error()}
		}
		v.Current, v.Notes = &cur, tl.Notes
	}
	return v
}

// checkManaCost judges a cost as the mana package reads it: a cost of
// several faces (" // ") keeps each, and has the mana value and colours
// of the faces combined (709.4b).
func checkManaCost(line string, lenient, printed bool, asOf string) verdict {
	parse := mana.ParseCost
	switch {
	case lenient:
		parse = mana.ParseCostLenient
	case printed:
		parse = mana.ParseCostPrinted
	case asOf != "":
		parse = func(s string) (mana.Cost, error) { return mana.ParseCostAsOf(s, asOf) }
	}
	c, err := parse(line)
	if err != nil {
		var ce *mana.CostError
		if errors.As(err, &ce) {
			return verdict{Error: fmt.Sprintf("position %d: %s", ce.Pos, ce.Reason)}
		}
		return verdict{Error: err.Error()}
	}
	mv, colors, canon := c.ManaValue(), c.Colors(), c.String()
	return verdict{OK: true, ManaValue: &mv, Colors: &colors, Canonical: &canon, Printed: c.Printed()}
}
