#!/bin/sh
# fetch.sh — copy the agent task set's documents (eval/agents/MANIFEST.tsv)
# out of local git snapshots of their repositories into a cache folder outside
# the repository, checking every file's sha256 (see ../extract-files.sh).
#
#   eval/agents/fetch.sh [MIRROR [DEST]]
#
# MIRROR defaults to /work/.mirror; DEST to
# ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/agents, where each row's file is
# written as DEST/NAME.EXT (EXT the extension of its path).
#
# Exit status: 0 when every file was extracted and matches; 1 when one is
# missing or its sha256 differs; 2 on bad arguments.
[ $# -le 2 ] || { echo "usage: $0 [MIRROR [DEST]]" >&2; exit 2; }
mirror=${1:-/work/.mirror}
shift $(( $# > 0 ? 1 : 0 ))
exec "$(dirname "$0")/../extract-files.sh" agents "$mirror" "$@"
