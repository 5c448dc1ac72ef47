#!/bin/sh
# render.sh — render each work of the producer matrix (WORKS.tsv) with
# every producer Debian ships, from the same local git snapshots the other
# evaluation scripts read.
#
#   eval/producers/render.sh MIRROR [DEST] [WORK...]
#
# For each work, its commit's folder is taken out of the snapshot, the
# row's prep command is run in it (edits that drop a package TeX Live in
# Debian lacks, or chapters a converter stops on), and then:
#
#   DEST/WORK/source/             the .tex and .sty files the book reads: the ground truth
#   DEST/WORK/pdflatex/           MAIN.pdf (pdflatex, run three times)
#   DEST/WORK/latexml/            index.html (latexmlc, HTML5 with MathML)
#   DEST/WORK/pandoc-html/        MAIN.html (pandoc -t html5 -s --mathjax)
#   DEST/WORK/pandoc-epub/        MAIN.epub (pandoc -t epub3)
#   DEST/WORK/pandoc-docx/        MAIN.docx (pandoc -t docx)
#   DEST/WORK/tex4ht/             MAIN.html and its CSS (htlatex)
#   DEST/WORK/calibre-html-epub/  MAIN.epub (ebook-convert of tex4ht's HTML)
#   DEST/WORK/calibre-pdf-epub/   MAIN.epub (ebook-convert of pdflatex's PDF)
#
# Each producer has RENDER_TIMEOUT seconds (default 900) per work.
# DEST defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/producers.
# Naming WORKs renders only those. A producer that is not installed or
# fails leaves its folder out and says so (its log is DEST/WORK/PRODUCER.log);
# the others go on. The renderings depend on the tools' versions, so no
# digest of them is kept; the sources are pinned by commit.
#
# Debian 12: apt-get install texlive-latex-base texlive-latex-recommended
#   texlive-latex-extra texlive-fonts-recommended tex4ht latexml pandoc calibre
#
# Exit status: 0 when every producer of every work rendered; 1 when a
# snapshot is missing or a producer failed; 2 on bad arguments.
set -u

