package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
)

// sourceFlags are the options that say what of a SOURCE is read and how:
// --scope (which files of a folder or repository), --all-files (a book's
// files its main file does not include), --tier (how far it is trusted)
// and --max-file-size. learn, gate and scan take them from this
// one definition, so that gate and scan, given the flags a learn is given,
// check exactly what that learn reads.
type sourceFlags struct {
	tier     string
	scope    string
	allFiles bool
}

// scopeUsage is the --scope flag's help, here and in lore text.
const scopeUsage = "comma-separated paths of a folder or repository to read: dir/ for everything under dir, else an exact path " +
	"(a repository's default: docs/,README.md); refused for a single file, an archive or a web page"

// tierUsage is the --tier flag's help: the flag raises caution only.
const tierUsage = "stranger scans a local source fully, as one from the network, and the gate then needs --trust; " +
	"a URL or remote repository stays stranger whatever --tier says (home or stranger)"

// allFilesUsage is the --all-files flag's help, here and in lore analyze.
const allFilesUsage = "also read the files of a book's folder its main file does not include (older drafts, chapters commented out), " +
	"each a document of its own; without it they are left out, and the notes name them"

// add defines the source flags on cmd.
func (f *sourceFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.scope, "scope", "", scopeUsage)
	cmd.Flags().BoolVar(&f.allFiles, "all-files", false, allFilesUsage)
	cmd.Flags().StringVar(&f.tier, "tier", "", tierUsage)
	cmd.Flags().Int64("max-file-size", acquire.DefaultMaxFileSize, "largest document read, in bytes")
}

// scopes is --scope as a list ("" for none).
func (f sourceFlags) scopes() []string { return splitList(f.scope) }

// check refuses a --scope given for a SOURCE it cannot select from, before
// anything is read: standard input is one document, and so is a single
// file, an archive or a web page (see acquire.CheckScope). A scope is
// never dropped in silence.
func (f sourceFlags) check(source string) error {
	scope := f.scopes()
	if len(scope) == 0 {
		return nil
	}
	if source == "-" {
		return &core.InputError{Input: "standard input", Usage: true,
			Msg: "--scope " + strings.Join(scope, ",") + " selects files of a folder or repository, and standard input is one document: drop --scope"}
	}
	return acquire.CheckScope(source, scope)
}

// sourceOptions reads the source flags into the options of the first stages,
// acquisition and the scan, as a learn of the same source reads them.
func (a *app) sourceOptions(cmd *cobra.Command, f sourceFlags) (engine.ScanOptions, error) {
	opts, err := a.scanOptions(cmd, f.tier)
	if err != nil {
		return opts, err
	}
	opts.Acquire.Scope = f.scopes()
	opts.Acquire.AllFiles = f.allFiles
	return opts, nil
}
