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
// lead-in over a list: an enumerate list; a description or itemize list
// whose labels number steps ("\item[Step 1.]", "\item[(2)]"); a
// description of named phases, or plain bullets, under a lead-in that
// says steps follow. A list inside a block read before (a theorem's
// cases, an algorithm environment) is that block's.
func (x *extractor) latexStepLists(st *secState, first int) {
	if x.format != core.FormatLaTeX || !strings.Contains(st.own, `\item`) {
		return
	}
	s := st.own
	var lists listFinder
	for p := 0; p < len(s); {
		at, env := lists.next(s, p)
		if at < 0 {
			return
		}
		open, close := `\begin{`+env+`}`, `\end{`+env+`}`
		p = at + len(open)
		if commentedOut(s, at) {
			continue
		}
		if c := coveringCand(x.cands[first:], st.body+at); c != nil {
			// an algorithm block of prose ("\begin{Prozedur}{…}") whose
			// steps are this list: they are its form
			if c.typ == core.Algorithm && stepless(*c) {
				if end := envEnd(s, p, open, close); end > 0 && st.body+end <= c.end {
					ps := x.latexListSteps(env, latexItems(listBody(s[p:end-len(close)]), 0))
					c.form = ps.form()
					x.algos.keep(c.offset, &ps)
				}
			}
			// the lists inside the block are its own
			p = max(p, min(c.end-st.body, len(s)))
			continue
		}
		lead := strings.TrimSpace(x.texr.clean(paragraphBefore(s[max(0, at-maxLeadIn):at])))
		if exerciseLead.MatchString(lead) || !stepsLeadIn(lead) && !stepWord.MatchString(firstLabel(listBody(s[p:]))) {
			continue // neither a lead-in nor labels say steps
		}
		if x.inArgument(st, at) {
			continue // a proof's plan: "Step 1. We will use …"
		}
		end := envEnd(s, p, open, close)
		if end < 0 {
			continue // never closed
		}
		items := latexItems(listBody(s[p:end-len(close)]), 0)
		if !stepItems(env, items, lead) {
			continue
		}
		ps := x.latexListSteps(env, items)
		if x.addStepProcedure(st, &ps, lead, at, end) {
			p = end
		}
	}
}

// latexListSteps are the items of a LaTeX list as a procedure's steps,
// readable, a description's labels kept where they name what the step
// does.
func (x *extractor) latexListSteps(env string, items []latexItem) pseudo {
	ps := pseudo{}
	for _, it := range items {
		row := x.texr.clean(it.text)
		if env == "description" && it.label != "" && !stepLabel.MatchString(it.label) {
			row = strings.TrimSuffix(x.texr.clean(it.label), ":") + ": " + row
		}
		ps.lines = append(ps.lines, pcLine{depth: it.depth, text: text.CollapseSpace(text.ReadableMath(row))})
	}
	return ps
}

// coveringCand is the candidate of cs whose span holds off, or nil.
func coveringCand(cs []cand, off int) *cand {
	for i := range cs {
		if cs[i].offset <= off && off < cs[i].end {
			return &cs[i]
		}
	}
	return nil
}

// stepListEnvs are the LaTeX lists a procedure's steps may be.
var stepListEnvs = [...]string{"enumerate", "itemize", "description"}

// listFinder finds the next enumerate, itemize or description list of a
// text read forward. It keeps where each kind opens next, so that a kind
// the text never holds is searched for once, not once per list of the
// others (100,000 nested itemize lists made that quadratic).
type listFinder struct {
	at   [len(stepListEnvs)]int // where each kind opens next, from from[k]
	from [len(stepListEnvs)]int // where that was searched from; 0 unsearched
	done [len(stepListEnvs)]bool
}

// next is where the next list opens at or after p and its name; -1 when
// there is none. p never goes back between calls.
func (f *listFinder) next(s string, p int) (int, string) {
	at, env := -1, ""
	for k, e := range stepListEnvs {
		if !f.done[k] && (f.from[k] == 0 || f.at[k] < p) {
			f.from[k] = p + 1
			f.at[k] = -1
			if i := strings.Index(s[p:], `\begin{`+e+`}`); i >= 0 {
				f.at[k] = p + i
			} else {
				f.done[k] = true
			}
		}
		if !f.done[k] && f.at[k] >= p && (at < 0 || f.at[k] < at) {
			at, env = f.at[k], e
		}
	}
	return at, env
}

