// Package engine orchestrates the pipeline stages. It is the only package
// under core that imports the stage packages (acquire, sanitize, gate,
// analyze, extract, wire, dedup, merge, generate, report): a stage imports
// core, the shared libraries (text, redact, graph) and its own
// sub-packages, never another stage, so each stage can be read and tested
// alone (TestStagesDoNotImportEachOther keeps it so). The one reuse across
// that line is outside the learning pipeline: the skill library's bundle
// import (core/skills/bundle) reads archives with acquire and scans them
// with sanitize, so an imported skill meets the same safety rules as a
// learned source.
package engine
