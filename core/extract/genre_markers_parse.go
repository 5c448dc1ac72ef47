package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// unmappedGlyph is how a PDF's text shows a glyph its font maps to no
// character.
const unmappedGlyph = "\uFFFD"

// fontLigatures are the letter pairs and triples fonts set as one glyph;
// a PDF whose font maps no text for one writes it as one U+FFFD.
var fontLigatures = []string{"ffi", "ffl", "ff", "fi", "fl", "ft", "fj", "ti", "tt", "tf", "st", "ct", "Th"}

// unmappedLigatures gives word as a PDF writes it when its font maps one
// of its ligatures to nothing ("Definition": "Defini�on"), each way once.
func unmappedLigatures(word string) []string {
	var out []string
	for _, l := range fontLigatures {
		for i := 0; ; {
			k := strings.Index(word[i:], l)
			if k < 0 {
				break
			}
			at := i + k
			out = append(out, word[:at]+unmappedGlyph+word[at+len(l):])
			i = at + 1
		}
	}
	return out
}

// endsNamePhrase reports whether lead, the line before a marker's word,
// ends in a word of a name the marker's word would close: a capitalised
// word or a small word names join with ("Type of", "Web").
func endsNamePhrase(lead string) bool {
	ws := strings.Fields(lead)
	if len(ws) == 0 {
		return false
	}
	w := ws[len(ws)-1]
	return specNameJoiner(w) || isUpperByte(w[0]) && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// wordBefore reports whether the rune before i continues a word.
func wordBefore(s string, i int) bool {
	if i <= 0 {
		return false
	}
	c := s[i-1]
	if c < utf8.RuneSelf {
		return isWordByte(c) || c == '\\'
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// parseMarker checks the occurrence of m.word at start against the marker
// grammar: word boundary, optional number, optional (name), then ':' or '.'.
func parseMarker(s string, start int, m marker) (hit, bool) {
	h := hit{m: m, start: start}
	if wordBefore(s, start) {
		return h, false
	}
	p := start + len(m.word)
	if p < len(s) && (isWordByte(s[p]) || s[p] >= utf8.RuneSelf) {
		return h, false
	}
	ls := lineStartBefore(s, start)
	lineStart := ls >= 0 && onlyLead(s[ls:start])
	// Books that swap numbers ("2.7 Definition · Substitution", amsthm's
	// \swapnumbers) put the number first.
	swapped := ""
	if !lineStart && ls >= 0 && m.num != numNone && resultKinds[m.kind] {
		if n := swappedNumber(s[ls:start]); n != "" {
			swapped, lineStart = n, true
		}
	}
	if ls < 0 {
		ls = start - lookBack
	}
	// Emphasis counts only when it wraps the marker ("**Definition"), not
	// when the line merely holds an underscore somewhere before it.
	emph := start > 0 && (s[start-1] == '*' || s[start-1] == '_')
	if !lineStart && !m.colon && !afterSentence(s[ls:start]) {
		return h, false
	}
	if !lineStart && m.colon && !afterSentence(s[ls:start]) && endsNamePhrase(s[ls:start]) {
		// "Type of Service:  8 bits", "Web Service:": the marker's word
		// ends a longer name, whose entry it is not
		return h, false
	}
	p = skipBlank(s, p)
	if m.num != numNone && lineStart && p < len(s) && s[p] == '\n' {
		// PDF text can put the number on the next line ("Lemma\n5 (Title).").
		if q := skipBlank(s, p+1); parseNumber(s, q) > q {
			p = q
		}
	}
	if swapped != "" {
		h.number = swapped
		if t, q, ok := dotTitle(s, p); ok {
			// "2.7 Definition · Substitution": the title runs to the line's
			// end, the statement follows on the next lines.
			h.name = t
			p = q
		}
	} else if m.num != numNone {
		if q := parseNumber(s, p); q > p {
			h.number = s[p:q]
			p = skipBlank(s, q)
		} else if q := unreadableNumber(s, p); q > p {
			// "Theorem �": a PDF whose font maps no digits; the block
			// is read, its number not written as what it is not
			h.lost = true
			p = skipBlank(s, q)
		} else if q := parseAcronym(s, p); emph && lineStart && q > p {
			// "**Theorem RREF**": books that label results by acronym.
			h.number = s[p:q]
			p = skipBlank(s, q)
		} else if m.num == numReq {
			return h, false
		}
	}
	if emph && lineStart && m.named && p < len(s) && !strings.ContainsRune("*_([.:\n", rune(s[p])) {
		// "**Theorem 2.1 Fundamental Theorem** Text": the title runs to
		// the emphasis that closes the label.
		if q, t, ok := emphTitle(s, p, s[start-1]); ok {
			h.name = t
			p = q
			if p < len(s) && s[p] != ':' && s[p] != '.' {
				if q := skipBlank(s, p); q < len(s) {
					if r, _ := utf8.DecodeRuneInString(s[q:]); unicode.IsUpper(r) || unicode.IsDigit(r) || s[q] == '$' || s[q] == '\\' || s[q] == '\n' {
						h.after = q
						h.apart, h.strong = true, true
						return h, true
					}
				}
				return h, false
			}
		}
	}
	p, e := skipEmph(s, p)
	emph = emph || e
	p = skipBlank(s, p)
	if m.named && p < len(s) && (s[p] == '(' || s[p] == '[') {
		if q, ok := matchClose(s, p, 120); ok {
			h.name = s[p+1 : q]
			p = skipBlank(s, q+1)
		}
	}
	p, e = skipEmph(s, p)
	emph = emph || e
	if p >= len(s) {
		return h, false
	}
	if s[p] != ':' && s[p] != '.' {
		// "Definition 2.1 A group is …": books set the marker in bold and
		// their EPUB and PDF text keeps no punctuation after it.
		if q, ok := bareResult(s, p, h, m, lineStart, ls, swapped != "", emph); ok {
			h.after = q
			h.apart = emph || swapped != "" || paragraphStart(s, ls)
			h.strong = emph || swapped != ""
			return h, true
		}
		// A label alone: set apart by its type on its own line, or a
		// paragraph of its own where a converter lost the type.
		alone := lineStart && paragraphStart(s, ls)
		if q, ok := loneLabel(s, p, alone); ok && h.number == "" && (emph || alone) && lineStart && m.named && !m.colon && resultKinds[m.kind] {
			h.after = q
			h.apart, h.strong = true, emph
			return h, true
		}
		return h, false
	}
	switch s[p] {
	case ':':
	case '.':
		if m.colon {
			return h, false
		}
		if p+1 < len(s) && !isSpaceByte(s[p+1]) && s[p+1] != '*' && s[p+1] != '_' {
			return h, false
		}
		// "… in Theorem 3.1." at the start of a wrapped line is a reference,
		// not a block: accept only where a block can begin.
		if h.name == "" && !emph && swapped == "" && (!lineStart || !blockCanStart(s, ls) && !(h.number != "" && afterNonProse(s, ls) && statementStarts(s, p+1))) {
			return h, false
		}
	default:
		return h, false
	}
	p, e = skipEmph(s, p+1)
	if tocEntry(s, p) {
		return h, false
	}
	h.after = p
	h.strong = lineStart && (emph || e || swapped != "")
	h.apart = h.strong || lineStart && paragraphStart(s, ls)
	return h, true
}

// tocEntry reports a line that goes on from p to a dot leader and a page
// number: an entry of a list of theorems or a table of contents ("Satz
// 1.4. Erzeuger der σ-Algebra . . . . . 10"), not the block itself.
func tocEntry(s string, p int) bool {
	eol := strings.IndexByte(s[p:], '\n')
	if eol < 0 {
		eol = len(s) - p
	}
	line := strings.TrimRight(s[p:p+eol], " \t")
	body := strings.TrimRight(line, "0123456789ivxlc")
	if len(body) == len(line) {
		return false // no page number at the end
	}
	body = strings.TrimRight(body, " \t")
	return strings.HasSuffix(body, ". . .") || strings.HasSuffix(body, "...") || strings.HasSuffix(body, "…")
}

// bareResult accepts a numbered result marker without a terminator
// ("Theorem 3 Every …", or "Definition 2.1" alone on its line before its
// statement) where a block can begin (a number set before the marker,
// "2.8 Lemma", says so by itself), when the statement starts with a
// capital letter: "Lemma 5 are well-known" and "Theorem 1 in the paper"
// are mentions, not results. A table-of-contents line ("Theorem 2.1
// Fundamental theorem . . . 23") is not one either. It returns where the
// statement starts.
func bareResult(s string, p int, h hit, m marker, lineStart bool, ls int, swapped, bold bool) (int, bool) {
	if h.number == "" && !h.lost || !m.named || m.colon || !resultKinds[m.kind] || !lineStart || !swapped && !blockCanStart(s, ls) {
		return 0, false
	}
	if p == 0 || !isSpaceByte(s[p-1]) && !isSpaceByte(s[p]) && s[p-1] != ')' && s[p-1] != ']' && s[p-1] != '*' && s[p-1] != '_' {
		return 0, false
	}
	eol := strings.IndexByte(s[p:], '\n')
	line := s[p:]
	if eol >= 0 {
		line = s[p : p+eol]
	}
	if strings.Contains(line, ". . .") || strings.Contains(line, "....") || strings.Contains(line, "…") && strings.TrimSpace(line) != "…" {
		return 0, false
	}
	q := p
	if strings.TrimSpace(line) == "" {
		// The statement starts on the next line (after a blank one, when
		// the number came first, or when the label is a paragraph of its
		// own, as converters that lose the label's type write it).
		if eol < 0 {
			return 0, false
		}
		q = p + eol + 1
		alone := swapped || paragraphStart(s, ls)
		for q < len(s) && (s[q] == ' ' || s[q] == '\t' || alone && (s[q] == '\n' || s[q] == '\r') && q < p+eol+3) {
			q++
		}
		if opensBlock(s[q:min(len(s), q+40)]) {
			// "Lemma 1" over "Lemma 3": lines of a proof naming results.
			return 0, false
		}
	}
	if q >= len(s) {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s[q:])
	if unicode.IsUpper(r) {
		return q, true
	}
	// A swapped number is evidence enough for a statement that opens with
	// a formula ("𝜀0 is the least fixed point"), never with a lower-case
	// word, which is prose mentioning the result; so is a label set in
	// bold ("**Proposition 4.1.5**" over "2 + 2 = 4").
	// (Mathematical italic letters, "𝛼", count as a formula.)
	if (swapped || bold) && !('a' <= r && r <= 'z') && r != '\n' && r != '\r' {
		return q, true
	}
	return 0, false
}

// loneLabel reads an unnumbered label set apart alone on its line
// ("**Definition**" over "Sei A ⊆ P(X) …", as books that number nothing
// set their blocks): p is past the label's emphasis, and the statement
// starts on the next line, with a capital or a formula. It returns where
// the statement starts.
func loneLabel(s string, p int, alone bool) (int, bool) {
	eol := strings.IndexByte(s[p:], '\n')
	if eol < 0 || strings.TrimSpace(s[p:p+eol]) != "" {
		return 0, false
	}
	q := p + eol + 1
	for q < len(s) && (s[q] == ' ' || s[q] == '\t' || alone && (s[q] == '\n' || s[q] == '\r') && q < p+eol+3) {
		q++
	}
	if q >= len(s) || opensBlock(s[q:min(len(s), q+40)]) {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s[q:])
	return q, unicode.IsUpper(r) || r == '$'
}

// resultKinds are the marker kinds that may stand without a terminator.
var resultKinds = map[string]bool{
	"definition": true, "theorem": true, "lemma": true, "corollary": true, "proposition": true, "axiom": true,
	"claim": true, "observation": true, "fact": true,
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// lookBack bounds how far before a marker its line start is searched: a
// marker further than this from a line start is mid-line, and the bound
// keeps a document made of one huge line linear.
const lookBack = 256

// lineStartBefore returns the start of the line holding position at, or -1
// when it lies more than lookBack bytes back.
func lineStartBefore(s string, at int) int {
	from := at - lookBack
	if from <= 0 {
		return strings.LastIndexByte(s[:at], '\n') + 1
	}
	i := strings.LastIndexByte(s[from:at], '\n')
	if i < 0 {
		return -1
	}
	return from + i + 1
}

// onlyLead reports whether the text between line start and a marker is only
// indentation, list bullets, quote marks, heading hashes or emphasis.
func onlyLead(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '>', '-', '+', '*', '_', '#', '|', '\f':
		default:
			return false
		}
	}
	return true
}

// afterSentence reports whether the text before a marker on its line ends
// a sentence ("… closed. Theorem 2 (Lagrange): …").
func afterSentence(s string) bool {
	t := strings.TrimRight(s, " \t*_")
	if len(t) == len(s) || t == "" {
		return false
	}
	switch t[len(t)-1] {
	case '.', '!', '?':
		return true
	}
	return false
}

// paragraphStart reports whether the line starting at ls opens a
// paragraph: the text's start, or a blank line or a heading before it.
func paragraphStart(s string, ls int) bool {
	if ls <= 0 {
		return true
	}
	prev := strings.TrimRight(s[:ls], " \t")
	return prev == "" || strings.HasSuffix(prev, "\n\n") || strings.HasSuffix(prev, "\n\r\n")
}

// blockCanStart reports whether a line starting at ls can open a block:
// the line before it is blank, absent, a heading, or ends a sentence.
func blockCanStart(s string, ls int) bool {
	if ls == 0 {
		return true
	}
	prev := s[:ls-1]
	pl := lineStartBefore(prev, len(prev))
	if pl < 0 {
		pl = len(prev) - lookBack
	}
	line := strings.TrimSpace(prev[pl:])
	if line == "" || strings.HasPrefix(line, "#") {
		return true
	}
	switch line[len(line)-1] {
	case '.', '!', '?', ':', ';', ')', '*', '_', '$', '}':
		return true
	}
	return false
}

func skipBlank(s string, p int) int {
	for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	return p
}

func skipEmph(s string, p int) (int, bool) {
	q := p
	for q < len(s) && (s[q] == '*' || s[q] == '_') {
		q++
	}
	return q, q > p
}

// parseAcronym accepts a label made of capitals and digits, at least two
// capitals ("RREF", "SLEMM", "EMP2"), that ends the word.
func parseAcronym(s string, p int) int {
	q, caps := p, 0
	for q < len(s) && q-p < 10 && ('A' <= s[q] && s[q] <= 'Z' || '0' <= s[q] && s[q] <= '9' && q > p) {
		if s[q] <= 'Z' && s[q] >= 'A' {
			caps++
		}
		q++
	}
	if caps < 2 || q < len(s) && (isWordByte(s[q]) || s[q] >= utf8.RuneSelf || s[q] == '-') {
		return p
	}
	return q
}

// emphTitle reads the title that runs from p to the emphasis closing a
// run-in label on the same line (mark is '*' or '_'): it returns where
// the label ends (past its closing marks) and the title.
func emphTitle(s string, p int, mark byte) (int, string, bool) {
	limit := min(len(s), p+160)
	for q := p; q < limit; q++ {
		switch s[q] {
		case '\n':
			return 0, "", false
		case mark:
			t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[p:q]), ".:"))
			if t == "" || strings.ContainsAny(t, "*_") {
				return 0, "", false
			}
			if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
				t = t[1 : len(t)-1]
			}
			q, _ = skipEmph(s, q)
			return q, t, true
		}
	}
	return 0, "", false
}

