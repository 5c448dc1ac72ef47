// Package wire connects extracted candidate primitives into a dependency DAG:
// edges, prerequisites, the enables reverse index and composition rules.
//
// Wire runs the seed's passes in an order that lets them be both correct and
// linear in the size of the input:
//
//  1. Name cross-references. Every candidate name is indexed once as its
//     normalized token sequence (stemmed, stopwords dropped) in a trie, and
//     every formal statement is scanned once, matching the longest name at
//     each position. Relationship keywords only count when they stand near
//     the name (same sentence, a few words away), compared as whole words.
//  2. Type inference. Algorithms and techniques get an applies edge to the
//     definitions and theorems their statements name, reusing the matches of
//     pass 1 rather than scanning again.
//  3. Document order. A motivates edge to the previous primitive of the same
//     document, added after the cross-references so that an earlier
//     primitive may name a later one: the ordering edge is the one dropped
//     when both cannot hold, because an explicit reference is stronger
//     evidence than adjacency.
//  4. Enables, rebuilt as the exact reverse of the dependency edges.
//  5. Composition rules for algorithms and techniques that apply two or more
//     definitions or theorems, which is what lets team generation fire.
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
