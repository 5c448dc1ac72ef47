package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/lazyre"
)

// generated is what stage 7 made of the affected domains.
type generated struct {
	made    []core.Artifact
	skipped []core.Artifact
	// kept are the stored skills of those domains that the run left as
	// they were: it changed none of their primitives, so they are not
	// made again (and not reported as made), only published again.
	kept []core.Artifact
}

// all is every artifact the domains have after the run: made and kept.
func (g generated) all() []core.Artifact {
	if len(g.kept) == 0 {
		return g.made
	}
	return append(slices.Clone(g.made), g.kept...)
}

// generateFor runs the generators on every affected domain over the
// primitives the store would hold after the run: the stored ones with the
// run's changes laid over them (overlay; nil for none). Generating from the
// whole domain, not only from what one run learned, is what lets a skill
// grow across sessions and shrink on unlearn.
func generateFor(st Store, domains []string, overlay map[string]*core.Primitive, defs []core.Domain, cfg generate.Config, now func() time.Time) (generated, error) {
	var out generated
	if cfg.Now == nil {
		cfg.Now = now
	}
	// Read once for both questions below: a store may decode every
	// artifact each time it is asked.
	arts, err := st.Artifacts()
	if err != nil {
		return out, err
	}
	centers := agentCenters(arts, defs)
	// A skill is named after its subject, so two domains could name one
	// the same: the names other domains hold, and those made so far, are
	// reserved.
	cfg.Reserved = reservedNames(arts, domains)
	// The run's ids in order, sorted once for every domain, and how many
	// primitives each domain gains: a large run's primitives are copied
	// into their domain's slice once, not again each time it grows.
	ids := slices.Sorted(maps.Keys(overlay))
	added := map[string]int{}
	for _, o := range overlay {
		if o != nil {
			added[o.Domain]++
		}
	}
	for _, domain := range domains {
		stored, err := st.ByDomain(domain)
		if err != nil {
			return out, fmt.Errorf("generate %s: %w", domain, err)
		}
		prims := make([]core.Primitive, 0, len(stored)+added[domain])
		seen := map[string]bool{}
		for _, p := range stored {
			if o, ok := overlay[p.ID]; ok {
				if o == nil || o.Domain != domain {
					continue
				}
				p = *o
			}
			seen[p.ID] = true
			prims = append(prims, p)
		}
		for _, id := range ids {
			if o := overlay[id]; o != nil && o.Domain == domain && !seen[id] {
				prims = append(prims, *o)
			}
		}
		info := generate.DomainInfo{ID: domain, Name: domain}
		for _, d := range defs {
			if d.ID == domain {
				info = generate.FromDomain(d)
			}
		}
		var others []core.PlanePosition
		for d, c := range centers {
			if d != domain {
				others = append(others, c)
			}
		}
		for _, o := range generate.All(info, prims, others, cfg) {
			if o.Generated && o.Artifact != nil {
				cfg.Reserved[o.Artifact.Name] = true
				if old, ok := untouched(arts, o, overlay); ok {
					out.kept = append(out.kept, old)
					continue
				}
				out.made = append(out.made, *o.Artifact)
				continue
			}
			out.skipped = append(out.skipped, core.Artifact{Kind: o.Kind, Domain: domain, Primitives: len(prims), Reason: o.Reason, Subject: o.Subject})
		}
	}
	return out, nil
}

// untouched is the stored artifact o would replace, when the run
// (overlay) changed none of the primitives o was made from: a learn of
// one source does not make its domain's other skills again. Without an
// overlay (a regeneration after an unlearn or a resolution) every
// artifact is made again.
func untouched(arts []core.Artifact, o generate.Outcome, overlay map[string]*core.Primitive) (core.Artifact, bool) {
	if overlay == nil || o.Sources == nil {
		return core.Artifact{}, false
	}
	for _, id := range o.Sources {
		if _, ok := overlay[id]; ok {
			// A run that only wired its own primitives to this skill's
			// changes what they enable, not always what the skill
			// says: one made the same is not made again.
			return sameAsStored(arts, o.Artifact)
		}
	}
	for _, a := range arts {
		if a.Kind == o.Artifact.Kind && a.Name == o.Artifact.Name && a.Domain == o.Artifact.Domain &&
			a.Primitives == o.Artifact.Primitives && len(a.Files) > 0 {
			return a, true // (a primitive merged away changes the count)
		}
	}
	return core.Artifact{}, false
}

