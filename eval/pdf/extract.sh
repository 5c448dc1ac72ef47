#!/bin/sh
# extract.sh — copy the PDF evaluation set out of local git snapshots of its
# repositories and check every file's sha256 against MANIFEST.tsv
# (DEST/NAME.pdf; see ../extract-files.sh).
#
#   eval/pdf/extract.sh MIRROR [DEST]
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 MIRROR [DEST]" >&2; exit 2; }
exec "$(dirname "$0")/../extract-files.sh" pdf "$@"
