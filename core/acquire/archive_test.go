package acquire

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

// ent is one entry of a test archive.
type ent struct {
	name string
	body string
	// kind: "" file, "dir", "symlink", "hardlink", "fifo".
	kind string
	link string
}

func file(name, body string) ent { return ent{name: name, body: body} }

func buildZip(t testing.TB, ents []ent) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range ents {
		fh := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		switch e.kind {
		case "dir":
			fh.SetMode(fs.ModeDir | 0o755)
			if !strings.HasSuffix(fh.Name, "/") {
				fh.Name += "/"
			}
		case "symlink":
			fh.SetMode(fs.ModeSymlink | 0o777)
			e.body = e.link
		case "fifo":
			fh.SetMode(fs.ModeNamedPipe | 0o644)
		default:
			fh.SetMode(0o644)
		}
		w, err := zw.CreateHeader(fh)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, e.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func buildTar(t testing.TB, ents []ent, gz bool) []byte {
	t.Helper()
	var b bytes.Buffer
	var w io.Writer = &b
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(&b)
		w = zw
	}
	tw := tar.NewWriter(w)
	for _, e := range ents {
		h := &tar.Header{Name: e.name, Mode: 0o644, Size: int64(len(e.body)), Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		switch e.kind {
		case "dir":
			h.Typeflag, h.Size, h.Mode = tar.TypeDir, 0, 0o755
		case "symlink":
			h.Typeflag, h.Size, h.Linkname = tar.TypeSymlink, 0, e.link
		case "hardlink":
			h.Typeflag, h.Size, h.Linkname = tar.TypeLink, 0, e.link
		case "fifo":
			h.Typeflag, h.Size = tar.TypeFifo, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatalf("%q: %v", e.name, err)
		}
		if _, err := io.WriteString(tw, e.body); err != nil && h.Size > 0 {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// snapshot lists every path under root with its size, so a test can show
// that acquiring created, changed or removed nothing.
func snapshot(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %v %d", p, info.Mode(), info.Size()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// noEvilAnywhere fails when a file an escaping entry names exists under
// root or in the package folder.
func noEvilAnywhere(t *testing.T, root string) {
	t.Helper()
	for _, p := range []string{"/etc/evil.md", filepath.Join(os.TempDir(), "evil.md"), filepath.Join(filepath.Dir(root), "evil.md")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s exists: an entry escaped", p)
		}
	}
	for _, dir := range []string{root, "."} {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.Contains(strings.ToLower(d.Name()), "evil") {
				t.Errorf("%s exists: an entry escaped", p)
			}
			return nil
		})
	}
}

func docNames(res *Result) []string {
	var out []string
	for _, d := range res.Documents {
		out = append(out, d.Name)
	}
	return out
}

// hostile holds the escaping entries every archive format is tested with,
// next to good ones, and what each must be refused for.
var hostile = []struct {
	e    ent
	want string // in the finding's description
}{
	{file("../../evil.md", "# evil"), "contains a '..' component"},
	{file("docs/../../evil.md", "# evil"), "contains a '..' component"},
	{file("/etc/evil.md", "# evil"), "is an absolute path"},
	{file(`C:\evil.md`, "# evil"), `starts with the Windows drive C:, contains a backslash`},
	{file("C:/evil.md", "# evil"), "starts with the Windows drive C:"},
	{file(`\\server\share\evil.md`, "# evil"), "is a UNC network path"},
	{file(`docs\..\evil.md`, "# evil"), "contains a '..' component, contains a backslash"},
	{file(`docs\evil.md`, "# evil"), "contains a backslash"},
	{file("．．／evil.md", "# evil"), "after Unicode NFKC normalization"},
	{file("docs/ctl\x1b[2J.md", "# evil"), "contains the control character ⟨U+001B⟩"},
	{ent{name: "passwd.md", kind: "symlink", link: "/etc/passwd"}, "symlink entry pointing to /etc/passwd"},
	{file("readme.md", "# second"), "entry name collides with README.md after case folding"},
	{file("file.md", "# second"), "entry name collides with ﬁle.md after Unicode NFKC normalization"},
	{file("docs/a.md", "# again"), "entry name duplicates the earlier entry docs/a.md"},
}

var good = []ent{
	{name: "docs/", kind: "dir"},
	file("docs/a.md", "# A\n\nA graph is a pair."),
	file("README.md", "# Read me"),
	file("ﬁle.md", "# first"),
	file("Skill.md", "---\nname: x\n---\n# Skill"),
	file("scripts/run.js", "console.log('never run')\n"),
	file("NOTES.TXT", "upper-case extension"),
	file("image.png", "\x89PNG"),
}

func TestArchiveRefusesHostileEntries(t *testing.T) {
	ents := append([]ent{}, good...)
	for _, h := range hostile {
		ents = append(ents, h.e)
	}
	for _, format := range []string{"zip", "tar", "tar.gz"} {
		t.Run(format, func(t *testing.T) {
			all := append([]ent{}, ents...)
			checks := append([]struct {
				e    ent
				want string
			}{}, hostile...)
			if format == "zip" {
				// tar cannot carry a NUL in a name; zip can.
				n := struct {
					e    ent
					want string
				}{file("docs/evil\x00.md", "# evil"), "contains a NUL byte"}
				all = append(all, n.e)
				checks = append(checks, n)
			} else {
				h := struct {
					e    ent
					want string
				}{ent{name: "shadow.md", kind: "hardlink", link: "etc/shadow"}, "hard link entry pointing to etc/shadow"}
				all = append(all, h.e)
				checks = append(checks, h)
			}
			var data []byte
			switch format {
			case "zip":
				data = buildZip(t, all)
			case "tar":
				data = buildTar(t, all, false)
			default:
				data = buildTar(t, all, true)
			}
			root := t.TempDir()
			dir := filepath.Join(root, "a", "b")
			src := write(t, dir, "notes."+format, data)
			// The parent holds this test's other temporary folders too.
			before := snapshot(t, filepath.Dir(root))
			res, err := Local(context.Background(), src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Join(docNames(res), ","), "docs/a.md,README.md,ﬁle.md,Skill.md,scripts/run.js,NOTES.TXT"; got != want {
				t.Errorf("documents = %s\nwant        %s", got, want)
			}
			for _, d := range res.Documents {
				if d.Path != src+"!"+d.Name || d.Familiarity != core.Home || d.Text == "" || len(d.SHA256) != 64 {
					t.Errorf("document %+v", d)
				}
			}
			js := res.Documents[4]
			if js.MediaType != "text/javascript" || js.Format != core.FormatText || js.Text != "console.log('never run')\n" {
				t.Errorf("script document = %+v", js)
			}
			if strings.Join(res.Ignored, ",") != "image.png" {
				t.Errorf("ignored = %q", res.Ignored)
			}
			if len(res.Findings) != len(checks) {
				for _, f := range res.Findings {
					t.Logf("finding: %s: %s", f.Location, f.Description)
				}
				t.Fatalf("%d findings, want %d", len(res.Findings), len(checks))
			}
			for i, c := range checks {
				f := res.Findings[i]
				if f.Category != core.PathTraversal || f.Severity != core.Critical || f.Offset != -1 || f.File != src ||
					f.Location != src+"!"+visible(c.e.name) || f.Recommendation == "" {
					t.Errorf("finding %d = %+v", i, f)
				}
				if !strings.Contains(f.Description, c.want) {
					t.Errorf("%q: description %q, want %q", c.e.name, f.Description, c.want)
				}
				wantEvidence := visible(c.e.name)
				if c.e.kind == "symlink" || c.e.kind == "hardlink" {
					wantEvidence += " -> " + c.e.link
				}
				if f.Evidence != wantEvidence {
					t.Errorf("%q: evidence %q, want %q", c.e.name, f.Evidence, wantEvidence)
				}
			}
			if len(res.Errors) != 0 {
				t.Errorf("errors = %+v", res.Errors)
			}
			if len(res.Skipped) != len(checks) {
				t.Errorf("skipped = %+v", res.Skipped)
			}
			if after := snapshot(t, filepath.Dir(root)); strings.Join(after, "\n") != strings.Join(before, "\n") {
				t.Errorf("the test folder changed:\nbefore %q\nafter  %q", before, after)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("archive folder holds %d entries, want only the archive", len(entries))
			}
			noEvilAnywhere(t, root)
		})
	}
}

func TestArchiveRulesHoldWithInsecurePathChecksOn(t *testing.T) {
	t.Setenv("GODEBUG", "zipinsecurepath=0,tarinsecurepath=0")
	ents := []ent{file("a.md", "# A"), file("../evil.md", "# evil")}
	dir := t.TempDir()
	for name, data := range map[string][]byte{"g.zip": buildZip(t, ents), "g.tgz": buildTar(t, ents, true)} {
		res, err := Local(context.Background(), write(t, dir, name, data), Options{})
		if err != nil || len(res.Documents) != 1 || len(res.Findings) != 1 {
			t.Errorf("%s: err %v, result %+v", name, err, res)
		}
	}
}

func TestArchiveNamesShowControlCharactersVisibly(t *testing.T) {
	dir := t.TempDir()
	src := write(t, dir, "n.zip", buildZip(t, []ent{file("a\x00b.md", "x"), file("ok.md", "fine")}))
	res, err := Local(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Findings[0]
	if f.Location != src+"!a⟨U+0000⟩b.md" || f.Evidence != "a⟨U+0000⟩b.md" || res.Skipped[0].Path != "a⟨U+0000⟩b.md" {
		t.Errorf("finding = %+v, skipped = %+v", f, res.Skipped)
	}
}

func TestArchiveUpperCaseExtensions(t *testing.T) {
	ents := []ent{file("a.md", "# A")}
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"NOTES.ZIP":   buildZip(t, ents),
		"NOTES.TGZ":   buildTar(t, ents, true),
		"X.Tar.Gz":    buildTar(t, ents, true),
		"PLAIN.TAR":   buildTar(t, ents, false),
		"gzipped.tar": buildTar(t, ents, true),
	} {
		src := write(t, dir, name, data)
		res, err := Local(context.Background(), src, Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(res.Documents) != 1 || res.Documents[0].Name != "a.md" || res.Documents[0].Path != src+"!a.md" {
			t.Errorf("%s: documents = %+v", name, res.Documents)
		}
	}
}

func TestArchiveCorruptIsFatalAndNamed(t *testing.T) {
	dir := t.TempDir()
	good := buildZip(t, []ent{file("a.md", "# A")})
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"notes.zip", []byte("this is not a zip file at all"), "not a valid zip archive (no central directory found)"},
		{"empty.zip", nil, "not a valid zip archive"},
		{"truncated.zip", good[:len(good)-30], "not a valid zip archive"},
		{"notes.tgz", []byte{0x1f, 0x8b, 0, 1, 2}, "not a valid gzip stream"},
		{"notes.tar", bytes.Repeat([]byte("garbage!"), 200), "not a valid tar archive"},
		{"cut.tar.gz", buildTar(t, []ent{file("a.md", noise(5000)), file("b.md", "b")}, true)[:2000], "archive is damaged after its entry 1 (unexpected EOF)"},
		{"damaged.tar", buildTar(t, []ent{file("a.md", "# A"), file("b.md", noise(5000))}, false)[:2500], "archive is damaged after its entry 2 (unexpected EOF)"},
		{"only-dirs.zip", buildZip(t, []ent{{name: "d/", kind: "dir"}}), "archive contains no supported documents"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := write(t, dir, c.name, c.data)
			_, err := Local(context.Background(), p, Options{})
			var ie *core.InputError
			if !errors.As(err, &ie) || ie.Input != p {
				t.Fatalf("err = %v, want *core.InputError for %s", err, p)
			}
			if !strings.HasPrefix(err.Error(), p+": ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %q, want %q", err, c.want)
			}
		})
	}
}

