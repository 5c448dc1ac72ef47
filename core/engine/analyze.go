package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/core/extract"
	"github.com/lore-kb/lore/core/wire"
)

// AnalyzeOptions tune an analysis run.
type AnalyzeOptions struct {
	// Domains are the domain definitions to detect (built-in plus user).
	Domains []core.Domain
	// Domain, when set, overrides the detected domain of every primitive.
	Domain string
	Depth  core.Depth
}

// AnalyzeResult is the structure and primitives of a source: what `lore
// analyze` shows. Nothing of it is stored.
type AnalyzeResult struct {
	Source string
	// Analyses holds one analysis per document, in acquisition order
	// (nil in Learn's result: it lets them go once extracted).
	Analyses []*core.Analysis
	// ContentType, Scores, Domain, Domains, Plane and Confidence describe the
	// source as a whole: for one document they are that document's; for
	// several they are computed over all their text together.
	ContentType core.ContentType
	Scores      map[core.ContentType]float64
	Domain      string
	Domains     []core.DomainScore
	Plane       core.PlanePosition
	Confidence  float64
	// Primitives are the wired candidates of every document, in document
	// order, and Candidates their number. Learn lets the candidates go
	// (Primitives and Wiring.Primitives are nil after it) once they are
	// merged: the merged forms are its result's Primitives and Changes,
	// and a large source's candidates would be as much again.
	Primitives []core.Primitive
	Candidates int
	Wiring     wire.Result
	// UndrawnLinks say which links between blocks that link in a loop
	// were not drawn as edges, and why (see wire.BlockLinks).
	UndrawnLinks []string
	// Beside are the documents (by path) that stand beside a book and
	// read through it (core.Document.Book: its slides, its notes): of two
	// statements of one result, the merge keeps the book's.
	Beside map[string]bool
}

// Analyze runs the analyze, extract and wire stages over acquired documents.
func Analyze(ctx context.Context, source string, docs []core.Document, opts AnalyzeOptions) (*AnalyzeResult, error) {
	res, err := analyzeDocs(ctx, source, docs, opts, nil)
	if err != nil {
		return nil, err
	}
	extractAndWire(res, opts, false, nil)
	return res, nil
}

