package sanitize

import (
	"strings"

	"github.com/lore-kb/lore/core"
)

const (
	recScript   = "Remove the script, or convert the page to plain text before learning from it."
	recJSURL    = "Remove the javascript: link: following it runs code."
	recHandler  = "Remove the on… attribute: it runs code in a browser."
	recEmbed    = "Remove the embedded frame or object, or review what it loads before approving."
	recDataExec = "Remove the data: URI: it carries a document or script that runs when opened."
	recDataURI  = "Check the embedded data: URI is the image or file it claims to be, or remove it."
	recRemote   = "Review the remote resource yourself or remove the reference: remote content can change after review."
	recPath     = "Remove the link: it points outside the document's folder at a sensitive local file."
	recPathWarn = "Check where the path leads; a document should not point at files outside its own tree."
	recMismatch = "Convert the file to the format it really is (or drop it) before learning from it."
)

// Tags whose closing tag is remembered: a mention like "<iframe>s" in
// prose counts as a tag only when it has attributes, starts a line, or is
// closed later in the document.
const (
	tScript = iota
	tIframe
	tObject
	tEmbed
	tApplet
	tSystem
	numTracked
	tNone = -1
)

func tracked(name string) int {
	switch strings.ToLower(name) {
	case "script":
		return tScript
	case "iframe", "frame":
		return tIframe
	case "object":
		return tObject
	case "embed":
		return tEmbed
	case "applet":
		return tApplet
	case "system", "system_prompt", "system-prompt", "systemprompt":
		return tSystem
	}
	return tNone
}

type pendingTag struct {
	a, b int
	t    int
}

func (sc *scanner) lt(i int) {
	s := sc.s
	if i+1 >= len(s) {
		return
	}
	switch c := s[i+1]; {
	case c == '|':
		sc.chatPipe(i)
	case c == '<':
		for _, m := range []string{"<<sys>>", "<</sys>>"} {
			if hasPrefixFold(s[i:], m) {
				sc.templateHit(i, i+len(m))
			}
		}
	case c == '!':
		if strings.HasPrefix(s[i:], "<!--") {
			sc.comment(i)
		}
	case c == '/':
		j := i + 2
		for j < len(s) && j-i < 20 && (letter[s[j]] || s[j] == '_' || s[j] == '-') {
			j++
		}
		if t := tracked(s[i+2 : j]); t != tNone {
			sc.closes[t] = i
		}
	case letter[c]:
		sc.tag(i)
	}
}

var chatNames = set("im_start", "im_end", "im_sep", "system", "user", "assistant", "endoftext", "end_of_text", "begin_of_text",
	"start_header_id", "end_header_id", "eot_id", "eom_id", "python_tag", "fim_prefix", "fim_middle", "fim_suffix", "endofprompt", "tool_call")

// chatPipe recognizes <|name|> chat-template tokens (ChatML, Llama 3,
// GPT special tokens).
func (sc *scanner) chatPipe(i int) {
	s := sc.s
	j := i + 2
	for j < len(s) && j-i < 24 && (isWordByte(s[j]) || s[j] == '_') {
		j++
	}
	if j+1 < len(s) && s[j] == '|' && s[j+1] == '>' && chatNames[strings.ToLower(s[i+2:j])] {
		sc.templateHit(i, j+2)
	}
}

func (sc *scanner) templateHit(a, b int) {
	sc.overrides = append(sc.overrides, a)
	sc.add(a, b, core.PromptInjection, core.Critical, "chat-template marker "+quoteCut(sc.s[a:b], 40), recTemplate, true)
}

func (sc *scanner) comment(i int) {
	if i < sc.commentN {
		return
	}
	end := len(sc.s)
	if e := strings.Index(sc.s[i+4:], "-->"); e >= 0 {
		end = i + 4 + e + 3
	}
	sc.comments = append(sc.comments, span{i, end})
	sc.commentN = end
}

