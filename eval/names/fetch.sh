#!/bin/sh
# fetch.sh — copy the name-offer evaluation set (eval/names/MANIFEST.tsv)
# out of local git snapshots of its repositories into a cache folder
# outside the repository, checking every file's sha256 (DEST/NAME.tex; see
# ../extract-files.sh for the snapshot layouts it reads).
#
#   eval/names/fetch.sh [MIRROR [DEST]]
#
# MIRROR defaults to /work/.mirror; DEST to
# ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/names, where the scorer
# (go run ./eval/names/score) reads the files.
[ $# -le 2 ] || { echo "usage: $0 [MIRROR [DEST]]" >&2; exit 2; }
exec "$(dirname "$0")/../extract-files.sh" names "${1:-/work/.mirror}" ${2:+"$2"}
