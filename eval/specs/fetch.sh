#!/bin/sh
# fetch.sh — copy the spec evaluation set (eval/specs/MANIFEST.tsv)
# out of local git snapshots of its repositories into a cache folder
# outside the repository, checking every file's sha256 (DEST/NAME.txt or .md; see
# ../extract-files.sh for the snapshot layouts it reads).
#
#   eval/specs/fetch.sh [MIRROR [DEST]]
#
# MIRROR defaults to /work/.mirror; DEST to
# ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/specs, where the scorer
# (go run ./eval/specs/score) reads the files.
[ $# -le 2 ] || { echo "usage: $0 [MIRROR [DEST]]" >&2; exit 2; }
exec "$(dirname "$0")/../extract-files.sh" specs "${1:-/work/.mirror}" ${2:+"$2"}
