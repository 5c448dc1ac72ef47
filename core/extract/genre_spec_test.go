package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// specPart is one section of a specification fixture.
type specPart struct{ title, text string }

// specFixture builds an analyzed specification whose sections hold the
// given texts, each after a heading line.
func specFixture(f core.Format, parts ...specPart) *core.Analysis {
	var b strings.Builder
	var secs []*core.Section
	for _, p := range parts {
		title, number := p.title, ""
		if i := strings.Index(title, "  "); i > 0 && strings.Trim(title[:i], "0123456789.") == "" {
			number, title = strings.TrimSuffix(title[:i], "."), strings.TrimSpace(title[i:])
		}
		s := &core.Section{Title: title, Number: number, Level: 1, Offset: b.Len()}
		if f == core.FormatMarkdown {
			b.WriteString("## " + p.title + "\n\n")
		} else {
			b.WriteString(p.title + "\n\n")
		}
		s.BodyOffset = b.Len()
		b.WriteString(p.text)
		b.WriteString("\n")
		s.End = b.Len()
		secs = append(secs, s)
	}
	doc := &core.Document{Path: "fixture", Format: f, Text: b.String()}
	return &core.Analysis{Document: doc, ContentType: core.Spec, Sections: secs}
}

func specNames(ps []core.Primitive) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// A requirement is named actor + modal + action + object: the actor is
// the subject of the clause holding the key word, MUST is the present
// tense, MUST NOT "never", SHOULD and MAY stay, restrictions stay.
func TestSpecNameActorModalAction(t *testing.T) {
	cases := []struct{ sentence, want string }{
		{"Access token credentials MUST only be transmitted using TLS.", "Access token credentials are only transmitted using TLS"},
		{"If the server receives a frame that is not masked, the client MUST close the connection.", "Client closes the connection"},
		{"The client MUST mask all frames that it sends to the server.", "Client masks all frames that it sends to the server"},
		{"A server MUST NOT mask any frames that it sends to the client.", "Server never masks any frames that it sends to the client"},
		{"Clients SHOULD NOT close the WebSocket connection arbitrarily.", "Clients should not close the WebSocket connection arbitrarily"},
		{"The server MAY close the connection at any time.", "Server may close the connection at any time"},
		{"If the server doesn't support the requested version, it MUST respond with a 426 status code.", "Server responds with a 426 status code"},
		{"If the version specified by the Client is not supported by the Server, it MUST respond with the 412 Precondition Failed status.", "Server responds with the 412 Precondition Failed status"},
		{"A proxy, whether or not it implements a cache, MUST pass cache directives through in forwarded messages.", "Proxy passes cache directives through in forwarded messages"},
		{"It is RECOMMENDED that the client use TLS for every request.", "Client should use TLS for every request"},
		{"The authorization server MUST verify the identity of the resource owner before it issues a token.", "Authorization server verifies identity of resource owner"},
		{"Implementations that have platform-specific limits regarding the frame size MUST protect themselves against exceeding those limits.", "Implementations protect themselves against exceeding those limits"},
		{"The legacy client indicates its preferences in the extension and the legacy_version field MUST be set to 0x0303.", "legacy_version field is set to 0x0303"},
		{"The endpoint MUST\n   NOT send a Pong frame.", "Endpoint never sends a Pong frame"},
		// A prohibition keeps its bound and its exception: without them it
		// says the opposite.
		{"The |Sec-WebSocket-Key| header field MUST NOT appear more than once in an HTTP request.",
			"Sec-WebSocket-Key header field appears at most once"},
		{"The client MUST NOT use the authorization code more than once.", "Client uses the authorization code at most once"},
		{"A cache MUST NOT send stale responses unless it is disconnected (i.e., it cannot contact the origin server) or doing so is explicitly allowed.",
			"Cache never sends stale responses unless it is disconnected"},
		{"A cache MUST NOT use stored responses without revalidating them.", "Cache never uses stored responses without revalidating"},
		// The requirement is the purpose, not the means.
		{"The user agent MUST use an algorithm equivalent to the following algorithm to parse a cookie-date.", "User agent parses a cookie-date"},
	}
	for _, c := range cases {
		ps := Extract(oneSection("   "+c.sentence+"\n", core.FormatText, core.Spec), Options{})
		if len(ps) != 1 {
			t.Errorf("%q: got %d primitives %q", c.sentence, len(ps), specNames(ps))
			continue
		}
		if ps[0].Name != c.want {
			t.Errorf("%q:\n   name %q\n   want %q", c.sentence, ps[0].Name, c.want)
		}
		checkName(t, ps[0])
	}
}

