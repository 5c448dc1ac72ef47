package text

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// Numbered steps of instructions. Tutorials write their procedures as
// Markdown ordered lists ("1. Install …", "2. Open …") under a heading,
// without any "Step N" marker; the analyzer counts them as evidence of a
// tutorial and the extractor turns each one into a technique. Both read
// them with the functions here, so that "a procedure" means one thing.

// OrderedList is a Markdown ordered list: the items at its top level.
type OrderedList struct {
	// Start is where the first item's line starts; End is the end of the
	// last item's last non-blank line.
	Start, End int
	Items      []ListItem
}

// ListItem is one item of an ordered list.
type ListItem struct {
	// Start is where the item's line starts, Body where its text starts
	// (after "12. "), End where it ends (before trailing blank lines).
	Start, Body, End int
	// Number is the number the item is written with.
	Number int
	// Indent is the column the item's content starts at: lines indented
	// that far belong to it.
	Indent int
}

// maxListNumber bounds the item numbers read (CommonMark allows nine
// digits; a step numbered past this is a year or a figure, not a step).
const maxListNumber = 9999

// OrderedLists returns the ordered lists of Markdown text s, in order, in one
// pass over its lines. Code fences are skipped (a "1." inside a fence is
// code), an item holds the lines indented to its content column (code
// blocks, notes, nested lists) and the lazy continuation lines of its
// paragraph, and a list ends at a heading, at a line that is not indented
// into the item after a blank line, or at a line that starts a block of
// another kind. As in CommonMark, a list that interrupts a paragraph must
// start at 1, so a wrapped line of prose starting "2020. The …" is not one.
func OrderedLists(s string) []OrderedList {
	var out []OrderedList
	var cur *OrderedList
	markerIndent := 0 // indentation of the current list's first marker
	fenceOpen, fenceChar, fenceN := false, byte(0), 0
	prevPara := false
	lastNonBlankEnd := 0
	endItem := func() {
		it := &cur.Items[len(cur.Items)-1]
		it.End = max(lastNonBlankEnd, it.Body)
		cur.End = it.End
	}
	for start := 0; start < len(s); {
		end, next := Line(s, start)
		ln := strings.TrimSuffix(s[start:end], "\r")
		ind, rest := Indent(ln)
		if fenceOpen {
			if ClosesFence(rest, fenceChar, fenceN) {
				fenceOpen = false
			}
			if rest != "" {
				lastNonBlankEnd = start + len(ln)
			}
			prevPara = false
			start = next
			continue
		}
		if rest == "" {
			prevPara = false
			start = next
			continue
		}
		num, body, isItem := orderedMarker(rest)
		item := func() ListItem {
			return ListItem{Start: start, Body: start + len(ln) - len(rest) + body, Number: num, Indent: ind + body}
		}
		inItem := cur != nil && ind >= cur.Items[len(cur.Items)-1].Indent
		switch {
		case cur != nil && isItem && !inItem && ind <= markerIndent+3:
			endItem()
			cur.Items = append(cur.Items, item())
			prevPara = true
		case cur != nil && (inItem || prevPara && !isBlockStart(rest)):
			// Content of the current item; a fence inside it hides its lines.
			if c, n, ok := OpensFence(rest); ok {
				fenceOpen, fenceChar, fenceN = true, c, n
			}
			prevPara = !fenceOpen && !isBlockStart(rest)
		default:
			if cur != nil {
				endItem()
				out = append(out, *cur)
				cur = nil
			}
			switch c, n, fence := OpensFence(rest); {
			case isItem && ind <= 3 && (num == 1 || !prevPara):
				cur = &OrderedList{Start: start}
				markerIndent = ind
				cur.Items = append(cur.Items, item())
				prevPara = true
			case fence && ind <= 3:
				fenceOpen, fenceChar, fenceN = true, c, n
				prevPara = false
			default:
				prevPara = ind <= 3 && !isBlockStart(rest)
			}
		}
		lastNonBlankEnd = start + len(ln)
		start = next
	}
	if cur != nil {
		endItem()
		out = append(out, *cur)
	}
	return out
}