// sameAsStored is the stored artifact named as a, when its files are a's
// but for the day it was made and its trigger evals' near misses. Those
// are drawn from the skill's neighbours in the library, so a new work
// beside a skill changes them without changing what the skill says; the
// stored ones still test what they tested.
func sameAsStored(arts []core.Artifact, a *core.Artifact) (core.Artifact, bool) {
	for _, old := range arts {
		if old.Kind != a.Kind || old.Name != a.Name || old.Domain != a.Domain || len(old.Files) != len(a.Files) {
			continue
		}
		for i := range a.Files {
			if old.Files[i].Path != a.Files[i].Path {
				return core.Artifact{}, false
			}
			if !strings.HasSuffix(a.Files[i].Path, "/"+skillspec.TriggerEvalsFile) && undated(old.Files[i].Content) != undated(a.Files[i].Content) {
				return core.Artifact{}, false
			}
		}
		return old, true
	}
	return core.Artifact{}, false
}

// createdAt is the frontmatter line of the day an artifact was made.
var createdAt = lazyre.New(`(?m)^  created-at: .*$`)

func undated(s string) string { return createdAt.ReplaceAllString(s, "") }

// regenerate remakes and publishes the artifacts of domains from what the
// store holds now, after session (an unlearn or a resolution). A failure is
// returned as a message for the result's errors: the change it follows is
// already committed and stands.
func regenerate(ctx context.Context, st Store, session string, domains []string, defs []core.Domain, cfg generate.Config, dir string, now func() time.Time) ([]core.Artifact, string) {
	gen, err := generateFor(st, domains, nil, defs, cfg, func() time.Time { return now().UTC() })
	if err == nil {
		err = publishArtifacts(ctx, st, session, domains, gen.made, dir, now().UTC())
	}
	if err != nil {
		return gen.made, fmt.Sprintf("regenerate skills: %v", err)
	}
	return gen.made, ""
}

// reservedNames are the names of the stored artifacts arts of domains
// other than those being generated.
func reservedNames(arts []core.Artifact, domains []string) map[string]bool {
	out := map[string]bool{}
	for _, a := range arts {
		if !slices.Contains(domains, a.Domain) {
			out[a.Name] = true
		}
	}
	return out
}

// agentCenters returns the plane centres of the domains that already have
// a generated agent among the stored artifacts arts: the agent generator
// refuses a new agent too close to all of them.
func agentCenters(arts []core.Artifact, defs []core.Domain) map[string]core.PlanePosition {
	out := map[string]core.PlanePosition{}
	for _, a := range arts {
		if a.Kind != core.AgentArtifact {
			continue
		}
		for _, d := range defs {
			if d.ID == a.Domain {
				out[a.Domain] = d.Region.Center
			}
		}
	}
	return out
}

