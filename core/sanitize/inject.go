package sanitize

import (
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

const (
	recOverride = "Remove the instruction-override text or reject the source: it tries to steer the model that later reads what lore learns."
	recRole     = "Remove the role line or reject the source: it imitates a chat turn to smuggle instructions."
	recTemplate = "Remove the chat-template marker or reject the source: such markers can end the real prompt and start a forged one."
)

// overrideWindow is how close (in bytes, either side) an override phrase
// must be to turn a weak marker ("you are now", a transcript line) into a
// critical finding: about one paragraph.
const overrideWindow = 200

// wordRun handles a run of base64-alphabet bytes: a blob when long and
// random enough, otherwise the words inside it that could start a pattern
// go to the keyword switch. One pass finds both the run and those words.
func (sc *scanner) wordRun(i int) int {
	s := sc.s
	var cands [8]wpos
	nc := 0
	j := i
	for j < len(s) {
		c := s[j]
		if !letter[c] {
			if !b64[c] {
				break
			}
			j++
			continue
		}
		w := j
		for j < len(s) && letter[s[j]] {
			j++
		}
		if n := j - w; n >= 3 && n <= 9 && trigger[s[w]] {
			if nc < len(cands) {
				cands[nc] = wpos{w, j}
			}
			nc++
		}
	}
	if j-i >= blobLineMin {
		if end, ok := sc.blob(i, j); ok {
			return end
		}
	}
	if nc <= len(cands) {
		for _, c := range cands[:nc] {
			sc.word(c.a, c.b)
		}
		return j
	}
	for k := i; k < j; {
		for k < j && !letter[s[k]] {
			k++
		}
		w := k
		for k < j && letter[s[k]] {
			k++
		}
		if n := k - w; n >= 3 && n <= 9 && trigger[s[w]] {
			sc.word(w, k)
		}
	}
	return j
}

// trigger marks the first letters of the keywords word knows.
var trigger [256]bool

func init() {
	for _, c := range "yYnNuUdDfFhHiIsSoOaA" {
		trigger[c] = true
	}
}

// eqFold reports whether the ASCII letters w spell lit (lower case).
func eqFold(w, lit string) bool {
	if len(w) != len(lit) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i]|0x20 != lit[i] {
			return false
		}
	}
	return true
}

// word is the keyword switch. Only a handful of words can start a pattern,
// so a length switch and a case-folded compare reject almost every word
// at the cost of a few instructions.
func (sc *scanner) word(a, b int) {
	s := sc.s
	w := s[a:b]
	next := byte(0)
	if b < len(s) {
		next = s[b]
	}
	switch len(w) {
	case 3:
		switch {
		case eqFold(w, "you"):
			sc.youAreNow(a, b)
		case eqFold(w, "new"):
			sc.newInstructions(a, b)
		case next == '(' && eqFold(w, "url"):
			sc.cssURL(a, b)
		}
	case 4:
		if next == ':' {
			switch {
			case eqFold(w, "data"):
				sc.dataURI(a, b)
			case eqFold(w, "file"):
				sc.fileURL(a, b)
			}
		}
	case 5:
		if eqFold(w, "human") {
			sc.roleLine(a, b)
		}
	case 6:
		switch {
		case eqFold(w, "ignore"):
			sc.override(a, b, "ignore")
		case eqFold(w, "forget"):
			sc.override(a, b, "forget")
		case eqFold(w, "system"):
			sc.systemWord(a, b)
		}
	case 8:
		if eqFold(w, "override") {
			sc.override(a, b, "override")
		}
	case 9:
		switch {
		case eqFold(w, "disregard"):
			sc.override(a, b, "disregard")
		case w == "IMPORTANT":
			sc.important(a, b)
		case eqFold(w, "assistant"):
			sc.roleLine(a, b)
		}
	}
}

type wpos struct{ a, b int }

func isWordByte(c byte) bool { return letter[c] || ('0' <= c && c <= '9') }

// isBreak reports whether s[i] ends a clause: sentence punctuation, a comma
// or colon, markup brackets, or a blank line.
func isBreak(s string, i int) bool {
	switch s[i] {
	case '.', '!', '?', ';', ':', ',', '<', '>', '[', ']', '|', '{', '}':
		return true
	case '\n':
		// A blank line, a list item, a heading … start a new block, and
		// a heading ends at its line.
		return lineBreaksSentence(s, i+1) || headingEnds(s, i)
	}
	return false
}

