// Package dedup finds the existing primitives a candidate may duplicate and
// classifies the candidate against each of them.
//
// It runs in two tiers, as the reference does. The prefilter (Prefilter)
// keeps only primitives that are close on the plane and share keywords, or
// whose statement is identical (same content hash); the semantic comparator
// (Compare) then puts each surviving pair into one of five classes, which the
// merge engine turns into an action. A Registry answers the prefilter's
// neighbourhood question from indexes so a candidate never costs a scan of
// the whole registry; Index is the in-memory Registry used in tests and,
// bounded (NewRunIndex), for the candidates of one run, so that a run of
// tens of thousands of candidates costs the same per candidate as a short
// one; Deduper combines the store's registry with the run's Index so
// duplicates inside one run are caught too.
package dedup
