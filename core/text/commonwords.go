package text

import "strings"

// commonWords are everyday English words that are not stopwords but name
// no subject: the nouns, verbs and adjectives any request may hold
// ("install the requests package", "order a list", "write a short
// function"). A skill triggered by one of them alone is loaded for tasks
// that have nothing to do with it; a term that holds one beside a word of
// its own ("shortest path", "request smuggling") names a subject. The
// list is the frequent words of general English and of technical prose
// about anything (input, output, value, file), in their base form.
var commonWords = func() map[string]struct{} {
	words := strings.Fields(`
		able about access account action active actual add address after again age ago agree
		allow already answer appear apply area argument around ask available away back bad
		base basic become begin best better big bit block body book both bottom box break bring
		build business call care carry case cause center certain change check child choose
		city claim class clear close code come common company complete condition consider
		contain content context continue control copy correct cost could country course cover
		create current cut data date day deal decide define degree describe design detail
		develop different direct do document done draw during early easy effect end enough
		enter entry error even event ever example expect explain fact fail fall false family far
		fast feature feel field figure file fill final find fine first fix follow following form
		free full function game general get give go good great group grow guide hand handle
		happen hard head hear help high hold home hour house idea important include
		information input instead issue item job keep kind know large last late later lead
		learn least leave left less level life light like line link list little live local long
		look lot low main make man manage mark matter mean member message method middle mind
		miss mode model moment money month move name near need new next nice night note
		nothing notice number object offer office often old open option order output page
		part party pass past people perhaps person place plan play point possible post power
		present problem process produce program provide public purpose put question quick
		quite range rather reach read ready real reason receive record remain remember
		remove report request require result return right road room rule run say school second
		section see seem send sense serve service set several short show side sign simple
		since single size small something sometimes sound source space special stand
		start state statement step still stop story study subject support sure system table
		take talk task team tell term test text thing think third though time today together
		top total true try turn type understand unit until update usage use used user usual
		value version view want water way week well whole word work world write year young
		positive negative template specific various similar whether within
		lecture chapter course exercise solution introduction overview appendix summary
		security safety performance architecture proof specification
	`)
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}()

// IsCommonWord reports whether the lowercased word w, or the singular or
// base form it is an inflection of, is an everyday English word (see
// commonWords): "requests", "ordered" and "functions" are.
func IsCommonWord(w string) bool {
	if _, ok := commonWords[w]; ok {
		return true
	}
	for _, suf := range [...]struct{ cut, add string }{
		{"ies", "y"}, {"es", ""}, {"s", ""}, {"ed", ""}, {"ed", "e"}, {"ing", ""}, {"ing", "e"},
	} {
		if base, ok := strings.CutSuffix(w, suf.cut); ok && len(base) > 2 {
			if _, ok := commonWords[base+suf.add]; ok {
				return true
			}
		}
	}
	return false
}