// wordsAfter reads up to max words after p within one clause. brk is true
// when the clause (or the text) ends right after the last word read.
func (sc *scanner) wordsAfter(p, max int) (ws []wpos, brk bool) {
	s := sc.s
	ws = sc.wbuf[:0]
	defer func() { sc.wbuf = ws[:0] }()
	lim := min(len(s), p+240)
	i := p
	for {
		for i < lim && !isWordByte(s[i]) {
			if isBreak(s, i) {
				return ws, true
			}
			i++
		}
		if i >= lim {
			return ws, i >= len(s)
		}
		if len(ws) == max {
			return ws, false
		}
		a := i
		for i < lim && isWordByte(s[i]) {
			i++
		}
		ws = append(ws, wpos{a, i})
	}
}

// wordsBefore reads up to max words before p within one clause, nearest
// first.
func (sc *scanner) wordsBefore(p, max int) []wpos {
	s := sc.s
	var ws []wpos
	lim := max0(p - 120)
	i := p
	for len(ws) < max {
		for i > lim && !isWordByte(s[i-1]) {
			if isBreak(s, i-1) {
				return ws
			}
			i--
		}
		if i <= lim {
			return ws
		}
		b := i
		for i > lim && isWordByte(s[i-1]) {
			i--
		}
		ws = append(ws, wpos{i, b})
	}
	return ws
}

func max0(x int) int {
	if x < 0 {
		return 0
	}
	return x
}

func (sc *scanner) lw(w wpos) string { return strings.ToLower(sc.s[w.a:w.b]) }

// phrase is the matched text with white space collapsed, for descriptions.
func (sc *scanner) phrase(a, b int) string {
	return quoteCut(strings.Join(strings.Fields(sc.s[a:b]), " "), 60)
}

func quoteCut(s string, max int) string {
	return `"` + render(s, max) + `"`
}

var (
	// positional words name instructions by where they came from.
	positional = set("previous", "prior", "above", "earlier", "preceding", "foregoing", "former", "original", "initial", "system", "developer", "safety", "hidden")
	// positionalTail may close the clause on their own: "ignore the above".
	positionalTail = set("above", "previous", "prior", "earlier", "preceding", "foregoing")
	// after a noun: "ignore the instructions above".
	positionalAfter = set("above", "before", "earlier", "previously")
	// strongNouns are what an attack tells the model to drop.
	strongNouns = set("instruction", "instructions", "direction", "directions", "prompt", "prompts", "directive", "directives", "guideline", "guidelines", "guidance", "programming")
	// possNouns only count with "your": "forget your rules".
	possNouns = set("rules", "restrictions", "constraints", "filters", "safeguards", "policies", "training", "limitations", "guardrails", "principles", "ethics", "boundaries", "orders", "task")
	fillers   = set("the", "all", "any", "of", "these", "those", "every", "each", "and", "other", "my", "your", "our", "its", "their", "entire", "whole", "current", "existing", "to", "you", "were", "was", "been", "given", "have")
	// contextNouns are what "disregard/forget all previous …" may name
	// besides instructions; with "ignore" they are too often technical
	// ("ignore previous input").
	contextNouns    = set("text", "context", "content", "messages", "input", "conversation", "requests", "commands", "chat")
	everythingAfter = set("above", "before", "previous", "prior", "earlier", "preceding", "so", "said", "written", "stated")
	toldWords       = set("told", "taught", "instructed", "given", "programmed", "trained", "said")
)

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// override judges an override verb (ignore, disregard, forget, override)
// by the words after it. Critical needs the instructions to be named by
// position or ownership ("previous instructions", "your rules"), or a bare
// position closing the clause ("ignore the above and …"); "ignore the
// previous warning" names something else and is left alone.
func (sc *scanner) override(a, b int, verb string) {
	ws, brk := sc.wordsAfter(b, 7)
	pos, poss, all, prevPos := false, false, false, false
	for idx, w := range ws {
		lw := sc.lw(w)
		if strongNouns[lw] || possNouns[lw] {
			strong := strongNouns[lw]
			end := w.b
			if !pos && idx+1 < len(ws) && positionalAfter[sc.lw(ws[idx+1])] {
				pos, end = true, ws[idx+1].b
			}
			switch {
			case strong && (pos || poss), !strong && poss:
				sc.overrideHit(a, end, core.Critical)
			case strong && all && verb != "override":
				sc.overrideHit(a, end, core.Warning)
			}
			return
		}
		if prevPos && (lw == "and" || lw == "then" || lw == "instead" || lw == "now") {
			sc.overrideHit(a, ws[idx-1].b, core.Critical)
			return
		}
		prevPos = false
		switch {
		case positional[lw]:
			pos, prevPos = true, positionalTail[lw]
		case lw == "your" || lw == "my":
			poss = true
		case lw == "all" || lw == "any" || lw == "every":
			all = true
		case (lw == "everything" || lw == "anything") && verb != "override":
			sc.everything(a, ws[idx+1:])
			return
		case fillers[lw]:
		default:
			if pos && contextNouns[lw] && (verb == "disregard" || verb == "forget") {
				sc.overrideHit(a, w.b, core.Critical)
			}
			return
		}
	}
	if prevPos && brk && len(ws) > 0 && verb != "override" {
		sc.overrideHit(a, ws[len(ws)-1].b, core.Critical)
	}
}