// SHOULD is a technique, MAY a technique with less confidence, MUST an
// axiom; the offset points at the key word.
func TestSpecForceOfKeywords(t *testing.T) {
	txt := "   A client MAY send a Ping frame at any time.  A client SHOULD answer.\n   The server MUST reply.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 3 {
		t.Fatalf("got %q", specNames(ps))
	}
	want := []struct {
		typ  core.PrimitiveType
		conf float64
		kw   string
	}{{core.Technique, 0.7, "MAY"}, {core.Technique, 0.8, "SHOULD"}, {core.Axiom, 0.9, "MUST"}}
	for i, w := range want {
		if ps[i].Type != w.typ || ps[i].Confidence != w.conf || !strings.HasPrefix(txt[ps[i].Provenance.Offset:], w.kw) {
			t.Errorf("%s: %s %.2f at %q", ps[i].Name, ps[i].Type, ps[i].Confidence, txt[ps[i].Provenance.Offset:])
		}
	}
	if !strings.Contains(ps[0].Name, " may ") || !strings.Contains(ps[1].Name, " should ") {
		t.Errorf("SHOULD and MAY must show in the name: %q", specNames(ps))
	}
}

// A lead-in ending in "MUST:" is never a primitive of its own: each item
// after it is one requirement, also after a page break.
func TestSpecLeadInItemsAcrossPageBreak(t *testing.T) {
	txt := "   When combining the new response with one or more stored responses, a\n" +
		"   cache MUST:\n\n" +
		"   o  delete any Warning header fields in the stored response with\n" +
		"      warn-code 1xx (see Section 5.5);\n\n" +
		"   o  retain any Warning header fields in the stored response with\n" +
		"      warn-code 2xx; and,\n\n\n\n" +
		"Fielding, et al.             Standards Track                    [Page 8]\n" +
		"\f\nRFC 7234                    HTTP/1.1 Caching                   June 2014\n\n\n" +
		"   o  use other header fields provided in the new response to replace\n" +
		"      all instances of the corresponding header fields in the stored\n" +
		"      response.\n\n" +
		"   A cache MUST ignore unrecognized cache directives.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	names := specNames(ps)
	if len(ps) != 4 {
		t.Fatalf("got %d primitives, want 3 items + 1: %q", len(ps), names)
	}
	for i, verb := range []string{"Cache deletes", "Cache retains", "Cache uses", "Cache ignores"} {
		if !strings.HasPrefix(ps[i].Name, verb) || ps[i].Type != core.Axiom {
			t.Errorf("primitive %d: %s %q, want %q…", i, ps[i].Type, ps[i].Name, verb)
		}
	}
	for _, p := range ps[:3] {
		if !strings.HasPrefix(p.FormalStatement, "When combining the new response with one or more stored responses, a cache MUST ") {
			t.Errorf("item statement without its lead-in: %q", p.FormalStatement)
		}
		if strings.Contains(p.FormalStatement, "[Page") || strings.Contains(p.FormalStatement, "RFC 7234") {
			t.Errorf("page furniture in %q", p.FormalStatement)
		}
	}
	if !strings.HasSuffix(ps[2].FormalStatement, "corresponding header fields in the stored response.") {
		t.Errorf("item after the page break cut: %q", ps[2].FormalStatement)
	}
	if !strings.HasPrefix(txt[ps[1].Provenance.Offset:], "retain any Warning") {
		t.Errorf("item offset %d points at %q", ps[1].Provenance.Offset, txt[ps[1].Provenance.Offset:][:20])
	}
}

