package names

import (
	"strings"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// known is a classical named result recognized by the shape of its
// statement. words must all occur in the statement's lowercased readable
// text; re, when set, must match its compact form (readable text,
// lowercased, without white space), so "$|x+y| \le |x| + |y|$" is
// "|x+y|≤|x|+|y|". The table holds results every undergraduate course
// names the same way; a pattern must say what the result says, not which
// book states it.
type known struct {
	name  string
	words []string
	// not are words whose presence makes the statement a different
	// result ("infinitely many primes of the form 4x-1" is not Euclid's).
	not []string
	re  *lazyre.Regexp
	// fn, when set, must also hold of the lowercased prose and the
	// compact form: for shapes a single pattern cannot say (two
	// inclusions in opposite directions).
	fn func(prose, compact string) bool
	// family groups entries one theorem often states together (the sum,
	// product and quotient rules of one "rules of differentiation"
	// theorem); when two or more of a family match, each claims less
	// than the statement says, so the family's collective name is
	// offered instead, or nothing when it has none.
	family string
}

// families are the collective names of the families of knownResults; a
// family absent here offers nothing when two of its members match.
var families = map[string]string{
	"limit": "limit laws",
}

// bar matches an absolute value or norm bar as ReadableMath writes them.
const bar = `[|‖∣]{1,2}`

var knownResults = []known{
	{name: "triangle inequality", re: lazyre.New(bar + `([a-z])\+([a-z])` + bar + `≤` + bar + `([a-z])` + bar + `\+` + bar + `([a-z])` + bar)},
	{name: "triangle inequality", re: lazyre.New(`d\(([a-z]),([a-z])\)≤d\(([a-z]),([a-z])\)\+d\(([a-z]),([a-z])\)`)},
	{name: "Cauchy–Schwarz inequality", re: lazyre.New(bar + `⟨([a-z]),([a-z])⟩` + bar + `≤` + bar + `([a-z])` + bar + bar + `?([a-z])` + bar)},
	{name: "Cauchy–Schwarz inequality", words: []string{"inner product", "≤"}, re: lazyre.New(`⟨[a-z],[a-z]⟩`)},
	{name: "Fermat's little theorem", re: lazyre.New(`\^\(?p-1\)?≡1\(?modp`)},
	{name: "Fermat's little theorem", re: lazyre.New(`([a-z])\^p≡([a-z])\(?modp`)},
	{name: "Euler's theorem", re: lazyre.New(`\^\(?[φϕ]\(n\)\)?≡1\(?modn`)},
	{name: "Wilson's theorem", re: lazyre.New(`\(p-1\)!≡-1`)},
	{name: "Euler's criterion", words: []string{"("}, re: lazyre.New(`\^\(\(p-1\)/2\)≡`)},
	{name: "Chinese remainder theorem", re: lazyre.New(`x≡[a-z]\(?mod[a-z]\)?(and|,)x≡[a-z]\(?mod[a-z]`)},
	{name: "Chinese remainder theorem", words: []string{"≅"}, re: lazyre.New(`z/(mn|m₁⋯m|m1⋯m)z.*≅.*z/mz×z/nz`)},
	{name: "division algorithm", words: []string{"unique"}, re: lazyre.New(`0≤r<.*=(bq|qb|nq|qn|dq|qd)\+r`)},
	{name: "Bézout's identity", re: lazyre.New(`([a-z])x\+([a-z])y=(gcd\(([a-z]),([a-z])\)|1)`)},
	{name: "Euclid's lemma", words: []string{"prime"}, re: lazyre.New(`p[|∣]ab.*p[|∣]a.*p[|∣]b`)},
	{name: "Euclid's lemma", words: []string{"prime", "divides"}, re: lazyre.New(`pdividesab.*(pdividesa|dividesa)`)},
	{name: "fundamental theorem of arithmetic", words: []string{"product of primes", "unique"}},
	{name: "infinitude of primes", words: []string{"infinitely many primes"}, not: []string{"of the form", "such that", "with", "congruent"}},
	{name: "Lagrange's theorem", words: []string{"order", "subgroup", "divides"}},
	{name: "Lagrange's theorem", words: []string{"subgroup"}, re: lazyre.New(`[|∣]h[|∣]divides[|∣]g[|∣]|[|∣]h[|∣][|∣][|∣]g[|∣]|[|∣]g[|∣]=[|∣]g:h[|∣][|∣]h[|∣]|\[g:h\]`)},
	{name: "quadratic reciprocity", re: lazyre.New(`\(-1\)\^\(\(p-1\)/2·?\(q-1\)/2\)|\(-1\)\^\(\(p-1\)\(q-1\)/4\)`)},
	{name: "Dirichlet's approximation theorem", re: lazyre.New(`[|∣]x-[a-z]/([a-z])[|∣](≤|<)1/\(?\(?([a-z])[\^(]`)},
	{name: "Dirichlet's approximation theorem", re: lazyre.New(`[|∣][a-zα]-[a-z]/([a-z])[|∣](≤|<)1/([a-z])\(`)},
	{name: "pigeonhole principle", words: []string{"pigeon"}},
	{name: "pigeonhole principle", words: []string{"boxes", "more than"}},
	{name: "De Morgan's laws", words: []string{"complement", "union", "intersection"}},
	{name: "binomial theorem", re: lazyre.New(`\(([a-z])\+([a-z])\)\^n=∑`)},
	{name: "inclusion–exclusion principle", re: lazyre.New(`[|∣]([a-z])∪([a-z])[|∣]=[|∣]([a-z])[|∣]\+[|∣]([a-z])[|∣]-[|∣]([a-z])∩([a-z])[|∣]`)},
	{name: "rank–nullity theorem", words: []string{"rank", "nullity"}},
	{name: "rank–nullity theorem", re: lazyre.New(`dim\(?ker.*\+dim\(?(im|range)|dim\(?(im|range).*\+dim\(?ker`)},
	{name: "Cayley–Hamilton theorem", words: []string{"characteristic polynomial"}, re: lazyre.New(`[a-z]\(a\)=0|satisfies its`)},
	{name: "mean value theorem", words: []string{"differentiable"}, re: lazyre.New(`f'\(c\)=\(?f\(b\)-f\(a\)\)?/\(?b-a`)},
	{name: "Rolle's theorem", words: []string{"differentiable"}, re: lazyre.New(`f\(a\)=f\(b\).*f'\(c\)=0`)},
	{name: "intermediate value theorem", words: []string{"continuous", "between"}, re: lazyre.New(`f\(c\)=`)},
	{name: "intermediate value theorem", words: []string{"continuous"}, re: lazyre.New(`f\(a\)<0.*f\(b\)>0.*f\(c\)=0|f\(a\)>0.*f\(b\)<0.*f\(c\)=0`)},
	{name: "absolute convergence implies convergence", words: []string{"absolutely"}, not: []string{"rearrange"}, re: lazyre.New(`^.{0,80}(convergesabsolutely|absolutelyconvergent),?then(it|the(series)?)?(converges|isconvergent)\.?$`)},
	{name: "terms of a convergent series tend to zero", words: []string{"convergent series"}, re: lazyre.New(`lim[^=]*[a-z]ₙ=0\.?$`)},
	{name: "extreme value theorem", words: []string{"continuous", "attains", "maximum"}},
	{name: "Bolzano–Weierstrass theorem", words: []string{"bounded sequence", "convergent subsequence"}},
	{name: "Heine–Borel theorem", words: []string{"compact", "closed and bounded"}},
	{name: "fundamental theorem of calculus", re: lazyre.New(`∫ₐ\^?b?f'\(x\)dx=f\(b\)-f\(a\)|∫ₐ\^bf\(x\)dx=f\(b\)-f\(a\)`)},
	{name: "Liouville's theorem", words: []string{"bounded", "entire", "constant"}},
	{name: "Cauchy–Riemann equations", re: lazyre.New(`∂u/∂x=∂v/∂y|uₓ=v_?y`)},
	{name: "maximum modulus principle", words: []string{"holomorphic", "maximum", "constant"}},
	{name: "maximum principle", words: []string{"harmonic", "maximum"}},
	{name: "Schwarz lemma", words: []string{"disc"}, re: lazyre.New(`f\(0\)=0.*[|∣]f\(z\)[|∣]≤[|∣]z[|∣]`)},
	{name: "Schwarz lemma", words: []string{"disk"}, re: lazyre.New(`f\(0\)=0.*[|∣]f\(z\)[|∣]≤[|∣]z[|∣]`)},
	{name: "Cauchy integral formula", words: []string{"holomorphic"}, re: lazyre.New(`1/\(?2πi\)?∫|1/2πi∫`)},
	{name: "identity theorem", words: []string{"holomorphic", "identically"}, re: lazyre.New(`connected`)},
	{name: "open mapping theorem", words: []string{"holomorphic", "open"}, re: lazyre.New(`openmap|f\(u\)isopen`)},
	{name: "Yoneda lemma", words: []string{"fully faithful", "functor"}, re: lazyre.New(`[x-z]↦h_?[x-z]|h_x|mor\(-,x\)|mor_c\(-,x\)`)},
	{name: "left adjoints preserve colimits", words: []string{"left adjoint", "colim"}},
	{name: "right adjoints preserve limits", words: []string{"right adjoint", "lim"}, re: lazyre.New(`rightadjoint.*(commuteswithlimits|preserveslimits|lim)`)},
	{name: "König's lemma", words: []string{"finite", "nonempty", "lim"}, re: lazyre.New(`(cofiltered|directedinverse|inversesystem).*nonempty.*lim.*nonempty|lim.*isnonempty`)},
	{name: "Nakayama's lemma", words: []string{"finite", "module"}, re: lazyre.New(`im=m|i·m=m|mi=m|\(i\)m=m`)},
	{name: "Hensel's lemma", words: []string{"f'("}, re: lazyre.New(`f\([a-z]\)≡0\(?modp.*f'\([a-z]\)≢0|f'\([a-z]\)≢0.*f\([a-z]\)≡0`)},
	{name: "Markov's inequality", re: lazyre.New(`p\(x≥[a-zε]\)≤e\[?\(?x\]?\)?/[a-zε]`)},
	{name: "Chebyshev's inequality", re: lazyre.New(`p\([|∣]x-[μe].*[|∣]≥[a-zεkσ]+\)≤`)},
	{name: "Bayes' theorem", re: lazyre.New(`p\(([a-z])[|∣]([a-z])\)=p\(([a-z])[|∣]([a-z])\)p\(([a-z])\)/p\(([a-z])\)`)},
	{name: "handshake lemma", words: []string{"sum of the degrees", "edges"}},
	{name: "Euler's formula for planar graphs", re: lazyre.New(`v-e\+f=2`)},
	{name: "Tychonoff's theorem", words: []string{"product of compact", "compact"}},
	{name: "Urysohn's lemma", words: []string{"normal", "disjoint closed", "continuous function"}},
	{name: "Baire category theorem", words: []string{"complete metric space", "dense"}, re: lazyre.New(`countable|intersection`)},
	{name: "Banach fixed-point theorem", words: []string{"contraction", "unique fixed point"}},
	{name: "Cayley's theorem", words: []string{"isomorphic to a subgroup", "symmetric group"}},
	{name: "first isomorphism theorem", re: lazyre.New(`/ker\(?[a-zφψ]\)?≅(im|[a-zφψ]\()`)},
	{name: "Cauchy's theorem for groups", words: []string{"divides", "element of order"}, re: lazyre.New(`order(p|ofp)`)},
	{name: "Cantor's theorem", re: lazyre.New(`[|∣]([a-z])[|∣]<[|∣](p|pp|𝒫|℘|2\^)\(?([a-z])\)?[|∣]`)},
	{name: "Eisenstein's criterion", words: []string{"irreducible"}, re: lazyre.New(`p\^?2(doesnotdivide|∤)`)},
	{name: "Gauss's lemma", words: []string{"primitive polynomials", "primitive"}, re: lazyre.New(`productofprimitive|primitivepolynomialsisprimitive`)},
	{name: "well-ordering principle", words: []string{"nonempty", "least element"}, re: lazyre.New(`(natural|positiveinteger|nonnegativeinteger|integers)`)},
	{name: "squeeze theorem", re: lazyre.New(`([a-z])ₙ≤([a-z])ₙ≤([a-z])ₙ`)},
	{name: "Fermat's theorem on sums of two squares", words: []string{"sum of two squares"}, re: lazyre.New(`p≡1\(?mod4`)},
	{name: "prime number theorem", re: lazyre.New(`π\(x\)[∼~]x/(log|ln)`)},
	{name: "Möbius inversion", re: lazyre.New(`μ\(d\)`)},
	{name: "Rouché's theorem", words: []string{"zeros"}, re: lazyre.New(`[|∣]f\(z\)-g\(z\)[|∣]<[|∣]f\(z\)[|∣]|[|∣]g\(z\)[|∣]<[|∣]f\(z\)[|∣]`)},
	{name: "Cauchy's theorem", words: []string{"holomorphic"}, re: lazyre.New(`∮[^=]*=0|∫_?γf\(z\)dz=0|∫_?∂[a-z]f\(z\)dz=0`)},
	{name: "Taylor's theorem", words: []string{"remainder"}, re: lazyre.New(`f\^?\(n\+1\)\(`)},
	// Undergraduate analysis and calculus, by the shape of what they state.
	{name: "Bolzano–Weierstrass theorem", words: []string{"bounded", "sequence", "subsequence"}, not: []string{"monotone subsequence"}, re: lazyre.New(`convergentsubsequence|subsequence(that|which)?converges|subsequencethatisconvergent`)},
	{name: "monotone convergence theorem", words: []string{"sequence", "bounded"}, not: []string{"subsequence", "integral", "measur", "series"}, fn: monotoneConvergence},
	{name: "squeeze theorem", words: []string{"lim"}, re: lazyre.New(`([a-z])\(x\)≤([a-z])\(x\)≤([a-z])\(x\)`)},
	{name: "Archimedean property", fn: archimedean},
	{name: "Cauchy criterion", words: []string{"cauchy", "converge"}, not: []string{"schwarz", "integral formula", "riemann", "cauchy's"}, re: lazyre.New(`ifandonlyif|iff|⟺|⇔`)},
	{name: "ratio test", words: []string{"converge"}, re: lazyre.New(`[a-z]ₙ₊₁/[a-z]ₙ|[a-z]_\(n\+1\)/[a-z]ₙ`)},
	{name: "root test", words: []string{"converge"}, re: lazyre.New(`√\[n\][|∣]?[a-z]ₙ|[|∣][a-z]ₙ[|∣]\^?\(?1/n|[|∣][a-z]ₙ[|∣]¹/ⁿ`)},
	{name: "limit comparison test", words: []string{"converge"}, re: lazyre.New(`lim[^=]*[a-z]ₙ/[a-z]ₙ=`)},
	{name: "comparison test", words: []string{"converge"}, not: []string{"lim"}, re: lazyre.New(`0≤[a-z]ₙ≤[a-z]ₙ|[a-z]ₙ≤[a-z]ₙ.*∑`)},
	{name: "integral test", words: []string{"converge"}, re: lazyre.New(`∫₁\^?∞.*∑|∑.*∫₁\^?∞|∫_?1\^∞.*∑|∑.*∫_?1\^∞`)},
	{name: "alternating series test", words: []string{"converge"}, re: lazyre.New(`\(-1\)(ⁿ|\^\(?n|ⁿ⁺¹|\^\(n\+1\)|\^\(n-1\)|ⁿ⁻¹)`), fn: func(p, _ string) bool {
		return strings.Contains(p, "decreas") || strings.Contains(p, "nonincreas")
	}},
	{name: "divergence test", words: []string{"diverge"}, re: lazyre.New(`lim[^=]*[a-z]ₙ≠0|lim[^=]*[a-z]ₙ(doesnotequal|isnot)0`)},
	{name: "p-series test", words: []string{"converge"}, re: lazyre.New(`1/nᵖ|1/n\^p`), fn: func(_, c string) bool { return strings.Contains(c, "p>1") }},
	{name: "geometric series", words: []string{"converge"}, re: lazyre.New(`[|∣]r[|∣]<1|-1<r<1`), fn: func(_, c string) bool {
		return strings.Contains(c, "rⁿ") || strings.Contains(c, "r^n") || strings.Contains(c, "r^(n") || strings.Contains(c, "rᵏ") || strings.Contains(c, "r^k") || strings.Contains(c, "1/(1-r)") || strings.Contains(c, "/(1-r)")
	}},
	{name: "fundamental theorem of calculus", re: lazyre.New(`d/dx\(?∫ₐ\^?x|∫ₐ\^?b[a-z](\([a-z]\)d[a-z])?=[a-z]\(b\)-[a-z]\(a\)|[a-z]\(x\)(:=|≔)∫ₐ\^?x.*'\(([a-z])\)=[a-z]\(([a-z])\)`)},
	{name: "Fermat's theorem on stationary points", not: []string{"f(a)=f(b)", "f(a) = f(b)", "second derivative", "f''"}, re: lazyre.New(`(relative|local)(minimum|maximum|extremum)|(relative|local)(minimumor(a)?(relative|local)?maximum)`), fn: func(_, c string) bool {
		return strings.HasSuffix(strings.TrimSuffix(c, "."), "f'(c)=0")
	}},
	{name: "functions with zero derivative are constant", re: lazyre.New(`f'\(x\)=0forall.*(then)?fisconstant`)},
	{name: "second derivative test", re: lazyre.New(`f''\(c\)(>|<)0.*(relative|local)(minimum|maximum)`)},
	{name: "first derivative test", words: []string{"changes", "sign"}, re: lazyre.New(`f'.*(relative|local)(minimum|maximum|extrem)`)},
	{name: "test for concavity", re: lazyre.New(`f''\(x\)(>|<)0.*concave(up|down)`)},
	{name: "L'Hôpital's rule", re: lazyre.New(`lim[^=]*[a-z]\(x\)/[a-z]\(x\)=lim[^=]*[a-z]'\(x\)/[a-z]'\(x\)`)},
	{name: "intermediate value theorem", words: []string{"continuous"}, re: lazyre.New(`f\(a\)<0.*f\(b\)>0.*f\(c\)=0|f\(a\)>0.*f\(b\)<0.*f\(c\)=0`)},
	{name: "absolute convergence implies convergence", words: []string{"absolutely"}, not: []string{"rearrange"}, re: lazyre.New(`^.{0,80}(convergesabsolutely|absolutelyconvergent),?then(it|the(series)?)?(converges|isconvergent)\.?$`)},
	{name: "terms of a convergent series tend to zero", words: []string{"convergent series"}, re: lazyre.New(`lim[^=]*[a-z]ₙ=0\.?$`)},
	{name: "extreme value theorem", words: []string{"continuous", "maximum", "minimum"}, not: []string{"differentiable", "derivative"}, fn: func(p, c string) bool {
		return strings.Contains(p, "closed") || strings.Contains(c, "[a,b]")
	}},
	{name: "product rule", family: "derivative", re: lazyre.New(`d/dx\(f\(x\)·?g\(x\)\)=|\(f·?g\)'(\(x\))?=|d/dx\[f\(x\)·?g\(x\)\]=`)},
	{name: "quotient rule", family: "derivative", re: lazyre.New(`d/dx\(f\(x\)/g\(x\)\)=|\(f/g\)'(\(x\))?=|d/dx\[f\(x\)/g\(x\)\]=`)},
	{name: "chain rule", family: "derivative", re: lazyre.New(`d/dx\(?\[?f\(g\(x\)\)\)?\]?=|\(f∘g\)'(\(x\))?=`)},
	{name: "power rule", family: "derivative", re: lazyre.New(`d/dx\(?xⁿ\)?=nxⁿ⁻¹|d/dx\(?x\^n\)?=nx\^\(n-1\)`)},
	{name: "limit of a sum", family: "limit", re: lazyre.New(`lim[^=]*\(f\(x\)\+g\(x\)\)=`)},
	{name: "limit of a product", family: "limit", re: lazyre.New(`lim[^=]*\(f\(x\)·?g\(x\)\)=`)},
	{name: "limit of a quotient", family: "limit", not: []string{"f'"}, re: lazyre.New(`lim[^=]*\(?f\(x\)/g\(x\)\)?=`)},
	// Linear algebra.
	{name: "invertible matrix theorem", words: []string{"equivalent", "matrix"}, fn: invertibleMatrix},
	{name: "spectral theorem", fn: spectral},
	{name: "Gram–Schmidt process", words: []string{"span"}, fn: func(p, _ string) bool {
		return (strings.Contains(p, "orthonormal") || strings.Contains(p, "orthogonal")) && strings.Contains(p, "linearly independent") &&
			(strings.Contains(p, "procedure") || strings.Contains(p, "process") || strings.Contains(p, "proj"))
	}},
	{name: "Cauchy–Schwarz inequality", re: lazyre.New(bar + `([a-z])·([a-z])` + bar + `≤` + bar + `([a-z])` + bar + bar + `?([a-z])` + bar)},
	{name: "determinant of a product", re: lazyre.New(`det\(ab\)=det\(a\)·?det\(b\)|[|∣]ab[|∣]=[|∣]a[|∣]·?[|∣]b[|∣]`)},
	{name: "determinant of the transpose", re: lazyre.New(`det\(a(ᵗ|ᵀ|\^t|\^⊤|\^\(t\))\)=det\(a\)`)},
	{name: "inverse of an inverse", re: lazyre.New(`\(a⁻¹\)⁻¹=a(\.|$|,)`)},
	{name: "transpose of a transpose", re: lazyre.New(`\(a(ᵗ|ᵀ|\^t)\)(ᵗ|ᵀ|\^t)=a(\.|$|,)`)},
	{name: "eigenvectors for distinct eigenvalues are linearly independent", words: []string{"distinct eigenvalues", "linearly independent", "eigenvectors"}},
	{name: "determinant of a triangular matrix", words: []string{"triangular", "diagonal"}, re: lazyre.New(`det|determinant`), fn: func(p, _ string) bool { return strings.Contains(p, "product") }},
	{name: "Pythagorean theorem", words: []string{"orthogonal"}, re: lazyre.New(`‖([a-z])\+([a-z])‖²=‖([a-z])‖²\+‖([a-z])‖²|‖([a-z])\+([a-z])‖\^2=‖([a-z])‖\^2\+‖([a-z])‖\^2`)},
	{name: "inverse of a product", re: lazyre.New(`\(ab\)⁻¹=b⁻¹a⁻¹`)},
	{name: "transpose of a product", re: lazyre.New(`\(ab\)(ᵗ|ᵀ|\^t|\^⊤)=b(ᵗ|ᵀ|\^t|\^⊤)a(ᵗ|ᵀ|\^t|\^⊤)`)},
	// Proofs and discrete mathematics.
	{name: "strong induction", family: "induction", re: lazyre.New(`p\(1\)(,|and)?(p\(2\))?,?(…|\.\.\.|⋯|…,)+,?p\(k\)`), fn: func(_, c string) bool { return strings.Contains(c, "p(k+1)") }},
	{name: "principle of mathematical induction", family: "induction", re: lazyre.New(`p\(k\)(⇒|→|implies)p\(k\+1\)|p\(n\)(⇒|→|implies)p\(n\+1\)`)},
	{name: "double inclusion", fn: doubleInclusion},
	{name: "binomial theorem", re: lazyre.New(`\(([a-z])\+([a-z])\)ⁿ=∑`)},
	{name: "handshake lemma", re: lazyre.New(`∑[^=]*(deg|d)\(([a-z])\)=2[|∣]?(e|m|q)`)},
	{name: "Euler's formula for planar graphs", fn: func(p, _ string) bool { return eulerRe.MatchString(p) }},
	{name: "Brooks' theorem", fn: func(p, c string) bool {
		return strings.Contains(c, "χ(g)≤δ(g)") && !strings.Contains(c, "χ(g)≤δ(g)+1") && (strings.Contains(p, "odd cycle") || strings.Contains(p, "complete"))
	}},
	{name: "Vizing's theorem", re: lazyre.New(`χ'\(g\)≤δ\(g\)\+1|χ'\(g\)(=|∈\{)δ\(g\)(or|,)δ\(g\)\+1`)},
	{name: "Kőnig's line colouring theorem", words: []string{"bipartite"}, re: lazyre.New(`χ'\(g\)=δ\(g\)`)},
	{name: "five colour theorem", words: []string{"planar"}, re: lazyre.New(`χ\(g\)≤5|5-colo(u)?rable|fivecolo(u)?rs`)},
	{name: "four colour theorem", words: []string{"planar"}, re: lazyre.New(`χ\(g\)≤4|4-colo(u)?rable|fourcolo(u)?rs`)},
	{name: "Kuratowski's theorem", words: []string{"planar"}, not: []string{"minor"}, re: lazyre.New(`k(₅|_5|5).*k(₃,₃|_\(3,3\)|3,3)|k(₃,₃|_\(3,3\)|3,3).*k(₅|_5|5)`)},
	{name: "Wagner's theorem", words: []string{"planar", "minor"}, re: lazyre.New(`k(₅|_5|5).*k(₃,₃|_\(3,3\)|3,3)|k(₃,₃|_\(3,3\)|3,3).*k(₅|_5|5)`)},
	{name: "deletion–contraction", re: lazyre.New(`\(g,?[a-z]?\)=[a-z]+_?\(?g-e.*-[a-z]+_?\(?g/e|\(g,?[a-z]?\)=[a-z]+_?\(?g\\e.*-[a-z]+_?\(?g/e`)},
	{name: "Grötzsch's theorem", words: []string{"triangle-free", "planar"}, re: lazyre.New(`3-colo(u)?rable|χ\(g\)≤3|threecolo(u)?rs`)},
	{name: "Nordhaus–Gaddum inequalities", re: lazyre.New(`χ\(g\)\+χ\((ḡ|g̅|\\overlineg|g\^c|gᶜ|overlineg|barg)\)≤n\+1`)},
	{name: "chromatic polynomial of a tree", words: []string{"tree"}, re: lazyre.New(`[a-z]\(([a-z])-1\)(ⁿ⁻¹|\^\(n-1\))`)},
	{name: "chromatic polynomial of a cycle", words: []string{"cycle"}, re: lazyre.New(`\(([a-z])-1\)(ⁿ|\^n)\+\(-1\)(ⁿ|\^n)\(([a-z])-1\)`)},
	{name: "Hall's marriage theorem", words: []string{"matching"}, re: lazyre.New(`[|∣]n\(([a-z])\)[|∣]≥[|∣]([a-z])[|∣]`)},
	{name: "soundness theorem", re: lazyre.New(`γ⊢[a-z](,?then|⇒|implies|→)γ⊨[a-z]`)},
	{name: "completeness theorem", re: lazyre.New(`γ⊨[a-z](,?then|⇒|implies|→)γ⊢[a-z]`)},
}

// knownMatches are the names of the classical results whose pattern the
// statement matches, in table order, each once. Two or more matches of one
// family give the family's collective name, or none.
func knownMatches(st string) []string {
	if st == "" {
		return nil
	}
	prose := strings.ToLower(text.CollapseSpace(text.ReadableMath(looseMacros(text.Truncate(st, 2000)))))
	compact := strings.Join(strings.Fields(prose), "")
	var out []string
	fam := map[string]int{}
	for _, k := range knownResults {
		if !k.matches(prose, compact) {
			continue
		}
		if k.family != "" {
			fam[k.family]++
		}
		out = appendTerm(out, k.name)
	}
	for f, n := range fam {
		if n < 2 {
			continue
		}
		kept := out[:0:0]
		for _, name := range out {
			if familyOf(name) != f {
				kept = append(kept, name)
			}
		}
		out = kept
		if c := families[f]; c != "" {
			out = appendTerm(out, c)
		}
	}
	return out
}

func (k known) matches(prose, compact string) bool {
	for _, w := range k.words {
		if !strings.Contains(prose, w) {
			return false
		}
	}
	for _, w := range k.not {
		if strings.Contains(prose, w) {
			return false
		}
	}
	if k.re != nil && !k.re.MatchString(compact) {
		return false
	}
	return k.fn == nil || k.fn(prose, compact)
}

// familyOf is the family of the table entry called name ("" for none).
func familyOf(name string) string {
	for _, k := range knownResults {
		if k.name == name && k.family != "" {
			return k.family
		}
	}
	return ""
}

// looseMacros rewrites the one-argument macros books define for
// notation every reader knows (\abs{x}, \norm{v}, \vec{u}, \set{…}) as
// what they print, so the table reads a book's statements without its
// preamble. Other macros are left to ReadableMath, which drops them.
func looseMacros(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	s = absMacro.ReplaceAllString(s, "|$1|")
	s = normMacro.ReplaceAllString(s, "‖$1‖")
	s = boldMacro.ReplaceAllString(s, "$2")
	s = innerMacro.ReplaceAllString(s, `\langle $1,$2\rangle`)
	return macroWords.Replace(s)
}

var (
	absMacro   = lazyre.New(`\\[a-zA-Z]?(?:abs|absval|Abs|lvert)\s*\{([^{}]*)\}`)
	normMacro  = lazyre.New(`\\[a-zA-Z]?(?:norm|Norm|nrm)\s*\{([^{}]*)\}`)
	boldMacro  = lazyre.New(`\\(vec|vect|vb|bm|mathbf|boldsymbol|bvec|bv|uvec)\s*\{([^{}]*)\}`)
	innerMacro = lazyre.New(`\\(?:ip|inner|innerproduct|inprod|ipr)\s*\{([^{}]*)\}\s*\{([^{}]*)\}`)
	macroWords = strings.NewReplacer(`\dd`, "d", `\deriv`, "d/dx", `\tr`, "tr", `\Span`, "span", `\spn`, "span",
		`\rank`, "rank", `\nullity`, "nullity", `\transpose`, "^t", `\inverse`, "^{-1}")
)

// monotoneConvergence: a bounded monotone sequence converges.
func monotoneConvergence(p, _ string) bool {
	mono := strings.Contains(p, "monoton") || strings.Contains(p, "increasing") || strings.Contains(p, "decreasing")
	return mono && strings.Contains(p, "converg")
}

// archimedean: for every real x there is a natural number n > x (or nx > y,
// or 1/n < ε).
func archimedean(p, c string) bool {
	if !strings.Contains(p, "exist") || len(c) > 300 {
		return false
	}
	nat := strings.Contains(c, "n∈ℕ") || strings.Contains(p, "natural number") || strings.Contains(p, "positive integer")
	return nat && archRe.MatchString(p)
}

// archRe and eulerRe read the spaced prose: in the compact form a
// variable n runs into the word before it ("thenn>x").
var (
	archRe  = lazyre.New(`(^|[^a-z(])(n\s*>\s*[a-zε]|n\s*[a-z]\s*>\s*[a-z]|n\s*·\s*[a-z]\s*>\s*[a-z]|1\s*/\s*n\s*<\s*[a-zε])`)
	eulerRe = lazyre.New(`(^|[^a-z])(n|v|[|∣]v[|∣]|v\(g\))\s*-\s*(m|e|[|∣]e[|∣]|e\(g\))\s*\+\s*(f|r|[|∣]f[|∣]|f\(g\))\s*=\s*2`)
)

// invertibleMatrix: "the following are equivalent" for a square matrix
// being invertible (nonsingular), with at least two of the usual
// conditions.
func invertibleMatrix(p, _ string) bool {
	if !strings.Contains(p, "invertible") && !strings.Contains(p, "nonsingular") {
		return false
	}
	n := 0
	for _, c := range []string{"null space", "determinant", "rank", "row-reduc", "reduced row", "linearly independent", "column", "eigenvalue", "span", "unique solution", "trivial solution", "kernel"} {
		if strings.Contains(p, c) {
			n++
		}
	}
	return n >= 2
}

// spectral: a symmetric (Hermitian, normal, self-adjoint) matrix or
// operator has an orthonormal basis of eigenvectors.
func spectral(p, _ string) bool {
	sym := strings.Contains(p, "symmetric") || strings.Contains(p, "hermitian") || strings.Contains(p, "self-adjoint") || strings.Contains(p, "normal matri") || strings.Contains(p, "normal operator")
	diag := strings.Contains(p, "orthonormal basis") || strings.Contains(p, "orthogonally diagonaliz") || strings.Contains(p, "unitarily diagonaliz")
	return sym && diag && (strings.Contains(p, "eigenvector") || strings.Contains(p, "diagonaliz"))
}

// doubleInclusion: "A ⊆ B and B ⊆ A" (in either order) give "A = B".
func doubleInclusion(_, c string) bool {
	for _, m := range inclRe.FindAllStringSubmatch(c, 4) {
		x, y := m[1], m[2]
		if strings.Contains(c, y+"⊆"+x) && strings.Contains(c, x+"="+y) || strings.Contains(c, y+"⊆"+x) && strings.Contains(c, y+"="+x) {
			return x != y
		}
	}
	return false
}

var inclRe = lazyre.New(`([a-z])⊆([a-z])`)
