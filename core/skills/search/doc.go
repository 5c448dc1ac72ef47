// Package search ranks a skill library against a query and renders the
// ranked skills as the Agent Skills `<available_skills>` prompt block.
//
// It is pure logic: no I/O, no store, no clock. Callers load [Skill] views
// from wherever they keep skills, pass the current time explicitly, and print
// the results themselves.
//
// # Ranking
//
// A skill's score is
//
//	score = relevance × decay × feedback
//
// Relevance is BM25F over three fields of the skill, each tokenized with
// lore's shared word handling (text.Normalize: lowercased, stopwords removed,
// Snowball-stemmed) so that "tables" in a query meets "table" in a skill
// exactly as it would anywhere else in lore. Field weights are name 3, description 2, body 1: the
// name and description are what an author writes to say when a skill
// applies, while the body is long and mentions many things in passing. The
// weighted term frequency and weighted length feed one BM25 saturation with
// k1 = 1.2 and b = 0.75 (the usual defaults, which suit short documents), and
// IDF is the always-positive form ln(1 + (N − n + 0.5)/(n + 0.5)), because
// in a small library a term found in most skills would otherwise get a
// negative weight and push matching skills below non-matching ones.
//
// The direction is the point: a higher BM25 means a better match and ranks
// first. Penguiflow clamps SQLite's negative bm25() to zero, so every hit
// ties and the order degrades to name length; a regression test guards
// against that here.
//
// Decay is 2^(−days/halfLife) with half-lives by task type (browser 7, api
// 90, code 180, domain 365, unknown 30 days), days counted since the skill
// was last used or, if never used, since it was created. Feedback is
// 0.5 + (helpful+1)/(helpful+harmful+2): a Laplace-smoothed helpful rate
// shifted so that a skill with no votes scores exactly 1, bounded to the
// open interval (0.5, 1.5) so that votes move a score by less than a factor
// of three: they reorder close matches without replacing relevance. Usage
// and success counts only break ties, since recency of use already reaches
// the score through decay.
//
// # Prompt
//
// [Prompt] prints the block byte for byte as the reference validator's
// to-prompt does; see its documentation for the escaping, the negative-skill
// label and the token budget.
package search
