package generate

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Quadrant is a quarter of the plane; a team has one agent per occupied
// quadrant. The boundaries are the reference's: a zero coordinate counts
// as non-negative, so the origin is in Q1.
//
//	Q1: real ≥ 0, imaginary ≥ 0  (creative + abstract)
//	Q2: real < 0, imaginary ≥ 0  (logical + abstract)
//	Q3: real < 0, imaginary < 0  (logical + embodied)
//	Q4: real ≥ 0, imaginary < 0  (creative + embodied)
type Quadrant int

// The quadrants.
const (
	Q1 Quadrant = iota + 1
	Q2
	Q3
	Q4
)

// QuadrantOf returns the quadrant of p; a NaN or infinite coordinate
// counts as 0.
func QuadrantOf(p core.PlanePosition) Quadrant {
	r, i := finite(p.Real), finite(p.Imaginary)
	switch {
	case r >= 0 && i >= 0:
		return Q1
	case r < 0 && i >= 0:
		return Q2
	case r < 0:
		return Q3
	}
	return Q4
}

// String is "Q1" … "Q4", the reference's quadrant names.
func (q Quadrant) String() string { return "Q" + strconv.Itoa(int(q)) }

// Label is the reference's description of the quadrant.
func (q Quadrant) Label() string {
	switch q {
	case Q1:
		return "Creative + Abstract"
	case Q2:
		return "Logical + Abstract"
	case Q3:
		return "Logical + Embodied"
	case Q4:
		return "Creative + Embodied"
	}
	return "Unknown"
}

// The coordination topologies of the reference. CritiqueRoute has a
// signature but is never selected automatically, as in the reference.
const (
	Mesh          = "mesh"
	Ring          = "ring"
	Pipeline      = "pipeline"
	LeaderWorker  = "leader-worker"
	Tree          = "tree"
	Bipartite     = "bipartite"
	CritiqueRoute = "critique-route"
)

// SelectTopology picks a team's topology from its composition rules, in the
// reference's order: no rules → leader-worker; more than half sequential →
// pipeline; exactly two quadrants → bipartite; three or more quadrants with
// under 30% sequential rules and a rule density (rules per primitive that
// has rules) above 2 → mesh; density below 1 → ring; at least 30%
// sequential → tree; otherwise leader-worker.
//
// The ring rule is kept for fidelity but cannot fire from real data: density
// is total rules over primitives holding at least one, so it is ≥ 1
// whenever there are rules (the reference has the same dead branch).
func SelectTopology(totalRules, sequentialRules, primitivesWithRules, quadrants int) string {
	if totalRules <= 0 {
		return LeaderWorker
	}
	seq := float64(sequentialRules) / float64(totalRules)
	density := 0.0
	if primitivesWithRules > 0 {
		density = float64(totalRules) / float64(primitivesWithRules)
	}
	switch {
	case seq > 0.5:
		return Pipeline
	case quadrants == 2:
		return Bipartite
	case quadrants >= 3 && seq < 0.3 && density > 2:
		return Mesh
	case quadrants >= 3 && density < 1.0:
		return Ring
	case quadrants >= 3 && seq >= 0.3:
		return Tree
	}
	return LeaderWorker
}

// Sig is a topology's coordination signature: ρ the spectral radius of its
// row-stochastic coupling (always 1), Δ its spectral gap 1 − |λ₂| (how fast
// agents reach agreement), κ the conditioning of its discounted resolvent
// (how much a disturbance is amplified) and the γ it was computed for.
type Sig struct {
	Rho, Delta, Kappa, Gamma float64
}

// ErrSignature is returned (wrapped) for inputs the signature is not
// defined on.
var ErrSignature = errors.New("invalid coordination signature input")

