package pdf

var standardEncoding, winAnsiEncoding, macRomanEncoding []string

// macRomanHigh is MacRomanEncoding from 0x80 as PDF defines it (0xDE and
// 0xDF are the fi and fl ligatures, not Latin-1's Þ and ß).
const macRomanHigh = "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø" +
	"¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄¤‹›\ufb01\ufb02‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\x00ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ"

func init() {
	standardEncoding = make([]string, 256)
	winAnsiEncoding = make([]string, 256)
	for c := 32; c < 127; c++ {
		standardEncoding[c] = string(rune(c))
		winAnsiEncoding[c] = string(rune(c))
	}
	standardEncoding['\''] = "\u2019"
	standardEncoding['`'] = "\u2018"
	for c, s := range map[int]string{0xA1: "¡", 0xA2: "¢", 0xA3: "£", 0xA7: "§", 0xA9: "'", 0xAA: "\u201C",
		0xAB: "«", 0xAC: "‹", 0xAD: "›", 0xAE: "fi", 0xAF: "fl", 0xB1: "\u2013", 0xB2: "†", 0xB3: "‡",
		0xB4: "·", 0xB6: "¶", 0xB7: "•", 0xB8: "\u201A", 0xB9: "\u201E", 0xBA: "\u201D", 0xBB: "»",
		0xBC: "…", 0xBD: "‰", 0xBF: "¿", 0xC1: "`", 0xC2: "´", 0xC3: "ˆ", 0xC4: "˜", 0xC5: "¯",
		0xC8: "¨", 0xCA: "˚", 0xCB: "¸", 0xD0: "\u2014", 0xE1: "Æ", 0xE3: "ª", 0xE8: "Ł", 0xE9: "Ø",
		0xEA: "Œ", 0xEB: "º", 0xF1: "æ", 0xF5: "ı", 0xF8: "ł", 0xF9: "ø", 0xFA: "œ", 0xFB: "ß"} {
		standardEncoding[c] = s
	}
	for c := 0xA0; c < 256; c++ {
		winAnsiEncoding[c] = string(rune(c))
	}
	winAnsiEncoding[0xA0] = " "
	macRomanEncoding = make([]string, 256)
	copy(macRomanEncoding, winAnsiEncoding[:128])
	for i, r := range []rune(macRomanHigh) {
		switch r {
		case 0:
		case '\ufb01':
			macRomanEncoding[0x80+i] = "fi"
		case '\ufb02':
			macRomanEncoding[0x80+i] = "fl"
		case '\u00a0':
			macRomanEncoding[0x80+i] = " "
		default:
			macRomanEncoding[0x80+i] = string(r)
		}
	}
	win := []rune("€\x00‚ƒ„…†‡ˆ‰Š‹Œ\x00Ž\x00\x00‘’“”•–—˜™š›œ\x00žŸ")
	for i, r := range win {
		if r != 0 {
			winAnsiEncoding[0x80+i] = string(r)
		}
	}
}

