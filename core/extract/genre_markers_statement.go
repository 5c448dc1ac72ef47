package extract

import (
	"strings"
	"unicode"

	"github.com/lore-kb/lore/internal/lazyre"
)

// blockText returns the statement following a marker: the rest of its
// paragraph, stopping at a blank line, a heading, a code fence, or a line
// that opens another block. When the marker's paragraph holds nothing
// else, the next paragraph is the statement.
func blockText(s string, from int) string {
	t, end := paragraph(s, from)
	if strings.TrimSpace(stripEmph(t)) == "" && end < len(s) {
		p := end
		for p < len(s) {
			nl := strings.IndexByte(s[p:], '\n')
			line := s[p:]
			if nl >= 0 {
				line = s[p : p+nl]
			}
			if strings.TrimSpace(line) != "" {
				break
			}
			if nl < 0 {
				p = len(s)
				break
			}
			p += nl + 1
		}
		if p < len(s) && !opensBlock(s[p:]) {
			t, _ = paragraph(s, p)
		}
	}
	return t
}

// maxBlock bounds how far a statement is read: it is cut to 500 bytes later,
// and a runaway paragraph must not cost more than that.
const maxBlock = 4096

func paragraph(s string, from int) (string, int) {
	p := from
	first := true
	for p < len(s) && p-from < maxBlock {
		nl := strings.IndexByte(s[p:], '\n')
		lineEnd := len(s)
		if nl >= 0 {
			lineEnd = p + nl
		}
		line := s[p:lineEnd]
		if !first {
			if strings.TrimSpace(line) == "" || opensBlock(line) {
				return s[from:p], p
			}
		}
		first = false
		if nl < 0 {
			return s[from:], len(s)
		}
		p = lineEnd + 1
	}
	if p > len(s) {
		p = len(s)
	}
	return s[from:p], p
}

// opensBlock reports whether a line starts something a statement must not
// swallow: a heading, a code fence, a table row, or another block marker.
func opensBlock(line string) bool {
	t := strings.TrimLeft(line, " \t>")
	if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") || tableRow(t) {
		return true
	}
	if n := swappedLead(t); n > 0 {
		// "2.9 Convention · …": a block numbered before its kind.
		return true
	}
	t = strings.TrimLeft(t, "*_-+ ")
	for _, w := range blockWords {
		if strings.HasPrefix(t, w) && (len(t) == len(w) || !isWordByte(t[len(w)])) {
			return true
		}
	}
	return opensSketch(line)
}

// tableRow reports whether a line is a row of a Markdown table: it opens
// and closes with a bar, or holds three ("| a | b" cut short). A formula
// opening with an absolute value ("|x · y | ≤ ∥x∥∥y∥", as a PDF's text
// sets a display) is no row.
func tableRow(t string) bool {
	if !strings.HasPrefix(t, "|") {
		return false
	}
	t = firstLine(t)
	if absOpening.MatchString(t) && !strings.HasSuffix(strings.TrimSpace(t), "|") {
		return false // "|G| = [G : H] |H|.": a display opening with an absolute value
	}
	return strings.HasSuffix(strings.TrimSpace(t), "|") && len(strings.TrimSpace(t)) > 1 || strings.Count(t, "|") >= 3
}

// absOpening is a line opening with an absolute value or a cardinality of
// a short operand ("|G|", "|H |", "|x_n|"): a formula, not a table's
// first cell.
var absOpening = lazyre.New(`^\|[^|\s]{1,6} ?\|`)

// stripEmph removes Markdown strong/emphasis runs so statements read as
// prose.
func stripEmph(s string) string {
	if !strings.ContainsAny(s, "*_") {
		return s
	}
	s = strings.NewReplacer("**", "", "__", "").Replace(s)
	if !strings.Contains(s, "*") {
		return s
	}
	// *term*, at word edges and holding no formula: twice, since one
	// pass cannot take two terms that share the space between them. A
	// code span's stars are its text (`~/.rbenv/versions/*/bin/*`).
	var b strings.Builder
	for s != "" {
		prose, rest := s, ""
		if i := strings.IndexByte(s, '`'); i >= 0 {
			if j := strings.IndexByte(s[i+1:], '`'); j >= 0 {
				prose, rest = s[:i], s[i:]
				b.WriteString(stripStars(prose))
				b.WriteString(rest[:j+2])
				s = rest[j+2:]
				continue
			}
		}
		b.WriteString(stripStars(prose))
		s = rest
	}
	return b.String()
}

