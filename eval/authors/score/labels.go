package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// A labels file (eval/authors/labels/WORK.tsv) says how one work's source
// marks its blocks, as read by hand from its preamble and macro files.
// Lines are tab-separated; '#' starts a comment line.
//
//	main	FILE                    a main file (relative to the work's folder)
//	include	FILE                    a file the main files really bring in
//	from	WORK                    the source is DEST/WORK (a PDF of that
//	                                work): its files, and its labels when
//	                                this file names no main of its own
//	KIND	env	NAME[,NAME…]	[title=opt|arg1|none] [steps=lines|re:REGEX]
//	KIND	cmd	NAME	NARGS	[label=I] [title=I] [body=I]
//	KIND	xml	NAME[,NAME…]            PreTeXt elements (title from <title>)
//	KIND	lines	FROM-TO	TITLE	[steps=…]  lines of the (only) main file
//	fig	art	diagrams                RFC box diagrams (+-+-+ borders)
//
// KIND is def, thm, alg or proof (fig for diagrams). Blocks are counted in
// the main files and the included files only.
type labels struct {
	mains, includes []string
	from            string
	markers         []marker
}

type marker struct {
	kind, how string
	names     []string
	// cmd: argument count and which argument (1-based) is the label,
	// title and body; 0 when none.
	nargs, label, title, body int
	// env: where the title is: the optional argument (opt, the default;
	// a "title=" key inside it counts), the first mandatory one (arg1) or
	// nowhere (none).
	titleFrom string
	// steps: how an algorithm's steps are cut: every line (lines) or at
	// each match of a regular expression; nil for the default of the
	// marker (numbered items for lines, none otherwise).
	stepLines bool
	steps     *regexp.Regexp
	// lines: the range (1-based, inclusive) and its title.
	from, to   int
	rangeTitle string
}

var kinds = map[string]bool{"def": true, "thm": true, "alg": true, "proof": true, "fig": true}

func readLabels(path string) (labels, error) {
	f, err := os.Open(path) //nolint:gosec // the set's own labels
	if err != nil {
		return labels{}, err
	}
	defer func() { _ = f.Close() }()
	var lb labels
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		bad := func(why string) error { return fmt.Errorf("%s:%d: %s", path, n, why) }
		switch fs[0] {
		case "main", "include", "from":
			if len(fs) < 2 || fs[1] == "" {
				return lb, bad(fs[0] + " needs a value")
			}
			switch fs[0] {
			case "main":
				lb.mains = append(lb.mains, fs[1])
			case "include":
				lb.includes = append(lb.includes, fs[1])
			default:
				lb.from = fs[1]
			}
			continue
		}
		if !kinds[fs[0]] || len(fs) < 3 {
			return lb, bad("want KIND HOW WHAT, KIND one of def thm alg proof fig")
		}
		m := marker{kind: fs[0], how: fs[1], titleFrom: "opt"}
		opts := fs[3:]
		switch m.how {
		case "env", "xml":
			m.names = strings.Split(fs[2], ",")
		case "cmd":
			m.names = []string{fs[2]}
			if len(fs) < 4 {
				return lb, bad("cmd needs NARGS")
			}
			if m.nargs, err = strconv.Atoi(fs[3]); err != nil || m.nargs < 1 {
				return lb, bad("bad NARGS")
			}
			opts = fs[4:]
			m.body = m.nargs
		case "lines":
			a, b, ok := strings.Cut(fs[2], "-")
			var e1, e2 error
			m.from, e1 = strconv.Atoi(a)
			m.to, e2 = strconv.Atoi(b)
			if !ok || e1 != nil || e2 != nil || m.from < 1 || m.to < m.from {
				return lb, bad("bad line range")
			}
			if len(fs) > 3 {
				m.rangeTitle = fs[3]
				opts = fs[4:]
			}
		case "art":
		default:
			return lb, bad("unknown marker " + m.how)
		}
		for _, o := range opts {
			k, v, _ := strings.Cut(o, "=")
			switch k {
			case "":
			case "title":
				if m.how == "cmd" {
					m.title, err = strconv.Atoi(v)
				} else {
					m.titleFrom = v
				}
			case "label":
				m.label, err = strconv.Atoi(v)
			case "body":
				m.body, err = strconv.Atoi(v)
			case "steps":
				if v == "lines" {
					m.stepLines = true
				} else if r, ok := strings.CutPrefix(v, "re:"); ok {
					m.steps, err = regexp.Compile(r)
				} else {
					return lb, bad("steps is lines or re:REGEX")
				}
			default:
				return lb, bad("unknown option " + k)
			}
			if err != nil {
				return lb, bad(err.Error())
			}
		}
		lb.markers = append(lb.markers, m)
	}
	return lb, sc.Err()
}