// orderedMarker reads "12. " or "3) " at the start of rest: the number and
// the offset in rest where the item's text starts.
func orderedMarker(rest string) (num, body int, ok bool) {
	i := 0
	for i < len(rest) && i < 9 && '0' <= rest[i] && rest[i] <= '9' {
		num = num*10 + int(rest[i]-'0')
		i++
	}
	if i == 0 || i >= len(rest) || (rest[i] != '.' && rest[i] != ')') || num > maxListNumber {
		return 0, 0, false
	}
	i++
	if i == len(rest) {
		return num, i, true
	}
	if rest[i] != ' ' && rest[i] != '\t' {
		return 0, 0, false
	}
	j := i
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') && j-i < 4 {
		j++
	}
	if j-i >= 4 {
		// Five or more spaces: the text is indented code, content starts
		// one column after the marker.
		j = i + 1
	}
	return num, j, true
}

// isBlockStart reports whether a line (without its indentation) starts a
// block that interrupts a paragraph: a heading, fence, quote, table row,
// thematic break, bullet or ordered item starting at 1.
func isBlockStart(rest string) bool {
	switch rest[0] {
	case '#', '>', '|', '<':
		return true
	case '`', '~':
		_, _, ok := OpensFence(rest)
		return ok
	case '-', '*', '+':
		return len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t' || strings.Trim(rest, "-*_ \t") == ""
	case '=':
		return strings.Trim(rest, "= \t") == ""
	}
	if n, _, ok := orderedMarker(rest); ok && n == 1 {
		return true
	}
	return false
}

// Indent returns the indentation width of a Markdown line ln (a tab
// advances to the next multiple of four) and the rest of the line.
func Indent(ln string) (int, string) {
	w := 0
	for i := 0; i < len(ln); i++ {
		switch ln[i] {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w, ln[i:]
		}
	}
	return w, ""
}

// OpensFence reports whether rest, a Markdown line without its
// indentation, opens a fenced code block: three or more backticks (with no
// backtick in the info string) or tildes. It returns the fence's character
// and length.
func OpensFence(rest string) (byte, int, bool) {
	if rest == "" || rest[0] != '`' && rest[0] != '~' {
		return 0, 0, false
	}
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 || c == '`' && strings.IndexByte(rest[n:], '`') >= 0 {
		return 0, 0, false
	}
	return c, n, true
}

// ClosesFence reports whether rest closes a fence of n characters c: the
// same character repeated at least n times, then only white space.
func ClosesFence(rest string, c byte, n int) bool {
	k := 0
	for k < len(rest) && rest[k] == c {
		k++
	}
	return k >= n && strings.TrimSpace(rest[k:]) == ""
}

// ImperativeStep reports whether the text of a list item reads as an
// instruction: it starts with a verb in the imperative ("Install WSL",
// "Run the image"), possibly after a sequencing adverb ("Then open …") or
// after an opening clause set off by a comma ("From your terminal, change
// directories …", "When you're finished, stop the container"). Markdown
// links, emphasis and inline code around the words are looked through.
func ImperativeStep(item string) bool {
	ws := leadWords(item, 24)
	if len(ws) == 0 {
		return false
	}
	if imperativeAt(ws, 0) {
		return true
	}
	// A label first ("Katacoda environment only: Type …"): the verb
	// follows its colon.
	for i, w := range ws {
		if i >= 4 {
			break
		}
		if strings.HasSuffix(w, ":") && i+1 < len(ws) {
			if imperativeAt(ws, i+1) {
				return true
			}
			ws = ws[i+1:]
			break
		}
	}
	// Opening clauses: the verb follows a comma, within the first sentence
	// ("In the app directory, the same location as the manifest, create …").
	for i, w := range ws {
		if i > 20 {
			break
		}
		if strings.HasSuffix(w, ",") && i+1 < len(ws) && imperativeAt(ws, i+1) {
			return true
		}
		if strings.HasSuffix(w, ".") || strings.HasSuffix(w, ":") {
			break
		}
	}
	return false
}