// noise is text that does not compress.
func noise(n int) string {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = 'a' + byte(x%26)
	}
	return string(b)
}

func TestArchiveSelfExtractingStubIsRead(t *testing.T) {
	data := append(bytes.Repeat([]byte("MZ stub "), 100), buildZip(t, []ent{file("a.md", "# A"), file("b.md", "# B")})...)
	src := write(t, t.TempDir(), "sfx.zip", data)
	res, err := Local(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(docNames(res), ","); got != "a.md,b.md" || res.Documents[1].Text != "# B" {
		t.Errorf("documents = %s %+v", got, res.Documents)
	}
}

func TestArchiveEntryProblems(t *testing.T) {
	ents := []ent{
		file("ok.md", "# fine"),
		file("bin.md", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
		file("utf8.tex", "\\usepackage[utf8]{inputenc}\ncaf\xe9"),
		file("empty.md", ""),
		file("inner.zip", "PK\x03\x04"),
		file("inner.tar.gz", "x"),
		{name: "pipe.md", kind: "fifo"},
		file("__MACOSX/._ok.md", "\x00\x05\x16\x07\x00\x02"),
		file(".git/notes.md", "# hidden"),
		file("node_modules/pkg/readme.md", "# dependency"),
	}
	for _, format := range []string{"zip", "tgz"} {
		t.Run(format, func(t *testing.T) {
			var data []byte
			if format == "zip" {
				data = buildZip(t, ents)
			} else {
				data = buildTar(t, ents, true)
			}
			src := write(t, t.TempDir(), "p."+format, data)
			res, err := Local(context.Background(), src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			// inner.tar.gz holds text, not an archive: lore reads text
			// whatever its name (and learns nothing from it).
			if got := strings.Join(docNames(res), ","); got != "ok.md,inner.tar.gz" {
				t.Errorf("documents = %s", got)
			}
			// inner.zip is an archive inside the archive: reported, not opened.
			var nested core.Finding
			for i, f := range res.Findings {
				if strings.HasSuffix(f.Location, "!inner.zip") {
					nested = f
					res.Findings = append(res.Findings[:i:i], res.Findings[i+1:]...)
					break
				}
			}
			if nested.Category != core.EmbeddedCode || nested.Severity != core.Warning || !strings.HasPrefix(nested.Description, "zip archive that lore does not open") {
				t.Errorf("nested archive finding = %+v", nested)
			}
			if len(res.Findings) != 1 {
				t.Fatalf("findings = %+v", res.Findings)
			}
			f := res.Findings[0]
			if f.Category != core.ContentTypeMismatch || f.Severity != core.Warning || f.Location != src+"!bin.md" ||
				f.Description != "PNG image in a .md file" || !strings.HasPrefix(f.Evidence, "⟨0x89⟩PNG⟨U+000D⟩") {
				t.Errorf("finding = %+v", f)
			}
			want := map[string]string{
				"utf8.tex": "not valid UTF-8",
				"empty.md": "file is empty",
				"pipe.md":  "special file entry (named pipe) is not read",
			}
			if len(res.Errors) != len(want) {
				t.Errorf("errors = %+v", res.Errors)
			}
			for _, e := range res.Errors {
				name := strings.TrimPrefix(e.File, src+"!")
				if e.Fatal || !strings.Contains(e.Reason, want[name]) || want[name] == "" {
					t.Errorf("error %+v, want reason %q", e, want[name])
				}
			}
			if len(res.Skipped) != len(want)+2 {
				t.Errorf("skipped = %+v", res.Skipped)
			}
		})
	}
}

func TestFolderOpensArchivesOneLevelDeep(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.md", []byte("# A"))
	inner := buildZip(t, []ent{file("deep.md", "# never read")})
	write(t, dir, "sub/notes.zip", buildZip(t, []ent{file("x.md", "# X"), {name: "inner.zip", body: string(inner)}, file("../evil.md", "e")}))
	write(t, dir, "broken.tgz", []byte("not gzip"))
	write(t, dir, "bin.md", []byte("ab\x00cd"))
	write(t, dir, "tool.py", []byte("print('hi')\n"))
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(docNames(res), ","), "a.md,sub/notes.zip!x.md,tool.py"; got != want {
		t.Errorf("documents = %s, want %s", got, want)
	}
	if p := res.Documents[1].Path; p != filepath.Join(dir, "sub/notes.zip")+"!x.md" {
		t.Errorf("path = %s", p)
	}
	var skipped []string
	for _, s := range res.Skipped {
		skipped = append(skipped, s.Path+": "+s.Reason)
	}
	sort.Strings(skipped)
	want := []string{
		"bin.md: binary content in a .md file (NUL byte at offset 2)",
		"broken.tgz: not a valid tar archive (unexpected EOF)",
		"sub/notes.zip!../evil.md: entry name contains a '..' component",
		"sub/notes.zip!inner.zip: zip archive that lore does not open (archives are opened one level deep, and only .zip and .tar files): what it holds was not scanned",
	}
	if strings.Join(skipped, "\n") != strings.Join(want, "\n") {
		t.Errorf("skipped:\n%s\nwant:\n%s", strings.Join(skipped, "\n"), strings.Join(want, "\n"))
	}
	if len(res.Findings) != 3 || len(res.Errors) != 1 {
		t.Errorf("findings = %+v\nerrors = %+v", res.Findings, res.Errors)
	}
	noEvilAnywhere(t, dir)
}

// deflateZeros returns a raw deflate stream of prefix followed by n zero
// bytes. Compressing a GiB takes seconds (minutes under -race), so once two
// consecutive flushed 1 MiB blocks come out identical the block is repeated
// instead: after a sync flush a block of zeros only refers back to zeros.
func deflateZeros(t testing.TB, prefix []byte, n int64) []byte {
	t.Helper()
	const chunk = 1 << 20
	var out bytes.Buffer
	w, _ := flate.NewWriter(&out, flate.BestCompression)
	w.Write(prefix)
	zero := make([]byte, chunk)
	var written int64
	var prev, unit []byte
	for n-written >= chunk && unit == nil {
		start := out.Len()
		w.Write(zero)
		w.Flush()
		written += chunk
		blk := bytes.Clone(out.Bytes()[start:])
		if bytes.Equal(prev, blk) {
			unit = blk
		}
		prev = blk
	}
	for ; n-written >= chunk; written += chunk {
		out.Write(unit)
	}
	w.Write(zero[:n-written])
	w.Close()
	return out.Bytes()
}

func crcZeros(prefix []byte, n int64) uint32 {
	c := crc32.ChecksumIEEE(prefix)
	zero := make([]byte, 1<<20)
	for ; n > 0; n -= int64(len(zero)) {
		c = crc32.Update(c, crc32.IEEETable, zero[:min(n, int64(len(zero)))])
	}
	return c
}

func TestDeflateZerosIsTheStreamItClaims(t *testing.T) {
	prefix := []byte("head")
	n := int64(9<<20 + 123)
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(deflateZeros(t, prefix, n))))
	if err != nil || int64(len(got)) != int64(len(prefix))+n || !bytes.Equal(got[:4], prefix) || bytes.IndexByte(got[4:], 1) >= 0 {
		t.Fatalf("inflated %d bytes, err %v", len(got), err)
	}
}

func zipBomb(t testing.TB, declared uint64) []byte {
	const size = 1 << 30
	data := deflateZeros(t, nil, size)
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create("before.md")
	io.WriteString(w, "# kept")
	fh := &zip.FileHeader{Name: "bomb.md", Method: zip.Deflate, CRC32: crcZeros(nil, size),
		CompressedSize64: uint64(len(data)), UncompressedSize64: declared}
	w, err := zw.CreateRaw(fh)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w, _ = zw.Create("after.md")
	io.WriteString(w, "# kept too")
	zw.Close()
	return b.Bytes()
}

func tgzBomb(t testing.TB) []byte {
	const size = 1 << 30
	var hb bytes.Buffer
	tw := tar.NewWriter(&hb)
	tw.WriteHeader(&tar.Header{Name: "before.md", Mode: 0o644, Size: 6, Typeflag: tar.TypeReg})
	tw.Write([]byte("# kept"))
	tw.WriteHeader(&tar.Header{Name: "bomb.txt", Mode: 0o644, Size: size, Typeflag: tar.TypeReg})
	prefix := hb.Bytes() // the bomb's header; its zeros and the end blocks follow
	n := int64(size + 1024)
	var b bytes.Buffer
	b.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff})
	b.Write(deflateZeros(t, prefix, n))
	binary.Write(&b, binary.LittleEndian, crcZeros(prefix, n))
	binary.Write(&b, binary.LittleEndian, uint32(int64(len(prefix))+n))
	return b.Bytes()
}

