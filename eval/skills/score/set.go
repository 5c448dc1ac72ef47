package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// skillRow is one row of public.tsv or originals.tsv: a skill folder at a
// commit of a repository, and the sha256 of its SKILL.md.
type skillRow struct {
	Name    string // originals.tsv only
	Repo    string
	Commit  string
	Path    string
	Licence string
	SHA256  string
	Topic   string // originals.tsv only
}

// injection is one entry of injections.json: text written into an
// original skill.
type injection struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Style     string `json:"style"`     // obvious or contextual
	Placement string `json:"placement"` // prose, fence, script or reference
	Original  string `json:"original"`  // a name in originals.tsv
	// After is the SKILL.md heading whose section the text ends (prose,
	// fence); empty means the end of SKILL.md.
	After string `json:"after,omitempty"`
	// File is the skill-relative file a script or reference placement
	// writes: created, or appended to when the original has it.
	File string `json:"file,omitempty"`
	Text string `json:"text"`
}

// codeLabel is one row of malicious/labels.tsv.
type codeLabel struct {
	File, Language, Expected, Keywords, Kind, Purpose string
}

var validSHA = regexp.MustCompile(`^[0-9a-f]{64}$`)

// readTSV reads a tab-separated file whose first line is the header want;
// blank lines and lines starting with '#' are skipped. Errors name the line.
func readTSV(file string, want []string) ([][]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var rows [][]string
	header := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if !header {
			if strings.Join(cols, "\t") != strings.Join(want, "\t") {
				return nil, fmt.Errorf("%s:%d: header must be %q", file, n, strings.Join(want, " "))
			}
			header = true
			continue
		}
		if len(cols) != len(want) {
			return nil, fmt.Errorf("%s:%d: %d columns, want %d", file, n, len(cols), len(want))
		}
		rows = append(rows, cols)
	}
	return rows, sc.Err()
}

func readPublic(file string) ([]skillRow, error) {
	rows, err := readTSV(file, []string{"repository", "commit", "path", "licence", "sha256"})
	if err != nil {
		return nil, err
	}
	out := make([]skillRow, 0, len(rows))
	for _, c := range rows {
		r := skillRow{Repo: c[0], Commit: c[1], Path: c[2], Licence: c[3], SHA256: c[4]}
		if !validSHA.MatchString(r.SHA256) {
			return nil, fmt.Errorf("%s: %s %s: sha256 %q is not 64 lowercase hex digits", file, r.Repo, r.Path, r.SHA256)
		}
		out = append(out, r)
	}
	return out, nil
}

func readOriginals(file string) ([]skillRow, error) {
	rows, err := readTSV(file, []string{"name", "repository", "commit", "path", "licence", "sha256", "topic"})
	if err != nil {
		return nil, err
	}
	out := make([]skillRow, 0, len(rows))
	seen := map[string]bool{}
	for _, c := range rows {
		r := skillRow{Name: c[0], Repo: c[1], Commit: c[2], Path: c[3], Licence: c[4], SHA256: c[5], Topic: c[6]}
		if seen[r.Name] {
			return nil, fmt.Errorf("%s: name %q twice", file, r.Name)
		}
		seen[r.Name] = true
		if !validSHA.MatchString(r.SHA256) {
			return nil, fmt.Errorf("%s: %s: sha256 %q is not 64 lowercase hex digits", file, r.Name, r.SHA256)
		}
		out = append(out, r)
	}
	return out, nil
}

var (
	styles     = []string{"obvious", "contextual"}
	placements = []string{"prose", "fence", "script", "reference"}
)

