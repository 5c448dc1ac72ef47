package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
)

// Named algorithms: textbooks introduce an algorithm by emphasizing its name
// in running text — "The \emph{merge-sort} algorithm is a classic example
// of …", "The **quicksort** algorithm …" — rather than with an Algorithm
// marker. The emphasized term directly followed by the word "algorithm" is
// the concept; the sentence and the rest of its paragraph are the
// statement. Confidence is below the explicit markers' because the
// statement is prose, not a stated procedure.
const namedAlgorithmConf = 0.8

// maxAlgorithmName bounds the emphasized term: a name, not a phrase.
const maxAlgorithmName = 40

func (x *extractor) namedAlgorithms(st *secState) {
	s := st.own
	for i := 0; i < len(s); {
		term, termStart, after, ok := nextEmphasis(s, i, x.format)
		if !ok {
			return
		}
		i = after
		if !followedByWord(s, after, "algorithm") {
			continue
		}
		name := titleCase(strings.TrimSpace(term))
		if name == "" || len(term) > maxAlgorithmName || strings.Count(term, " ") > 3 || !conceptLike(name) {
			continue
		}
		key := strings.ToLower(name)
		if x.named[key] {
			continue
		}
		start := sentenceStart(s, termStart)
		stmt := x.prose(blockText(s, start))
		if x.named == nil {
			x.named = map[string]bool{}
		}
		x.named[key] = true
		x.add(st, cand{typ: core.Algorithm, name: name, statement: stmt, offset: st.body + termStart, conf: namedAlgorithmConf})
	}
}

// nextEmphasis finds the next emphasized term at or after i: \emph{…} or
// \textit{…} in LaTeX, *…*, **…** or _…_ elsewhere. It returns the term,
// where its markup starts and the offset just after the markup.
func nextEmphasis(s string, i int, f core.Format) (term string, start, after int, ok bool) {
	if f == core.FormatLaTeX {
		for {
			j := strings.Index(s[i:], `\emph{`)
			k := strings.Index(s[i:], `\textit{`)
			open := len(`\emph{`)
			if j < 0 || (k >= 0 && k < j) {
				j, open = k, len(`\textit{`)
			}
			if j < 0 {
				return "", 0, 0, false
			}
			start = i + j
			body := start + open
			end := strings.IndexAny(s[body:], "{}\n")
			if end < 0 || s[body+end] != '}' {
				i = body
				continue
			}
			return s[body : body+end], start, body + end + 1, true
		}
	}
	for {
		j := strings.IndexAny(s[i:], "*_")
		if j < 0 {
			return "", 0, 0, false
		}
		start = i + j
		mark := s[start : start+1]
		if strings.HasPrefix(s[start:], mark+mark) {
			mark += mark
		}
		body := start + len(mark)
		end := strings.Index(s[body:], mark)
		nl := strings.IndexByte(s[body:], '\n')
		if end <= 0 || (nl >= 0 && nl < end) || s[body] == ' ' {
			i = body
			continue
		}
		return s[body : body+end], start, body + end + len(mark), true
	}
}

// followedByWord reports whether the next word after p (past blanks) is w,
// in lower case or capitalized, at a word boundary.
func followedByWord(s string, p int, w string) bool {
	p = skipBlank(s, p)
	for _, form := range []string{w, strings.ToUpper(w[:1]) + w[1:]} {
		if strings.HasPrefix(s[p:], form) {
			e := p + len(form)
			return e == len(s) || !isWordByte(s[e])
		}
	}
	return false
}

// sentenceStart walks back from p to the start of its sentence: after the
// previous ". ", "? " or "! ", or the start of its paragraph.
func sentenceStart(s string, p int) int {
	for i := p - 1; i > 0; i-- {
		switch s[i] {
		case '\n':
			if s[i-1] == '\n' {
				return skipBlank(s, i+1)
			}
		case ' ', '\t':
			if c := s[i-1]; c == '.' || c == '?' || c == '!' {
				return skipBlank(s, i)
			}
		}
	}
	return skipBlank(s, 0)
}
