package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/typeline"
)

const validateUsage = `usage:
  validate -typeline [-lang en|es] < lines
  validate -manacost [-lenient]    < lines
One item per input line; one JSON object per output line:
  {"input": ..., "ok": true|false, "error": "..."}
mana costs add "mana_value", "colors" and "canonical". Costs of multi-faced
cards ("{2}{W} // {2}{B}") are split at " // "; their mana value is the sum
of the faces (rule 709.4 for split cards). Exit status 0 unless the input
could not be read.
`

type verdict struct {
	Input     string    `json:"input"`
	OK        bool      `json:"ok"`
	Error     string    `json:"error"`
	ManaValue *int      `json:"mana_value,omitempty"`
	Colors    *[]string `json:"colors,omitempty"`
	Canonical *string   `json:"canonical,omitempty"`
}

// Validate runs the validate command and returns its exit status.
func Validate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, validateUsage); fs.PrintDefaults() }
	tl := fs.Bool("typeline", false, "validate type lines")
	mc := fs.Bool("manacost", false, "validate mana costs")
	lang := fs.String("lang", "en", "language of type lines: en or es")
	lenient := fs.Bool("lenient", false, "accept mana-cost shorthand (2WW, lower case, reordered hybrids) and print the canonical form")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *tl == *mc || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "validate: give exactly one of -typeline and -manacost, and read items from standard input")
		return 2
	}
	var l typeline.Lang
	switch *lang {
	case "en":
		l = typeline.English
	case "es":
		l = typeline.Spanish
	default:
		fmt.Fprintf(stderr, "validate: -lang %q: want en or es\n", *lang)
		return 2
	}
	out := bufio.NewWriter(stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		var v verdict
		if *tl {
			v = checkTypeLine(line, l)
		} else {
			v = checkManaCost(line, *lenient)
		}
		if err := enc.Encode(v); err != nil {
			fmt.Fprintln(stderr, "validate:", err)
			return 1
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintln(stderr, "validate: reading input:", err)
		return 1
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return 1
	}
	return 0
}

func checkTypeLine(line string, l typeline.Lang) verdict {
	v := verdict{Input: line, OK: true}
	if err := typeline.Validate(line, l); err != nil {
		v.OK, v.Error = false, err.Error()
	}
	return v
}

func checkManaCost(line string, lenient bool) verdict {
	v := verdict{Input: line}
	mv := 0
	var colors mana.Colors
	var canon []string
	for _, face := range strings.Split(line, " // ") {
		parse := mana.ParseCost
		if lenient {
			parse = mana.ParseCostLenient
		}
		c, err := parse(face)
		if err != nil {
			v.Error = err.Error()
			return v
		}
		mv += c.ManaValue()
		colors |= c.Colors()
		canon = append(canon, c.String())
	}
	letters := colors.Letters()
	joined := strings.Join(canon, " // ")
	v.OK, v.ManaValue, v.Colors, v.Canonical = true, &mv, &letters, &joined
	return v
}
