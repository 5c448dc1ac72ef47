package extract

import (
	"sort"
	"strconv"
	"strings"
)

// ptxDoc is what one pass over a whole PreTeXt document knows: what each
// xml:id names and its number, where every <xref> and <proof> is, the
// numbered blocks, and the LaTeX macros of <macros>.
type ptxDoc struct {
	labels map[string]texLabel
	refs   []texRef
	proofs []texProof
	blocks []texBlock
	macros map[string]texMacro
	// names are the names of primitives already extracted, by xml:id.
	names map[string]string
}

// ptxDivisions are PreTeXt's divisions, by depth.
var ptxDivisions = map[string]int{
	"part": 0, "chapter": 1, "appendix": 1, "section": 2, "subsection": 3,
	"subsubsection": 4, "worksheet": 3, "exercises": 3, "reading-questions": 3,
}

// ptxBlocks are the elements numbered on the shared block counter, with
// the word they print.
var ptxBlocks = map[string]string{
	"definition": "Definition", "theorem": "Theorem", "lemma": "Lemma",
	"proposition": "Proposition", "corollary": "Corollary", "claim": "Claim", "fact": "Fact",
	"identity": "Identity", "axiom": "Axiom", "principle": "Principle", "conjecture": "Conjecture",
	"heuristic": "Heuristic", "hypothesis": "Hypothesis", "assumption": "Assumption",
	"algorithm": "Algorithm", "example": "Example", "question": "Question", "problem": "Problem",
	"remark": "Remark", "convention": "Convention", "note": "Note", "observation": "Observation",
	"warning": "Warning", "insight": "Insight", "activity": "Activity", "exploration": "Exploration",
	"investigation": "Investigation", "project": "Project", "exercise": "Exercise",
}

// ptxDoc returns the document-wide PreTeXt knowledge, read on first use.
func (x *extractor) ptxDoc() *ptxDoc {
	if x.ptx == nil {
		x.ptx = scanPTX(x.doc)
	}
	return x.ptx
}

// scanPTX builds the ptxDoc of doc in one pass over its tags.
func scanPTX(doc string) *ptxDoc {
	d := &ptxDoc{labels: map[string]texLabel{}, macros: map[string]texMacro{}, names: map[string]string{}}
	type open struct {
		name  string
		proof int
	}
	var stack []open
	divs := []int{} // counters of the divisions below the document's root
	rootDepth := -1
	block := 0
	// Blocks are numbered within sections ("2.1.3") unless the book says
	// otherwise: <numbering><blocks level="1"/> numbers them within
	// chapters ("2.3"), as its printed forms do.
	level := blockLevel(doc)
	inExercises := 0
	for i := 0; i < len(doc); {
		j := strings.IndexByte(doc[i:], '<')
		if j < 0 {
			break
		}
		at := i + j
		if strings.HasPrefix(doc[at:], "<!--") {
			e := strings.Index(doc[at+4:], "-->")
			if e < 0 {
				break
			}
			i = at + 4 + e + 3
			continue
		}
		gt := strings.IndexByte(doc[at:], '>')
		if gt < 0 {
			break
		}
		tag := doc[at+1 : at+gt]
		i = at + gt + 1
		closing := strings.HasPrefix(tag, "/")
		self := strings.HasSuffix(tag, "/")
		name := strings.TrimPrefix(tag, "/")
		if k := strings.IndexAny(name, " \t\r\n/"); k >= 0 {
			name = name[:k]
		}
		if closing {
			for k := len(stack) - 1; k >= 0; k-- {
				if stack[k].name != name {
					continue
				}
				if p := stack[k].proof; p >= 0 {
					d.proofs[p].end = at
				}
				if name == "exercises" || name == "worksheet" {
					inExercises--
				}
				stack = stack[:k]
				break
			}
			continue
		}
		attrs := tag[len(name):]
		id := xmlAttr(attrs, "xml:id")
		switch {
		case name == "xref":
			r := texRef{at: at, end: i, cmd: "xref"}
			for _, a := range []string{"ref", "first", "last"} {
				r.keys = append(r.keys, strings.FieldsFunc(xmlAttr(attrs, a), func(r rune) bool { return r == ' ' || r == ',' })...)
			}
			if len(r.keys) > 0 {
				d.refs = append(d.refs, r)
			}
		case name == "macros" && !self:
			if e := strings.Index(doc[i:], "</macros>"); e >= 0 {
				td := scanTeX(doc[i : i+e])
				for k, m := range td.macros {
					d.macros[k] = m
				}
				i += e
			}
		case (name == "book" || name == "article") && rootDepth < 0:
			// A whole book or article: its chapters (an article's sections)
			// are numbered, not taken for the document's own division.
			rootDepth = ptxDivisions["chapter"] - 1
			if name == "article" {
				rootDepth = ptxDivisions["section"] - 1
			}
		case ptxDivisions[name] > 0 || name == "part":
			depth := ptxDivisions[name]
			if rootDepth < 0 {
				rootDepth = depth
			}
			rel := depth - rootDepth // 0 for the document's own division
			num := ""
			if rel > 0 {
				for len(divs) < rel {
					divs = append(divs, 0)
				}
				divs = divs[:rel]
				divs[rel-1]++
				parts := make([]string, rel)
				for k, v := range divs {
					parts[k] = strconv.Itoa(v)
				}
				num = strings.Join(parts, ".")
			}
			if depth <= level {
				block = 0
			}
			if name == "exercises" || name == "worksheet" {
				inExercises++
			}
			if id != "" {
				kind := "Section"
				if depth == 1 {
					kind = upperFirst(name)
				}
				d.labels[id] = texLabel{kind: kind, number: num, at: at}
			}
		case ptxBlocks[name] != "" && !(name == "exercise" && inExercises > 0):
			block++
			// Blocks are numbered within sections: only the chapters and
			// sections below the document's own division prefix them.
			prefix := ""
			if keep := level - max(rootDepth, 0); keep > 0 && len(divs) > 0 {
				parts := make([]string, 0, keep)
				for _, v := range divs[:min(len(divs), keep)] {
					parts = append(parts, strconv.Itoa(v))
				}
				prefix = strings.Join(parts, ".") + "."
			}
			b := texBlock{at: at, env: name, kind: ptxBlocks[name], number: prefix + strconv.Itoa(block)}
			d.blocks = append(d.blocks, b)
			if id != "" {
				d.labels[id] = texLabel{kind: b.kind, number: b.number, at: at}
			}
		case id != "":
			kind := upperFirst(name)
			switch name {
			case "men", "mrow", "md", "mdn":
				kind = "Equation"
			case "li":
				kind = "Item"
			}
			d.labels[id] = texLabel{kind: kind, at: at}
		}
		if self {
			continue
		}
		o := open{name: name, proof: -1}
		if name == "proof" {
			o.proof = len(d.proofs)
			d.proofs = append(d.proofs, texProof{at: at, end: len(doc)})
		}
		stack = append(stack, o)
		if len(stack) > 4096 {
			stack = stack[1:]
		}
	}
	return d
}

