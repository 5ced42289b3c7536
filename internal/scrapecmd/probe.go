package scrapecmd

import (
	"context"
	"flag"
	"fmt"

	"github.com/mtgrules/crgen/internal/atomicfile"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// probeFlags are one invocation's flags.
type probeFlags struct {
	dirs
	state, next string
	exitCode    exitCode
}

var probeCommand = &cli.Command{
	Name:    "scrape probe",
	Summary: "Ask the live sources whether anything changed since the last refresh, for a few headers.",
	Doc: `probe asks each source of sources.json that has a URL whether it
changed since what -state records (what the last refresh read): for the
English rules page, one conditional GET of the page (If-None-Match,
If-Modified-Since) and one HEAD of the TXT it links; for a document
fetched directly, one conditional GET. Nothing is downloaded when nothing
changed, and a server that ignores conditional requests costs its page,
never the TXT. Without -state (the first run, or a cache gone), the
newest snapshot's provenance says what was read last.

It prints what it saw of each source and writes to -next what the next
probe compares against; the refresh keeps it once it succeeded. A state
saying {"failed": true} (what the refresh keeps when it failed) counts
everything as changed, so the next run retries in full. It writes
nothing else.`,
	Examples: []string{
		`scrape probe -exit-code -state "$RUNNER_TEMP/probe/state.json" -next "$RUNNER_TEMP/probe-next.json"`,
	},
	Exit: []string{"3 with -exit-code: something changed, run the refresh", "0 nothing changed (without -exit-code: the probe worked)"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(probeFlags)
		f.register(fs, true, true)
		fs.StringVar(&f.state, "state", "", "`file` of what the last refresh read (missing: none)")
		fs.StringVar(&f.next, "next", "", "`file` to write what this probe saw, for the next one")
		f.exitCode.register(fs)
		return f.run
	},
}

func (f *probeFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: probe takes flags only", args)
	}
	if err := f.check(); err != nil {
		return err
	}
	if err := cli.InRepository(f.sources, "sources"); err != nil {
		return err
	}
	m, err := sources.Load(f.sources)
	if err != nil {
		return err
	}
	var prev *scrape.ProbeState
	if f.state != "" {
		if prev, err = scrape.LoadProbeState(f.state); err != nil {
			return err
		}
	}
	c := fetch.New()
	c.MaxBytes = f.maxBytes
	res, err := scrape.Probe(ctx, c, m, snapshot.Store{Dir: f.snapshots}, prev)
	if err != nil {
		return err
	}
	if prev == nil {
		fmt.Fprintln(env.Stdout, "no record of the last probe: comparing with the newest snapshots")
	}
	for _, w := range res.Why {
		fmt.Fprintln(env.Stdout, w)
	}
	if f.next != "" {
		b, err := res.Next.Marshal()
		if err != nil {
			return err
		}
		if _, err := atomicfile.Write(f.next, b); err != nil {
			return err
		}
	}
	if res.Changed {
		fmt.Fprintln(env.Stdout, "changed: the refresh runs")
		return f.exitCode.status(true)
	}
	fmt.Fprintln(env.Stdout, "nothing changed")
	return nil
}
