package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"connectrpc.com/connect"

	"charm.land/fang/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lore-kb/lore/cli/browsecmd"
	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/cli/curatecmd"
	"github.com/lore-kb/lore/cli/runscmd"
	"github.com/lore-kb/lore/cli/skillscmd"
	"github.com/lore-kb/lore/cli/userscmd"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/tui/learnform"
)

// app carries what every command needs: configuration and the streams.
type app struct {
	cmdutil.Factory
	cfg *config
	// configFlag is the --config value, read before the configuration.
	configFlag string
	// warnedDataDir: the open-to-others warning was given.
	warnedDataDir bool
	// warnedNoStore: the note that no store exists yet is given once.
	warnedNoStore bool
	// held is the store this process owns and lends to each operation
	// (nil: each command opens it).
	held *heldStore
	// workspaces are the stores of a team server's other workspaces
	// (nil unless this process serves).
	workspaces *workspaces
	// pgStores are the PostgreSQL stores of store.url, opened on first
	// use (see pg).
	pgStores *pgStores
	// writesStore: this command changes the store, which the loans of its
	// calls then share opened writable (see commandStore).
	writesStore bool
	// serving are lore serve's bounds on what its clients hold.
	serving serveLimits
}

// newApp is lore on these streams.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *app {
	return &app{Factory: cmdutil.Factory{Stdin: stdin, Stdout: stdout, Stderr: stderr}}
}

// theme is the theme setting, "" before the configuration is read.
func (a *app) theme() string {
	if a.cfg == nil {
		return ""
	}
	return a.cfg.v.GetString(keyTheme)
}

// run executes lore with args and returns the process exit code.
//
// With --json, what the command prints on stdout is held until it ends, so
// that a failure still leaves exactly one JSON object there: the command's
// own object with the error added to its "errors", or, when the command
// failed before printing anything, {"errors": [...], "exitCode": N}. The
// human sentence goes to stderr either way.
//
// When another lore process owns the store, a command calls the API it
// serves on its socket (see service); it never hands that process a
// command line.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	asJSON := jsonRequested(args)
	defer func() {
		if r := recover(); r != nil {
			code = internalError(stdout, stderr, asJSON, r)
		}
	}()
	out := stdout
	var held bytes.Buffer
	if asJSON {
		out = &held
	}
	a := newApp(stdin, out, stderr)
	root := a.rootCmd(args...)
	if len(args) > 0 && strings.HasPrefix(args[0], cobra.ShellCompRequestCmd) {
		// Completions are attached only when the shell asks for them:
		// walking every command's flags costs more than most commands.
		a.registerCompletions(root)
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	// Help, completion scripts and the version go through cobra's writer.
	// fang pads help to the terminal's width, or to 120 columns when there
	// is no terminal; piped, the padding is only trailing blanks.
	cobraOut := out
	var trimmed *trimWriter
	if !isTerminal(stdout) {
		trimmed = &trimWriter{w: out}
		cobraOut = trimmed
	}
	root.SetOut(cobraOut)
	root.SetErr(stderr)
	var err error
	if err = unknownBeforeHelp(root, args); err != nil {
		for _, s := range errorSentences(err) {
			fmt.Fprintln(stderr, "lore: "+s)
		}
	} else {
		stamp := currentBuildStamp()
		// lore --version says what lore version says; fang's version and
		// cobra's template would print "lore version dev (…)".
		root.SetVersionTemplate(strings.ReplaceAll(versionLine(), "{{", "{{`{{`}}") + "\n")
		err = fang.Execute(ctx, root,
			fang.WithVersion(stamp.Version),
			fang.WithCommit(stamp.Commit),
			fang.WithErrorHandler(func(w io.Writer, _ fang.Styles, err error) {
				for _, s := range errorSentences(err) {
					fmt.Fprintln(w, "lore: "+s)
				}
			}),
			fang.WithNotifySignal(os.Interrupt),
			// lore has its own man command, listed in the help (fang's
			// is hidden).
			fang.WithoutManpage(),
		)
	}
	if a.pgStores != nil {
		_ = a.pgStores.close()
	}
	if trimmed != nil {
		trimmed.Flush()
	}
	code = exitCode(err)
	if asJSON {
		if werr := finishJSON(stdout, held.Bytes(), err, code); werr != nil {
			fmt.Fprintln(stderr, "lore: writing the JSON result: "+werr.Error())
			if code == ExitOK {
				code = ExitFailure
			}
		}
	}
	return code
}

