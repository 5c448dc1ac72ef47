#!/bin/sh
# Downloads the corpus of real documents that the tests read: the documents
# listed in internal/corpus/MANIFEST.tsv, each from its repository at a fixed
# commit, each checked against its sha256. They are written by others, so
# they live beside the clone rather than in it.
#
#   scripts/fetch-corpus.sh [DIR]        download into DIR
#   scripts/fetch-corpus.sh --check DIR  only check DIR against the manifest (no network)
#
# DIR defaults to $LORE_CORPUS, else ../shared/corpus beside the clone (where
# the tests look). A document already in DIR with the right sha256 is kept.
# A download with other bytes is refused and removed; nothing half-written
# is left. The derived FILE.pdftotext.txt is remade when poppler's pdftotext
# is installed.
#
# Environment:
#   LORE_CORPUS_BASE_URL  where documents are fetched from, as
#                         BASE/OWNER/NAME/COMMIT/PATH (default
#                         https://raw.githubusercontent.com; tests serve a
#                         local folder)
#   LORE_CORPUS_MANIFEST  the manifest (default internal/corpus/MANIFEST.tsv)
#
# Exit status: 0 when every downloaded document is in DIR with its sha256;
# 1 when one is missing, could not be fetched or has other bytes; 2 on bad
# arguments.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
manifest=${LORE_CORPUS_MANIFEST:-$root/internal/corpus/MANIFEST.tsv}
base=${LORE_CORPUS_BASE_URL:-https://raw.githubusercontent.com}
check=false
if [ "${1:-}" = --check ]; then
	check=true
	shift
	[ $# -eq 1 ] || { echo "usage: $0 --check DIR" >&2; exit 2; }
fi
[ $# -le 1 ] || { echo "usage: $0 [DIR] | --check DIR" >&2; exit 2; }
dir=${1:-${LORE_CORPUS:-$(dirname "$root")/shared/corpus}}
[ -r "$manifest" ] || { echo "fetch-corpus: cannot read the manifest $manifest" >&2; exit 1; }

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1
}
download() { # URL FILE
	if command -v curl >/dev/null 2>&1; then
		curl -fsSL --retry 2 -o "$2" "$1" </dev/null
	elif command -v wget >/dev/null 2>&1; then
		wget -q -O "$2" "$1" </dev/null
	else
		echo "fetch-corpus: neither curl nor wget is installed" >&2
		return 1
	fi
}

if $check; then
	[ -d "$dir" ] || { echo "fetch-corpus: $dir is not a folder" >&2; exit 1; }
else
	mkdir -p "$dir"
fi
dir=$(cd "$dir" && pwd)
part=
trap 'rm -f "$part"' EXIT
trap 'exit 130' INT TERM
tab=$(printf '\t')
# The text pdftotext derives from a PDF (repository -) is counted apart
# from the documents: the README counts those, and the derived text is
# optional.
have=0 total=0 bad=0 derived=0 made=0 notmade=
while IFS=$tab read -r file repo commit path _ sum _; do
	case $file in '#'* | '' | file) continue ;; esac
	target=$dir/$file
	if [ "$repo" = - ]; then
		derived=$((derived + 1))
	else
		total=$((total + 1))
	fi
	if [ -f "$target" ] && [ "$(sha256 "$target")" = "$sum" ]; then
		if [ "$repo" = - ]; then made=$((made + 1)); else have=$((have + 1)); fi
		continue
	fi
	if $check; then
		if [ ! -e "$target" ] && [ "$repo" = - ]; then
			echo "fetch-corpus: $file is absent (made by pdftotext from ${file%.pdftotext.txt}.pdf; optional)"
			notmade="$notmade${notmade:+, }$file"
		elif [ ! -e "$target" ]; then
			echo "fetch-corpus: $file is absent" >&2
			bad=$((bad + 1))
		else
			echo "fetch-corpus: $file has sha256 $(sha256 "$target"), the manifest says $sum" >&2
			bad=$((bad + 1))
		fi
		continue
	fi
	part=$dir/.$file.part
	rm -f "$part"
	if [ "$repo" = - ]; then
		# Derived: other poppler versions lay text out differently, so bytes
		# that do not match are left out rather than kept as the reference.
		pdf=$dir/${file%.pdftotext.txt}.pdf
		if [ ! -f "$pdf" ]; then
			echo "fetch-corpus: $file not made: $pdf is absent"
		elif ! command -v pdftotext >/dev/null 2>&1; then
			echo "fetch-corpus: $file not made: pdftotext (poppler-utils) is not installed; the tests that read it skip"
		elif pdftotext "$pdf" "$part" && [ "$(sha256 "$part")" = "$sum" ]; then
			mv "$part" "$target" && made=$((made + 1))
		else
			echo "fetch-corpus: $file not made: this pdftotext gives other bytes than poppler 22.12; the tests that read it skip"
		fi
		rm -f "$part"
		[ -f "$target" ] || notmade="$notmade${notmade:+, }$file"
		continue
	fi
	url=$base/$repo/$commit/$path
	echo "fetch-corpus: $file from $url"
	if ! download "$url" "$part"; then
		echo "fetch-corpus: $file: downloading $url failed" >&2
		bad=$((bad + 1))
	elif got=$(sha256 "$part") && [ "$got" != "$sum" ]; then
		echo "fetch-corpus: $file refused: $url has sha256 $got, the manifest says $sum" >&2
		bad=$((bad + 1))
	else
		mv "$part" "$target"
		have=$((have + 1))
	fi
	rm -f "$part"
done <"$manifest"

if [ "$derived" -eq 0 ]; then
	echo "fetch-corpus: $have of $total documents in $dir match $manifest"
elif [ "$made" -eq "$derived" ]; then
	texts="the derived reference text"
	[ "$derived" -eq 1 ] || texts="the $derived derived reference texts"
	echo "fetch-corpus: $have of $total documents and $texts in $dir match $manifest"
else
	texts="the derived reference text $notmade is"
	[ "$((derived - made))" -eq 1 ] || texts="the derived reference texts $notmade are"
	echo "fetch-corpus: $have of $total documents in $dir match $manifest; $texts not there (above)"
fi
if [ "$bad" -gt 0 ]; then
	echo "fetch-corpus: $bad document(s) missing or wrong (above)" >&2
	exit 1
fi
if [ "$dir" = "$(dirname "$root")/shared/corpus" ]; then
	echo "Run the tests that read them with: go test ./..."
else
	echo "Run the tests that read them with: LORE_CORPUS=$dir go test ./..."
fi
