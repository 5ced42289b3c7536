// Package cli is what every command of the project shares, so that each
// behaves alike: -h prints the command's own usage (what it does, its
// arguments, flags with defaults, an example, exit statuses) to standard
// output and exits 0; an unknown command or flag exits 2 with one line
// naming it and the valid ones; -version prints the module version and
// VCS revision; errors print as "command: message" and exit 1.
//
// It imports the standard library only: each command links what it uses.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
)

// Exit statuses shared by every command.
const (
	ExitOK      = 0
	ExitFailure = 1
	ExitUsage   = 2
)

// Env is what one invocation reads and writes besides its arguments. Each
// invocation has its own, so that runs in one process (tests) share no
// state: a command reads its input, its environment variables and writes
// its output only through its Env.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Getenv reads an environment variable; "" when unset.
	Getenv func(key string) string
}

// OSEnv is the process's own streams and environment, for main.
func OSEnv() Env {
	return Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
}

// complete fills what a caller left out: no input, output discarded, no
// environment variables set.
func (e Env) complete() Env {
	if e.Stdin == nil {
		e.Stdin = strings.NewReader("")
	}
	if e.Stdout == nil {
		e.Stdout = io.Discard
	}
	if e.Stderr == nil {
		e.Stderr = io.Discard
	}
	if e.Getenv == nil {
		e.Getenv = func(string) string { return "" }
	}
	return e
}

// Run does a command's work with its flags parsed; args are what follows
// them.
type Run func(ctx context.Context, args []string, env Env) error

// Command is one command or subcommand.
type Command struct {
	Name     string // as typed: "scrape extract"
	Args     string // after the flags: "FILE...", "OLD NEW"
	Summary  string // one line
	Doc      string // what it does, in paragraphs
	Examples []string
	// Exit describes the exit statuses beyond 0, 1 and 2, if any.
	Exit []string
	// Flags registers the command's flags on fs, each bound to a variable
	// of this call, and returns the Run that reads them: every invocation
	// parses into values of its own. The manual page calls it on a
	// throwaway FlagSet and ignores the Run. A nil Flags or a nil Run is a
	// command that does nothing without a subcommand: it prints its usage
	// and exits 2.
	Flags func(fs *flag.FlagSet) Run
	// Subcommands, for a command like scrape; its Run then handles the
	// command without a subcommand.
	Subcommands []*Command
}

// Main runs the command with args (without the program name) in env and
// returns the exit status.
func (c *Command) Main(ctx context.Context, args []string, env Env) int {
	env = env.complete()
	stdout, stderr := env.Stdout, env.Stderr
	if len(c.Subcommands) > 0 && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if args[0] == "help" {
			if len(args) > 1 {
				if sub := c.sub(args[1]); sub != nil {
					sub.usage(stdout)
					return ExitOK
				}
			}
			c.usage(stdout)
			return ExitOK
		}
		if sub := c.sub(args[0]); sub != nil {
			return sub.Main(ctx, args[1:], env)
		}
		if c.Args == "" {
			fmt.Fprintf(stderr, "%s: unknown command %q (valid: %s); see '%s -h'\n", c.Name, args[0], strings.Join(c.subNames(), ", "), c.Name)
			return ExitUsage
		}
	}
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // usage and errors are printed here, once
	var run Run
	if c.Flags != nil {
		run = c.Flags(fs)
	}
	version := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage(stdout)
			return ExitOK
		}
		fmt.Fprintf(stderr, "%s: %s; see '%s -h'\n", c.Name, flagError(err, fs), c.Name)
		return ExitUsage
	}
	if *version {
		fmt.Fprintln(stdout, Version(c.Name))
		return ExitOK
	}
	if run == nil {
		c.usage(stderr)
		return ExitUsage
	}
	return Report(c.Name, run(ctx, fs.Args(), env), stderr)
}

// Report prints err as "name: message" and returns its exit status.
func Report(name string, err error, stderr io.Writer) int {
	if err == nil {
		return ExitOK
	}
	var st *StatusError
	if errors.As(err, &st) {
		if st.Err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, st.Err)
			if st.Code == ExitUsage {
				fmt.Fprintf(stderr, "see '%s -h'\n", name)
			}
		}
		return st.Code
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return ExitFailure
}

// StatusError is an error with its own exit status. Err may be nil: a
// status that is an answer, not a failure (diff's 3, "changed").
type StatusError struct {
	Code int
	Err  error
}

