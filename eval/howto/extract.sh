#!/bin/sh
# extract.sh — copy the how-to evaluation set out of local git snapshots of its
# repositories and check every file's sha256 against MANIFEST.tsv
# (DEST/NAME.md; see ../extract-files.sh).
#
#   eval/howto/extract.sh MIRROR [DEST]
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 MIRROR [DEST]" >&2; exit 2; }
exec "$(dirname "$0")/../extract-files.sh" howto "$@"
