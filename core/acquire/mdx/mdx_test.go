package mdx

import "testing"

// A course page's banner and video are dropped, its tip keeps its text,
// its headings lose their anchors, and its code stays as written.
func TestMarkdown(t *testing.T) {
	page := "# Unigram tokenization[[unigram-tokenization]]\n\n" +
		"<CourseFloatingBanner chapter={6}\n  classNames=\"absolute\"\n  notebooks={[\n    {label: \"Colab\", value: \"https://x\"},\n]} />\n\n" +
		"The Unigram algorithm is used with SentencePiece.\n\n<Youtube id=\"TGZfZVuF9Yc\"/>\n\n" +
		"import Banner from '@site/banner'\n\n<Tip warning={true}>\n\nPrune the vocabulary slowly.\n\n</Tip>\n\n" +
		"## Training algorithm {#training}\n\n```python\nimport copy\nexport = 1\n<Foo/>\n```\n"
	want := "# Unigram tokenization\n\n\n" +
		"The Unigram algorithm is used with SentencePiece.\n\n\n" +
		"\n\nPrune the vocabulary slowly.\n\n\n" +
		"## Training algorithm\n\n```python\nimport copy\nexport = 1\n<Foo/>\n```\n"
	if got := Markdown(page); got != want {
		t.Errorf("Markdown =\n%q\nwant\n%q", got, want)
	}
}

// A component and its text on one line keep the text.
func TestInlineComponentKeepsText(t *testing.T) {
	if got := Markdown("<Note>Keep the key safe.</Note>"); got != "Keep the key safe." {
		t.Errorf("got %q", got)
	}
}
