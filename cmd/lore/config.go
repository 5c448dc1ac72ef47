package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/skills/scope"
)

// Config keys. Flags use the same names with '_' and '.' turned into '-'.
const (
	keyDataDir     = "data_dir"
	keyDomainsFile = "domains_file"
	keyTheme       = "theme"
	keyMaxFileSize = "limits.max_file_size"
	keyDepth       = "analyze.depth"
	keyOutputDir   = "output_dir"
	keyDedupDist   = "dedup.max_distance"
	keyDedupShared = "dedup.min_shared_keywords"
	keyPDFBackend  = "pdf.backend"
	keyMergeThresh = "skills.merge_threshold"
	keyNegAfter    = "skills.negative_after"
	keyConsumers   = "skills.consumers"
)

// The generator thresholds: how much a domain must hold before a skill,
// an agent or a team is generated from it.
const (
	keyGenSkillMin     = "generate.skill_min_primitives"
	keyGenAgentMin     = "generate.agent_min_primitives"
	keyGenAgentSpread  = "generate.agent_min_plane_distance"
	keyGenTeamMin      = "generate.team_min_primitives"
	keyGenTeamRules    = "generate.team_min_cross_rules"
	keyGenTeamQuadrant = "generate.team_min_quadrants"
)

// config is the effective configuration: embedded defaults, then the config
// file, then LORE_* environment variables, then flags.
type config struct {
	v        *viper.Viper
	file     string // the config file read, "" if none
	defaults *viper.Viper
	flags    map[string]*pflag.Flag
	// warnings are said on stderr and the command goes on: keys of the
	// config file lore does not know (a misspelling would otherwise be
	// ignored without a word).
	warnings []string
	// errs are the configuration's mistakes: a file that cannot be read
	// or parsed, a section given a value, a theme lore does not have, and
	// values of the wrong kind (a word where a number is needed) from the
	// file or the environment. Every one is found, not only the first.
	// Every command refuses to run with one, but those that only describe
	// lore (version, help, man) run with a warning, and lore config shows
	// the configuration and then names them.
	errs []error
}

func configHome() string {
	if d := os.Getenv("LORE_CONFIG_HOME"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "lore")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".config", "lore")
	}
	return ""
}

func dataHome() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "lore")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "lore")
	}
	return "lore-data"
}

// loadConfig builds the layered configuration. explicit is the --config
// value; when set, the file must exist.
// embeddedDefaults parses the embedded default configuration once per
// process: the store's owner loads the configuration for every command it
// runs for a client, and parsing the YAML again was a tenth of a quick
// query. It is only read after this.
var embeddedDefaults = sync.OnceValues(func() (*viper.Viper, error) {
	d := viper.New()
	d.SetConfigType("yaml")
	if err := d.ReadConfig(bytes.NewReader(assets.DefaultConfigYAML())); err != nil {
		return nil, fmt.Errorf("embedded default configuration: %w", err)
	}
	return d, nil
})

func loadConfig(explicit string) (*config, error) {
	defaults, err := embeddedDefaults()
	if err != nil {
		return nil, err
	}
	v := viper.New()
	v.SetConfigType("yaml")
	for _, k := range defaults.AllKeys() {
		v.SetDefault(k, defaults.Get(k))
	}
	v.SetEnvPrefix("LORE")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	v.AutomaticEnv()
	c := &config{v: v, defaults: defaults, flags: map[string]*pflag.Flag{}}
	// A file that cannot be read or parsed is one of the configuration's
	// mistakes, not a reason to stop here: lore version, help and man run
	// all the same, and lore config shows the rest of the configuration.
	if explicit != "" {
		v.SetConfigFile(explicit)
		c.file = explicit
		if err := v.ReadInConfig(); err != nil {
			c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("config file %s: %s", explicit, describeConfigError(err))})
			c.file = ""
		}
	} else if home := configHome(); home != "" {
		v.SetConfigName("config")
		v.AddConfigPath(home)
		if err := v.ReadInConfig(); err != nil {
			var nf viper.ConfigFileNotFoundError
			if !errors.As(err, &nf) {
				c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("config file %s: %s", filepath.Join(home, "config.yaml"), describeConfigError(err))})
			}
		} else {
			c.file = v.ConfigFileUsed()
		}
	}
	if c.file != "" {
		c.checkFileKeys()
	}
	c.checkTypes()
	c.checkTheme()
	return c, nil
}

