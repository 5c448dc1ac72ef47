package graph

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// exportGraph is the graph as the exporters write it: the primitives
// sorted by id (first occurrence of each id) and the edges between present
// primitives, without duplicates, sorted by from, to and type, so the
// output is the same on every run and diffs cleanly.
type exportGraph struct {
	nodes []*core.Primitive
	edges []JSONEdge
}

func build(prims []core.Primitive) exportGraph {
	var g exportGraph
	byID := make(map[string]*core.Primitive, len(prims))
	for i := range prims {
		if _, ok := byID[prims[i].ID]; !ok {
			byID[prims[i].ID] = &prims[i]
			g.nodes = append(g.nodes, &prims[i])
		}
	}
	sort.Slice(g.nodes, func(i, j int) bool { return g.nodes[i].ID < g.nodes[j].ID })
	type key struct {
		from, to string
		t        core.EdgeType
	}
	seen := map[key]bool{}
	for i := range prims {
		for _, e := range prims[i].Dependencies {
			if _, ok := byID[e.Target]; !ok {
				continue
			}
			k := key{prims[i].ID, e.Target, e.Type}
			if seen[k] {
				continue
			}
			seen[k] = true
			s := e.Strength
			if math.IsNaN(s) || math.IsInf(s, 0) {
				s = 0
			}
			g.edges = append(g.edges, JSONEdge{From: k.from, To: k.to, Type: k.t, Strength: s})
		}
	}
	sort.Slice(g.edges, func(i, j int) bool {
		a, b := &g.edges[i], &g.edges[j]
		if a.From != b.From {
			return a.From < b.From
		}
		if a.To != b.To {
			return a.To < b.To
		}
		return a.Type < b.Type
	})
	return g
}

// label is what a node shows: its name, or its id when it has none.
func label(p *core.Primitive) string {
	if strings.TrimSpace(p.Name) == "" {
		return p.ID
	}
	return p.Name
}

// DOT writes the graph in Graphviz's DOT language, one node line per
// primitive (labelled with name and type) and one edge line per
// dependency (labelled with its type), for `dot -Tsvg`.
func DOT(w io.Writer, prims []core.Primitive) error {
	g := build(prims)
	bw := bufio.NewWriter(w)
	bw.WriteString("digraph lore {\n  rankdir=LR;\n  node [shape=box];\n")
	for _, p := range g.nodes {
		fmt.Fprintf(bw, "  %s [label=%s];\n", dotQuote(p.ID), dotQuote(label(p)+"\n("+string(p.Type)+")"))
	}
	for _, e := range g.edges {
		fmt.Fprintf(bw, "  %s -> %s [label=%s];\n", dotQuote(e.From), dotQuote(e.To), dotQuote(string(e.Type)))
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// dotQuote makes s a DOT double-quoted string: backslashes and quotes
// escaped, line breaks as DOT's \n, other control characters dropped.
func dotQuote(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
		case unicode.IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Mermaid writes the graph as a Mermaid flowchart, for Markdown that
// renders diagrams. Mermaid ids allow only [A-Za-z0-9_], so every id is
// mapped to "p_" plus its letters and digits (others become _), with a
// numeric suffix when two ids map to the same one; the real id and name
// stay in the quoted label.
func Mermaid(w io.Writer, prims []core.Primitive) error {
	g := build(prims)
	ids := make(map[string]string, len(g.nodes))
	used := make(map[string]bool, len(g.nodes))
	bw := bufio.NewWriter(w)
	bw.WriteString("flowchart LR\n")
	for _, p := range g.nodes {
		base := mermaidID(p.ID)
		m := base
		for i := 2; used[m]; i++ {
			m = fmt.Sprintf("%s_%d", base, i)
		}
		used[m] = true
		ids[p.ID] = m
		fmt.Fprintf(bw, "  %s[\"%s\"]\n", m, mermaidText(label(p)+" ("+string(p.Type)+")"))
	}
	for _, e := range g.edges {
		fmt.Fprintf(bw, "  %s -->|\"%s\"| %s\n", ids[e.From], mermaidText(string(e.Type)), ids[e.To])
	}
	return bw.Flush()
}

func mermaidID(id string) string {
	var b strings.Builder
	b.WriteString("p_")
	for _, r := range id {
		if r < utf8.RuneSelf && (r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// mermaidText makes s safe inside a quoted Mermaid label: quotes become
// #quot;, the characters Mermaid would read as markup or HTML become
// entity codes, and line breaks become spaces.
func mermaidText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString("#quot;")
		case r == '`':
			b.WriteString("#96;")
		case r == '<':
			b.WriteString("#lt;")
		case r == '>':
			b.WriteString("#gt;")
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// JSONNode is a node of the JSON export; Importance is the primitive's
// importance in the exported graph (see Importance).
type JSONNode struct {
	ID         string             `json:"id"`
	Name       string             `json:"name"`
	Type       core.PrimitiveType `json:"type"`
	Domain     string             `json:"domain"`
	Importance int                `json:"importance"`
}

// JSONEdge is a dependency edge of the JSON export, from the holder to
// the target.
type JSONEdge struct {
	From     string        `json:"from"`
	To       string        `json:"to"`
	Type     core.EdgeType `json:"type"`
	Strength float64       `json:"strength"`
}

// JSONGraph is the JSON export: nodes and edges, both sorted.
type JSONGraph struct {
	Nodes []JSONNode `json:"nodes"`
	Edges []JSONEdge `json:"edges"`
}

// Export is the graph of prims as the exporters write it: its nodes
// sorted by id, each with its importance, and its edges between them.
func Export(prims []core.Primitive) JSONGraph {
	g := build(prims)
	out := JSONGraph{Nodes: make([]JSONNode, len(g.nodes)), Edges: g.edges}
	if out.Edges == nil {
		out.Edges = []JSONEdge{}
	}
	imp := Importance(prims)
	for i, p := range g.nodes {
		out.Nodes[i] = JSONNode{ID: p.ID, Name: p.Name, Type: p.Type, Domain: p.Domain, Importance: imp[p.ID]}
	}
	return out
}

// JSON writes the graph as {"nodes": [...], "edges": [...]} for tools
// that draw or analyse it (d3, Cytoscape, jq). Non-finite strengths are
// written as 0, since JSON cannot carry them.
func JSON(w io.Writer, prims []core.Primitive) error {
	out := Export(prims)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
