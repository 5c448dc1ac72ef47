package codescan

import "strings"

// maxScripts bounds the inline scripts read from one page.
const maxScripts = 256

// html analyses the inline scripts of an HTML page as JavaScript, in
// place: a template a skill ships in assets/ is expected to hold a
// <script> tag, and what that script does decides whether it is hostile.
// A script with a src attribute has no body here (the prose scanner
// reports remote sources), and a non-JavaScript type (JSON data, a
// template) is not code.
func (a *analysis) html() {
	s := a.doc
	low := strings.ToLower(s)
	for from, n := 0, 0; n < maxScripts; n++ {
		i := strings.Index(low[from:], "<script")
		if i < 0 {
			return
		}
		i += from
		end := strings.IndexByte(low[i:], '>')
		if end < 0 {
			return
		}
		tag, body := low[i:i+end], i+end+1
		close := strings.Index(low[body:], "</script")
		if close < 0 {
			close = len(s) - body
		}
		from = body + close
		if attr(tag, "src") || !jsType(tag) || close == 0 {
			continue
		}
		a.run(JavaScript, unit{s: s[body : body+close], base: body, exact: true})
	}
}

// attr reports whether a lower-cased start tag has the attribute name.
func attr(tag, name string) bool {
	for _, f := range strings.FieldsFunc(tag, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }) {
		if f == name || strings.HasPrefix(f, name+"=") {
			return true
		}
	}
	return false
}

// jsType reports a script tag whose type is JavaScript: none, a
// JavaScript MIME type or module.
func jsType(tag string) bool {
	k := strings.Index(tag, "type=")
	if k < 0 {
		return true
	}
	v := strings.Trim(strings.Fields(tag[k+len("type="):] + " ")[0], `"'`)
	return v == "" || v == "module" || strings.Contains(v, "javascript") || strings.Contains(v, "ecmascript")
}