// internalError reports a panic of lore's own code: a bug, which neither
// the Go runtime's exit status 2 (taken for a usage error) nor its bare
// trace should stand for. The stack goes to stderr for the report.
func internalError(stdout, stderr io.Writer, asJSON bool, r any) int {
	msg := fmt.Sprintf("internal error: %v; please report it at https://github.com/lore-kb/lore/issues with the trace below", r)
	fmt.Fprintf(stderr, "lore: %s\n%s", msg, debug.Stack())
	if asJSON {
		// The writer may be what panicked; a second panic here must not
		// replace the exit code.
		func() {
			defer func() { _ = recover() }()
			_ = finishJSON(stdout, nil, errors.New(msg), ExitInternal)
		}()
	}
	return ExitInternal
}

// mistakes are several errors a command stops on together (the
// configuration's): each is said on a line of its own and is an entry of
// --json's errors; the exit code is found among them as for one.
type mistakes []error

func (m mistakes) Error() string {
	s := make([]string, len(m))
	for i, err := range m {
		s[i] = err.Error()
	}
	return strings.Join(s, "; ")
}

func (m mistakes) Unwrap() []error { return m }

// errorSentences is what lore says about err, a line on stderr and an
// entry of --json's errors each: one, or one per mistake.
func errorSentences(err error) []string {
	var m mistakes
	if errors.As(err, &m) {
		out := make([]string, len(m))
		for i, e := range m {
			out[i] = errorSentence(e)
		}
		return out
	}
	return []string{errorSentence(err)}
}

// errorSentence is what lore says about err, on stderr and in --json errors.
func errorSentence(err error) string {
	if errors.Is(err, context.Canceled) {
		return "interrupted; the store is unchanged"
	}
	// An API error reads as its message: its code ("not_found: …") is
	// for programs, which get it as the exit code.
	if ce, ok := errors.AsType[*connect.Error](err); ok && ce.Message() != "" {
		return strings.Replace(err.Error(), ce.Error(), ce.Message(), 1) + serverHint(ce)
	}
	return err.Error()
}

// serverHint says, for a team server's client, what to check when the
// server could not be reached, trusted or let it in: the raw network
// error names neither the server nor the settings. Whether the server
// could be reached or trusted is asked only of an error the client made
// itself: one the server answered ("cannot resolve" a URL's host, an
// upload that went silent, a page's certificate) is about the call, and
// says so in its own words.
func serverHint(ce *connect.Error) string {
	addr := os.Getenv(serverEnv)
	if addr == "" {
		return ""
	}
	msg := ce.Message()
	answered := connect.IsWireError(ce)
	switch {
	case !answered && (strings.Contains(msg, "x509") || strings.Contains(msg, "certificate")):
		return fmt.Sprintf(" (team server %s: trust it by the fingerprint lore serve printed, %s, or a CA file, %s)", addr, fingerprintEnv, caEnv)
	case ce.Code() == connect.CodeUnauthenticated:
		return fmt.Sprintf(" (team server %s, token in %s)", addr, tokenEnv)
	case answered:
		return ""
	case ce.Code() == connect.CodeUnavailable || ce.Code() == connect.CodeDeadlineExceeded ||
		strings.Contains(msg, "connection refused") || strings.Contains(msg, "no such host") || strings.Contains(msg, "timeout"):
		if full := api.WithDefaultPort(addr); full != addr {
			addr += ", which means " + full
		}
		return fmt.Sprintf(" (team server %s=%s: is lore serve --listen running there, on that port?)", serverEnv, addr)
	}
	return ""
}

