package extract

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// formatCatalogue is a file format's description of its encodings, one
// section each, none marked as a definition or result: only the first
// opens on a sentence a term reader takes. An encoding's section opens
// on a line that is no prose, and the message section is described
// through its parts ("Description", "Syntax", "Example").
const formatCatalogue = "# Encodings\n\n" +
	"## Plain: (PLAIN = 0)\n\nSupported Types: all\n\n" +
	"This is the plain encoding that must be supported for all types. It stores the data back to back.\n\n" +
	"Values are little endian:\n\n    int32: 4 bytes\n\n" +
	"## Run Length Encoding (RLE = 3)\n\n" +
	"This encoding combines bit-packing and run length encoding to store repeated values more efficiently.\n\n" +
	"    rle-run := <rle-header> <repeated-value>\n\n" +
	"The header is a ULEB-128 varint of the run length shifted left by one.\n\n" +
	"## INFO\n\n### Description\n\n" +
	"The server sends an `INFO` message to a client as soon as the client connects, with its limits and options.\n\n" +
	"### Syntax\n\n`INFO {[\"option_name\":option_value],...}`\n\nwhere `max_payload` is the largest message the server accepts.\n\n" +
	"#### connect_urls\n\nThe `connect_urls` field lists the urls of the other servers a client may connect to when this one fails.\n\n" +
	"### Example\n\n`INFO {\"max_payload\":1048576}`\n"

// A work that marks little is read by its sections: each section no
// reader took is the technique its title names, stated by its opening
// prose, and its passage holds the rest of it, the parts of a message
// ("Syntax", a field under it, "Example") included.
func TestUnmarkedSectionsAreReadByTheirTitles(t *testing.T) {
	ps := Extract(analyzed(formatCatalogue, core.FormatMarkdown, core.Reference), Options{})
	got := byName(ps)
	for _, n := range []string{"Plain (PLAIN = 0)", "Run Length Encoding (RLE = 3)", "INFO"} {
		p, ok := got[n]
		if !ok {
			t.Fatalf("no %q among %q", n, names(ps))
		}
		if p.Type != core.Technique || p.Confidence != readingConf {
			t.Errorf("%s: %s %.2f", n, p.Type, p.Confidence)
		}
	}
	for _, n := range []string{"Description", "Syntax", "Example", "connect_urls", "Encodings: Syntax"} {
		if _, ok := got[n]; ok {
			t.Errorf("a part of an entry read as a section of its own: %q", n)
		}
	}
	plain := got["Plain (PLAIN = 0)"]
	if !strings.HasPrefix(plain.FormalStatement, "This is the plain encoding") ||
		!strings.Contains(plain.Passage, "Supported Types: all") || !strings.Contains(plain.Passage, "int32: 4 bytes") {
		t.Errorf("Plain = %q, passage %q", plain.FormalStatement, plain.Passage)
	}
	rle := got["Run Length Encoding (RLE = 3)"]
	if !strings.Contains(rle.Passage, "rle-run :=") || !strings.Contains(rle.Passage, "shifted left by one") ||
		strings.Contains(rle.Passage, "INFO") {
		t.Errorf("RLE passage %q", rle.Passage)
	}
	info := got["INFO"]
	if !strings.HasPrefix(info.FormalStatement, "The server sends an `INFO` message") {
		t.Errorf("INFO = %q", info.FormalStatement)
	}
	for _, want := range []string{"max_payload", "connect_urls", "1048576"} {
		if !strings.Contains(info.Passage+strings.Join(info.Examples, "\n"), want) {
			t.Errorf("INFO lost %q: passage %q, examples %q", want, info.Passage, info.Examples)
		}
	}
}