// blockLevel is the division depth blocks are numbered within: the
// level of the document's <numbering><blocks level="N"/> (PreTeXt's
// publication setting, which a book's source may carry), else 2
// (sections).
func blockLevel(doc string) int {
	for rest := doc; ; {
		i := strings.Index(rest, "<numbering>")
		if i < 0 {
			return 2
		}
		rest = rest[i:]
		e := strings.Index(rest, "</numbering>")
		if e < 0 {
			return 2
		}
		num := rest[:e]
		at := len(doc) - len(rest)
		rest = rest[e:]
		b := strings.Index(num, "<blocks")
		if o := strings.LastIndex(doc[:at], "<!--"); b < 0 || o >= 0 && !strings.Contains(doc[o:at], "-->") {
			continue // another setting (figures, equations), or commented out
		}
		tag := num[b+len("<blocks"):]
		if gt := strings.IndexByte(tag, '>'); gt >= 0 {
			tag = tag[:gt]
		}
		if n, err := strconv.Atoi(xmlAttr(tag, "level")); err == nil && n >= 1 && n <= 6 {
			return n
		}
	}
}

// blockAt returns the numbered block whose element starts at at.
func (d *ptxDoc) blockAt(at int) (texBlock, bool) {
	i := sort.Search(len(d.blocks), func(i int) bool { return d.blocks[i].at >= at })
	if i < len(d.blocks) && d.blocks[i].at == at {
		return d.blocks[i], true
	}
	return texBlock{}, false
}

// render renders one <xref> as reading text.
func (d *ptxDoc) render(attrs string) string {
	var keys []string
	for _, a := range []string{"ref", "first", "last"} {
		keys = append(keys, strings.FieldsFunc(xmlAttr(attrs, a), func(r rune) bool { return r == ' ' || r == ',' })...)
	}
	if len(keys) == 0 {
		if p := xmlAttr(attrs, "provisional"); p != "" {
			return p
		}
		return ""
	}
	r := &texRender{}
	if d != nil {
		r.doc = &texDoc{labels: d.labels}
		r.names = d.names
	}
	ref := texRef{cmd: "cref", keys: keys}
	if xmlAttr(attrs, "first") != "" && len(keys) == 2 {
		ref.cmd = "crefrange"
	}
	return r.render(ref, "", false)
}

// clean renders PreTeXt markup as reading text with cross-references
// rendered and the document's macros expanded in math.
func (d *ptxDoc) clean(s string) string {
	out := cleanXMLWith(s, d)
	if d != nil && len(d.macros) > 0 {
		out = expandMacros(out, d.macros)
	}
	return out
}

// ptxClean renders PreTeXt markup with the document's knowledge.
func (x *extractor) ptxClean(s string) string { return x.ptxDoc().clean(s) }
