package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// corpusRepo in a manifest row's repository column marks a document of the
// project's shared corpus, read from the corpus folder by its path rather
// than from the documents folder.
const corpusRepo = "corpus"

// entry is one row of MANIFEST.tsv.
type entry struct {
	Name    string   `json:"name"`
	Repo    string   `json:"repository"`
	Commit  string   `json:"commit"`
	Path    string   `json:"path"`
	Licence string   `json:"licence"`
	SHA256  string   `json:"sha256"`
	Pages   int      `json:"pages"`
	Kinds   []string `json:"kinds"`
	Note    string   `json:"note"`
}

// manifestColumns is the header every manifest starts with.
var manifestColumns = []string{"name", "repository", "commit", "path", "licence", "sha256", "pages", "kinds", "note"}

var (
	validName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	validSHA  = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// readManifest parses a manifest: a header line naming manifestColumns,
// then one tab-separated row per document; blank lines and lines starting
// with '#' are skipped. Errors name the line.
func readManifest(r io.Reader) ([]entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var out []entry
	seen := map[string]int{}
	header := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if !header {
			if strings.Join(cols, "\t") != strings.Join(manifestColumns, "\t") {
				return nil, fmt.Errorf("line %d: header must be %q", n, strings.Join(manifestColumns, " "))
			}
			header = true
			continue
		}
		if len(cols) != len(manifestColumns) {
			return nil, fmt.Errorf("line %d: %d columns, want %d", n, len(cols), len(manifestColumns))
		}
		e := entry{Name: cols[0], Repo: cols[1], Commit: cols[2], Path: cols[3], Licence: cols[4], SHA256: cols[5], Note: cols[8]}
		if !validName.MatchString(e.Name) {
			return nil, fmt.Errorf("line %d: name %q is not lowercase letters, digits, '.', '_' and '-'", n, e.Name)
		}
		if prev, dup := seen[e.Name]; dup {
			return nil, fmt.Errorf("line %d: name %q already used on line %d", n, e.Name, prev)
		}
		seen[e.Name] = n
		if !validSHA.MatchString(e.SHA256) {
			return nil, fmt.Errorf("line %d (%s): sha256 %q is not 64 lowercase hex digits", n, e.Name, e.SHA256)
		}
		p, err := strconv.Atoi(cols[6])
		if err != nil || p <= 0 {
			return nil, fmt.Errorf("line %d (%s): pages %q is not a positive number", n, e.Name, cols[6])
		}
		e.Pages = p
		if cols[7] != "" {
			e.Kinds = strings.Split(cols[7], ",")
		}
		if e.Repo == "" || e.Path == "" {
			return nil, fmt.Errorf("line %d (%s): repository and path are required", n, e.Name)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !header {
		return nil, fmt.Errorf("no header line")
	}
	return out, nil
}

// file is where the entry's document is read from: the corpus folder for
// corpus rows, else NAME.pdf in the documents folder (where extract.sh
// puts it).
func (e entry) file(docs, corpus string) string {
	if e.Repo == corpusRepo {
		return filepath.Join(corpus, filepath.FromSlash(e.Path))
	}
	return filepath.Join(docs, e.Name+".pdf")
}

// loadManifest reads the manifest at path.
func loadManifest(path string) ([]entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	defer f.Close()
	es, err := readManifest(f)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	return es, nil
}
