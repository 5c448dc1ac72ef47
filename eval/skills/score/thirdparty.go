package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

// The third-party sets (thirdparty.tsv) are injections and hostile
// skills written by others, for their own benchmarks: SKILL-INJECT's
// lines written into its host skills, BIPIA's attack instructions written
// into the clean originals, and whole skills (SkillFortifyBench, Progent,
// Cisco's scanner evaluations). Their halves were fixed in the manifest
// before any rule was written against them; -v lists the misses of the
// development half only, so that the held-out half stays unread.

// thirdUnit is one row of thirdparty.tsv.
type thirdUnit struct {
	Unit, Half, Repo, Commit, Path, Licence, SHA256, Note string
}

// thirdCase is one skill to scan: an injection placed into a host (host
// names the clean skill it is compared with) or a whole skill.
type thirdCase struct {
	unit, id, half string
	style          string   // obvious or contextual (SKILL-INJECT only)
	acts           []string // what the injection makes the agent do; nil when benign or none
	benign         bool
	host           string
	skill          folder
	text           string // what was placed into the host, for -v
}

// thirdResult is a case with its verdict.
type thirdResult struct {
	thirdCase
	added    []finding // serious findings the clean host lacks (or all, for a whole skill)
	noted    bool      // an info finding the clean host lacks
	critical bool
}

func (r thirdResult) detected() bool { return len(r.added) > 0 }

// Acts are the kinds of harm the scope of the scanner names.
var acts = []string{"exfil", "destroy", "weaken", "money", "track", "script", "flood", "content"}

func readThirdParty(file string) ([]thirdUnit, error) {
	rows, err := readTSV(file, []string{"unit", "half", "repository", "commit", "path", "licence", "sha256", "note"})
	if err != nil {
		return nil, err
	}
	var out []thirdUnit
	for _, r := range rows {
		u := thirdUnit{r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]}
		if u.Half != "dev" && u.Half != "held-out" && u.Half != "by-id" {
			return nil, fmt.Errorf("%s: unit %s: half %q (dev, held-out or by-id)", file, u.Unit, u.Half)
		}
		out = append(out, u)
	}
	return out, nil
}

// readActs reads thirdparty-acts.tsv: the acts of each item, by unit and
// id ("-" when none of them, "benign" for a benign whole skill).
func readActs(file string) (map[string]string, error) {
	rows, err := readTSV(file, []string{"unit", "id", "acts"})
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, r := range rows {
		for _, a := range strings.Split(r[2], ",") {
			if a != "-" && a != "benign" && !slices.Contains(acts, a) {
				return nil, fmt.Errorf("%s: %s %s: unknown act %q", file, r[0], r[1], a)
			}
		}
		out[r[0]+"\x00"+r[1]] = r[2]
	}
	return out, nil
}