// exitCode maps an error to the documented exit codes (ExitCodes): the
// command line's own errors here, the engine's in package exitcode, which
// a team server's runs use too.
func exitCode(err error) int {
	if re, ok := errors.AsType[*remoteRunError](err); ok {
		return re.code
	}
	if code, ok := api.ExitCodeOf(err); ok {
		return code
	}
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return apiExitCode(ce.Code())
	}
	if err != nil && isCobraUsageError(err) {
		return ExitUsage
	}
	return exitcode.Of(err)
}

// apiExitCode is the exit code of an API error's code, the same whichever
// side of the network made it.
func apiExitCode(c connect.Code) int {
	switch c {
	case connect.CodeInvalidArgument, connect.CodeNotFound, connect.CodeAlreadyExists, connect.CodeOutOfRange:
		return ExitUsage
	case connect.CodeFailedPrecondition:
		return ExitRejected
	case connect.CodeCanceled:
		return ExitInterrupted
	case connect.CodeInternal:
		// A team server's handler panicked (a bug, logged there).
		return ExitInternal
	}
	return ExitFailure
}

// isCobraUsageError recognizes cobra's own argument errors, which are plain
// errors; cobra offers no type to match (spf13/cobra#2266).
func isCobraUsageError(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most"} {
		if len(s) >= len(p) && s[:len(p)] == p {
			return true
		}
	}
	return false
}

// rootCmd is lore's command tree for the command line args: only the
// top-level command args name is built (with all of its subcommands), or
// every command when args name none (help, completion, a mistake, the
// terminal application). The store's owner runs a command for every
// other process's call, and building all of them with their flags cost
// more than a skill search itself. With no args it builds them all.
func (a *app) rootCmd(args ...string) *cobra.Command {
	a.Service = a.service
	a.Theme = a.theme
	root := &cobra.Command{
		Use:   "lore",
		Short: "Turn documents into a reviewed graph of knowledge primitives",
		Long:  rootLong(),
		Args:  cmdutil.NoArgs,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if remote() && !runsOffServer(cmd) {
				return refuseOffServer(cmd)
			}
			cfg, err := loadConfig(a.configFlag)
			if err != nil {
				return err
			}
			a.cfg = cfg
			cfg.bindFlag(keyDataDir, cmd.Flags().Lookup("data-dir"))
			if a.onPostgres() && !remote() && !runsOnPostgres(cmd) {
				return refuseOnPostgres(cmd, cfg.storeURL())
			}
			if cmd.Name() == cobra.ShellCompRequestCmd || cmd.Name() == cobra.ShellCompNoDescRequestCmd {
				// Completion offers what it can rather than an error or a
				// warning the shell would show as the person types.
				return nil
			}
			return cfg.say(a.Stderr, cmd.CommandPath() == "lore config", describesLore(cmd))
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !a.Interactive() {
				return &core.UsageError{Msg: "the terminal application needs a terminal on stdin and stdout; " +
					"headless, use lore learn SOURCE --json and the other commands (lore --help)"}
			}
			if addr := cmp.Or(flagValue(cmd, "server"), os.Getenv(serverEnv)); addr != "" {
				return a.runServerApp(cmd.Context(), addr)
			}
			if a.onPostgres() {
				return a.runPostgresApp(cmd.Context())
			}
			opts, err := a.learnOptions(cmd, "", "")
			if err != nil {
				return err
			}
			// Each run's outcome was shown in the application; a quit
			// that cancelled the run in progress is an interruption, and
			// exits as one (the cancellation, ExitInterrupted).
			out, err := a.runApp(cmd.Context(), opts, learnform.Request{}, true)
			if err == nil && out.Interrupted {
				return out.Err
			}
			return err
		},
	}
	root.PersistentFlags().StringVar(&a.configFlag, "config", "", "config file (default $XDG_CONFIG_HOME/lore/config.yaml)")
	root.PersistentFlags().String("data-dir", "", "store directory (default $XDG_DATA_HOME/lore)")
	root.Flags().String("server", "", "open the application on the team server at ADDR (as $"+serverEnv+"; the token in $"+tokenEnv+")")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		// "lore lern --json": the unknown command is the mistake, not the
		// flag the group does not have.
		if rest := cmd.Flags().Args(); cmd.HasAvailableSubCommands() && len(rest) > 0 {
			return cmdutil.UnknownCommand(cmd, rest[0])
		}
		return &core.UsageError{Msg: flagError(err)}
	})
	root.SetHelpCommand(helpCmd())
	top := a.topCommands()
	// The manual page describes every command, so lore man builds them all.
	if name := commandNamed(args); name != "" && name != "man" {
		for _, c := range top {
			if c.name == name {
				root.AddCommand(c.make())
				return root
			}
		}
	}
	for _, c := range top {
		root.AddCommand(c.make())
	}
	// cobra adds its completion group when it runs; added now, it can be
	// made to refuse an unknown shell as the other groups do.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		// A completion script is written by this process to its own
		// output: it never needs the store, nor its owner.
		c.Annotations = map[string]string{cmdutil.AnnotLocal: "no store"}
		if !c.Runnable() {
			c.Args = cmdutil.NoArgs
			c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
		}
	}
	return root
}

