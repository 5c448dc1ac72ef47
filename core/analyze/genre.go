package analyze

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Structure that word counts miss. The reference's weighted patterns count
// words and code fences, so a paper with ten lemmas reads as a textbook and
// a tutorial whose numbered steps each carry a code block reads as a
// reference. Two structural facts outrank that vote:
//
//   - a paper has an abstract and cites its sources: an "Abstract" heading
//     or line near the start (\begin{abstract} in LaTeX) together with
//     citations (\cite, "[12]", "[Mir12]") or a References/Bibliography
//     heading; or, where the abstract has no heading, the opening says what
//     the paper contributes ("We present …", "In this paper …") or there
//     is a Related Work section, and a reference list and citations follow
//     (not in LaTeX with \chapter's: a book or a thesis, whose sections
//     say what they present, needs its abstract to be a paper).
//     A specification keeps its type (RFCs have an abstract and references
//     too, and their BCP 14 keywords already decide);
//   - a tutorial teaches by procedures: Markdown ordered lists whose items
//     are instructions ("Install …", "From the project folder, build …").
//     When the vote says reference or unknown and such procedures hold at
//     least six steps, or at least three that cover a quarter of the text,
//     the document is a tutorial. A README with a three-step installation
//     among its API tables stays a reference. Steps written one heading
//     each ("### Initialize the SDK", "### Run the application"), each
//     heading an instruction over a code block, make a tutorial when at
//     least three of them cover a quarter of the text;
//     A how-to whose code is commands to run is one too, however little of
//     the text its steps cover: at least three steps (instruction or "Step
//     N" headings, procedure items) and at least three code blocks, two in
//     three of them shell sessions ("```console", "```bash", "```powershell",
//     or every line at a "$ " prompt) — the fences that vote for a
//     reference are the steps' commands. An API reference's blocks are its
//     language's;
//   - a standard states what is valid: a document the vote calls a reference
//     (or unknown) whose prose says, again and again, what an input "must"
//     be and what is "invalid" or "not allowed" — a data format or a language
//     specified in Markdown, its examples marked valid and invalid, few
//     BCP 14 capitals — is a specification. An API reference says "must"
//     now and then and judges no examples;
//   - a paper shows more than its heading words: a vote for paper from
//     "Introduction" and "Conclusion" alone, with no abstract, no claim of
//     a contribution, no citation and no reference list, goes to the next
//     family (or unknown).
//
// The family scores stay the reference's; only the winner changes.

// Thresholds of the structural rules.
const (
	// abstractWindow is how far into a document its abstract is looked for,
	// at least; a tenth of a long document is looked at.
	abstractWindow = 16 << 10
	// minCitations is how many citations make a document cite its sources.
	minCitations = 3
	// minSteps and manySteps bound the procedures that make a tutorial:
	// manySteps alone, or minSteps covering procedureShare of the text.
	minSteps       = 3
	manySteps      = 6
	procedureShare = 4 // procedures cover at least 1/procedureShare
)

// refineType applies the structural rules to the vote of the weighted
// patterns. procedures says whether the text is read as Markdown (LaTeX
// and PreTeXt sources have no Markdown lists).
func refineType(s string, vote core.ContentType, scores map[core.ContentType]float64, words int, procedures bool) core.ContentType {
	if vote != core.Spec && (declaresKeyWords(s) || rfcTitle(s[:titleEnd(s)]) != "" || draftHeader(s)) {
		return core.Spec // an RFC's or a draft's header, or the BCP 14 key words declared
	}
	if vote != core.Spec && vote != core.Paper && isPaper(s) {
		return core.Paper
	}
	if vote == core.Paper && !paperTraces(s) {
		vote = runnerUp(scores, core.Paper, words)
	}
	if procedures && (vote == core.Reference || vote == core.Unknown) && (isTutorial(s) || runsCommands(s)) {
		return core.Tutorial
	}
	if (vote == core.Reference || vote == core.Unknown) && text.StatesValidity(s) {
		return core.Spec
	}
	return vote
}

// draftSource matches the lines of the header an Internet-Draft's source
// opens with: kramdown-rfc's YAML ("docname: draft-…", "ipr:
// trust200902") or mmark's TOML (value = "draft-…").
var draftSource = lazyre.New(`(?m)^(?:docname:\s*draft-|ipr:\s*"?trust[0-9]{6}|\s*value\s*=\s*"draft-)`)

// draftHeader reports whether s opens with an Internet-Draft's source
// header: a specification, whatever its words vote for (a draft that
// gives its procedures as Python reads as a tutorial by its words).
func draftHeader(s string) bool {
	head := s[:min(len(s), 4000)]
	if !strings.HasPrefix(strings.TrimSpace(head), "---") && !strings.HasPrefix(strings.TrimSpace(head), "%%%") {
		return false
	}
	return draftSource.MatchString(head)
}

