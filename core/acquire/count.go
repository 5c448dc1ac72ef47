package acquire

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// FolderCount is what a learn of a folder would read, counted without
// reading it (FolderFiles).
type FolderCount struct {
	// Files are the files the folder's walk takes; Selected those of them
	// the scope selects (all of them with no scope).
	Files, Selected int
	// More: the count stopped at its limit, and the folder holds more.
	More bool
}

// FolderFiles counts the files Local would read of folder dir with scope:
// its regular files, hidden files and folders and node_modules left out as
// the walk leaves them. It stops at limit files (More set), so that a
// count asked for as a path is typed (the home folder, /) stays short.
func FolderFiles(ctx context.Context, dir string, scope []string, limit int) (FolderCount, error) {
	var c FolderCount
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if err != nil {
			// Unreadable: the learn reports it, and reads the rest.
			if d != nil && d.IsDir() && path != dir {
				return fs.SkipDir
			}
			return nil //nolint:nilerr // counted as the walk goes on
		}
		if d.IsDir() {
			if path != dir && skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") || !d.Type().IsRegular() {
			return nil
		}
		if c.Files == limit {
			c.More = true
			return fs.SkipAll
		}
		c.Files++
		rel, _ := filepath.Rel(dir, path)
		if InScope(filepath.ToSlash(rel), scope) {
			c.Selected++
		}
		return nil
	})
	return c, err
}

// Kinds of source, as Source reads them (SourceKind).
const (
	KindFolder     = "folder"
	KindRepository = "repository"
	KindWeb        = "web address"
	KindArchive    = "archive"
	KindFile       = "file"
)

// SourceKind says how Source reads source, looking at the disk as it
// does: as a folder (a git working tree included, uncommitted files and
// all), a repository (its committed files within the scope), a web
// address, an archive or a file; "" when source names nothing lore reads
// (not there, a scheme lore does not read). Only a folder and a
// repository take a scope.
func SourceKind(source string) string {
	switch {
	case isWorkingTree(source):
		return KindFolder
	case IsRepo(source):
		return KindRepository
	case IsURL(source):
		return KindWeb
	case schemeProblem(source) != nil:
		return ""
	}
	fi, err := os.Stat(source)
	switch {
	case err != nil:
		return ""
	case fi.IsDir():
		return KindFolder
	case archiveKindOf(source) != notArchive:
		return KindArchive
	}
	return KindFile
}