// imperativeAt reports whether ws[i] (after sequencing adverbs) is an
// instruction verb, or the first-person voice tutorials also instruct in:
// "let's look at the logs", "we'll define the service", "we're going to
// use dig", "we need to migrate …" (not "you'll see", an observation).
func imperativeAt(ws []string, i int) bool {
	for ; i < len(ws); i++ {
		w := lowerWord(ws[i])
		if sequencing[w] {
			continue
		}
		if instructionVerbs[w] {
			return true
		}
		if n := instructingVoice(ws[i:]); n > 0 {
			for j := i + n; j < len(ws); j++ {
				v := lowerWord(ws[j])
				if sequencing[v] {
					continue
				}
				return instructionVerbs[v] && !observationVerbs[v]
			}
		}
		return false
	}
	return false
}

func lowerWord(w string) string {
	return strings.ToLower(strings.Trim(w, ",.:;!?\"'()"))
}

// voices are the first-person openings of an instruction, word by word.
var voices = [][]string{
	{"let's"}, {"let’s"}, {"lets"}, {"let", "us"}, {"we'll"}, {"we’ll"}, {"we", "will"}, {"we're", "going", "to"},
	{"we’re", "going", "to"}, {"we", "are", "going", "to"}, {"we", "need", "to"}, {"we", "have", "to"}, {"we", "must"},
	{"you'll", "need", "to"}, {"you", "need", "to"}, {"you", "must"},
}

// instructingVoice returns how many words of ws open an instruction in the
// first person, or 0.
func instructingVoice(ws []string) int {
	for _, v := range voices {
		if len(ws) < len(v) {
			continue
		}
		ok := true
		for k, w := range v {
			if lowerWord(ws[k]) != w {
				ok = false
				break
			}
		}
		if ok {
			return len(v)
		}
	}
	return 0
}

// observationVerbs after "we'll" or "you'll" describe what happens, not
// what to do ("we'll see the output").
var observationVerbs = map[string]bool{"see": true, "get": true, "notice": true, "find": true, "have": true, "watch": true}

// leadWords returns up to n words from the start of a list item's text,
// with Markdown links reduced to their text and emphasis, inline code and
// images' markup removed.
func leadWords(s string, n int) []string {
	if i := strings.Index(s, "\n\n"); i >= 0 {
		// The first paragraph: an instruction starts with its verb.
		s = s[:i]
	}
	if len(s) > 400 {
		s = s[:400]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '!':
			if i+1 < len(s) && s[i+1] == '[' {
				// An image: its alt text is not an instruction.
				if e := strings.IndexByte(s[i:], ']'); e > 0 {
					i += e
					if i+1 < len(s) && s[i+1] == '(' {
						if p := strings.IndexByte(s[i:], ')'); p > 0 {
							i += p
						}
					}
					continue
				}
			}
			b.WriteByte(c)
		case '[':
			// [text](url) → text: drop the bracket here and the target below.
		case ']':
			if i+1 < len(s) && s[i+1] == '(' {
				if p := strings.IndexByte(s[i:], ')'); p > 0 {
					i += p
				}
			}
		case '*', '_', '`':
		default:
			b.WriteByte(c)
		}
	}
	ws := strings.Fields(b.String())
	if len(ws) > n {
		ws = ws[:n]
	}
	return ws
}

// sequencing words may come before the verb of an instruction.
var sequencing = map[string]bool{
	"then": true, "next": true, "now": true, "finally": true, "first": true, "second": true,
	"third": true, "optionally": true, "also": true, "lastly": true, "afterwards": true,
	"again": true, "simply": true, "please": true, "just": true,
}