// unreadableNumber gives the end of a number some of whose digits a PDF's
// font left unmapped (U+FFFD): "�", "�.��", "2.�"; p when there is none.
func unreadableNumber(s string, p int) int {
	q, lost := p, false
	for q < len(s) {
		switch {
		case strings.HasPrefix(s[q:], "\uFFFD"):
			q += len("\uFFFD")
			lost = true
		case '0' <= s[q] && s[q] <= '9', s[q] == '.' && q > p:
			q++
		default:
			if !lost || isWordByte(s[q]) {
				return p
			}
			return q
		}
	}
	if !lost {
		return p
	}
	return q
}

// parseNumber accepts "2", "2.1", "3.1.4", "V1", "A.2", "2a".
func parseNumber(s string, p int) int {
	q := p
	for n := 0; q < len(s) && n < 2 && 'A' <= s[q] && s[q] <= 'Z'; n++ {
		q++
	}
	if q < len(s) && s[q] == '.' && q > p {
		q++
	}
	d := q
	for q < len(s) && '0' <= s[q] && s[q] <= '9' {
		q++
	}
	if q == d {
		return p
	}
	for q+1 < len(s) && s[q] == '.' && '0' <= s[q+1] && s[q+1] <= '9' {
		q++
		for q < len(s) && '0' <= s[q] && s[q] <= '9' {
			q++
		}
	}
	if q < len(s) && 'a' <= s[q] && s[q] <= 'z' && (q+1 >= len(s) || !isWordByte(s[q+1])) {
		q++
	}
	if q < len(s) && (isWordByte(s[q]) || s[q] >= utf8.RuneSelf) {
		return p
	}
	return q
}

