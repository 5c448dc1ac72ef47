#!/bin/sh
# extract.sh — copy the format-invariance set out of local git snapshots of
# its repositories and check every item's sha256 against MANIFEST.tsv.
#
#   eval/formats/extract.sh MIRROR [DEST]
#
# MIRROR holds one bare git directory per repository, as
# MIRROR/OWNER+NAME/repo (or MIRROR/OWNER+NAME, or MIRROR/OWNER/NAME.git);
# `git clone --mirror https://github.com/OWNER/NAME MIRROR/OWNER+NAME/repo`
# makes one. Each manifest row names a work, a role (source or rendered),
# and a file or folder of a commit; it is written under DEST/WORK/ROLE/
# (default DEST ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/formats). A row
# whose path ends in "/" is a folder, taken whole with git archive; its
# sha256 is that of the sorted `sha256sum` lines of its files, paths
# relative to the folder (see digest below). Several rows may fill one
# WORK/ROLE folder.
#
# Exit status: 0 when every item was extracted and matches; 1 when one is
# missing or its sha256 differs (the item is removed); 2 on bad arguments.
set -u

usage() { echo "usage: $0 MIRROR [DEST]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
mirror=$1
dest=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/formats}
manifest=$(dirname "$0")/MANIFEST.tsv
[ -d "$mirror" ] || { echo "$0: $mirror is not a folder" >&2; exit 2; }
[ -f "$manifest" ] || { echo "$0: no manifest at $manifest" >&2; exit 2; }
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
command -v sha256sum >/dev/null || { echo "$0: sha256sum is not installed" >&2; exit 2; }
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

# digest FOLDER: sha256 of the sorted sha256sum lines of its files.
digest() { (cd "$1" && find . -type f | LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum | cut -d' ' -f1); }

status=0
tab=$(printf '\t')
tail -n +2 "$manifest" | while IFS="$tab" read -r work role repo commit path licence sum note; do
	[ -n "$work" ] || continue
	g=$(gitdir "$repo") || { echo "missing snapshot: $repo ($work)" >&2; echo 1 >"$dest/.failed"; continue; }
	out="$dest/$work/$role"
	mkdir -p "$out"
	case "$path" in
	*/)
		tmp="$dest/.tmp-$work-$role"
		rm -rf "$tmp" && mkdir -p "$tmp"
		if ! git --git-dir="$g" archive "$commit" "$path" | tar -x -C "$tmp"; then
			echo "missing: $repo $commit:$path" >&2; echo 1 >"$dest/.failed"; rm -rf "$tmp"; continue
		fi
		got=$(digest "$tmp/$path")
		if [ "$got" != "$sum" ]; then
			echo "sha256 mismatch: $work $role $path ($got)" >&2; echo 1 >"$dest/.failed"; rm -rf "$tmp"; continue
		fi
		cp -r "$tmp/$path." "$out/"
		rm -rf "$tmp"
		;;
	*)
		f="$out/$(basename "$path")"
		if ! git --git-dir="$g" show "$commit:$path" >"$f" 2>/dev/null; then
			echo "missing: $repo $commit:$path" >&2; echo 1 >"$dest/.failed"; rm -f "$f"; continue
		fi
		got=$(sha256sum "$f" | cut -d' ' -f1)
		if [ "$got" != "$sum" ]; then
			echo "sha256 mismatch: $work $role $path ($got)" >&2; echo 1 >"$dest/.failed"; rm -f "$f"; continue
		fi
		;;
	esac
	echo "$work/$role: $path"
done
if [ -f "$dest/.failed" ]; then
	rm -f "$dest/.failed"
	status=1
fi
exit $status