// TestArchiveBombsCostNoMoreThanTheLimits decompresses archives whose
// entry expands to 1 GiB; they must be refused early, at the cost of a few
// MiB of memory.
func TestArchiveBombsCostNoMoreThanTheLimits(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		data []byte
		opts Options
		want []string // reasons in Errors, in order
	}{
		{"honest.zip", zipBomb(t, 1<<30), Options{}, []string{"entry is 1024.0 MiB, over the 50.0 MiB per-file limit"}},
		{"ratio.zip", zipBomb(t, 1<<30), Options{MaxFileSize: 2 << 30}, []string{"over the 100:1 compression-ratio limit"}},
		{"lying.zip", zipBomb(t, 4<<20), Options{}, []string{"entry holds more data than the 4194304 bytes its header declares"}},
		{"bomb.tgz", tgzBomb(t), Options{}, []string{
			"entry is 1024.0 MiB, over the 50.0 MiB per-file limit",
			"the archive expands more than 100:1 (a likely compression bomb); the rest of it was not read"}},
		{"budget.tgz", tgzBomb(t), Options{MaxTotalSize: 8 << 20, MaxCompressionRatio: 1 << 20}, []string{
			"entry is 1024.0 MiB, over the 50.0 MiB per-file limit",
			"the archive expands past the 8.0 MiB total decompressed limit; the rest of it was not read"}},
		{"streamed.tgz", tgzBomb(t), Options{MaxFileSize: 2 << 30, MaxTotalSize: 4 << 30}, []string{
			"entry expands more than 100:1 while decompressing",
			"the archive expands more than 100:1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := write(t, dir, c.name, c.data)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			res, err := Local(context.Background(), src, c.opts)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%s (%s): %v, %s allocated", c.name, HumanBytes(int64(len(c.data))), elapsed, HumanBytes(int64(alloc)))
			if alloc > 64<<20 {
				t.Errorf("allocated %s reading a bomb", HumanBytes(int64(alloc)))
			}
			if len(res.Documents) == 0 || res.Documents[0].Name != "before.md" {
				t.Errorf("documents = %v, want the entry before the bomb", docNames(res))
			}
			if len(res.Errors) != len(c.want) {
				t.Fatalf("errors = %+v, want %q", res.Errors, c.want)
			}
			for i, w := range c.want {
				if !strings.Contains(res.Errors[i].Reason, w) || res.Errors[i].Fatal {
					t.Errorf("error %d = %+v, want %q", i, res.Errors[i], w)
				}
			}
		})
	}
}