// everything handles "forget everything …": critical when what is to be
// forgotten is what came before or what the reader was told, not "forget
// everything you know about SQL".
func (sc *scanner) everything(a int, rest []wpos) {
	if len(rest) == 0 {
		return
	}
	w0 := sc.lw(rest[0])
	if everythingAfter[w0] {
		sc.overrideHit(a, rest[0].b, core.Critical)
		return
	}
	if w0 != "you" && w0 != "i" && w0 != "we" {
		return
	}
	for k := 1; k < len(rest) && k <= 3; k++ {
		if toldWords[sc.lw(rest[k])] {
			sc.overrideHit(a, rest[k].b, core.Critical)
			return
		}
	}
}

func (sc *scanner) overrideHit(a, b int, sev core.Severity) {
	desc := "instruction override " + sc.phrase(a, b)
	if sev != core.Critical {
		desc = "possible instruction override " + sc.phrase(a, b)
	}
	if how := sc.mentioned(a, b); how != "" {
		// Shown or discussed, not given: one step lower, and it does not
		// make nearby role lines critical.
		sc.add(a, b, core.PromptInjection, lowerSev(sev), desc+" ("+how+", not addressed to the reader)", recOverride, true)
		return
	}
	sc.overrides = append(sc.overrides, a)
	sc.add(a, b, core.PromptInjection, sev, desc, recOverride, true)
}

// thirdPerson are subjects that make an override phrase a description of
// what something else does ("the model may ignore previous
// instructions", "adversarial input to override the system prompt").
var thirdPerson = set("model", "models", "llm", "llms", "it", "they", "claude", "assistant", "assistants", "agent", "agents", "ai",
	"bot", "chatbot", "attacker", "attackers", "adversary", "input", "inputs", "text", "content", "document", "documents",
	"payload", "payloads", "prompt", "prompts", "user", "users", "someone", "injection", "injections", "email", "page", "website")

// determiners that open a noun phrase standing before a verb as its
// subject.
var determiners = set("the", "these", "those", "its", "their", "some", "many", "most", "both", "such")

// describing verbs before "to": "tries to ignore", "tricks the model into".
var describing = set("tries", "try", "trying", "attempt", "attempts", "attempting", "designed", "used", "tells", "told", "asks",
	"asked", "instructs", "instructed", "tricks", "trick", "convince", "convinces", "manipulate", "manipulates", "meant", "crafted")

// mentioned reports how an override phrase at s[a:b] is shown rather than
// given, or "": "quoted" when it sits inside quotation marks within a
// sentence that goes on around it (a migration guide's "avoid language
// like "disregard the previous instruction""), "described" when a third
// party is its subject ("the model may ignore previous instructions",
// "input crafted to override the system prompt"). A quotation that is the
// whole line, or never closes, is still an instruction.
// tableCell reports whether s[a:b] lies in a cell of a Markdown table
// row: a table lists phrases (a catalogue of attacks, a style guide's
// wording), it does not give them.
func tableCell(s string, a, b int) bool {
	ls := strings.LastIndexByte(s[max(0, a-2000):a], '\n') + max(0, a-2000) + 1
	line := strings.TrimLeft(s[ls:a], " \t")
	if !strings.HasPrefix(line, "|") {
		return false
	}
	le := strings.IndexByte(s[b:min(len(s), b+2000)], '\n')
	if le < 0 {
		le = min(len(s), b+2000) - b
	}
	return strings.IndexByte(s[b:b+le], '|') >= 0
}