// topCommand is a top-level command by name, built on demand.
type topCommand struct {
	name string
	make func() *cobra.Command
}

// topCommands are lore's top-level commands in the order help lists them.
func (a *app) topCommands() []topCommand {
	return []topCommand{
		{"analyze", a.analyzeCmd},
		{"scan", a.scanCmd},
		{"gate", a.gateCmd},
		{"demo", a.demoCmd},
		{"domains", a.domainsCmd},
		{"config", a.configCmd},
		{"version", a.versionCmd},
		{"store", a.storeCmd},
		{"learn", a.learnCmd},
		{"unlearn", a.unlearnCmd},
		{"edit", func() *cobra.Command { return curatecmd.NewCmdEdit(&a.Factory) }},
		{"link", func() *cobra.Command { return curatecmd.NewCmdLink(&a.Factory) }},
		{"unlink", func() *cobra.Command { return curatecmd.NewCmdUnlink(&a.Factory) }},
		{"merge", func() *cobra.Command { return curatecmd.NewCmdMerge(&a.Factory) }},
		{"reject", func() *cobra.Command { return curatecmd.NewCmdReject(&a.Factory) }},
		{"split", func() *cobra.Command { return curatecmd.NewCmdSplit(&a.Factory) }},
		{"dismiss", func() *cobra.Command { return curatecmd.NewCmdDismiss(&a.Factory) }},
		{"sessions", func() *cobra.Command { return browsecmd.NewCmdSessions(&a.Factory) }},
		{"report", func() *cobra.Command { return browsecmd.NewCmdReport(&a.Factory) }},
		{"conflicts", func() *cobra.Command { return browsecmd.NewCmdConflicts(&a.Factory) }},
		{"show", func() *cobra.Command { return browsecmd.NewCmdShow(&a.Factory) }},
		{"rank", func() *cobra.Command { return browsecmd.NewCmdRank(&a.Factory) }},
		{"graph", func() *cobra.Command { return browsecmd.NewCmdGraph(&a.Factory) }},
		{"text", a.textCmd},
		{"skills", func() *cobra.Command { return skillscmd.NewCmdSkills(&a.Factory, a.skillsOptions()) }},
		{"serve", a.serveCmd},
		{"users", func() *cobra.Command { return userscmd.NewCmdUsers(&a.Factory) }},
		{"find", func() *cobra.Command { return browsecmd.NewCmdFind(&a.Factory) }},
		{"mcp", a.mcpCmd},
		{"watch", a.watchCmd},
		{"queue", func() *cobra.Command { return runscmd.NewCmdQueue(&a.Factory) }},
		{"whoami", func() *cobra.Command { return userscmd.NewCmdWhoami(&a.Factory, a.whoamiOptions()) }},
		{"decide", func() *cobra.Command { return runscmd.NewCmdDecide(&a.Factory) }},
		{"man", a.manCmd},
	}
}