func readInjections(file string, originals map[string]bool) ([]injection, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out []injection
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	seen := map[string]bool{}
	for _, in := range out {
		switch {
		case in.ID == "" || seen[in.ID]:
			return nil, fmt.Errorf("%s: id %q empty or used twice", file, in.ID)
		case !originals[in.Original]:
			return nil, fmt.Errorf("%s: %s: no original %q in originals.tsv", file, in.ID, in.Original)
		case !slices.Contains(styles, in.Style):
			return nil, fmt.Errorf("%s: %s: style %q is not one of %v", file, in.ID, in.Style, styles)
		case !slices.Contains(placements, in.Placement):
			return nil, fmt.Errorf("%s: %s: placement %q is not one of %v", file, in.ID, in.Placement, placements)
		case (in.Placement == "script" || in.Placement == "reference") && in.File == "":
			return nil, fmt.Errorf("%s: %s: a %s placement needs a file", file, in.ID, in.Placement)
		case strings.TrimSpace(in.Text) == "":
			return nil, fmt.Errorf("%s: %s: no text", file, in.ID)
		}
		seen[in.ID] = true
	}
	return out, nil
}

func readLabels(file string) ([]codeLabel, error) {
	rows, err := readTSV(file, []string{"file", "language", "expected", "keywords", "kind", "purpose"})
	if err != nil {
		return nil, err
	}
	out := make([]codeLabel, 0, len(rows))
	for _, c := range rows {
		out = append(out, codeLabel{File: c[0], Language: c[1], Expected: c[2], Keywords: c[3], Kind: c[4], Purpose: c[5]})
	}
	return out, nil
}

// heldOut says which half an injection is in: the first byte of the
// sha256 of its id, odd for held-out. The split depends on the id alone,
// so adding an injection never moves another.
func heldOut(id string) bool {
	s := sha256.Sum256([]byte(id))
	return s[0]&1 == 1
}

// gitDir finds a repository's bare git directory under mirror, in the
// layouts eval/extract-files.sh accepts.
func gitDir(mirror, repo string) (string, error) {
	flat := strings.ReplaceAll(repo, "/", "+")
	for _, d := range []string{filepath.Join(mirror, flat, "repo"), filepath.Join(mirror, flat), filepath.Join(mirror, repo+".git"), filepath.Join(mirror, repo)} {
		if fi, err := os.Stat(filepath.Join(d, "HEAD")); err == nil && !fi.IsDir() {
			return d, nil
		}
	}
	return "", fmt.Errorf("no snapshot of %s under %s", repo, mirror)
}

// file is one file of a skill folder.
type file struct {
	data []byte
	mode os.FileMode
}

// folder is a skill folder's files by slash path relative to it.
type folder map[string]file

// extract reads the skill folder of r out of its snapshot (git archive)
// and checks its SKILL.md against the manifest's sha256.
func extract(mirror string, r skillRow) (folder, error) {
	fo, err := archiveTree(mirror, r.Repo, r.Commit, r.Path)
	if err != nil {
		return nil, err
	}
	md, ok := fo["SKILL.md"]
	if !ok {
		return nil, fmt.Errorf("%s %s:%s: no SKILL.md", r.Repo, r.Commit, r.Path)
	}
	if got := sha256.Sum256(md.data); hex.EncodeToString(got[:]) != r.SHA256 {
		return nil, fmt.Errorf("%s %s:%s: SKILL.md sha256 %x, manifest %s", r.Repo, r.Commit, r.Path, got, r.SHA256)
	}
	return fo, nil
}

// archiveTree reads the files under dir of a repository's snapshot at a
// commit (git archive), by slash path relative to dir.
func archiveTree(mirror, repo, commit, dir string) (folder, error) {
	g, err := gitDir(mirror, repo)
	if err != nil {
		return nil, err
	}
	r := skillRow{Repo: repo, Commit: commit, Path: dir}
	cmd := exec.Command("git", "--git-dir="+g, "archive", "--format=tar", r.Commit, "--", r.Path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s:%s: git archive: %w %s", r.Repo, r.Commit, r.Path, err, strings.TrimSpace(stderr.String()))
	}
	fo := folder{}
	tr := tar.NewReader(bytes.NewReader(out))
	prefix := strings.TrimSuffix(r.Path, "/") + "/"
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s:%s: reading archive: %w", r.Repo, r.Commit, r.Path, err)
		}
		if h.Typeflag != tar.TypeReg || !strings.HasPrefix(h.Name, prefix) {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("%s %s:%s: reading %s: %w", r.Repo, r.Commit, r.Path, h.Name, err)
		}
		fo[strings.TrimPrefix(h.Name, prefix)] = file{data: b, mode: os.FileMode(h.Mode).Perm()}
	}
	return fo, nil
}

