package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/internal/lazyre"
)

// stdinHelp is the sentence the commands that read a SOURCE add to their
// help.
const stdinHelp = `SOURCE "-" reads one document from standard input: a PDF, zip or gzip archive
by its first bytes, else text — LaTeX, PreTeXt or HTML by their markup,
Markdown by its headings, lists, links or code fences, plain text otherwise.
It is named stdin.<ext>, read from a temporary folder removed afterwards, and
is a HOME source.`

// stdinTierHelp follows stdinHelp in the help of the commands that take
// --tier.
const stdinTierHelp = ` Pass --tier stranger if it came from the network.`

// readSource resolves the SOURCE argument: "-" is standard input, copied
// into a temporary folder of lore's own (acquisition reads files, and a
// file has a name and an extension that say how to read it); anything else
// is returned as given. done removes what was written.
func (a *app) readSource(cmd *cobra.Command, source string) (path string, done func(), err error) {
	if source != "-" {
		return source, func() {}, nil
	}
	a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
	limit, err := a.cfg.maxFileSize()
	if err != nil {
		return "", nil, err
	}
	if f, ok := a.Stdin.(*os.File); ok && isTerminal(f) {
		fmt.Fprintln(a.Stderr, "lore: reading the document from standard input; end it with ctrl-d")
	}
	data, err := readAllContext(cmd.Context(), io.LimitReader(a.Stdin, limit+1))
	if errors.Is(err, context.Canceled) {
		return "", nil, err
	}
	if err != nil {
		return "", nil, &core.InputError{Input: "standard input", Msg: "unreadable: " + err.Error(), Err: err}
	}
	if int64(len(data)) > limit {
		return "", nil, &core.InputError{Input: "standard input", Msg: fmt.Sprintf("over the %s per-file limit (--max-file-size)", acquire.HumanBytes(limit))}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return "", nil, &core.InputError{Input: "standard input", Msg: "empty; pipe a document into lore, or name a file instead of -", Usage: true}
	}
	dir, err := os.MkdirTemp("", "lore-stdin-")
	if err != nil {
		return "", nil, fmt.Errorf("standard input: temporary folder: %w", err)
	}
	done = func() { _ = os.RemoveAll(dir) }
	path = filepath.Join(dir, "stdin"+stdinExtension(data))
	if err := os.WriteFile(path, data, 0o600); err != nil {
		done()
		return "", nil, fmt.Errorf("standard input: %w", err)
	}
	return path, done, nil
}

// fromSource runs fn on the SOURCE argument as readSource resolves it and
// removes what reading standard input wrote once fn returns: what fn
// returns is read into memory by then.
func fromSource[T any](a *app, cmd *cobra.Command, source string, fn func(path string) (T, error)) (T, error) {
	path, done, err := a.readSource(cmd, source)
	if err != nil {
		var zero T
		return zero, err
	}
	defer done()
	return fn(path)
}

// readAllContext reads r to its end, or returns ctx's error as soon as ctx
// ends: standard input that stays open without data (a pipe whose writer
// stalls) must not make ctrl-c wait for it. The abandoned read ends with
// the process.
func readAllContext(ctx context.Context, r io.Reader) ([]byte, error) {
	type read struct {
		data []byte
		err  error
	}
	done := make(chan read, 1)
	go func() {
		data, err := io.ReadAll(r)
		done <- read{data, err}
	}()
	select {
	case got := <-done:
		return got.data, got.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

var (
	latexMarkup    = lazyre.New(`(?m)^\s*\\(documentclass|begin\{(document|definition|theorem)\}|(chapter|section|subsection)\*?\{)`)
	pretextMarkup  = lazyre.New(`<(pretext|mathbook)[\s>]`)
	htmlMarkup     = lazyre.New(`(?i)^\s*(<!doctype html|<html[\s>])`)
	markdownMarkup = lazyre.New("(?m)^(#{1,6} \\S|```|~~~|\\s*[-*+] \\S|\\s*\\d+\\. \\S|(=+|-+)\\s*$)|\\]\\([^)]+\\)")
)

// stdinExtension names how standard input is to be read, by its content.
func stdinExtension(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return ".pdf"
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return ".zip"
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		return ".tar.gz"
	}
	head := data[:min(len(data), 64<<10)]
	switch {
	case pretextMarkup.Match(head):
		return ".ptx"
	case htmlMarkup.Match(head):
		return ".html"
	case latexMarkup.Match(head):
		return ".tex"
	case markdownMarkup.Match(head):
		return ".md"
	}
	return ".txt"
}
