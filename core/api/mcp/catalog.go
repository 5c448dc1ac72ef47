package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills/search"
)

// CatalogURI is the resource holding the skill catalog.
const CatalogURI = "lore://skills/catalog"

// addCatalog offers the catalog of skills as a resource: the
// <available_skills> block of the skills offered to the client's
// consumer, the Agent Skills standard's metadata-only catalog (name,
// description, and how to load each), which a client can put into its
// system prompt.
func (s *server) addCatalog(srv *sdk.Server) {
	srv.AddResource(&sdk.Resource{
		URI:         CatalogURI,
		Name:        "skill-catalog",
		Title:       "Skill catalog",
		Description: "The skills this client may use, as an Agent Skills <available_skills> block: name, description and how to load each (skill_activate); empty when none is offered.",
		MIMEType:    "application/xml",
	}, s.readCatalog)
}

func (s *server) readCatalog(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	got, err := s.svc.SearchSkills(s.bind(ctx), &lorev1.SearchSkillsRequest{Consumer: s.consumerOf(req.ClientInfo())})
	if err != nil {
		return nil, toolError(err)
	}
	// A blank query ranks every offered skill by decay and feedback. The
	// location is how the agent loads a skill through this server: on a
	// team server no path of the serving machine is the client's.
	var views []search.Skill
	for _, h := range got.GetHits() {
		sk := h.GetSkill()
		views = append(views, search.Skill{Key: sk.GetKey(), Name: sk.GetName(), Description: sk.GetDescription(),
			Negative: sk.GetNegative(), Location: "skill_activate " + sk.GetKey()})
	}
	text := ""
	if len(views) > 0 {
		text = search.Prompt(views, search.PromptOptions{})
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: CatalogURI, MIMEType: "application/xml", Text: text}}}, nil
}