// write puts the folder under dir/name and returns that path.
func (fo folder) write(dir, name string) (string, error) {
	root := filepath.Join(dir, name)
	for rel, f := range fo {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		mode := f.mode
		if mode == 0 {
			mode = 0o644
		}
		if err := os.WriteFile(p, f.data, mode); err != nil {
			return "", err
		}
	}
	return root, nil
}

// region is what an injection added: lines First..Last (1-based) of File,
// or the whole file when First is 0.
type region struct {
	File        string
	First, Last int
}

func (r region) holds(rel string, line int) bool {
	return rel == r.File && (r.First == 0 || line >= r.First && line <= r.Last)
}

// inject returns a copy of fo with in's text inserted, and where it went.
func inject(fo folder, in injection) (folder, region, error) {
	out := make(folder, len(fo)+1)
	for k, v := range fo {
		out[k] = v
	}
	text := strings.TrimRight(in.Text, "\n") + "\n"
	switch in.Placement {
	case "prose", "fence":
		md := string(fo["SKILL.md"].data)
		s, first, last, err := insertMarkdown(md, in.After, text)
		if err != nil {
			return nil, region{}, fmt.Errorf("%s: %w", in.ID, err)
		}
		out["SKILL.md"] = file{data: []byte(s), mode: fo["SKILL.md"].mode}
		return out, region{File: "SKILL.md", First: first, Last: last}, nil
	default:
		rel := path.Clean(in.File)
		old, ok := fo[rel]
		if !ok {
			mode := os.FileMode(0o644)
			if strings.HasPrefix(text, "#!") {
				mode = 0o755
			}
			out[rel] = file{data: []byte(text), mode: mode}
			return out, region{File: rel}, nil
		}
		s := string(old.data)
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		first := strings.Count(s, "\n") + 1
		s += text
		out[rel] = file{data: []byte(s), mode: old.mode}
		return out, region{File: rel, First: first, Last: first + strings.Count(text, "\n") - 1}, nil
	}
}

var headingRe = regexp.MustCompile(`^(#{1,6})\s+\S`)

// insertMarkdown inserts text, a paragraph or block ending in a newline,
// at the end of the section that heading after opens (before the next
// heading of the same or a higher level, outside fenced blocks), or at the
// end of md when after is empty. It returns the new text and the first
// and last line (1-based) of the inserted text.
func insertMarkdown(md, after, text string) (string, int, int, error) {
	lines := strings.SplitAfter(md, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	at := len(lines)
	if after != "" {
		level, start := 0, -1
		fence := ""
		for i, l := range lines {
			t := strings.TrimSpace(l)
			if f := fenceMark(t); f != "" {
				switch {
				case fence == "":
					fence = f
				case strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "":
					fence = ""
				}
				continue
			}
			if fence != "" {
				continue
			}
			m := headingRe.FindStringSubmatch(t)
			if m == nil {
				continue
			}
			if start < 0 {
				if t == after {
					level, start = len(m[1]), i
				}
				continue
			}
			if len(m[1]) <= level {
				at = i
				break
			}
		}
		if start < 0 {
			return "", 0, 0, fmt.Errorf("no heading %q outside code blocks", after)
		}
	}
	head := strings.Join(lines[:at], "")
	if head != "" && !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	if head != "" && !strings.HasSuffix(head, "\n\n") {
		head += "\n"
	}
	first := strings.Count(head, "\n") + 1
	last := first + strings.Count(text, "\n") - 1
	tail := strings.Join(lines[at:], "")
	if tail != "" {
		text += "\n"
	}
	return head + text + tail, first, last, nil
}

// fenceMark returns the fence a trimmed line opens or closes (``` or ~~~,
// three or more), or "".
func fenceMark(t string) string {
	for _, c := range []string{"`", "~"} {
		n := len(t) - len(strings.TrimLeft(t, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}