// minKeyWords is how many BCP 14 key words in capitals a document that
// declares them must use to be a specification.
const minKeyWords = 10

// declaresKeyWords reports whether s declares the BCP 14 key words ("The
// key words "MUST", "MUST NOT" … in this document are to be interpreted as
// described in RFC 2119") and uses them: a specification says so of
// itself, however many of its words are an API's ("endpoint", "method",
// "parameter") that vote for a reference.
func declaresKeyWords(s string) bool {
	i := strings.Index(s, "key words")
	if i < 0 {
		return false
	}
	decl := s[i:min(len(s), i+600)]
	if k := strings.Index(decl, "\n\n"); k > 0 {
		decl = decl[:k] // its paragraph
	}
	if !strings.Contains(decl, "2119") && !strings.Contains(decl, "BCP 14") && !strings.Contains(decl, "8174") {
		return false
	}
	n := 0
	for _, k := range []string{"MUST", "SHALL", "SHOULD", "REQUIRED", "RECOMMENDED"} {
		n += strings.Count(s, k) - strings.Count(decl, k) // the declaration's own list does not count
	}
	return n >= minKeyWords
}

// isPaper reports whether s has a paper's abstract and citations.
func isPaper(s string) bool {
	if latexAbstract(s) {
		return latexCitations(s) >= minCitations || latexBibliography(s)
	}
	window := opening(s)
	abstract := hasHeadingLine(window, isAbstractLine)
	if !abstract && latexChapters(s) {
		// A paper has no chapters: a book says what its chapters
		// present ("In this section, we present …") and may end one
		// with references, and the words of a folder of them, joined,
		// open anywhere.
		return false
	}
	// An abstract without its heading (amsart's PDF text) still says what
	// the paper does: "We present …", "In this paper …".
	claims := !abstract && paperClaim(window)
	related := !abstract && !claims && hasHeadingLine(s, isRelatedWorkLine)
	if !abstract && !claims && !related {
		return false
	}
	refs := hasHeadingLine(s[len(s)/3:], isReferencesLine)
	cites := textCitations(s, 2*minCitations)
	if abstract {
		return refs || cites >= minCitations
	}
	return refs && cites >= 2*minCitations
}

// paperTraces reports whether s shows anything of a paper beyond its
// heading words: an abstract, a sentence saying what it contributes,
// citations or a reference list. The reference's table counts
// "Introduction", "Results" and "Conclusion" as paper words, so a textbook
// page titled "A Short Introduction to Graphs" with few textbook keywords
// votes paper; without any of these traces it is not one.
func paperTraces(s string) bool {
	if latexAbstract(s) || latexBibliography(s) || latexCitations(s) >= minCitations {
		return true
	}
	window := opening(s)
	return hasHeadingLine(window, isAbstractLine) || paperClaim(window) ||
		hasHeadingLine(s, isReferencesLine) || textCitations(s, minCitations) >= minCitations
}

// opening is the part of s its abstract is looked for in.
func opening(s string) string { return s[:min(len(s), max(abstractWindow, len(s)/10))] }

// latexAbstract reports a LaTeX abstract; latexBibliography a LaTeX
// reference list (BibTeX, thebibliography or biblatex).
func latexAbstract(s string) bool {
	return strings.Contains(s, `\begin{abstract}`) || strings.Contains(s, `\abstract{`)
}

// latexChapters reports a LaTeX \chapter command outside comments.
func latexChapters(s string) bool {
	for from := 0; ; {
		k := strings.Index(s[from:], `\chapter`)
		if k < 0 {
			return false
		}
		at := from + k
		if e := at + len(`\chapter`); (e == len(s) || s[e] == '{' || s[e] == '*' || s[e] == '[') && !commentedOut(s, at) {
			return true
		}
		from = at + 1
	}
}

func latexBibliography(s string) bool {
	return strings.Contains(s, `\bibliography{`) || strings.Contains(s, `\begin{thebibliography}`) ||
		strings.Contains(s, `\printbibliography`)
}

// runnerUp is the family with the best score other than not (ties to the
// earlier family, as in the vote), or unknown when none reaches the vote's
// minimum for a document of words words.
func runnerUp(scores map[core.ContentType]float64, not core.ContentType, words int) core.ContentType {
	best, bestScore := core.Unknown, 0.0
	for _, t := range core.ContentTypes {
		if t != not && scores[t] > bestScore {
			best, bestScore = t, scores[t]
		}
	}
	if bestScore < minScoreFor(words) {
		return core.Unknown
	}
	return best
}

