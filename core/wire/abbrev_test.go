package wire

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestAbbreviation(t *testing.T) {
	for _, c := range []struct{ name, statement, want string }{
		{"Common Gateway Interface", "Common Gateway Interface: The Common Gateway Interface (CGI) is a simple interface.", "CGI"},
		{"Host name", "Host name (HN) means either the host domain name or its address.", "HN"},
		{"Uniform Resource Identifier", "A Uniform Resource Identifier (URI) is a compact sequence.", "URI"},
		{"Internet Protocol address", "An Internet Protocol (IP) address", ""}, // the parenthesis abbreviates part of the name
		{"Host name", "Host name (see Section 3) means", ""},
		{"Directed graph", "A directed graph (digraph) is", ""},
		{"Common Gateway Interface", "The Common Gateway Interface (HTTP) is", ""},
	} {
		if got := abbreviation(c.name, c.statement); got != c.want {
			t.Errorf("abbreviation(%q, %q) = %q, want %q", c.name, c.statement, got, c.want)
		}
	}
}

// A statement that says "CGI" mentions the concept the spec abbreviates
// so: the abbreviation is a second name of it.
func TestAbbreviationIsAName(t *testing.T) {
	_, by := wire(t,
		cand("cgi", "Common Gateway Interface", core.Definition, 0, "The Common Gateway Interface (CGI) is a simple interface for running external programs."),
		cand("req", "Server runs scripts", core.Axiom, 100, "A server MUST run every CGI script it is configured for."),
	)
	mustEdge(t, by["req"], "cgi", core.Requires, 0.5)
	if len(by["cgi"].Dependencies) != 0 {
		t.Errorf("the definition depends on %v, want nothing (its own abbreviation)", by["cgi"].Dependencies)
	}
}

// A grammar's alias rule named as an English word ("value = token |
// quoted-string") is mentioned by the rules that use it, not by every
// requirement that says "value"; a rule named as no word is, and so is a
// rule with structure of its own.
func TestProseWordIsNoAliasRule(t *testing.T) {
	rule := func(id, name string, off int, body string) core.Primitive {
		p := cand(id, name, core.Definition, off, name+" = "+body)
		p.Tags = []string{core.TagGrammar}
		return p
	}
	_, by := wire(t,
		rule("value", "value", 0, "token | quoted-string"),
		rule("challenge", "challenge", 10, `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`),
		rule("cookie-version", "cookie-version", 20, "value"),
		rule("av-pair", "av-pair", 30, "attr [ \"=\" value ]"),
		cand("req", "Server sends", core.Axiom, 100, "The server MUST send the value of the challenge and the cookie-version it understands."),
	)
	noEdge(t, by["req"], "value")
	mustEdge(t, by["req"], "challenge", core.Requires, 0.5)
	mustEdge(t, by["req"], "cookie-version", core.Requires, 0.5)
	mustEdge(t, by["av-pair"], "value", core.Requires, 0.5)
}
