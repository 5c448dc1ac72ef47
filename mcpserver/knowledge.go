package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The learned knowledge: primitives found by words (lore find) and one
// primitive with its edges (lore show).

// KnowledgeSearchIn are knowledge_search's arguments.
type KnowledgeSearchIn struct {
	Query string `json:"query" jsonschema:"words to look for in the primitives' names, keywords and statements"`
	Limit int    `json:"limit,omitempty" jsonschema:"most results to return (default 10, at most 50)"`
}

// KnowledgeHit is one primitive found.
type KnowledgeHit struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Type         string   `json:"type"`
	Domain       string   `json:"domain"`
	Score        float64  `json:"score"`
	Importance   int      `json:"importance"`
	Statement    string   `json:"statement"`
	Keywords     []string `json:"keywords"`
	Dependencies int      `json:"dependencies"`
}

// KnowledgeSearchOut is knowledge_search's result.
type KnowledgeSearchOut struct {
	Query    string         `json:"query"`
	Searched int            `json:"searched"`
	Results  []KnowledgeHit `json:"results"`
}

func (s *server) knowledgeSearch(ctx context.Context, _ *mcp.CallToolRequest, in KnowledgeSearchIn) (*mcp.CallToolResult, KnowledgeSearchOut, error) {
	limit, err := bounded("limit", in.Limit, defaultSearchLimit, maxSearchLimit)
	if err != nil {
		return nil, KnowledgeSearchOut{}, err
	}
	if strings.TrimSpace(in.Query) == "" {
		return nil, KnowledgeSearchOut{}, fmt.Errorf("query is empty: give words to look for")
	}
	var out KnowledgeSearchOut
	if err := s.run(ctx, []string{"find", "--json", flag("top", strconv.Itoa(limit)), "--", in.Query}, nil, &out); err != nil {
		return nil, KnowledgeSearchOut{}, err
	}
	if out.Results == nil {
		out.Results = []KnowledgeHit{}
	}
	return nil, out, nil
}

// KnowledgeGetIn are knowledge_get's arguments.
type KnowledgeGetIn struct {
	ID string `json:"id" jsonschema:"the primitive's id, as knowledge_search gives it"`
}

// knowledgeGet returns what lore show ID --json prints: the primitive
// (statement, computational form, keywords, provenance, its dependency
// edges with type and strength) and its dependents. The record is passed
// on as lore prints it, so its shape is lore show's.
func (s *server) knowledgeGet(ctx context.Context, _ *mcp.CallToolRequest, in KnowledgeGetIn) (*mcp.CallToolResult, any, error) {
	if strings.TrimSpace(in.ID) == "" {
		return nil, nil, fmt.Errorf("id is empty: give a primitive's id (knowledge_search finds them)")
	}
	var out struct {
		Primitive  json.RawMessage `json:"primitive"`
		Dependents json.RawMessage `json:"dependents"`
	}
	if err := s.run(ctx, []string{"show", "--json", "--", in.ID}, nil, &out); err != nil {
		return nil, nil, err
	}
	return nil, out, nil
}

func (s *server) addKnowledgeTools(srv *mcp.Server) error {
	mcp.AddTool(srv, &mcp.Tool{Name: "knowledge_search", Title: "Search learned knowledge", Annotations: readOnly,
		Description: "Find learned primitives (definitions, theorems, algorithms, techniques, axioms, identities) by words: " +
			"BM25 over name, keywords and statement, ties by importance in the dependency graph. knowledge_get gives one whole."}, s.knowledgeSearch)
	mcp.AddTool(srv, &mcp.Tool{Name: "knowledge_get", Title: "Get a learned primitive", Annotations: readOnly,
		Description: "One learned primitive with its statement, computational form, keywords and provenance, " +
			"its dependency edges (requires, generalizes, specializes, motivates, applies, equivalent, with strength) and the primitives that depend on it."}, s.knowledgeGet)
	return nil
}
