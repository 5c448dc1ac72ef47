package analyze

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// Pattern-family weights of the reference classifier, in tie-break order.
var typeWeights = [5]float64{
	3, // textbook
	2, // reference
	2, // tutorial
	3, // spec
	2, // paper
}

const (
	tTextbook = iota
	tReference
	tTutorial
	tSpec
	tPaper
)

// minTypeScore is the best score below which a document is unknown.
const minTypeScore = 2

// typeWordsPerMatch scales minTypeScore with the length of a document: its
// best family must score minTypeScore for every typeWordsPerMatch words
// (one weight-2 match a thousand words). The reference's fixed minimum let
// a long text of no genre take one by chance: a novel's "learn", "practice"
// and "return" (9 tutorial and 4 reference matches in 29,000 words of
// Alice in Wonderland) made it a tutorial. The corpus's documents of a
// genre score 20 or more per thousand words. The words of a LaTeX
// preamble are not counted (see latexPreambles): they are the macros a
// book defines, and acquisition lends a book's to every handout beside it,
// so counted they made an edition with sixty worksheets five times as long
// as the same book with none, and no longer a textbook.
const typeWordsPerMatch = 1000

// minScoreFor is the best score a document of words words needs to have a
// type: minTypeScore, raised for a long document (typeWordsPerMatch).
func minScoreFor(words int) float64 {
	return minTypeScore * max(1, float64(words)/typeWordsPerMatch)
}

// theoremEnvs are theorem-like LaTeX environments and PreTeXt elements. The
// reference's patterns look for "Definition:" or "Theorem " in prose, which
// LaTeX and PreTeXt sources express as \begin{defn} or <definition>; each
// such block counts as one textbook match.
var theoremEnvs = map[string]bool{
	"definition": true, "defn": true, "theorem": true, "thm": true, "lemma": true, "lem": true,
	"corollary": true, "cor": true, "proposition": true, "prop": true, "proof": true,
	"example": true, "ex": true, "exercise": true, "exc": true, "axiom": true,
	"claim": true, "conjecture": true, "fact": true, "remark": true,
}

// classifier counts pattern matches of the five families in one word scan.
type classifier struct {
	counts [5]int
	words  int // the words scanned outside LaTeX preambles, for minScoreFor
	// preambles are the spans of the text's LaTeX preambles, in order;
	// next is the first of them not yet behind the scan.
	preambles [][2]int
	next      int
}

// newClassifier is a classifier for text, which knows its preambles.
func newClassifier(text string) classifier {
	return classifier{preambles: latexPreambles(text)}
}

// latexPreambles are the spans of s from a \documentclass (or LaTeX
// 2.09's \documentstyle) to the \begin{document} after it, each of them,
// as a folder's documents are classified joined. Commands in comments
// do not count.
func latexPreambles(s string) [][2]int {
	var spans [][2]int
	for from := 0; from < len(s); {
		start := uncommentedIndex(s, from, `\document`)
		if start < 0 {
			break
		}
		rest := s[start+len(`\document`):]
		if !strings.HasPrefix(rest, "class") && !strings.HasPrefix(rest, "style") {
			from = start + 1
			continue
		}
		end := uncommentedIndex(s, start, `\begin{document}`)
		if end < 0 {
			break
		}
		spans = append(spans, [2]int{start, end})
		from = end + 1
	}
	return spans
}

// uncommentedIndex is the offset of the first sub in s at or after from
// that is not in a LaTeX comment, or -1.
func uncommentedIndex(s string, from int, sub string) int {
	for from < len(s) {
		k := strings.Index(s[from:], sub)
		if k < 0 {
			return -1
		}
		if !commentedOut(s, from+k) {
			return from + k
		}
		from += k + 1
	}
	return -1
}

// Classify scores text against the reference's five pattern families and
// returns the winning content type with every family's score (matches ×
// weight). It follows the reference table exactly:
//
//   - textbook ×3: Definition, Theorem, Proof, Lemma, Corollary, Example,
//     Exercise followed by ':' or white space; "Def. " and "Thm. ";
//   - reference ×2: API, endpoint, parameter, return, method as words;
//     function, class, interface followed by a name; every "```";
//   - tutorial ×2: "Step N", "try this", "exercise" + ':'/space,
//     "hands-on", "build a", "create a", practice, learn;
//   - spec ×3: MUST, SHALL, SHOULD (upper case only) followed by white
//     space; requirement, constraint, specification;
//   - paper ×2: Abstract, Introduction, Results, Conclusion, References,
//     Discussion (capitalized exactly); methodology.
//
// Matching is case-insensitive on whole words except where noted. The ties
// go to the earlier family in the order above, and a best score below 2 is
// unknown (at least 2 for every thousand words: see typeWordsPerMatch).
// One extension: theorem-like LaTeX environments (\begin{thm},
// \begin{definition}, …) and PreTeXt elements (<theorem>, <proof>, …) count
// as textbook matches, because those formats state "Theorem" as markup;
// so do LaTeX environments whose name wraps a textbook keyword (nexample,
// exercisewrap), which is how books define their own boxes. Then the
// structure the words miss decides where it is unambiguous (see
// refineType): a paper's abstract and citations make it a paper, numbered
// procedures make a tutorial of what the vote calls a reference; the
// scores returned are always the pattern families'.
func Classify(text string) (core.ContentType, map[core.ContentType]float64) {
	c := newClassifier(text)
	eachWord(text, func(w string, start, end int) { c.word(text, w, start, end) })
	c.fences(text)
	best, scores := c.result()
	return refineType(text, best, scores, c.words, true), scores
}