// freeForm are the keys whose value is a mapping of the user's own names,
// checked by the command that reads them (skillPolicy).
var freeForm = []string{keyConsumers}

// checkFileKeys warns about every key of the config file lore does not
// know, with the known key it most resembles, and records every section
// (dedup, limits, …) given a value instead of its keys as a mistake.
func (c *config) checkFileKeys() {
	data, err := os.ReadFile(c.file)
	if err != nil {
		c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("config file %s: %s", c.file, describeConfigError(err))})
		return
	}
	var doc map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("config file %s: %v", c.file, err)})
		return
	}
	known := c.defaults.AllKeys()
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		names := make([]string, 0, len(m))
		for k := range m {
			names = append(names, k)
		}
		sort.Strings(names) // warnings in the file's key order would need the YAML nodes; sorted is stable
		for _, k := range names {
			key := prefix + strings.ToLower(k)
			val := m[k]
			switch {
			case slices.Contains(freeForm, key), slices.Contains(known, key):
			case slices.ContainsFunc(known, func(x string) bool { return strings.HasPrefix(x, key+".") }):
				sub, ok := val.(map[string]any)
				if !ok {
					c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("%s: is a section of keys (%s), not a value (from file %s)",
						key, strings.Join(sectionKeys(known, key), ", "), c.file)})
					continue
				}
				walk(key+".", sub)
			default:
				w := fmt.Sprintf("config file %s: unknown key %q is ignored", c.file, key)
				if s := closestKey(key, known); s != "" {
					w += fmt.Sprintf("; did you mean %q?", s)
				} else {
					w += " (lore config lists the keys)"
				}
				c.warnings = append(c.warnings, w)
			}
		}
	}
	walk("", doc)
}

// sectionKeys are the names of the keys under section.
func sectionKeys(known []string, section string) []string {
	var ks []string
	for _, k := range known {
		if rest, ok := strings.CutPrefix(k, section+"."); ok {
			ks = append(ks, rest)
		}
	}
	sort.Strings(ks)
	return ks
}

// closestKey is the known key nearest to key in edit distance, if near
// enough to be a misspelling of it: at most two edits, or a third of its
// length for a long key.
func closestKey(key string, known []string) string {
	best, bestD := "", max(2, len(key)/3)+1
	for _, k := range known {
		if d := editDistance(key, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes
// (keys are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// checkTypes records every value from the file or the environment that
// is not of its key's kind: the kind of its default. Viper would read
// "abc" as the number 0 and go on with it.
func (c *config) checkTypes() {
	for _, key := range c.keys() {
		src := c.source(key)
		if src == "default" {
			continue
		}
		if msg := wrongKind(c.defaults.Get(key), c.v.Get(key)); msg != "" {
			c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("%s: %s (from %s)", key, msg, src)})
		}
	}
}

// wrongKind says what is wrong with val for a key whose default is def,
// or "" when val will do. The environment gives every value as a string;
// a string with spaces around a number is refused, as viper would read it
// as 0.
func wrongKind(def, val any) string {
	shown := func() string {
		if s, ok := val.(string); ok {
			return strconv.Quote(s)
		}
		if val == nil {
			return "an empty value"
		}
		return fmt.Sprintf("%v", val)
	}
	switch def.(type) {
	case int, int64, uint64:
		switch v := val.(type) {
		case int, int64, uint64:
			return ""
		case float64:
			if v == math.Trunc(v) {
				return ""
			}
		case string:
			if _, err := strconv.ParseInt(v, 10, 64); err == nil {
				return ""
			}
		}
		return shown() + " is not a whole number"
	case float64:
		switch v := val.(type) {
		case int, int64, uint64:
			return ""
		case float64:
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				return ""
			}
		case string:
			if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
				return ""
			}
		}
		return shown() + " is not a number"
	case bool:
		switch v := val.(type) {
		case bool:
			return ""
		case string:
			if _, err := strconv.ParseBool(v); err == nil {
				return ""
			}
		}
		return shown() + " is not true or false"
	case string:
		switch val.(type) {
		case map[string]any:
			return "a mapping where a single value is needed"
		case []any:
			return "a list where a single value is needed"
		}
	}
	return ""
}

