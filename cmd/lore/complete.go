package main

import (
	"context"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/graph"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/store"
)

// Shell completion: the values each flag and argument can take. Values
// from the store are read only when a store exists, and a store that
// cannot be opened (locked by a running lore, damaged) offers nothing: a
// completion never waits and never prints an error the shell would show
// as a candidate.

// maxCompletions bounds what is offered from the store.
const maxCompletions = 500

// flagValues are the fixed values of flags, by flag name.
var flagValues = map[string][]string{
	"tier":      {"home", "stranger"},
	"format":    {"dot", "mermaid", "json"},
	"by":        orderNames(),
	"depth":     {string(core.Shallow), string(core.Standard), string(core.Deep)},
	"task-type": {"browser", "api", "code", "domain", "unknown"},
	"state":     {"pending", "done", "failed", "all"},
}

// argValues completes the positional arguments, by command path.
func (a *app) argValues() map[string]cobra.CompletionFunc {
	skillThen := func(second func(cmd *cobra.Command, key string) []cobra.Completion) cobra.CompletionFunc {
		return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			switch len(args) {
			case 0:
				return a.skillKeys(cmd, toComplete), cobra.ShellCompDirectiveNoFileComp
			case 1:
				if second != nil {
					return prefixed(second(cmd, args[0]), toComplete), cobra.ShellCompDirectiveNoFileComp
				}
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
	}
	fixed := func(values ...string) func(*cobra.Command, string) []cobra.Completion {
		return func(*cobra.Command, string) []cobra.Completion { return values }
	}
	return map[string]cobra.CompletionFunc{
		"lore unlearn": a.firstArg(a.sessionIDs(true)),
		"lore report":  a.firstArg(a.sessionIDs(false)),
		"lore show":    a.firstArg(a.primitiveIDs),
		"lore conflicts resolve": func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			switch len(args) {
			case 0:
				return a.conflictIDs(cmd, toComplete), cobra.ShellCompDirectiveNoFileComp
			case 1:
				return prefixed([]string{string(core.KeepExisting), string(core.KeepCandidate), string(core.KeepBoth)}, toComplete), cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		"lore skills show":     skillThen(nil),
		"lore skills activate": skillThen(nil),
		"lore skills used":     skillThen(nil),
		"lore skills report":   skillThen(nil),
		"lore skills feedback": skillThen(fixed("helpful", "harmful")),
		"lore skills review":   skillThen(fixed("promote", "archive", "draft")),
		"lore skills rollback": skillThen(a.skillVersions),
		"lore skills resolve": func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var out []cobra.Completion
			for _, k := range a.skillKeys(cmd, toComplete) {
				if !slices.Contains(args, k) {
					out = append(out, k)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
	}
}

// registerCompletions attaches the completions to every command of the
// tree under root.
func (a *app) registerCompletions(root *cobra.Command) {
	args := a.argValues()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if fn, ok := args[c.CommandPath()]; ok {
			c.ValidArgsFunction = fn
		}
		// LocalNonPersistentFlags builds a new set on every call.
		local := c.LocalNonPersistentFlags()
		for name, values := range flagValues {
			if local.Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
			}
		}
		if local.Lookup("domain") != nil {
			_ = c.RegisterFlagCompletionFunc("domain", a.domainIDs)
		}
		if local.Lookup("about") != nil {
			_ = c.RegisterFlagCompletionFunc("about", func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return a.skillKeys(cmd, toComplete), cobra.ShellCompDirectiveNoFileComp
			})
		}
		if f := local.Lookup("status"); f != nil {
			values := []string{"draft", "active", "archived"}
			if strings.Contains(f.Usage, "all") {
				values = append(values, "all")
			}
			_ = c.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
		}
		if local.Lookup("consumer") != nil {
			_ = c.RegisterFlagCompletionFunc("consumer", a.consumers)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// firstArg completes the first argument with values and nothing after it.
func (a *app) firstArg(values func(cmd *cobra.Command, toComplete string) []cobra.Completion) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return values(cmd, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completionConfig reads the configuration as the completed command line
// gives it (--config, --data-dir); nil when it cannot be read.
func (a *app) completionConfig(cmd *cobra.Command) *config {
	cfg, err := loadConfig(a.configFlag)
	if err != nil {
		return nil
	}
	cfg.bindFlag(keyDataDir, cmd.Flags().Lookup("data-dir"))
	return cfg
}

// withStoreValues runs fn on the configured store when one exists and can
// be opened now; otherwise it offers nothing. It never creates a store.
func (a *app) withStoreValues(cmd *cobra.Command, fn func(db *store.Store) []cobra.Completion) []cobra.Completion {
	cfg := a.completionConfig(cmd)
	if cfg == nil {
		return nil
	}
	dir := cfg.dataDir()
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST")); err != nil {
		return nil
	}
	// Read-only: completing a command line must neither need a writable
	// folder nor take the lock a running lore would then miss.
	db, err := store.Open(dir, store.Options{GCInterval: -1, ReadOnly: true})
	if err != nil {
		return nil
	}
	defer db.Close()
	return fn(db)
}

// withAPIValues offers what fn makes of the library through the API,
// wherever it is (a folder, its owner, PostgreSQL, a team server), or
// nothing when there is none yet or it cannot be reached: completing a
// command line never creates a store or says why it offers nothing.
func (a *app) withAPIValues(cmd *cobra.Command, fn func(ctx context.Context, svc api.Service) []cobra.Completion) []cobra.Completion {
	cfg := a.completionConfig(cmd)
	if cfg == nil {
		return nil
	}
	if _, err := os.Stat(filepath.Join(cfg.dataDir(), "MANIFEST")); err != nil && !remote() && cfg.storeURL() == "" {
		return nil
	}
	a.cfg = cfg
	quiet := *a
	quiet.Stderr = io.Discard
	ctx, svc, err := quiet.service(cmd.Context())
	if err != nil {
		return nil
	}
	return fn(ctx, svc)
}

// sessionIDs offers session ids, newest first, described by their source;
// revertible keeps the learn sessions an unlearn can take back.
func (a *app) sessionIDs(revertible bool) func(*cobra.Command, string) []cobra.Completion {
	return func(cmd *cobra.Command, toComplete string) []cobra.Completion {
		return a.withAPIValues(cmd, func(ctx context.Context, svc api.Service) []cobra.Completion {
			ss, err := svc.Sessions(ctx, &lorev1.SessionsRequest{})
			if err != nil {
				return nil
			}
			var out []cobra.Completion
			for _, s := range ss.GetSessions() {
				if revertible && (s.GetKind() == string(core.KindUnlearn) || s.GetState() != string(core.SessionCommitted)) {
					continue
				}
				if strings.HasPrefix(s.GetId(), toComplete) && len(out) < maxCompletions {
					desc := s.GetSource()
					if s.GetKind() == string(core.KindUnlearn) {
						desc = "reverts " + s.GetReverts()
					}
					out = append(out, cobra.CompletionWithDesc(s.GetId(), desc))
				}
			}
			return out
		})
	}
}

// conflictIDs offers the pending conflicts.
func (a *app) conflictIDs(cmd *cobra.Command, toComplete string) []cobra.Completion {
	return a.withAPIValues(cmd, func(ctx context.Context, svc api.Service) []cobra.Completion {
		cs, err := svc.Conflicts(ctx, &lorev1.ConflictsRequest{})
		if err != nil {
			return nil
		}
		var out []cobra.Completion
		for _, c := range cs.GetConflicts() {
			if strings.HasPrefix(c.GetId(), toComplete) && len(out) < maxCompletions {
				out = append(out, cobra.CompletionWithDesc(c.GetId(), c.GetCandidate().GetName()+" vs "+c.GetExisting().GetName()))
			}
		}
		return out
	})
}

// primitiveIDs offers stored primitive ids starting with toComplete.
func (a *app) primitiveIDs(cmd *cobra.Command, toComplete string) []cobra.Completion {
	return a.withAPIValues(cmd, func(ctx context.Context, svc api.Service) []cobra.Completion {
		ranked, err := svc.Rank(ctx, &lorev1.RankRequest{})
		if err != nil {
			return nil
		}
		ids := map[string]string{}
		for _, p := range ranked.GetPrimitives() {
			if strings.HasPrefix(p.GetId(), toComplete) {
				ids[p.GetId()] = p.GetName()
			}
		}
		var out []cobra.Completion
		for _, id := range slices.Sorted(maps.Keys(ids)) {
			if len(out) < maxCompletions {
				out = append(out, cobra.CompletionWithDesc(id, ids[id]))
			}
		}
		return out
	})
}

// skillKeys offers the library's skill keys.
func (a *app) skillKeys(cmd *cobra.Command, toComplete string) []cobra.Completion {
	return a.withStoreValues(cmd, func(db *store.Store) []cobra.Completion {
		keys, err := db.SkillKeys()
		if err != nil {
			return nil
		}
		return prefixed(keys, toComplete)
	})
}

// skillVersions offers the versions of ref a rollback can restore.
func (a *app) skillVersions(cmd *cobra.Command, ref string) []cobra.Completion {
	return a.withStoreValues(cmd, func(db *store.Store) []cobra.Completion {
		s, err := skilllib.New(db, skilllib.Options{}).Get(ref)
		if err != nil {
			return nil
		}
		var out []cobra.Completion
		for _, v := range slices.Backward(s.History) {
			out = append(out, cobra.CompletionWithDesc(strconv.Itoa(v.Number), v.At.Format("2006-01-02 15:04")+" "+v.Reason))
		}
		return out
	})
}

// domainIDs offers the configured domains.
func (a *app) domainIDs(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	cfg := a.completionConfig(cmd)
	if cfg == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	doms, err := cfg.domains()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, d := range doms {
		if strings.HasPrefix(d.ID, toComplete) {
			out = append(out, cobra.CompletionWithDesc(d.ID, d.Name))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// consumers offers the consumers named in skills.consumers.
func (a *app) consumers(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	cfg := a.completionConfig(cmd)
	if cfg == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	m, _ := cfg.v.Get(keyConsumers).(map[string]any)
	var names []string
	for name := range m {
		if name != "*" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return prefixed(names, toComplete), cobra.ShellCompDirectiveNoFileComp
}

// prefixed keeps the values that start with prefix.
func prefixed(values []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, v := range values {
		if strings.HasPrefix(v, prefix) && len(out) < maxCompletions {
			out = append(out, v)
		}
	}
	return out
}

// orderNames are the rankings lore rank --by takes.
func orderNames() []string {
	names := make([]string, len(graph.Orders))
	for i, o := range graph.Orders {
		names[i] = string(o)
	}
	return names
}
