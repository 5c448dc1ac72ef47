package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CatalogURI is the resource holding the skill catalog.
const CatalogURI = "lore://skills/catalog"

// addCatalog offers the catalog of skills as a resource: the
// <available_skills> block of lore skills prompt for the client's
// consumer, the Agent Skills standard's metadata-only catalog (name,
// description, location of each SKILL.md), which a client can put into
// its system prompt.
func (s *server) addCatalog(srv *mcp.Server) {
	srv.AddResource(&mcp.Resource{
		URI:         CatalogURI,
		Name:        "skill-catalog",
		Title:       "Skill catalog",
		Description: "The skills this client may use, as an Agent Skills <available_skills> block: name, description and SKILL.md location of each; empty when none is offered.",
		MIMEType:    "application/xml",
	}, s.readCatalog)
}

func (s *server) readCatalog(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	var got struct {
		Prompt string `json:"prompt"`
	}
	if err := s.run(ctx, []string{"skills", "prompt", "--json", flag("consumer", s.consumerOf(req.ClientInfo()))}, nil, &got); err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: CatalogURI, MIMEType: "application/xml", Text: got.Prompt}}}, nil
}
