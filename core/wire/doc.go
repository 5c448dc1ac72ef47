// Package wire connects extracted candidate primitives into a dependency DAG:
// edges, prerequisites, the enables reverse index and composition rules.
//
// Wire runs its passes in an order that lets them be both correct and
// linear in the size of the input, strongest evidence first:
//
//  1. References. The edges candidates come with are the source's own
//     explicit references between results ("by Theorem 2.3", \cref,
//     xref), set by extraction. They enter the graph first, strongest
//     first and backward before forward, so nothing inferred can displace
//     them; one is dropped only when the references themselves form a
//     cycle.
//  2. Name cross-references. Every name that is a term the source defines
//     (a definition's term, a theorem's or an algorithm's title; never a
//     verb, a discourse word or a requirement's wording; see Linkable) is
//     indexed once as its normalized token sequence (stemmed, stopwords
//     dropped) in a trie, and every formal statement is scanned once,
//     matching the longest name at each position. Relationship keywords
//     only count when they stand near the name (same sentence, a few words
//     away), compared as whole words.
//  3. Type inference. Algorithms and techniques get an applies edge to the
//     definitions and theorems their statements name, reusing the matches of
//     pass 2 rather than scanning again.
//  4. Enables, rebuilt as the exact reverse of the dependency edges.
//  5. Composition rules for algorithms and techniques that apply two or more
//     definitions or theorems, which is what lets team generation fire.
//
// Document order alone is no evidence: one result following another says
// nothing about whether it depends on it, so Wire adds no edge for it (it
// used to chain every primitive to the previous one with a motivates edge,
// which made every ranking a ranking by position).
//
// Wiring across sessions follows the same policy: LinkStored links new
// primitives to the defined terms learned earlier, and BreakCycles, when
// merging makes a cycle, drops its weakest edge.
//
// Every edge goes through one gate that refuses self-edges, duplicate
// (target, type) pairs and cycles. Cycles are detected with an incremental
// topological order (after Pearce–Kelly) seeded with document order, so the
// common edge — a later primitive depending on an earlier one — is accepted
// in O(1) and only forward references pay for a local search, which is
// capped so that no input can make wiring quadratic (see graph.go).
//
// Candidates that share an id share one node of that graph: edges name
// their targets by id, so the graph a consumer rebuilds from them is the
// one kept acyclic.
package wire
