package acquire

// What a file is, told from its first bytes rather than its name: lore
// reads every text file, so a file is judged by what it holds, and binaries
// are named by kind instead of being read as text. Only signatures that
// cannot start a text file are used (each holds a byte that is not
// printable ASCII, or is checked with the NUL bytes text never has), so a
// text file is never mistaken for a binary.

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// binClass is what a binary kind means for the scan.
type binClass int

const (
	// notBinary: no signature matched.
	notBinary binClass = iota
	// executableClass is code a machine or a virtual machine runs: a
	// program posing as a resource, critical wherever it is.
	executableClass
	// bytecodeClass is compiled code of an interpreter (Python .pyc):
	// code nobody can review as written.
	bytecodeClass
	// archiveClass is a container lore does not open here (nested, or of
	// a format it does not read): what it holds is not scanned.
	archiveClass
	// mediaClass is an ordinary resource a document or skill carries
	// (images, fonts, PDF, audio, video): not a finding.
	mediaClass
)

// binKind names a binary format.
type binKind struct {
	name  string
	class binClass
}

// sniffHead is how much of a file kind detection looks at: every
// signature below lies in it (tar's at 257), and the share of control
// bytes that tells binary data from text with a stray NUL is measured on
// it, as git measures its first 8000 bytes.
const sniffHead = 8 << 10

type signature struct {
	at    int
	magic string
	kind  binKind
	// printable signatures could begin a text file ("OTTO", "%PDF-",
	// "ustar" at 257): they name a binary only when the head also holds
	// bytes text does not (see binaryish).
	printable bool
}

var (
	elfKind     = binKind{"ELF executable", executableClass}
	peKind      = binKind{"Windows executable (PE)", executableClass}
	dosKind     = binKind{"DOS/Windows executable (MZ)", executableClass}
	machoKind   = binKind{"Mach-O executable", executableClass}
	fatKind     = binKind{"Mach-O universal binary", executableClass}
	wasmKind    = binKind{"WebAssembly module", executableClass}
	classKind   = binKind{"Java class file", executableClass}
	pycKind     = binKind{"compiled Python bytecode", bytecodeClass}
	zipFileKind = binKind{"zip archive", archiveClass}
	tarFileKind = binKind{"tar archive", archiveClass}
)

// signatures are matched in order; the first that matches wins.
var signatures = []signature{
	{0, "\x7fELF", elfKind, false},
	{0, "\xfe\xed\xfa\xce", machoKind, false},
	{0, "\xfe\xed\xfa\xcf", machoKind, false},
	{0, "\xce\xfa\xed\xfe", machoKind, false},
	{0, "\xcf\xfa\xed\xfe", machoKind, false},
	{0, "\xbe\xba\xfe\xca", fatKind, false},
	{0, "\x00asm", wasmKind, false},
	{0, "PK\x03\x04", zipFileKind, false},
	{0, "PK\x05\x06", zipFileKind, false},
	{0, "PK\x07\x08", zipFileKind, false},
	{0, "\x1f\x8b", binKind{"gzip stream", archiveClass}, false},
	{0, "7z\xbc\xaf\x27\x1c", binKind{"7z archive", archiveClass}, false},
	{0, "Rar!\x1a\x07", binKind{"RAR archive", archiveClass}, false},
	{0, "\xfd7zXZ\x00", binKind{"xz stream", archiveClass}, false},
	{0, "\x28\xb5\x2f\xfd", binKind{"zstd stream", archiveClass}, false},
	{0, "\x04\x22\x4d\x18", binKind{"lz4 stream", archiveClass}, false},
	{0, "MSCF\x00\x00\x00\x00", binKind{"Microsoft cabinet archive", archiveClass}, false},
	{257, "ustar", tarFileKind, true},
	{0, "\x89PNG\r\n\x1a\n", binKind{"PNG image", mediaClass}, false},
	{0, "\xff\xd8\xff", binKind{"JPEG image", mediaClass}, false},
	{0, "GIF87a", binKind{"GIF image", mediaClass}, true},
	{0, "GIF89a", binKind{"GIF image", mediaClass}, true},
	{0, "%PDF-", binKind{"PDF document", mediaClass}, true},
	{0, "II*\x00", binKind{"TIFF image", mediaClass}, false},
	{0, "MM\x00*", binKind{"TIFF image", mediaClass}, false},
	{0, "\x00\x00\x01\x00", binKind{"icon", mediaClass}, false},
	{0, "\x00\x01\x00\x00", binKind{"TrueType font", mediaClass}, false},
	{0, "OTTO", binKind{"OpenType font", mediaClass}, true},
	{0, "ttcf", binKind{"TrueType font collection", mediaClass}, true},
	{0, "wOFF", binKind{"WOFF font", mediaClass}, true},
	{0, "wOF2", binKind{"WOFF2 font", mediaClass}, true},
	{0, "ID3", binKind{"MP3 audio", mediaClass}, true},
	{0, "OggS", binKind{"Ogg media", mediaClass}, true},
	{0, "fLaC", binKind{"FLAC audio", mediaClass}, true},
	{0, "\x1a\x45\xdf\xa3", binKind{"Matroska/WebM video", mediaClass}, false},
	{4, "ftyp", binKind{"MP4/QuickTime media", mediaClass}, true},
	{0, "MZ", dosKind, true},
	{0, "BM", binKind{"BMP image", mediaClass}, true},
}

