package engine

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/generate"
)

// generated is what stage 7 made of the affected domains.
type generated struct {
	made    []core.Artifact
	skipped []core.Artifact
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
	centers, err := agentCenters(st, defs)
	if err != nil {
		return out, err
	}
	for _, domain := range domains {
		stored, err := st.ByDomain(domain)
		if err != nil {
			return out, fmt.Errorf("generate %s: %w", domain, err)
		}
		prims := make([]core.Primitive, 0, len(stored))
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
		for _, id := range slices.Sorted(maps.Keys(overlay)) {
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
				out.made = append(out.made, *o.Artifact)
				continue
			}
			out.skipped = append(out.skipped, core.Artifact{Kind: o.Kind, Domain: domain, Primitives: len(prims), Reason: o.Reason})
		}
	}
	return out, nil
}

// regenerate remakes and publishes the artifacts of domains from what the
// store holds now, after session (an unlearn or a resolution). A failure is
// returned as a message for the result's errors: the change it follows is
// already committed and stands.
func regenerate(st Store, session string, domains []string, defs []core.Domain, cfg generate.Config, dir string, now func() time.Time) ([]core.Artifact, string) {
	gen, err := generateFor(st, domains, nil, defs, cfg, func() time.Time { return now().UTC() })
	if err == nil {
		err = publishArtifacts(st, session, domains, gen.made, dir)
	}
	if err != nil {
		return gen.made, fmt.Sprintf("regenerate skills: %v", err)
	}
	return gen.made, ""
}

// agentCenters returns the plane centres of the domains that already have
// a generated agent: the agent generator refuses a new agent too close to
// all of them.
func agentCenters(st Store, defs []core.Domain) (map[string]core.PlanePosition, error) {
	arts, err := st.Artifacts()
	if err != nil {
		return nil, err
	}
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
	return out, nil
}

// publishArtifacts makes arts the artifacts of domains, generated after the
// commit of session: in the store, and under dir when dir is set. The files
// of the domains' previous artifacts are removed first (only the files lore
// recorded writing, never anything else), then the new ones are written,
// each atomically.
func publishArtifacts(st Store, session string, domains []string, arts []core.Artifact, dir string) error {
	for i := range arts {
		arts[i].Session = session
	}
	if dir != "" {
		old, err := st.Artifacts()
		if err != nil {
			return err
		}
		var errs []error
		for _, a := range old {
			if !slices.Contains(domains, a.Domain) {
				continue
			}
			for _, f := range a.Files {
				path, err := artifactPath(dir, f.Path)
				if err != nil {
					continue
				}
				if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
					errs = append(errs, err)
				}
				removeEmptyParents(dir, filepath.Dir(path))
			}
		}
		for _, a := range arts {
			for _, f := range a.Files {
				path, err := artifactPath(dir, f.Path)
				if err != nil {
					errs = append(errs, fmt.Errorf("artifact %s: %w", a.Name, err))
					continue
				}
				if err := writeFileAtomic(path, []byte(f.Content)); err != nil {
					errs = append(errs, fmt.Errorf("write %s: %w", path, err))
				}
			}
		}
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
	return st.ReplaceArtifacts(domains, arts)
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