// matchClose finds the bracket closing the one at p within limit bytes and
// without crossing a blank line.
func matchClose(s string, p, limit int) (int, bool) {
	open := s[p]
	closeB := byte(')')
	if open == '[' {
		closeB = ']'
	}
	depth := 0
	for q := p; q < len(s) && q < p+limit; q++ {
		switch s[q] {
		case open:
			depth++
		case closeB:
			depth--
			if depth == 0 {
				return q, true
			}
		case '\n':
			if q+1 < len(s) && s[q+1] == '\n' {
				return 0, false
			}
		}
	}
	return 0, false
}

// swappedNumber returns the section-style number ("2.7", "10.20") that
// alone precedes a marker on its line, or "". A number without a dot
// ("2 Lemmas") is a count, not a result's number.
func swappedNumber(pre string) string {
	if !strings.HasSuffix(strings.TrimRight(pre, "*_"), " ") && !strings.HasSuffix(strings.TrimRight(pre, "*_"), "\t") {
		return ""
	}
	t := strings.Trim(pre, " \t>#*_|\f")
	t = strings.TrimSuffix(t, ".")
	if t == "" {
		return ""
	}
	if q := parseNumber(t, 0); q != len(t) || !strings.Contains(t, ".") || t[0] < '0' || t[0] > '9' {
		return ""
	}
	return t
}