// A work that marks its results is not read by section titles: what it
// marks, and the passages of what it marks, are its knowledge. A how-to's
// sections that run its steps are its steps; the others (its background,
// a recipe given in prose) are read by their titles.
func TestMarkedWorksAreNotReadBySections(t *testing.T) {
	marked := "# Groups\n\n## Subgroups\n\n**Theorem 1.1** Every subgroup of a cyclic group is cyclic.\n\n" +
		"## Cosets\n\n**Theorem 1.2** The cosets of a subgroup partition the group into sets of equal size.\n\n" +
		"## History\n\nThe theory of groups grew out of the study of the solutions of polynomial equations by radicals.\n\n" +
		"## Uses\n\nGroups describe the symmetries of crystals, of molecules and of the equations of physics alike.\n"
	howto := "# Deploy\n\n## Build\n\nThe service is built from the repository root with the release profile turned on.\n\n" +
		"1. Build it:\n\n   ```sh\n   make release\n   ```\n\n2. Copy it:\n\n   ```sh\n   scp bin/app host:\n   ```\n\n" +
		"## Background\n\nThe host runs the service under its own user account with a restricted set of rights.\n\n" +
		"## History\n\nEarlier releases were deployed by hand from a developer laptop over a shared account.\n"
	for _, p := range Extract(analyzed(marked, core.FormatMarkdown, core.Reference), Options{}) {
		if p.Confidence == readingConf {
			t.Errorf("marked: %q read by its title", p.Name)
		}
	}
	got := byName(Extract(analyzed(howto, core.FormatMarkdown, core.Tutorial), Options{}))
	for n, p := range got {
		if p.Confidence == readingConf && strings.Contains(n, "Build") {
			t.Errorf("how-to: the steps' section %q read by its title", n)
		}
	}
	for _, n := range []string{"Deploy: Background", "History"} {
		if p, ok := got[n]; !ok || p.Confidence != readingConf || p.Type != core.Technique {
			t.Errorf("how-to: %q not read by its title among %q", n, keys(got))
		}
	}
}

// A guide whose steps run through its sections (a specification's
// examples read as commands) covers the sections holding a step, not the
// ones below its first: a section between them that runs nothing (how
// the flatten operator works) is read by its title.
func TestSectionsBetweenStepsAreRead(t *testing.T) {
	doc := "# Query Language\n\nRun the examples with the search command:\n\n```sh\nsearch foo.bar data.json\n```\n\n" +
		"## Slices\n\nA slice selects a range of a list by its start, stop and step.\n\n```sh\nsearch '[0:3]' list.json\n```\n\n" +
		"## Flatten Operator\n\nWhen the sequence [] is given as a bracket specifier, sublists of the current result are merged into one list.\n\n" +
		"## Filters\n\nA filter keeps the elements of a list whose expression is true.\n\n```sh\nsearch 'a[?b]' list.json\n```\n\n" +
		"## Errors\n\nAn expression that calls an unknown function raises the unknown-function error before it is evaluated.\n\n" +
		"## Recoverable Errors\n\n* If a recoverable error occurs calling create() the client should call getChildren() and look for its guid.\n"
	got := byName(Extract(analyzed(doc, core.FormatMarkdown, core.Tutorial), Options{}))
	for _, n := range []string{"Flatten Operator", "Errors", "Recoverable Errors"} {
		if p, ok := got[n]; !ok || p.Confidence != readingConf {
			t.Errorf("%q not read among %q", n, keys(got))
		}
	}
	for _, n := range []string{"Slices", "Filters"} {
		if p, ok := got[n]; ok && p.Confidence == readingConf {
			t.Errorf("the steps' section %q read by its title", n)
		}
	}
}

// A work with headings of its own whose readers took most of its
// sections still has the rest read by their titles; in a page's text
// (headings a layout guessed) they are left to the passages, and a
// running head or a byline is never read as a section.
func TestFewUnreadSectionsAreReadWhereHeadingsAreTheAuthors(t *testing.T) {
	doc := "# Networks\n\n## Nodes\n\nA node is a unit that sums its weighted inputs and applies an activation to the sum.\n\n" +
		"## Layers\n\nA layer is a set of nodes that take the same inputs and feed the same outputs in turn.\n\n" +
		"## Weights\n\nA weight is a number that scales one input of a node before the inputs are summed.\n\n" +
		"## How networks are trained\n\nThe data are split into a training set of three quarters and a test set of the rest, and the weights are fitted on the first.\n\n" +
		"## Choosing the hidden layer\n\nThe number of hidden nodes is chosen by trying five to forty-five and keeping the best on the validation set.\n\n" +
		"## Giuseppe DeCandia, Deniz Hastorun, Madan Jampani, Peter Vosshall and Werner Vogels Amazon.com ABSTRACT\n\nReliability at massive scale is one of the biggest challenges we face at a large shop.\n"
	got := byName(Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{}))
	for _, n := range []string{"How networks are trained", "Choosing the hidden layer"} {
		if p, ok := got[n]; !ok || p.Confidence != readingConf {
			t.Errorf("%q not read by its title: %v", n, ok)
		}
	}
	for n := range got {
		if strings.Contains(n, "DeCandia") {
			t.Errorf("a byline read as a section: %q", n)
		}
	}
	for _, p := range Extract(analyzed(strings.ReplaceAll(doc, "## ", ""), core.FormatText, core.Reference), Options{}) {
		if p.Confidence == readingConf {
			t.Errorf("page text: %q read by its title", p.Name)
		}
	}
}