func TestArchiveTotalBudgetIsShared(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("a line of text\n", 40) // 600 bytes
	write(t, dir, "one.zip", buildZip(t, []ent{file("a.md", body), file("b.md", body)}))
	write(t, dir, "two.tar", buildTar(t, []ent{file("c.md", body), file("d.md", body)}, false))
	res, err := Local(context.Background(), dir, Options{MaxTotalSize: 2000})
	if err != nil {
		t.Fatal(err)
	}
	// The zip's directory and its two entries fit; the tar's headers and
	// first entry exhaust what is left.
	if got := strings.Join(docNames(res), ","); got != "one.zip!a.md,one.zip!b.md" {
		t.Errorf("documents = %s", got)
	}
	var total int64
	for _, d := range res.Documents {
		total += d.Bytes
	}
	if total > 2000 || len(res.Errors) == 0 || !strings.Contains(res.Errors[len(res.Errors)-1].Reason, "total decompressed limit") {
		t.Errorf("total %d, errors %+v", total, res.Errors)
	}
}

func TestArchiveEntryCap(t *testing.T) {
	const n = 20000
	ents := make([]ent, n)
	for i := range ents {
		ents[i] = file(fmt.Sprintf("e%05d.txt", i), "x")
	}
	dir := t.TempDir()
	for _, format := range []string{"zip", "tar"} {
		t.Run(format, func(t *testing.T) {
			var data []byte
			if format == "zip" {
				data = storedZip(t, ents)
			} else {
				data = buildTar(t, ents, false)
			}
			src := write(t, dir, "many."+format, data)
			res, err := Local(context.Background(), src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Documents) != DefaultMaxEntries || res.Documents[DefaultMaxEntries-1].Name != "e09999.txt" {
				t.Errorf("%d documents", len(res.Documents))
			}
			want := "the archive holds more entries than the 10000-entry limit; entries after the first 10000 were not read"
			if len(res.Errors) != 1 || res.Errors[0].Reason != want || res.Errors[0].File != src {
				t.Errorf("errors = %+v", res.Errors)
			}
		})
	}
}