// dotTitle reads " · Title" (or " — Title") after a swapped marker: the
// title to the end of the line, and where the statement starts.
func dotTitle(s string, p int) (string, int, bool) {
	q := skipBlank(s, p)
	rest := s[q:]
	var sep string
	for _, d := range []string{"·", "—", "–"} {
		if strings.HasPrefix(rest, d) {
			sep = d
			break
		}
	}
	if sep == "" {
		return "", p, false
	}
	eol := strings.IndexByte(rest, '\n')
	if eol < 0 {
		return "", p, false
	}
	title := strings.TrimSpace(rest[len(sep):eol])
	if title == "" || len(title) > 120 || strings.Contains(title, ". . .") {
		return "", p, false
	}
	return title, q + eol, true
}

// afterNonProse reports whether the line before the one starting at ls
// ends in something other than a lower-case word or a comma: a formula
// ("… = ∞"), a capitalized word ("Proof. Exercise") or a page number, as
// PDF text leaves them before a result. Prose that runs on into a mention
// ("… follows from\nLemma 3. Then …") ends in a lower-case word.
func afterNonProse(s string, ls int) bool {
	if ls <= 0 {
		return true
	}
	prev := strings.TrimRight(s[:ls-1], " \t\r")
	if prev == "" || prev[len(prev)-1] == '\n' {
		return true
	}
	i := len(prev)
	for i > 0 && prev[i-1] != ' ' && prev[i-1] != '\n' && prev[i-1] != '\t' {
		i--
	}
	w := prev[i:]
	if strings.HasSuffix(w, ",") || strings.HasSuffix(w, "-") {
		return false
	}
	lower := w != ""
	for k := 0; k < len(w); k++ {
		if w[k] < 'a' || w[k] > 'z' {
			lower = false
			break
		}
	}
	return !lower
}

// statementStarts reports whether the text at p (after blanks) opens a
// statement rather than continuing a sentence: not a lower-case word.
func statementStarts(s string, p int) bool {
	p = skipBlank(s, p)
	return p < len(s) && !('a' <= s[p] && s[p] <= 'z')
}
