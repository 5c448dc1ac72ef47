#!/bin/sh
# fetch.sh — copy the book evaluation set (eval/books/MANIFEST.tsv) out of
# local git snapshots of its repositories into a cache folder outside the
# repository, checking every sha256.
#
#   eval/books/fetch.sh [MIRROR [DEST]]
#
# MIRROR defaults to /work/.mirror (one bare git directory per repository,
# as MIRROR/OWNER+NAME/repo, MIRROR/OWNER+NAME or MIRROR/OWNER/NAME.git);
# DEST to ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/books, where the scorer
# (go run ./eval/books/score) reads the works.
#
# A row whose path ends in "/" is the folder a work is learnt from, taken
# whole (every blob git ls-tree -r lists under it) into DEST/WORK/ ("./" is the repository's root);
# its sha256 is the folder digest of eval/formats: sha256 over the
# LC_ALL=C-sorted `sha256sum` lines of its files, paths relative to the
# folder ("./x"). Any other row is a main file of that folder: it is only
# checked (git show COMMIT:PATH against its sha256), not copied again.
# A row named WORK-omit (sha256 "-") names a path prefix left out of WORK's
# folder (artwork whose blobs a snapshot may lack); the folder's
# digest is of what remains.
#
# Exit status: 0 when every row was extracted and matches; 1 otherwise;
# 2 on bad arguments.
set -u
[ $# -le 2 ] || { echo "usage: $0 [MIRROR [DEST]]" >&2; exit 2; }
mirror=${1:-/work/.mirror}
dest=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/books}
manifest=$(dirname "$0")/MANIFEST.tsv
[ -d "$mirror" ] || { echo "$0: $mirror is not a folder" >&2; exit 2; }
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
mkdir -p "$dest" || exit 2

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

digest() { (cd "$1" && find . -type f | LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum | cut -d' ' -f1); }

rm -f "$dest/.failed"
tab=$(printf '\t')
tail -n +2 "$manifest" | while IFS="$tab" read -r name repo commit path licence sum work set note; do
	case $name in ''|'#'*|*-omit) continue ;; esac
	g=$(gitdir "$repo") || { echo "missing snapshot: $repo ($name)" >&2; echo 1 >"$dest/.failed"; continue; }
	case "$path" in
	*/)
		tmp="$dest/.tmp-$work"
		rm -rf "$tmp" && mkdir -p "$tmp"
		omit=$(awk -F "$tab" -v w="$work" '$1 == w "-omit" {print $4}' "$manifest")
		pre=$path
		[ "$path" = ./ ] && pre=
		if ! git --git-dir="$g" ls-tree -r --full-tree "$commit" -- ${pre:+"$pre"} >"$tmp.list"; then
			echo "missing: $repo $commit:$path" >&2; echo 1 >"$dest/.failed"; rm -rf "$tmp" "$tmp.list"; continue
		fi
		while IFS="$tab" read -r meta f; do
			skip=
			for o in $omit; do case $f in "$o"*) skip=1 ;; esac; done
			[ -z "$skip" ] || continue
			set -- $meta
			[ "$2" = blob ] || continue
			mkdir -p "$tmp/$(dirname "$f")"
			git --git-dir="$g" cat-file blob "$3" >"$tmp/$f" || echo 1 >"$dest/.failed"
		done <"$tmp.list"
		rm -f "$tmp.list"
		got=$(digest "$tmp/$path")
		if [ "$got" != "$sum" ]; then
			echo "sha256 mismatch: $name $path ($got)" >&2; echo 1 >"$dest/.failed"; rm -rf "$tmp"; continue
		fi
		rm -rf "${dest:?}/$work"
		mv "$tmp/$path" "$dest/$work" 2>/dev/null || { mkdir -p "$dest/$work" && cp -r "$tmp/$path." "$dest/$work/"; }
		rm -rf "$tmp"
		;;
	*)
		got=$(git --git-dir="$g" show "$commit:$path" 2>/dev/null | sha256sum | cut -d' ' -f1)
		if [ "$got" != "$sum" ]; then
			echo "missing or sha256 mismatch: $name $repo $commit:$path" >&2; echo 1 >"$dest/.failed"; continue
		fi
		;;
	esac
	echo "$name: $path"
done
if [ -f "$dest/.failed" ]; then
	rm -f "$dest/.failed"
	exit 1
fi
exit 0