// gitShow reads one file of a snapshot at a commit.
func gitShow(mirror, repo, commit, p string) ([]byte, error) {
	g, err := gitDir(mirror, repo)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("git", "--git-dir="+g, "show", commit+":"+p)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s:%s: %w %s", repo, commit, p, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// datasetMarks are the comments benchmark authors put in every file to
// say what it is ("SKILLFORTIFYBENCH:INERT …", "DATASET: Progent …"): no
// skill in the wild carries them, and a scanner must not lean on them.
var datasetMarks = regexp.MustCompile(`(?s)<!--[^>]*?(?:SKILLFORTIFYBENCH|DATASET: Progent).*?-->\n?|#[^\n]*SKILLFORTIFYBENCH[^\n]*\n?`)

func unmark(fo folder) folder {
	out := make(folder, len(fo))
	for k, f := range fo {
		f.data = datasetMarks.ReplaceAll(f.data, nil)
		out[k] = f
	}
	return out
}

// thirdCases builds every case of the units from the snapshots. hosts are
// the clean originals BIPIA's instructions go into, by name.
func thirdCases(mirror string, units []thirdUnit, actOf map[string]string, hosts []string, hostFiles map[string]folder) ([]thirdCase, map[string]folder, error) {
	var out []thirdCase
	clean := map[string]folder{} // host skills of SKILL-INJECT, by "si:NAME"
	for _, u := range units {
		data := []byte(nil)
		if strings.HasSuffix(u.Path, ".json") {
			b, err := gitShow(mirror, u.Repo, u.Commit, u.Path)
			if err != nil {
				return nil, nil, err
			}
			if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != u.SHA256 {
				return nil, nil, fmt.Errorf("%s: %s sha256 %x, manifest %s", u.Unit, u.Path, got, u.SHA256)
			}
			data = b
		}
		acts := func(id string) ([]string, bool, error) {
			a, ok := actOf[u.Unit+"\x00"+id]
			if !ok {
				return nil, false, fmt.Errorf("%s %s: no row in thirdparty-acts.tsv", u.Unit, id)
			}
			switch a {
			case "benign":
				return nil, true, nil
			case "-":
				return nil, false, nil
			}
			return strings.Split(a, ","), false, nil
		}
		half := func(id string) string {
			if u.Half != "by-id" {
				return u.Half
			}
			if heldOut(u.Unit + ":" + id) {
				return "held-out"
			}
			return "dev"
		}
		switch {
		case strings.HasPrefix(u.Unit, "si-"):
			cs, err := skillInjectCases(mirror, u, data, clean)
			if err != nil {
				return nil, nil, err
			}
			for _, c := range cs {
				rec := strings.SplitN(c.id, "@", 2)[0]
				a, _, err := acts(rec)
				if err != nil {
					return nil, nil, err
				}
				c.acts, c.half = a, half(rec)
				out = append(out, c)
			}
		case strings.HasPrefix(u.Unit, "bipia-"):
			var byCat map[string][]string
			if err := json.Unmarshal(data, &byCat); err != nil {
				return nil, nil, fmt.Errorf("%s: %w", u.Unit, err)
			}
			cats := make([]string, 0, len(byCat))
			for c := range byCat {
				cats = append(cats, c)
			}
			sort.Strings(cats)
			for _, cat := range cats {
				for i, t := range byCat[cat] {
					id := cat + ":" + strconv.Itoa(i)
					a, _, err := acts(id)
					if err != nil {
						return nil, nil, err
					}
					h := hosts[int(sha256.Sum256([]byte(u.Unit + ":" + id))[0])%len(hosts)]
					fo, _, err := inject(hostFiles[h], injection{ID: id, Placement: "prose", Text: t})
					if err != nil {
						return nil, nil, err
					}
					out = append(out, thirdCase{unit: u.Unit, id: id, half: half(id), acts: a, host: h, skill: fo, text: t})
				}
			}
		default:
			cs, err := wholeSkills(mirror, u, data)
			if err != nil {
				return nil, nil, err
			}
			for _, c := range cs {
				a, benign, err := acts(c.id)
				if err != nil {
					return nil, nil, err
				}
				c.acts, c.benign, c.half = a, benign, half(c.id)
				out = append(out, c)
			}
		}
	}
	return out, clean, nil
}

// siRecord is one injection of SKILL-INJECT.
type siRecord struct {
	ID           int `json:"id"`
	Instructions struct {
		Line string `json:"line_injection"`
	} `json:"instructions"`
	Scripts map[string]string `json:"task_scripts"`
	Tasks   []struct {
		Skill  string `json:"skill"`
		Line   int    `json:"line_num"`
		Prefix string `json:"injection_prefix"`
	} `json:"tasks"`
}

// skillInjectCases places each injection into each host skill its tasks
// name, at the line and with the prefix the benchmark gives, with the
// scripts it ships in the host's scripts/ folder, as the benchmark's
// scripts/build_sandbox.py builds its sandboxes. A host the snapshot does
// not hold is left out.
func skillInjectCases(mirror string, u thirdUnit, data []byte, clean map[string]folder) ([]thirdCase, error) {
	var recs []siRecord
	if err := json.Unmarshal(data, &recs); err != nil {
		return nil, fmt.Errorf("%s: %w", u.Unit, err)
	}
	var out []thirdCase
	var all folder // data/skills, read once
	for _, r := range recs {
		scripts := folder{}
		for name, p := range r.Scripts {
			b, err := gitShow(mirror, u.Repo, u.Commit, path.Join("data", p))
			if err != nil {
				return nil, err
			}
			scripts["scripts/"+path.Base(name)] = file{data: b, mode: 0o755}
		}
		for _, t := range r.Tasks {
			key := "si:" + t.Skill
			host, ok := clean[key]
			if !ok {
				if all == nil {
					var err error
					if all, err = archiveTree(mirror, u.Repo, u.Commit, "data/skills"); err != nil {
						return nil, err
					}
				}
				host = hostSkill(all, t.Skill)
				clean[key] = host
			}
			if host == nil {
				continue
			}
			lines := strings.SplitAfter(string(host["SKILL.md"].data), "\n")
			if t.Line < 1 || t.Line > len(lines)+1 {
				continue
			}
			var block strings.Builder
			for _, l := range strings.Split(strings.Trim(t.Prefix+r.Instructions.Line, "\n"), "\n") {
				block.WriteString(strings.TrimSpace(l) + "\n")
			}
			md := strings.Join(lines[:t.Line-1], "") + block.String() + strings.Join(lines[t.Line-1:], "")
			fo := make(folder, len(host)+len(scripts))
			for k, v := range host {
				fo[k] = v
			}
			for k, v := range scripts {
				fo[k] = v
			}
			fo["SKILL.md"] = file{data: []byte(md), mode: host["SKILL.md"].mode}
			style := strings.TrimPrefix(u.Unit, "si-")
			out = append(out, thirdCase{unit: u.Unit, id: strconv.Itoa(r.ID) + "@" + t.Skill, style: style, host: key, skill: fo, text: block.String()})
		}
	}
	return out, nil
}

// hostSkill finds a SKILL-INJECT host skill by the name its tasks give:
// the folder of that name under data/skills, the one folder of that name
// deeper down (document-skills/docx), or the single skill inside the
// folder of that name (hf-llm-trainer/skills/model-trainer), or a zip of
// that name; nil when there is none.
func hostSkill(all folder, name string) folder {
	if fo := subfolder(all, name); fo["SKILL.md"].data != nil {
		return fo
	}
	var dirs []string
	for k := range all {
		if path.Base(k) != "SKILL.md" {
			continue
		}
		d := path.Dir(k)
		if path.Base(d) == name || strings.HasPrefix(d, name+"/") {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 1 {
		return subfolder(all, dirs[0])
	}
	if z, ok := all[name+".zip"]; ok {
		return unzipSkill(z.data)
	}
	return nil
}

// unzipSkill reads a zipped skill: the folder holding its SKILL.md (or
// Skill.md), whatever folders the zip puts around it.
func unzipSkill(b []byte) folder {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil
	}
	fo := folder{}
	root := ""
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || f.UncompressedSize64 > 1<<20 {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			continue
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			continue
		}
		fo[f.Name] = file{data: data, mode: 0o644}
		if strings.EqualFold(path.Base(f.Name), "SKILL.md") && (root == "" || len(f.Name) < len(root)) {
			root = f.Name
		}
	}
	if root == "" {
		return nil
	}
	out := subfolder(fo, path.Dir(root))
	if path.Dir(root) == "." {
		out = fo
	}
	if md, ok := out[path.Base(root)]; ok && path.Base(root) != "SKILL.md" {
		delete(out, path.Base(root))
		out["SKILL.md"] = md
	}
	return out
}

// wholeSkills reads the whole skills of a unit: SkillFortifyBench's by
// its manifest (the unit's format), Progent's SKILL.md files, and every
// folder holding a SKILL.md for the rest.
func wholeSkills(mirror string, u thirdUnit, manifest []byte) ([]thirdCase, error) {
	tree, err := archiveTree(mirror, u.Repo, u.Commit, u.Path)
	if err != nil {
		return nil, err
	}
	var out []thirdCase
	switch {
	case strings.HasPrefix(u.Unit, "sfb-"):
		b := tree["manifest.json"].data
		if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != u.SHA256 {
			return nil, fmt.Errorf("%s: manifest.json sha256 %x, manifest %s", u.Unit, got, u.SHA256)
		}
		var m struct {
			Entries []struct {
				ID     string `json:"skill_id"`
				Format string `json:"format"`
				Path   string `json:"path"`
			} `json:"entries"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("%s: manifest.json: %w", u.Unit, err)
		}
		format := strings.TrimPrefix(u.Unit, "sfb-")
		for _, e := range m.Entries {
			if e.Format != format || path.Base(e.Path) != "SKILL.md" {
				continue
			}
			out = append(out, thirdCase{unit: u.Unit, id: e.ID, skill: unmark(subfolder(tree, path.Dir(e.Path)))})
		}
	case u.Unit == "progent":
		names := make([]string, 0, len(tree))
		for k := range tree {
			if strings.HasSuffix(k, ".md") {
				names = append(names, k)
			}
		}
		sort.Strings(names)
		for _, k := range names {
			out = append(out, thirdCase{unit: u.Unit, id: k, skill: unmark(folder{"SKILL.md": tree[k]})})
		}
	default:
		var dirs []string
		for k := range tree {
			if path.Base(k) == "SKILL.md" {
				dirs = append(dirs, path.Dir(k))
			}
		}
		sort.Strings(dirs)
		for _, d := range dirs {
			out = append(out, thirdCase{unit: u.Unit, id: path.Join(u.Path, d), skill: unmark(subfolder(tree, d))})
		}
	}
	return out, nil
}

// subfolder is the part of fo under dir, relative to it.
func subfolder(fo folder, dir string) folder {
	out := folder{}
	prefix := strings.TrimSuffix(dir, "/") + "/"
	for k, v := range fo {
		if rest, ok := strings.CutPrefix(k, prefix); ok {
			out[rest] = v
		}
	}
	return out
}

// scoreThird scans every case, each host once clean.
func (sc *scanner) scoreThird(cases []thirdCase, clean map[string]folder, origFindings map[string][]finding) ([]thirdResult, error) {
	base := map[string]map[string]bool{}
	keys := func(fs []finding) map[string]bool {
		m := map[string]bool{}
		for _, f := range fs {
			m[f.key()] = true
		}
		return m
	}
	for name, fs := range origFindings {
		base[name] = keys(fs)
	}
	var out []thirdResult
	for _, c := range cases {
		if c.host != "" && base[c.host] == nil {
			fs, err := sc.scan(clean[c.host], strings.TrimPrefix(c.host, "si:"))
			if err != nil {
				return nil, err
			}
			base[c.host] = keys(fs)
		}
		name := "skill"
		if c.host != "" {
			name = strings.TrimPrefix(c.host, "si:")
		}
		fs, err := sc.scan(c.skill, name)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", c.unit, c.id, err)
		}
		r := thirdResult{thirdCase: c}
		for _, f := range fs {
			if c.host != "" && base[c.host][f.key()] {
				continue
			}
			if !f.serious() {
				r.noted = true
				continue
			}
			r.added = append(r.added, f)
			r.critical = r.critical || f.Severity == core.Critical
		}
		out = append(out, r)
	}
	return out, nil
}

// writeThird prints, per half: SKILL-INJECT's obvious and contextual
// injections (the acceptance figures), every unit, and every act.
func writeThird(w io.Writer, rs []thirdResult) {
	for _, half := range []string{"held-out", "dev"} {
		fmt.Fprintf(w, "### Third-party sets, %s half\n\n", half)
		fmt.Fprintln(w, "| set | cases | flagged (warning or critical added) | critical | noted only (info added) |")
		fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
		row := func(label string, keep func(thirdResult) bool) {
			n, k, c, i := 0, 0, 0, 0
			for _, r := range rs {
				if r.half != half || !keep(r) {
					continue
				}
				n++
				if r.detected() {
					k++
				}
				if r.critical {
					c++
				}
				if r.noted && !r.detected() {
					i++
				}
			}
			if n > 0 {
				fmt.Fprintf(w, "| %s | %d | %s | %s | %s |\n", label, n, share(k, n), share(c, n), share(i, n))
			}
		}
		row("SKILL-INJECT, obvious", func(r thirdResult) bool { return r.style == "obvious" })
		row("SKILL-INJECT, contextual", func(r thirdResult) bool { return r.style == "contextual" })
		var units []string
		seen := map[string]bool{}
		for _, r := range rs {
			if !seen[r.unit] {
				seen[r.unit] = true
				units = append(units, r.unit)
			}
		}
		for _, u := range units {
			row(u+", malicious or injected", func(r thirdResult) bool { return r.unit == u && !r.benign })
			row(u+", benign (false alarms)", func(r thirdResult) bool { return r.unit == u && r.benign })
		}
		for _, a := range acts {
			row("act: "+a, func(r thirdResult) bool { return slices.Contains(r.acts, a) })
		}
		row("none of the acts (off-task instructions)", func(r thirdResult) bool { return !r.benign && len(r.acts) == 0 })
		fmt.Fprintln(w)
	}
}

// listThird lists the development half's misses and false alarms.
func listThird(w io.Writer, rs []thirdResult) {
	for _, r := range rs {
		if r.half != "dev" {
			continue
		}
		switch {
		case !r.benign && !r.detected():
			t := r.text
			if t == "" {
				t = excerpt(r.skill)
			}
			fmt.Fprintf(w, "missed %s %s (%s):\n%s\n\n", r.unit, r.id, strings.Join(r.acts, ","), strings.TrimSpace(t))
		case r.benign && r.detected():
			fmt.Fprintf(w, "false alarm %s %s: %s\n", r.unit, r.id, reason(r.added[0]))
		}
	}
}

// excerpt is what a missed case added: its SKILL.md, cut short.
func excerpt(fo folder) string {
	s := string(fo["SKILL.md"].data)
	if len(s) > 1500 {
		s = s[len(s)-1500:]
	}
	return s
}

// runThird scores the third-party sets. BIPIA's instructions go into
// SKILL-INJECT's host skills, chosen by the sha256 of their id.
func runThird(o options, sc *scanner, stdout, stderr io.Writer) error {
	cases, clean, hostFiles, err := loadThird(o)
	if err != nil {
		return err
	}
	for k, v := range hostFiles {
		clean[k] = v
	}
	rs, err := sc.scoreThird(cases, clean, nil)
	if err != nil {
		return err
	}
	writeThird(stdout, rs)
	if o.dump != "" {
		if err := dumpThird(o.dump, rs); err != nil {
			return err
		}
	}
	if o.verbose {
		listThird(stderr, rs)
	}
	return nil
}

// dumpThird writes the development half's cases into dir, one folder
// each, so that a miss can be read with lore scan; the held-out half is
// never written.
func dumpThird(dir string, rs []thirdResult) error {
	clean := strings.NewReplacer("/", "_", ":", "_", " ", "_")
	for _, r := range rs {
		if r.half != "dev" {
			continue
		}
		if _, err := r.skill.write(dir, clean.Replace(r.unit+"_"+r.id)); err != nil {
			return fmt.Errorf("dump %s %s: %w", r.unit, r.id, err)
		}
	}
	return nil
}

// siHosts are SKILL-INJECT's host skills, by "si:NAME", and their names
// in order.
func siHosts(mirror string, units []thirdUnit) ([]string, map[string]folder, error) {
	hostFiles := map[string]folder{}
	var hosts []string
	for _, u := range units {
		if !strings.HasPrefix(u.Unit, "si-") {
			continue
		}
		tree, err := archiveTree(mirror, u.Repo, u.Commit, "data/skills")
		if err != nil {
			return nil, nil, err
		}
		for k := range tree {
			if strings.Count(k, "/") == 1 && path.Base(k) == "SKILL.md" {
				name := "si:" + path.Dir(k)
				hostFiles[name] = subfolder(tree, path.Dir(k))
				hosts = append(hosts, name)
			}
		}
		break
	}
	if len(hosts) == 0 {
		return nil, nil, fmt.Errorf("no host skill to place instructions into (SKILL-INJECT's data/skills)")
	}
	sort.Strings(hosts)
	return hosts, hostFiles, nil
}

// loadThird reads the manifests and builds every third-party case, with
// the clean hosts they are compared with and SKILL-INJECT's host skills.
func loadThird(o options) (cases []thirdCase, clean, hostFiles map[string]folder, err error) {
	units, err := readThirdParty(o.set + "/thirdparty.tsv")
	if err != nil {
		return nil, nil, nil, err
	}
	actOf, err := readActs(o.set + "/thirdparty-acts.tsv")
	if err != nil {
		return nil, nil, nil, err
	}
	hosts, hostFiles, err := siHosts(o.mirror, units)
	if err != nil {
		return nil, nil, nil, err
	}
	cases, clean, err = thirdCases(o.mirror, units, actOf, hosts, hostFiles)
	return cases, clean, hostFiles, err
}