func (sc *scanner) mentioned(a, b int) string {
	s := sc.s
	if quoted(s, a) {
		ls := a
		for ls > 0 && s[ls-1] != '\n' && a-ls < 2000 {
			ls--
		}
		le := strings.IndexByte(s[b:min(len(s), b+2000)], '\n')
		if le < 0 {
			le = min(len(s), b+2000) - b
		}
		q := max(strings.LastIndexByte(s[ls:a], '"'), strings.LastIndex(s[ls:a], "“"))
		rest := s[b : b+le]
		closes := strings.ContainsAny(rest, "\"”")
		before := false
		for k := ls; k < ls+q; k++ {
			if letter[s[k]] {
				before = true
				break
			}
		}
		if closes && before {
			return "quoted"
		}
	}
	if singleQuoted(s, a, b) {
		return "quoted"
	}
	if tableCell(s, a, b) {
		return "in a table"
	}
	prev := sc.wordsBefore(a, 4)
	for k, w := range prev {
		lw := sc.lw(w)
		if lw == "you" || lw == "your" || lw == "please" {
			return ""
		}
		if k == 0 {
			continue
		}
		p0 := sc.lw(prev[0])
		if thirdPerson[lw] && (p0 == "to" || p0 == "may" || p0 == "might" || p0 == "can" || p0 == "could" || p0 == "will" ||
			p0 == "would" || p0 == "often" || p0 == "sometimes" || p0 == "cannot" || p0 == "into") {
			return "described"
		}
		if describing[lw] && p0 == "to" {
			return "described"
		}
		if k == 1 && determiners[lw] && letter[p0[0]] {
			// "the rows ignore your filters": a noun phrase is the
			// subject, so the verb states what something does.
			return "described"
		}
	}
	return ""
}

// singleQuoted reports a phrase s[a:b] opened by a single quote (straight
// or curly) that follows a space or a bracket, so not an apostrophe, and
// closed later on its line, with words before it: "the injected 'ignore
// previous instructions' command".
func singleQuoted(s string, a, b int) bool {
	var open int
	switch {
	case a >= 1 && s[a-1] == '\'':
		open = a - 1
	case a >= 3 && s[a-3:a] == "‘":
		open = a - 3
	default:
		return false
	}
	if open > 0 && !isSpace(s[open-1]) && s[open-1] != '(' && s[open-1] != '[' {
		return false
	}
	ls := strings.LastIndexByte(s[max(0, open-2000):open], '\n') + max(0, open-2000) + 1
	if strings.TrimSpace(s[ls:open]) == "" {
		return false
	}
	rest := s[b:min(len(s), b+200)]
	if le := strings.IndexByte(rest, '\n'); le >= 0 {
		rest = rest[:le]
	}
	return strings.Contains(rest, "'") || strings.Contains(rest, "’")
}

// important handles the reference's "IMPORTANT: disregard …" shape. Only
// the shouted form counts; "Important: ignore the linker warnings" is an
// ordinary note, and a real override after it is caught by override.
func (sc *scanner) important(a, b int) {
	s := sc.s
	k := b
	for k < len(s) && k-b < 4 && (s[k] == '*' || s[k] == '_' || s[k] == ' ') {
		k++
	}
	if k >= len(s) || s[k] != ':' {
		return
	}
	ws, _ := sc.wordsAfter(k+1, 1)
	if len(ws) == 0 {
		return
	}
	switch sc.lw(ws[0]) {
	case "disregard", "ignore", "override", "forget", "bypass":
		desc := "urgent instruction override " + sc.phrase(a, ws[0].b)
		if how := sc.mentioned(a, ws[0].b); how != "" {
			sc.add(a, ws[0].b, core.PromptInjection, core.Warning, desc+" ("+how+", not addressed to the reader)", recOverride, true)
			return
		}
		sc.overrides = append(sc.overrides, a)
		sc.add(a, ws[0].b, core.PromptInjection, core.Critical, desc, recOverride, true)
	}
}

// weakPI is a marker that is only suspicious on its own. It keeps no
// strings, so a flood of markers costs a few words each. cue is false for
// a phrasing that is harmless unless an override phrase stands near it.
type weakPI struct {
	a, b int
	cue  bool
}

