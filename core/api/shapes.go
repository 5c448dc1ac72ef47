package api

import "github.com/lore-kb/lore/core/api/lorev1"

// FindHit is one primitive a search found, in the JSON shape that
// lore find --json prints and lore mcp's knowledge_search returns, on
// this machine's store and on a team server alike: a script written
// against one reads the other.
type FindHit struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Type   string  `json:"type"`
	Domain string  `json:"domain"`
	Score  float64 `json:"score"`
	// Importance is lore rank's (100 is the average primitive); it breaks
	// ties between equally relevant primitives.
	Importance   int      `json:"importance"`
	Statement    string   `json:"statement"`
	Keywords     []string `json:"keywords"`
	Dependencies int      `json:"dependencies"`
}

// FindResult is a search's answer in that shape.
type FindResult struct {
	Query    string    `json:"query"`
	Searched int       `json:"searched"`
	Results  []FindHit `json:"results"`
}

// FindResultOf is r, the answer to a search for query, in that shape.
func FindResultOf(query string, r *lorev1.FindResponse) FindResult {
	out := FindResult{Query: query, Searched: int(r.GetSearched()), Results: []FindHit{}}
	for _, h := range r.GetHits() {
		p := h.GetPrimitive()
		kw := p.GetKeywords()
		if kw == nil {
			kw = []string{}
		}
		out.Results = append(out.Results, FindHit{ID: p.GetId(), Name: p.GetName(), Type: p.GetType(), Domain: p.GetDomain(),
			Score: h.GetScore(), Importance: int(p.GetImportance()), Statement: p.GetStatement(), Keywords: kw,
			Dependencies: len(p.GetRequires())})
	}
	return out
}
