package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/tui/styles"
)

func sampleDocument() (*core.Document, error) {
	text, err := acquire.Normalize(assets.Sample())
	if err != nil {
		return nil, fmt.Errorf("embedded sample: %w", err)
	}
	return &core.Document{
		Name: assets.SampleName, Path: "sample/" + assets.SampleName, MediaType: "text/markdown",
		Format: core.FormatMarkdown, Text: text, Bytes: int64(len(assets.Sample())), Familiarity: core.Home,
	}, nil
}

func renderAnalysis(out io.Writer, st styles.Styles, res *engine.AnalyzeResult, hygiene *core.HygieneReport) error {
	w := cmdutil.StyledWriter(out)
	var b strings.Builder
	var bytes int64
	for _, an := range res.Analyses {
		bytes += an.Document.Bytes
	}
	fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("source "), res.Source,
		st.Faint.Render(fmt.Sprintf("(%d document%s, %s)", len(res.Analyses), cmdutil.Plural(len(res.Analyses)), acquire.HumanBytes(bytes))))
	if hygiene != nil {
		h := fmt.Sprintf("%s · %s tier", sanitize.Summary(*hygiene), hygiene.Tier)
		if hygiene.Passed {
			h = st.Good.Render(h)
		} else {
			h = st.Bad.Render(h) + st.Faint.Render(" (analyze never blocks; lore scan shows the findings)")
		}
		fmt.Fprintf(&b, "%s %s\n", st.Label.Render("hygiene"), h)
	}
	fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("type   "), st.Heading.Render(string(res.ContentType)), st.Faint.Render(scoreLine(res.ContentType, res.Scores)))
	if res.Domain != "" {
		fmt.Fprintf(&b, "%s %s  plane %s  confidence %.2f", st.Label.Render("domain "), st.Heading.Render(res.Domain), res.Plane, res.Confidence)
		if len(res.Domains) > 0 && res.Domains[0].Domain == res.Domain {
			// The runners-up are listed by score; the chosen one's score
			// is what they are compared with (confidence is another
			// measure: how far it leads).
			fmt.Fprintf(&b, "  score %.2f", res.Domains[0].Score)
		}
		if len(res.Domains) == 0 {
			fmt.Fprintf(&b, "  %s", st.Faint.Render("no domain's words found: filed under the domain whose region holds the plane's centre"))
		}
		if len(res.Domains) > 1 {
			var others []string
			for _, d := range res.Domains[1:min(4, len(res.Domains))] {
				others = append(others, fmt.Sprintf("%s %.2f", d.Domain, d.Score))
			}
			fmt.Fprintf(&b, "  %s", st.Faint.Render("also "+strings.Join(others, " · ")))
		}
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "%s none detected  plane %s\n", st.Label.Render("domain "), res.Plane)
	}

	b.WriteString("\n" + st.Heading.Render("Sections") + "\n")
	for _, an := range res.Analyses {
		indent := "  "
		if len(res.Analyses) > 1 {
			fmt.Fprintf(&b, "  %s\n", st.Heading.Render(an.Document.Name))
			indent = "    "
		}
		for _, s := range an.Sections {
			writeSection(&b, st, s, indent)
		}
	}

	counts := map[core.PrimitiveType]int{}
	for _, p := range res.Primitives {
		counts[p.Type]++
	}
	var parts []string
	for _, t := range core.PrimitiveTypes {
		if counts[t] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, counts[t]))
		}
	}
	fmt.Fprintf(&b, "\n%s %s\n", st.Heading.Render(fmt.Sprintf("Primitives (%d)", len(res.Primitives))), st.Faint.Render(strings.Join(parts, " · ")))
	names := make(map[string]string, len(res.Primitives))
	for _, p := range res.Primitives {
		names[p.ID] = p.Name
	}
	for _, p := range res.Primitives {
		loc := p.Provenance.Section
		if p.Section != "" {
			loc = p.Section + " · " + loc
		}
		fmt.Fprintf(&b, "  %s %s  %.2f  %s\n", st.Kind.Render(fmt.Sprintf("%-10s", p.Type)), st.Heading.Render(p.Name), p.Confidence, st.Faint.Render(loc+" · "+p.ID))
		for _, e := range p.Dependencies {
			fmt.Fprintf(&b, "      → %-11s %s %s\n", e.Type, names[e.Target], st.Faint.Render(fmt.Sprintf("%.1f", e.Strength)))
		}
	}
	// The total is the edges by type: those the wiring inferred and those
	// the source's own references gave, as listed above.
	edgeCounts := res.Wiring.EdgesByType
	var eparts []string
	total := 0
	for _, t := range core.EdgeTypes {
		if edgeCounts[t] > 0 {
			eparts = append(eparts, fmt.Sprintf("%s %d", t, edgeCounts[t]))
			total += edgeCounts[t]
		}
	}
	fmt.Fprintf(&b, "\n%s %s\n", st.Heading.Render(fmt.Sprintf("Edges (%d)", total)), st.Faint.Render(strings.Join(eparts, " · ")))
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSection(b *strings.Builder, st styles.Styles, s *core.Section, indent string) {
	title := s.Title
	if s.Number != "" && !strings.HasPrefix(title, s.Number) {
		title = s.Number + " " + title
	}
	fmt.Fprintf(b, "%s%s %s\n", indent, title, st.Faint.Render(fmt.Sprintf("@%d", s.Offset)))
	for _, c := range s.Children {
		writeSection(b, st, c, indent+"  ")
	}
}

// scoreLine is the content-type vote of the word patterns, highest
// first, and, when the document's structure overruled it (an abstract
// with citations makes a paper, numbered procedures a tutorial), says so.
func scoreLine(chosen core.ContentType, scores map[core.ContentType]float64) string {
	type kv struct {
		t core.ContentType
		v float64
	}
	var kvs []kv
	for _, t := range core.ContentTypes {
		kvs = append(kvs, kv{t, scores[t]})
	}
	sort.SliceStable(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	var parts []string
	for _, e := range kvs {
		parts = append(parts, fmt.Sprintf("%s %g", e.t, e.v))
	}
	line := "words: " + strings.Join(parts, " · ")
	if len(kvs) > 0 && kvs[0].v > 0 && chosen != core.Unknown && scores[chosen] < kvs[0].v {
		line += "; its structure makes it a " + string(chosen)
	}
	return line
}
