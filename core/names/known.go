package names

import (
	"regexp"
	"strings"

	"github.com/lore-kb/lore/core/text"
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
	re  *regexp.Regexp
}

// bar matches an absolute value or norm bar as ReadableMath writes them.
const bar = `[|‖∣]{1,2}`

var knownResults = []known{
	{name: "triangle inequality", re: regexp.MustCompile(bar + `([a-z])\+([a-z])` + bar + `≤` + bar + `([a-z])` + bar + `\+` + bar + `([a-z])` + bar)},
	{name: "triangle inequality", re: regexp.MustCompile(`d\(([a-z]),([a-z])\)≤d\(([a-z]),([a-z])\)\+d\(([a-z]),([a-z])\)`)},
	{name: "Cauchy–Schwarz inequality", re: regexp.MustCompile(bar + `⟨([a-z]),([a-z])⟩` + bar + `≤` + bar + `([a-z])` + bar + bar + `?([a-z])` + bar)},
	{name: "Cauchy–Schwarz inequality", words: []string{"inner product", "≤"}, re: regexp.MustCompile(`⟨[a-z],[a-z]⟩`)},
	{name: "Fermat's little theorem", re: regexp.MustCompile(`\^\(?p-1\)?≡1\(?modp`)},
	{name: "Fermat's little theorem", re: regexp.MustCompile(`([a-z])\^p≡([a-z])\(?modp`)},
	{name: "Euler's theorem", re: regexp.MustCompile(`\^\(?[φϕ]\(n\)\)?≡1\(?modn`)},
	{name: "Wilson's theorem", re: regexp.MustCompile(`\(p-1\)!≡-1`)},
	{name: "Euler's criterion", words: []string{"("}, re: regexp.MustCompile(`\^\(\(p-1\)/2\)≡`)},
	{name: "Chinese remainder theorem", re: regexp.MustCompile(`x≡[a-z]\(?mod[a-z]\)?(and|,)x≡[a-z]\(?mod[a-z]`)},
	{name: "Chinese remainder theorem", words: []string{"≅"}, re: regexp.MustCompile(`z/(mn|m₁⋯m|m1⋯m)z.*≅.*z/mz×z/nz`)},
	{name: "division algorithm", words: []string{"unique"}, re: regexp.MustCompile(`0≤r<.*=(bq|qb|nq|qn|dq|qd)\+r`)},
	{name: "Bézout's identity", re: regexp.MustCompile(`([a-z])x\+([a-z])y=(gcd\(([a-z]),([a-z])\)|1)`)},
	{name: "Euclid's lemma", words: []string{"prime"}, re: regexp.MustCompile(`p[|∣]ab.*p[|∣]a.*p[|∣]b`)},
	{name: "Euclid's lemma", words: []string{"prime", "divides"}, re: regexp.MustCompile(`pdividesab.*(pdividesa|dividesa)`)},
	{name: "fundamental theorem of arithmetic", words: []string{"product of primes", "unique"}},
	{name: "infinitude of primes", words: []string{"infinitely many primes"}, not: []string{"of the form", "such that", "with", "congruent"}},
	{name: "Lagrange's theorem", words: []string{"order", "subgroup", "divides"}},
	{name: "Lagrange's theorem", words: []string{"subgroup"}, re: regexp.MustCompile(`[|∣]h[|∣]divides[|∣]g[|∣]|[|∣]h[|∣][|∣][|∣]g[|∣]|[|∣]g[|∣]=[|∣]g:h[|∣][|∣]h[|∣]|\[g:h\]`)},
	{name: "quadratic reciprocity", re: regexp.MustCompile(`\(-1\)\^\(\(p-1\)/2·?\(q-1\)/2\)|\(-1\)\^\(\(p-1\)\(q-1\)/4\)`)},
	{name: "Dirichlet's approximation theorem", re: regexp.MustCompile(`[|∣]x-[a-z]/([a-z])[|∣](≤|<)1/\(?\(?([a-z])[\^(]`)},
	{name: "Dirichlet's approximation theorem", re: regexp.MustCompile(`[|∣][a-zα]-[a-z]/([a-z])[|∣](≤|<)1/([a-z])\(`)},
	{name: "pigeonhole principle", words: []string{"pigeon"}},
	{name: "pigeonhole principle", words: []string{"boxes", "more than"}},
	{name: "De Morgan's laws", words: []string{"complement", "union", "intersection"}},
	{name: "binomial theorem", re: regexp.MustCompile(`\(([a-z])\+([a-z])\)\^n=∑`)},
	{name: "inclusion–exclusion principle", re: regexp.MustCompile(`[|∣]([a-z])∪([a-z])[|∣]=[|∣]([a-z])[|∣]\+[|∣]([a-z])[|∣]-[|∣]([a-z])∩([a-z])[|∣]`)},
	{name: "rank–nullity theorem", words: []string{"rank", "nullity"}},
	{name: "rank–nullity theorem", re: regexp.MustCompile(`dim\(?ker.*\+dim\(?(im|range)|dim\(?(im|range).*\+dim\(?ker`)},
	{name: "Cayley–Hamilton theorem", words: []string{"characteristic polynomial"}, re: regexp.MustCompile(`[a-z]\(a\)=0|satisfies its`)},
	{name: "mean value theorem", words: []string{"differentiable"}, re: regexp.MustCompile(`f'\(c\)=\(?f\(b\)-f\(a\)\)?/\(?b-a`)},
	{name: "Rolle's theorem", words: []string{"differentiable"}, re: regexp.MustCompile(`f\(a\)=f\(b\).*f'\(c\)=0`)},
	{name: "intermediate value theorem", words: []string{"continuous", "between"}, re: regexp.MustCompile(`f\(c\)=`)},
	{name: "extreme value theorem", words: []string{"continuous", "attains", "maximum"}},
	{name: "Bolzano–Weierstrass theorem", words: []string{"bounded sequence", "convergent subsequence"}},
	{name: "Heine–Borel theorem", words: []string{"compact", "closed and bounded"}},
	{name: "fundamental theorem of calculus", re: regexp.MustCompile(`∫ₐ\^?b?f'\(x\)dx=f\(b\)-f\(a\)|∫ₐ\^bf\(x\)dx=f\(b\)-f\(a\)`)},
	{name: "Liouville's theorem", words: []string{"bounded", "entire", "constant"}},
	{name: "Cauchy–Riemann equations", re: regexp.MustCompile(`∂u/∂x=∂v/∂y|uₓ=v_?y`)},
	{name: "maximum modulus principle", words: []string{"holomorphic", "maximum", "constant"}},
	{name: "maximum principle", words: []string{"harmonic", "maximum"}},
	{name: "Schwarz lemma", words: []string{"disc"}, re: regexp.MustCompile(`f\(0\)=0.*[|∣]f\(z\)[|∣]≤[|∣]z[|∣]`)},
	{name: "Schwarz lemma", words: []string{"disk"}, re: regexp.MustCompile(`f\(0\)=0.*[|∣]f\(z\)[|∣]≤[|∣]z[|∣]`)},
	{name: "Cauchy integral formula", words: []string{"holomorphic"}, re: regexp.MustCompile(`1/\(?2πi\)?∫|1/2πi∫`)},
	{name: "identity theorem", words: []string{"holomorphic", "identically"}, re: regexp.MustCompile(`connected`)},
	{name: "open mapping theorem", words: []string{"holomorphic", "open"}, re: regexp.MustCompile(`openmap|f\(u\)isopen`)},
	{name: "Yoneda lemma", words: []string{"fully faithful", "functor"}, re: regexp.MustCompile(`[x-z]↦h_?[x-z]|h_x|mor\(-,x\)|mor_c\(-,x\)`)},
	{name: "left adjoints preserve colimits", words: []string{"left adjoint", "colim"}},
	{name: "right adjoints preserve limits", words: []string{"right adjoint", "lim"}, re: regexp.MustCompile(`rightadjoint.*(commuteswithlimits|preserveslimits|lim)`)},
	{name: "König's lemma", words: []string{"finite", "nonempty", "lim"}, re: regexp.MustCompile(`(cofiltered|directedinverse|inversesystem).*nonempty.*lim.*nonempty|lim.*isnonempty`)},
	{name: "Nakayama's lemma", words: []string{"finite", "module"}, re: regexp.MustCompile(`im=m|i·m=m|mi=m|\(i\)m=m`)},
	{name: "Hensel's lemma", words: []string{"f'("}, re: regexp.MustCompile(`f\([a-z]\)≡0\(?modp.*f'\([a-z]\)≢0|f'\([a-z]\)≢0.*f\([a-z]\)≡0`)},
	{name: "Markov's inequality", re: regexp.MustCompile(`p\(x≥[a-zε]\)≤e\[?\(?x\]?\)?/[a-zε]`)},
	{name: "Chebyshev's inequality", re: regexp.MustCompile(`p\([|∣]x-[μe].*[|∣]≥[a-zεkσ]+\)≤`)},
	{name: "Bayes' theorem", re: regexp.MustCompile(`p\(([a-z])[|∣]([a-z])\)=p\(([a-z])[|∣]([a-z])\)p\(([a-z])\)/p\(([a-z])\)`)},
	{name: "handshake lemma", words: []string{"sum of the degrees", "edges"}},
	{name: "Euler's formula for planar graphs", re: regexp.MustCompile(`v-e\+f=2`)},
	{name: "Tychonoff's theorem", words: []string{"product of compact", "compact"}},
	{name: "Urysohn's lemma", words: []string{"normal", "disjoint closed", "continuous function"}},
	{name: "Baire category theorem", words: []string{"complete metric space", "dense"}, re: regexp.MustCompile(`countable|intersection`)},
	{name: "Banach fixed-point theorem", words: []string{"contraction", "unique fixed point"}},
	{name: "Cayley's theorem", words: []string{"isomorphic to a subgroup", "symmetric group"}},
	{name: "first isomorphism theorem", re: regexp.MustCompile(`/ker\(?[a-zφψ]\)?≅(im|[a-zφψ]\()`)},
	{name: "Cauchy's theorem for groups", words: []string{"divides", "element of order"}, re: regexp.MustCompile(`order(p|ofp)`)},
	{name: "Cantor's theorem", re: regexp.MustCompile(`[|∣]([a-z])[|∣]<[|∣](p|pp|𝒫|℘|2\^)\(?([a-z])\)?[|∣]`)},
	{name: "Eisenstein's criterion", words: []string{"irreducible"}, re: regexp.MustCompile(`p\^?2(doesnotdivide|∤)`)},
	{name: "Gauss's lemma", words: []string{"primitive polynomials", "primitive"}, re: regexp.MustCompile(`productofprimitive|primitivepolynomialsisprimitive`)},
	{name: "well-ordering principle", words: []string{"nonempty", "least element"}, re: regexp.MustCompile(`(natural|positiveinteger|nonnegativeinteger|integers)`)},
	{name: "squeeze theorem", re: regexp.MustCompile(`([a-z])ₙ≤([a-z])ₙ≤([a-z])ₙ`)},
	{name: "Fermat's theorem on sums of two squares", words: []string{"sum of two squares"}, re: regexp.MustCompile(`p≡1\(?mod4`)},
	{name: "prime number theorem", re: regexp.MustCompile(`π\(x\)[∼~]x/(log|ln)`)},
	{name: "Möbius inversion", re: regexp.MustCompile(`μ\(d\)`)},
	{name: "Rouché's theorem", words: []string{"zeros"}, re: regexp.MustCompile(`[|∣]f\(z\)-g\(z\)[|∣]<[|∣]f\(z\)[|∣]|[|∣]g\(z\)[|∣]<[|∣]f\(z\)[|∣]`)},
	{name: "Cauchy's theorem", words: []string{"holomorphic"}, re: regexp.MustCompile(`∮[^=]*=0|∫_?γf\(z\)dz=0|∫_?∂[a-z]f\(z\)dz=0`)},
	{name: "Taylor's theorem", words: []string{"remainder"}, re: regexp.MustCompile(`f\^?\(n\+1\)\(`)},
}

// knownMatches are the names of the classical results whose pattern the
// statement matches, in table order, each once.
func knownMatches(st string) []string {
	if st == "" {
		return nil
	}
	prose := strings.ToLower(text.CollapseSpace(text.ReadableMath(text.Truncate(st, 2000))))
	compact := strings.Join(strings.Fields(prose), "")
	var out []string
	for _, k := range knownResults {
		ok := true
		for _, w := range k.words {
			if !strings.Contains(prose, w) {
				ok = false
				break
			}
		}
		for _, w := range k.not {
			if strings.Contains(prose, w) {
				ok = false
				break
			}
		}
		if !ok || (k.re != nil && !k.re.MatchString(compact)) {
			continue
		}
		out = appendTerm(out, k.name)
	}
	return out
}
