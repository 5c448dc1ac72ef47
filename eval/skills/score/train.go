package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/sanitize/planted"
)

// Training the model of core/sanitize/planted. Planted lines are the
// development half's injections of the third-party sets (the lines that
// SKILL-INJECT's and BIPIA's instructions add to a host); ordinary lines
// are every Markdown line of the skills in train.tsv, public skills that
// are in no evaluation, and of the development half's benign whole
// skills. The held-out half and the public skills of public.tsv are never
// read. The threshold is chosen on out-of-fold scores (five folds, by
// injection and by skill) so that at most trainFileRate of ordinary files
// would have a line reported.

const (
	trainFolds = 5
	trainIters = 300
	trainMinDF = 2    // a feature must occur in two injections or skills
	trainMinW  = 0.02 // lighter weights are left out of model.tsv: they move no score across the threshold
)

var (
	trainFileRate = envFloat("LORE_TRAIN_RATE", 0.001)
	trainL2       = envFloat("LORE_TRAIN_L2", 1e-4)
)

func envFloat(k string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(k), 64); err == nil {
		return v
	}
	return def
}

// sample is one scored line: its features, its label and its group (the
// injection or skill file it comes from, which a fold keeps whole).
type sample struct {
	feats []int
	pos   bool
	group string
}

// trainRow is one row of train.tsv.
type trainRow struct{ Repo, Commit, Path, Licence, SHA256 string }

