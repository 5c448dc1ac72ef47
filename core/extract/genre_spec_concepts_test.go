package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// specConceptRFC is a specification in RFC layout: titled concepts, a
// status code under a heading the section tree does not hold, a quoted
// defined term, grammar rules (one imported), a procedure and its step,
// the document's apparatus.
const specConceptRFC = `1.  Introduction

   Conditional requests are HTTP requests that include a precondition.
   The key words MUST and SHOULD are to be interpreted as described in
   RFC 2119.

2.  Validators

   This specification defines two forms of metadata that are commonly
   used to observe resource state.

2.1.  Weak versus Strong

   Validators come in two flavors: strong or weak.

   A "strong validator" is representation metadata that changes value
   whenever a change occurs to the representation data.

2.2.  ETag

   The "ETag" header field in a response provides the current
   entity-tag for the selected representation.

     ETag       = entity-tag
     entity-tag = [ weak ] opaque-tag
     weak       = %x57.2F ; "W/", case-sensitive
     OWS        = <OWS, see [RFC7230], Section 3.2.3>

   An origin server SHOULD send an ETag for any selected representation
   for which detection of changes can be reasonably determined.

2.2.1.  Generation

   The principle behind entity-tags is that only the service author
   knows the implementation of a resource well enough.

   An origin server MUST NOT reuse an entity-tag for another representation.

2.3.  Last-Modified

   The "Last-Modified" header field in a response provides a timestamp
   indicating the date and time at which the origin server believes the
   selected representation was last modified.

2.3.1.  Generation

   An origin server obtains the modification date as close as possible
   to the time it generates the response.

   An origin server MUST NOT send a date that is later than its own clock.

3.  Status Code Definitions

3.1.  304 Not Modified

   The 304 (Not Modified) status code indicates that a conditional GET
   or HEAD request has been received and would have resulted in a 200
   response.

   A server MUST generate the Date header field in a 304 response.

4.  Opening Handshake

   The opening handshake is intended to be compatible with HTTP-based
   server-side software and intermediaries.

4.1.  Sending the Server's Opening Handshake

   The server MUST send a 101 response to accept the connection.

5.  Security Considerations

   A server MUST NOT trust the data a client sends without checking it.
`

func specByName(ps []core.Primitive) map[string]core.Primitive {
	m := map[string]core.Primitive{}
	for _, p := range ps {
		m[p.Name] = p
	}
	return m
}

// requiresName reports whether p requires the primitive called name.
func requiresName(p core.Primitive, by map[string]core.Primitive, name string) bool {
	q, ok := by[name]
	return ok && p.HasEdge(q.ID, core.Requires)
}

