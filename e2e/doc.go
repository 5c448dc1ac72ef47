// Package e2e holds end-to-end tests of learning and unlearning against
// the real store and the documents of the shared corpus, and checks that
// the README, its screen captures and the release configuration serve a
// fresh clone.
package e2e