// commandNamed is the first word of args that is not a flag of the root
// ("" when there is none before "--"): the top-level command they run.
func commandNamed(args []string) string {
	for i := 0; i < len(args); i++ {
		switch x := args[i]; {
		case x == "--":
			return ""
		case x == "--config" || x == "--data-dir" || x == "--server":
			i++ // its value
		case strings.HasPrefix(x, "-"):
		default:
			return x
		}
	}
	return ""
}

// unknownBeforeHelp refuses --help after a command that does not exist
// ("lore lern --help"): cobra prints the parent's whole help for it and
// exits 0, as if the person had asked for that. The arguments are parsed
// into a flag set of their own: cobra parses the command's flags again
// when it runs.
func unknownBeforeHelp(root *cobra.Command, args []string) error {
	if !slices.ContainsFunc(args, func(a string) bool { return a == "--help" || a == "-h" }) {
		return nil
	}
	// A mistake Find or the flags meet is cobra's to report when it runs.
	cmd, rest, ferr := root.Find(args)
	if ferr == nil && cmd.HasAvailableSubCommands() {
		fs := pflag.NewFlagSet(cmd.Name(), pflag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.AddFlagSet(cmd.Flags())
		fs.AddFlagSet(cmd.InheritedFlags())
		// --help and --version are not declared until cobra runs;
		// whatever else is unknown, cobra will say.
		fs.ParseErrorsAllowlist.UnknownFlags = true
		if fs.Lookup("help") == nil {
			fs.BoolP("help", "h", false, "")
		}
		if fs.Parse(rest) == nil && len(fs.Args()) > 0 {
			return cmdutil.UnknownCommand(cmd, fs.Args()[0])
		}
	}
	return nil
}

// describesLore reports a command that only describes lore — help, a
// group alone, lore version, lore man, a completion script — and so runs
// despite a mistake in the configuration, which it says as a warning:
// the person needs them most when something is wrong.
func describesLore(cmd *cobra.Command) bool {
	if cmd.Annotations[cmdutil.AnnotHelp] != "" {
		return true
	}
	top := cmd
	for top.HasParent() && top.Parent().HasParent() {
		top = top.Parent()
	}
	switch top.Name() {
	case "version", "man", "completion":
		return top.HasParent()
	}
	return false
}

// helpCmd replaces cobra's help command, which prints the root's help and
// exits 0 for a topic it does not know.
func helpCmd() *cobra.Command {
	return &cobra.Command{
		Use:         "help [command]",
		Short:       "Help about any command",
		Annotations: map[string]string{cmdutil.AnnotHelp: "help"},
		Long:        "Prints the help of a command: lore help skills search is lore skills search --help.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil {
				return &core.UsageError{Msg: err.Error()}
			}
			if len(rest) > 0 {
				return cmdutil.UnknownCommand(cmd, rest[0])
			}
			return cmd.Help()
		},
	}
}

// flagError is a flag's parse error as a sentence about the flag: a
// number flag given something else says what it wants, not which Go
// parser refused it.
func flagError(err error) string {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err.Error()
	}
	want := "a valid value"
	switch bad.GetFlag().Value.Type() {
	case "int", "int64", "int32", "uint", "uint64":
		want = "a whole number"
	case "float64", "float32":
		want = "a number"
	case "duration":
		want = "a duration such as 5s or 1m"
	case "bool":
		want = "true or false"
	}
	return fmt.Sprintf("--%s %q: give %s", bad.GetFlag().Name, bad.GetValue(), want)
}