// Signature computes the coordination signature of a topology of n agents
// with discount gamma, by the reference's closed forms (λ₂ the second
// eigenvalue, λmin the smallest, κ = (1/(1−γ)) / (1/(1−γ·λmin))):
//
//	mesh            λ₂ = −1/(n−1) = λmin
//	ring            λ₂ = cos(2π/n); λmin = −1 (n even) or cos(π(n−1)/n)
//	pipeline        λ₂ = cos(π/(n−1)); λmin = −1
//	tree            λ₂ = cos(π/(d+1)), d = max(2, ⌈log₂(n+1)⌉); λmin = −1
//	bipartite       λ₂ = −1 = λmin, so Δ = 0
//	critique-route  λ₂ = 0.3 = λmin, so Δ = 0.7
//	leader-worker   Δ = 0, κ = 1/(1−γ²) (a directed star)
//
// n must be at least 2 and gamma in (0, 1); the reference throws otherwise.
func Signature(topology string, n int, gamma float64) (Sig, error) {
	if n < 2 {
		return Sig{}, fmt.Errorf("%w: n = %d, need at least 2 agents", ErrSignature, n)
	}
	if !(gamma > 0 && gamma < 1) {
		return Sig{}, fmt.Errorf("%w: gamma = %v, need 0 < gamma < 1", ErrSignature, gamma)
	}
	fn := float64(n)
	resolvent := func(lmin float64) float64 { return math.Abs((1 / (1 - gamma)) / (1 / (1 - gamma*lmin))) }
	var l2, lmin float64
	switch topology {
	case Mesh:
		l2 = -1 / (fn - 1)
		lmin = l2
	case Ring:
		l2 = math.Cos(2 * math.Pi / fn)
		lmin = -1.0
		if n%2 == 1 {
			lmin = math.Cos(math.Pi * (fn - 1) / fn)
		}
	case Pipeline:
		l2 = math.Cos(math.Pi / (fn - 1))
		lmin = -1
	case Tree:
		d := math.Max(2, math.Ceil(math.Log2(fn+1)))
		l2 = math.Cos(math.Pi / (d + 1))
		lmin = -1
	case Bipartite:
		l2, lmin = -1, -1
	case CritiqueRoute:
		l2, lmin = 0.3, 0.3
	case LeaderWorker:
		return Sig{Rho: 1, Delta: 0, Kappa: 1 / (1 - gamma*gamma), Gamma: gamma}, nil
	default:
		return Sig{}, fmt.Errorf("%w: unknown topology %q", ErrSignature, topology)
	}
	return Sig{Rho: 1, Delta: 1 - math.Abs(l2), Kappa: resolvent(lmin), Gamma: gamma}, nil
}

var topologyText = map[string]string{
	Mesh:          "Mesh: every agent exchanges results with every other; suits dense, parallel composition across quadrants.",
	Ring:          "Ring: each agent passes results to the next around a cycle.",
	Pipeline:      "Sequential pipeline: agents process in order, each feeding results to the next.",
	LeaderWorker:  "Leader-worker: lead agent coordinates specialist agents per quadrant.",
	Tree:          "Tree: agents are arranged hierarchically; results flow from leaves up to a coordinating root.",
	Bipartite:     "Bipartite: the two quadrant agents alternate, each refining the other's results.",
	CritiqueRoute: "Critique-route: a router sends work to agents and a critic reviews their results.",
}

// Team generates learn-<slug>-team/TEAM.md when the domain is large and
// spread enough to need several cooperating agents. The checks run in the
// reference's order, each with its reason: at least cfg.TeamMinPrimitives
// primitives ("n primitives; a team needs 50"), at least
// cfg.TeamMinQuadrants occupied quadrants ("Insufficient quadrant coverage
// (k < 2)"), and at least cfg.TeamMinCrossRules cross-quadrant composition
// rules ("Insufficient cross-quadrant composition rules (c < 20)"). A rule
// is cross-quadrant when its With is the id of a primitive of this group in
// another quadrant. The team has one agent per occupied quadrant.
//
// As in the reference, the quadrant of an id is that of the last primitive
// with the id, and only ids count as occupying a quadrant.
func Team(d DomainInfo, prims []core.Primitive, cfg Config) Outcome {
	return team(d, prims, cfg, newShared(prims).domainTerms)
}

