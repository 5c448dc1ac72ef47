package sanitize

import (
	"math"
	"strconv"

	"github.com/lore-kb/lore/core"
)

// Base64 blob thresholds. Random base64 carries about 6 bits per
// character; English, identifiers and slugs stay near 4, hex cannot pass
// 4, and a line of one repeated letter carries none. Length keeps short
// tokens ("abc123DEF==", a 100-character key) out.
const (
	blobMinLen     = 200
	blobMinEntropy = 4.5
	blobLineMin    = 40 // a wrapped base64 line (PEM uses 64, MIME 76)
)

// blob judges the base64-alphabet run s[i:j] and, when the run fills its
// line, the lines of base64 wrapped after it. It returns where the blob
// ends and whether it is one.
func (sc *scanner) blob(i, j int) (int, bool) {
	s := sc.s
	total, end := j-i, j
	if j < len(s) && s[j] == '\n' && i >= sc.b64Until && lineOnlyBlank(s, i) {
		for end < len(s) && s[end] == '\n' {
			k := end + 1
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			m := k
			for m < len(s) && b64[s[m]] {
				m++
			}
			if m-k < 4 || (m < len(s) && s[m] != '\n') {
				break
			}
			total += m - k
			end = m
			if m-k < blobLineMin {
				break
			}
		}
	}
	if total < blobMinLen {
		return 0, false
	}
	refuse := func() (int, bool) {
		if end > j {
			// Lines examined as one wrapped block are not examined again
			// from each of their lines.
			sc.b64Until = end
		}
		return 0, false
	}
	var counts [256]int
	var up, low, dig bool
	n := 0
	for k := i; k < end; k++ {
		c := s[k]
		if !b64[c] {
			continue
		}
		counts[c]++
		n++
		switch {
		case 'A' <= c && c <= 'Z':
			up = true
		case 'a' <= c && c <= 'z':
			low = true
		case '0' <= c && c <= '9':
			dig = true
		}
	}
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	if h < blobMinEntropy || !up || !low || !dig {
		return refuse()
	}
	desc := "base64 blob of " + strconv.Itoa(n) + " characters (entropy " + strconv.FormatFloat(h, 'f', 1, 64) + " bits/char)"
	sev := core.Warning
	rec := "Decode and inspect the blob, or remove it: a document should not need opaque encoded data."
	if t, ok := decodeB64(s[i:min(end, i+1<<20)]); ok && printable(t) {
		desc += " decoding to text " + quoteCut(t, 60)
		if sc.depth == 0 {
			inner := newScanner(sc.file, t, core.FormatText, sc.full, 1)
			inner.run()
			if len(inner.kept[0]) > 0 {
				sev = core.Critical
				desc += " that holds " + inner.kept[0][0].desc
				rec = "Reject the source or remove the blob: it hides content that would be flagged in plain sight."
			}
		}
	}
	sc.add(i, end, core.EmbeddedCode, sev, desc, rec, true)
	return end, true
}

// lineOnlyBlank reports whether only spaces or tabs precede i on its line.
func lineOnlyBlank(s string, i int) bool {
	for k := i; k > 0; k-- {
		switch s[k-1] {
		case '\n':
			return true
		case ' ', '\t':
			continue
		}
		return false
	}
	return true
}
