package extract

import (
	"strconv"
	"strings"
)

// The forms of a macro definition beyond \newcommand, \def and
// \DeclareMathOperator that books use for their notation: mathtools'
// paired delimiters, \let aliases, and \providecommand (which keeps a
// definition already made).

// defineMore reads the definition command name (without backslash) whose
// arguments start at p, and returns where reading goes on.
func (d *texDoc) defineMore(name, doc string, p int) int {
	switch name {
	case "providecommand":
		q := p
		if q < len(doc) && doc[q] == '*' {
			q++
		}
		mac, _ := macroName(doc, q)
		old, had := d.macros[mac]
		e := d.defineCommand(doc, p)
		if had {
			d.macros[mac] = old
		}
		return e
	case "DeclarePairedDelimiter":
		return d.definePairedDelimiter(doc, p, false)
	case "DeclarePairedDelimiterX":
		return d.definePairedDelimiter(doc, p, true)
	case "let":
		return d.defineLet(doc, p)
	}
	return p
}

// definePairedDelimiter reads \DeclarePairedDelimiter{\abs}{\lvert}{\rvert}
// and, with x, \DeclarePairedDelimiterX{\inner}[2]{\langle}{\rangle}{#1,#2}.
// A use \abs{x} reads \lvert x\rvert, \abs[\big]{x} takes the size before
// each delimiter, and the starred \abs*{x} grows them (\left, \right).
func (d *texDoc) definePairedDelimiter(doc string, p int, x bool) int {
	name, e := macroName(doc, p)
	if name == "" {
		return p
	}
	nargs := 1
	if x {
		if o := skipSpaceNL(doc, e); o < len(doc) && doc[o] == '[' {
			c, ok := balanced(doc, o, '[', ']', 20)
			if !ok {
				return e
			}
			n, err := strconv.Atoi(strings.TrimSpace(doc[o+1 : c]))
			if err != nil || n < 0 || n > 8 {
				return c + 1
			}
			nargs, e = n, c+1
		}
	}
	left, e1 := texRawBraced(doc, e)
	if e1 < 0 {
		return e
	}
	right, e2 := texRawBraced(doc, e1)
	if e2 < 0 {
		return e1
	}
	inner := "#1"
	if x {
		body, e3 := texRawBraced(doc, e2)
		if e3 < 0 {
			return e2
		}
		inner, e2 = body, e3
	}
	// The size is the optional first argument: the body's own arguments
	// move up by one.
	sized := "#1" + left + " " + shiftArgs(inner, 1, "#1") + " #1" + right
	d.addMacro(name, texMacro{nargs: nargs + 1, hasOpt: true, body: sized})
	grown := `\left` + left + " " + shiftArgs(inner, 0, "") + ` \right` + right
	d.addMacro(name+"*", texMacro{nargs: nargs, body: grown})
	return e2
}

// shiftArgs renumbers a body's parameters #k as #(k+by), and writes
// \delimsize (the size a paired delimiter was given) as size.
func shiftArgs(body string, by int, size string) string {
	if by == 0 {
		return strings.ReplaceAll(body, `\delimsize`, size)
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '#' && i+1 < len(body) && body[i+1] >= '1' && body[i+1] <= '9' {
			b.WriteString("#" + strconv.Itoa(int(body[i+1]-'0')+by))
			i++
			continue
		}
		b.WriteByte(body[i])
	}
	return strings.ReplaceAll(b.String(), `\delimsize`, size)
}

// defineLet reads \let\new\old (or \let\new=\old): \new is what \old is
// now, the document's own definition or, for a command it does not
// define, that command.
func (d *texDoc) defineLet(doc string, p int) int {
	p = skipSpaceNL(doc, p)
	if p >= len(doc) || doc[p] != '\\' {
		return p
	}
	name, e := controlWord(doc, p)
	if name == "" {
		return e + 1
	}
	q := skipSpaceNL(doc, e)
	if q < len(doc) && doc[q] == '=' {
		q = skipSpaceNL(doc, q+1)
	}
	if q >= len(doc) || doc[q] != '\\' {
		return e
	}
	old, e2 := controlWord(doc, q)
	if old == "" || old == name {
		return e2
	}
	if m, ok := d.macros[old]; ok {
		d.addMacro(name, m)
	} else {
		d.addMacro(name, texMacro{body: `\` + old, primitive: true})
	}
	return e2
}
