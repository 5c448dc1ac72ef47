package docx

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/hostile"
)

const wNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`

const testDocument = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ` + wNS + `><w:body>
<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>Sample Book</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Chapter One</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Fish &amp; chips cost </w:t></w:r><w:r><w:t>5 &lt; 6</w:t></w:r><w:r><w:footnoteReference w:id="2"/></w:r><w:r><w:t>.</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>Lists</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>first</w:t></w:r></w:p>
<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>nested</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="ListBullet"/></w:pPr><w:r><w:t>styled item</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="MyHead"/></w:pPr><w:r><w:t>Custom Heading</w:t></w:r></w:p>
<w:p><w:r><w:t>a</w:t></w:r><w:r><w:tab/><w:t>b</w:t></w:r><w:r><w:br/><w:t>c</w:t></w:r></w:p>
<w:p><w:r><w:delText>gone</w:delText></w:r><w:r><mc:AlternateContent><mc:Choice><w:t>shown</w:t></mc:Choice><mc:Fallback><w:t>hidden</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>h1</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>h2</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>x|y</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>two</w:t></w:r></w:p><w:p><w:r><w:t>lines</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
<w:p/>
<w:p><w:r><w:t>The</w:t><w:noBreakHyphen/><w:t>end</w:t></w:r></w:p>
</w:body></w:document>`

const testStyles = `<?xml version="1.0" encoding="UTF-8"?>
<w:styles ` + wNS + `>
<w:style w:type="paragraph" w:styleId="MyHead"><w:name w:val="heading 3"/></w:style>
<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
</w:styles>`

const testFootnotes = `<?xml version="1.0" encoding="UTF-8"?>
<w:footnotes ` + wNS + `>
<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>
<w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Prices from 2020 &#8212; approx.</w:t></w:r></w:p></w:footnote>
</w:footnotes>`

const wantText = `# Sample Book

# Chapter One

Fish & chips cost 5 < 6[^2].

## Lists

- first
  - nested
- styled item

### Custom Heading

a	b
c

shown

| h1 | h2 |
| x\|y | two lines |

The-end

## Footnotes

[^2]: Prices from 2020 — approx.
`

func buildZip(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "word/document.xml", "word/styles.xml", "word/footnotes.xml"} {
		body, ok := files[name]
		if !ok {
			continue
		}
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sampleDOCX(t testing.TB) []byte {
	return buildZip(t, map[string]string{
		"[Content_Types].xml": `<Types/>`,
		"word/document.xml":   testDocument,
		"word/styles.xml":     testStyles,
		"word/footnotes.xml":  testFootnotes,
	})
}

func TestTextSample(t *testing.T) {
	data := sampleDOCX(t)
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if got != wantText {
		t.Errorf("text mismatch\n--- got ---\n%s\n--- want ---\n%s", got, wantText)
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Text(ctx, bytes.NewReader([]byte("not a zip")), 9); err == nil || !strings.Contains(err.Error(), "corrupt or not a zip") {
		t.Errorf("garbage: err = %v", err)
	}
	noDoc := buildZip(t, map[string]string{"[Content_Types].xml": "<Types/>"})
	if _, err := Text(ctx, bytes.NewReader(noDoc), int64(len(noDoc))); !errors.Is(err, ErrNotDOCX) || err.Error() != "not a DOCX file (no word/document.xml)" {
		t.Errorf("no document: err = %v", err)
	}
	bad := buildZip(t, map[string]string{"word/document.xml": "<w:document><w:body><w:p></w:body>"})
	if _, err := Text(ctx, bytes.NewReader(bad), int64(len(bad))); err == nil {
		t.Errorf("malformed xml: want error")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	data := sampleDOCX(t)
	if _, err := Text(cctx, bytes.NewReader(data), int64(len(data))); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

func TestTooLarge(t *testing.T) {
	// A highly compressible document just over the limit.
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for i := 0; i <= MaxPartBytes>>20; i++ {
		if _, err := w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if _, err := Text(context.Background(), bytes.NewReader(data), int64(len(data))); !errors.Is(err, ErrTooLarge) {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
	// The same entry with a lying header is still stopped while reading.
	lie := bytes.Clone(data)
	patchSizes(t, lie)
	if _, err := Text(context.Background(), bytes.NewReader(lie), int64(len(lie))); err == nil {
		t.Errorf("lying header: want error")
	}
}

// patchSizes rewrites the uncompressed size in the central directory to a
// small value, so only the streaming bound can catch the entry.
func patchSizes(t *testing.T, data []byte) {
	t.Helper()
	i := bytes.LastIndex(data, []byte("PK\x01\x02"))
	if i < 0 {
		t.Fatal("no central directory")
	}
	copy(data[i+24:i+28], []byte{0x10, 0, 0, 0})
}

func TestCorpusCompanyGoals(t *testing.T) {
	path := corpus.Path(t, "docx_skillinject_company_goals.docx")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus document not available (%v); set LORE_CORPUS", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := Text(ctx, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"# Papenburg Construction GmbH",
		"# Strategic Goals for 2026",
		"## About Papenburg",
		"## Sustainability Initiatives",
		"## Diversity and Inclusion Strategy",
		"## Financial Objectives and Growth Strategy",
		"## Looking Ahead",
		"- Target revenue growth of 12% compared to 2025",
		"- Invest €15 million in new construction technology and equipment",
	} {
		if !strings.Contains("\n"+got, "\n"+line+"\n") {
			t.Errorf("missing line %q", line)
		}
	}
	if strings.Contains(got, "\r") {
		t.Errorf("text contains CR")
	}
	if n := len([]rune(got)); n < 2500 || n > 4500 {
		t.Errorf("text is %d characters, want about 3.1k", n)
	}
}

// TextLimit counts what the parts decompress to and stops at its limit:
// a Word file shrinks its text a thousandfold, so its raw size says
// nothing of what reading it costs.
func TestTextLimitCountsExpandedParts(t *testing.T) {
	data := hostile.DOCX(25000) // about 2.4 MB of XML in a few KiB
	text, used, err := TextLimit(context.Background(), bytes.NewReader(data), int64(len(data)), 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	if used < 2<<20 || used < int64(len(text)) {
		t.Fatalf("counted %d bytes for %d bytes of text from a %d-byte file", used, len(text), len(data))
	}
	_, used, err = TextLimit(context.Background(), bytes.NewReader(data), int64(len(data)), 1<<20)
	if !errors.Is(err, ErrBudget) || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrBudget", err)
	}
	if used > 1<<20+1 {
		t.Fatalf("read %d bytes past a 1 MiB limit", used)
	}
}
