package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Procedures a LaTeX text gives in prose: a lead-in that says an
// algorithm, a procedure or steps follow ("A naive algorithm for this can
// be formulated as follows:") over an enumerate list. The list's items
// are the steps, an item's own list its sub-steps; the procedure is the
// function the lead-in names, else the section's topic.

// latexStepsLead is a lead-in's cue that a procedure follows.
var latexStepsLead = lazyre.New(`(?i)\b(?:algorithm|procedure|method|approach|steps|(?:proceeds?|works?|runs?) as follows|iteration scheme|is (?:carried out|performed|done|computed) as follows)\b`)

// methodName is the word a lead-in names its procedure by, before the
// kind of procedure it is ("the backtracking method", "Newton's method").
var methodName = lazyre.New(`(?i)([\p{L}'’-]+)\s+(method|algorithm|procedure|approach|scheme)\b`)

// latexStepLists reads the procedures of a LaTeX section given as a
// lead-in over an enumerate list. A list inside a block read before (a
// theorem's cases, an algorithm environment) is that block's.
func (x *extractor) latexStepLists(st *secState, first int) {
	if x.format != core.FormatLaTeX {
		return
	}
	s := st.own
	const open, close = `\begin{enumerate}`, `\end{enumerate}`
	for p := 0; p < len(s); {
		k := strings.Index(s[p:], open)
		if k < 0 {
			return
		}
		at := p + k
		p = at + len(open)
		if commentedOut(s, at) || covered(x.cands[first:], st.body+at) {
			continue
		}
		end := envEnd(s, p, open, close)
		if end < 0 {
			continue // never closed
		}
		lead := strings.TrimSpace(x.texr.clean(paragraphBefore(s[max(0, at-maxLeadIn):at])))
		if !stepsLeadIn(lead) || exerciseLead.MatchString(lead) {
			continue
		}
		ps := pseudo{}
		for _, it := range latexItems(listBody(s[p:end-len(close)]), 0) {
			ps.lines = append(ps.lines, pcLine{depth: it.depth, text: text.CollapseSpace(text.ReadableMath(x.texr.clean(it.text)))})
		}
		if len(ps.lines) < 2 {
			continue
		}
		name := ""
		if m := namedFunction.FindStringSubmatch(lead); m != nil && strings.ToUpper(m[1][:1]) == m[1][:1] {
			name = m[1]
		} else if m := methodName.FindStringSubmatch(lastSentence(lead)); m != nil && !text.IsStopword(strings.ToLower(m[1])) && !genericMethodWords[strings.ToLower(m[1])] {
			name = m[1] + " " + strings.ToLower(m[2])
		}
		if name == "" {
			name = topicTitle(st.title)
		}
		if name == "" {
			continue
		}
		ps.procs = []string{name}
		c := cand{
			typ: core.Algorithm, name: givenName(name), offset: st.body + at, end: st.body + end, conf: stepListConf,
			statement: cutStatement(withCaption(name, lead+" "+ps.statement()), maxStatement), form: ps.form(),
		}
		x.algos.keep(c.offset, &ps)
		x.add(st, c)
		p = end
	}
}

// exerciseLead is a lead-in that sets a task or a proof's parts over its
// list ("Prove that the RSA algorithm is correct. Specifically, prove:",
// "The following steps complete the proof of …:"): the items are what
// to show, not steps.
var exerciseLead = lazyre.New(`(?i)\bprove\b|\bproof\b|\bshow that\b|\bverify that\b|\bexercise\b`)

// genericMethodWords say what kind of procedure a lead-in gives, not
// which ("a naive algorithm", "the following approach").
var genericMethodWords = map[string]bool{
	"following": true, "naive": true, "simple": true, "general": true, "new": true, "heuristic": true,
	"iterative": true, "basic": true, "standard": true, "same": true, "whole": true, "entire": true,
	"obvious": true, "previous": true, "above": true, "other": true, "similar": true, "usual": true,
}

// lastSentence is the last sentence of a lead-in: the one that leads into
// the list.
func lastSentence(lead string) string {
	if i := strings.LastIndex(strings.TrimRight(lead, ". :"), ". "); i >= 0 {
		return lead[i+2:]
	}
	return lead
}

// stepsLeadIn reports whether a paragraph leads into a procedure's steps:
// it ends in a colon, or says "as follows", and names an algorithm, a
// procedure or steps.
func stepsLeadIn(lead string) bool {
	t := strings.TrimRight(lead, " .")
	if !strings.HasSuffix(t, ":") && !strings.HasSuffix(strings.ToLower(t), "as follows") {
		return false
	}
	return latexStepsLead.MatchString(lead)
}

// latexItem is one item of a list, at its depth.
type latexItem struct {
	text  string
	depth int
}

