package graphview

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/tui/styles"
)

var (
	keyUp    = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown  = tea.KeyPressMsg{Code: tea.KeyDown}
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyBack  = tea.KeyPressMsg{Code: tea.KeyBackspace}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyRight = tea.KeyPressMsg{Code: tea.KeyRight}
	keyEnd   = tea.KeyPressMsg{Code: tea.KeyEnd}
)

type dep struct {
	to string
	t  core.EdgeType
	s  float64
}

// linalg is a small linear algebra textbook's worth of primitives, wired
// as wire would wire them.
func linalg() []core.Primitive {
	type spec struct {
		id, name  string
		t         core.PrimitiveType
		domain    string
		re, im    float64
		statement string
		form      string
		section   string
		conf      float64
		keywords  []string
		deps      []dep
	}
	specs := []spec{
		{"field", "Field", core.Axiom, "foundations", -0.6, 0.65, "A set K with two operations + and · such that (K, +) and (K ∖ {0}, ·) are abelian groups and · distributes over +.", "", "§1.1 Fields", 0.97, []string{"field", "scalar", "abelian group"}, nil},
		{"vector-space", "Vector space", core.Definition, "structure", -0.35, 0.55, "A set V with vector addition and scalar multiplication by elements of a field K satisfying the eight vector space axioms.", "", "§1.2 Vector spaces", 0.96, []string{"vector", "space", "linear combination"}, []dep{{"field", core.Requires, 0.9}}},
		{"linear-map", "Linear map", core.Definition, "mapping", 0.15, 0.45, "A map T: V → W with T(au + bv) = aT(u) + bT(v) for all vectors u, v and scalars a, b.", "", "§2.1 Linear maps", 0.95, []string{"linear", "map", "homomorphism"}, []dep{{"vector-space", core.Requires, 0.9}}},
		{"linear-operator", "Linear operator", core.Definition, "mapping", 0.2, 0.35, "A linear map T: V → V from a vector space to itself.", "", "§2.3 Operators", 0.94, []string{"operator", "endomorphism"}, []dep{{"linear-map", core.Specializes, 0.8}, {"vector-space", core.Requires, 0.5}}},
		{"basis", "Basis", core.Definition, "structure", -0.3, 0.45, "A linearly independent list of vectors that spans V.", "", "§1.4 Bases", 0.95, []string{"basis", "span", "independence"}, []dep{{"vector-space", core.Requires, 0.9}}},
		{"dimension", "Dimension", core.Theorem, "structure", -0.25, 0.5, "Any two bases of a finite-dimensional vector space have the same length, its dimension dim V.", "", "§1.5 Dimension", 0.9, []string{"dimension", "basis"}, []dep{{"basis", core.Requires, 0.8}}},
		{"matrix", "Matrix of a linear map", core.Definition, "mapping", 0.1, 0.3, "The m × n array of the coordinates of T(vⱼ) in the basis w₁…wₘ of W.", "", "§3.1 Matrices", 0.93, []string{"matrix", "coordinates"}, []dep{{"linear-map", core.Requires, 0.8}, {"basis", core.Requires, 0.7}}},
		{"determinant", "Determinant", core.Definition, "structure", -0.1, 0.4, "The unique alternating multilinear form det on n × n matrices with det I = 1.", "det(A) = Σ_σ sgn(σ) Π_i a_{i,σ(i)}", "§4.1 Determinants", 0.92, []string{"determinant", "volume", "alternating"}, []dep{{"matrix", core.Requires, 0.8}, {"linear-operator", core.Applies, 0.6}}},
		{"eigenvalue", "Eigenvalue", core.Definition, "structure", -0.3, 0.5, "A scalar λ such that Av = λv for some v ≠ 0.", "solve det(A − λI) = 0 for λ", "§5.1 Eigenvalues", 0.95, []string{"eigenvalue", "spectrum", "characteristic"}, []dep{{"linear-operator", core.Requires, 0.8}, {"vector-space", core.Requires, 0.5}}},
		{"eigenvector", "Eigenvector", core.Definition, "structure", -0.28, 0.42, "A vector v ≠ 0 with Av = λv for an eigenvalue λ of A.", "", "§5.1 Eigenvalues", 0.94, []string{"eigenvector", "invariant subspace"}, []dep{{"eigenvalue", core.Requires, 0.9}}},
		{"characteristic-polynomial", "Characteristic polynomial", core.Definition, "structure", -0.05, 0.3, "The polynomial p(λ) = det(A − λI), whose roots are the eigenvalues of A.", "p = det(A - x*I)  # expand along the first row", "§5.2 The characteristic polynomial", 0.93, []string{"polynomial", "eigenvalue", "determinant"}, []dep{{"determinant", core.Requires, 0.9}, {"eigenvalue", core.Motivates, 0.6}}},
		{"cayley-hamilton", "Cayley–Hamilton theorem", core.Theorem, "structure", 0.0, 0.6, "Every square matrix satisfies its own characteristic polynomial: p(A) = 0.", "", "§5.3 Cayley–Hamilton", 0.9, []string{"cayley", "hamilton", "polynomial"}, []dep{{"characteristic-polynomial", core.Requires, 0.9}, {"matrix", core.Requires, 0.7}}},
		{"inner-product", "Inner product", core.Definition, "structure", -0.2, 0.55, "A map ⟨·,·⟩: V × V → K that is linear in the first argument, conjugate symmetric and positive definite.", "", "§6.1 Inner products", 0.94, []string{"inner product", "norm", "orthogonal"}, []dep{{"vector-space", core.Requires, 0.9}, {"field", core.Requires, 0.5}}},
		{"spectral-theorem", "Spectral theorem", core.Theorem, "structure", 0.05, 0.7, "A self-adjoint operator on a finite-dimensional inner product space has an orthonormal basis of eigenvectors.", "", "§7.1 The spectral theorem", 0.91, []string{"spectral", "self-adjoint", "orthonormal"}, []dep{{"eigenvalue", core.Requires, 0.9}, {"eigenvector", core.Requires, 0.9}, {"inner-product", core.Requires, 0.8}}},
		{"jordan-form", "Jordan form", core.Theorem, "structure", 0.1, 0.65, "Every operator on a finite-dimensional complex vector space has a basis in which its matrix is block diagonal with Jordan blocks.", "", "§8.4 Jordan form", 0.88, []string{"jordan", "nilpotent", "block"}, []dep{{"eigenvalue", core.Requires, 0.8}, {"characteristic-polynomial", core.Requires, 0.7}}},
		{"gaussian-elimination", "Gaussian elimination", core.Algorithm, "computer-science", -0.75, -0.25, "Reduce a matrix to row echelon form by swapping rows, scaling rows and adding multiples of one row to another.", "for k in range(n):\n    p = argmax(abs(A[k:, k])) + k\n    A[[k, p]] = A[[p, k]]\n    A[k+1:] -= outer(A[k+1:, k] / A[k, k], A[k])", "§3.5 Row reduction", 0.9, []string{"elimination", "echelon", "pivot"}, []dep{{"matrix", core.Applies, 0.8}}},
		{"power-iteration", "Power iteration", core.Algorithm, "computer-science", -0.7, -0.35, "Repeatedly apply A to a vector and normalize; it converges to an eigenvector of the dominant eigenvalue.", "v = A @ v; v /= norm(v)", "§9.2 Iterative methods", 0.86, []string{"power method", "dominant eigenvalue"}, []dep{{"eigenvector", core.Applies, 0.8}}},
	}
	prims := make([]core.Primitive, len(specs))
	for i, s := range specs {
		p := core.Primitive{
			ID: s.id, Name: s.name, Type: s.t, Domain: s.domain, Section: s.section,
			Plane:           core.PlanePosition{Real: s.re, Imaginary: s.im},
			FormalStatement: s.statement, ComputationalForm: s.form, Keywords: s.keywords, Confidence: s.conf,
			Provenance: core.Provenance{Source: "linalg.pdf", Document: "linalg.pdf", Section: s.section},
		}
		for _, d := range s.deps {
			p.Dependencies = append(p.Dependencies, core.Edge{Target: d.to, Type: d.t, Strength: d.s})
			p.Prerequisites = append(p.Prerequisites, d.to)
		}
		prims[i] = p
	}
	for i := range prims {
		for _, e := range prims[i].Dependencies {
			for j := range prims {
				if prims[j].ID == e.Target {
					prims[j].Enables = append(prims[j].Enables, prims[i].ID)
				}
			}
		}
	}
	for i := range prims {
		if prims[i].ID == "eigenvalue" {
			prims[i].CompositionRules = []core.CompositionRule{{With: "eigenvector", Yields: "eigenpair", Type: core.Parallel}}
		}
	}
	return prims
}

