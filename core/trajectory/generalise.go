package trajectory

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Placeholders a generalised text holds in place of run-specific values.
const (
	PlaceProject = "<project>"
	PlaceUser    = "<user>"
	PlaceQuery   = "<query>"
	PlaceTime    = "<time>"
	PlaceDate    = "<date>"
	PlaceUUID    = "<uuid>"
	PlaceHash    = "<hash>"
	PlaceID      = "<id>"
	PlaceNumber  = "<n>"
)

// What the generaliser counts, by the name a report gives it.
const (
	KindHome    = "home path"
	KindProject = "project path"
	KindUser    = "user name"
	KindQuery   = "url query"
	KindTime    = "timestamp"
	KindUUID    = "uuid"
	KindHash    = "hash"
	KindID      = "id"
	KindNumber  = "number"
)

// Generaliser turns the text of one run into text that holds nothing
// specific to that run or its user: secrets and personal data redacted
// (core/redact), the project's folder written <project>, paths under a home
// folder written from ~, the user names those paths carry written <user>,
// and URL queries, timestamps, UUIDs, hashes, long ids and numbers replaced
// by placeholders. Two runs of one procedure on different data generalise
// to the same steps, which is what seed 001's source hash compares.
//
// It counts what it replaced (Counts) and what it redacted (Redacted), for
// the report of what was taken out.
type Generaliser struct {
	project string
	homes   []string // longest first
	users   []string // lower case
	userRe  *regexp.Regexp
	// Counts says how many values of each kind were replaced.
	Counts map[string]int
	// Redacted says how many secrets and personal data of each kind were
	// redacted.
	Redacted map[redact.Kind]int
	// asWritten leaves every text as it is: the run's text as the agent
	// wrote it, which the scanners read (see Candidate.Written).
	asWritten bool
}

// asWritten returns a generaliser that changes nothing.
func asWritten() *Generaliser {
	return &Generaliser{Counts: map[string]int{}, Redacted: map[redact.Kind]int{}, asWritten: true}
}

var (
	// A home folder in a path: /home/NAME, /Users/NAME, /var/home/NAME,
	// C:\Users\NAME, /root — starting a path, not inside one (/srv/root).
	// Group 1 is what comes before it, group 2 the folder; the name stops
	// at a separator, white space, a quote or a bracket.
	homeRe = lazyre.New(`(^|[^A-Za-z0-9._~/\\-])((?:[A-Za-z]:)?[\\/](?:home|Users|var[\\/]home)[\\/][A-Za-z0-9._-]+|/root[A-Za-z0-9._-]*)`)
	// A URL with a query (core/redact's rule).
	queryRe = lazyre.New(`(?i)\b[a-z][a-z0-9+.-]*://[^\s?#"'<>]+\?[^\s#"'<>]+`)
	uuidRe  = lazyre.New(`\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b`)
	// ISO 8601 dates and times, and times of day.
	stampRe = lazyre.New(`\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b`)
)

// genericUsers are account names that name no person: replacing them as
// words would only damage the text.
var genericUsers = []string{"user", "users", "admin", "root", "ubuntu", "runner", "dev", "home", "shared", "guest",
	"test", "vagrant", "node", "app", "default", "public", "ec2-user", "debian", "centos", "fedora", "alpine",
	"build", "builder", "ci", "docker", "www", "www-data", "nobody", "work", "workspace"}