// paperClaims are the phrases with which papers, not books, say what they
// contribute.
var paperClaims = []string{"In this paper", "in this paper", "This paper ", "this paper we", "We present ",
	"we present ", "We propose ", "we propose ", "In this article", "this article we", "In this note", "This note ",
	// A technical report or a paper's supplement says what it is.
	"This document is ", "This document describes ", "In this document", "This report ", "In this report"}

// paperClaim reports whether s says what a paper contributes.
func paperClaim(s string) bool {
	for _, c := range paperClaims {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}

// latexCitations counts citation commands (\cite and its natbib and
// biblatex variants).
func latexCitations(s string) int {
	n := strings.Count(s, `\cite`)
	for _, c := range []string{`\parencite`, `\autocite`, `\textcite`, `\footcite`} {
		n += strings.Count(s, c)
	}
	return n
}

// textCitations counts bracketed citations in plain text, up to limit:
// numeric ("[12]", "[3, 4]", "[5–7]") or alphabetic keys ("[Mir12]",
// "[DMNS06, DKM+ 06]"). A Markdown link "[text](url)" is not one.
func textCitations(s string, limit int) int {
	n := 0
	for i := 0; i < len(s) && n < limit; {
		j := strings.IndexByte(s[i:], '[')
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		e := strings.IndexByte(s[at:min(len(s), at+48)], ']')
		if e < 2 {
			continue
		}
		if at+e+1 < len(s) && s[at+e+1] == '(' {
			continue
		}
		if citationKeys(s[at+1 : at+e]) {
			n++
			i = at + e + 1
		}
	}
	return n
}

// citationKeys reports whether the text inside brackets is a list of
// citation keys: numbers and ranges, keys of capitals and a year, or a
// draft's marks for a citation.
func citationKeys(in string) bool {
	in = strings.ReplaceAll(in, "–", "-")
	for _, k := range strings.Split(in, ",") {
		k = strings.TrimSpace(k)
		if k == "" {
			return false
		}
		if strings.Trim(k, "0123456789-") == "" {
			continue
		}
		// A draft's citations: LaTeX prints an unresolved \cite as "[?]",
		// and authors mark one still to add as "[CITE]".
		if k == "?" || k == "CITE" || k == "citation needed" {
			continue
		}
		// An alphabetic key: a capital, letters or '+', an optional space,
		// then a two- or four-digit year and an optional letter.
		if k[0] < 'A' || k[0] > 'Z' {
			return false
		}
		p := 1
		for p < len(k) && (isLetter(k[p]) || k[p] == '+') {
			p++
		}
		if p < len(k) && k[p] == ' ' {
			p++
		}
		d := p
		for p < len(k) && k[p] >= '0' && k[p] <= '9' {
			p++
		}
		if p-d != 2 && p-d != 4 {
			return false
		}
		if p < len(k) && isLetter(k[p]) {
			p++
		}
		if p != len(k) {
			return false
		}
	}
	return true
}

// hasHeadingLine reports whether some line of s, stripped of Markdown
// heading marks, emphasis and a section number, satisfies ok.
func hasHeadingLine(s string, ok func(string) bool) bool {
	for start := 0; start < len(s); {
		end, next := text.Line(s, start)
		if end-start < 120 {
			ln := strings.Trim(s[start:end], " \t\r\f#*_")
			if ln != "" && ok(stripSectionNumber(ln)) {
				return true
			}
		}
		start = next
	}
	return false
}

// stripSectionNumber removes a leading "7", "7." or "A.1 " from a heading.
func stripSectionNumber(ln string) string {
	i := 0
	for i < len(ln) && (ln[i] >= '0' && ln[i] <= '9' || ln[i] == '.') {
		i++
	}
	if i > 0 && i < len(ln) && (ln[i] == ' ' || ln[i] == '\t') {
		return strings.TrimSpace(ln[i:])
	}
	return ln
}

// isAbstractLine: "Abstract" alone, or opening the abstract's text with a
// period, colon or dash ("Abstract. We …", "Abstract—This …"), and the
// LaTeX forms.
func isAbstractLine(ln string) bool {
	for _, w := range []string{"Abstract", "ABSTRACT", `\begin{abstract}`, `\section*{Abstract}`} {
		if !strings.HasPrefix(ln, w) {
			continue
		}
		rest := ln[len(w):]
		if rest == "" {
			return true
		}
		for _, sep := range []string{".", ":", "—", "–", " -", " —"} {
			if strings.HasPrefix(rest, sep) {
				return true
			}
		}
	}
	return false
}

func isReferencesLine(ln string) bool {
	switch strings.TrimRight(ln, ".: ") {
	case "References", "REFERENCES", "Bibliography", "BIBLIOGRAPHY", "Works Cited", "Literature Cited",
		`\section*{References}`, `\section{References}`:
		return true
	}
	return false
}

func isRelatedWorkLine(ln string) bool {
	switch strings.TrimRight(ln, ".: ") {
	case "Related Work", "Related work", "Related Works", "Related works", "RELATED WORK", "RELATED WORKS",
		"Related Literature", "Prior Work", "Previous Work":
		return true
	}
	return strings.HasPrefix(ln, `\section{Related Work`) || strings.HasPrefix(ln, `\section{Related work`)
}

// isTutorial reports whether the procedures of s make it a tutorial.
func isTutorial(s string) bool {
	steps, covered := procedureSteps(s)
	if steps >= manySteps || steps >= minSteps && covered*procedureShare >= len(s) {
		return true
	}
	// Step headings alone must cover the text: a README's "Step 1: Create
	// a network" among its configuration tables stays a reference.
	hs, hcovered := headedSteps(s)
	return hs >= minSteps && hcovered*procedureShare >= len(s)
}

// headedSteps counts the Markdown headings of s (below the title) that are
// instructions and whose sections, up to the next heading, hold a code
// block, and the bytes those sections cover.
func headedSteps(s string) (steps, covered int) {
	hs := markdownHeadings(s)
	for i, h := range hs {
		if h.level < 2 || !text.ImperativeStep(h.title) {
			continue
		}
		end := len(s)
		if i+1 < len(hs) {
			end = hs[i+1].offset
		}
		if strings.Contains(s[h.body:end], "\n```") || strings.Contains(s[h.body:end], "\n~~~") {
			steps++
			covered += end - h.offset
		}
	}
	return steps, covered
}

// procedureSteps counts the steps of the ordered lists of s that are
// procedures (text.Procedures) and the bytes those lists cover. An
// algorithm's steps (text.Computes) teach no reader to do anything.
func procedureSteps(s string) (steps, covered int) {
	for _, l := range text.Procedures(s) {
		if text.Computes(s, l) {
			continue
		}
		steps += len(l.Items)
		covered += l.End - l.Start
	}
	return steps, covered
}

// runsCommands reports a how-to made of shell steps: at least minSteps
// steps (headings that are instructions or number a step, ordered-list
// procedure items) and at least minSteps fenced blocks, two in three of
// them shell sessions.
func runsCommands(s string) bool {
	shell, blocks := shellBlocks(s)
	if shell < minSteps || 3*shell < 2*blocks {
		return false
	}
	steps, _ := procedureSteps(s)
	for _, h := range markdownHeadings(s) {
		if h.level >= 2 && (stepHeading.MatchString(h.title) || text.ImperativeStep(h.title)) {
			steps++
		}
	}
	return steps >= minSteps
}

// stepHeading is a heading that numbers a step ("Step 2: Launch the
// instance", "Step 3 — Restart").
var stepHeading = lazyre.New(`(?i)^step\s+[0-9]+\b`)

// shellLanguages are the info strings of fenced blocks of shell sessions
// and scripts.
var shellLanguages = map[string]bool{
	"console": true, "shell": true, "sh": true, "bash": true, "zsh": true, "fish": true,
	"shell-session": true, "shellsession": true, "terminal": true,
	"powershell": true, "pwsh": true, "ps1": true, "ps": true, "cmd": true, "bat": true, "batch": true,
}

// shellBlocks counts the fenced code blocks of s, and those that are
// shell sessions: a shell's info string, or every line at a "$ " prompt.
func shellBlocks(s string) (shell, blocks int) {
	var fence, info string
	inBlock, prompts, other := false, 0, 0
	for ln := range strings.Lines(s) {
		t := strings.TrimSpace(ln)
		if !inBlock {
			if f := fenceOf(t); f != "" {
				inBlock, fence, prompts, other = true, f, 0, 0
				info = strings.ToLower(strings.TrimSpace(strings.TrimLeft(t[len(f):], "`~")))
				if i := strings.IndexAny(info, " {,"); i >= 0 {
					info = info[:i]
				}
			}
			continue
		}
		if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
			inBlock = false
			blocks++
			if shellLanguages[info] || info == "" && prompts > 0 && other == 0 {
				shell++
			}
			continue
		}
		switch {
		case strings.HasPrefix(t, "$ "):
			prompts++
		case t != "":
			other++
		}
	}
	return shell, blocks
}

// fenceOf is the fence a line opens ("```", "~~~~"), "" for none.
func fenceOf(t string) string {
	for _, c := range []string{"`", "~"} {
		n := len(t) - len(strings.TrimLeft(t, c))
		if n >= 3 {
			return t[:n]
		}
	}
	return ""
}