usage() { echo "usage: $0 MIRROR [DEST] [WORK...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
mirror=$1
shift
dest=${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/producers
if [ $# -ge 1 ]; then
	dest=$1
	shift
fi
works=$(dirname "$0")/WORKS.tsv
[ -d "$mirror" ] || { echo "$0: $mirror is not a folder" >&2; exit 2; }
[ -f "$works" ] || { echo "$0: no list at $works" >&2; exit 2; }
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
mkdir -p "$dest" || exit 2
dest=$(cd "$dest" && pwd)
only=" $* "

gitdir() {
	flat=$(printf '%s' "$1" | tr / +)
	for d in "$mirror/$flat/repo" "$mirror/$flat/repo/.git" "$mirror/$flat" "$mirror/$1.git" "$mirror/$1"; do
		if git --git-dir="$d" rev-parse --git-dir >/dev/null 2>&1; then
			printf '%s' "$d"
			return 0
		fi
	done
	return 1
}

# run WORK PRODUCER CMD: runs CMD (sh -c) with a time limit, its output in
# the producer's log; a missing tool or a failure is reported, not fatal.
run() {
	log="$dest/$1/$2.log"
	if timeout "${RENDER_TIMEOUT:-900}" sh -c "$3" >"$log" 2>&1; then
		return 0
	fi
	echo "$1: $2 failed (see $log)" >&2
	echo 1 >"$dest/.failed"
	return 1
}

# have TOOL WORK PRODUCER: whether TOOL is installed; says so when not.
have() {
	command -v "$1" >/dev/null && return 0
	echo "$2: $3 skipped: $1 is not installed" >&2
	echo 1 >"$dest/.failed"
	return 1
}

rm -f "$dest/.failed"
tab=$(printf '\t')
tail -n +2 "$works" | while IFS="$tab" read -r work half repo commit dir main prep style licence note; do
	[ -n "$work" ] || continue
	case "$only" in "  ") ;; *" $work "*) ;; *) continue ;; esac
	g=$(gitdir "$repo") || { echo "missing snapshot: $repo ($work)" >&2; echo 1 >"$dest/.failed"; continue; }
	w="$dest/$work"
	rm -rf "$w" && mkdir -p "$w/tree" || exit 1
	if ! git --git-dir="$g" archive "$commit" -- "$dir" | tar -x -C "$w/tree"; then
		echo "$work: cannot take $dir out of $repo@$commit" >&2
		echo 1 >"$dest/.failed"
		continue
	fi
	t="$w/tree/$dir"
	(cd "$t" && sh -c "$prep") >"$w/prep.log" 2>&1 || { echo "$work: prep failed (see $w/prep.log)" >&2; echo 1 >"$dest/.failed"; continue; }
	base=${main%.tex}

	# Each TeX-running producer works in its own copy: their auxiliary
	# files would otherwise meet.
	copy() { rm -rf "$w/.$1" && cp -r "$t" "$w/.$1"; }
	if have pdflatex "$work" pdflatex; then
		copy pdflatex
		if run "$work" pdflatex "cd '$w/.pdflatex' && for i in 1 2 3; do pdflatex -recorder -interaction=nonstopmode '$main' >/dev/null; done; test -s '$base.pdf'"; then
			mkdir -p "$w/pdflatex" && cp "$w/.pdflatex/$base.pdf" "$w/pdflatex/"
		fi
	fi
	# The source is the .tex and .sty files the book reads (pdflatex's
	# record of its inputs), not every file beside it: a chapter left out
	# by prep is not part of the work.
	mkdir -p "$w/source"
	if [ -s "$w/.pdflatex/$base.fls" ]; then
		sed -n 's/^INPUT //p' "$w/.pdflatex/$base.fls" | grep -v '^/' | grep -E '\.(tex|sty)$' | sed 's|^\./||' | sort -u |
			(cd "$t" && xargs -r cp --parents -t "$w/source")
	else
		(cd "$t" && find . -name '*.tex' -o -name '*.sty' | xargs -r cp --parents -t "$w/source")
	fi
	if have latexmlc "$work" latexml; then
		copy latexml
		# latexmlc exits 0 after a fatal error (its status 3, a timeout
		# among them) and still writes a page with nothing of the book on
		# it: that is a failed rendering, not an empty book.
		run "$work" latexml "cd '$w/.latexml' && latexmlc --format=html5 --nocomments --dest='$w/latexml/index.html' '$main' && test -s '$w/latexml/index.html' && ! grep -q '^Status:conversion:3' '$dest/$work/latexml.log'" ||
			rm -rf "$w/latexml"
	fi
	if have pandoc "$work" pandoc; then
		for f in html epub docx; do
			case $f in html) to="html5 -s --mathjax" ;; epub) to="epub3 --metadata title=$work" ;; docx) to=docx ;; esac
			mkdir -p "$w/pandoc-$f"
			run "$work" "pandoc-$f" "cd '$t' && SOURCE_DATE_EPOCH=0 pandoc -f latex -t $to -o '$w/pandoc-$f/$base.$f' '$main'" ||
				rm -rf "$w/pandoc-$f"
		done
	fi
	if have htlatex "$work" tex4ht; then
		copy tex4ht
		if run "$work" tex4ht "cd '$w/.tex4ht' && htlatex '$main' >/dev/null </dev/null; test -s '$base.html'"; then
			mkdir -p "$w/tex4ht" && cp "$w/.tex4ht"/*.html "$w/.tex4ht"/*.css "$w/tex4ht/" 2>/dev/null
		fi
	fi
	if have ebook-convert "$work" calibre; then
		export QT_QPA_PLATFORM=offscreen
		if [ -f "$w/tex4ht/$base.html" ]; then
			mkdir -p "$w/calibre-html-epub"
			run "$work" calibre-html-epub "ebook-convert '$w/tex4ht/$base.html' '$w/calibre-html-epub/$base.epub'" ||
				rm -rf "$w/calibre-html-epub"
		fi
		if [ -f "$w/pdflatex/$base.pdf" ]; then
			mkdir -p "$w/calibre-pdf-epub"
			run "$work" calibre-pdf-epub "ebook-convert '$w/pdflatex/$base.pdf' '$w/calibre-pdf-epub/$base.epub'" ||
				rm -rf "$w/calibre-pdf-epub"
		fi
	fi
	rm -rf "$w/tree" "$w/.pdflatex" "$w/.latexml" "$w/.tex4ht"
	echo "$work: $(cd "$w" && ls -d */ | tr -d / | tr '\n' ' ')"
done
if [ -f "$dest/.failed" ]; then
	rm -f "$dest/.failed"
	exit 1
fi
exit 0
