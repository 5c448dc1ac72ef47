package extract

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// A book's macro is expanded where a statement is read when it writes
// notation (\R, \abs). One that is a program, drawing a symbol or
// computing its text, is not: its body read as text says nothing a reader
// sees.

// texProgram finds TeX's box and glue primitives, and string and
// conditional programming, in a macro's body: a
// macro built of them draws a symbol (a dashed integral of \setbox,
// \vcenter and \kern), and its expansion read as text is no notation
// ("setbox0=-∫ --.5w"). Such a macro, and one that uses it, is left as
// written, so the reader sees it by its name (dashint).
//
// A macro that computes its text (xstring's \StrCut splitting "Y_i" into
// \firstpart and \secondpart, TeX's conditionals) is left as written too:
// read as text, its body was "StrCut(Y, )firstpartsecondpart"; left, a
// standard command of its name (\vec) reads as the standard one. A name
// built with \csname (an equation's number looked up as \Equa387) names
// notation, and is read.
var texProgram = lazyre.New(`\\(?:setbox|hbox|vbox|vcenter|mathchoice|mathpalette|raise|lower|wd|ht|dp|` +
	`Str(?:Cut|Before|Behind|Left|Right|Mid|Gobble(?:Left|Right)|Substitute|Del|Len|Char|Count|Position)|` +
	`If(?:SubStr|StrEq|BeginWith|EndWith|Integer|Decimal)|ifx|ifcase|ifdim|ifnum|ifthenelse)\b`)

// notNotation reports whether macro mac, or one its body uses (to a few
// levels), draws or computes rather than writes notation
// (texMacro.program): such a use is left as written.
func notNotation(mac texMacro, m map[string]texMacro, depth int) bool {
	if mac.program {
		return true
	}
	if depth >= 4 {
		return false
	}
	for i := 0; i < len(mac.body); {
		k := strings.IndexByte(mac.body[i:], '\\')
		if k < 0 {
			return false
		}
		name, j := controlWord(mac.body, i+k)
		if j <= i+k {
			j = i + k + 1
		}
		if u, ok := m[name]; ok && name != "" && notNotation(u, m, depth+1) {
			return true
		}
		i = j
	}
	return false
}
