package main

import (
	"regexp"
	"testing"

	"github.com/spf13/cobra"
)

// helpFlag is a flag named in a command's help text.
var helpFlag = regexp.MustCompile(`(?:^|[\s(\[])--([a-z][a-z0-9-]+)`)

// otherCommandsFlags are the flags a command's help names as another
// command's: lore's overview of exit codes and JSON, brew's --prefix, the
// promotion a draft needs, import's profile, lore mcp's team server.
var otherCommandsFlags = map[string]bool{
	"lore --force": true, "lore --json": true,
	"lore completion bash --prefix": true, "lore completion zsh --prefix": true,
	"lore skills propose --ack-critical": true, "lore skills validate --strict": true,
	"lore serve --server": true,
}

// A command's help names only flags it takes (its own or inherited), or
// another command's as such: lore text's help told a person to pass
// --tier, which it refuses.
func TestHelpNamesOnlyFlagsTheCommandTakes(t *testing.T) {
	root := (&app{}).rootCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, m := range helpFlag.FindAllStringSubmatch(c.Long, -1) {
			name := m[1]
			if c.Flags().Lookup(name) == nil && c.InheritedFlags().Lookup(name) == nil && c.PersistentFlags().Lookup(name) == nil &&
				name != "help" && !otherCommandsFlags[c.CommandPath()+" --"+name] {
				t.Errorf("%s: help names --%s, which it does not take", c.CommandPath(), name)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
