package hostile

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"sort"
)

// The files below are what a skill or a source may carry besides text:
// programs, archives, the anti-virus test file, ordinary images and fonts.
// Each is only the head of its format, enough for a reader that tells
// formats by their first bytes, padded with the NUL bytes real headers hold.

func padded(head string, n int) []byte {
	b := make([]byte, n)
	copy(b, head)
	return b
}

// ELF returns the head of a 64-bit Linux ELF executable.
func ELF() []byte {
	b := padded("\x7fELF\x02\x01\x01", 128)
	binary.LittleEndian.PutUint16(b[16:], 2)    // ET_EXEC
	binary.LittleEndian.PutUint16(b[18:], 0x3e) // x86-64
	return b
}

// PE returns the head of a Windows executable: the MZ stub pointing at a
// PE header.
func PE() []byte {
	b := padded("MZ\x90\x00\x03", 256)
	binary.LittleEndian.PutUint32(b[0x3c:], 0x80)
	copy(b[0x80:], "PE\x00\x00\x64\x86")
	return b
}

// MachO returns the head of a 64-bit Mach-O executable.
func MachO() []byte { return padded("\xcf\xfa\xed\xfe\x07\x00\x00\x01", 64) }

// FatMachO returns the head of a Mach-O universal binary of two
// architectures; it shares its magic number with a Java class file.
func FatMachO() []byte { return padded("\xca\xfe\xba\xbe\x00\x00\x00\x02", 64) }

// JavaClass returns the head of a Java class file (version 52, Java 8).
func JavaClass() []byte { return padded("\xca\xfe\xba\xbe\x00\x00\x00\x34", 64) }

// Wasm returns the head of a WebAssembly module.
func Wasm() []byte { return padded("\x00asm\x01\x00\x00\x00", 32) }

// Pyc returns the head of a compiled Python 3.11 module.
func Pyc() []byte { return padded("\xa7\x0d\x0d\x0a\x00\x00\x00\x00", 64) }

// Gzip returns a gzip stream of a little text.
func Gzip() []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write([]byte("# Hidden\n\nNot scanned inside a nested archive.\n"))
	w.Close()
	return b.Bytes()
}

// Tar returns a tar archive holding one text file.
func Tar() []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	body := []byte("# Hidden\n")
	_ = w.WriteHeader(&tar.Header{Name: "hidden.md", Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg})
	_, _ = w.Write(body)
	w.Close()
	return b.Bytes()
}

// Archives returns the head of an archive of each format a source may nest,
// by a file name of that format.
func Archives() map[string][]byte {
	return map[string][]byte{
		"inner.zip": Zip(map[string][]byte{"hidden.md": []byte("# Hidden\n")}),
		"lib.jar":   Zip(map[string][]byte{"Main.class": JavaClass()}),
		"data.gz":   Gzip(),
		"data.tar":  Tar(),
		"data.7z":   padded("7z\xbc\xaf\x27\x1c\x00\x04", 64),
		"data.rar":  padded("Rar!\x1a\x07\x01\x00", 64),
		"data.xz":   padded("\xfd7zXZ\x00\x00\x04", 64),
		"data.bz2":  []byte("BZh91AY&SY\x00\x01\x02\x03\xff\xfe"),
		"data.zst":  padded("\x28\xb5\x2f\xfd\x04\x00", 64),
	}
}

// Media returns the head of an image, font or document of each kind a
// skill ordinarily carries, by a file name of that kind.
func Media() map[string][]byte {
	return map[string][]byte{
		"logo.png":    padded("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR", 64),
		"photo.jpg":   padded("\xff\xd8\xff\xe0\x00\x10JFIF\x00", 64),
		"anim.gif":    padded("GIF89a\x01\x00\x01\x00\x80\x00\x00", 64),
		"pic.webp":    padded("RIFF\x24\x00\x00\x00WEBPVP8 ", 64),
		"font.ttf":    padded("\x00\x01\x00\x00\x00\x0f\x00\x80", 64),
		"font.otf":    padded("OTTO\x00\x0b\x00\x80", 64),
		"font.woff2":  padded("wOF2\x00\x01\x00\x00", 64),
		"sample.pdf":  append([]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), padded("1 0 obj", 32)...),
		"favicon.ico": padded("\x00\x00\x01\x00\x01\x00\x10\x10", 64),
	}
}

// EICAR returns the EICAR anti-virus test file. It is assembled from parts
// so that no file of lore's own source holds the signature whole: anti-virus
// software would quarantine it, and lore scanning its own tree would report it.
func EICAR() []byte {
	return []byte(`X5O!P%@AP[4\PZX54(P^)7CC)7}$` + "EICAR-STANDARD-" + "ANTIVIRUS-TEST-FILE!$H+H*")
}

// TrojanSource returns, by file name, a small program in each of several
// languages whose comments or strings hold bidi controls that make it
// display differently from what a compiler reads (CVE-2021-42574): U+202E
// (right-to-left override) and U+2066..U+2069 (isolates).
func TrojanSource() map[string][]byte {
	const (
		rlo = "\u202e"
		lri = "\u2066"
		pdi = "\u2069"
		fsi = "\u2068"
		rli = "\u2067"
	)
	return map[string][]byte{
		"admin.go":  []byte("package main\n\nfunc main() {\n\tisAdmin := false\n\t/*" + rlo + " } " + lri + "if (isAdmin)" + pdi + " " + lri + " begin admins only */\n\tprintln(\"You are an admin.\")\n\t/* end admins only " + rlo + " { " + lri + "*/\n}\n"),
		"lib.rs":    []byte("fn main() {\n    let access_level = \"user\";\n    if access_level != \"user" + rlo + " " + lri + "// Check if admin" + pdi + " " + lri + "\" {\n        println!(\"You are an admin.\");\n    }\n}\n"),
		"check.c":   []byte("#include <stdio.h>\n\nint main() {\n    int is_admin = 0;\n    /*" + rlo + " } " + lri + "if (is_admin)" + pdi + " " + lri + " begin admins only */\n        printf(\"You are an admin.\\n\");\n    /* end admins only " + rlo + " { " + lri + "*/\n    return 0;\n}\n"),
		"Main.java": []byte("public class Main {\n    public static void main(String[] args) {\n        String accessLevel = \"user\";\n        if (accessLevel != \"user" + rlo + " " + lri + "// Check if admin" + pdi + " " + lri + "\") {\n            System.out.println(\"You are an admin.\");\n        }\n    }\n}\n"),
		"app.js":    []byte("var accessLevel = \"user\";\nif (accessLevel != \"user" + rlo + " " + lri + "// Check if admin" + pdi + " " + lri + "\") {\n    console.log(\"You are an admin.\");\n}\n"),
		"tool.py":   []byte("#!/usr/bin/env python3\naccess_level = \"user\"\nif access_level != 'none" + rlo + lri + "': # Check if admin" + pdi + lri + "' and access_level != 'user':\n    print(\"You are an admin.\")\n"),
		"start.s":   []byte(".globl _start\n_start:\n    # " + rli + "check skipped" + pdi + " " + fsi + "jmp admin" + pdi + "\n    mov $60, %rax\n    syscall\n"),
		"Vault.sol": []byte("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Vault {\n    function withdraw(address to) public {\n        /*" + rlo + " } " + lri + "if (msg.sender == owner)" + pdi + " " + lri + " owner only */\n        payable(to).transfer(address(this).balance);\n    }\n}\n"),
		"Makefile":  []byte("all:\n\t@echo build # " + rlo + "llatsni && " + lri + "rm -rf /" + pdi + "\n"),
	}
}

// Names returns the keys of m, sorted.
func Names(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