// stepLabel is an item label that numbers a step: "Step 1.", "(2)", "3)",
// "(a)", "iv.".
var stepLabel = lazyre.New(`(?i)^\(?(?:(?:step|phase|stage)\s*)?(?:[0-9]{1,2}|[a-z]|[ivx]{1,4})[.:)]?\)?$`)

// stepItems reports whether a list under a lead-in that says steps follow
// holds them: an enumerate list does; a description or itemize list does
// when its labels number steps, or (unlabelled bullets, a description of
// named phases) when the lead-in's own sentence says "steps" or "as
// follows" rather than only naming a method ("The method has the
// following properties:").
func stepItems(env string, items []latexItem, lead string) bool {
	top, numbered, steps := 0, 0, 0
	for _, it := range items {
		if it.depth > 0 {
			continue
		}
		top++
		l := strings.TrimSpace(it.label)
		if stepLabel.MatchString(l) {
			numbered++
		}
		if stepWord.MatchString(l) {
			steps++
		}
	}
	switch {
	case top < 2:
		return false
	case steps == top:
		// the labels say steps ("\item[Step 1.]"), whatever leads in
		return true
	case !stepsLeadIn(lead):
		return false
	case env == "enumerate", numbered == top:
		return true
	}
	return stepsSaid.MatchString(lastSentence(lead)) && commands(items)
}

// leadingCommands are the commands and braces an item's text opens with
// ("\\emph{Set}"), before its first word.
var leadingCommands = lazyre.New(`^(?:\\[A-Za-z]+\*?[ \t]*|[{}\s])+`)

// commands reports whether most items of a list say what to do: half of
// its top-level items or more open with a step's verb. A list of
// conditions ("Each element is specified by …") or of an argument's parts
// ("First, we argue that …") does not.
func commands(items []latexItem) bool {
	top, verbs := 0, 0
	for _, it := range items {
		if it.depth > 0 {
			continue
		}
		top++
		if commandText(leadingCommands.ReplaceAllString(it.text, "")) {
			verbs++
		}
	}
	return top > 0 && 2*verbs >= top
}

// firstLabel is the label of a list body's first item ("Step 1."), "" when
// it has none.
func firstLabel(body string) string {
	a := skipTeXSpace(body, 0)
	if !strings.HasPrefix(body[a:], `\item`) {
		return ""
	}
	a = skipTeXSpace(body, a+len(`\item`))
	if a < len(body) && body[a] == '[' {
		if e, ok := balanced(body, a, '[', ']', 200); ok {
			return strings.TrimSpace(body[a+1 : e])
		}
	}
	return ""
}

// stepWord is a label that names a step by its number: "Step 1", "Phase 2".
var stepWord = lazyre.New(`(?i)^(?:step|phase|stage)\s*[0-9]{1,2}\b`)

// stepsSaid is a lead-in sentence that says steps follow, not only which
// method they are.
var stepsSaid = lazyre.New(`(?i)\bsteps?\b|\bas follows\b|\bproceeds?\b`)

// addStepProcedure adds the procedure of a lead-in over steps read from
// the section's text between at and end: named by the function or method
// the lead-in names, else the section's topic. It reports whether it was
// added (two steps or more, and a name).
func (x *extractor) addStepProcedure(st *secState, ps *pseudo, lead string, at, end int) bool {
	if len(ps.lines) < 2 {
		return false
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
		return false
	}
	ps.procs = []string{name}
	c := cand{
		typ: core.Algorithm, name: givenName(name), offset: st.body + at, end: st.body + end, conf: stepListConf,
		statement: cutStatement(withCaption(name, lead+" "+ps.statement()), maxStatement), form: ps.form(),
	}
	x.algos.keep(c.offset, ps)
	x.add(st, c)
	return true
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
	text, label string
	depth       int
}

// latexItems splits a list's body at its own \item commands; a list
// nested in an item gives that item's sub-items, one deeper.
func latexItems(body string, depth int) []latexItem {
	var out []latexItem
	var cur strings.Builder
	label := ""
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, latexItem{text: t, label: label, depth: depth})
		}
		cur.Reset()
		label = ""
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
					label = strings.TrimSpace(body[a+1 : e])
					p = e + 1
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

