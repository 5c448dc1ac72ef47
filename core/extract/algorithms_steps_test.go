package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func specAlgorithms(t *testing.T, src string) map[string]core.Primitive {
	t.Helper()
	out := map[string]core.Primitive{}
	for _, p := range Extract(oneSection(src, core.FormatMarkdown, core.Spec), Options{}) {
		if p.Type == core.Algorithm {
			out[p.Name] = p
		}
	}
	return out
}

// A PDF's text of a specification's functions: indentation lost, a
// third-level bullet "∗", a step's text broken over lines and across a
// blank line, a head whose sentence runs on after a blank line. Each
// function keeps all its steps, nested by their markers, and says what it
// is for.
func TestStepsOfFunctionsInAPDFsText(t *testing.T) {
	src := "A SymmetricState responds to the following functions:\n" +
		"• **InitializeSymmetric(protocol_name)**: Takes an arbitrary-length\n\n" +
		"protocol_name byte sequence (see Section 8). Executes the following\nsteps:\n" +
		"– If protocol_name is less than or equal to HASHLEN bytes in length,\n\n" +
		"sets h equal to protocol_name with zero bytes appended to make\nHASHLEN bytes. Otherwise sets h = HASH(protocol_name).\n\n" +
		"– Sets ck = h.\n– Calls InitializeKey(empty).\n\n" +
		"• **MixKeyAndHash(input_key_material)**: This function is used for handling\n" +
		"pre-shared symmetric keys, as described in Section 9. It executes the\nfollowing steps:\n\n" +
		"– Sets ck, temp_h, temp_k = HKDF(ck, input_key_material, 3).\n– Calls MixHash(temp_h).\n" +
		"– If HASHLEN is 64, then truncates temp_k to 32 bytes.\n– Calls InitializeKey(temp_k).\n\n" +
		"• **WriteMessage(payload, message_buffer)**: Takes a payload byte sequence which may be zero-length, and a message_buffer to write the output into. Performs the following steps, aborting if any EncryptAndHash()\n" +
		"call returns an error:\n" +
		"– Fetches and deletes the next message pattern from message_patterns,\nthen sequentially processes each token from the message pattern:\n" +
		"∗ For \"e\": Sets e (which must be empty) to GENERATE_KEYPAIR().\n\nAppends e.public_key to the buffer. Calls MixHash(e.public_key).\n" +
		"∗ For \"s\": Appends EncryptAndHash(s.public_key) to the\n\nbuffer.\n∗ For \"ee\": Calls MixKey(DH(e, re)).\n" +
		"– Appends EncryptAndHash(payload) to the buffer.\n– If there are no more message patterns returns two new CipherState\nobjects by calling Split().\n\n" +
		"## 5.3. The HandshakeState object\n\nA HandshakeState object contains a SymmetricState.\n"
	algs := specAlgorithms(t, src)
	init, ok := algs["InitializeSymmetric"]
	if !ok {
		t.Fatalf("no InitializeSymmetric; got %q", algNames(algs))
	}
	if want := "1. If protocol_name is less than or equal to HASHLEN bytes in length, sets h equal to protocol_name with zero bytes appended to make HASHLEN bytes. Otherwise sets h = HASH(protocol_name).\n2. Sets ck = h.\n3. Calls InitializeKey(empty)."; !strings.HasSuffix(init.ComputationalForm, want) {
		t.Errorf("InitializeSymmetric form =\n%s\nwant it to end\n%s", init.ComputationalForm, want)
	}
	mix, ok := algs["MixKeyAndHash"]
	if !ok {
		t.Fatalf("no MixKeyAndHash; got %q", algNames(algs))
	}
	if !strings.Contains(mix.FormalStatement, "pre-shared symmetric keys") {
		t.Errorf("MixKeyAndHash does not say what it is for: %q", mix.FormalStatement)
	}
	w, ok := algs["WriteMessage"]
	if !ok {
		t.Fatalf("no WriteMessage; got %q", algNames(algs))
	}
	want := "1. Fetches and deletes the next message pattern from message_patterns, then sequentially processes each token from the message pattern:\n" +
		"   2. For \"e\": Sets e (which must be empty) to GENERATE_KEYPAIR(). Appends e.public_key to the buffer. Calls MixHash(e.public_key).\n" +
		"   3. For \"s\": Appends EncryptAndHash(s.public_key) to the buffer.\n" +
		"   4. For \"ee\": Calls MixKey(DH(e, re)).\n" +
		"5. Appends EncryptAndHash(payload) to the buffer.\n" +
		"6. If there are no more message patterns returns two new CipherState objects by calling Split()."
	if !strings.HasSuffix(w.ComputationalForm, want) {
		t.Errorf("WriteMessage form =\n%s\nwant it to end\n%s", w.ComputationalForm, want)
	}
}

// A function whose item gives its arguments in paragraphs of their own
// before "Performs the following steps:" is still the item's function.
func TestStepsAfterParagraphsOfTheItem(t *testing.T) {
	src := "A `HandshakeState` responds to the following functions:\n\n" +
		"  * **`Initialize(handshake_pattern, initiator, prologue)`**:\n" +
		"    Takes a valid `handshake_pattern` and an `initiator` boolean\n    specifying this party's role.\n\n" +
		"    Takes a `prologue` byte sequence which may be zero-length.\n\n" +
		"    Performs the following steps:\n\n" +
		"      * Derives a `protocol_name` byte sequence from the pattern's names.\n" +
		"      * Calls `MixHash(prologue)`.\n" +
		"      * Sets the `initiator` variable to its argument.\n\n" +
		"  * **`WriteMessage(payload)`**:  Takes a payload byte sequence.\n"
	algs := specAlgorithms(t, src)
	p, ok := algs["Initialize"]
	if !ok {
		t.Fatalf("no Initialize; got %q", algNames(algs))
	}
	want := "1. Derives a protocol_name byte sequence from the pattern's names.\n2. Calls MixHash(prologue).\n3. Sets the initiator variable to its argument."
	if !strings.HasSuffix(p.ComputationalForm, want) {
		t.Errorf("form =\n%s\nwant it to end\n%s", p.ComputationalForm, want)
	}
}