func hasPrefixFold(s, lit string) bool {
	return len(s) >= len(lit) && strings.EqualFold(s[:len(lit)], lit)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// tag parses "<name attr=value …>" (bounded, and within a per-document
// budget so that a flood of unterminated tags stays linear) and judges the
// tag and each attribute.
func (sc *scanner) tag(i int) {
	s := sc.s
	j := i + 1
	for j < len(s) && j-i <= 33 && (isWordByte(s[j]) || s[j] == '-' || s[j] == '_' || s[j] == ':') {
		j++
	}
	name := s[i+1 : j]
	if j < len(s) && !isSpace(s[j]) && s[j] != '>' && s[j] != '/' {
		for _, scheme := range []string{"javascript:", "vbscript:"} {
			if hasPrefixFold(s[i+1:], scheme) {
				sc.add(i, min(len(s), i+1+len(scheme)), core.EmbeddedCode, core.Critical,
					"autolink with a "+scheme+" URL", recJSURL, true)
			}
		}
		return
	}
	if len(name) == 1 && (name == "s" || name == "S") && j < len(s) && s[j] == '>' {
		sc.seqStart(i, j+1)
		return
	}
	t := tracked(name)
	n := 0
	end := j
	if sc.tagBudget > 0 {
		n, end = sc.attrs(i, j, strings.ToLower(name))
	}
	real := n > 0 || atLineStart(s, i)
	switch t {
	case tScript:
		if real {
			sc.add(i, end, core.EmbeddedCode, core.Critical, "script tag "+quoteCut(s[i:end], 60), recScript, true)
		} else {
			sc.pending = append(sc.pending, pendingTag{i, end, t})
		}
	case tIframe, tObject, tEmbed, tApplet:
		if real {
			sc.embedHit(i, end, name)
		} else {
			sc.pending = append(sc.pending, pendingTag{i, end, t})
		}
	case tSystem:
		sc.pending = append(sc.pending, pendingTag{i, end, t})
	}
}

func (sc *scanner) embedHit(a, b int, name string) {
	sc.add(a, b, core.EmbeddedCode, core.Warning, "<"+strings.ToLower(name)+"> tag embeds active content "+quoteCut(sc.s[a:b], 60), recEmbed, true)
}

// resolveTags settles the bare mentions: a <script> without attributes is
// a script when closed later and a suspicious mention otherwise; an
// <iframe> without attributes, start of line or closing tag is prose
// ("<iframe>s and long polling") and no finding.
func (sc *scanner) resolveTags() {
	for _, p := range sc.pending {
		closed := sc.closes[p.t] > p.a
		switch p.t {
		case tScript:
			switch {
			case closed:
				sc.add(p.a, p.b, core.EmbeddedCode, core.Critical, "script tag "+quoteCut(sc.s[p.a:p.b], 60), recScript, true)
			case codeFollows(sc.s, p.b):
				sc.add(p.a, p.b, core.EmbeddedCode, core.Warning, "unclosed <script> tag followed by code", recScript, true)
			default:
				sc.add(p.a, p.b, core.EmbeddedCode, core.Info, "<script> tag mentioned in running text", recScript, true)
			}
		case tSystem:
			if closed {
				sc.overrides = append(sc.overrides, p.a)
				sc.add(p.a, p.b, core.PromptInjection, core.Critical, "XML system tag injection "+quoteCut(sc.s[p.a:p.b], 40)+" … </system>", recTemplate, true)
			} else {
				sc.add(p.a, p.b, core.PromptInjection, core.Warning, "unclosed XML system tag "+quoteCut(sc.s[p.a:p.b], 40), recTemplate, true)
			}
		default:
			if closed {
				sc.embedHit(p.a, p.b, sc.s[p.a+1:p.b-1])
			}
		}
	}
}

// codeFollows reports whether the rest of the line after p looks like
// script rather than a sentence: a call ("alert("), an assignment written
// tight ("x=1", "a.b='c'") or a statement end.
func codeFollows(s string, p int) bool {
	lim := min(len(s), p+200)
	if e := strings.IndexByte(s[p:lim], '\n'); e >= 0 {
		lim = p + e
	}
	for k := p; k < lim; k++ {
		switch s[k] {
		case '(':
			if k > p && (isWordByte(s[k-1]) || s[k-1] == '_' || s[k-1] == '$') {
				return true
			}
		case '=':
			if k > p && k+1 < lim && s[k-1] != ' ' && s[k+1] != ' ' {
				return true
			}
		case ';', '{':
			return true
		}
	}
	return false
}

// seqStart handles "<s>": HTML strikethrough, or Llama's sequence start
// when a chat role or [INST] follows.
func (sc *scanner) seqStart(a, b int) {
	s := sc.s
	k := b
	for k < len(s) && k-b < 8 && isSpace(s[k]) {
		k++
	}
	rest := s[k:]
	role := hasPrefixFold(rest, "[inst]") || hasPrefixFold(rest, "<<sys>>") || strings.HasPrefix(rest, "<|")
	for _, r := range []string{"system", "user", "assistant", "human"} {
		if hasPrefixFold(rest, r) && len(rest) > len(r) && (rest[len(r)] == ':' || rest[len(r)] == '\n') {
			role = true
		}
	}
	if role {
		sc.templateHit(a, b)
	}
}

// attrs parses the attributes after a tag name and returns how many there
// were and where the tag ends.
func (sc *scanner) attrs(i, j int, tagName string) (int, int) {
	s := sc.s
	lim := min(len(s), i+4096)
	k := j
	n := 0
	for k < lim {
		for k < lim && (isSpace(s[k]) || s[k] == '/') {
			k++
		}
		if k >= lim || s[k] == '>' || s[k] == '<' {
			break
		}
		na := k
		for k < lim && !isSpace(s[k]) && s[k] != '=' && s[k] != '>' && s[k] != '<' && s[k] != '/' {
			k++
		}
		if k == na {
			k++
			continue
		}
		nb := k
		for k < lim && isSpace(s[k]) {
			k++
		}
		va, vb := -1, -1
		if k < lim && s[k] == '=' {
			k++
			for k < lim && isSpace(s[k]) {
				k++
			}
			if k < lim && (s[k] == '"' || s[k] == '\'') {
				e := strings.IndexByte(s[k+1:lim], s[k])
				if e < 0 {
					va, vb = k+1, lim
					k = lim
				} else {
					va, vb = k+1, k+1+e
					k = vb + 1
				}
			} else {
				va = k
				for k < lim && !isSpace(s[k]) && s[k] != '>' {
					k++
				}
				vb = k
			}
		}
		n++
		sc.attr(tagName, na, nb, va, vb)
	}
	sc.tagBudget -= k - j
	if k < len(s) && s[k] == '>' {
		k++
	}
	return n, k
}

var urlAttrs = set("href", "src", "action", "formaction", "data", "xlink:href", "background", "poster", "lowsrc", "dynsrc", "codebase",
	"archive", "code", "srcset", "cite", "longdesc", "ping", "manifest", "icon", "usemap", "profile", "classid", "data-src")

func (sc *scanner) attr(tagName string, na, nb, va, vb int) {
	s := sc.s
	name := strings.ToLower(s[na:nb])
	if isHandler(name) {
		end := nb
		if vb > 0 {
			end = vb
		}
		sc.add(na, end, core.EmbeddedCode, core.Warning, "inline event handler attribute "+name+"= on <"+tagName+">", recHandler, true)
	}
	if va < 0 {
		return
	}
	switch {
	case urlAttrs[name]:
		sc.urlValue(va, vb, kindAttr, tagName, name)
	case name == "srcdoc":
		if strings.Contains(strings.ToLower(decodeEntities(s[va:vb])), "<script") {
			sc.add(va, vb, core.EmbeddedCode, core.Critical, "script inside an iframe srcdoc attribute", recScript, true)
		}
	case name == "content" && tagName == "meta":
		v := strings.ToLower(s[va:vb])
		if u := strings.Index(v, "url="); u >= 0 {
			sc.urlValue(va+u+4, vb, kindAttr, "meta", "content")
		}
	}
}

// Event handler attributes. Browsers run only the names they know, so an
// attribute like "onlyif" is not one; the families cover new events of the
// same kind.
var handlers = set("onabort", "onactivate", "onauxclick", "onbegin", "onblur", "oncancel", "oncanplay", "oncanplaythrough", "onchange",
	"onclick", "onclose", "oncontextmenu", "oncopy", "oncuechange", "oncut", "ondblclick", "ondurationchange", "onemptied", "onend",
	"onended", "onerror", "onfinish", "onformdata", "onhashchange", "oninput", "oninvalid", "onmessage", "onoffline", "ononline",
	"onpagehide", "onpageshow", "onpaste", "onpause", "onplay", "onplaying", "onpopstate", "onprogress", "onratechange",
	"onreadystatechange", "onrepeat", "onreset", "onresize", "onscroll", "onscrollend", "onsearch", "onseeked", "onseeking",
	"onselect", "onselectionchange", "onselectstart", "onshow", "onslotchange", "onstalled", "onstart", "onstorage", "onsubmit",
	"onsuspend", "ontimeupdate", "ontoggle", "onunload", "onvolumechange", "onwaiting", "onwheel", "onbounce", "onmove",
	"onsecuritypolicyviolation", "onfullscreenchange", "ongotpointercapture", "onlostpointercapture", "onbeforematch")

var handlerFamilies = []string{"onmouse", "onkey", "onpointer", "ontouch", "ondrag", "ondrop", "onanimation", "ontransition",
	"onbefore", "onafter", "onload", "onfocus", "onunhandled", "onpage", "onmedia"}

func isHandler(name string) bool {
	if len(name) < 5 || name[0] != 'o' || name[1] != 'n' {
		return false
	}
	if handlers[name] {
		return true
	}
	for _, f := range handlerFamilies {
		if strings.HasPrefix(name, f) && allLetters(name) {
			return true
		}
	}
	return false
}

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !letter[s[i]] {
			return false
		}
	}
	return true
}