// stepPara is a paragraph that opens by numbering a step, set as a
// run-in heading: "\paragraph{Step 1.}", "\noindent\textbf{Step 2:}",
// "{\bf Step 3}".
var stepPara = lazyre.New(`(?m)^[ \t]*(?:\\noindent[ \t]*)?(?:\\(?:paragraph\*?|subparagraph\*?|textbf|textit|emph|underline|textsc)[ \t]*\{|\{\\(?:bf|it|em|sc)[ \t]+)[ \t]*(Step|STEP|Phase|Stage)[ \t~]+([0-9]{1,2})\b([^{}]*)\}`)

// latexStepParas reads a procedure a LaTeX section gives as a run of
// paragraphs, each opening with its step's number set in bold or as a
// run-in heading ("\paragraph{Step 1.} Choose an initial point …"): two
// steps or more, numbered one after another, outside a proof (whose
// "Step 1." parts an argument) or an exercise. Each paragraph runs to the
// next step, the last to its blank line.
func (x *extractor) latexStepParas(st *secState, first int) {
	if x.format != core.FormatLaTeX || !strings.Contains(st.own, "Step") && !strings.Contains(st.own, "Phase") && !strings.Contains(st.own, "Stage") {
		return
	}
	s := st.own
	ms := stepPara.FindAllStringSubmatchIndex(s, -1)
	for i := 0; i < len(ms); {
		j := i + 1
		for j < len(ms) && atoi(s[ms[j][4]:ms[j][5]]) == atoi(s[ms[j-1][4]:ms[j-1][5]])+1 {
			j++
		}
		run := ms[i:j]
		i = j
		at := run[0][0]
		if len(run) < 2 || commentedOut(s, at) || covered(x.cands[first:], st.body+at) || x.inArgument(st, at) {
			continue
		}
		ps := pseudo{}
		end := 0
		for k, m := range run {
			to := len(s)
			if k+1 < len(run) {
				to = run[k+1][0]
			} else if b := strings.Index(s[m[1]:], "\n\n"); b >= 0 {
				to = m[1] + b
			}
			end = to
			row := x.texr.clean(strings.TrimSpace(s[m[1]:to]))
			label := s[m[2]:m[3]] + " " + s[m[4]:m[5]]
			if title := strings.Trim(x.texr.clean(s[m[6]:m[7]]), " .:—–-"); title != "" {
				row = label + ". " + title + ": " + row
			} else {
				row = label + ": " + row
			}
			ps.lines = append(ps.lines, pcLine{text: text.Truncate(text.CollapseSpace(text.ReadableMath(row)), maxStepRow)})
		}
		lead := strings.TrimSpace(x.texr.clean(paragraphBefore(s[max(0, at-maxLeadIn):at])))
		if exerciseLead.MatchString(lead) {
			continue
		}
		if strings.Contains(lead, `\end{`) || !stepsLeadIn(lead) && methodName.FindString(lastSentence(lead)) == "" {
			lead = "" // the paragraph before is a list, or says nothing of the steps
		}
		x.addStepProcedure(st, &ps, lead, at, end)
	}
}

// inArgument reports whether offset at of a section's text lies in an
// argument rather than a procedure: a proof, by its environment's name or
// the author's environment that prints one ("\begin{cproof}"), or an
// exercise.
func (x *extractor) inArgument(st *secState, at int) bool {
	if insideWhole(st.own, at) {
		return true
	}
	if tex := x.texDoc(); tex != nil {
		for _, p := range tex.proofs {
			if p.at <= st.body+at && st.body+at < p.end {
				return true
			}
		}
	}
	return false
}

// insideWhole reports whether offset at of a section's text lies inside
// an environment whose content is no knowledge of its own (a proof, an
// exercise: skippedWhole) opened in that text.
func insideWhole(s string, at int) bool {
	for env := range skippedWhole {
		open, close := `\begin{`+env+`}`, `\end{`+env+`}`
		if o := strings.LastIndex(s[:at], open); o >= 0 && strings.LastIndex(s[:at], close) < o {
			return true
		}
	}
	return false
}
