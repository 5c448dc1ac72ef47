package main

import (
	"strings"
	"unicode"
)

// normalize lowercases s, turns every run of characters other than letters
// and digits into one space and drops a word's plural "s" (not from words
// of three letters or fewer, nor after "s", "u" or "i": "ranges" → "range",
// "class", "status" and "bis" stay).
func normalize(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for i, w := range words {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") {
			words[i] = w[:len(w)-1]
		}
	}
	return strings.Join(words, " ")
}

// hasPhrase reports whether the normalized name holds the normalized
// phrase as a run of whole words.
func hasPhrase(name, phrase string) bool {
	return phrase != "" && strings.Contains(" "+name+" ", " "+phrase+" ")
}

// bare drops a leading article from a normalized name.
func bare(name string) string {
	for _, a := range []string{"the ", "a ", "an "} {
		if strings.HasPrefix(name, a) {
			return name[len(a):]
		}
	}
	return name
}

// extraWords is how many words a name may have beyond the keywords it
// matches: "Scheme-Based Normalization" is the concept normalization, a
// sentence that mentions If-Match in passing is not the concept If-Match.
const extraWords = 2

// headName is the part of a name a concept is matched against: its
// trailing parenthesis (a disambiguation such as "(If-None-Match)") cut,
// normalized, a leading article dropped.
func headName(name string) string {
	name = strings.TrimSpace(name)
	if strings.HasSuffix(name, ")") {
		if i := strings.LastIndex(name, "("); i > 0 {
			name = name[:i]
		}
	}
	return bare(normalize(name))
}

// matches reports whether a head name is the concept of the keyword
// alternative a: it ends in a as whole words ("Scheme-Based
// Normalization", not "Normalization Examples") and has at most
// extraWords more.
func matches(n, a string) bool {
	return a != "" && (n == a || strings.HasSuffix(n, " "+a)) && len(strings.Fields(n)) <= len(strings.Fields(a))+extraWords
}

// centralFound gives, for each concept, the first top name that matches
// it (one of its keyword alternatives, or the concept's own name as
// written down, its parenthesis cut) ("" when none does), leaving out the names judged not to be the
// concept (rejected, keyed by concept name and then primitive name).
func centralFound(cs []concept, top []string, rejected map[string]bool) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
	next:
		for _, name := range top {
			if rejected[c.name+"\t"+name] {
				continue
			}
			n := headName(name)
			if n == headName(c.name) {
				// the concept as written down is the concept, whatever
				// its keywords ask ("Pre-release version" for
				// "pre-release version", keywords "pre release")
				out[i] = name
				break
			}
			for _, a := range c.alts {
				if matches(n, a) {
					out[i] = name
					break next
				}
			}
		}
	}
	return out
}

// termsFound counts the terms that are a primitive's name (strict) and
// those a primitive's name contains (loose), and lists the terms no
// primitive's name contains (missed) and those only contained (unnamed).
func termsFound(ts []term, names []string) (strict, loose int, missed, unnamed []string) {
	norm := make([]string, len(names))
	for i, n := range names {
		norm[i] = bare(normalize(n))
	}
	for _, t := range ts {
		nt := bare(normalize(t.term))
		eq, in := false, false
		for _, n := range norm {
			if n == nt {
				eq = true
			}
			if hasPhrase(n, nt) {
				in = true
			}
		}
		if eq {
			strict++
		}
		if in {
			loose++
			if !eq {
				unnamed = append(unnamed, t.term)
			}
		} else {
			missed = append(missed, t.term)
		}
	}
	return strict, loose, missed, unnamed
}