// A primitive stated in a section keeps the section's text to its end:
// the subsections after one that states a primitive of its own are still
// its passage, not nobody's.
func TestPassageReadsOnPastANestedPrimitive(t *testing.T) {
	doc := "# Store\n\n## Records\n\nA record is a key and a value written together to the log.\n\n" +
		"Records are never changed in place.\n\n" +
		"### Tombstones\n\nA tombstone is a record whose value is empty and which marks a deleted key.\n\n" +
		"### Compaction\n\nOld records are dropped when the log is rewritten, keeping the newest record of each key.\n\n" +
		"## Indexes\n\nAn index is a map from each key to the offset of its newest record.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{})
	got := byName(ps)
	rec, ok := got["record"]
	if !ok {
		rec, ok = got["Record"]
	}
	if !ok {
		t.Fatalf("no record among %q", names(ps))
	}
	if !strings.Contains(rec.Passage, "never changed in place") || !strings.Contains(rec.Passage, "keeping the newest record") ||
		strings.Contains(rec.Passage, "marks a deleted key") || strings.Contains(rec.Passage, "An index is") {
		t.Errorf("record passage %q", rec.Passage)
	}
}

// A section's opening before its first primitive, which no passage before
// it reads, is read with that primitive: the notation a chapter sets up
// before its first definition reaches the skill.
func TestSectionLeadGoesWithItsFirstPrimitive(t *testing.T) {
	doc := "# Networks\n\n## Layers\n\nEach node computes a = f(wx + b), where w are its weights and b its bias, " +
		"and f is the sigmoid 1/(1 + e^-z).\n\n" +
		"**Definition 1.1** A layer is a list of nodes that read the same inputs.\n\n" +
		"**Definition 1.2** A network is a sequence of layers, each reading the outputs of the one before.\n\n" +
		"## Training\n\n**Theorem 1.3** Gradient descent with a small enough rate lowers the loss at every step.\n"
	got := byName(Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{}))
	var first core.Primitive
	for n, p := range got {
		if strings.Contains(n, "1.1") || strings.HasPrefix(p.FormalStatement, "A layer") {
			first = p
		}
		if strings.Contains(p.Passage, "sigmoid") && p.ID != first.ID && first.ID != "" {
			t.Errorf("the lead read twice, by %q too", n)
		}
	}
	if !strings.Contains(first.Passage, "a = f(wx + b)") || !strings.Contains(first.Passage, "sigmoid") {
		t.Errorf("first definition %q, passage %q (among %q)", first.Name, first.Passage, keys(got))
	}
}

// A function declared in a code block has the block in its passage: its
// body is its definition ("return 1 / (1 + math.e ** -z)").
func TestDeclarationKeepsItsBlock(t *testing.T) {
	doc := "# Network\n\n## Activation\n\nThe activation squashes a node's sum into (0, 1).\n\n" +
		"```python\n    # The sigmoid activation function. Operates on scalars.\n    def _sigmoid_scalar(self, z):\n" +
		"        return 1 / (1 + math.e ** -z)\n```\n\nIt is applied to every node of the hidden layer in turn.\n"
	got := byName(Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{}))
	p, ok := got["_sigmoid_scalar"]
	if !ok {
		t.Fatalf("no declaration among %q", keys(got))
	}
	if !strings.Contains(p.Passage, "return 1 / (1 + math.e ** -z)") {
		t.Errorf("passage %q", p.Passage)
	}
}