// publicationStore is what a store offers to journal the publication of
// artifacts (the Badger store does; the engine's tests may use stores that
// do not, which then publish unjournaled).
type publicationStore interface {
	PutPublication(session string, rec []byte) error
	Publications() (map[string][]byte, error)
	FinishPublication(ctx context.Context, session string, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error
	DropPublication(session string) error
}

// publication is the journaled record of artifacts to publish.
type publication struct {
	Domains   []string        `json:"domains"`
	Artifacts []core.Artifact `json:"artifacts"`
	Dir       string          `json:"dir,omitempty"`
}

// crashBeforePublishing, when set (by tests), is called after the journal
// record and before any file is written; an error from it ends the
// publication there, as a process killed just past its commit would.
var crashBeforePublishing func(session string) error

// JournalPublication records, before session commits, that arts are to be
// published for domains under dir, so that a process ending between the
// commit and the files leaves the next one the work to finish (see
// ResumePublications). A store without a publication journal records
// nothing.
func JournalPublication(st Store, session string, domains []string, arts []core.Artifact, dir string) error {
	j, ok := st.(publicationStore)
	if !ok {
		return nil
	}
	stamped := stampArtifacts(session, arts, dir)
	rec, err := json.Marshal(publication{Domains: domains, Artifacts: stamped, Dir: dir})
	if err != nil {
		return fmt.Errorf("journal the artifacts of session %s: %w", session, err)
	}
	return j.PutPublication(session, rec)
}

// abandonPublication drops the journaled publication of a session whose
// commit failed. Should that fail too, ResumePublications drops it later,
// the session being absent.
func abandonPublication(st Store, session string) {
	if j, ok := st.(publicationStore); ok {
		_ = j.DropPublication(session)
	}
}

// stampArtifacts sets the session and output folder of arts, in place, and
// returns them.
func stampArtifacts(session string, arts []core.Artifact, dir string) []core.Artifact {
	for i := range arts {
		arts[i].Session = session
		arts[i].Dir = dir
	}
	return arts
}

// publishArtifacts makes arts the artifacts of domains, generated after the
// commit of session: in the store, and under dir when dir is set. The files
// of the domains' previous artifacts are removed first (only the files lore
// recorded writing, in the folder it wrote them to, never anything else),
// then the new ones are written, each atomically and never through a
// symbolic link. The publication is journaled: until the store records the
// artifacts, the next ResumePublications redoes it. The skill library
// follows the generated skills (skills.Sync), stamped now.
func publishArtifacts(ctx context.Context, st Store, session string, domains []string, arts []core.Artifact, dir string, now time.Time) error {
	stampArtifacts(session, arts, dir)
	j, journaled := st.(publicationStore)
	if journaled {
		if err := JournalPublication(st, session, domains, arts, dir); err != nil {
			return err
		}
	}
	if crashBeforePublishing != nil {
		if err := crashBeforePublishing(session); err != nil {
			return err
		}
	}
	old, err := st.Artifacts()
	if err != nil {
		return err
	}
	if err := writeArtifactFiles(old, domains, arts, dir); err != nil {
		return err
	}
	lib, err := libraryUpdate(old, domains, arts, now)
	if err != nil {
		return err
	}
	if journaled {
		return j.FinishPublication(ctx, session, domains, arts, lib)
	}
	return st.ReplaceArtifacts(ctx, domains, arts, lib)
}

// libraryUpdate is how the skill library follows replacing the artifacts
// old of domains with arts: the skills those domains generated before are
// gone, those in arts made (as drafts, until a reviewer promotes them).
func libraryUpdate(old []core.Artifact, domains []string, arts []core.Artifact, now time.Time) (skills.LibraryUpdate, error) {
	var gone []string
	for _, a := range old {
		if a.Kind == core.SkillArtifact && slices.Contains(domains, a.Domain) {
			gone = append(gone, scope.Key(scope.DefaultNamespace, a.Name))
		}
	}
	var made []*skills.Skill
	for _, a := range arts {
		if a.Kind != core.SkillArtifact {
			continue
		}
		sk, err := skills.FromArtifact(a, now)
		if err != nil {
			return skills.LibraryUpdate{}, fmt.Errorf("skill library of %v: %w", domains, err)
		}
		made = append(made, sk)
	}
	return skills.SyncUpdate(gone, made, now), nil
}

// writeArtifactFiles removes the files of the domains' stored artifacts
// (old) and writes those of arts under dir ("" writes none).
func writeArtifactFiles(old []core.Artifact, domains []string, arts []core.Artifact, dir string) error {
	var errs []error
	for _, a := range old {
		if !slices.Contains(domains, a.Domain) {
			continue
		}
		// Artifacts stored before their folder was recorded were written
		// under the folder of this run, if any.
		base := a.Dir
		if base == "" {
			base = dir
		}
		if base == "" {
			continue
		}
		for _, f := range a.Files {
			path, err := artifactPath(base, f.Path)
			if err != nil {
				continue
			}
			if err := checkNoLinks(base, path); err != nil {
				errs = append(errs, fmt.Errorf("remove %s: %w", path, err))
				continue
			}
			if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
			}
			removeEmptyParents(base, filepath.Dir(path))
		}
	}
	if dir != "" {
		for _, a := range arts {
			for _, f := range a.Files {
				path, err := artifactPath(dir, f.Path)
				if err == nil {
					err = checkNoLinks(dir, path)
				}
				if err != nil {
					errs = append(errs, fmt.Errorf("artifact %s: %w", a.Name, err))
					continue
				}
				if err := writeFileAtomic(path, []byte(f.Content)); err != nil {
					errs = append(errs, fmt.Errorf("write %s: %w", path, err))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// ResumePublications finishes the publications a process left pending:
// those of committed sessions are written and recorded; those of sessions
// that never committed, or were reverted since, are dropped. It returns the
// sessions whose artifacts it published. The library records it changes
// are stamped with the time of the resume.
func ResumePublications(ctx context.Context, st Store) ([]string, error) {
	j, ok := st.(publicationStore)
	if !ok {
		return nil, nil
	}
	pending, err := j.Publications()
	if err != nil {
		return nil, err
	}
	var done []string
	var errs []error
	for _, session := range slices.Sorted(maps.Keys(pending)) {
		sess, found, err := st.Session(session)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !found || sess.State != core.SessionCommitted || sess.RevertedBy != "" {
			if err := j.DropPublication(session); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		var p publication
		if err := json.Unmarshal(pending[session], &p); err != nil {
			errs = append(errs, fmt.Errorf("pending artifacts of session %s: %w", session, err))
			continue
		}
		if err := publishArtifacts(ctx, st, session, p.Domains, p.Artifacts, p.Dir, time.Now().UTC()); err != nil {
			errs = append(errs, fmt.Errorf("publish the artifacts of session %s: %w", session, err))
			continue
		}
		done = append(done, session)
	}
	return done, errors.Join(errs...)
}

// ArtifactProblem is one disagreement VerifyArtifacts found.
type ArtifactProblem struct {
	// Subject is the artifact ("skill learn-protocols") or session
	// concerned.
	Subject string
	Detail  string
}

// VerifyArtifacts checks what the last session's report says it generated
// against the library and the disk: every artifact the report of the most
// recent committed session lists must be stored, every stored artifact's
// files must be where it was written, as written, and no publication may be
// pending.
func VerifyArtifacts(st Store) ([]ArtifactProblem, error) {
	var problems []ArtifactProblem
	add := func(subject, format string, args ...any) {
		problems = append(problems, ArtifactProblem{Subject: subject, Detail: fmt.Sprintf(format, args...)})
	}
	if j, ok := st.(publicationStore); ok {
		pending, err := j.Publications()
		if err != nil {
			return nil, err
		}
		for _, session := range slices.Sorted(maps.Keys(pending)) {
			add("session "+session, "its skills and agents were not written (interrupted after its commit)")
		}
	}
	stored, err := st.Artifacts()
	if err != nil {
		return nil, err
	}
	held := map[string]bool{}
	for _, a := range stored {
		held[string(a.Kind)+"/"+a.Name] = true
		if a.Dir == "" {
			continue
		}
		for _, f := range a.Files {
			path, err := artifactPath(a.Dir, f.Path)
			if err != nil {
				add(string(a.Kind)+" "+a.Name, "%v", err)
				continue
			}
			data, err := os.ReadFile(path)
			switch {
			case errors.Is(err, os.ErrNotExist):
				add(string(a.Kind)+" "+a.Name, "file %s is missing", path)
			case err != nil:
				add(string(a.Kind)+" "+a.Name, "%v", err)
			case string(data) != f.Content:
				add(string(a.Kind)+" "+a.Name, "file %s differs from what lore wrote", path)
			}
		}
	}
	lister, ok := st.(interface {
		Sessions() ([]core.Session, error)
	})
	if !ok {
		return problems, nil
	}
	sessions, err := lister.Sessions()
	if err != nil {
		return nil, err
	}
	var last *core.Session
	for i := range sessions {
		s := &sessions[i]
		if s.State == core.SessionCommitted && (last == nil || s.StartedAt.After(last.StartedAt)) {
			last = s
		}
	}
	if last == nil || last.RevertedBy != "" || last.Reverts != "" {
		return problems, nil
	}
	raw, ok, err := st.Report(last.ID)
	if err != nil || !ok {
		return problems, err
	}
	var sr storedReport
	if err := json.Unmarshal(raw, &sr); err != nil {
		add("session "+last.ID, "its report cannot be read: %v", err)
		return problems, nil
	}
	for _, a := range sr.Input.Artifacts {
		if !held[string(a.Kind)+"/"+a.Name] {
			add(string(a.Kind)+" "+a.Name, "the report of session %s lists it, but the library does not hold it", last.ID)
		}
	}
	return problems, nil
}

// artifactPath resolves an artifact file's relative path under dir,
// refusing anything that would land outside it.
func artifactPath(dir, rel string) (string, error) {
	p := filepath.FromSlash(rel)
	if !filepath.IsLocal(p) {
		return "", fmt.Errorf("path %q is not inside the output directory", rel)
	}
	return filepath.Join(dir, p), nil
}

// checkNoLinks refuses path when any part of it below dir is a symbolic
// link: writing or removing through one would change files outside the
// output folder (another skill's SKILL.md). The output folder itself may
// be a link; that is the user's choice.
func checkNoLinks(dir, path string) error {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return err
	}
	cur := dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			return fmt.Errorf("%s is a symbolic link; lore does not write through links in its output folder %s", cur, dir)
		}
	}
	return nil
}

func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".lore-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// removeEmptyParents removes now-empty directories from d up to (not
// including) root.
func removeEmptyParents(root, d string) {
	root = filepath.Clean(root)
	for d = filepath.Clean(d); d != root && len(d) > len(root); d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			return
		}
	}
}
