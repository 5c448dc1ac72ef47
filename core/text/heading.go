package text

import "strings"

// HeadingAttrsOut drops a heading's attribute list, which pandoc, kramdown
// and mmark print nothing of ("Elligator 2 method {#elligator2}", "Notes
// {.unnumbered}", "Usage {: #usage}"), and reads its backslash escapes
// as the characters they keep from markup ("hash\_to\_field").
func HeadingAttrsOut(t string) string {
	if strings.HasSuffix(t, "}") {
		if i := strings.LastIndex(t, "{"); i > 0 && (t[i-1] == ' ' || t[i-1] == '\t') && i+1 < len(t) && strings.IndexByte("#.:", t[i+1]) >= 0 {
			t = strings.TrimRight(t[:i], " \t")
		}
	}
	if strings.Contains(t, `\`) {
		var b strings.Builder
		for i := 0; i < len(t); i++ {
			if t[i] == '\\' && i+1 < len(t) && strings.IndexByte("_*`#!|~", t[i+1]) >= 0 {
				continue
			}
			b.WriteByte(t[i])
		}
		t = b.String()
	}
	return t
}