// instructionVerbs are verbs that open instructions in technical tutorials,
// in the base form the imperative uses. Words that are far more often nouns
// or adjectives at the start of a list item ("Fast", "Support", "Result")
// are left out, so that lists of features or findings are not procedures.
var instructionVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		accept access activate add adjust allow append apply approve assign attach authenticate authorize
		combine compare construct count decrement divide draw evaluate increment measure multiply simplify
		solve subtract swap traverse
		abort compress concatenate decode decrypt deserialize discard emit encode encrypt halt hash ignore
		interpret iterate normalize output pad parse partition permute prepend reject sample serialize
		shuffle skip sort split truncate xor
		back bind boot browse build bump calculate call cancel capture cd change check checkout choose
		clean clear click clone close commit compile compute configure confirm connect consider convert
		copy create curl customize cut debug declare decompress define delete deploy describe deselect
		destroy detach determine disable disconnect dismiss display double-click download drag drop
		duplicate edit eject empty enable enter ensure erase examine exec execute exit expand expose
		export extract fetch fill filter find fix flash follow fork format generate get git give go grant
		highlight hover identify import include increase initialize input insert inspect install invoke
		join keep kill launch leave let list load locate lock log login logout look make mark merge
		migrate minimize modify mount move name navigate note obtain open order override paste patch pause
		pick pin pip place plug point populate power prepare press print proceed provide provision prune
		publish pull push put query read reboot rebuild recompile record redeploy refresh register reinstall
		release reload remember remove rename reopen repeat replace request rerun reset resize resolve
		restart restore resume retrieve retry return reuse review revoke right-click rotate run save scale
		scan scroll search see select send set setup share shut sign ssh start stop store submit substitute
		sudo supply switch sync tag take tap tell terminate test toggle touch trigger try turn type uncheck
		uncomment undo uninstall unlock unmount unpack unplug unzip update upgrade upload use validate verify
		view visit wait watch wrap write
	`) {
		m[w] = true
	}
	return m
}()

// Procedures returns the ordered lists of s that are procedures (see
// IsProcedure). A list that an unindented note or shortcode interrupted
// ("1. Click …", a note at the margin, "2. Open …") is read as one with the
// list it continues: the second starts at the number after the first's
// last, with nothing but such blocks between them.
func Procedures(s string) []OrderedList {
	ls := OrderedLists(s)
	var joined []OrderedList
	for _, l := range ls {
		if n := len(joined); n > 0 {
			prev := &joined[n-1]
			last := prev.Items[len(prev.Items)-1].Number
			if l.Items[0].Number == last+1 && last > 0 && onlyNotesBetween(s[prev.End:l.Start]) {
				prev.Items = append(prev.Items, l.Items...)
				prev.End = l.End
				continue
			}
		}
		joined = append(joined, l)
	}
	out := joined[:0]
	for _, l := range joined {
		if IsProcedure(s, l) {
			out = append(out, l)
		}
	}
	return out
}

// computeStep opens a step that computes: it binds a name ("Let _O_ be
// the this value", "Set i to i + 1"), returns or asserts a value, or
// branches on one ("If x is undefined, then").
var computeStep = lazyre.New(`(?i)^(?:let\s+\S+(?:\s+\S+){0,3}\s+be\b|set\s+\S+(?:\s+\S+){0,3}\s+to\b|return\b|assert\b|if\b.*\bthen\b|repeat,|for each\b.*\bdo\b|else\b)`)

// Computes reports whether the list l of s is an algorithm's steps, not a
// reader's instructions: most of its items compute (computeStep), one of
// them binding a name with "Let … be". A specification's "1. Let _O_ be
// the this value. 2. Perform ? Validate(_O_). 3. Return _O_." is
// imperative too, but no one is told to do anything.
func Computes(s string, l OrderedList) bool {
	steps := make([]string, 0, len(l.Items))
	for _, it := range l.Items {
		steps = append(steps, s[it.Body:it.End])
	}
	if len(steps) == 1 {
		// one step over sub-steps: they say whether it computes
		body := steps[0]
		for _, m := range nestedStep.FindAllStringIndex(body, -1) {
			steps = append(steps, body[m[1]:])
		}
	}
	n, bind := 0, false
	for _, st := range steps {
		t := strings.TrimLeft(st, " *_`")
		if computeStep.MatchString(t) {
			n++
			bind = bind || strings.HasPrefix(strings.ToLower(t), "let ")
		}
	}
	return bind && 2*n >= len(steps)
}