var roleCueWords = set("a", "an", "free", "unrestricted", "jailbroken", "dan", "unfiltered", "uncensored", "evil", "root", "admin", "allowed",
	"acting", "operating", "playing", "pretending", "roleplaying", "called", "named", "known", "my", "our", "going", "capable", "permitted")
var roleModes = set("developer", "god", "dan", "jailbreak", "jailbroken", "unrestricted", "evil", "admin", "debug", "sudo", "maintenance", "unfiltered", "uncensored", "root", "opposite")
var roleTheNouns = set("new", "system", "assistant", "ai", "admin", "administrator", "developer", "master")

// youAreNow flags "you are now <role>", the role-override shape. What
// follows decides: "you are now a pirate", "… in developer mode", "… DAN"
// are role assignments (a warning); "you are now ready to deploy" is a
// tutorial and counts only next to an override phrase.
func (sc *scanner) youAreNow(a, b int) {
	s := sc.s
	if b >= len(s) || (s[b] != ' ' && s[b] != '\'' && s[b] != 0xE2 && s[b] != '\n') {
		return
	}
	ws, _ := sc.wordsAfter(b, 5)
	if len(ws) < 3 {
		return
	}
	w0, w1 := sc.lw(ws[0]), sc.lw(ws[1])
	if (w0 != "are" && w0 != "re") || w1 != "now" {
		return
	}
	r := ws[2:]
	w := sc.lw(r[0])
	cue := roleCueWords[w]
	end := r[0].b
	switch {
	case w == "no" && len(r) > 1 && sc.lw(r[1]) == "longer":
		cue, end = true, r[1].b
	case w == "in" && len(r) > 1 && roleModes[sc.lw(r[1])]:
		cue, end = true, r[1].b
		if len(r) > 2 && sc.lw(r[2]) == "mode" {
			end = r[2].b
		}
	case w == "the" && len(r) > 1 && roleTheNouns[sc.lw(r[1])]:
		cue, end = true, r[1].b
	case s[r[0].a] >= 'A' && s[r[0].a] <= 'Z':
		cue = true
	}
	sc.weak = append(sc.weak, weakPI{a, end, cue})
}

// newInstructions records "new instructions" as an override phrase (it
// escalates nearby weak markers) and flags it as a warning when it is
// addressed to the reader ("your new instructions", "New instructions:").
func (sc *scanner) newInstructions(a, b int) {
	ws, _ := sc.wordsAfter(b, 1)
	if len(ws) == 0 {
		return
	}
	if w := sc.lw(ws[0]); w != "instructions" && w != "instruction" && w != "directives" && w != "rules" {
		return
	}
	end := ws[0].b
	sc.overrides = append(sc.overrides, a)
	addressed := end < len(sc.s) && sc.s[end] == ':'
	if prev := sc.wordsBefore(a, 1); len(prev) == 1 {
		if p := sc.lw(prev[0]); p == "your" || p == "my" {
			addressed = true
			a = prev[0].a
		}
	}
	if addressed {
		sc.add(a, end, core.PromptInjection, core.Warning, "announces new instructions "+sc.phrase(a, end), recOverride, true)
	}
}

var exfilVerbs = set("reveal", "print", "show", "output", "repeat", "leak", "dump", "display", "disclose", "share", "tell", "write", "return", "give", "recite", "expose")

var systemCues = set("you", "your", "act", "ignore", "disregard", "forget", "override", "bypass", "from", "always", "never", "do", "don",
	"respond", "reply", "answer", "pretend", "roleplay", "assistant", "ai", "model", "new", "reveal", "print", "output", "follow", "obey",
	"comply", "behave", "stop", "execute", "run", "send", "upload", "delete", "as", "only", "must", "important")