// analyzeDocs is stage 4: each document's structure, content type and
// domain, and the source's as a whole. progress, when set, is told after
// each document.
func analyzeDocs(ctx context.Context, source string, docs []core.Document, opts AnalyzeOptions, progress func(done, total int, detail string)) (*AnalyzeResult, error) {
	res := &AnalyzeResult{Source: source}
	for i := range docs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res.Analyses = append(res.Analyses, analyze.Analyze(&docs[i], opts.Domains))
		if progress != nil {
			progress(i+1, len(docs), docs[i].Name)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	bookDomains(docs, res.Analyses)
	if len(res.Analyses) == 1 {
		a := res.Analyses[0]
		res.ContentType, res.Scores = a.ContentType, a.ContentTypeScores
		res.Domain, res.Domains, res.Plane, res.Confidence = a.Domain, a.Domains, a.Plane, a.Confidence
	} else if len(res.Analyses) > 1 {
		// Sized once: grown by doubling, the copies of a large folder's
		// text would peak at three times its size.
		var all strings.Builder
		n := 0
		for i := range docs {
			n += len(docs[i].Text) + 2
		}
		all.Grow(n)
		for i := range docs {
			all.WriteString(docs[i].Text)
			all.WriteString("\n\n")
		}
		text := all.String()
		res.ContentType, res.Scores = analyze.Classify(text)
		res.Domains, res.Plane, res.Confidence = analyze.DetectDomains(text, opts.Domains)
		if len(res.Domains) > 0 {
			res.Domain = res.Domains[0].Domain
		}
	}
	if res.Domain == "" && len(res.Analyses) > 0 {
		// The whole activates no domain: the run is where most of its
		// text, and so of its primitives, goes (its documents' own
		// domains, else the fallback extractAndWire files them under).
		res.Domain = mostText(docs, res.Analyses)
		if res.Domain == "" {
			res.Domain = analyze.FallbackDomain(opts.Domains, core.PlanePosition{})
		}
	}
	if opts.Domain != "" {
		// Every primitive goes to the domain asked for; the run says so
		// too (the detected ones stay in Domains).
		res.Domain = opts.Domain
	}
	return res, nil
}

// mostText is the domain of the documents holding the most text, among
// those that have one ("" when none has).
func mostText(docs []core.Document, as []*core.Analysis) string {
	size := map[string]int{}
	best := ""
	for i, a := range as {
		if a == nil || a.Domain == "" {
			continue
		}
		size[a.Domain] += len(docs[i].Text)
		if best == "" || size[a.Domain] > size[best] {
			best = a.Domain
		}
	}
	return best
}

// bookDomains gives a document that reads through a book (slides beside
// it, Document.Book) the book's domain and place: a deck of a dozen
// slides matches its own few words to some other domain, and its
// restatements of the book's results would then never meet them.
func bookDomains(docs []core.Document, as []*core.Analysis) {
	byName := map[string]*core.Analysis{}
	for i := range docs {
		if docs[i].Book == "" {
			byName[docs[i].Name] = as[i]
		}
	}
	for i := range docs {
		book := byName[docs[i].Book]
		if docs[i].Book == "" || book == nil || book.Domain == "" {
			continue
		}
		a := as[i]
		a.Domain, a.Domains, a.Plane, a.Confidence, a.Placer = book.Domain, book.Domains, book.Plane, book.Confidence, book.Placer
	}
}

// extractAndWire is stage 5: candidates from every analysis, wired into
// one DAG. With release, each document's text and section tree are let go
// as soon as its candidates are out (Learn needs only the candidates), so
// a source of many documents does not hold them all until the last one.
func extractAndWire(res *AnalyzeResult, opts AnalyzeOptions, release bool, progress func(done, total int, detail string)) {
	var cands []core.Primitive
	pool := stringPool{}
	// Progress counts sections across the documents, told about every
	// half percent: a dense source has tens of thousands.
	total, done := 0, 0
	if progress != nil {
		for _, a := range res.Analyses {
			a.Walk(func(*core.Section) { total++ })
		}
	}
	step := max(1, total/200)
	// A document no domain's words activate is placed at the plane's
	// centre: its primitives go to the domain whose region holds it.
	xopts := extract.Options{Domain: opts.Domain, Fallback: analyze.FallbackDomain(opts.Domains, core.PlanePosition{})}
	var loops []*wire.BlockLinks
	// What each document's references leave to the others (a book's page
	// citing a theorem on another page), linked once all are extracted.
	var across []extract.DocRefs
	for _, a := range res.Analyses {
		if progress != nil {
			name := ""
			if a.Document != nil {
				name = a.Document.Name
			}
			xopts.Section = func() {
				if done++; done%step == 0 || done == total {
					progress(done, total, name)
				}
			}
			xopts.Candidate = func(made, of int) {
				if made%max(1, of/200) == 0 || made == of {
					progress(made, of, "candidates of "+name)
				}
			}
		}
		if d := a.Document; d != nil && d.Format == core.FormatMarkdown {
			// Read while the text is at hand; checked once wired.
			if bl := wire.ReadBlockLinks(d.Path, d.Name, d.Text); bl != nil {
				loops = append(loops, bl)
			}
		}
		if d := a.Document; d != nil && d.Book != "" {
			if res.Beside == nil {
				res.Beside = map[string]bool{}
			}
			res.Beside[d.Path] = true
		}
		ps, refs := extract.ExtractRefs(a, xopts)
		if d := a.Document; d != nil && len(ps) > 0 {
			// Each result named in the file that holds it (a book's
			// chapter), at its line there.
			lines := core.NewLines(d.Text)
			for i := range ps {
				d.Locate(&ps[i].Provenance, lines)
			}
		}
		if len(refs.Numbered) > 0 || len(refs.Open) > 0 {
			across = append(across, extract.DocRefs{Start: len(cands), Refs: refs})
		}
		// The document's words served its analysis and extraction; at
		// about the size of its text, they are not kept longer.
		a.Words = nil
		for i := range ps {
			ps[i].Provenance.Title = a.Title
			pool.detach(&ps[i])
		}
		cands = append(cands, ps...)
		if release {
			a.Sections, a.Placer = nil, nil
			if a.Document != nil {
				a.Document.Text = ""
			}
		}
	}
	if len(res.Analyses) > 1 {
		uniquifyIDs(cands)
		extract.UniqueNamesAcross(cands, across)
		extract.LinkAcross(cands, across)
	}
	for i := range cands {
		cands[i].Provenance.Source = res.Source
	}
	if progress != nil {
		progress(total, total, fmt.Sprintf("wiring %d candidates", len(cands)))
	}
	res.Wiring = wire.Wire(cands, wire.Options{Depth: opts.Depth})
	res.Primitives = res.Wiring.Primitives
	res.Candidates = len(res.Primitives)
	for _, bl := range loops {
		res.UndrawnLinks = append(res.UndrawnLinks, bl.Undrawn(res.Primitives)...)
	}
}

// uniquifyIDs makes ids unique across documents: extraction only guarantees
// uniqueness within one document, and two chapters may both define "Group".
func uniquifyIDs(ps []core.Primitive) {
	seen := make(map[string]int, len(ps))
	for i := range ps {
		id := ps[i].ID
		n := seen[id]
		seen[id] = n + 1
		if n == 0 {
			continue
		}
		for {
			n++
			cand := id + "-" + strconv.Itoa(n)
			if _, taken := seen[cand]; !taken {
				seen[cand] = 1
				ps[i].ID = cand
				break
			}
		}
	}
}

// stringPool holds one copy of each string the candidates of a run share:
// keywords, tags, section and document titles, names of prerequisites and
// edge targets.
type stringPool map[string]string

func (p stringPool) intern(s string) string {
	if s == "" {
		return s
	}
	if v, ok := p[s]; ok {
		return v
	}
	s = strings.Clone(s)
	p[s] = s
	return s
}

func (p stringPool) internAll(ss []string) {
	for i := range ss {
		ss[i] = p.intern(ss[i])
	}
}

// detach gives a candidate its own copies of the short strings it shares
// with others and with the document's text: extraction cuts many of them
// out of the text (a keyword is a word of it, a section title a piece of
// its heading), so a few bytes held until the commit would keep the whole
// text alive, and each candidate would hold its own copy of a keyword the
// others share. These are interned; the id is copied. The statement and
// the form are left as they are: on dense input they are most of the
// text, so a copy would cost about as much as it could free.
func (p stringPool) detach(c *core.Primitive) {
	c.ID = strings.Clone(c.ID)
	c.Name = p.intern(c.Name)
	c.Domain = p.intern(c.Domain)
	c.Section = p.intern(c.Section)
	p.internAll(c.Prerequisites)
	p.internAll(c.Enables)
	p.internAll(c.ApplicabilityPatterns)
	p.internAll(c.Keywords)
	p.internAll(c.Tags)
	for i := range c.Dependencies {
		e := &c.Dependencies[i]
		e.Target, e.Description = p.intern(e.Target), p.intern(e.Description)
	}
	for i := range c.CompositionRules {
		r := &c.CompositionRules[i]
		r.With, r.Yields, r.Example = p.intern(r.With), p.intern(r.Yields), p.intern(r.Example)
		p.internAll(r.Conditions)
	}
	pv := &c.Provenance
	pv.Document, pv.Title, pv.Section = p.intern(pv.Document), p.intern(pv.Title), p.intern(pv.Section)
	pv.Source, pv.MediaType, pv.Book = p.intern(pv.Source), p.intern(pv.MediaType), p.intern(pv.Book)
}