// A spec's titled sections, its quoted terms and its own grammar rules are
// definitions; a procedure is an algorithm; the apparatus defines nothing.
func TestSpecConceptsAreDefinitions(t *testing.T) {
	ps := Extract(analyzed(specConceptRFC, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"Validators", "Weak versus Strong", "strong validator", "ETag", "entity-tag", "weak",
		"Generation", "Last-Modified", "Last-Modified Generation", "304 Not Modified", "Conditional requests"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition {
			t.Errorf("no definition %q (%v)", n, p.Type)
		}
	}
	if p := by["Opening Handshake"]; p.Type != core.Algorithm {
		t.Errorf("Opening Handshake is %q, want an algorithm", p.Type)
	}
	for _, n := range []string{"Introduction", "Status Code Definitions", "Security Considerations", "OWS",
		"Sending the Server's Opening Handshake"} {
		if _, ok := by[n]; ok {
			t.Errorf("%q became a primitive", n)
		}
	}
	if p := by["ETag"]; !strings.HasPrefix(p.FormalStatement, `The "ETag" header field in a response`) {
		t.Errorf("ETag stated by %q, want its describing paragraph", p.FormalStatement)
	}
	if p := by["entity-tag"]; p.FormalStatement != "entity-tag = [ weak ] opaque-tag" {
		t.Errorf("entity-tag stated by %q", p.FormalStatement)
	}
}

// Each requirement requires the concept it is about: its section's, the
// nearest enclosing section's, the concept a title names in a phrase; a
// section concept is part of its enclosing one.
func TestSpecRequirementsRequireTheirConcepts(t *testing.T) {
	ps := Extract(analyzed(specConceptRFC, core.FormatText, core.Spec), Options{})
	by := specByName(ps)
	about := map[string]string{}
	for _, p := range ps {
		if p.Type != core.Axiom && p.Type != core.Technique {
			continue
		}
		for _, e := range p.Dependencies {
			if strings.HasPrefix(e.Description, "About ") {
				about[p.Name] = strings.TrimPrefix(e.Description, "About ")
			}
		}
	}
	t.Logf("about: %q", about)
	want := map[string]string{
		"ETag":                     "Origin server should send an ETag",
		"Generation":               "Origin server never reuses an entity-tag",
		"Last-Modified Generation": "Origin server never sends a date",
		"304 Not Modified":         "Server generates the Date header field",
		"Opening Handshake":        "Server sends a 101 response",
	}
	for concept, prefix := range want {
		found := false
		for req, c := range about {
			if strings.HasPrefix(req, prefix) {
				found = true
				if c != concept {
					t.Errorf("%q is about %q, want %q", req, c, concept)
				}
			}
		}
		if !found {
			t.Errorf("no requirement %q… about %q", prefix, concept)
		}
	}
	for req, c := range about {
		if strings.HasPrefix(req, "Server never trusts") {
			t.Errorf("the security consideration %q is about %q", req, c)
		}
	}
	if !requiresName(by["ETag"], by, "Validators") || !requiresName(by["Weak versus Strong"], by, "Validators") {
		t.Errorf("the parts of Validators do not require it: %+v", by["ETag"].Dependencies)
	}
	if requiresName(by["Validators"], by, "ETag") {
		t.Error("Validators requires its part")
	}
}

// Every entry of a parameter list defines its parameter, whether it holds
// a key word (REQUIRED, MUST), only OPTIONAL, or none.
func TestSpecParameterEntriesAreDefinitions(t *testing.T) {
	txt := "4.1.1.  Authorization Request\n\n" +
		"   The client constructs the request URI by adding the following parameters:\n\n" +
		"   response_type\n         REQUIRED.  Value MUST be set to \"code\".\n\n" +
		"   state\n         OPTIONAL.  An opaque value used by the client to maintain state.\n\n" +
		"   scope:  The scope of the access request as a list of strings.\n\n" +
		"   Max-Age=value\n         OPTIONAL.  The value of the Max-Age attribute is the lifetime of the cookie.\n\n" +
		"4.1.2.  Authorization Response\n\n" +
		"   The server MUST redirect the user agent to the client.\n"
	ps := Extract(analyzed(txt, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"response_type", "state", "scope", "Max-Age"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition || !strings.HasPrefix(p.FormalStatement, n) {
			t.Errorf("entry %q: %q %q", n, p.Type, p.FormalStatement)
		}
	}
	var req core.Primitive
	for _, p := range ps {
		if strings.HasPrefix(p.Name, "response_type is set to") {
			req = p
		}
	}
	if !requiresName(req, by, "response_type") {
		t.Errorf("%q does not require its parameter: %+v", req.Name, req.Dependencies)
	}
}

// Terms the running text marks as defined: quoted, introduced with their
// notation, subjects of a defining verb, named by a symbol, or what a
// sentence defines — never what the document says it covers.
func TestSpecMarkedTerms(t *testing.T) {
	doc := "# Versions\n\n## Rules\n\n" +
		"1. A normal version number MUST take the form X.Y.Z. X is the major version, Y is the minor version.\n" +
		"1. Major version zero (0.y.z) is for initial development. Anything MAY change at any time.\n" +
		"1. Build metadata MAY be denoted by appending a plus sign.\n" +
		"1. Precedence refers to how versions are compared to each other.\n" +
		"1. Version 1.0.0 defines the public API.\n\n" +
		"## Schemes\n\nThis document defines the protocol. The scheme is referred to as \"Digest Access Authentication\" here.\n" +
		"The value \"auth\" indicates authentication; the value \"auth-int\" indicates integrity protection.\n" +
		"Values are denoted by KD(secret, data), and a change must avoid the \"lost update\" problem.\n" +
		"A server MUST support it.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"Normal version number", "Major version", "Minor version", "Major version zero",
		"Build metadata", "Precedence", "Public API", "Digest Access Authentication", "auth", "auth-int", "KD", "lost update"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition {
			t.Errorf("no definition %q", n)
		}
	}
	if _, ok := by["Protocol"]; ok {
		t.Error(`"This document defines the protocol" defined Protocol`)
	}
	if p := by["Minor version"]; p.FormalStatement != "Minor version: Y is the minor version." {
		t.Errorf("Minor version stated by %q", p.FormalStatement)
	}
	if p := by["auth-int"]; p.FormalStatement != `auth-int: the value "auth-int" indicates integrity protection.` {
		t.Errorf("auth-int stated by %q, want its own clause", p.FormalStatement)
	}
}

// Concepts are a spec's: a textbook's or an unknown document's sections,
// a spec without key words, a document of one section define none by the
// spec's rules (its sections may still be read by their titles, as
// techniques: sections_read.go).
func TestSpecConceptsOnlyInSpecs(t *testing.T) {
	for _, ct := range []core.ContentType{core.Textbook, core.Unknown} {
		ps := Extract(analyzed(specConceptRFC, core.FormatText, ct), Options{})
		ps = slices.DeleteFunc(ps, func(p core.Primitive) bool { return p.Type == core.Technique && p.Confidence <= readingConf })
		if n := names(ps); slices.Contains(n, "Weak versus Strong") || slices.Contains(n, "entity-tag") {
			t.Errorf("%s: %q", ct, n)
		}
	}
	noKeywords := strings.NewReplacer("MUST", "must", "SHOULD", "should").Replace(specConceptRFC)
	ps := Extract(analyzed(noKeywords, core.FormatText, core.Spec), Options{})
	if n := names(ps); slices.Contains(n, "entity-tag") {
		t.Errorf("a spec without key words: %q", n)
	}
	one := Extract(oneSection("   The server MUST close the connection.\n\n   Another sentence here.\n", core.FormatText, core.Spec), Options{})
	if n := names(one); slices.Contains(n, "Fixture") {
		t.Errorf("a lone section's title became a concept: %q", n)
	}
}

// A title names its concept without its class noun or article, and the
// apparatus, questions and sentences name none.
func TestSpecConceptNames(t *testing.T) {
	cases := map[string]string{
		"The Authentication-Info Header":               "Authentication-Info",
		`The "unknown" Identifier`:                     "unknown Identifier",
		"The Authorization Request Header":             "Authorization",
		"Basic Authentication Scheme":                  "Basic Authentication",
		"Authentication Scheme":                        "Authentication Scheme",
		"Proxy-Authentication and Proxy-Authorization": "Proxy-Authentication|Proxy-Authorization",
		"Challenge and Response":                       "Challenge and Response",
		"Protection Space (Realm)":                     "Protection Space",
		"Semantic Versioning 2.0.0":                    "Semantic Versioning",
		"3 Leader Election":                            "Leader Election",
		"401 Unauthorized":                             "401 Unauthorized",
		"IANA Considerations":                          "",
		"Normative References":                         "",
		"Why Use Semantic Versioning?":                 "",
		"Terminology":                                  "",
		"Why Use Conventional Commits":                 "",
		"STATE AND SESSIONS":                           "State and Sessions",
		"PRIVACY":                                      "Privacy",
		"AUTH_TYPE":                                    "AUTH_TYPE",
		"URI":                                          "URI",
	}
	for title, want := range cases {
		if got := strings.Join(specConceptNames(title), "|"); got != want {
			t.Errorf("%q: got %q, want %q", title, got, want)
		}
	}
}

// Headings at the margin the section tree may miss: a chapter number
// without its dot, a status code title.
func TestSpecHeadingForms(t *testing.T) {
	for line, want := range map[string]bool{
		"3 Digest Access Authentication Scheme": true,
		"3.1.  401 Unauthorized":                true,
		"5.2.1.1.  max-age":                     true,
		"2014 was the year":                     false,
		"3 the value of x":                      false,
		"12345 Main Street":                     false,
	} {
		if got := isSpecHeading(line); got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}

// A quoted phrase broken at a line's end is one term; the quotes of the
// apparatus (a registry's instructions) are none.
func TestSpecQuotedPhrasesInContext(t *testing.T) {
	txt := "1.  Validators\n\n   Validators avoid the \"lost\n   update\" problem and the \"nonce-\n   count value\" error.\n\n" +
		"   A server MUST send a validator.\n\n" +
		"   See HTTP \"Message Syntax and Routing\" for the rest.\n\n" +
		"2.  IANA Considerations\n\n   Registrations \"update the specification\" as described here.\n"
	ps := Extract(analyzed(txt, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"lost update", "nonce-count value"} {
		if _, ok := by[n]; !ok {
			t.Errorf("no definition %q", n)
		}
	}
	if _, ok := by["update the specification"]; ok {
		t.Error("a registry's quoted instruction became a definition")
	}
	if _, ok := by["Message Syntax and Routing"]; ok {
		t.Error("a quoted document title became a definition")
	}
}

// A chapter that opens with its first section is stated by its parts, and
// a word quoted in passing ("For the purposes of this specification, the
// "server" is …") is not a term of the spec.
func TestSpecChapterOfParts(t *testing.T) {
	txt := "1.  Introduction\n\n   This document defines a framework. A client MUST be careful.\n\n" +
		"2.  Access Authentication Framework\n\n2.1.  Challenge and Response\n\n" +
		"   HTTP provides a simple challenge-response authentication framework.\n\n" +
		"   For the purposes of this specification, the \"server\" is the combination of both computers.\n\n" +
		"2.2.  Protection Space (Realm)\n\n   A protection space is defined by the canonical root URI.\n\n" +
		"   A sender MUST only generate the quoted-string syntax.\n"
	ps := Extract(analyzed(txt, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	p, ok := by["Access Authentication Framework"]
	if !ok || p.FormalStatement != "Access Authentication Framework comprises Challenge and Response; Protection Space (Realm)." {
		t.Errorf("chapter stated by %q", p.FormalStatement)
	}
	if !requiresName(by["Protection Space"], by, "Access Authentication Framework") {
		t.Errorf("a part does not require its chapter: %+v", by["Protection Space"].Dependencies)
	}
	if _, ok := by["server"]; ok {
		t.Error("a word quoted in passing became a definition")
	}
	// A chapter whose opening section names nothing ("4.1. Format") is
	// stated by that section's first paragraph, as a reader reads on: a
	// list of its parts is no sentence of the source.
	txt = "1.  Introduction\n\n   This document defines a protocol. A client MUST be careful.\n\n2.  Messages\n\n2.1.  Format\n\n" +
		"   All communications inside of the domain protocol are carried in a single format called a message.\n\n" +
		"   A sender MUST set the header.\n\n2.2.  Transport\n\n   The protocol assumes a datagram service.\n\n" +
		"3.  Master Files\n\n   Master files are text files that contain resource records.\n\n" +
		"4.  Resolvers\n\n   Resolvers are programs that extract information from name servers.\n\n" +
		"5.  Name Servers\n\n   Name servers are the repositories of information.\n"
	ps = Extract(analyzed(txt, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	if p, ok := specByName(ps)["Messages"]; !ok || !strings.HasPrefix(p.FormalStatement, "All communications inside") {
		t.Errorf("chapter Messages stated by %q", p.FormalStatement)
	}
}

// An RFC definition list with capitalised terms ("Opcode:  4 bits", its
// description below) gives entries; a parenthesised cross-reference is no
// notation, an example no statement, a block of header lines no entry, and
// a registration template's fields are the registry's.
func TestSpecDefinitionListsAndRegistries(t *testing.T) {
	txt := "1.  Base Framing Protocol\n\n   The wire format is described below.\n\n" +
		"   Opcode:  4 bits\n\n      Defines the interpretation of the payload data.\n\n" +
		"   Note:  this is a note about frames.\n\n" +
		"   Control frames (see Section 5.5) MAY be injected in the middle of a message.\n\n" +
		"   A sender MUST NOT fragment control frames.\n\n" +
		"2.  Negotiating Extensions\n\n   For example, a client sends these fields.\n\n" +
		"   Sec-WebSocket-Extensions: foo\n   Sec-WebSocket-Extensions: bar; baz=2\n\n" +
		"   A client MUST list the extensions it supports.\n\n" +
		"3.  IANA Considerations\n\n3.1.  Registration of the Opcode Registry\n\n" +
		"   Contact:  HYBI WG\n\n   Status:  Standard\n\n   Owner:  the IETF working group that owns it\n"
	ps := Extract(analyzed(txt, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	if p, ok := by["Opcode"]; !ok || !strings.Contains(p.FormalStatement, "Defines the interpretation") {
		t.Errorf("Opcode stated by %q", p.FormalStatement)
	}
	for _, n := range []string{"Note", "Control frames", "Sec-WebSocket-Extensions", "Negotiating Extensions", "Owner", "Contact"} {
		if p, ok := by[n]; ok {
			t.Errorf("%q became a %s: %q", n, p.Type, p.FormalStatement)
		}
	}
}

// A standard that states its rules with a lower-case "must" (an older RFC,
// a format's specification) is still read by its concepts when it shows an
// RFC's header or a grammar of its own; a few "x = 1" lines of an example
// are no grammar.
func TestSpecConceptsWithoutKeywords(t *testing.T) {
	noKeywords := strings.NewReplacer("MUST", "must", "SHOULD", "should").Replace(specConceptRFC)
	header := "Network Working Group                                     A. Author\nRequest for Comments: 9999                                  Example\n\n" + noKeywords
	ps := Extract(analyzed(header, core.FormatText, core.Spec), Options{})
	if n := names(ps); !slices.Contains(n, "entity-tag") || !slices.Contains(n, "Weak versus Strong") {
		t.Errorf("an RFC without key words: %q", n)
	}
	// with no requirement to hand on weight, a section is still part of
	// its chapter
	by := byName(ps)
	if w := by["Weak versus Strong"]; !w.HasEdge(by["Validators"].ID, core.Requires) {
		t.Errorf("Weak versus Strong is no part of Validators: %+v", w.Dependencies)
	}
	var g strings.Builder
	g.WriteString(noKeywords + "\n3.  Collected Syntax\n\n")
	for _, r := range []string{`digit-run = 1*DIGIT`, `alpha-run = 1*ALPHA`, `pair = name "=" value`, `name = token`,
		`value = token / quoted-string`, `list = pair *( "," pair )`, `hex = %x30-39 / %x41-46`, `opt = [ pair ]`} {
		g.WriteString("     " + r + "\n")
	}
	ps = Extract(analyzed(g.String(), core.FormatText, core.Spec), Options{})
	if n := names(ps); !slices.Contains(n, "entity-tag") {
		t.Errorf("a spec with its own grammar: %q", n)
	}
	var code strings.Builder
	code.WriteString(noKeywords + "\n3.  Example\n\n")
	for i := range 10 {
		code.WriteString("     x" + specItoa(i) + " = " + specItoa(i) + "\n")
	}
	ps = Extract(analyzed(code.String(), core.FormatText, core.Spec), Options{})
	if n := names(ps); slices.Contains(n, "entity-tag") {
		t.Errorf("assignments of an example read as a grammar: %q", n)
	}
}

// A standard written in Markdown sets the kinds it defines in bold where a
// sentence opens, each a part of its section's concept; its key words in
// bold are no terms; "X means Y" defines X; its objectives and
// preliminaries are apparatus.
func TestSpecBoldTerms(t *testing.T) {
	doc := "# Cfg\n\n## Objectives\n\nCfg aims to be a minimal configuration format that is easy to read.\n\n" +
		"## Preliminaries\n\n- Whitespace means tab (U+0009) or space (U+0020).\n\n" +
		"## String\n\nThere are two ways to express strings: basic and literal. All strings must contain only valid UTF-8 characters.\n\n" +
		"**Basic strings** are surrounded by quotation marks. Any character may be used except those that must be escaped.\n\n" +
		"```cfg\nstr = \"I'm a string.\"\n```\n\n" +
		"**Literal strings** are surrounded by single quotes and allow no escaping at all.\n\n" +
		"**Raw strings** follow the same rules as literal strings but span lines.\n\n" +
		"A key **MUST** be unique. **Note** that keys are case-sensitive.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	by := byName(ps)
	for _, n := range []string{"Basic strings", "Literal strings", "Raw strings", "Whitespace", "String"} {
		if _, ok := by[n]; !ok {
			t.Errorf("no %s among %q", n, names(ps))
		}
	}
	if p := by["Basic strings"]; p.FormalStatement != "Basic strings: Basic strings are surrounded by quotation marks." {
		t.Errorf("Basic strings stated by %q", p.FormalStatement)
	}
	if p := by["Whitespace"]; !strings.HasPrefix(p.FormalStatement, "Whitespace: Whitespace means tab") {
		t.Errorf("Whitespace stated by %q", p.FormalStatement)
	}
	if lit := by["Literal strings"]; !lit.HasEdge(by["String"].ID, core.Requires) {
		t.Errorf("Literal strings is no part of String: %+v", lit.Dependencies)
	}
	for _, n := range []string{"MUST", "Note", "Objectives", "Preliminaries"} {
		if _, ok := by[n]; ok {
			t.Errorf("%s became a concept", n)
		}
	}
}

// A quoted token named by its class noun is the protocol's word even when
// it is a stopword; an unquoted stopword or a quoted phrase is not.
func TestSpecQuotedTokens(t *testing.T) {
	doc := "1.  Introduction\n\n   The key words MUST and SHOULD are to be interpreted as described in\n   RFC 2119.\n\n" +
		"2.  Parameters\n\n   The \"by\" parameter is used to disclose the interface where the\n   request came in to the proxy server.\n\n" +
		"   The \"for\" parameter is used to disclose information about the client\n   that initiated the request.\n\n" +
		"   A proxy MUST send the parameters it knows.\n"
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	by := byName(ps)
	for _, n := range []string{"by", "for"} {
		if _, ok := by[n]; !ok {
			t.Errorf("no %s among %q", n, names(ps))
		}
	}
	if p := by["by"]; !strings.HasPrefix(p.FormalStatement, `by: The "by" parameter is used`) {
		t.Errorf("by stated by %q", p.FormalStatement)
	}
	for _, tc := range []struct {
		term, after string
		want        bool
	}{{"by", `" parameter is`, true}, {"by", `" is`, false}, {"For", `" parameter is`, false}, {"a b", `" field is`, false}} {
		if got := specQuotedToken(tc.term, tc.after); got != tc.want {
			t.Errorf("specQuotedToken(%q, %q) = %v", tc.term, tc.after, got)
		}
	}
}

// A grammar rule spelled with hyphens where its section's title has spaces
// ("URI-reference" under "URI Reference") is that section's concept, not a
// second one of the same name.
func TestSpecConceptHyphenSpelling(t *testing.T) {
	doc := "1.  Introduction\n\n   The key words MUST and SHOULD are to be interpreted as described in\n   RFC 2119.\n\n" +
		"2.  URI Reference\n\n   A URI reference is either a URI or a relative reference.\n\n" +
		"      URI-reference = URI / relative-ref\n\n   A parser MUST accept both forms.\n"
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	n := 0
	for _, p := range ps {
		if strings.EqualFold(strings.ReplaceAll(p.Name, "-", " "), "URI Reference") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d primitives named URI Reference: %q", n, names(ps))
	}
}

// A format's specification in Markdown with no capital key word at all,
// whose prose says again and again what input must be and what is
// invalid, is read by its concepts, as the classifier reads it as a spec.
func TestSpecConceptsOfValidityRules(t *testing.T) {
	doc := "# Cfg\n\n## Preliminaries\n\n- Whitespace means tab (U+0009) or space (U+0020).\n\n"
	for _, k := range []string{"Comment", "Key", "String", "Integer", "Float", "Boolean"} {
		doc += "## " + k + "\n\nA " + strings.ToLower(k) + " is a value written on one line of the file.\n\n" +
			"A name must not be empty, a value must be quoted, and a line must end with a newline.\n\n" +
			"```cfg\n= \"no name\"   # INVALID\n```\n\nAn empty value is invalid.\n\n"
	}
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	for _, n := range []string{"String", "Whitespace", "Integer"} {
		if _, ok := byName(ps)[n]; !ok {
			t.Errorf("no %s among %q", n, names(ps))
		}
	}
}

// An RFC's terminology section defines its terms in running prose, none
// of them quoted: "X (ABBR) means", "The terms A and B refer to", "The
// term X is", "we will use the term X to refer to", "The X of Y is
// defined as", "A thing is ADJ if", "A's name X-matches B's if". A
// condition ("is undefined if"), a pronoun ("Its value consists of") and
// a process named in passing define nothing.
func TestSpecTerminologyProse(t *testing.T) {
	doc := `1.  Terminology

   Host name (HN) means either the host domain name (HDN) or the numeric
   Internet Protocol (IP) address of a host.

   The terms request-host and request-URI refer to the values the client
   would send to the server.

   The term effective host name is related to host name.  If a host name
   contains no dots, the effective host name is that name with .local.

   Host A's name domain-matches host B's if their host name strings
   string-compare equal.

   The reach R of a host name H is defined as follows: the reach of H is H.

   Because it was used in the original implementation, we will use the
   term cookie to refer to the state information that passes between an
   origin server and user agent.

   A transaction is verifiable if the user has the option to review the
   request-URI prior to its use in the transaction.

   A component is undefined if its associated delimiter does not appear.
   The process for registration of new schemes is defined separately.

2.  Authorization

   The Authorization header field allows a user agent to authenticate.
   Its value consists of credentials containing the authentication
   information.  A server MUST check it.
`
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"Host name", "Request-host", "Request-URI", "Effective host name", "Domain-match", "Reach",
		"Cookie", "Verifiable transaction"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition {
			t.Errorf("no definition %q", n)
		}
	}
	for _, n := range []string{"Undefined component", "Its value", "Process for registration", "Process"} {
		if _, ok := by[n]; ok {
			t.Errorf("%q became a definition", n)
		}
	}
	if p := by["Verifiable transaction"]; !strings.Contains(p.FormalStatement, "is verifiable if the user") {
		t.Errorf("Verifiable transaction stated by %q", p.FormalStatement)
	}
}

// A rule of the spec's own grammar is tagged as one, so that the ranking
// can tell the syntax from the concepts; a titled concept is not.
func TestSpecGrammarRulesTagged(t *testing.T) {
	ps := Extract(analyzed(specConceptRFC, core.FormatText, core.Spec), Options{})
	by := specByName(ps)
	for _, n := range []string{"entity-tag", "weak"} {
		if !slices.Contains(by[n].Tags, core.TagGrammar) {
			t.Errorf("grammar rule %q tagged %q", n, by[n].Tags)
		}
	}
	for _, n := range []string{"ETag", "Validators", "strong validator"} {
		if slices.Contains(by[n].Tags, core.TagGrammar) {
			t.Errorf("concept %q tagged as a grammar rule", n)
		}
	}
}

// A standard's numbered rules introduce its parts as they require them:
// "prefixed with a type, which consists of …", "Each footer MUST consist
// of …", "A scope MUST consist of …" define type, footer and scope.
func TestSpecRuleListTerms(t *testing.T) {
	doc := "# Commits 1.0.0\n\n## Summary\n\nThe commit message should be structured as follows.\n\n" +
		"## Specification\n\nThe key words MUST, MAY and SHOULD in this document are to be interpreted as described in RFC 2119.\n\n" +
		"1. Commits MUST be prefixed with a type, which consists of a noun, `feat`, `fix`, etc., followed by a colon.\n" +
		"1. A scope MAY be provided after a type. A scope MUST consist of a noun describing a section of the codebase.\n" +
		"1. One or more footers MAY be provided one blank line after the body. Each footer MUST consist of a word token.\n" +
		"1. The type `feat` MUST be used when a commit adds a new feature to your application or library.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"Type", "Scope", "Footer"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition {
			t.Errorf("no definition %q", n)
		}
	}
}

// The concepts the upper headings name are tagged as such, the deeper
// ones not; a document's title with no text of its own is stated by the
// first paragraph under it.
func TestSpecHeadingConcepts(t *testing.T) {
	doc := "# Widgets 1.0.0\n\n## Summary\n\nThe Widgets specification is a light convention for describing widgets.\n\n" +
		"## Specification\n\nThe key words MUST and MAY are to be interpreted as described in RFC 2119.\n\n" +
		"## Knobs\n\nA knob turns a widget on and off and holds its state.\n\n" +
		"### Knob Colours\n\nColours of a knob tell its state at a glance.\n\n" +
		"#### Dark Colours\n\nDark colours are used at night by most operators.\n\n" +
		"## Dials\n\nA dial shows a widget's level as a needle on a scale.\n\nA widget MUST have one dial.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"Knobs", "Knob Colours", "Dials"} {
		if !slices.Contains(by[n].Tags, core.TagOwn) {
			t.Errorf("%q tagged %q, want a heading concept", n, by[n].Tags)
		}
	}
	if p, ok := by["Dark Colours"]; !ok || slices.Contains(p.Tags, core.TagOwn) {
		t.Errorf("Dark Colours (%v, tags %q): want a concept of a deeper heading", ok, p.Tags)
	}
	if p := by["Widgets"]; !strings.HasPrefix(p.FormalStatement, "The Widgets specification is") {
		t.Errorf("Widgets stated by %q, want the summary's paragraph", p.FormalStatement)
	}
}

// A term the text gives with its abbreviation is one concept under both:
// the grammar's rule of the abbreviation's name adds no second one.
func TestSpecAbbreviatedTermIsOneConcept(t *testing.T) {
	doc := `1.  Introduction

   A Uniform Resource Identifier (URI) is a compact sequence of characters
   that identifies an abstract or physical resource.

2.  Syntax

   The generic syntax of every identifier is given by these rules:

      URI         = scheme ":" hier-part [ "?" query ]
      hier-part   = "//" authority path-abempty
      scheme      = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
      query       = *( pchar / "/" / "?" )
      authority   = [ userinfo "@" ] host [ ":" port ]
      userinfo    = *( unreserved / pct-encoded / sub-delims / ":" )
      host        = IP-literal / IPv4address / reg-name
      port        = *DIGIT

   A parser MUST accept every URI that the rules above allow.
`
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	if _, ok := by["Uniform Resource Identifier"]; !ok {
		t.Error("no Uniform Resource Identifier")
	}
	if _, ok := by["URI"]; ok {
		t.Error("URI became a second concept beside Uniform Resource Identifier")
	}
	if _, ok := by["hier-part"]; !ok {
		t.Error("the grammar's other rules are lost")
	}
}

// A Markdown standard lists its members as code followed by a colon
// ("* `data`: the document's primary data"): each entry defines its member.
func TestSpecCodeEntriesAreDefinitions(t *testing.T) {
	doc := "# Widget API\n\n## Conventions\n\nThe key words MUST and MAY are to be interpreted as described in RFC 2119.\n\n" +
		"## Top Level\n\nA document MUST contain at least one of the following top-level members:\n\n" +
		"* `data`: the document's primary data.\n* `errors`: an array of error objects.\n* `id`\n\n" +
		"Note: a document MAY hold both.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"data", "errors"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition {
			t.Errorf("no definition %q", n)
		}
	}
	for _, n := range []string{"id", "Note"} {
		if _, ok := by[n]; ok {
			t.Errorf("%q became a definition", n)
		}
	}
}

// An RFC's definition list: a term of several words alone on its line
// with a colon ("origin server:"), its description indented below; a term
// its description defines by pointing to another document is borrowed; a
// code table's entries ("\x1 : AF_INET : …") define their names.
func TestSpecDefinitionListForms(t *testing.T) {
	doc := `1.  Introduction

   This protocol adapts messages.  The key words MUST and MAY are to be
   interpreted as described in RFC 2119.

2.  Terminology

   message:
      An HTTP message, as defined in Section 4 of HTTP/1.1 [4], sent
      over the connection.

   origin server:
      The server on which a given resource resides or is to be created.

   ICAP client:
      A program that establishes connections to ICAP servers for the
      purpose of sending requests.

3.  Families

   The lowest four bits represent the family :
     - \x0 : AF_UNSPEC : the connection is forwarded for an unknown family.
     - \x1 : AF_INET : the forwarded connection uses the AF_INET family.

   A receiver MUST reject any other family.
`
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for _, n := range []string{"message", "origin server", "ICAP client", "AF_UNSPEC", "AF_INET"} {
		if p, ok := by[n]; !ok || p.Type != core.Definition {
			t.Errorf("no definition %q", n)
		}
	}
	if !slices.Contains(by["message"].Tags, core.TagBorrowed) || slices.Contains(by["ICAP client"].Tags, core.TagBorrowed) {
		t.Errorf("borrowed tags: message %q, ICAP client %q", by["message"].Tags, by["ICAP client"].Tags)
	}
	if p := by["AF_INET"]; !strings.HasPrefix(p.FormalStatement, `AF_INET (\x1): the forwarded connection`) {
		t.Errorf("AF_INET stated by %q", p.FormalStatement)
	}
}

// A concept named after the subject the title abbreviates ("Widget
// Gateway Protocol (WGP)": "WGP client") is the spec's own; one of another
// name is not, unless an upper heading names it.
func TestSpecSubjectConceptsAreOwn(t *testing.T) {
	doc := `Network Working Group                                        A. Person
Request for Comments: 9999                                       Example
Category: Informational                                         May 2030


                     Widget Gateway Protocol (WGP)

1.  Introduction

   The key words MUST and MAY are to be interpreted as described in RFC
   2119.

   This memo describes a protocol for widgets.

1.1.  Terminology

   WGP client:
      A program that establishes connections to WGP servers for the
      purpose of sending requests.

   connection:
      A transport layer virtual circuit established between two programs.

2.  Operation

2.1.  Sessions

2.1.1.  Session Keys

   A session key is a random value that both ends keep for a session.

   A WGP client MUST send a session key over the connection.
`
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	if p, ok := by["WGP client"]; !ok || !slices.Contains(p.Tags, core.TagOwn) {
		t.Errorf("WGP client (%v) tagged %q, want its own", ok, p.Tags)
	}
	for _, n := range []string{"connection", "Session Keys"} {
		if p, ok := by[n]; !ok || slices.Contains(p.Tags, core.TagOwn) {
			t.Errorf("%s (%v) tagged %q", n, ok, p.Tags)
		}
	}
}
