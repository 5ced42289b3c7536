package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

func testCommand() *Command {
	var n int
	sub := &Command{Name: "tool sub", Args: "FILE", Summary: "Does the sub thing.",
		Flags: func(fs *flag.FlagSet) { fs.IntVar(&n, "n", 3, "how many") },
		Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) != 1 {
				return Usagef("need one FILE, got %d", len(args))
			}
			if args[0] == "changed" {
				return &StatusError{Code: 3}
			}
			if args[0] == "bad" {
				return errors.New("bad.txt: line 2: broken")
			}
			_, err := io.WriteString(stdout, "ok\n")
			return err
		}}
	top := &Command{Name: "tool", Summary: "A tool.", Subcommands: []*Command{sub}}
	return top
}

func run(c *Command, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := c.Main(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestHelpAndErrors(t *testing.T) {
	c := testCommand()
	for _, tt := range []struct {
		args             []string
		code             int
		stdout, stderr   string
		notOut, notError string
	}{
		{[]string{"-h"}, 0, "usage: tool [flags]\n", "", "", ""},
		{[]string{"--help"}, 0, "Commands:\n  sub  Does the sub thing.", "", "", ""},
		{[]string{"help", "sub"}, 0, "usage: tool sub [flags] FILE", "", "", ""},
		{[]string{"sub", "-h"}, 0, "-n int\n    \thow many (default 3)", "", "", ""},
		{[]string{"bogus"}, 2, "", `tool: unknown command "bogus" (valid: sub); see 'tool -h'`, "", ""},
		{[]string{"sub", "-x"}, 2, "", "tool sub: unknown flag -x (valid: -n, -version); see 'tool sub -h'", "usage", ""},
		{[]string{"sub"}, 2, "", "tool sub: need one FILE, got 0\nsee 'tool sub -h'", "", ""},
		{[]string{"sub", "bad"}, 1, "", "tool sub: bad.txt: line 2: broken\n", "", "see '"},
		{[]string{"sub", "changed"}, 3, "", "", "", "tool"},
		{[]string{"sub", "f"}, 0, "ok\n", "", "", ""},
		{[]string{"sub", "-version"}, 0, "tool sub ", "", "", ""},
		{nil, 2, "", "usage: tool", "", ""},
	} {
		out, errs, code := run(c, tt.args...)
		if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) ||
			(tt.notOut != "" && strings.Contains(out, tt.notOut)) || (tt.notError != "" && strings.Contains(errs, tt.notError)) {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q", tt.args, code, out, errs)
		}
	}
}

func TestOneOf(t *testing.T) {
	if err := OneOf("lang", "fr", "en", "es"); err == nil || err.Error() != `-lang "fr": want one of en, es` {
		t.Errorf("got %v", err)
	}
	if OneOf("lang", "es", "en", "es") != nil {
		t.Error("es refused")
	}
}
