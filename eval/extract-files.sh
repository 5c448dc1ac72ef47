#!/bin/sh
# extract-files.sh — copy an evaluation set of single files (eval/pdf,
# eval/howto) out of local git snapshots of its repositories and check
# every file's sha256 against the set's MANIFEST.tsv.
#
#   eval/extract-files.sh SET MIRROR [DEST]
#
# SET is the set's folder name under eval/ (pdf, howto); each set's
# extract.sh calls this with its own name. The manifest's first six
# columns are name, repository, commit, path, licence and sha256.
#
# MIRROR holds one bare git directory per repository, as
# MIRROR/OWNER+NAME/repo (or MIRROR/OWNER+NAME, or MIRROR/OWNER/NAME.git);
# a plain `git clone --mirror https://github.com/OWNER/NAME MIRROR/OWNER+NAME/repo`
# makes one. Each manifest row's file is taken with
# `git show COMMIT:PATH` and written to DEST/NAME.EXT, EXT the path's own
# extension (default DEST ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/SET).
# Rows whose repository is
# "corpus" are the project's shared corpus and are read from there by the
# scorer, not copied.
#
# Exit status: 0 when every file was extracted and matches; 1 when one is
# missing from the snapshots or its sha256 differs (the file is removed);
# 2 on bad arguments.
set -u

usage() { echo "usage: $0 SET MIRROR [DEST]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
set=$1
mirror=$2
dest=${3:-${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/$set}
manifest=$(dirname "$0")/$set/MANIFEST.tsv
[ -d "$mirror" ] || { echo "$0: $mirror is not a folder" >&2; exit 2; }
[ -f "$manifest" ] || { echo "$0: no manifest at $manifest" >&2; exit 2; }
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
if command -v sha256sum >/dev/null; then sha() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null; then sha() { shasum -a 256 "$1" | cut -d' ' -f1; }
else echo "$0: neither sha256sum nor shasum is installed" >&2; exit 2; fi
mkdir -p "$dest" || exit 2

# gitdir OWNER/NAME: the first snapshot layout found under $mirror.
gitdir() {
	flat=$(printf '%s' "$1" | tr / +)
	for d in "$mirror/$flat/repo" "$mirror/$flat" "$mirror/$1.git" "$mirror/$1"; do
		if git --git-dir="$d" rev-parse --git-dir >/dev/null 2>&1; then
			printf '%s' "$d"
			return 0
		fi
	done
	return 1
}

ok=0 bad=0 skipped=0
tab=$(printf '\t')
while IFS="$tab" read -r name repo commit path licence sum rest; do
	case $name in ''|'#'*|name) continue ;; esac
	if [ "$repo" = corpus ]; then
		skipped=$((skipped + 1))
		continue
	fi
	if ! g=$(gitdir "$repo"); then
		echo "missing  $name: no snapshot of $repo under $mirror"
		bad=$((bad + 1))
		continue
	fi
	out=$dest/$name.${path##*.}
	if ! git --git-dir="$g" show "$commit:$path" >"$out.tmp" 2>/dev/null; then
		rm -f "$out.tmp"
		echo "missing  $name: $repo has no $path at $commit"
		bad=$((bad + 1))
		continue
	fi
	got=$(sha "$out.tmp")
	if [ "$got" != "$sum" ]; then
		rm -f "$out.tmp"
		echo "MISMATCH $name: sha256 $got, manifest $sum"
		bad=$((bad + 1))
		continue
	fi
	mv "$out.tmp" "$out"
	ok=$((ok + 1))
done <"$manifest"

echo "$ok extracted to $dest, $bad missing or mismatched, $skipped corpus rows (read from the shared corpus)"
[ "$bad" -eq 0 ]