// A paragraph that goes on with its statement's subject in the same
// words (a chunk's key after how a chunk is compressed) is in its
// passage, not taken for part of the statement.
func TestPassageKeepsAParagraphInTheStatementsWords(t *testing.T) {
	doc := "# Arrays\n\n## Chunks\n\nEach chunk of the array is compressed by passing the raw bytes for the chunk through the primary compression library " +
		"to obtain a new sequence of bytes comprising the compressed chunk data.\n\n" +
		"The compressed sequence of bytes for each chunk is stored under a key formed from the index of the chunk within the grid of chunks, " +
		"the indices concatenated with the period character.\n\n## Filters\n\nA filter transforms chunk data before compression and after decompression.\n\n" +
		"## Attributes\n\nAttributes are arbitrary key and value pairs stored as a JSON object next to the array.\n"
	found := false
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{}) {
		if strings.HasPrefix(p.FormalStatement, "Each chunk") {
			found = true
			if !strings.Contains(p.Passage, "concatenated with the period") {
				t.Errorf("%q: passage %q", p.Name, p.Passage)
			}
		}
	}
	if !found {
		t.Error("no primitive states the chunks")
	}
}

// A passage that ends where the next primitive starts inside the same
// paragraph ends with the sentence before it, never halfway into it.
func TestPassageEndsAtASentence(t *testing.T) {
	doc := "# Store\n\n## Groups\n\nIf the user requests a group to be created under some logical path, then groups MUST also be created at all ancestor paths. " +
		"This keeps the hierarchy whole for every reader of the store, whichever path it opens first and however deep. " +
		"E.g., if the user requests group creation at path foo/bar then groups MUST be created at path foo and the root of the store.\n"
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{}) {
		if ps := strings.TrimSpace(p.Passage); ps != "" && !strings.HasSuffix(ps, ".") {
			t.Errorf("%q: passage ends mid-sentence: %q", p.Name, ps)
		}
	}
}

// A call named in wrapped prose is stated by its whole sentence, not by
// the one line of it that holds the call.
func TestSignatureInProseIsItsSentence(t *testing.T) {
	doc := "# Queries\n\nA query is a function from keys to values whose results the compiler caches between sessions.\n\n" +
		"## Change detection\n\nLet's say that `IntValue(x)` starts out as 1000 and then is set to 2000.\n" +
		"Even though the input is different in the two cases, `sign_of(x)` yields\nthe result `+` in both cases.\n"
	found := false
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{}) {
		if strings.HasPrefix(p.FormalStatement, "sign_of(x)") {
			found = true
			if !strings.HasSuffix(p.FormalStatement, "in both cases.") || !strings.Contains(p.FormalStatement, "Even though") {
				t.Errorf("%s stated by %q", p.Name, p.FormalStatement)
			}
			if !strings.Contains(p.Passage, "starts out as 1000") {
				t.Errorf("%s: the paragraph it is in is not read on: %q", p.Name, p.Passage)
			}
		}
	}
	if !found {
		t.Error("no sign_of(x) read")
	}
}

// Passages and statements cut from long paragraphs of multi-byte text
// never end or start inside a character (a store that checks its text,
// PostgreSQL, would change them).
func TestPassagesKeepWholeCharacters(t *testing.T) {
	long := strings.Repeat("Die Größe hängt von der Länge ab — ", 400)
	doc := "# Größen\n\n## Maße\n\n" + long + "\n`größe(x)` gibt die Größe zurück.\n\n" +
		"**Definition 1.1** Eine Länge ist eine Größe.\n\n" + long + "\n\n## Mengen\n\n" + long +
		"\n\n**Definition 1.2** Eine Menge ist eine Sammlung.\n"
	for _, ct := range []core.ContentType{core.Reference, core.Textbook} {
		for _, p := range Extract(analyzed(doc, core.FormatMarkdown, ct), Options{}) {
			if !utf8.ValidString(p.FormalStatement) || !utf8.ValidString(p.Passage) {
				t.Errorf("%s: %q cut inside a character", ct, p.Name)
			}
		}
	}
}