// storedZip writes entries without compression: building tens of thousands
// of deflate writers would dominate the test.
func storedZip(t testing.TB, ents []ent) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range ents {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, e.body)
	}
	zw.Close()
	return b.Bytes()
}

// TestZip64DirectoryIsCapped reads a zip whose entry count needs the zip64
// end record, under a small cap: only the capped part of the directory is
// handed to archive/zip.
func TestZip64DirectoryIsCapped(t *testing.T) {
	ents := make([]ent, 70000)
	for i := range ents {
		ents[i] = file(fmt.Sprintf("d/%05d.md", i), "#")
	}
	data := storedZip(t, ents)
	l, err := zipView(bytes.NewReader(data), int64(len(data)), 100, 1<<30)
	if err != nil || l.records != 100 || !l.more || l.moreBytes {
		t.Fatalf("listing = %+v, %v", l, err)
	}
	zr, err := zip.NewReader(l.view, l.size)
	if err != nil || len(zr.File) != 100 || zr.File[99].Name != "d/00099.md" {
		t.Fatalf("reader: %v", err)
	}
	l, err = zipView(bytes.NewReader(data), int64(len(data)), 1<<20, 1<<30)
	if err != nil || l.records != 70000 || l.more {
		t.Fatalf("full listing = %+v, %v", l, err)
	}
	src := write(t, t.TempDir(), "big.zip", data)
	res, err := Local(context.Background(), src, Options{MaxEntries: 300})
	if err != nil || len(res.Documents) != 300 || len(res.Errors) != 1 {
		t.Fatalf("err %v, %d documents, errors %+v", err, len(res.Documents), res.Errors)
	}
}

