package acquire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// PDF backends (Options.PDFBackend).
const (
	PDFBackendGo        = "go"
	PDFBackendPdftotext = "pdftotext"
	PDFBackendAuto      = "auto"
)

// pdftotextTimeout bounds one run of the external tool.
const pdftotextTimeout = 2 * time.Minute

// ValidPDFBackend checks a backend name ("" is the default, go).
func ValidPDFBackend(b string) error {
	switch b {
	case "", PDFBackendGo, PDFBackendPdftotext, PDFBackendAuto:
		return nil
	}
	return fmt.Errorf("PDF backend %q is not one of go, pdftotext, auto", b)
}

// usePdftotext decides whether a PDF goes to poppler's pdftotext.
func usePdftotext(backend string) (bool, error) {
	switch backend {
	case "", PDFBackendGo:
		return false, nil
	case PDFBackendAuto:
		_, err := exec.LookPath("pdftotext")
		return err == nil, nil
	case PDFBackendPdftotext:
		if _, err := exec.LookPath("pdftotext"); err != nil {
			return false, errors.New("pdf.backend is pdftotext but pdftotext is not installed (it comes with poppler-utils); use pdf.backend go")
		}
		return true, nil
	}
	return false, ValidPDFBackend(backend)
}

// pdftotext runs poppler's tool on raw in reading order (not -layout,
// which breaks paragraphs into columns of fixed-width lines).
func pdftotext(raw []byte) (string, error) {
	f, err := os.CreateTemp("", "lore-*.pdf")
	if err != nil {
		return "", fmt.Errorf("pdftotext: %w", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(raw); err != nil {
		f.Close()
		return "", fmt.Errorf("pdftotext: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("pdftotext: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), pdftotextTimeout)
	defer cancel()
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, "pdftotext", "-enc", "UTF-8", "-eol", "unix", "-q", f.Name(), "-")
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if ctx.Err() != nil {
			msg = "timed out after " + pdftotextTimeout.String()
		}
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("pdftotext could not read the PDF: %s", msg)
	}
	// Form feeds separate pages; the analyzer wants paragraphs.
	return Normalize(bytes.ReplaceAll(out.Bytes(), []byte("\f"), []byte("\n\n")))
}