// glyphNames maps common glyph names (Adobe Glyph List subset plus TeX
// font names) to Unicode text.
var glyphNames = map[string]string{
	"space": " ", "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
	"ampersand": "&", "quoteright": "\u2019", "quotesingle": "'", "parenleft": "(", "parenright": ")",
	"asterisk": "*", "plus": "+", "comma": ",", "hyphen": "-", "minus": "\u2212", "period": ".",
	"slash": "/", "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
	"six": "6", "seven": "7", "eight": "8", "nine": "9", "colon": ":", "semicolon": ";", "less": "<",
	"equal": "=", "greater": ">", "question": "?", "at": "@", "bracketleft": "[", "backslash": "\\",
	"bracketright": "]", "asciicircum": "^", "underscore": "_", "quoteleft": "\u2018", "grave": "`",
	"braceleft": "{", "bar": "|", "braceright": "}", "asciitilde": "~", "fi": "fi", "fl": "fl",
	"ff": "ff", "ffi": "ffi", "ffl": "ffl", "endash": "\u2013", "emdash": "\u2014",
	"quotedblleft": "\u201C", "quotedblright": "\u201D", "quotedblbase": "\u201E",
	"quotesinglbase": "\u201A", "bullet": "•", "dotlessi": "ı", "dotlessj": "ȷ", "ellipsis": "…",
	"dagger": "†", "daggerdbl": "‡", "section": "§", "paragraph": "¶", "periodcentered": "·",
	"germandbls": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "oslash": "ø", "Oslash": "Ø",
	"acute": "´", "dieresis": "¨", "circumflex": "ˆ", "tilde": "˜", "macron": "¯", "breve": "˘",
	"dotaccent": "˙", "ring": "˚", "cedilla": "¸", "caron": "ˇ", "degree": "°", "multiply": "×",
	"divide": "÷", "plusminus": "±", "infinity": "∞", "partialdiff": "∂", "summation": "∑",
	"product": "∏", "integral": "∫", "radical": "√", "lessequal": "≤", "greaterequal": "≥",
	"notequal": "≠", "approxequal": "≈", "element": "∈", "arrowright": "→", "arrowleft": "←",
	"logicaland": "∧", "logicalor": "∨", "wedge": "∧", "circlemultiply": "⊗", "circleplus": "⊕",
	"nabla": "∇", "copyright": "©", "registered": "®", "trademark": "™", "exclamdown": "¡",
	"questiondown": "¿", "guillemotleft": "«", "guillemotright": "»", "Euro": "€", "sterling": "£",
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "zeta": "ζ", "eta": "η",
	"theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
	"omicron": "ο", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ",
	"chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
	"Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "udieresis": "ü", "odieresis": "ö",
	"adieresis": "ä", "ccedilla": "ç", "ntilde": "ñ", "iacute": "í", "oacute": "ó", "uacute": "ú",
	"nbspace": " ", "nonbreakingspace": " ",
	// TeX's Computer Modern math and symbol fonts.
	"epsilon1": "ε", "theta1": "ϑ", "phi1": "φ", "sigma1": "ς", "rho1": "ϱ", "pi1": "ϖ",
	"asteriskmath": "∗", "similar": "∼", "proportional": "∝", "universal": "∀", "existential": "∃",
	"emptyset": "∅", "arrowdblright": "⇒", "arrowdblleft": "⇐", "arrowdblboth": "⇔", "arrowboth": "↔",
	"arrowup": "↑", "arrowdown": "↓", "reflexsubset": "⊆", "reflexsuperset": "⊇", "propersubset": "⊂",
	"propersuperset": "⊃", "intersection": "∩", "union": "∪", "angbracketleft": "⟨",
	"angbracketright": "⟩", "bardbl": "‖", "lessmuch": "≪", "greatermuch": "≫", "equivalence": "≡",
	"precedes": "≺", "follows": "≻", "openbullet": "◦", "circledot": "⊙", "perpendicular": "⊥",
	"prime": "′", "aleph": "ℵ", "weierstrass": "℘", "floorleft": "⌊", "floorright": "⌋",
	"ceilingleft": "⌈", "ceilingright": "⌉", "dotmath": "⋅", "owner": "∋", "visiblespace": "␣",
	"negationslash": "\u0338", "mapsto": "↦", "angle": "∠", "logicalnot": "¬", "backslash1": "\\",
	// Latin-1 and punctuation names outside the letter+accent pattern.
	"Lslash": "Ł", "lslash": "ł", "Eth": "Ð", "eth": "ð", "Thorn": "Þ", "thorn": "þ", "yen": "¥",
	"cent": "¢", "currency": "¤", "brokenbar": "¦", "ordfeminine": "ª", "ordmasculine": "º",
	"onehalf": "½", "onequarter": "¼", "threequarters": "¾", "onesuperior": "¹", "twosuperior": "²",
	"threesuperior": "³", "fraction": "⁄", "perthousand": "‰", "guilsinglleft": "‹",
	"guilsinglright": "›", "florin": "ƒ", "lozenge": "◊", "increment": "∆", "mu1": "µ",
	"hyphensoft": "-", "sfthyphen": "-", "dotlessi.sc": "ı",
}