// NewGeneraliser returns a generaliser for a run whose project folder is
// cwd ("" when unknown). home is the local user's home folder ("" for
// none); texts are the run's texts, searched for the home folders they
// mention so that the user names those carry are known before the first
// text is generalised.
func NewGeneraliser(cwd, home string, texts ...string) *Generaliser {
	g := &Generaliser{Counts: map[string]int{}, Redacted: map[redact.Kind]int{}}
	homes := map[string]bool{}
	users := map[string]bool{}
	addHome := func(h string) {
		h = strings.TrimRight(h, `/\`)
		if len(h) < 2 {
			return
		}
		homes[h] = true
		name := strings.ToLower(path.Base(strings.ReplaceAll(h, `\`, "/")))
		if len(name) >= 3 && !slices.Contains(genericUsers, name) {
			users[name] = true
		}
	}
	if home != "" && home != "/" {
		addHome(home)
	}
	for _, t := range append([]string{cwd}, texts...) {
		if !strings.Contains(t, "home") && !strings.Contains(t, "Users") && !strings.Contains(t, "/root") {
			continue
		}
		for _, m := range homeRe.FindAllStringSubmatch(t, -1) {
			if isHome(m[2]) {
				addHome(m[2])
			}
		}
	}
	for h := range homes {
		g.homes = append(g.homes, h)
	}
	slices.SortFunc(g.homes, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	for u := range users {
		g.users = append(g.users, u)
	}
	slices.Sort(g.users)
	if len(g.users) > 0 {
		quoted := make([]string, len(g.users))
		for i, u := range g.users {
			quoted[i] = regexp.QuoteMeta(u)
		}
		// A user name as a word of its own: not inside a longer name.
		g.userRe = regexp.MustCompile(`(?i)(^|[^A-Za-z0-9_-])(` + strings.Join(quoted, "|") + `)($|[^A-Za-z0-9_-])`)
	}
	cwd = strings.TrimRight(strings.TrimSpace(cwd), `/\`)
	// A project folder of at least two levels: "/" or "/work" alone would
	// make every absolute path the project.
	if strings.Count(strings.ReplaceAll(cwd, `\`, "/"), "/") >= 2 && !homes[cwd] {
		g.project = cwd
	}
	return g
}

// Text generalises s.
func (g *Generaliser) Text(s string) string {
	if s == "" || g.asWritten {
		return s
	}
	s = g.redact(s)
	if g.project != "" && strings.Contains(s, g.project) {
		s = replacePrefix(s, g.project, PlaceProject, func() { g.Counts[KindProject]++ })
	}
	s = g.homeFolders(s, func() { g.Counts[KindHome]++ })
	s = g.userNames(s, func() { g.Counts[KindUser]++ })
	if hasStamp(s) {
		s = stampRe.ReplaceAllStringFunc(s, func(m string) string {
			g.Counts[KindTime]++
			if len(m) == 10 && m[4] == '-' {
				return PlaceDate
			}
			return PlaceTime
		})
	}
	if strings.Count(s, "-") >= 4 {
		s = uuidRe.ReplaceAllStringFunc(s, func(string) string { g.Counts[KindUUID]++; return PlaceUUID })
	}
	s = g.ids(s)
	return g.numbers(s)
}

// homeFolders writes the home folders of s from ~: those the generaliser was
// told of, then any other homeRe finds.
func (g *Generaliser) homeFolders(s string, count func()) string {
	for _, h := range g.homes {
		if strings.Contains(s, h) {
			s = replacePrefix(s, h, "~", count)
		}
	}
	if !strings.Contains(s, "home") && !strings.Contains(s, "Users") && !strings.Contains(s, "/root") {
		return s
	}
	return homeRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := homeRe.FindStringSubmatch(m)
		if !isHome(sub[2]) {
			return m
		}
		count()
		return sub[1] + "~"
	})
}

// userNames writes the known user names standing as words <user>.
func (g *Generaliser) userNames(s string, count func()) string {
	if g.userRe == nil {
		return s
	}
	lower := strings.ToLower(s)
	found := false
	for _, u := range g.users {
		if strings.Contains(lower, u) {
			found = true
			break
		}
	}
	if !found {
		return s
	}
	return g.userRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := g.userRe.FindStringSubmatch(m)
		count()
		return sub[1] + PlaceUser + sub[3]
	})
}

// ids replaces hashes and long opaque ids: a word of hexadecimal digits
// (hexToken) is a hash, a run of 16 letters and digits or more mixing both
// (idToken) an id.
func (g *Generaliser) ids(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isAlnum(s[i]) && s[i] != '_' {
			i++
			continue
		}
		j := i
		for j < len(s) && (isAlnum(s[j]) || s[j] == '_') {
			j++
		}
		word := s[i:j]
		switch {
		case len(word) >= 7 && isHexWord(word) && hexToken(word):
			b.WriteString(s[last:i])
			b.WriteString(PlaceHash)
			g.Counts[KindHash]++
			last = j
		case len(word) >= 16:
			// Each run of letters and digits between underscores.
			for k := i; k < j; {
				if s[k] == '_' {
					k++
					continue
				}
				e := k
				for e < j && s[e] != '_' {
					e++
				}
				if e-k >= 16 && idToken(s[k:e]) {
					b.WriteString(s[last:k])
					b.WriteString(PlaceID)
					g.Counts[KindID]++
					last = e
				}
				k = e
			}
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// hasStamp reports whether s may hold what stampRe finds: four digits and
// a dash (a date), or a digit, a colon and two digits (a time of day).
func hasStamp(s string) bool {
	for i := 0; i+3 < len(s); i++ {
		switch {
		case s[i] == '-' && i >= 4 && isDigit(s[i-1]) && isDigit(s[i-4]) && isDigit(s[i+1]):
			return true
		case s[i] == ':' && i >= 1 && isDigit(s[i-1]) && isDigit(s[i+1]) && isDigit(s[i+2]):
			return true
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isHexWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// Depersonalise takes out of s what names a person — secrets and personal
// data, home folders, the user names they carry — and nothing else: a
// file's path stays a path to that file, its dates and ids kept, as
// provenance needs.
func (g *Generaliser) Depersonalise(s string) string {
	if s == "" {
		return s
	}
	s = g.redact(s)
	s = g.homeFolders(s, func() {})
	return g.userNames(s, func() {})
}

// redact takes secrets and personal data out of s (core/redact's rules),
// a URL's query becoming ?<query> rather than vanishing, so that the step
// still says a query was sent.
func (g *Generaliser) redact(s string) string {
	// A query first, whole: the secrets in it are counted, but what is
	// left of it between them (a name, an encoded address) must go too.
	if strings.Contains(s, "://") && strings.Contains(s, "?") {
		s = queryRe.ReplaceAllStringFunc(s, func(m string) string {
			i := strings.IndexByte(m, '?')
			for _, sp := range redact.Find(m[i:]) {
				if sp.Kind != redact.Query {
					g.Redacted[sp.Kind]++
				}
			}
			g.Counts[KindQuery]++
			return m[:i] + "?" + PlaceQuery
		})
	}
	spans := redact.Find(s)
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp.Offset])
		if sp.Kind == redact.Query {
			b.WriteString("?" + PlaceQuery)
			g.Counts[KindQuery]++
		} else {
			b.WriteString(redact.Marker(sp.Kind))
			g.Redacted[sp.Kind]++
		}
		last = sp.Offset + sp.Length
	}
	b.WriteString(s[last:])
	return b.String()
}

// replacePrefix replaces every occurrence of the folder dir in s that is
// the whole folder or followed by a separator — not /home/al inside
// /home/alice — by with.
func replacePrefix(s, dir, with string, count func()) string {
	var b strings.Builder
	for {
		i := strings.Index(s, dir)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(dir)
		if end < len(s) && !isPathEnd(s[end]) {
			b.WriteString(s[:end])
			s = s[end:]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(with)
		count()
		s = s[end:]
	}
}

// isHome tells a home folder homeRe found from a folder that merely
// starts like /root (/rootfs).
func isHome(dir string) bool {
	return dir == "/root" || !strings.HasPrefix(dir, "/root")
}

func isPathEnd(c byte) bool {
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.')
}

// hexToken reports whether a run of hex digits is a hash or an id rather
// than a word ("deadbeef", "facade") or a number: it mixes digits and
// letters, or is as long as a digest.
func hexToken(s string) bool {
	letters, digits := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			digits++
		} else {
			letters++
		}
	}
	if letters == 0 {
		return false // a number: the number rule names it
	}
	return digits > 0 || len(s) >= 32
}

// idToken reports whether a long run of letters and digits is an id (a
// request id, a session id, an opaque key) rather than a word: it holds at
// least two digits and two letters.
func idToken(s string) bool {
	letters, digits := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			digits++
		} else {
			letters++
		}
	}
	return digits >= 2 && letters >= 2
}

// numbers replaces the numbers of s — runs of digits, with their decimal
// parts, standing alone — by <n>. Digits inside a word ("python3",
// "x86_64", "v2", "utf-8") are part of it and stay.
func (g *Generaliser) numbers(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || s[j] == '.' && j+1 < len(s) && isDigit(s[j+1])) {
			j++
		}
		if standalone(s, i, j) {
			b.WriteString(s[last:i])
			b.WriteString(PlaceNumber)
			g.Counts[KindNumber]++
			last = j
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_' || c >= 0x80
}

// standalone reports whether s[i:j], a run of digits, is a number of its
// own rather than part of a word.
func standalone(s string, i, j int) bool {
	if i > 0 {
		c := s[i-1]
		if isWordByte(c) {
			return false
		}
		// "utf-8", "x.2": a digit joined to a word by - or . belongs to it.
		if (c == '-' || c == '.') && i > 1 && isWordByte(s[i-2]) {
			return false
		}
	}
	if j < len(s) && isWordByte(s[j]) {
		return false
	}
	return true
}