// fences counts the reference's ```\w* pattern: every run of three
// backticks, non-overlapping. One extension, as for LaTeX environments: a
// theorem-like block of Markdown (a MyST directive "```{prf:theorem}", a
// knitr chunk "```{lemma, …}", a pandoc div ":::{.definition}") is a
// textbook match, and its two fences are not code.
func (c *classifier) fences(text string) {
	n := strings.Count(text, "```")
	blocks, fenced := mdTheoremBlocks(text)
	c.counts[tReference] += max(n-2*fenced, 0)
	c.counts[tTextbook] += blocks
}

// mdTheoremBlocks counts the theorem-like Markdown blocks of text and how
// many of them are backtick fences.
func mdTheoremBlocks(text string) (blocks, fenced int) {
	for _, open := range []string{"```{", ":::{", "::: {"} {
		for i := 0; ; {
			j := strings.Index(text[i:], open)
			if j < 0 {
				break
			}
			at := i + j
			i = at + len(open)
			if at > 0 && text[at-1] != '\n' && text[at-1] != ' ' && text[at-1] != '`' {
				continue
			}
			w := text[i:min(len(text), i+40)]
			w = strings.TrimPrefix(strings.TrimPrefix(w, "prf:"), ".")
			e := 0
			for e < len(w) && isLetter(w[e]) {
				e++
			}
			if theoremEnvs[strings.ToLower(w[:e])] {
				blocks++
				if open == "```{" {
					fenced++
				}
			}
		}
	}
	return blocks, fenced
}

func (c *classifier) result() (core.ContentType, map[core.ContentType]float64) {
	scores := make(map[core.ContentType]float64, 5)
	best, bestScore := core.Unknown, 0.0
	for i, t := range core.ContentTypes {
		s := float64(c.counts[i]) * typeWeights[i]
		scores[t] = s
		if s > bestScore {
			best, bestScore = t, s
		}
	}
	if bestScore < minScoreFor(c.words) {
		best = core.Unknown
	}
	return best, scores
}

// word looks at one word of text (w lowercased, text[start:end] as
// written) and counts the patterns it starts.
func (c *classifier) word(text, w string, start, end int) {
	for c.next < len(c.preambles) && start >= c.preambles[c.next][1] {
		c.next++
	}
	if c.next == len(c.preambles) || start < c.preambles[c.next][0] {
		c.words++
	}
	// \b in the reference's patterns treats '_' as a word character.
	if start > 0 && text[start-1] == '_' || end < len(text) && text[end] == '_' {
		return
	}
	switch w {
	case "definition", "theorem", "proof", "lemma", "corollary", "example":
		c.textbook(text, w, start, end)
	case "exercise":
		// The reference counts "Exercise:" for textbooks and tutorials both.
		if isColonOrSpaceAt(text, end) {
			c.counts[tTextbook]++
			c.counts[tTutorial]++
		} else {
			c.env(text, w, start, end)
		}
	case "def", "thm":
		if end+1 < len(text) && text[end] == '.' && isSpaceAt(text, end+1) {
			c.counts[tTextbook]++
		} else {
			c.env(text, w, start, end)
		}
	case "api", "endpoint", "parameter", "return", "method":
		c.counts[tReference]++
	case "function", "class", "interface":
		if nameFollows(text, end) {
			c.counts[tReference]++
		}
	case "step":
		if j := skipSpace(text, end); j > end && j < len(text) && text[j] >= '0' && text[j] <= '9' {
			c.counts[tTutorial]++
		}
	case "try":
		if afterSpaceWord(text, end, "this") {
			c.counts[tTutorial]++
		}
	case "hands":
		if end+3 <= len(text) && text[end] == '-' && strings.EqualFold(text[end+1:end+3], "on") &&
			(end+3 == len(text) || !isWordByte(text[end+3])) {
			c.counts[tTutorial]++
		}
	case "build", "create":
		if afterSpaceWord(text, end, "a") {
			c.counts[tTutorial]++
		}
	case "practice", "learn":
		c.counts[tTutorial]++
	case "must", "shall", "should":
		c.upper(text, start, end)
	case "requirement", "constraint", "specification":
		c.counts[tSpec]++
	case "abstract", "introduction", "results", "conclusion", "references", "discussion":
		c.paper(text, start, end)
	case "methodology":
		c.counts[tPaper]++
	case "defn", "lem", "cor", "prop", "proposition", "ex", "exc", "axiom", "claim", "conjecture", "fact", "remark":
		c.env(text, w, start, end)
	default:
		c.customEnv(text, w, start)
	}
}

