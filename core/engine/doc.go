// Package engine orchestrates the pipeline stages. It is the only package
// under core that imports the stage packages; stages never import each other.
package engine