// "… MUST NOT …, unless:" is one requirement that carries its conditions.
func TestSpecLeadInUnlessCarriesItems(t *testing.T) {
	txt := "   A cache MUST NOT store a response to any request, unless:\n\n" +
		"   o  The request method is understood by the cache and defined as being\n" +
		"      cacheable, and\n\n" +
		"   o  the response status code is understood by the cache, and\n\n" +
		"   o  the response either:\n\n" +
		"      *  contains an Expires header field, or\n\n" +
		"      *  contains a max-age response directive.\n\n" +
		"   Note that any of the requirements listed above can be overridden.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 1 {
		t.Fatalf("got %q", specNames(ps))
	}
	p := ps[0]
	if p.Name != "Cache never stores a response unless listed conditions are met" &&
		!strings.HasPrefix(p.Name, "Cache never stores") {
		t.Errorf("name %q", p.Name)
	}
	for _, part := range []string{"unless: (1) The request method is understood", "(2) the response status code", "(3) the response either: contains an Expires header field, or contains a max-age response directive."} {
		if !strings.Contains(p.FormalStatement, part) {
			t.Errorf("statement lacks %q: %q", part, p.FormalStatement)
		}
	}
	if !strings.HasPrefix(txt[p.Provenance.Offset:], "MUST NOT") {
		t.Errorf("offset does not point at the key word")
	}
}

// A lead-in with a key word and a colon that nothing follows is dropped,
// and a list lead-in whose items are its parts keeps them in one
// statement.
func TestSpecLeadInAlone(t *testing.T) {
	txt := "   The authorization server MUST:\n\n   Nothing else here.\n"
	if ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{}); len(ps) != 0 {
		t.Errorf("a bare lead-in became %q", specNames(ps))
	}
	txt = "   A registration MUST include the following fields:\n\n   o  Cache Directive Name\n\n   o  Pointer to specification text\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 1 || ps[0].Name != "Registration includes the following fields" ||
		!strings.HasSuffix(ps[0].FormalStatement, "(1) Cache Directive Name (2) Pointer to specification text") {
		t.Errorf("got %q %+v", specNames(ps), ps)
	}
}

// Example messages, ABNF and HTTP header blocks are never requirements
// nor names, and the RFC 2119 boilerplate is no requirement either.
func TestSpecExamplesAndBoilerplate(t *testing.T) {
	txt := "   The key words MUST, MUST NOT, REQUIRED, SHALL, SHALL NOT, SHOULD, SHOULD NOT,\n" +
		"   RECOMMENDED, MAY, and OPTIONAL in this document are to be interpreted as\n" +
		"   described in RFC 2119.\n\n" +
		"   The server MUST answer with a message like this one:\n\n" +
		"     HTTP/1.1 200 OK\n" +
		"     Content-Type: application/json\n" +
		"     X-Policy: clients MUST revalidate\n\n" +
		"     {\"error\": \"MUST NOT retry\",\n" +
		"      \"detail\": \"the client MUST wait\"}\n\n" +
		"     frame-rsv1 = %x0 / %x1 ; 1 bit in length, MUST be 0\n\n" +
		"     GET /chat HTTP/1.1\n" +
		"     Host: server.example.com\n\n" +
		"   A client SHOULD retry later.\n"
	all := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	// the grammar rule is the spec's definition of frame-rsv1, never a
	// requirement (genre_spec_concepts.go)
	if d := specDefinitions(all); len(d) != 1 || d[0].Name != "frame-rsv1" {
		t.Errorf("definitions %q, want the grammar rule", specNames(d))
	}
	ps := specRequirements(all)
	names := specNames(ps)
	if len(ps) != 2 || len(all) != 3 {
		t.Fatalf("got %d primitives %q, want the two prose requirements", len(ps), names)
	}
	if ps[0].Name != "Server answers with a message" || ps[1].Name != "Client should retry later" {
		t.Errorf("names %q", names)
	}
	for _, p := range ps {
		for _, bad := range []string{"HTTP/1.1", "Content-Type", "%x0", "error", "interpreted"} {
			if strings.Contains(p.FormalStatement, bad) || strings.Contains(p.Name, bad) {
				t.Errorf("%q carries example text %q: %q", p.Name, bad, p.FormalStatement)
			}
		}
	}
}

