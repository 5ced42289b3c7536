// Command gen writes the Go packages under generated/ from the snapshots in
// snapshots/current, offline and byte-identically on every run.
//
//	gen          write generated/
//	gen -check   fail if generated/ is not what gen would write
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/mtgrules/crgen/internal/gen"
)

func main() {
	snapDir := flag.String("snapshots", "snapshots", "snapshot directory")
	outDir := flag.String("out", "generated", "output directory")
	check := flag.Bool("check", false, "only check that the output is up to date")
	flag.Parse()
	if err := run(*snapDir, *outDir, *check); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(snapDir, outDir string, check bool) error {
	files, err := gen.Files(snapDir, outDir)
	if err != nil {
		return err
	}
	if check {
		stale, err := gen.Stale(files, outDir)
		if err != nil {
			return err
		}
		if len(stale) > 0 {
			return &gen.StaleError{Paths: stale}
		}
		return nil
	}
	changed, err := gen.Write(files, outDir)
	if err != nil {
		return err
	}
	for _, c := range changed {
		fmt.Println("wrote", c)
	}
	if len(changed) == 0 {
		fmt.Println("generated/ is up to date")
	}
	return nil
}