// say writes the configuration's warnings to w. With a mistake a command
// is refused (every mistake is its error, exit 2), unless it only
// describes lore (tolerant: lore version, help, man), which says them as
// warnings and runs, or it shows the configuration (lore config, which
// names them after it).
func (c *config) say(w io.Writer, showing, tolerant bool) error {
	for _, s := range c.warnings {
		fmt.Fprintln(w, "lore: warning: "+s)
	}
	if showing || len(c.errs) == 0 {
		return nil
	}
	if tolerant {
		for _, err := range c.errs {
			fmt.Fprintln(w, "lore: warning: "+err.Error())
		}
		return nil
	}
	if len(c.errs) == 1 {
		return c.errs[0]
	}
	return mistakes(c.errs)
}

// notice is the configuration's warnings in one line for the terminal
// application's status line ("" when there are none): printed before the
// application starts, they would be hidden by its screen at once.
func (c *config) notice() string {
	if c == nil || len(c.warnings) == 0 {
		return ""
	}
	return "configuration: " + strings.Join(c.warnings, "; ")
}

// themes are the values of the theme key.
var themes = []string{"auto", "dark", "light"}

// checkTheme records a theme lore does not have as a mistake; it is
// checked when the configuration is read because every command's output
// depends on it (the commands that run despite it use auto).
func (c *config) checkTheme() {
	t := c.v.GetString(keyTheme)
	if t == "" || slices.Contains(themes, strings.ToLower(t)) {
		return
	}
	c.errs = append(c.errs, &core.UsageError{Msg: fmt.Sprintf("%s: %q is not one of %s (from %s)", keyTheme, t, strings.Join(themes, ", "), c.source(keyTheme))})
}

func describeConfigError(err error) string {
	if errors.Is(err, os.ErrNotExist) {
		return "no such file"
	}
	return err.Error()
}

// bindFlag makes a command's flag a layer of key.
func (c *config) bindFlag(key string, f *pflag.Flag) {
	if f == nil {
		return
	}
	_ = c.v.BindPFlag(key, f)
	c.flags[key] = f
}

// source says where key's effective value comes from.
func (c *config) source(key string) string {
	if f, ok := c.flags[key]; ok && f.Changed {
		return "flag --" + f.Name
	}
	env := "LORE_" + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key))
	if _, ok := os.LookupEnv(env); ok {
		return "env " + env
	}
	if c.file != "" && c.v.InConfig(key) {
		return "file " + c.file
	}
	return "default"
}

func (c *config) keys() []string {
	ks := c.defaults.AllKeys()
	sort.Strings(ks)
	return ks
}

func (c *config) dataDir() string {
	if d := c.v.GetString(keyDataDir); d != "" {
		return d
	}
	return dataHome()
}

// outputDir is where generated skills, agents and teams are written.
func (c *config) outputDir() string {
	if d := c.v.GetString(keyOutputDir); d != "" {
		return d
	}
	return filepath.Join(c.dataDir(), "skills")
}