// Names are unique within a source: a repeated requirement is told apart
// by its condition, its field or section, and only last by a number.
func TestSpecNamesUnique(t *testing.T) {
	a := specFixture(core.FormatText,
		specPart{"4.1.  Client Requirements", "   If the response lacks an |Upgrade| header field, the client MUST\n   _Fail the WebSocket Connection_.\n\n" +
			"   If the response lacks a |Connection| header field, the client MUST\n   _Fail the WebSocket Connection_.\n"},
		specPart{"5.2.1.1.  max-age", "   A sender SHOULD NOT generate the quoted-string form.\n"},
		specPart{"5.2.1.2.  max-stale", "   A sender SHOULD NOT generate the quoted-string form.\n"},
	)
	ps := Extract(a, Options{})
	want := []string{
		"Client fails the WebSocket Connection",
		"Client fails WebSocket Connection if response lacks Connection header",
		"Sender should not generate the quoted-string form",
		"Sender should not generate the quoted-string form (Max-stale)",
	}
	got := specNames(ps)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("names\n got %q\nwant %q", got, want)
	}
}

// A parameter list entry ("client_id / REQUIRED.") names the parameter
// and the section's request; "Value" in its description is the parameter.
func TestSpecFieldEntries(t *testing.T) {
	a := specFixture(core.FormatText, specPart{"4.1.1.  Authorization Request",
		"   response_type\n         REQUIRED.  Value MUST be set to \"code\".\n\n" +
			"   client_id\n         REQUIRED.  The client identifier as described in Section 2.2.\n\n" +
			"   state\n         RECOMMENDED.  An opaque value used by the client.\n"})
	all := Extract(a, Options{})
	ps := specRequirements(all)
	want := []string{
		"Authorization Request requires response_type",
		"response_type is set to \"code\"",
		"Authorization Request requires client_id",
		"Authorization Request should include state",
	}
	if got := specNames(ps); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("names\n got %q\nwant %q", got, want)
	}
	if len(ps) > 2 && ps[2].FormalStatement != "client_id: REQUIRED. The client identifier as described in Section 2.2." {
		t.Errorf("field statement %q", ps[2].FormalStatement)
	}
	// each entry also defines its parameter, and the entry's requirements
	// require it (genre_spec_concepts.go)
	defs := specDefinitions(all)
	if got := specNames(defs); strings.Join(got, "|") != "response_type|client_id|state" {
		t.Errorf("definitions %q", got)
	}
	if len(defs) == 3 && !ps[2].HasEdge(defs[1].ID, core.Requires) {
		t.Errorf("%q does not require %q: %+v", ps[2].Name, defs[1].Name, ps[2].Dependencies)
	}
}

// specRequirements are the requirements among ps, specDefinitions the
// definitions.
func specRequirements(ps []core.Primitive) []core.Primitive {
	var out []core.Primitive
	for _, p := range ps {
		if p.Type == core.Axiom || p.Type == core.Technique {
			out = append(out, p)
		}
	}
	return out
}

func specDefinitions(ps []core.Primitive) []core.Primitive {
	var out []core.Primitive
	for _, p := range ps {
		if p.Type == core.Definition {
			out = append(out, p)
		}
	}
	return out
}

// Markdown specifications: table rows are field entries, "this object"
// is the object the section describes, fenced code is never read.
func TestSpecMarkdownTablesAndObjects(t *testing.T) {
	a := specFixture(core.FormatMarkdown,
		specPart{"Info Object", "The object provides metadata about the API.\n\n" +
			"Field Name | Type | Description\n---|:---:|---\n" +
			"<a name=\"infoTitle\"></a>title | `string` | **REQUIRED**. The title of the API.\n" +
			"<a name=\"infoTerms\"></a>termsOfService | `string` | A URL to the Terms of Service for the API. MUST be in the format of a URL.\n\n" +
			"This object MAY be extended with [Specification Extensions](#specification-extensions).\n\n" +
			"```yaml\ntitle: MUST be ignored\n```\n"},
		specPart{"Contact Object", "This object MAY be extended with [Specification Extensions](#specification-extensions).\n"},
	)
	all := Extract(a, Options{})
	// the object and its table's fields are definitions of their own
	// (genre_spec_concepts.go); the requirements are read as before
	if got := specNames(specDefinitions(all)); strings.Join(got, "|") != "Info Object|title|termsOfService" {
		t.Errorf("definitions %q", got)
	}
	ps := specRequirements(all)
	want := []string{
		"Info Object requires title",
		"termsOfService is in the format of a URL",
		"Info Object may be extended with Specification Extensions",
		"Contact Object may be extended with Specification Extensions",
	}
	if got := specNames(ps); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("names\n got %q\nwant %q", got, want)
	}
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "<a name") || strings.Contains(p.FormalStatement, "](#") || strings.Contains(p.FormalStatement, "**") {
			t.Errorf("markup in statement %q", p.FormalStatement)
		}
	}
}