// latexItems splits a list's body at its own \item commands; a list
// nested in an item gives that item's sub-items, one deeper.
func latexItems(body string, depth int) []latexItem {
	var out []latexItem
	var cur strings.Builder
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, latexItem{text: t, depth: depth})
		}
		cur.Reset()
	}
	for p := 0; p < len(body); {
		switch {
		case strings.HasPrefix(body[p:], `\begin{enumerate}`) || strings.HasPrefix(body[p:], `\begin{itemize}`):
			env := "enumerate"
			if strings.HasPrefix(body[p:], `\begin{itemize}`) {
				env = "itemize"
			}
			from := p + len(`\begin{`+env+`}`)
			e, inner := envEnd(body, from, `\begin{`+env+`}`, `\end{`+env+`}`), body[from:]
			if e < 0 {
				e = len(body) // never closed: the rest is the nested list's
			} else {
				inner = body[from : e-len(`\end{`+env+`}`)]
			}
			flush()
			out = append(out, latexItems(listBody(inner), depth+1)...)
			p = e
		case strings.HasPrefix(body[p:], `\item`) && (p+5 >= len(body) || !isLetterByte(body[p+5])):
			flush()
			p += 5
			if a := skipTeXSpace(body, p); a < len(body) && body[a] == '[' {
				if e, ok := balanced(body, a, '[', ']', 200); ok {
					p = e + 1 // the item's label
				}
			}
		default:
			cur.WriteByte(body[p])
			p++
		}
	}
	flush()
	return out
}

// listBody is a list's body without the options it opens with, the
// labels its items print ("[(a)]", "[label=(\roman*)]").
func listBody(body string) string {
	if a := skipTeXSpace(body, 0); a < len(body) && body[a] == '[' {
		if e, ok := balanced(body, a, '[', ']', 200); ok {
			return body[e+1:]
		}
	}
	return body
}

// stepEnvTitles are the printed titles of an environment an author sets
// each step of a procedure in (\newtheorem*{step}{Step}).
var stepEnvTitles = map[string]bool{"step": true, "schritt": true, "étape": true, "paso": true}

// maxStepRow bounds the text a step set in an environment keeps as its
// row: a step may hold displays and cases a reader finds in the source.
const maxStepRow = 400

// latexStepEnvs reads a section that sets its procedure as a run of step
// environments, three or more ("\begin{step}[3] Calculate the
// postadaptation cone response …"): one algorithm, the section's, whose
// steps are the environments in order, each led by its label.
func (x *extractor) latexStepEnvs(st *secState, first int) {
	if x.format != core.FormatLaTeX || !strings.Contains(st.own, `\begin{`) {
		return
	}
	tex := x.texDoc()
	s := st.own
	var rows []pcLine
	from, to := -1, 0
	for p := 0; p < len(s); {
		k := strings.Index(s[p:], `\begin{`)
		if k < 0 {
			break
		}
		at := p + k
		p = at + len(`\begin{`)
		q := strings.IndexByte(s[p:], '}')
		if q < 0 || q > 40 {
			continue
		}
		name := s[p : p+q]
		title := strings.ToLower(tex.envs[strings.TrimSuffix(name, "*")])
		if !stepEnvTitles[title] && !stepEnvTitles[strings.ToLower(strings.TrimSuffix(name, "*"))] || commentedOut(s, at) {
			continue
		}
		body := p + q + 1
		label := ""
		if a := skipTeXSpace(s, body); a < len(s) && s[a] == '[' {
			if e, ok := balanced(s, a, '[', ']', 200); ok {
				label, body = strings.TrimSpace(s[a+1:e]), e+1
			}
		}
		end := envEnd(s, p+q+1, `\begin{`+name+`}`, `\end{`+name+`}`)
		if end < 0 {
			break // never closed
		}
		inner := s[body:max(body, end-len(`\end{`+name+`}`))]
		row := text.CollapseSpace(text.ReadableMath(x.texr.clean(inner)))
		if label != "" {
			row = "Step " + x.texr.clean(label) + ": " + row
		}
		rows = append(rows, pcLine{text: cutStatement(row, maxStepRow)})
		if from < 0 {
			from = at
		}
		to, p = end, end
	}
	name := topicTitle(st.title)
	if len(rows) < 3 || name == "" || covered(x.cands[first:], st.body+from) {
		return
	}
	ps := pseudo{lines: rows, procs: []string{name}}
	c := cand{
		typ: core.Algorithm, name: givenName(name), offset: st.body + from, end: st.body + to, conf: stepListConf,
		statement: cutStatement(withCaption(name, ps.statement()), maxStatement), form: ps.form(),
	}
	x.algos.keep(c.offset, &ps)
	x.add(st, c)
}