// rootLong is lore's --help text, made once: the owner builds a command
// tree for every request it runs.
var rootLong = sync.OnceValue(func() string {
	return `Run without a command on a terminal, lore opens its terminal application.

lore reads textbooks, specs, papers and READMEs, finds their structure and the
knowledge primitives they hold (definitions, theorems, algorithms, techniques,
axioms, identities), wires them into a dependency DAG and keeps them in a local
store.

Exit codes:
` + exitCodeHelp() + `

With --json a command prints one JSON object on stdout, failures included: its
own object with "errors" and "exitCode" added, or {"errors", "exitCode"} when it
failed before printing. Errors also go to stderr as one sentence.`
})

// exitCodeHelp is the exit-code table as --help shows it.
func exitCodeHelp() string {
	var b strings.Builder
	for _, e := range ExitCodes {
		fmt.Fprintf(&b, "  %3d  %s\n", e.Code, e.Meaning)
	}
	return strings.TrimRight(b.String(), "\n")
}

// jsonRequested reports whether --json is among args (before a "--"),
// read as pflag reads a boolean flag. It is decided on the raw arguments so
// that a failure before the flags are parsed — an unknown command or flag —
// is reported as JSON too.
func jsonRequested(args []string) bool {
	on := false
	for _, arg := range args {
		if arg == "--" {
			break
		}
		if arg == "--json" {
			on = true
		} else if v, ok := strings.CutPrefix(arg, "--json="); ok {
			if b, err := strconv.ParseBool(v); err == nil {
				on = b
			}
		}
	}
	return on
}

// finishJSON writes what a --json command printed, making sure a failure
// leaves one JSON object with an "errors" array and the exit code: the
// command's own object gets the error added (its order of keys kept), and
// nothing printed becomes {"errors": [...], "exitCode": N}.
func finishJSON(w io.Writer, printed []byte, runErr error, code int) error {
	if runErr == nil {
		_, err := w.Write(printed)
		return err
	}
	msgs := errorSentences(runErr)
	if len(bytes.TrimSpace(printed)) == 0 {
		return cmdutil.WriteJSON(w, struct {
			Errors   []string `json:"errors"`
			ExitCode int      `json:"exitCode"`
		}{msgs, code})
	}
	fields, err := objectFields(printed)
	if err != nil {
		// Not one object (help text, say): left as printed.
		_, err := w.Write(printed)
		return err
	}
	var errs []any
	hasErrors, hasCode := false, false
	for i, f := range fields {
		switch f.key {
		case "errors":
			if json.Unmarshal(f.value, &errs) != nil {
				continue
			}
			hasErrors = true
			for _, msg := range msgs {
				if !slices.Contains(errs, any(msg)) {
					errs = append(errs, msg)
				}
			}
			fields[i].value, _ = json.Marshal(errs)
		case "exitCode":
			hasCode = true
		}
	}
	if !hasErrors {
		v, _ := json.Marshal(msgs)
		fields = append(fields, field{"errors", v})
	}
	if !hasCode {
		fields = append(fields, field{"exitCode", json.RawMessage(strconv.Itoa(code))})
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(f.value)
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

type field struct {
	key   string
	value json.RawMessage
}

// objectFields splits one JSON object into its fields, in order.
func objectFields(data []byte) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var fields []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fields = append(fields, field{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON value")
	}
	return fields, nil
}

// trimWriter drops the blanks at the end of every line written through it.
type trimWriter struct {
	w    io.Writer
	line []byte
}

func (t *trimWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		if c == '\n' {
			t.line = append(bytes.TrimRight(t.line, " \t"), '\n')
			if _, err := t.w.Write(t.line); err != nil {
				return 0, err
			}
			t.line = t.line[:0]
			continue
		}
		t.line = append(t.line, c)
	}
	return len(p), nil
}

// Flush writes the last, unterminated line.
func (t *trimWriter) Flush() {
	if len(t.line) > 0 {
		_, _ = t.w.Write(bytes.TrimRight(t.line, " \t"))
		t.line = nil
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(term.File)
	return ok && term.IsTerminal(f.Fd())
}

func flagValue(cmd *cobra.Command, name string) string {
	if f := cmd.Flags().Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}
