package extract

// thmtools' restatable environment sets a theorem-like block once and
// defines a command that sets it again later:
//
//	\begin{restatable}[Title]{theorem}{MacroName} … \end{restatable}
//
// The block is of the kind its first braced argument names, titled by the
// optional argument, and what follows the second braced argument is its
// statement: a reader sees a theorem there, not a "restatable".

// restatable reports whether env is thmtools' restatable environment.
func restatable(env string) bool {
	return env == "restatable" || env == "restatable*"
}

// restatableArgs reads a restatable's arguments from offset p (just past
// \begin{restatable}): its title (the optional argument), the environment
// it sets, and the offset where its statement begins.
func restatableArgs(s string, p int) (title, inner string, body int, ok bool) {
	title, p = texOptional(s, p, 2000)
	inner, p = texBraced(s, p)
	if p < 0 || inner == "" {
		return "", "", 0, false
	}
	if _, e := texBraced(s, p); e >= 0 {
		p = e
	}
	return title, inner, p, true
}