// sniff names the binary kind of a file from its first bytes, or returns
// a zero binKind when no signature matches.
func sniff(head []byte) binKind {
	if len(head) > sniffHead {
		head = head[:sniffHead]
	}
	// 0xCAFEBABE starts both a Java class and a Mach-O universal binary:
	// the next word is a class file's version (45 and up) and a universal
	// binary's count of architectures (a handful), as file(1) tells them.
	if len(head) >= 8 && (string(head[:4]) == "\xca\xfe\xba\xbe" || string(head[:4]) == "\xca\xfe\xba\xbf") {
		if head[3] == 0xbe && binary.BigEndian.Uint32(head[4:8]) >= 45 {
			return classKind
		}
		return fatKind
	}
	bin := binaryish(head)
	for _, s := range signatures {
		if len(head) >= s.at+len(s.magic) && string(head[s.at:s.at+len(s.magic)]) == s.magic && (bin || !s.printable) {
			if s.kind == dosKind {
				// The PE header, when there is one, says it is a
				// Windows program rather than a DOS one.
				if len(head) >= 64 {
					if off := int(binary.LittleEndian.Uint32(head[0x3c:0x40])); off >= 0x40 && off+4 <= len(head) && string(head[off:off+4]) == "PE\x00\x00" {
						return peKind
					}
				}
			}
			return s.kind
		}
	}
	// "BZh1".."BZh9" is printable; the block or end-of-stream magic after
	// it is not.
	if len(head) >= 10 && string(head[:3]) == "BZh" && head[3] >= '1' && head[3] <= '9' &&
		(string(head[4:10]) == "\x31\x41\x59\x26\x53\x59" || string(head[4:10]) == "\x17\x72\x45\x38\x50\x90") {
		return binKind{"bzip2 stream", archiveClass}
	}
	// RIFF holds WAV, AVI and WebP alike; the form type says which.
	if len(head) >= 12 && string(head[:4]) == "RIFF" {
		switch string(head[8:12]) {
		case "WEBP":
			return binKind{"WebP image", mediaClass}
		case "WAVE":
			return binKind{"WAV audio", mediaClass}
		case "AVI ":
			return binKind{"AVI video", mediaClass}
		}
	}
	// A .pyc starts with a two-byte version number and "\r\n", then
	// flags and a timestamp or hash, all in the first 16 bytes.
	if len(head) >= 16 && head[2] == '\r' && head[3] == '\n' && head[1] < 0x10 && hasNUL(head[4:16]) {
		return pycKind
	}
	return binKind{}
}

// binaryish reports bytes no text holds: a NUL, or a sequence that is not
// UTF-8 (a rune cut at the end of the head aside).
func binaryish(head []byte) bool {
	if hasNUL(head) {
		return true
	}
	if utf8.Valid(head) {
		return false
	}
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && n <= 1 {
			// A rune cut by the end of the head is not an error.
			return utf8.FullRune(head[i:])
		}
		i += n
	}
	return false
}

func hasNUL(b []byte) bool { return bytes.IndexByte(b, 0) >= 0 }

// eicar is the EICAR anti-virus test signature: 68 printable characters
// that every anti-virus product treats as a virus. It is assembled here
// from parts so that lore's own source never holds it whole and is not
// itself quarantined or reported.
var eicar = []byte(`X5O!P%@AP[4\PZX54(P^)7CC)7}$` + "EICAR-STANDARD-" + "ANTIVIRUS-TEST-FILE!$H+H*")

// eicarAt returns where the EICAR signature first occurs in b, or -1.
func eicarAt(b []byte) int {
	return bytes.Index(b, eicar)
}

// eicarFile reports a file the test standard calls the test file: the
// signature at its very start, followed by at most white space, within the
// 128 bytes the standard allows. This is what scanners quarantine; the
// signature elsewhere is a quotation (a security document) or a payload
// a script writes out, and lore reports those with less weight.
func eicarFile(b []byte) bool {
	if !bytes.HasPrefix(b, eicar) || len(b) > 128 {
		return false
	}
	return len(bytes.TrimSpace(b[len(eicar):])) == 0
}

// looksBinary tells binary data from text that merely carries a NUL byte
// or two: in binary data, control bytes that text does not use (other than
// tab, line feed, vertical tab, form feed, carriage return and escape) are
// more than a few percent of the first bytes.
func looksBinary(head []byte) bool {
	if len(head) > sniffHead {
		head = head[:sniffHead]
	}
	n := 0
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\v' && c != '\f' && c != '\r' && c != 0x1b {
			n++
		}
	}
	return n*50 > len(head) // over 2%
}
