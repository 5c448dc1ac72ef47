package extract

import "strings"

// texList is a list being rendered: how deep among numbered lists it is
// (0 for bullets), how many items it has had, its label's style (an
// enumerate's option) and whether an item reads "•".
type texList struct {
	depth, items int
	style        string
	bullet       bool
}

// genericList reads the arguments of LaTeX's \begin{list}{label}{setup}
// at i: a list whose setup uses a counter (\usecounter{c}) numbers its
// items as its label prints that counter ("(\roman{c})" gives (i),
// (ii), …); any other labels its items with a mark. It gives the list
// (depth 1 when numbered) and where its items start.
func genericList(s string, i int) (texList, int) {
	label, e := texRawBraced(s, i)
	if e < 0 {
		return texList{bullet: true}, i
	}
	setup, e2 := texRawBraced(s, e)
	if e2 < 0 {
		return texList{bullet: true}, e
	}
	if strings.Contains(setup, `\usecounter`) {
		for _, c := range []string{`\arabic`, `\alph`, `\Alph`, `\roman`, `\Roman`} {
			k := strings.Index(label, c+"{")
			if k < 0 {
				continue
			}
			if q := strings.IndexByte(label[k:], '}'); q >= 0 {
				return texList{depth: 1, style: "label=" + label[:k] + c + "*" + label[k+q+1:]}, e2
			}
		}
		return texList{depth: 1}, e2
	}
	return texList{bullet: true}, e2
}