func (e *StatusError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *StatusError) Unwrap() error { return e.Err }

// Usagef is a usage error: wrong arguments, exit status 2.
func Usagef(format string, args ...any) error {
	return &StatusError{Code: ExitUsage, Err: fmt.Errorf(format, args...)}
}

// flagError rewrites the flag package's errors as one line that names the
// valid flags.
func flagError(err error, fs *flag.FlagSet) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		var valid []string
		fs.VisitAll(func(f *flag.Flag) { valid = append(valid, "-"+f.Name) })
		sort.Strings(valid)
		return fmt.Sprintf("unknown flag %s (valid: %s)", name, strings.Join(valid, ", "))
	}
	return msg
}

func (c *Command) sub(name string) *Command {
	for _, s := range c.Subcommands {
		if s.Name == c.Name+" "+name {
			return s
		}
	}
	return nil
}

func (c *Command) subNames() []string {
	var out []string
	for _, s := range c.Subcommands {
		out = append(out, strings.TrimPrefix(s.Name, c.Name+" "))
	}
	return out
}

// usage writes the command's manual page.
func (c *Command) usage(w io.Writer) {
	var b strings.Builder
	// What it is for, first: the line a user reads before any other.
	fmt.Fprintf(&b, "%s: %s\n\nusage: %s [flags]", c.Name, c.Summary, c.Name)
	if c.Args != "" {
		b.WriteString(" " + c.Args)
	}
	b.WriteString("\n")
	if len(c.Subcommands) > 0 {
		fmt.Fprintf(&b, "       %s COMMAND [flags] ...\n", c.Name)
	}
	if c.Doc != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(c.Doc))
	}
	if len(c.Subcommands) > 0 {
		b.WriteString("\nCommands:\n")
		width := 0
		for _, n := range c.subNames() {
			width = max(width, len(n))
		}
		for i, s := range c.Subcommands {
			fmt.Fprintf(&b, "  %-*s  %s\n", width, c.subNames()[i], s.Summary)
		}
		fmt.Fprintf(&b, "Run '%s COMMAND -h' for a command's own flags.\n", c.Name)
	}
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	if c.Flags != nil {
		_ = c.Flags(fs) // only the flags, for their defaults
	}
	fs.Bool("version", false, "print the version and exit")
	b.WriteString("\nFlags:\n")
	fs.SetOutput(&b)
	fs.PrintDefaults()
	if len(c.Examples) > 0 {
		b.WriteString("\nExamples:\n")
		for _, e := range c.Examples {
			fmt.Fprintf(&b, "  %s\n", e)
		}
	}
	b.WriteString("\nExit status:\n  0 success\n  1 failure (the message says what and where)\n  2 usage error (unknown command or flag, bad arguments)\n")
	for _, e := range c.Exit {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	_, _ = io.WriteString(w, b.String()) // a manual page nobody can read is not an error worth more
}

// Version describes the running binary: module version and VCS revision
// from its build information.
func Version(name string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return name + ": no build information"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	out := fmt.Sprintf("%s %s %s", name, bi.Main.Path, v)
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		out += " revision " + rev
		if t := settings["vcs.time"]; t != "" {
			out += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			out += " with uncommitted changes"
		}
	} else {
		out += " (no VCS revision: built outside a repository, or with go run)"
	}
	return out + ", " + bi.GoVersion
}

// OneOf checks a flag value against its valid values.
func OneOf(flagName, value string, valid ...string) error {
	if slices.Contains(valid, value) {
		return nil
	}
	return Usagef("-%s %q: want one of %s", flagName, value, strings.Join(valid, ", "))
}

// Interrupted returns a context cancelled by an interrupt, for main.
func Interrupted() (context.Context, context.CancelFunc) {
	return signalContext(context.Background())
}

// Exit runs c with the process's arguments, streams and environment, and
// exits with its status.
func Exit(c *Command) {
	ctx, stop := Interrupted()
	code := c.Main(ctx, os.Args[1:], OSEnv())
	stop()
	os.Exit(code)
}

// InRepository checks that dir, which a command reads from the
// repository by default, exists; when it does not, the error says so the
// same way for every command: run from the repository root, or give the
// flag that names it.
func InRepository(dir, flag string) error {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s not found: run from the repository root, or give -%s DIR", dir, flag)
	}
	return nil
}
