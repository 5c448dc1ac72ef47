package skillspec

import (
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// CatResources groups the problems of a skill's files as a whole: a link
// to a file the skill does not hold, a bundled file nothing mentions.
const CatResources Category = "resources"

// Resource is one file a skill folder holds besides its SKILL.md: its path
// relative to the folder, with '/' separators, and its content (read for
// links and mentions when it is text).
type Resource struct {
	Path    string
	Content []byte
}

// CheckResources looks at a skill as a whole — its SKILL.md (skillMD,
// frontmatter included) and the files bundled with it — and warns twice
// over, because an agent following the skill meets both as a dead end: a
// Markdown link or image (in SKILL.md or a bundled Markdown file) to a
// relative path the skill does not hold, and a bundled file that neither
// SKILL.md nor any other bundled text file mentions by its path or file
// name, which no agent will ever open. Links to URLs, anchors and absolute
// paths are not judged. The problems are warnings in order (links first,
// then unmentioned files, each sorted by path).
func CheckResources(skillMD []byte, res []Resource) []Problem {
	held := make(map[string]bool, len(res))
	for _, r := range res {
		held[path.Clean(r.Path)] = true
	}
	var out []Problem
	dead := map[string]bool{}
	report := func(from, target string) {
		key := from + "\x00" + target
		if dead[key] {
			return
		}
		dead[key] = true
		out = append(out, Problem{Category: CatResources, Warning: true,
			Message: fmt.Sprintf("%s links to %s, which the skill does not hold", from, target)})
	}
	_, body, _, err := SplitFrontmatter(skillMD)
	if err != nil {
		body = string(skillMD)
	}
	for _, t := range links([]byte(body)) {
		if p, ok := localTarget(".", t); ok && !held[p] && p != "SKILL.md" {
			report("SKILL.md", t)
		}
	}
	for _, r := range res {
		if !isMarkdown(r.Path) {
			continue
		}
		for _, t := range links(r.Content) {
			p, ok := localTarget(path.Dir(r.Path), t)
			if ok && !held[p] && p != "SKILL.md" {
				report(r.Path, t)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Message < out[j].Message })

	var unmentioned []string
	for _, r := range res {
		if !mentioned(r.Path, skillMD, res) {
			unmentioned = append(unmentioned, r.Path)
		}
	}
	sort.Strings(unmentioned)
	for _, p := range unmentioned {
		out = append(out, Problem{Category: CatResources, Warning: true,
			Message: fmt.Sprintf("%s is bundled with the skill but nothing in the skill mentions it", p)})
	}
	return out
}

// isMarkdown reports whether a bundled file is read as Markdown.
func isMarkdown(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// links are the destinations of the Markdown links and images of src,
// reference-style ones resolved; code spans and blocks hold none.
func links(src []byte) []string {
	doc := goldmark.DefaultParser().Parse(gmtext.NewReader(src))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			out = append(out, string(l.Destination))
		case *ast.Image:
			out = append(out, string(l.Destination))
		}
		return ast.WalkContinue, nil
	})
	return out
}

// localTarget resolves a link destination written in the folder dir
// (relative to the skill's root) to a path relative to the root; ok is
// false for what is not a file of the skill: URLs (any scheme), anchors,
// absolute paths, and paths that leave the skill's folder.
func localTarget(dir, dest string) (string, bool) {
	dest = strings.TrimSpace(dest)
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "//") {
		return "", false
	}
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "" {
		return "", false
	}
	p := path.Clean(path.Join(dir, u.Path))
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// mentioned reports whether the bundled file rel is named — by its path
// from the skill's root or by its file name — in SKILL.md or in another
// bundled text file.
func mentioned(rel string, skillMD []byte, res []Resource) bool {
	names := []string{rel, path.Base(rel)}
	has := func(b []byte) bool {
		s := string(b)
		for _, n := range names {
			if strings.Contains(s, n) {
				return true
			}
		}
		return false
	}
	if has(skillMD) {
		return true
	}
	for _, r := range res {
		if r.Path != rel && isText(r.Content) && has(r.Content) {
			return true
		}
	}
	return false
}

// isText reports whether content looks like text: no NUL in its first
// kilobytes. A binary file cannot mention another one.
func isText(b []byte) bool {
	if len(b) > 8192 {
		b = b[:8192]
	}
	return !strings.ContainsRune(string(b), 0)
}
