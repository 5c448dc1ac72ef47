package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	auth "github.com/lore-kb/lore/core/access"
)

// What each role may run over a team server, by command path (without
// "lore "); a group's entry covers its subcommands unless one of them
// has its own. An admin runs everything; a command no role lists is the
// admin's alone (users, store, serve, watch, mcp, config).
var roleCommands = map[auth.Role][]string{
	auth.Reader: {"sessions", "report", "show", "find", "rank", "graph", "analyze", "text", "scan", "domains", "demo",
		"version", "help", "conflicts", "queue", "skills list", "skills show", "skills search", "skills prompt",
		"skills activate", "skills resolve", "skills validate", "skills export"},
	auth.Agent: {"find", "show", "version", "help", "skills list", "skills show", "skills search", "skills prompt",
		"skills activate", "skills resolve", "skills propose", "skills used", "skills report", "skills feedback"},
	auth.Reviewer: {"gate", "conflicts resolve", "skills review", "skills edit", "skills allow", "skills warn",
		"skills rollback", "skills merge"},
	auth.Curator: {"learn", "unlearn", "edit", "link", "unlink", "merge", "reject", "split", "dismiss", "skills import"},
}

// roleIncludes: a curator and a reviewer also read.
var roleIncludes = map[auth.Role][]auth.Role{
	auth.Curator:  {auth.Reader},
	auth.Reviewer: {auth.Reader},
}

// roleAllows says whether role may run the command at path ("skills
// review"); the refusal names the roles that may.
func roleAllows(role auth.Role, path string) error {
	if role == auth.Admin || may(role, path) {
		return nil
	}
	var who []string
	for _, r := range auth.Roles {
		if r == auth.Admin || may(r, path) {
			who = append(who, string(r))
		}
	}
	return fmt.Errorf("lore %s needs the role %s", path, strings.Join(who, " or "))
}

func may(role auth.Role, path string) bool {
	for _, r := range append([]auth.Role{role}, roleIncludes[role]...) {
		for _, c := range roleCommands[r] {
			if path == c || strings.HasPrefix(path, c+" ") && !listedAlone(path) {
				return true
			}
		}
	}
	return false
}

// listedAlone: a subcommand some role lists by itself is not covered by
// its group's entry ("conflicts resolve" is a reviewer's, though a reader
// lists the conflicts).
func listedAlone(path string) bool {
	for _, cs := range roleCommands {
		if slices.Contains(cs, path) {
			return true
		}
	}
	return false
}

// refuseRole writes why user may not run path and returns the exit code.
func refuseRole(stderr io.Writer, user string, role auth.Role, err error) int {
	fmt.Fprintf(stderr, "lore: %s (%s) may not: %s\n", user, role, err)
	return ExitFailure
}
