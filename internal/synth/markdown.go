package synth

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// The Markdown generators write learnable documents of a given size, for
// the benchmarks and memory measurements of whole runs (e2e, and by hand
// through ./internal/synth/synthmd): sources whose candidates are many,
// short and share their vocabulary, the worst case of the within-run
// dedup and of the memory a run holds per byte of input.

// Vocab returns the unique lowercase letters-only words longer than three
// letters of s, in order of first appearance (trimmed of the punctuation
// around them), the vocabulary Dense draws from.
func Vocab(s string) []string {
	var vocab []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(s) {
		w = strings.ToLower(strings.Trim(w, ".,;:()[]{}\"$'"))
		if len(w) > 3 && !seen[w] && strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			seen[w] = true
			vocab = append(vocab, w)
		}
	}
	return vocab
}

// xorshift is the generators' deterministic word picker.
type xorshift uint64

func (x *xorshift) pick(vocab []string) string {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return vocab[uint64(*x)%uint64(len(vocab))]
}

// Dense writes at least size bytes shaped like the reference's "textbook"
// measurement input: a heading every 20 entries and one "Definition:" or
// "Theorem:" line per entry, each naming a new term and stating a sentence
// of 22 words drawn from vocab (a textbook's, see Vocab). About 3,000
// primitives per MiB, far denser than a real book, all in one domain and
// sharing the book's vocabulary.
func Dense(w io.Writer, size int, vocab []string) error {
	bw := bufio.NewWriter(w)
	x := xorshift(1)
	n := 0
	for i := 0; n < size; i++ {
		if i%20 == 0 {
			k, _ := fmt.Fprintf(bw, "\n## Section %d\n\n", i/20+1)
			n += k
		}
		kind := "Definition"
		if i%3 == 2 {
			kind = "Theorem"
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s: %s %s. A %s %s is a", kind, strings.ToUpper(x.pick(vocab)[:1])+x.pick(vocab), x.pick(vocab), x.pick(vocab), x.pick(vocab))
		for range 18 {
			sb.WriteString(" " + x.pick(vocab))
		}
		sb.WriteString(".\n\n")
		k, _ := bw.WriteString(sb.String())
		n += k
	}
	return bw.Flush()
}

// paragraphWords is the vocabulary of Paragraphs: the words of a
// mathematics text, so the analyzer places the document in a domain.
var paragraphWords = strings.Fields(`vector space basis dimension linear map matrix
determinant eigenvalue eigenvector kernel image rank subspace span field scalar
tensor product dual operator inner norm orthogonal projection trace polynomial
characteristic minimal invariant isomorphism homomorphism group ring module
element set function sequence limit bound series convergent continuous
derivative integral measure probability random variable distribution expected
graph vertex edge path cycle tree order relation equivalence partition prime
integer rational real complex number root equation solution system algebra`)

// Paragraphs writes at least size bytes of short Markdown paragraphs: a
// heading every eight paragraphs, and paragraphs that define a numbered
// term ("**Term 12** is a ...") or state a property of one, each a
// sentence or two drawn from a mathematical vocabulary. seed varies the
// text.
func Paragraphs(w io.Writer, size int, seed uint64) error {
	bw := bufio.NewWriter(w)
	x := xorshift(seed | 1)
	n := 0
	words := func(sb *strings.Builder, k int) {
		for j := range k {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(x.pick(paragraphWords))
		}
	}
	for i := 0; n < size; i++ {
		var sb strings.Builder
		if i%8 == 0 {
			fmt.Fprintf(&sb, "## %d. The %s %s\n\n", i/8+1, x.pick(paragraphWords), x.pick(paragraphWords))
		}
		switch i % 4 {
		case 0, 1:
			fmt.Fprintf(&sb, "**Term %d** is a %s %s such that every ", i, x.pick(paragraphWords), x.pick(paragraphWords))
			words(&sb, 6)
			sb.WriteString(" has a ")
			words(&sb, 3)
			sb.WriteString(".")
		case 2:
			fmt.Fprintf(&sb, "Theorem %d. If the %s of Term %d is ", i, x.pick(paragraphWords), i-1)
			words(&sb, 4)
			sb.WriteString(", then every ")
			words(&sb, 5)
			sb.WriteString(" is ")
			words(&sb, 2)
			sb.WriteString(".")
		default:
			sb.WriteString("In other words, the ")
			words(&sb, 7)
			fmt.Fprintf(&sb, " of Term %d gives a ", i-2)
			words(&sb, 4)
			sb.WriteString(".")
		}
		sb.WriteString("\n\n")
		k, _ := bw.WriteString(sb.String())
		n += k
	}
	return bw.Flush()
}
