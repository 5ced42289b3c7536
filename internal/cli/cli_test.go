package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
)

func testCommand() *Command {
	sub := &Command{Name: "tool sub", Args: "FILE", Summary: "Does the sub thing.",
		Flags: func(fs *flag.FlagSet) Run {
			n := fs.Int("n", 3, "how many")
			return func(ctx context.Context, args []string, env Env) error {
				if len(args) != 1 {
					return Usagef("need one FILE, got %d", len(args))
				}
				switch args[0] {
				case "changed":
					return &StatusError{Code: 3}
				case "bad":
					return errors.New("bad.txt: line 2: broken")
				case "echo":
					in, err := io.ReadAll(env.Stdin)
					if err != nil {
						return err
					}
					_, err = fmt.Fprintf(env.Stdout, "n=%d stdin=%s NAME=%s", *n, in, env.Getenv("NAME"))
					return err
				}
				_, err := io.WriteString(env.Stdout, "ok\n")
				return err
			}
		}}
	top := &Command{Name: "tool", Summary: "A tool.", Subcommands: []*Command{sub}}
	return top
}

func run(c *Command, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := c.Main(context.Background(), args, Env{Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), code
}

func TestHelpAndErrors(t *testing.T) {
	t.Parallel()
	c := testCommand()
	for _, tt := range []struct {
		args             []string
		code             int
		stdout, stderr   string
		notOut, notError string
	}{
		{[]string{"-h"}, 0, "\nusage: tool [flags]\n", "", "", ""},
		{[]string{"--help"}, 0, "Commands:\n  sub  Does the sub thing.", "", "", ""},
		{[]string{"help", "sub"}, 0, "usage: tool sub [flags] FILE", "", "", ""},
		{[]string{"sub", "-h"}, 0, "-n int\n    \thow many (default 3)", "", "", ""},
		{[]string{"bogus"}, 2, "", `tool: unknown command "bogus" (valid: sub); see 'tool -h'`, "", ""},
		{[]string{"sub", "-x"}, 2, "", "tool sub: unknown flag -x (valid: -n, -version); see 'tool sub -h'", "usage", ""},
		{[]string{"sub"}, 2, "", "tool sub: need one FILE, got 0\nsee 'tool sub -h'", "", ""},
		{[]string{"sub", "bad"}, 1, "", "tool sub: bad.txt: line 2: broken\n", "", "see '"},
		{[]string{"sub", "changed"}, 3, "", "", "", "tool"},
		{[]string{"sub", "f"}, 0, "ok\n", "", "", ""},
		{[]string{"sub", "echo"}, 0, "n=3 stdin= NAME=", "", "", ""}, // a zero Env: no input, no variables
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

// Invocations of one Command at the same time each see their own flags,
// input and environment (run with -race: a value shared between them is
// a data race).
func TestInvocationsShareNothing(t *testing.T) {
	t.Parallel()
	c := testCommand()
	const runs = 8
	outs := make([]bytes.Buffer, runs)
	codes := make([]int, runs)
	var wg sync.WaitGroup
	for i := range runs {
		wg.Go(func() {
			env := Env{
				Stdin:  strings.NewReader(fmt.Sprint("input", i)),
				Stdout: &outs[i],
				Getenv: func(key string) string { return fmt.Sprint(key, i) },
			}
			codes[i] = c.Main(t.Context(), []string{"sub", "-n", fmt.Sprint(i), "echo"}, env)
		})
	}
	wg.Wait()
	for i := range runs {
		if want := fmt.Sprintf("n=%d stdin=input%d NAME=NAME%d", i, i, i); codes[i] != 0 || outs[i].String() != want {
			t.Errorf("run %d: exit %d, %q, want %q", i, codes[i], outs[i].String(), want)
		}
	}
	// A flag given once does not stay set for the next run.
	if out, _, _ := run(c, "sub", "echo"); !strings.HasPrefix(out, "n=3 ") {
		t.Errorf("after runs with -n: %q", out)
	}
}

func TestOneOf(t *testing.T) {
	t.Parallel()
	if err := OneOf("lang", "fr", "en", "es"); err == nil || err.Error() != `-lang "fr": want one of en, es` {
		t.Errorf("got %v", err)
	}
	if OneOf("lang", "es", "en", "es") != nil {
		t.Error("es refused")
	}
}

// A manual opens with what the command is for, before its usage.
func TestManualOpensWithItsPurpose(t *testing.T) {
	out, _, code := run(testCommand(), "help", "sub")
	if first, _, _ := strings.Cut(out, "\n"); code != 0 || first != "tool sub: Does the sub thing." {
		t.Errorf("tool help sub: exit %d, first line %q", code, first)
	}
}
