// Package e2e holds end-to-end tests of learning and unlearning against
// the real store and the documents of the shared corpus.
package e2e
