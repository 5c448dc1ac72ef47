package main

import (
	"os"
	"path/filepath"
	"strings"
)

// homeShort writes a path inside the user's home folder as ~/…, as shells
// do: the status bar stays short, and a screenshot of it names nobody's
// home folder. Other paths are returned as they are.
func homeShort(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(home, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return "~" + string(filepath.Separator) + rel
}