// stripStars removes single-star emphasis from prose with no code span.
func stripStars(s string) string {
	for range 2 {
		s = singleEmph.ReplaceAllString(s, "$1$2$3")
	}
	return s
}

// singleEmph is a phrase in single-star emphasis, *term*, its stars at
// word edges; a star in a formula ("$a^*$") is none.
var singleEmph = lazyre.New(`(^|[^\pL\pN_*\\])\*([^\s*$](?:[^*\n$]*[^\s*$\\])?)\*($|[^\pL\pN_*])`)

// resultText extends a result's statement read by blockText when the PDF
// or EPUB text broke it into paragraphs before it ends: display formulas
// and page layout leave blank lines inside a statement ("For all" … formula
// … "is given by:" …). It reads on, paragraph by paragraph, while the text
// so far does not end a sentence, up to a line that opens a block (a proof,
// the next result, a heading) and at most maxResultParas paragraphs.
func resultText(s string, from int, raw string) string {
	// "Definition 4. Let X be a space and A ⊆ X." over a bulleted list of
	// what it defines: the list is the definition; so is a list the
	// statement opens with ("Theorem 10.3." over "(1) …", "(2) …").
	lead := strings.TrimLeft(raw, " \t\r\n")
	list := setupLead(raw) || listItem.MatchString(lead[:min(len(lead), 8)])
	i := strings.Index(s[from:], raw)
	if i < 0 || !incomplete(raw) && !list && !premisesOnly(raw) && !furtherBeforeProof(s, from+i+len(raw)) {
		return raw
	}
	start := from + i
	end := start + len(raw)
	for n := 0; n < 2*maxResultParas && end-start < maxBlock; n++ {
		p := end
		for p < len(s) && isSpaceByte(s[p]) {
			p++
		}
		if p >= len(s) || opensBlock(s[p:min(len(s), p+40)]) {
			break
		}
		item := listItem.MatchString(s[p:min(len(s), p+8)])
		// "Let x be such that" over its display ends a sentence, not the
		// result: the paragraph that concludes ("Then x is optimal.") is
		// the statement's, as is a further premise before it.
		open := incomplete(s[start:end]) || premisesOnly(s[start:end]) && premiseGoesOn(s[p:min(len(s), p+40)]) ||
			furtherBeforeProof(s, p)
		if !open && !(list && (item || setupLine(s, p))) {
			break
		}
		if open && item {
			// "… consists of" or "such that" over a list: the list is
			// the statement's, every item of it.
			list = true
		}
		if n >= maxResultParas && !list {
			break
		}
		_, e := paragraph(s, p)
		if e <= p {
			break
		}
		end = e
	}
	return s[start:end]
}

// setupLine reports a short paragraph at p that ends in a colon ("Es
// gelte:", "Then the following hold:"): the lead-in of the list after it.
func setupLine(s string, p int) bool {
	_, e := paragraph(s, p)
	if e <= p || e-p > 120 {
		return false
	}
	return strings.HasSuffix(strings.TrimSpace(s[p:e]), ":")
}

// listItem opens an item of a list in PDF or EPUB text: a bullet, a dash,
// or an enumerator such as "(i)", "(a)", "1." or "2)", its digit perhaps
// one the PDF's font maps to nothing ("�.").
var listItem = lazyre.New(`^(?:[•◦▪‣∙·]|[-–*] |\((?:[ivx]{1,4}|[a-h]|[0-9]{1,2})\)|(?:[0-9]{1,2}|\x{FFFD})[.)] )`)