// A call a list's item makes of a function ("exceeds `min(a, b)`") is no
// definition of it, and a signature's sentence never runs into the items
// around it.
func TestCallInAListItemIsNoSignature(t *testing.T) {
	doc := "# Views\n\nA backup sends a request to the primary when any of the following occur:\n\n" +
		"- the backup learns about a newer view via a commit message, or\n" +
		"- the backup discovers `commit_max` exceeds `min(op_head, op_trigger)` (during repair),\n" +
		"- `resync(view)` starts a state sync of the replica\n- a replica recovers\n"
	got := byName(Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{}))
	if p, ok := got["min"]; ok {
		t.Errorf("min read as %q", p.FormalStatement)
	}
	if p, ok := got["resync"]; ok && strings.Contains(p.FormalStatement, "recovers") {
		t.Errorf("resync's sentence runs into the next item: %q", p.FormalStatement)
	}
}

// "3. Each replica performs the following steps concurrently:" is a step
// of the numbered list it is in: its sub-items are no procedure of their
// own, and the list is read whole from its first item.
func TestStepsLeadInsideANumberedItemIsThatItemsPart(t *testing.T) {
	doc := "# Replication\n\nReplicas agree on an order of requests before they execute them.\n\n## Normal protocol\n\nNormal protocol prepares and commits requests from clients.\n\n" +
		"1. The client sends a request message to the primary.\n2. The primary converts the request to a prepare, assigning it an op.\n" +
		"3. Each replica performs the following steps concurrently:\n   - Write the prepare to the log.\n   - Forward the prepare to the next replica.\n" +
		"4. Each replica sends an acknowledgement to the primary.\n\n## View change\n\nA view change elects a new primary when the old one fails to send heartbeats in time.\n"
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{}) {
		if strings.HasPrefix(p.ComputationalForm, "1. Write the prepare") {
			t.Errorf("%s is the sub-list of step 3: %q", p.Name, p.ComputationalForm)
		}
		if p.Name == "Normal protocol" && !strings.Contains(p.Passage+p.ComputationalForm+p.FormalStatement, "The primary converts") {
			t.Errorf("the protocol's steps 1-2 are lost: %q / %q", p.FormalStatement, p.Passage)
		}
	}
}

// A section's steps introduced by a lead-in that names no function ("The
// following steps are recommended:") keep what the section says before
// it: the warning is why the steps are there.
func TestStepsKeepTheSettingBeforeTheirLeadIn(t *testing.T) {
	doc := "# SpatiaLite\n\nThe module adds spatial features to the database for geographic data.\n\n## Warning\n\n" +
		"The extension adds many SQL functions, some of which may crash the server when untrusted users run them.\n\n" +
		"You should not expose it to the public internet without extra measures.\n\n" +
		"The following steps are recommended:\n\n- Disable arbitrary SQL queries by untrusted users.\n- Define the queries people may run.\n\n" +
		"## Installation\n\nInstall the library with the package manager of your system before you load it.\n"
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Reference), Options{}) {
		if strings.Contains(p.ComputationalForm, "Disable arbitrary SQL") {
			if !strings.Contains(p.FormalStatement, "may crash the server") || !strings.Contains(p.FormalStatement, "public internet") {
				t.Errorf("%s lost its setting: %q", p.Name, p.FormalStatement)
			}
			return
		}
	}
	t.Error("the recommended steps were not read")
}

// A design proposal that writes SHOULD and MUST in its prose is no
// specification whose requirements say its rules: its
// unmarked sections are read by their titles ("Exponential Backoff").
func TestProposalWithKeywordsIsReadBySections(t *testing.T) {
	doc := "# Retry Design\n\nClients SHOULD retry and servers MUST cope; the client SHOULD back off, and it MUST stop.\n\n" +
		"## Maximum Number of Retries\n\nThe maximum number of attempts is capped at five, and a larger value SHOULD be treated as five by every client.\n\n" +
		"## Exponential Backoff\n\nThe initial retry happens after the initial backoff times a random factor between 0.8 and 1.2, and later ones grow.\n\n" +
		"## Pushback\n\nA server may tell the client when to retry, and the client MUST honour it; it SHOULD not retry sooner, and MUST not retry at all if told so.\n\n" +
		"## Statistics\n\nThe client SHOULD record each attempt it makes, so that the retries can be seen, and MUST count them per method.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	got := byName(ps)
	for _, n := range []string{"Exponential Backoff", "Pushback"} {
		if _, ok := got[n]; !ok {
			t.Errorf("no %q among %q", n, names(ps))
		}
	}
}