// textbook counts a textbook keyword followed by ':' or white space, or a
// theorem-like environment of the same name.
func (c *classifier) textbook(text, w string, start, end int) {
	if isColonOrSpaceAt(text, end) {
		c.counts[tTextbook]++
		return
	}
	c.env(text, w, start, end)
}

// env counts w as a theorem-like block when it is the name in
// "\begin{w}" / "\begin{w*}" or the element name in "<w>" / "<w …>".
func (c *classifier) env(text, w string, start, end int) {
	if !theoremEnvs[w] || start == 0 {
		return
	}
	switch text[start-1] {
	case '{':
		if start >= 7 && text[start-7:start] == "\\begin{" && end < len(text) && (text[end] == '}' || text[end] == '*') {
			c.counts[tTextbook]++
		}
	case '<':
		if end < len(text) {
			switch text[end] {
			case '>', ' ', '\t', '\n', '\r', '/':
				c.counts[tTextbook]++
			}
		}
	}
}

// customEnv counts a LaTeX environment whose name wraps a textbook keyword,
// as books define their own boxes for them (OpenIntro's nexample,
// exercisewrap): the seed counts Example and Exercise as textbook evidence
// and these are how such books write them.
func (c *classifier) customEnv(text, w string, start int) {
	if start < 7 || text[start-7:start] != "\\begin{" {
		return
	}
	for _, k := range customEnvKeywords {
		if strings.Contains(w, k) {
			c.counts[tTextbook]++
			return
		}
	}
}

var customEnvKeywords = []string{"definition", "theorem", "lemma", "corollary", "example", "exercise", "proof"}

// upper counts MUST, SHALL and SHOULD written in capitals and followed by
// white space (BCP 14 keywords; "must" in prose is not a requirement).
func (c *classifier) upper(text string, start, end int) {
	for i := start; i < end; i++ {
		if text[i] < 'A' || text[i] > 'Z' {
			return
		}
	}
	if isSpaceAt(text, end) {
		c.counts[tSpec]++
	}
}

// paper counts a paper heading word when it is capitalized exactly as the
// reference's case-sensitive patterns want ("Results", not "results").
func (c *classifier) paper(text string, start, end int) {
	if text[start] < 'A' || text[start] > 'Z' {
		return
	}
	for i := start + 1; i < end; i++ {
		if text[i] < 'a' || text[i] > 'z' {
			return
		}
	}
	c.counts[tPaper]++
}

// isWordByte is the ASCII \w of JavaScript regular expressions.
func isWordByte(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == '_'
}

// isSpaceAt reports whether text has a white-space character at i (the \s
// of JavaScript regular expressions).
func isSpaceAt(text string, i int) bool {
	if i >= len(text) {
		return false
	}
	if c := text[i]; c < utf8.RuneSelf {
		return isSpaceByte(c)
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return isUnicodeSpace(r)
}

func isColonOrSpaceAt(text string, i int) bool {
	return i < len(text) && text[i] == ':' || isSpaceAt(text, i)
}

// skipSpace returns the offset after the white space starting at i.
func skipSpace(text string, i int) int {
	for i < len(text) {
		if c := text[i]; c < utf8.RuneSelf {
			if !isSpaceByte(c) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if !isUnicodeSpace(r) {
			return i
		}
		i += n
	}
	return i
}

// nameFollows reports whether white space and then a word character follow
// at i ("function foo", "class Bar").
func nameFollows(text string, i int) bool {
	j := skipSpace(text, i)
	return j > i && j < len(text) && isWordByte(text[j])
}

// afterSpaceWord reports whether white space, then the lower-case word w in
// any case, then a word boundary follow at i ("try this", "build a").
func afterSpaceWord(text string, i int, w string) bool {
	j := skipSpace(text, i)
	if j == i || j+len(w) > len(text) || !strings.EqualFold(text[j:j+len(w)], w) {
		return false
	}
	k := j + len(w)
	return k >= len(text) || !isWordByte(text[k])
}
