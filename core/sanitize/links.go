package sanitize

import (
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

type urlKind int

const (
	kindAttr urlKind = iota
	kindLink
	kindImage
)

// resource gives the severity of loading a remote URL through tag.attr.
// A link's href is navigation, not loading, and is not listed.
func resource(tag, attr string) (core.Severity, bool) {
	switch tag {
	case "script", "iframe", "frame", "embed":
		if attr == "src" {
			return core.Critical, true
		}
	case "object":
		if attr == "data" || attr == "codebase" || attr == "classid" {
			return core.Critical, true
		}
	case "applet":
		if attr == "code" || attr == "codebase" || attr == "archive" {
			return core.Critical, true
		}
	case "img":
		if attr == "src" || attr == "srcset" || attr == "lowsrc" || attr == "dynsrc" || attr == "data-src" {
			return core.Warning, true
		}
	case "image", "use":
		if attr == "href" || attr == "xlink:href" {
			return core.Warning, true
		}
	case "link", "base":
		if attr == "href" {
			return core.Warning, true
		}
	case "video", "audio", "source", "track", "input":
		if attr == "src" || attr == "poster" || attr == "srcset" {
			return core.Warning, true
		}
	case "form":
		if attr == "action" {
			return core.Warning, true
		}
	case "button":
		if attr == "formaction" {
			return core.Warning, true
		}
	case "body", "table", "td", "th":
		if attr == "background" {
			return core.Warning, true
		}
	case "meta":
		return core.Warning, true
	}
	return "", false
}

func isRemote(v string) bool {
	for _, p := range []string{"http://", "https://", "//", "ftp://", "ws://", "wss://"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// urlValue judges a URL that a browser or renderer would follow or load:
// an attribute value or a Markdown link/image target.
func (sc *scanner) urlValue(va, vb int, kind urlKind, tag, attr string) {
	raw := sc.s[va:vb]
	if len(raw) > 4096 {
		raw = raw[:4096]
	}
	v := strings.ToLower(cleanURL(raw))
	where := "link target"
	switch kind {
	case kindAttr:
		where = attr + " attribute of <" + tag + ">"
	case kindImage:
		where = "image source"
	}
	for _, scheme := range []string{"javascript:", "vbscript:", "livescript:"} {
		if strings.HasPrefix(v, scheme) {
			sc.add(va, vb, core.EmbeddedCode, core.Critical, scheme+" URL as "+where, recJSURL, true)
			return
		}
	}
	sc.pathTarget(va, vb, v, where)
	if !isRemote(v) {
		return
	}
	sev, ok := core.Warning, kind == kindImage
	if kind == kindAttr {
		sev, ok = resource(tag, attr)
	}
	if !ok {
		return
	}
	desc := "remote resource in " + where + ": " + quoteCut(raw, 80)
	if kind == kindImage {
		desc = "Markdown image loads a remote URL " + quoteCut(raw, 80)
	}
	if (kind == kindImage || tag == "img") && badge(v) {
		// A status badge is an image every README shows; it loads a
		// picture of a build's state, nothing that runs.
		sev, desc = core.Info, desc+" (a status badge)"
	}
	sc.add(va, vb, core.ExternalResources, sev, desc, recRemote, true)
}

// badge reports whether a remote image URL (lower case) is a status
// badge: a badge service's, or a path ending in badge.svg.
func badge(v string) bool {
	for _, h := range []string{"://img.shields.io/", "://shields.io/", "://badgen.net/", "://badge.fury.io/", "://codecov.io/", "://api.netlify.com/api/v1/badges/"} {
		if strings.Contains(v, h) {
			return true
		}
	}
	return strings.Contains(v, "/badge.svg")
}

// cleanURL undoes what browsers undo before reading a scheme: character
// references, and tabs, newlines and other controls anywhere in the value.
func cleanURL(v string) string {
	if strings.IndexByte(v, '&') >= 0 {
		v = decodeEntities(v)
	}
	clean := true
	for i := 0; i < len(v); i++ {
		if v[i] <= ' ' {
			clean = false
			break
		}
	}
	if clean {
		return v
	}
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if v[i] > ' ' {
			b = append(b, v[i])
		}
	}
	return string(b)
}

var namedEntities = map[string]string{
	"colon": ":", "tab": "\t", "newline": "\n", "amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'",
	"sol": "/", "period": ".", "lpar": "(", "rpar": ")", "bsol": `\`, "num": "#", "percnt": "%",
}

// decodeEntities decodes numeric and the few named character references
// that matter for hiding a scheme or a path.
func decodeEntities(v string) string {
	var sb strings.Builder
	for i := 0; i < len(v); {
		if v[i] != '&' {
			sb.WriteByte(v[i])
			i++
			continue
		}
		e := strings.IndexByte(v[i:min(len(v), i+12)], ';')
		if e < 0 {
			// Browsers also accept numeric references without the semicolon.
			if i+2 < len(v) && v[i+1] == '#' {
				k := i + 2
				for k < len(v) && k-i < 10 && (isWordByte(v[k])) {
					k++
				}
				if r, ok := numericRef(v[i+2 : k]); ok {
					sb.WriteRune(r)
					i = k
					continue
				}
			}
			sb.WriteByte('&')
			i++
			continue
		}
		ref := v[i+1 : i+e]
		if len(ref) > 1 && ref[0] == '#' {
			if r, ok := numericRef(ref[1:]); ok {
				sb.WriteRune(r)
				i += e + 1
				continue
			}
		} else if rep, ok := namedEntities[strings.ToLower(ref)]; ok {
			sb.WriteString(rep)
			i += e + 1
			continue
		}
		sb.WriteByte('&')
		i++
	}
	return sb.String()
}

func numericRef(ref string) (rune, bool) {
	if ref == "" {
		return 0, false
	}
	var n int64
	var err error
	if ref[0] == 'x' || ref[0] == 'X' {
		n, err = strconv.ParseInt(ref[1:], 16, 32)
	} else {
		n, err = strconv.ParseInt(ref, 10, 32)
	}
	if err != nil || n <= 0 || n > 0x10FFFF {
		return 0, false
	}
	return rune(n), true
}

// pathTarget judges a followed path or URL (lower case, references
// decoded) for traversal: file: URLs, ../ climbs, percent-encoded climbs
// and absolute system paths. Plain relative links ("./chapter2.md",
// "../README.md") are what documentation is made of and pass.
func (sc *scanner) pathTarget(va, vb int, v, where string) {
	sc.ptUntil = max(sc.ptUntil, vb)
	d := percentDecode(v)
	encoded := d != v && strings.Contains(d, "..") && !strings.Contains(v, "..")
	d = strings.ReplaceAll(d, `\`, "/")
	switch {
	case strings.HasPrefix(d, "file:"):
		if p := strings.TrimPrefix(strings.TrimPrefix(d[5:], "//"), "localhost"); sensitivePath(p) || systemPath(p) {
			sc.add(va, vb, core.PathTraversal, core.Critical, "file: URL to a sensitive local file as "+where, recPath, true)
		} else {
			sc.add(va, vb, core.PathTraversal, core.Warning, "file: URL into the local file system as "+where, recPathWarn, true)
		}
	case strings.Contains(d, "../") || strings.HasSuffix(d, "/..") || d == "..":
		levels := strings.Count(d, "../")
		switch {
		case sensitivePath(d) || systemPath(d):
			sc.add(va, vb, core.PathTraversal, core.Critical,
				"relative path climbs "+strconv.Itoa(levels)+" level(s) to a sensitive file as "+where, recPath, true)
		case encoded:
			sc.add(va, vb, core.PathTraversal, core.Critical, "percent-encoded ../ traversal as "+where, recPath, true)
		case levels >= 4:
			sc.add(va, vb, core.PathTraversal, core.Warning,
				"relative path climbs "+strconv.Itoa(levels)+" levels as "+where, recPathWarn, true)
		}
	case strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "//") && (sensitivePath(d) || systemPath(d)):
		sc.add(va, vb, core.PathTraversal, core.Critical, "absolute path to a sensitive file as "+where, recPath, true)
	case len(d) >= 3 && letter[d[0]] && d[1] == ':' && d[2] == '/':
		if sensitivePath(d) {
			sc.add(va, vb, core.PathTraversal, core.Critical, "absolute Windows path to a sensitive file as "+where, recPath, true)
		} else {
			sc.add(va, vb, core.PathTraversal, core.Warning, "absolute Windows path as "+where, recPathWarn, true)
		}
	case strings.HasPrefix(v, `\\`):
		sc.add(va, vb, core.PathTraversal, core.Warning, "UNC network path as "+where, recPathWarn, true)
	}
}

func percentDecode(v string) string {
	if strings.IndexByte(v, '%') < 0 {
		return v
	}
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if v[i] == '%' && i+2 < len(v) {
			if x, err := strconv.ParseUint(v[i+1:i+3], 16, 8); err == nil {
				b = append(b, byte(x))
				i += 2
				continue
			}
		}
		b = append(b, v[i])
	}
	return strings.ToLower(string(b))
}

var sensitiveFiles = set("passwd", "shadow", "sudoers", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "authorized_keys", "known_hosts",
	".netrc", ".npmrc", ".pypirc", ".bash_history", ".zsh_history", ".env", "win.ini", "boot.ini", "system.ini", "docker.sock",
	"wp-config.php", "web.config", ".htpasswd", ".git-credentials", "sam", "ntds.dit")
var sensitiveDirs = set(".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".config")

var etcFiles = set("passwd", "shadow", "gshadow", "sudoers", "sudoers.d", "hosts", "group", "crontab", "ssh", "ssl", "security",
	"environment", "profile", "hostname", "resolv.conf", "fstab", "master.passwd", "krb5.keytab")

// systemTops are top-level directories of a system; climbing two or more
// levels into one is reaching outside any project.
var systemTops = set("etc", "proc", "root", "var", "usr", "home", "boot", "sys", "dev", "windows", "users", "private")

// systemPath reports an absolute path or a climb of two or more levels
// that lands in a system directory: "/etc/x", "../../etc/x".
func systemPath(p string) bool {
	levels := 0
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	for strings.HasPrefix(p, "../") {
		p = p[3:]
		levels++
	}
	abs := strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//")
	if !abs && levels < 2 {
		return false
	}
	p = strings.TrimLeft(p, "/")
	top := p
	if i := strings.IndexByte(p, '/'); i >= 0 {
		top = p[:i]
	} else if abs {
		return false
	}
	return systemTops[top] && (levels >= 2 || top == "etc" || top == "proc" || top == "root" || top == "sys")
}

// sensitivePath reports whether a path (lower case, forward slashes) names
// a credential, a system file or a system directory.
func sensitivePath(p string) bool {
	if q := strings.IndexAny(p, "?#"); q >= 0 {
		p = p[:q]
	}
	els := strings.Split(p, "/")
	for i, e := range els {
		if sensitiveFiles[e] || sensitiveDirs[e] || strings.HasPrefix(e, ".env.") {
			return true
		}
		next := ""
		if i+1 < len(els) {
			next = els[i+1]
		}
		switch e {
		case "etc":
			if etcFiles[next] {
				return true
			}
		case "proc":
			if next == "self" || next == "1" {
				return true
			}
		case "windows":
			if next == "system32" || next == "win.ini" || next == "repair" {
				return true
			}
		case "root":
			if i == 1 && els[0] == "" {
				return true
			}
		}
	}
	return false
}

// lbrack handles [INST] markers and Markdown reference definitions
// ("[id]: target" at the start of a line).
func (sc *scanner) lbrack(i int) {
	s := sc.s
	if hasPrefixFold(s[i:], "[inst]") {
		sc.templateHit(i, i+6)
		return
	}
	if hasPrefixFold(s[i:], "[/inst]") {
		sc.templateHit(i, i+7)
		return
	}
	if sc.format != core.FormatMarkdown || !atLineStart(s, i) {
		return
	}
	lim := min(len(s), i+200)
	e := strings.IndexAny(s[i+1:lim], "]\n")
	if e < 0 || s[i+1+e] != ']' || i+2+e >= len(s) || s[i+2+e] != ':' {
		return
	}
	k := i + 3 + e
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	ta := k
	for k < len(s) && k-ta < 2048 && !isSpace(s[k]) {
		k++
	}
	if k > ta {
		sc.urlValue(ta, k, kindLink, "", "")
	}
}

// rbrack handles a Markdown link or image target "](target)".
func (sc *scanner) rbrack(i int) {
	s := sc.s
	if i+1 >= len(s) || s[i+1] != '(' || (sc.format != core.FormatMarkdown && sc.format != core.FormatText) || i < sc.linkUntil {
		return
	}
	k := i + 2
	for k < len(s) && k-i < 16 && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
		k++
	}
	ta, tb := k, 0
	if k < len(s) && s[k] == '<' {
		e := strings.IndexAny(s[k+1:min(len(s), k+2048)], ">\n")
		if e < 0 {
			return
		}
		ta, tb = k+1, k+1+e
	} else {
		depth := 0
	loop:
		for ; k < len(s) && k-ta < 2048; k++ {
			switch c := s[k]; {
			case isSpace(c):
				break loop
			case c == '(':
				depth++
			case c == ')':
				if depth == 0 {
					break loop
				}
				depth--
			}
		}
		tb = k
	}
	sc.linkUntil = tb
	if tb == ta {
		return
	}
	kind := kindLink
	if sc.isImage(i) {
		kind = kindImage
	}
	sc.urlValue(ta, tb, kind, "", "")
}

// isImage reports whether the bracket closed at i opened with "![".
func (sc *scanner) isImage(i int) bool {
	s := sc.s
	depth := 0
	lim := max0(i - 1024)
	for k := i - 1; k >= lim; k-- {
		sc.tagBudget--
		switch s[k] {
		case ']':
			depth++
		case '[':
			if depth == 0 {
				return k > 0 && s[k-1] == '!'
			}
			depth--
		case '\n':
			if k > 0 && s[k-1] == '\n' {
				return false
			}
		}
		if sc.tagBudget < 0 {
			return false
		}
	}
	return false
}

// dot looks for a ../ climb in running text. Prose is where tutorials
// explain relative paths, so only a climb to a sensitive file counts, and
// then only as a warning.
func (sc *scanner) dot(i int) {
	s := sc.s
	if i < sc.ptUntil || i+2 >= len(s) || s[i+1] != '.' || (s[i+2] != '/' && s[i+2] != '\\') || (i > 0 && s[i-1] == '.') {
		return
	}
	k := i
	for k < len(s) && k-i < 512 && !isSpace(s[k]) && strings.IndexByte("\"'`()<>[]{}|,;", s[k]) < 0 {
		k++
	}
	sc.ptUntil = k
	if p := strings.ReplaceAll(strings.ToLower(s[i:k]), `\`, "/"); sensitivePath(p) || systemPath(p) {
		sc.add(i, k, core.PathTraversal, core.Warning, "relative path to a sensitive file in running text "+quoteCut(s[i:k], 60), recPathWarn, true)
	}
}

// fileURL flags a file: URL to a sensitive file in running text (in a link
// or attribute it was judged already).
func (sc *scanner) fileURL(a, b int) {
	s := sc.s
	if a < sc.ptUntil {
		return
	}
	k := b + 1
	for k < len(s) && k-a < 512 && !isSpace(s[k]) && strings.IndexByte("\"'`()<>[]{}|,;", s[k]) < 0 {
		k++
	}
	sc.ptUntil = k
	p := strings.TrimPrefix(strings.ReplaceAll(strings.ToLower(percentDecode(s[b+1:k])), `\`, "/"), "//")
	if p = strings.TrimPrefix(p, "localhost"); sensitivePath(p) || systemPath(p) {
		sc.add(a, k, core.PathTraversal, core.Warning, "file: URL to a sensitive local file in running text "+quoteCut(s[a:k], 60), recPathWarn, true)
	}
}

var execMedia = set("text/html", "application/xhtml+xml", "application/javascript", "text/javascript", "application/x-javascript",
	"application/ecmascript", "text/ecmascript", "text/vbscript", "application/hta", "application/x-shockwave-flash", "text/jscript")

// dataURI judges "data:type/subtype[;params],payload". Documents and
// scripts are critical wherever they appear; SVG (which can script) and
// opaque binary payloads are warnings; raster images are a note.
func (sc *scanner) dataURI(a, b int) {
	s := sc.s
	k := b + 1
	ta := k
	for k < len(s) && k-ta < 64 && (isWordByte(s[k]) || s[k] == '-' || s[k] == '.' || s[k] == '+' || s[k] == '/') {
		k++
	}
	media := strings.ToLower(s[ta:k])
	if media != "" && strings.Count(media, "/") != 1 {
		return
	}
	isB64 := false
	for k < len(s) && s[k] == ';' {
		pa := k + 1
		k++
		for k < len(s) && k-pa < 64 && s[k] != ';' && s[k] != ',' && !isSpace(s[k]) && s[k] != '"' && s[k] != '\'' && s[k] != ')' {
			k++
		}
		if strings.EqualFold(s[pa:k], "base64") {
			isB64 = true
		}
	}
	if k >= len(s) || s[k] != ',' || (media == "" && !isB64) {
		return
	}
	pa := k + 1
	k = pa
	if isB64 {
		for k < len(s) && (b64[s[k]] || s[k] == '%') {
			k++
		}
		sc.resumeAt = max(sc.resumeAt, k)
	} else if pa < sc.dataUntil {
		// Inside the previous payload: it ends where that one ended.
		k = sc.dataUntil
	} else {
		for k < len(s) && k-pa < 4096 && !isSpace(s[k]) && s[k] != '"' && s[k] != '\'' && s[k] != ')' {
			k++
		}
	}
	sc.dataUntil = max(sc.dataUntil, k)
	size := k - pa
	enc := ""
	if isB64 {
		enc = ", base64"
	}
	switch {
	case execMedia[media]:
		desc := "data: URI with executable content (" + media + enc + ")"
		if isB64 {
			if t, ok := decodeB64(s[pa:min(k, pa+4096)]); ok && printable(t) {
				desc += " decoding to " + quoteCut(t, 60)
			}
		}
		sc.add(a, k, core.EmbeddedCode, core.Critical, desc, recDataExec, true)
	case media == "image/svg+xml":
		sc.add(a, k, core.EmbeddedCode, core.Warning, "data: URI with an SVG image, which can carry script", recDataURI, true)
	case strings.HasPrefix(media, "image/"):
		sc.add(a, k, core.EmbeddedCode, core.Info, "inline image data: URI ("+media+", "+strconv.Itoa(size)+" bytes encoded)", recDataURI, true)
	case isB64 && size == 0:
		// "data:application/octet-stream;base64," with nothing after it:
		// a template's empty slot, hiding nothing.
	case isB64:
		if media == "" {
			media = "text/plain"
		}
		sc.add(a, k, core.EmbeddedCode, core.Warning, "data: URI with a base64 payload ("+media+", "+strconv.Itoa(size)+" bytes encoded)", recDataURI, true)
	}
}

// cssURL judges CSS url(…): a remote load, or a javascript: URL.
func (sc *scanner) cssURL(a, b int) {
	s := sc.s
	if a < sc.cssUntil {
		return
	}
	k := b + 1
	for k < len(s) && k-b < 8 && (s[k] == ' ' || s[k] == '"' || s[k] == '\'') {
		k++
	}
	va := k
	for k < len(s) && k-va < 2048 && s[k] != ')' && s[k] != '"' && s[k] != '\'' && !isSpace(s[k]) {
		k++
	}
	sc.cssUntil = k
	v := strings.ToLower(cleanURL(s[va:k]))
	switch {
	case strings.HasPrefix(v, "javascript:"):
		sc.add(a, k, core.EmbeddedCode, core.Critical, "javascript: URL inside CSS url()", recJSURL, true)
	case isRemote(v):
		sc.add(a, k, core.ExternalResources, core.Warning, "CSS url() loads a remote resource "+quoteCut(s[va:k], 80), recRemote, true)
	}
}

// decodeB64 decodes standard or URL-safe base64, padded or not, ignoring
// white space and percent-encoded padding.
func decodeB64(p string) (string, bool) {
	p = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' {
			return -1
		}
		return r
	}, p)
	p = strings.ReplaceAll(p, "%3D", "=")
	p = strings.TrimRight(p, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(p); err == nil {
			return string(b), true
		}
	}
	// A truncated tail should not hide the rest.
	if n := len(p) / 4 * 4; n > 0 && n < len(p) {
		if b, err := base64.RawStdEncoding.DecodeString(p[:n]); err == nil {
			return string(b), true
		}
	}
	return "", false
}
