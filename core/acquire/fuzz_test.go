package acquire

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	gen "github.com/lore-kb/lore/internal/hostile"
)

// fuzzOptions are small limits, so that the fuzzer reaches them often.
var fuzzOptions = Options{MaxFileSize: 64 << 10, MaxTotalSize: 256 << 10, MaxEntries: 64, MaxCompressionRatio: 100}

func fuzzSeeds(t testing.TB) [][]ent {
	var all []ent
	all = append(all, good...)
	for _, h := range hostile {
		all = append(all, h.e)
	}
	return [][]ent{
		all,
		{file("a.md", "# A"), file("a.md", "# again"), {name: "l", kind: "symlink", link: "../../x"}},
		{file("big.txt", strings.Repeat("word ", 600)), file("bin.md", "x\x00y"), file("bad.txt", "\xff")},
	}
}

// checkAcquired asserts what must hold whatever the archive: the limits,
// and well-formed documents, findings and errors.
func checkAcquired(t *testing.T, a *acquirer, ar *archive, err error) {
	t.Helper()
	o := a.opts
	if a.used > o.MaxTotalSize+1 {
		t.Fatalf("decompressed %d bytes, over the %d limit", a.used, o.MaxTotalSize)
	}
	if a.entries > o.MaxEntries {
		t.Fatalf("%d entries, over the %d limit", a.entries, o.MaxEntries)
	}
	if err != nil {
		if err.Error() == "" || !utf8.ValidString(err.Error()) {
			t.Fatalf("bad error %q", err)
		}
	}
	var total int64
	for _, d := range ar.docs {
		total += d.Bytes
		if d.Bytes > o.MaxFileSize || d.Bytes <= 0 {
			t.Fatalf("document %q is %d bytes", d.Name, d.Bytes)
		}
		if !utf8.ValidString(d.Name) || len(nameRules(d.Name)) > 0 || d.Path != ar.path+"!"+d.Name {
			t.Fatalf("document name %q path %q", d.Name, d.Path)
		}
		if !utf8.ValidString(d.Text) || strings.ContainsAny(d.Text, "\x00\r") || strings.TrimSpace(d.Text) == "" {
			t.Fatalf("document %q text %q", d.Name, d.Text)
		}
		f, ok := formats[strings.ToLower(pathExt(d.Name))]
		if d.ScanOnly {
			// A text file of a type lore has no reader for.
			f.format, f.media, ok = core.FormatText, scanOnlyMediaOf(d.Text), true
		}
		if !ok || f.format != d.Format || f.media != d.MediaType || d.Familiarity != core.Home || len(d.SHA256) != 64 {
			t.Fatalf("document %+v", d)
		}
	}
	if total > o.MaxTotalSize+1 {
		t.Fatalf("documents hold %d bytes, over the %d limit", total, o.MaxTotalSize)
	}
	quoted := 0
	for _, f := range a.res.Findings {
		switch {
		case f.Category == core.PathTraversal && f.Severity == core.Critical:
		case f.Category == core.ContentTypeMismatch && f.Severity == core.Warning:
		case f.Category == core.EmbeddedCode && (f.Severity == core.Critical || f.Severity == core.Warning):
			// A program, bytecode, a nested archive, the EICAR file; the
			// EICAR signature quoted in a text does not stand for it.
			if f.Recommendation == recEICARText {
				quoted++
			}
		default:
			t.Fatalf("finding %+v", f)
		}
		if f.File != ar.path || !strings.HasPrefix(f.Location, ar.path+"!") || f.Offset != -1 ||
			f.Description == "" || f.Evidence == "" || f.Recommendation == "" {
			t.Fatalf("finding %+v", f)
		}
		for _, s := range []string{f.Location, f.Evidence, f.Description} {
			shown(t, s)
		}
	}
	for _, e := range a.res.Errors {
		if e.Fatal || e.Reason == "" || !strings.HasPrefix(e.File, ar.path) {
			t.Fatalf("error %+v", e)
		}
		shown(t, e.File)
		shown(t, e.Reason)
	}
	if len(a.res.Skipped) != len(a.res.Findings)-quoted+len(a.res.Errors) {
		t.Fatalf("%d skipped, %d findings, %d errors", len(a.res.Skipped), len(a.res.Findings), len(a.res.Errors))
	}
	for _, s := range a.res.Skipped {
		shown(t, s.Path)
	}
}

// shown fails for text a report would print with invisible characters.
func shown(t *testing.T, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("invalid UTF-8 in %q", s)
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			t.Fatalf("invisible %U in %q", r, s)
		}
	}
}

func pathExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 && !strings.Contains(name[i:], "/") {
		return name[i:]
	}
	return ""
}

func newFuzzAcquirer() *acquirer {
	return &acquirer{ctx: context.Background(), opts: fuzzOptions.withDefaults(),
		res: &Result{Documents: []core.Document{}, Skipped: []Problem{}, Ignored: []string{}}}
}

func FuzzZip(f *testing.F) {
	for _, ents := range fuzzSeeds(f) {
		f.Add(buildZip(f, ents))
		f.Add(storedZip(f, ents))
	}
	f.Add(append([]byte("stub"), buildZip(f, []ent{file("a.md", "# A")})...))
	f.Add(gen.DOCXZip(2, 200))
	f.Add(gen.Zip(map[string][]byte{"bad.pdf": gen.SelfObjStmPDF(), "row.pdf": gen.SpaceRowPDF(), "a.md": []byte("# A")}))
	f.Fuzz(func(t *testing.T, data []byte) {
		a := newFuzzAcquirer()
		ar := newArchive("f.zip", "")
		err := a.readZip(ar, bytes.NewReader(data), int64(len(data)))
		checkAcquired(t, a, ar, err)
	})
}

func FuzzTar(f *testing.F) {
	for _, ents := range fuzzSeeds(f) {
		f.Add(buildTar(f, ents, false))
		f.Add(buildTar(f, ents, true))
	}
	var gz bytes.Buffer
	gz.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff})
	gz.Write(deflateZeros(f, buildTar(f, []ent{file("a.md", "# A")}, false)[:512+512], 2<<20))
	f.Add(gz.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		a := newFuzzAcquirer()
		ar := newArchive("f.tgz", "")
		err := a.readTar(ar, bytes.NewReader(data), int64(len(data)))
		checkAcquired(t, a, ar, err)
	})
}