// problems checks every setting as the commands that use it do, so that
// lore config shows a bad value before a command stops on it.
func (c *config) problems() []error {
	errs := slices.Clone(c.errs)
	keep := func(err error) {
		// A value of the wrong kind is named once, as such, not again as
		// out of range (it reads as 0); nor is a key of a section given a
		// value instead of its keys.
		if err != nil && !slices.ContainsFunc(c.errs, func(te error) bool {
			key, _, _ := strings.Cut(te.Error(), ":")
			return strings.HasPrefix(err.Error(), key+" ") || strings.HasPrefix(err.Error(), key+":") || strings.HasPrefix(err.Error(), key+".")
		}) {
			errs = append(errs, err)
		}
	}
	_, _, err := c.dedup()
	keep(err)
	_, err = c.generate()
	keep(err)
	_, err = c.acquireOptions()
	keep(err)
	_, _, err = c.skillEvolution()
	keep(err)
	_, err = c.skillPolicy()
	keep(err)
	_, err = c.domains()
	keep(err)
	if _, err := core.ParseDepth(c.v.GetString(keyDepth)); err != nil {
		keep(&core.UsageError{Msg: fmt.Sprintf("%s: %v (from %s)", keyDepth, err, c.source(keyDepth))})
	}
	return errs
}

// dedup returns the prefilter thresholds, checked.
func (c *config) dedup() (float64, int, error) {
	d, n := c.v.GetFloat64(keyDedupDist), c.v.GetInt(keyDedupShared)
	if d < 0 || d > 3 {
		return 0, 0, &core.UsageError{Msg: fmt.Sprintf("%s must be between 0 and 3 (from %s)", keyDedupDist, c.source(keyDedupDist))}
	}
	if n < 1 {
		return 0, 0, &core.UsageError{Msg: fmt.Sprintf("%s must be at least 1 (from %s)", keyDedupShared, c.source(keyDedupShared))}
	}
	return d, n, nil
}

// generate returns the generator thresholds, checked.
func (c *config) generate() (generate.Config, error) {
	var g generate.Config
	for _, k := range []struct {
		key string
		to  *int
		min int
	}{
		{keyGenSkillMin, &g.SkillMinPrimitives, 1},
		{keyGenAgentMin, &g.AgentMinPrimitives, 1},
		{keyGenTeamMin, &g.TeamMinPrimitives, 1},
		{keyGenTeamRules, &g.TeamMinCrossRules, 1},
		{keyGenTeamQuadrant, &g.TeamMinQuadrants, 1},
	} {
		if *k.to = c.v.GetInt(k.key); *k.to < k.min {
			return generate.Config{}, &core.UsageError{Msg: fmt.Sprintf("%s must be at least %d (from %s)", k.key, k.min, c.source(k.key))}
		}
	}
	if g.TeamMinQuadrants > 4 {
		return generate.Config{}, &core.UsageError{Msg: fmt.Sprintf("%s must be between 1 and 4, the plane's quadrants (from %s)", keyGenTeamQuadrant, c.source(keyGenTeamQuadrant))}
	}
	// The plane is the square [-1, 1]², so no two points are further
	// apart than its diagonal.
	g.AgentMinPlaneDistance = c.v.GetFloat64(keyGenAgentSpread)
	if !(g.AgentMinPlaneDistance > 0 && g.AgentMinPlaneDistance <= 2*math.Sqrt2) {
		return generate.Config{}, &core.UsageError{Msg: fmt.Sprintf("%s must be above 0 and at most 2.83, the plane's diagonal (from %s)", keyGenAgentSpread, c.source(keyGenAgentSpread))}
	}
	return g, nil
}

// acquireOptions are the acquisition settings: the per-file limit and the
// PDF backend, checked.
func (c *config) acquireOptions() (acquire.Options, error) {
	max, err := c.maxFileSize()
	if err != nil {
		return acquire.Options{}, err
	}
	b := c.v.GetString(keyPDFBackend)
	if err := acquire.ValidPDFBackend(b); err != nil {
		return acquire.Options{}, &core.UsageError{Msg: fmt.Sprintf("%s: %v (from %s)", keyPDFBackend, err, c.source(keyPDFBackend))}
	}
	return acquire.Options{MaxFileSize: max, PDFBackend: b}, nil
}