// setupLead reports a statement that only sets up what follows: it ends in
// a colon, or its one sentence opens with "Let", "Suppose" or "Assume".
func setupLead(raw string) bool {
	t := strings.TrimSpace(raw)
	if strings.HasSuffix(t, ":") {
		return true
	}
	if strings.Count(t, ". ") > 0 {
		return false
	}
	for _, w := range setupWords {
		if strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}

// setupWords open a statement that sets up what follows: English's and
// those of textbookMarkers' other languages (German "Sei", "Es seien",
// French "Soit", Spanish "Sea", Italian "Sia").
var setupWords = []string{
	"Let ", "Suppose ", "Assume ",
	"Sei ", "Seien ", "Es sei ", "Es seien ",
	"Soit ", "Soient ", "Sea ", "Sean ", "Sia ", "Siano ",
}

// premisesOnly reports whether a result's text so far only sets up: it
// opens with a premise ("Let", "Suppose", "Consider") and no sentence of
// it concludes ("then").
func premisesOnly(t string) bool {
	t = strings.TrimSpace(stripEmph(t))
	opens := strings.HasPrefix(t, "Consider ") || strings.HasPrefix(t, "Given ")
	for _, w := range setupWords {
		opens = opens || strings.HasPrefix(t, w)
	}
	if !opens {
		return false
	}
	low := strings.ToLower(t)
	for _, w := range conclusionWords {
		if strings.Contains(low, " "+strings.ToLower(w)+" ") || strings.Contains(low, " "+strings.ToLower(w)+",") {
			return false
		}
	}
	return true
}

// furtherWords open a paragraph that adds to what a result says.
var furtherWords = []string{"Furthermore,", "Moreover,", "In addition,", "Additionally,", "Furthermore ", "Moreover "}

// furtherBeforeProof reports whether the paragraph after p (past white
// space) adds to the result before it ("Furthermore, all the rows …")
// and the result's proof follows it: a PDF's text sets the result's parts
// apart, and what stands between a result and its proof, saying more of
// it, is the result's.
func furtherBeforeProof(s string, p int) bool {
	for p < len(s) && isSpaceByte(s[p]) {
		p++
	}
	head := s[p:min(len(s), p+16)]
	further := false
	for _, w := range furtherWords {
		further = further || strings.HasPrefix(head, w)
	}
	if !further {
		return false
	}
	_, e := paragraph(s, p)
	for e < len(s) && isSpaceByte(s[e]) {
		e++
	}
	line, _ := lineAt(s, e)
	return e < len(s) && textProof.MatchString(line)
}

// conclusionWords open the sentence that concludes a result after its
// premises, in textbookMarkers' languages.
var conclusionWords = []string{"Then", "Dann", "Alors", "Entonces", "Allora"}

// premiseGoesOn reports whether a paragraph opening with s goes on with a
// result's premises or concludes it.
func premiseGoesOn(s string) bool {
	s = strings.TrimLeft(s, " \t*_")
	for _, w := range append(append([]string{"Here", "We assume"}, conclusionWords...), setupWords...) {
		w = strings.TrimSpace(w)
		if strings.HasPrefix(s, w) && len(s) > len(w) && (s[len(w)] == ' ' || s[len(w)] == ',') {
			return true
		}
	}
	return false
}

// maxResultParas bounds how many paragraphs a broken statement is read on
// (a setup over a list reads twice as many, one per item).
const maxResultParas = 8

// incomplete reports whether text stops before its sentence ends. Lines at
// the end that hold no word of three letters and no period are the pieces
// of a formula the PDF layout put after its sentence (a denominator, an
// index) and are looked past.
func incomplete(t string) bool {
	for {
		t = strings.TrimRight(t, " \t\r\n\f")
		i := strings.LastIndexByte(t, '\n')
		if i < 0 || hasWord(t[i+1:], 3) || strings.HasSuffix(t, ".") {
			break
		}
		t = t[:i]
	}
	t = strings.TrimRight(t, " \t\r\n\f*_)\"'’”")
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case '.', '!', '?':
		return false
	}
	return true
}

// hasWord reports whether s holds a run of at least n ASCII letters.
func hasWord(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if isLetterByte(s[i]) {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// swappedLead returns the length of a dotted number and the space after
// it at the start of a line when a block's kind follows, in any case and
// perhaps in bold ("2.9 Convention", "**1.13 remark.**"), else 0.
func swappedLead(t string) int {
	t = strings.TrimLeft(t, "*_")
	q := 0
	for q < len(t) && ('0' <= t[q] && t[q] <= '9' || t[q] == '.') {
		q++
	}
	if q < 3 || !strings.Contains(t[:q], ".") || t[0] == '.' || q >= len(t) || t[q] != ' ' {
		return 0
	}
	w := strings.TrimLeft(t[q+1:], "*_")
	if i := strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		w = w[:i]
	}
	for _, b := range blockWords {
		if strings.EqualFold(w, b) {
			return q + 1
		}
	}
	for _, b := range []string{"Convention", "Notation", "Conjecture", "Fact", "Observation"} {
		if strings.EqualFold(w, b) {
			return q + 1
		}
	}
	return 0
}