// systemWord handles "system prompt" (an override phrase, and a warning
// when asked to be revealed) and "system:" at the start of a line, the
// role-injection shape. A "system:" line is critical when an instruction
// follows ("system: you are…", "system: ignore…"); without one it is a
// YAML key or a label, and only counts inside a chat transcript.
func (sc *scanner) systemWord(a, b int) {
	s := sc.s
	k := b
	for k < len(s) && k-b < 2 && (s[k] == '*' || s[k] == '_') {
		k++
	}
	if k < len(s) && s[k] == ':' && atLineStart(s, a) {
		ws, _ := sc.wordsAfter(k+1, 1)
		if len(ws) > 0 && systemCues[sc.lw(ws[0])] {
			sc.overrides = append(sc.overrides, a)
			sc.add(a, ws[0].b, core.PromptInjection, core.Critical,
				"role injection: a \"system:\" line giving an instruction", recRole, true)
			return
		}
		sc.sysNoCue = append(sc.sysNoCue, span{a, k + 1})
		return
	}
	ws, _ := sc.wordsAfter(b, 1)
	if len(ws) == 0 || (sc.lw(ws[0]) != "prompt" && sc.lw(ws[0]) != "prompts") {
		return
	}
	sc.overrides = append(sc.overrides, a)
	end := ws[0].b
	prev := sc.wordsBefore(a, 3)
	if len(prev) > 0 {
		switch sc.lw(prev[0]) { // the nearest word
		case "a", "an", "new", "good", "better", "clear", "short":
			return // "write a system prompt": authoring one, not revealing the reader's
		}
	}
	for _, p := range prev {
		if exfilVerbs[sc.lw(p)] {
			sc.add(p.a, end, core.PromptInjection, core.Warning,
				"asks to reveal the system prompt "+sc.phrase(p.a, end), recOverride, true)
			return
		}
	}
}

// roleLine records a transcript turn ("Human:", "Assistant:" at the start
// of a line). Transcripts are common in documentation about models, so a
// turn is a warning, critical only next to an override phrase.
func (sc *scanner) roleLine(a, b int) {
	s := sc.s
	k := b
	for k < len(s) && k-b < 2 && (s[k] == '*' || s[k] == '_') {
		k++
	}
	if k >= len(s) || s[k] != ':' || !atLineStart(s, a) {
		return
	}
	sc.scripts = append(sc.scripts, span{a, k + 1})
}

// atLineStart reports whether only indentation or Markdown decoration
// (quote, list, emphasis, heading marks) stands between a and the start of
// its line.
func atLineStart(s string, a int) bool {
	for k := a; k > 0; k-- {
		if a-k >= 16 {
			return false
		}
		switch s[k-1] {
		case '\n':
			return true
		case ' ', '\t', '>', '*', '_', '#', '-':
			continue
		}
		return false
	}
	return true
}

// resolve settles what needed the whole document: tag mentions against
// their closing tags, weak markers against nearby override phrases,
// Greek look-alikes against the document's use of Greek as symbols.
func (sc *scanner) resolve() {
	sc.resolveTags()
	sort.Ints(sc.overrides)
	near := func(a int) bool {
		i := sort.SearchInts(sc.overrides, a-overrideWindow)
		return i < len(sc.overrides) && sc.overrides[i] <= a+overrideWindow
	}
	for _, w := range sc.weak {
		desc := "role override " + sc.phrase(w.a, w.b)
		switch {
		case near(w.a):
			sc.add(w.a, w.b, core.PromptInjection, core.Critical, desc+" next to an instruction override", recOverride, true)
		case w.cue:
			sc.add(w.a, w.b, core.PromptInjection, core.Warning, desc, recRole, true)
		}
	}
	if len(sc.scripts) > 0 {
		sc.scripts = append(sc.scripts, sc.sysNoCue...)
		sort.Slice(sc.scripts, func(i, j int) bool { return sc.scripts[i].a < sc.scripts[j].a })
	}
	first, quiet := -1, 0
	for i, x := range sc.scripts {
		if near(x.a) {
			sc.add(x.a, x.b, core.PromptInjection, core.Critical,
				"chat transcript turn "+sc.phrase(x.a, x.b)+" next to an instruction override", recRole, true)
			continue
		}
		if first < 0 {
			first = i
		}
		quiet++
	}
	if first >= 0 {
		x := sc.scripts[first]
		desc := "chat transcript turn " + sc.phrase(x.a, x.b)
		if quiet > 1 {
			desc = "chat transcript: " + strconv.Itoa(quiet) + " role lines (Human:/Assistant:/system:), first " + sc.phrase(x.a, x.b)
		}
		sc.add(x.a, x.b, core.PromptInjection, core.Warning, desc, recRole, true)
	}
	sc.controlNote()
	if sc.greekMath < greekMathMin {
		for _, w := range sc.looseGreek {
			sc.homoglyphHit(w.a, w.b, "Greek", false)
		}
	}
}
