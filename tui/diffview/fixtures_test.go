package diffview

import (
	"fmt"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
)

// The fixtures follow DESIGN §9: an inner product already known, a dot
// product learned from another book.
func innerProduct() core.Primitive {
	return core.Primitive{
		ID:                    "linear-algebra/inner-product",
		Name:                  "Inner product",
		Type:                  core.Definition,
		Domain:                "structure",
		Section:               "6.1",
		Plane:                 core.PlanePosition{Real: -0.30, Imaginary: 0.50},
		FormalStatement:       "An inner product on a real vector space V is a map ⟨·,·⟩: V×V→R that is bilinear, symmetric and positive definite: ⟨v,v⟩ > 0 for every v ≠ 0.",
		ComputationalForm:     "inner(u, v) = sum_i conj(u[i]) * v[i]",
		Prerequisites:         []string{"Vector space", "Field"},
		Keywords:              []string{"inner product", "bilinear", "symmetric", "positive definite", "vector space"},
		ApplicabilityPatterns: []string{"measure the angle between vectors", "define orthogonality"},
		Confidence:            0.95,
	}
}

func dotProduct() core.Primitive {
	return core.Primitive{
		ID:                    "linear-algebra/dot-product",
		Name:                  "Dot product",
		Type:                  core.Definition,
		Domain:                "structure",
		Section:               "1.2",
		Plane:                 core.PlanePosition{Real: -0.25, Imaginary: 0.40},
		FormalStatement:       "The dot product on Rⁿ is the map ·: Rⁿ×Rⁿ→R given by x·y = Σ xᵢyᵢ, which is symmetric and positive definite: x·x > 0 for every x ≠ 0.",
		ComputationalForm:     "dot(x, y) = sum(x[i] * y[i] for i in range(n))",
		Prerequisites:         []string{"Vector space", "Real numbers"},
		Keywords:              []string{"dot product", "sum", "symmetric", "positive definite", "euclidean"},
		ApplicabilityPatterns: []string{"compute a projection", "measure the angle between vectors"},
		Confidence:            0.9,
	}
}

func conflictOf(id string, ex, ca core.Primitive, cmp core.Comparison) core.Conflict {
	cmp.ExistingID = ex.ID
	return core.Conflict{
		ID: id, Session: "s-20260301-1201", Existing: ex, Candidate: ca, Comparison: cmp,
		State: core.ConflictPending, CreatedAt: time.Date(2026, 3, 1, 12, 1, 3, 0, time.UTC),
	}
}

func overlapping() core.Conflict {
	return conflictOf("c-overlapping", innerProduct(), dotProduct(), core.Comparison{
		Class: core.OverlappingDistinct, Confidence: 0.62,
		FormalSimilarity: 0.31, ComputationalSimilarity: 0.18, KeywordSimilarity: 0.40, PatternOverlap: 0.33,
		Rationale: "The statements share their defining properties (symmetric, positive definite) but differ in scope: " +
			"the candidate is defined on Rⁿ by a coordinate sum, the existing primitive on any real vector space by axioms. " +
			"Neither strictly generalizes the other.",
	})
}

func identical() core.Conflict {
	ca := innerProduct()
	ca.ID = "analysis/inner-product"
	ca.Name = "Inner product (real case)"
	ca.Section = "3.4"
	return conflictOf("c-identical", innerProduct(), ca, core.Comparison{
		Class: core.OverlappingDistinct, Confidence: 0.55,
		FormalSimilarity: 1, ComputationalSimilarity: 1, KeywordSimilarity: 1, PatternOverlap: 1,
		Rationale: "Identical statements under different names: held for a person because the names disagree.",
	})
}

func disjoint() core.Conflict {
	ex := core.Primitive{
		ID: "analysis/monotone-convergence", Name: "Monotone convergence theorem", Type: core.Theorem,
		Domain: "analysis", Plane: core.PlanePosition{Real: -0.60, Imaginary: 0.30},
		FormalStatement:   "Every bounded monotone sequence of real numbers converges",
		ComputationalForm: "limit(seq) exists if bounded(seq) and monotone(seq)",
		Prerequisites:     []string{"Sequence", "Supremum"},
		Keywords:          []string{"monotone", "bounded", "convergence"},
	}
	ca := core.Primitive{
		ID: "algebra/homomorphism", Name: "Group homomorphism", Type: core.Definition,
		Domain: "structure", Plane: core.PlanePosition{Real: -0.40, Imaginary: 0.70},
		FormalStatement:       "A map φ: G→H with φ(ab) = φ(a)φ(b) preserves identities and inverses.",
		ComputationalForm:     "",
		Prerequisites:         []string{"Group"},
		Keywords:              []string{"homomorphism", "group"},
		ApplicabilityPatterns: []string{"transfer structure between groups"},
	}
	return conflictOf("c-disjoint", ex, ca, core.Comparison{
		Class: core.OverlappingDistinct, Confidence: 0.12, KeywordSimilarity: 0, PatternOverlap: 0,
		Rationale: "Matched only on the plane position; nothing in the statements is shared.",
	})
}

// longToken is one unbroken run wider than any column.
var longToken = "sha256:" + strings.Repeat("9f86d081884c7d659a2feaa0c55ad015", 6)

func longLines() core.Conflict {
	ex := innerProduct()
	ex.FormalStatement = "Let V be a vector space over a field K equal to R or C. An inner product on V is a map ⟨·,·⟩: V×V→K " +
		"such that for all u, v, w in V and every scalar λ in K: ⟨u+v, w⟩ = ⟨u, w⟩ + ⟨v, w⟩ and ⟨λu, v⟩ = λ⟨u, v⟩ " +
		"(linearity in the first argument); ⟨u, v⟩ equals the complex conjugate of ⟨v, u⟩ (conjugate symmetry); and ⟨v, v⟩ " +
		"is a non-negative real number that is zero only when v = 0 (positive definiteness)."
	ca := dotProduct()
	ca.FormalStatement = "Let V be a vector space over the field R. The dot product on V = Rⁿ is the map ·: V×V→R " +
		"such that for all u, v, w in V and every scalar λ in R: (u+v)·w = u·w + v·w and (λu)·v = λ(u·v) " +
		"(linearity in the first argument); u·v equals v·u (symmetry); and v·v is a non-negative real number " +
		"that is zero only when v = 0 (positive definiteness). Reference: " + longToken
	ca.ComputationalForm = "def dot(x, y):\n    assert len(x) == len(y)\n    return sum(a * b for a, b in zip(x, y))  # " + longToken
	ca.Keywords = append(ca.Keywords, longToken)
	c := conflictOf("c-long", ex, ca, core.Comparison{
		Class: core.OverlappingDistinct, Confidence: 0.58,
		FormalSimilarity: 0.52, ComputationalSimilarity: 0.10, KeywordSimilarity: 0.40, PatternOverlap: 0.33,
		Rationale: "Long statements with most of their axioms in common; the candidate fixes the field to R and cites " + longToken + ".",
	})
	return c
}

// many makes n pending conflicts with distinct IDs and varied statements.
func many(n int) []core.Conflict {
	cs := make([]core.Conflict, n)
	base := overlapping()
	for i := range cs {
		c := base
		c.ID = fmt.Sprintf("c-%04d", i)
		c.Candidate.Name = fmt.Sprintf("Dot product %d", i)
		c.Candidate.FormalStatement = fmt.Sprintf("%s (variant %d)", base.Candidate.FormalStatement, i)
		cs[i] = c
	}
	return cs
}