func linalgDomains() []core.Domain {
	d := func(id, name string, re, im, r float64) core.Domain {
		return core.Domain{ID: id, Name: name, Region: core.PlaneRegion{Center: core.PlanePosition{Real: re, Imaginary: im}, Radius: r}}
	}
	return []core.Domain{
		d("structure", "Structure", -0.3, 0.5, 0.4),
		d("foundations", "Foundations", -0.6, 0.6, 0.35),
		d("mapping", "Mapping", 0.2, 0.4, 0.4),
		d("change", "Change", 0, -0.2, 0.4),
		d("computer-science", "Computer Science", -0.8, -0.3, 0.3),
		d("emergence", "Emergence", 0.5, 0, 0.4),
	}
}

// store answers the component's requests the way the root does.
type store struct {
	prims []core.Primitive
	look  graph.Lookup
	byID  map[string]*core.Primitive
}

func newStore(prims []core.Primitive) *store {
	s := &store{prims: prims, look: graph.SliceLookup(prims), byID: map[string]*core.Primitive{}}
	for i := range prims {
		s.byID[prims[i].ID] = &prims[i]
	}
	return s
}

// rows ranks the primitives by importance (ties by reach, then name).
func (s *store) rows() []Row {
	rows := make([]Row, len(s.prims))
	for i := range s.prims {
		p := &s.prims[i]
		rows[i] = Row{ID: p.ID, Name: p.Name, Type: p.Type, Domain: p.Domain, Confidence: p.Confidence,
			Importance: p.Importance(), Reach: s.reach(p.ID), Plane: p.Plane}
	}
	slices.SortFunc(rows, func(a, b Row) int {
		if c := cmp.Compare(b.Importance, a.Importance); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Reach, a.Reach); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return rows
}

func (s *store) reach(id string) int {
	seen := map[string]bool{}
	queue := []string{id}
	for len(queue) > 0 {
		p := s.byID[queue[0]]
		queue = queue[1:]
		if p == nil {
			continue
		}
		for _, e := range p.Enables {
			if !seen[e] {
				seen[e] = true
				queue = append(queue, e)
			}
		}
	}
	return len(seen)
}

func (s *store) detail(id string) Detail {
	p := s.byID[id]
	d := Detail{P: *p, Chain: graph.Chain(s.look, id, 6)}
	for _, e := range p.Dependencies {
		q := s.byID[e.Target]
		d.Dependencies = append(d.Dependencies, Neighbour{ID: e.Target, Name: q.Name, Type: e.Type, Strength: e.Strength})
	}
	for i := range s.prims {
		for _, e := range s.prims[i].Dependencies {
			if e.Target == id {
				d.Dependents = append(d.Dependents, Neighbour{ID: s.prims[i].ID, Name: s.prims[i].Name, Type: e.Type, Strength: e.Strength})
			}
		}
	}
	return d
}

// run executes cmd and the commands it batches, answering NeedDetailMsg
// with the store's detail, and returns every message produced.
func (s *store) run(m Model, cmd tea.Cmd) (Model, []tea.Msg) {
	var msgs []tea.Msg
	var exec func(tea.Cmd)
	exec = func(c tea.Cmd) {
		if c == nil {
			return
		}
		msg := c()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				exec(c)
			}
			return
		}
		msgs = append(msgs, msg)
		if nd, ok := msg.(NeedDetailMsg); ok && s.byID[nd.ID] != nil {
			m = m.WithDetail(s.detail(nd.ID))
		}
	}
	exec(cmd)
	return m, msgs
}

