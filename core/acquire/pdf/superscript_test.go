package pdf

import "testing"

// A superscript raised by almost half an em ("the sth symbol",
// "exp(−2^{50−k})") is met by the top-down sweep before the letters it
// belongs to and was left on a row of its own above them ("s th" over
// "the s symbol").
func TestRaisedSuperscriptStaysInItsLine(t *testing.T) {
	fonts := "<< /F1 " + fixed500 + " >>"
	content := `BT /F1 10 Tf 72 700 Td (the s) Tj ET BT /F1 7 Tf 97 704.6 Td (th) Tj ET BT /F1 10 Tf 104 700 Td ( symbol) Tj ET ` +
		`BT /F1 10 Tf 72 686 Td (next line) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "the sth symbol\nnext line\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