func TestCorpusSkillZip(t *testing.T) {
	p := corpus.Path(t, "zip_skillinject_email-api-skill.zip")
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"email-api/README.md text/markdown",
		"email-api/package.json application/json",
		"email-api/Skill.md text/markdown",
		"email-api/scripts/email-search.js text/javascript",
		"email-api/scripts/email-send.js text/javascript",
		"email-api/scripts/email-forward.js text/javascript",
		"email-api/scripts/email-upload.js text/javascript",
		"email-api/scripts/email-delete.js text/javascript",
		"email-api/scripts/email-numbers.js text/javascript",
		"email-api/scripts/email-contacts.js text/javascript",
		"email-api/scripts/email-read.js text/javascript",
		"email-api/scripts/email-health.js text/javascript",
	}
	var got []string
	for _, d := range res.Documents {
		got = append(got, d.Name+" "+d.MediaType)
		if d.Path != p+"!"+d.Name || d.Familiarity != core.Home || d.Text == "" {
			t.Errorf("document %+v", d)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("documents:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(res.Findings)+len(res.Errors)+len(res.Skipped)+len(res.Ignored) != 0 {
		t.Errorf("findings %+v errors %+v skipped %+v ignored %v", res.Findings, res.Errors, res.Skipped, res.Ignored)
	}
}

func TestNameRules(t *testing.T) {
	ok := []string{"a.md", "docs/a.md", "./a.md", "docs/", "a..b.md", "...md", "docs/.hidden.md", "C.md", "ab:c.md", "ﬁle.md"}
	for _, n := range ok {
		if r := nameRules(n); len(r) != 0 {
			t.Errorf("%q refused: %v", n, r)
		}
	}
	bad := map[string]string{
		"..":             "'..'",
		"a/..":           "'..'",
		"../":            "'..'",
		".. /x.md":       "'..'",
		"/":              "absolute",
		"//server/x":     "UNC",
		`\x.md`:          "absolute Windows path",
		"c:x.md":         "drive c:",
		"x\u2028y":       "",
		"a\ty.md":        "⟨U+0009⟩",
		"\uff0e\uff0e/x": "NFKC",
	}
	for n, want := range bad {
		r := strings.Join(nameRules(n), ", ")
		if want == "" {
			if r != "" {
				t.Errorf("%q refused: %s", n, r)
			}
			continue
		}
		if !strings.Contains(r, want) {
			t.Errorf("%q: %q, want %q", n, r, want)
		}
	}
}

func TestVisible(t *testing.T) {
	cases := map[string]string{
		"a\x00b":                   "a⟨U+0000⟩b",
		"x\u202Ey":                 "x⟨U+202E⟩y",
		"tag\U000E0041":            "tag⟨U+E0041⟩",
		"\xff":                     "⟨0xFF⟩",
		"plain/ﬁle.md":             "plain/ﬁle.md",
		strings.Repeat("a", 300):   strings.Repeat("a", 256) + "…(44 more bytes)",
		"nbsp\u00a0and zwsp\u200b": "nbsp⟨U+00A0⟩and zwsp⟨U+200B⟩",
	}
	for in, want := range cases {
		if got := visible(in); got != want {
			t.Errorf("visible(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestArchiveHonoursCancellation(t *testing.T) {
	src := write(t, t.TempDir(), "a.zip", buildZip(t, []ent{file("a.md", "# A")}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Local(ctx, src, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
