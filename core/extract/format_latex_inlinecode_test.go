package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/text"
)

// Code set inline reads as the code, without its delimiters: listings'
// \lstinline!…! (its paired dollars math, as mathescape makes them) and
// \lstinline{…}, \verb|…| (a dollar of its own is no math), minted's
// \mintinline{lang}{…}.
func TestLaTeXInlineCodeRead(t *testing.T) {
	ps := texFixture(t, "\\begin{definition}[abs]\n"+
		"The call \\lstinline!abs($v$)! expands into \\lstinline!noEvent(if $v$ >= 0 then $v$ else -$v$)!, "+
		"written \\lstinline[language=modelica]{abs(x)} in a model; the shell prints it with \\verb|echo $X| "+
		"and C calls \\mintinline{c}{fabs(v)}.\n\\end{definition}\n")
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	got := ps[0].FormalStatement
	rd := text.ReadableMath(got)
	for _, want := range []string{"abs(v) expands into noEvent(if v >= 0 then v else -v),", "written abs(x) in", "echo $X and", "calls fabs(v)."} {
		if !strings.Contains(rd, want) {
			t.Errorf("readable %q lacks %q (statement %q)", rd, want, got)
		}
	}
	if strings.Contains(rd, "!") || strings.Contains(rd, "|") || strings.Contains(rd, "language") {
		t.Errorf("readable %q keeps a delimiter or an option", rd)
	}
}
