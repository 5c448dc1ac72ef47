package analyze

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestTitle(t *testing.T) {
	for _, c := range []struct {
		name string
		f    core.Format
		text string
		want string
	}{
		{"latex title of the author's macro", core.FormatLaTeX, "\\documentclass{article}\n\\newcommand{\\mytitle}{BLAKE3}\n\\title{\\mytitle}\n\\begin{document}\\section{Introduction}", "BLAKE3"},
		{"latex title", core.FormatLaTeX, "\\documentclass{book}\n% \\title{Old}\n\\title[Short]{Linear \\emph{Algebra}\\\\ Done Right}\n\\begin{document}\\chapter{Vectors}", "Linear Algebra Done Right"},
		{"latex chapter file", core.FormatLaTeX, "%!TEX root = book.tex\n\\chapter{Equivalences}\\label{cha:equivalences}\nText.", "Equivalences"},
		{"latex section file", core.FormatLaTeX, "\\section{Enumerability}\nA set is enumerable.", "Enumerability"},
		{"latex sections without a title: the longest", core.FormatLaTeX, "\\section{Current division of team work}\nWho does what.\n\\section{Preliminaries}\nA ring.\n\\section{Proof of the Artin-Wedderburn theorem}\nA long proof that goes on and on, longer than the others.\n", "Proof of the Artin-Wedderburn theorem"},
		{"latex chapter by the author's command", core.FormatLaTeX, "%!TEX root = book.tex\n\\Chapter{10}{Sinkless Orientation}\n\\section{On Paths}\nText.\n\\section{On Trees}\nMore text here.\n", "Sinkless Orientation"},
		{"latex longest section but an example", core.FormatLaTeX, "\\section{Port-Numbered Network}\nA network with ports.\n\\section{Example: Vertex Covers}\nA long worked example that goes on for much longer than the definitions do.\n", "Port-Numbered Network"},
		{"latex titlepage is not a title", core.FormatLaTeX, "\\titlepage\n\\section{Real title}", "Real title"},
		{"pretext", core.FormatPreTeXt, `<section xml:id="sec_trees"><title>Trees</title><p>A tree.</p></section>`, "Trees"},
		{"markdown front matter", core.FormatMarkdown, "---\ntitle: \"Get started with containers\"\nms.date: 1\n---\n\n# Get started\n", "Get started with containers"},
		{"markdown toml front matter", core.FormatMarkdown, "+++\ndraft = false\ntitle = \"Deploy with Helm\"\n+++\n\nText.\n", "Deploy with Helm"},
		{"markdown json front matter in a comment", core.FormatMarkdown, "<!--{\n  \"Title\": \"Tutorial: Getting started with multi-module workspaces\",\n  \"Breadcrumb\": true\n}-->\n\nThis tutorial introduces workspaces.\n\n## Prerequisites\n", "Tutorial: Getting started with multi-module workspaces"},
		{"markdown nested title is not the page's", core.FormatMarkdown, "---\nseo:\n  title: Other\n---\n\n# Page\n", "Page"},
		{"markdown title with badges", core.FormatMarkdown, "<a href=\"x\"><img src=\"logo.svg\"/></a>\n\n# Node Version Manager [![Tests](https://example.org/t.svg?branch=master)][3] [![CII](https://example.org/b)](https://example.org/p)\n\n## Intro\n", "Node Version Manager"},
		{"markdown heading", core.FormatMarkdown, "Intro line.\n\n# goldmark\n\n## Motivation\n", "goldmark"},
		{"markdown setext", core.FormatMarkdown, "goldmark\n========\n\ntext\n", "goldmark"},
		{"markdown without a level-1 heading", core.FormatMarkdown, "## Usage\n\ntext\n", ""},
		{"rfc", core.FormatText, "\n\n\nInternet Engineering Task Force (IETF)          I. Fette\nRequest for Comments: 6455                Google, Inc.\nCategory: Standards Track\n                                        December 2011\n\n\n                         The WebSocket Protocol\n\nAbstract\n\n   The WebSocket Protocol enables", "RFC 6455: The WebSocket Protocol"},
		{"rfc title on two lines", core.FormatText, "Request for Comments: 7234                    Adobe\n                                   June 2014\n\n\n        Hypertext Transfer Protocol (HTTP/1.1):\n                    Caching\n\nAbstract\n", "RFC 7234: Hypertext Transfer Protocol (HTTP/1.1): Caching"},
		{"pdf text", core.FormatText, "\n\nSecure Noise Generation\n\nGoogle Differential Privacy Team\n", "Secure Noise Generation"},
		{"prose is not a title", core.FormatText, "This book is a pedagogical introduction. It starts here.\n", ""},
		{"empty", core.FormatText, "", ""},
	} {
		secs := Sections(c.text, c.f)
		if got := Title(c.text, c.f, secs); got != c.want {
			t.Errorf("%s: Title = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestCorpusTitles(t *testing.T) {
	corpusDir(t)
	for name, want := range map[string]string{
		"rfc6455_websocket.txt":                                                "RFC 6455: The WebSocket Protocol",
		"rfc7234_http-caching.txt":                                             "RFC 7234: Hypertext Transfer Protocol (HTTP/1.1): Caching",
		"latex_untitled-envs_hott_equivalences.tex":                            "Equivalences",
		"latex_ods_sorting.tex":                                                "Sorting Algorithms",
		"pretext_levin_discrete_sec_gt-trees.ptx":                              "Trees",
		"paper_collaborative-text-editing.tex":                                 "Collaborative Text Editing with Eg-walker: Better, Faster, Smaller",
		"tutorial-numbered_wsl_wsl-containers.md":                              "Get started with containers on WSL",
		"apiref_goldmark_README.md":                                            "goldmark",
		"textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt": "Linear Algebra via Exterior Products",
	} {
		a := Analyze(&core.Document{Format: corpusFormat(name), Text: readCorpus(t, name)}, nil)
		if a.Title != want {
			t.Errorf("%s: title %q, want %q", name, a.Title, want)
		}
	}
}

// TestTitleAfterLongPreamble: a book's \title comes after hundreds of
// lines of packages and macros; it is still its title, not the first
// chapter's.
func TestTitleAfterLongPreamble(t *testing.T) {
	pre := strings.Repeat("\\newcommand{\\macro}{\\mathbb{C}} % a macro of the book\n", 400)
	doc := "\\documentclass{book}\n" + pre + "\\title{Tasty Bits of Several Complex Variables}\n\\begin{document}\n\\maketitle\n\\chapter{Introduction}\nText.\n"
	if got := Title(doc, core.FormatLaTeX, Sections(doc, core.FormatLaTeX)); got != "Tasty Bits of Several Complex Variables" {
		t.Errorf("title %q", got)
	}
}

// A section published alone is titled without the number that placed it
// in its book; a title's own number stays.
func TestTitleWithoutSectionNumber(t *testing.T) {
	for in, want := range map[string]string{
		"2.4 Error Detection": "Error Detection", "3. Results": "Results", "1984 Revisited": "1984 Revisited",
		"2.4": "2.4", "10 things": "10 things", "Error Detection": "Error Detection",
	} {
		if got := withoutNumber(in); got != want {
			t.Errorf("withoutNumber(%q) = %q, want %q", in, got, want)
		}
	}
}
