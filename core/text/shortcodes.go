package text

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// CodeShortcodes rewrites the code blocks a Markdown page writes as paired
// shortcodes — Hugo's {{< highlight bash >}} … {{< /highlight >}}, or a
// site's own with a lang="…" attribute, {{< codeFromInline lang="bash" >}}
// … {{< /codeFromInline >}} — as fenced blocks in that language, which is
// what a reader of the rendered page sees: the commands a guide gives that
// way are code, and their "# For ARM64" comments are no headings. A
// shortcode without a language, or without its closing tag, is left as it
// is.
func CodeShortcodes(s string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	changed := false
	for i := 0; i < len(lines); i++ {
		m := openShortcode.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil {
			continue
		}
		lang := ""
		if a := langAttr.FindStringSubmatch(m[3]); a != nil {
			lang = a[1]
		} else if m[2] == "highlight" {
			if f := strings.Fields(m[3]); len(f) > 0 && !strings.Contains(f[0], "=") {
				lang = strings.Trim(f[0], `"`)
			}
		}
		if lang == "" {
			continue
		}
		closer := "{{" + m[1] + "/" + m[2] + closing(m[1]) + "}}" // compared without blanks
		for j := i + 1; j < len(lines); j++ {
			if strings.Join(strings.Fields(lines[j]), "") != closer {
				continue
			}
			indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " \t"))]
			lines[i] = indent + "```" + lang + "\n"
			end := "\n"
			if !strings.HasSuffix(lines[j], "\n") {
				end = ""
			}
			lines[j] = indent + "```" + end
			changed = true
			i = j
			break
		}
	}
	if !changed {
		return s
	}
	return strings.Join(lines, "")
}

// closing is the delimiter that ends a shortcode opened with d ("<" or "%").
func closing(d string) string {
	if d == "%" {
		return "%"
	}
	return ">"
}

var (
	// openShortcode is a line that is one shortcode tag: its delimiter,
	// name and arguments.
	openShortcode = lazyre.New(`^\{\{([<%])\s*([A-Za-z][\w-]*)\s*(.*?)\s*[>%]\}\}$`)
	// langAttr is a shortcode's language attribute.
	langAttr = lazyre.New(`\blang(?:uage)?\s*=\s*"?([A-Za-z0-9_+-]+)"?`)
)