func (c *config) maxFileSize() (int64, error) {
	n := c.v.GetInt64(keyMaxFileSize)
	if n <= 0 {
		return 0, &core.UsageError{Msg: fmt.Sprintf("%s must be a positive number of bytes (from %s)", keyMaxFileSize, c.source(keyMaxFileSize))}
	}
	return n, nil
}

// skillEvolution returns the merge threshold and the failure count that
// makes a negative skill, checked.
func (c *config) skillEvolution() (float64, int, error) {
	t, n := c.v.GetFloat64(keyMergeThresh), c.v.GetInt(keyNegAfter)
	if !(t > 0 && t <= 1) {
		return 0, 0, &core.UsageError{Msg: fmt.Sprintf("%s must be above 0 and at most 1 (from %s)", keyMergeThresh, c.source(keyMergeThresh))}
	}
	if n < 1 {
		return 0, 0, &core.UsageError{Msg: fmt.Sprintf("%s must be at least 1 (from %s)", keyNegAfter, c.source(keyNegAfter))}
	}
	return t, n, nil
}

// skillPolicy compiles the per-consumer visibility rules. It reads the raw
// YAML values rather than decoding into a struct, because a struct would
// lose the difference the visibility rules give meaning to: "allow" absent (every
// skill) versus "allow: []" (none).
func (c *config) skillPolicy() (*scope.Policy, error) {
	bad := func(format string, args ...any) error {
		return &core.UsageError{Msg: fmt.Sprintf("%s: "+format+" (from %s)", append(append([]any{keyConsumers}, args...), c.source(keyConsumers))...)}
	}
	raw := c.v.Get(keyConsumers)
	if raw == nil {
		return nil, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, bad("must be a mapping of consumer names to {allow, deny}")
	}
	rules := make(map[string]scope.Rule, len(m))
	for name, v := range m {
		rm, ok := v.(map[string]any)
		if !ok {
			return nil, bad("consumer %q must be a mapping with allow and/or deny lists", name)
		}
		var r scope.Rule
		for field, val := range rm {
			list, ok := val.([]any)
			if !ok && val != nil {
				return nil, bad("consumer %q: %s must be a list of skill keys or patterns", name, field)
			}
			strs := make([]string, 0, len(list))
			for _, x := range list {
				s, ok := x.(string)
				if !ok {
					return nil, bad("consumer %q: %s holds %v, not a string", name, field, x)
				}
				strs = append(strs, s)
			}
			switch field {
			case "allow":
				if val == nil {
					strs = nil // "allow: null" is the same as no allow list
				}
				r.Allow = strs
			case "deny":
				r.Deny = strs
			default:
				return nil, bad("consumer %q: unknown field %q (allow, deny)", name, field)
			}
		}
		rules[name] = r
	}
	p, err := scope.NewPolicy(rules)
	if err != nil {
		return nil, bad("%v", err)
	}
	return p, nil
}

// domains returns the built-in domains merged with the user's domains file.
func (c *config) domains() ([]core.Domain, error) {
	builtin, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		return nil, fmt.Errorf("built-in domains: %w", err)
	}
	path := c.v.GetString(keyDomainsFile)
	if path == "" {
		return builtin, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &core.InputError{Input: path, Msg: "domains file (" + keyDomainsFile + ", from " + c.source(keyDomainsFile) + "): " + describeConfigError(err), Usage: true}
	}
	user, err := domains.Parse(data, path)
	if err != nil {
		return nil, &core.InputError{Input: path, Err: err, Usage: true}
	}
	return domains.Merge(builtin, user), nil
}
