package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/text"
)

// The learned knowledge: primitives found by words (lore find) and one
// primitive with its edges (lore show).

// KnowledgeSearchIn are knowledge_search's arguments.
type KnowledgeSearchIn struct {
	Query string `json:"query" jsonschema:"words to look for in the primitives' names, keywords and statements"`
	Limit int    `json:"limit,omitempty" jsonschema:"most results to return (default 10, at most 50)"`
}

// KnowledgeHit is one primitive found, as lore find --json gives it.
type KnowledgeHit = api.FindHit

// KnowledgeSearchOut is knowledge_search's result, lore find --json's
// shape.
type KnowledgeSearchOut = api.FindResult

func (s *server) knowledgeSearch(ctx context.Context, _ *sdk.CallToolRequest, in KnowledgeSearchIn) (*sdk.CallToolResult, KnowledgeSearchOut, error) {
	limit, err := bounded("limit", in.Limit, defaultSearchLimit, maxSearchLimit)
	if err != nil {
		return nil, KnowledgeSearchOut{}, err
	}
	if strings.TrimSpace(in.Query) == "" {
		return nil, KnowledgeSearchOut{}, fmt.Errorf("query is empty: give words to look for")
	}
	got, err := s.svc.Find(s.bind(ctx), &lorev1.FindRequest{Query: in.Query, Top: int32(limit)})
	if err != nil {
		return nil, KnowledgeSearchOut{}, toolError(err)
	}
	out := api.FindResultOf(in.Query, got)
	// An agent reads the statement as a person does: math as Unicode
	// text, no LaTeX (knowledge_get gives the stored statement too).
	for i := range out.Results {
		out.Results[i].Statement = text.ReadableMath(out.Results[i].Statement)
	}
	return nil, out, nil
}

// KnowledgeGetIn are knowledge_get's arguments.
type KnowledgeGetIn struct {
	ID string `json:"id" jsonschema:"the primitive's id, as knowledge_search gives it"`
}

// knowledgeGet returns the primitive as the API gives it (its
// statement, and readableStatement its math as text; keywords, source, a
// result's proof, the edges it depends on and those that depend on it),
// in the API's JSON.
func (s *server) knowledgeGet(ctx context.Context, _ *sdk.CallToolRequest, in KnowledgeGetIn) (*sdk.CallToolResult, any, error) {
	if strings.TrimSpace(in.ID) == "" {
		return nil, nil, fmt.Errorf("id is empty: give a primitive's id (knowledge_search finds them)")
	}
	got, err := s.svc.Show(s.bind(ctx), &lorev1.ShowRequest{Id: in.ID})
	if connect.CodeOf(err) == connect.CodeNotFound {
		return nil, nil, fmt.Errorf("%w (knowledge_search finds them)", toolError(err))
	}
	if err != nil {
		return nil, nil, toolError(err)
	}
	b, err := protojson.Marshal(got)
	if err != nil {
		return nil, nil, fmt.Errorf("knowledge_get %s: %w", in.ID, err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, nil, fmt.Errorf("knowledge_get %s: %w", in.ID, err)
	}
	// Beside the stored statement (the source's LaTeX), the one an agent
	// reads.
	if p, ok := out["primitive"].(map[string]any); ok {
		p["readableStatement"] = text.ReadableMath(got.GetPrimitive().GetStatement())
	}
	return nil, out, nil
}

func (s *server) addKnowledgeTools(srv *sdk.Server) {
	sdk.AddTool(srv, &sdk.Tool{Name: "knowledge_search", Title: "Search learned knowledge", Annotations: readOnly,
		Description: "Find learned primitives (definitions, theorems, algorithms, techniques, axioms, identities) by words: " +
			"BM25 over name, keywords and statement, ties by importance in the dependency graph. knowledge_get gives one whole."}, s.knowledgeSearch)
	sdk.AddTool(srv, &sdk.Tool{Name: "knowledge_get", Title: "Get a learned primitive", Annotations: readOnly,
		Description: "One learned primitive with its statement, keywords and source, the proof its source gives of a result (proof.text, proof.sketch), " +
			"the edges it depends on (requires, generalizes, specializes, motivates, applies, equivalent) and those of the primitives that depend on it."}, s.knowledgeGet)
}