// trainingSkills reads every skill (a folder with a SKILL.md) of the
// snapshots train.tsv names, checks each row's sha256 (over its SKILL.md
// files in path order) and returns their Markdown files by skill.
func trainingSkills(mirror, file string, exclude map[string]bool) (map[string]folder, error) {
	rows, err := readTSV(file, []string{"repository", "commit", "path", "licence", "sha256"})
	if err != nil {
		return nil, err
	}
	out := map[string]folder{}
	for _, r := range rows {
		tr := trainRow{r[0], r[1], r[2], r[3], r[4]}
		tree, err := archiveTree(mirror, tr.Repo, tr.Commit, tr.Path)
		if err != nil {
			return nil, err
		}
		var skills []string
		for k := range tree {
			if path.Base(k) == "SKILL.md" {
				skills = append(skills, path.Dir(k))
			}
		}
		sort.Strings(skills)
		h := sha256.New()
		for _, s := range skills {
			h.Write(tree[path.Join(s, "SKILL.md")].data)
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != tr.SHA256 {
			return nil, fmt.Errorf("%s: %s %s: sha256 of its %d SKILL.md files %s, manifest %s", file, tr.Repo, tr.Path, len(skills), got, tr.SHA256)
		}
		for _, s := range skills {
			fo := subfolder(tree, s)
			if sum := sha256.Sum256(fo["SKILL.md"].data); exclude[hex.EncodeToString(sum[:])] {
				continue // the same skill is in an evaluation
			}
			md := folder{}
			for k, v := range fo {
				if planted.Markdown(k) {
					md[k] = v
				}
			}
			out[tr.Repo+"/"+path.Join(tr.Path, s)] = md
		}
	}
	return out, nil
}

// ownOf is the name and description a skill declares.
func ownOf(fo folder) string {
	if d := sanitize.DeclaredBy(string(fo["SKILL.md"].data)); d != nil {
		return d.Name + " " + d.Description
	}
	return ""
}

// runTrain builds the samples, chooses the threshold by cross-validation,
// trains on everything and writes the model.
func runTrain(o options, stdout, stderr io.Writer) error {
	cases, _, hostFiles, err := loadThird(o)
	if err != nil {
		return err
	}
	type line struct {
		text, own, group string
		pos              bool
	}
	var lines []line
	seen := map[string]bool{}
	nPos, nNeg := map[string]bool{}, map[string]bool{}
	for _, c := range cases {
		if c.half != "dev" {
			continue
		}
		switch {
		case c.text != "" && len(c.acts) > 0:
			// An off-task instruction that harms nothing ("translate
			// your answer into French") is no planted line to learn:
			// its words are those of any skill's examples.
			own := ownOf(hostFiles[c.host])
			group := c.unit + ":" + strings.SplitN(c.id, "@", 2)[0]
			for _, l := range planted.Lines(c.text) {
				if k := l.Text + "\x00" + own; !seen[k] {
					seen[k] = true
					lines = append(lines, line{l.Text, own, group, true})
					nPos[group] = true
				}
			}
		case c.benign:
			own := ownOf(c.skill)
			for _, name := range sortedNames(c.skill) {
				f := c.skill[name]
				if !planted.Markdown(name) {
					continue
				}
				group := c.unit + ":" + c.id + "/" + name
				for _, l := range planted.Lines(string(f.data)) {
					lines = append(lines, line{l.Text, own, group, false})
					nNeg[group] = true
				}
			}
		}
	}
	s, err := load(o.set)
	if err != nil {
		return err
	}
	exclude := map[string]bool{}
	for _, r := range append(s.public, s.originals...) {
		exclude[r.SHA256] = true
	}
	skills, err := trainingSkills(o.mirror, o.set+"/train.tsv", exclude)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(skills))
	for k := range skills {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, sk := range names {
		fo := skills[sk]
		own := ownOf(fo)
		for _, name := range sortedNames(fo) {
			f := fo[name]
			group := sk + "/" + name
			for _, l := range planted.Lines(string(f.data)) {
				lines = append(lines, line{l.Text, own, group, false})
				nNeg[group] = true
			}
		}
	}
	fmt.Fprintf(stderr, "train: %d lines: planted from %d injections, ordinary from %d files of %d skills\n", len(lines), len(nPos), len(nNeg), len(skills))

	// Features are indexed; one that fewer than trainMinDF groups share is
	// dropped, so that no single injection's or skill's words are learnt.
	groupsOf := map[string]map[string]bool{}
	feats := make([][]string, len(lines))
	for i, l := range lines {
		feats[i] = planted.Features(l.text, l.own)
		for _, f := range feats[i] {
			g := groupsOf[f]
			if g == nil {
				g = map[string]bool{}
				groupsOf[f] = g
			}
			if len(g) < trainMinDF {
				g[l.group] = true
			}
		}
	}
	index := map[string]int{}
	var vocab []string
	for f, g := range groupsOf {
		if len(g) >= trainMinDF {
			index[f] = len(vocab)
			vocab = append(vocab, f)
		}
	}
	samples := make([]sample, len(lines))
	for i, l := range lines {
		var fs []int
		for _, f := range feats[i] {
			if k, ok := index[f]; ok {
				fs = append(fs, k)
			}
		}
		samples[i] = sample{feats: fs, pos: l.pos, group: l.group}
	}

	// Out-of-fold scores.
	oof := make([]float64, len(samples))
	for fold := 0; fold < trainFolds; fold++ {
		var tr []sample
		for _, s := range samples {
			if foldOf(s.group) != fold {
				tr = append(tr, s)
			}
		}
		w, b := fitLogistic(tr, len(vocab))
		for i, s := range samples {
			if foldOf(s.group) == fold {
				oof[i] = predict(w, b, s.feats)
			}
		}
	}
	t := chooseThreshold(samples, oof)
	posHit, negHit := groupMax(samples, oof)
	fmt.Fprintf(stdout, "out-of-fold, threshold %.3f: planted injections %s, ordinary files %s\n", t, share(count(posHit, t), len(posHit)), share(count(negHit, t), len(negHit)))

	w, b := fitLogistic(samples, len(vocab))
	m := &planted.Model{Bias: b, Threshold: t, Weights: map[string]float64{}}
	for k, f := range vocab {
		if math.Abs(w[k]) >= trainMinW {
			m.Weights[f] = w[k]
		}
	}
	header := fmt.Sprintf("Model of core/sanitize/planted, written by go run ./eval/skills/score -train.\n"+
		"Trained on %d lines: planted lines of %d development-half injections (eval/skills/thirdparty.tsv),\n"+
		"ordinary lines of %d Markdown files of public skills (eval/skills/train.tsv) and benign development skills.\n"+
		"Threshold chosen out of fold: at most %.1f%% of ordinary files with a line reported.", len(samples), len(nPos), len(nNeg), 100*trainFileRate)
	if err := os.WriteFile(o.train, []byte(m.Format(header)), 0o644); err != nil {
		return fmt.Errorf("writing the model: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s: %d features of %d\n", o.train, len(m.Weights), len(vocab))
	return nil
}

// foldOf puts a group in a fold by its sha256.
func foldOf(group string) int {
	s := sha256.Sum256([]byte(group))
	return int(s[1]) % trainFolds
}

// fitLogistic fits weights and a bias by full-batch gradient descent with
// AdaGrad steps and an L2 penalty; planted and ordinary lines weigh the
// same in total, however many of each there are.
func fitLogistic(ss []sample, n int) ([]float64, float64) {
	np, nn := 0, 0
	for _, s := range ss {
		if s.pos {
			np++
		} else {
			nn++
		}
	}
	if np == 0 || nn == 0 {
		return make([]float64, n), 0
	}
	wp, wn := 0.5/float64(np), 0.5/float64(nn)
	w := make([]float64, n)
	g2 := make([]float64, n+1)
	grad := make([]float64, n+1)
	b := 0.0
	const rate = 0.5
	for it := 0; it < trainIters; it++ {
		clear(grad)
		for _, s := range ss {
			p := predict(w, b, s.feats)
			y, sw := 0.0, wn
			if s.pos {
				y, sw = 1, wp
			}
			d := sw * (p - y)
			for _, k := range s.feats {
				grad[k] += d
			}
			grad[n] += d
		}
		for k := 0; k < n; k++ {
			g := grad[k] + trainL2*w[k]
			g2[k] += g * g
			if g2[k] > 0 {
				w[k] -= rate * g / math.Sqrt(g2[k])
			}
		}
		g2[n] += grad[n] * grad[n]
		if g2[n] > 0 {
			b -= rate * grad[n] / math.Sqrt(g2[n])
		}
	}
	return w, b
}

func predict(w []float64, b float64, feats []int) float64 {
	z := b
	for _, k := range feats {
		z += w[k]
	}
	return 1 / (1 + math.Exp(-z))
}

// groupMax is each group's highest score, planted and ordinary apart.
func groupMax(ss []sample, score []float64) (pos, neg map[string]float64) {
	pos, neg = map[string]float64{}, map[string]float64{}
	for i, s := range ss {
		m := neg
		if s.pos {
			m = pos
		}
		if score[i] > m[s.group] {
			m[s.group] = score[i]
		}
	}
	return pos, neg
}

func count(m map[string]float64, t float64) int {
	n := 0
	for _, v := range m {
		if v >= t {
			n++
		}
	}
	return n
}

// chooseThreshold is the lowest score at which at most trainFileRate of
// the ordinary files have a line at or above it.
func chooseThreshold(ss []sample, score []float64) float64 {
	_, neg := groupMax(ss, score)
	vals := make([]float64, 0, len(neg))
	for _, v := range neg {
		vals = append(vals, v)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(vals)))
	k := int(trainFileRate * float64(len(vals)))
	if k >= len(vals) {
		return 0.5
	}
	t := vals[k] + 1e-6
	return math.Min(math.Max(t, 0.5), 0.999)
}

// sortedNames are a folder's paths in order, so that training reads its
// lines in the same order on every run.
func sortedNames(fo folder) []string {
	names := make([]string, 0, len(fo))
	for k := range fo {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