// onlyNotesBetween reports whether the text between two lists holds only
// blank lines and note blocks: quotes ("> [!NOTE]"), shortcodes ("{{< note
// >}}", "{% … %}") and HTML comments or tags, never prose or a heading.
func onlyNotesBetween(s string) bool {
	inShortcode := false
	for _, ln := range strings.Split(s, "\n") {
		t := strings.TrimSpace(ln)
		switch {
		case t == "":
		case strings.HasPrefix(t, "{{") || strings.HasPrefix(t, "{%"):
			inShortcode = !strings.HasPrefix(t, "{{</") && !strings.HasPrefix(t, "{{%/") && !strings.Contains(t, "/ >}}") && !strings.HasPrefix(t, "{% end")
		case strings.HasPrefix(t, ">") || strings.HasPrefix(t, "<"):
		case inShortcode && strings.HasPrefix(ln, "    "):
			// The indented body of a note shortcode.
		default:
			return false
		}
	}
	return true
}

// IsProcedure reports whether an ordered list of s is a procedure: at least
// two items, and at least half of them (and two) instructions. A numbered
// list of features, findings or references is not. A list that a purpose
// introduces ("To check that a graph is a tree:") needs one instruction:
// the lead-in says steps follow, and their verbs need not be the
// commands of software ("Count the vertices", "Conclude that …").
func IsProcedure(s string, l OrderedList) bool {
	n := len(l.Items)
	if n == 1 && announcesSteps(s[:l.Start]) && nestedStep.MatchString(s[l.Items[0].Body:l.Items[0].End]) {
		// "run these steps: 1. While … : 1. Let … 2. If …": one step
		// whose sub-steps do the work, under a lead-in that says so
		return true
	}
	if n < 2 {
		return false
	}
	imp := 0
	for _, it := range l.Items {
		if ImperativeStep(s[it.Body:it.End]) {
			imp++
		}
	}
	if imp >= 1 && purposeLeadIn(s[:l.Start]) {
		return true
	}
	return imp >= 2 && 2*imp >= n
}

// announcesSteps reports whether the line before a list says steps
// follow: "…, run these steps:", "The getter steps are:".
func announcesSteps(before string) bool {
	before = strings.TrimRight(before, " \t\r\n")
	line := before[strings.LastIndexByte(before, '\n')+1:]
	return strings.HasSuffix(line, ":") && stepsWord.MatchString(line)
}

var (
	// stepsWord names steps in a lead-in.
	stepsWord = lazyre.New(`(?i)\bsteps\b`)
	// nestedStep is a numbered step indented under another.
	nestedStep = lazyre.New(`(?m)^[ \t]+[0-9]{1,3}[.)][ \t]`)
)

// purposeLeadIn reports whether the line before a list (before its end)
// states a purpose and announces what follows: "To" and an instruction
// verb first, a colon last ("To check that a graph is a tree:"). "To
// summarize:" and "To be precise:" do not qualify: their verb is not an
// instruction.
func purposeLeadIn(before string) bool {
	before = strings.TrimRight(before, " \t\r\n")
	line := strings.TrimSpace(before[strings.LastIndexByte(before, '\n')+1:])
	line = strings.Trim(line, "*_")
	if !strings.HasSuffix(line, ":") {
		return false
	}
	ws := strings.Fields(line)
	return len(ws) >= 2 && strings.EqualFold(ws[0], "to") && instructionVerbs[strings.ToLower(strings.TrimRight(ws[1], ":,"))]
}