// team is Team with the domain's ranked terms computed on demand.
func team(d DomainInfo, prims []core.Primitive, cfg Config, terms func() []string) Outcome {
	cfg = cfg.withDefaults()
	out := Outcome{Kind: core.TeamArtifact, Domain: d.ID}
	if len(prims) < cfg.TeamMinPrimitives {
		out.Reason = fmt.Sprintf("%s; a team needs %d", plural(len(prims), "primitive", "primitives"), cfg.TeamMinPrimitives)
		return out
	}
	names := idNames(prims)
	qmap := make(map[string]Quadrant, len(prims))
	for i := range prims {
		qmap[prims[i].ID] = QuadrantOf(prims[i].Plane)
	}
	occupied := map[Quadrant]bool{}
	for _, q := range qmap {
		occupied[q] = true
	}
	quads := make([]Quadrant, 0, 4)
	for q := range occupied {
		quads = append(quads, q)
	}
	sort.Slice(quads, func(a, b int) bool { return quads[a] < quads[b] })
	if len(quads) < cfg.TeamMinQuadrants {
		out.Reason = fmt.Sprintf("Insufficient quadrant coverage (%d < %d)", len(quads), cfg.TeamMinQuadrants)
		return out
	}

	var cross []string
	crossCount, total, seq, holders := 0, 0, 0, 0
	for i := range prims {
		p := &prims[i]
		if len(p.CompositionRules) > 0 {
			holders++
		}
		src := qmap[p.ID]
		for _, r := range p.CompositionRules {
			total++
			if r.Type == core.Sequential {
				seq++
			}
			if dst, ok := qmap[r.With]; ok && dst != src {
				crossCount++
				if len(cross) < maxTeamRules {
					cross = append(cross, fmt.Sprintf("- %s (%s) + %s (%s) -> %s (%s)", mdName(shownName(p)), src,
						mdName(names[r.With]), dst, mdName(clean(r.Yields, maxFieldRunes)), clean(string(r.Type), 30)))
				}
			}
		}
	}
	if crossCount < cfg.TeamMinCrossRules {
		out.Reason = fmt.Sprintf("Insufficient cross-quadrant composition rules (%d < %d)", crossCount, cfg.TeamMinCrossRules)
		return out
	}

	topology := SelectTopology(total, seq, holders, len(quads))
	sig, err := Signature(topology, len(quads), cfg.SpectralGamma)
	if err != nil {
		out.Reason = "Cannot compute coordination signature: " + err.Error()
		return out
	}

	now := cfg.Now()
	name := BaseName(d) + "-team"
	title := displayName(d)
	center := Center(prims)
	triggers := firstN(terms(), maxTriggers)
	quadNames := make([]string, len(quads))
	quadLabels := make([]string, len(quads))
	for i, q := range quads {
		quadNames[i] = q.String()
		quadLabels[i] = q.String() + " (" + q.Label() + ")"
	}
	rho := strconv.FormatFloat(sig.Rho, 'f', 4, 64)
	delta := strconv.FormatFloat(sig.Delta, 'f', 4, 64)
	kappa := strconv.FormatFloat(sig.Kappa, 'f', 4, 64)
	gamma := strconv.FormatFloat(sig.Gamma, 'f', 2, 64)

	desc := fitDescription(
		"Multi-agent team for "+title+" domain coordination: "+plural(len(quads), "agent", "agents")+
			", one per plane quadrant ("+strings.Join(quadNames, ", ")+"), in a "+topology+" topology over "+
			plural(len(prims), "primitive", "primitives")+" with "+plural(crossCount, "cross-quadrant composition rule", "cross-quadrant composition rules")+".",
		sentence(d.Description),
		useWhen("Use when a task spans several areas of "+title+", such as", title, triggers),
	)
	meta := append(baseMeta(d, "team", len(prims), center, now),
		kv{"topology", topology}, kv{"agents", strconv.Itoa(len(quads))},
		kv{"rho", rho}, kv{"delta", delta}, kv{"kappa", kappa}, kv{"gamma", gamma})

	var b strings.Builder
	b.WriteString(frontmatter(name, desc, meta))
	b.WriteString("\n# " + title + " Team\n\n")

	b.WriteString("## Purpose\n\n")
	b.WriteString("Multi-domain coordination for the **" + mdName(title) + "** learned domain.\n")
	b.WriteString("Spans " + strconv.Itoa(len(quads)) + " quadrants: " + strings.Join(quadLabels, ", ") + ".\n")
	b.WriteString("Coordinates specialized agents to handle cross-quadrant composition patterns.\n\n")

	b.WriteString("## Agents\n\n")
	for _, q := range quads {
		n := 0
		var names []string
		for i := range prims {
			if qmap[prims[i].ID] != q {
				continue
			}
			n++
			if len(names) < maxAgentConcepts {
				names = append(names, mdName(prims[i].Name))
			}
		}
		concepts := strings.Join(names, ", ")
		if concepts == "" {
			concepts = "None"
		}
		fmt.Fprintf(&b, "### %s Agent (%s)\n\n- **Coverage:** %d primitives\n- **Key concepts:** %s\n\n", q, q.Label(), n, concepts)
	}

	b.WriteString("## Coordination\n\n")
	fmt.Fprintf(&b, "**Cross-quadrant composition rules:** %d total\n\n", crossCount)
	b.WriteString(strings.Join(cross, "\n") + "\n\n")

	b.WriteString("## Topology\n\n")
	// List items, so that Markdown does not join the lines into one.
	b.WriteString("- **Type:** " + topology + "\n")
	b.WriteString("- **Agent count:** " + strconv.Itoa(len(quads)) + "\n")
	b.WriteString("- **Coordination signature:** ρ=" + rho + " Δ=" + delta + " κ=" + kappa + " (γ=" + gamma + ")\n\n")
	b.WriteString(topologyText[topology] + "\n")

	out.Generated = true
	out.Reason = fmt.Sprintf("Generated team with %d primitives, %d cross-quadrant rules, %d quadrants", len(prims), crossCount, len(quads))
	out.Artifact = &core.Artifact{
		Kind: core.TeamArtifact, Name: name, Domain: d.ID, Primitives: len(prims), Agents: len(quads),
		Files:       []core.ArtifactFile{{Path: name + "/TEAM.md", Content: b.String()}},
		GeneratedAt: now, Reason: out.Reason,
	}
	return out
}