// send presses keys one by one, answering requests in between.
func (s *store) send(m Model, msgs ...tea.Msg) (Model, []tea.Msg) {
	var out []tea.Msg
	for _, msg := range msgs {
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		var got []tea.Msg
		m, got = s.run(m, cmd)
		out = append(out, got...)
	}
	return m, out
}

func newModel(s *store, w, h int, dark bool) Model {
	m := New(styles.New(dark)).SetSize(w, h).WithDomains(linalgDomains()).WithRows(s.rows(), graph.ByImportance)
	m, cmd := m.RequestDetail()
	m, _ = s.run(m, cmd)
	return m
}

// bigRows is n synthetic ranked rows, as the store's rank index pages them.
func bigRows(n int) []Row {
	words := []string{"Vector", "Eigen", "Linear", "Operator", "Spectral", "Kernel", "Basis", "Matrix", "Tensor", "Norm", "Group", "Ring", "Module", "Field"}
	types := core.PrimitiveTypes
	doms := []string{"structure", "mapping", "foundations", "change", "computer-science", "statistics"}
	rows := make([]Row, n)
	for i := range rows {
		rows[i] = Row{
			ID:         fmt.Sprintf("p-%06d", i),
			Name:       fmt.Sprintf("%s %s %d", words[i%len(words)], words[(i/len(words))%len(words)], i),
			Type:       types[i%len(types)],
			Domain:     doms[(i/7)%len(doms)],
			Confidence: float64(i%100) / 100,
			Importance: (n - i) / 100,
			Reach:      (n - i) / 10,
			Plane:      core.PlanePosition{Real: float64(i%201)/100 - 1, Imaginary: float64((i*7)%201)/100 - 1},
		}
	}
	return rows
}
