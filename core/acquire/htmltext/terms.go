package htmltext

import "strings"

// Term paragraphs. HTML marks the defining instance of a term with <dfn>
// (PreTeXt's HTML and EPUB: <dfn class="terminology">), and the paragraph
// holding it defines the term in running text, as a PreTeXt paragraph
// holding a <term> does. Outside theorem-like containers and the reader's
// work, the readers write such a paragraph as a fenced div of class
// definition marked with TermClass, ::: {.definition .terminology} … :::,
// and the extractor reads it by the rules of PreTeXt's term paragraphs
// (the sentence holding the term onwards, lower confidence than a
// definition block, and only when no definition block of the document
// defines the term). Bold from <b> and <strong> marks nothing.

// TermClass is the class that marks a fenced definition div as a
// paragraph defining a term in running text.
const TermClass = "terminology"

// workClasses are the classes of the elements that hold the reader's work
// (PreTeXt's exercise, solution and project families): a term an exercise
// introduces is not defined by the book.
var workClasses = map[string]bool{
	"exercise": true, "solution": true, "hint": true, "answer": true,
	"activity": true, "investigation": true, "project": true, "proof": true,
	"exercise-like": true, "solution-like": true, "project-like": true,
}

// IsWork reports whether an element's class attribute marks it as the
// reader's work: an exercise, a solution, a hint, an activity.
func IsWork(class string) bool {
	for _, f := range strings.Fields(strings.ToLower(class)) {
		if workClasses[f] {
			return true
		}
	}
	return false
}

// TermFence writes a paragraph that defines a term with <dfn> as the
// fenced div the extractor reads as a term paragraph.
func TermFence(para string) []string {
	return []string{"::: {.definition ." + TermClass + "}", para, ":::"}
}