// The corpus's RFC 7234: three "… MUST:" lists of three items (one item
// after a page break) and two "MUST NOT …, unless:" lists; names unique.
func TestCorpusRFC7234Requirements(t *testing.T) {
	doc, a := loadCorpus(t, "rfc7234_http-caching.txt", core.Spec)
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	names := map[string]bool{}
	items, unless := 0, 0
	for _, p := range ps {
		if names[p.Name] {
			t.Errorf("duplicate name %q", p.Name)
		}
		names[p.Name] = true
		st := strings.TrimSpace(p.FormalStatement)
		if strings.HasSuffix(st, "MUST:") || strings.HasSuffix(st, "unless:") {
			t.Errorf("lead-in alone: %q", st)
		}
		if at := doc.Text[p.Provenance.Offset:]; strings.HasPrefix(at, "delete any Warning") || strings.HasPrefix(at, "retain any Warning") || strings.HasPrefix(at, "use other header fields") {
			items++
			if !strings.Contains(st, "cache MUST "+at[:6]) {
				t.Errorf("item statement without its lead-in: %q", st)
			}
		}
		if strings.Contains(st, ", unless: (1) ") {
			unless++
			if !strings.Contains(p.Name, "unless") {
				t.Errorf("unless list named %q", p.Name)
			}
		}
		if strings.HasPrefix(p.Name, "Cache") && strings.Contains(p.Name, "Must") {
			t.Errorf("old-style name %q", p.Name)
		}
	}
	if items != 9 || unless != 2 {
		t.Errorf("got %d list items and %d unless-lists, want 9 and 2", items, unless)
	}
	byName := func(prefix string) int {
		n := 0
		for name := range names {
			if strings.HasPrefix(name, prefix) {
				n++
			}
		}
		return n
	}
	if byName("Cache deletes") != 3 || byName("Cache retains") != 3 {
		t.Errorf("items named by their actions: %d deletes, %d retains", byName("Cache deletes"), byName("Cache retains"))
	}
}

// The corpus's RFC 6455: names are unique and never the old
// "Subject Must Verb" form; MAY sentences are techniques.
func TestCorpusRFC6455RequirementNames(t *testing.T) {
	doc, a := loadCorpus(t, "rfc6455_websocket.txt", core.Spec)
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	seen := map[string]bool{}
	may := 0
	for _, p := range ps {
		if seen[p.Name] {
			t.Errorf("duplicate name %q", p.Name)
		}
		seen[p.Name] = true
		if strings.Contains(p.Name, " Must ") || strings.Contains(p.Name, " Should ") {
			t.Errorf("old-style name %q", p.Name)
		}
		if p.Type == core.Technique && p.Confidence == 0.7 {
			may++
		}
	}
	if may < 30 {
		t.Errorf("MAY permissions: got %d, want ≥ 30", may)
	}
	for _, want := range []string{"Client masks all frames that it sends to the server", "Server never masks any frames that it sends to the client"} {
		if !seen[want] {
			t.Errorf("missing %q", want)
		}
	}
}

// A requirement whose name another already has, with no condition, field
// or section to tell it apart, is named by what it is about that the
// first is not — never by a count; said twice word for word, it keeps
// its name, one requirement for the deduper to keep once.
func TestSpecNamesToldApartByWhatTheyAreAbout(t *testing.T) {
	a := specFixture(core.FormatText,
		specPart{"4.1.  Client Requirements", "   The client MUST _Fail the WebSocket Connection_ when the handshake is refused.\n\n" +
			"   If at any point the underlying transport layer connection is unexpectedly lost, the client MUST\n   _Fail the WebSocket Connection_.\n\n" +
			"   A system receiving this warning MUST NOT take any automated action.\n\n" +
			"   A system receiving this warning MUST NOT take any automated action.\n"},
	)
	got := specNames(Extract(a, Options{}))
	for _, n := range got {
		if last := n[len(n)-1]; last >= '0' && last <= '9' {
			t.Errorf("name %q made unique by a number", n)
		}
	}
	if !slices.Contains(got, "Client fails the WebSocket Connection (underlying transport)") {
		t.Errorf("names %q: the lost-transport requirement is not told apart by what it is about", got)
	}
}
