package pdf

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TextProgress counts the pages it reads: once with none done, then after
// each page, and the text is Text's.
func TestTextProgressCountsEveryPage(t *testing.T) {
	var contents []string
	for i, w := range []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo"} {
		contents = append(contents, plain(fmt.Sprintf("BT /F1 12 Tf 72 %d Td (%s opens the body of this page.) Tj 0 -14 Td (A second line follows it.) Tj ET", 700-10*i, w)))
	}
	data := doc("<< /F1 "+helvetica+" >>", contents...)
	var got [][2]int
	text, err := TextProgress(context.Background(), bytes.NewReader(data), int64(len(data)), func(done, total int) {
		got = append(got, [2]int{done, total})
	})
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}, {5, 5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("progress %v, want %v", got, want)
	}
	plainText, err := extractText(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if text != plainText || !strings.Contains(text, "Echo opens the body") {
		t.Errorf("text with progress %q, without %q", text, plainText)
	}
}
