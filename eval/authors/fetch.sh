#!/bin/sh
# fetch.sh — lay out the authors evaluation set (eval/authors/MANIFEST.tsv)
# from local git snapshots of its repositories into a folder outside the
# repository, checking every sha256.
#
#   eval/authors/fetch.sh [MIRROR [DEST]]
#
# MIRROR defaults to /work/.mirror (one bare git directory per repository,
# as MIRROR/OWNER+NAME/repo[/.git], MIRROR/OWNER+NAME or MIRROR/OWNER/NAME.git);
# DEST to ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/authors, where the scorer
# (go run ./eval/authors/score) reads the works, one folder DEST/WORK each.
#
# Rows (columns: name repository commit path licence sha256 work author
# kind set note):
#   - name = work, path ending "/": the folder the work is learnt from,
#     every blob git ls-tree -r lists under it ("./" is the repository's
#     root), less the WORK-omit rows; sha256 is the folder digest of
#     eval/books: sha256 over the LC_ALL=C-sorted `sha256sum` lines of its
#     files, paths relative to the folder ("./x").
#   - name = work, path a file: a one-file work, copied to DEST/WORK/.
#   - name WORK-omit (sha256 "-"): path is a pattern left out of WORK's
#     folder: a glob when it holds "*" (matched against the path inside the
#     folder, "*" crossing "/"), else a path prefix; all-omit rows apply to
#     every folder.
#   - name ending in "-add": a file of another repository that the work
#     needs beside its own (a macro package kept elsewhere), checked and
#     copied to DEST/WORK/ under its base name (not part of the digest).
#   - repository "-": derived (a PDF built here from a work); not fetched,
#     the README says how it was made.
#   - any other row: a main or macro file of the work, only checked.
#
# Exit status: 0 when every row was laid out and matches; 1 otherwise;
# 2 on bad arguments.
set -u
[ $# -le 2 ] || { echo "usage: $0 [MIRROR [DEST]]" >&2; exit 2; }
mirror=${1:-/work/.mirror}
dest=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/authors}
manifest=$(dirname "$0")/MANIFEST.tsv
[ -d "$mirror" ] || { echo "$0: $mirror is not a folder" >&2; exit 2; }
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
mkdir -p "$dest" || exit 2

gitdir() {
	flat=$(printf '%s' "$1" | tr / +)
	for d in "$mirror/$flat/repo/.git" "$mirror/$flat/repo" "$mirror/$flat" "$mirror/$1.git" "$mirror/$1"; do
		if git --git-dir="$d" rev-parse --git-dir >/dev/null 2>&1; then
			printf '%s' "$d"
			return 0
		fi
	done
	return 1
}

digest() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1); }

fail() { echo "$*" >&2; echo 1 >"$dest/.failed"; }

rm -f "$dest/.failed"
tab=$(printf '\t')
tail -n +2 "$manifest" | while IFS="$tab" read -r name repo commit path licence sum work author kind set note; do
	case $name in ''|'#'*|*-omit) continue ;; esac
	[ "$repo" = - ] && { echo "$name: derived, not fetched ($note)"; continue; }
	g=$(gitdir "$repo") || { fail "missing snapshot: $repo ($name)"; continue; }
	if [ "$name" = "$work" ]; then
		case "$path" in
		*/)
			tmp="$dest/.tmp-$work"
			rm -rf "$tmp" && mkdir -p "$tmp"
			pre=$path
			[ "$path" = ./ ] && pre=
			if ! git --git-dir="$g" ls-tree -r -z --full-tree "$commit" -- ${pre:+"$pre"} >"$tmp.list"; then
				fail "missing: $repo $commit:$path"; rm -rf "$tmp" "$tmp.list"; continue
			fi
			awk -F "$tab" -v w="$work" '$1 == w "-omit" || $1 == "all-omit" {print $4}' "$manifest" >"$tmp.omit"
			tr '\0' '\n' <"$tmp.list" | while IFS="$tab" read -r meta f; do
				set -- $meta
				[ "$2" = blob ] || continue
				rel=${f#"$pre"}
				skip=
				while IFS= read -r o; do
					case $o in
					*'*'*) case $rel in $o) skip=1 ;; esac ;;
					*) case $rel in "$o"*) skip=1 ;; esac ;;
					esac
				done <"$tmp.omit"
				[ -z "$skip" ] || continue
				mkdir -p "$tmp/w/$(dirname "$rel")"
				git --git-dir="$g" cat-file blob "$3" >"$tmp/w/$rel" || echo 1 >"$dest/.failed"
			done
			rm -f "$tmp.list" "$tmp.omit"
			got=$(digest "$tmp/w")
			if [ "$got" != "$sum" ]; then
				fail "sha256 mismatch: $name $path ($got)"; rm -rf "$tmp"; continue
			fi
			rm -rf "${dest:?}/$work"
			mv "$tmp/w" "$dest/$work" && rm -rf "$tmp"
			;;
		*)
			mkdir -p "$dest/.tmp-$work"
			t="$dest/.tmp-$work/$(basename "$path")"
			git --git-dir="$g" show "$commit:$path" >"$t" 2>/dev/null
			got=$(sha256sum <"$t" | cut -d' ' -f1)
			if [ "$got" != "$sum" ]; then
				fail "missing or sha256 mismatch: $name $repo $commit:$path ($got)"; rm -rf "$dest/.tmp-$work"; continue
			fi
			rm -rf "${dest:?}/$work"
			mv "$dest/.tmp-$work" "$dest/$work"
			;;
		esac
	else
		got=$(git --git-dir="$g" show "$commit:$path" 2>/dev/null | sha256sum | cut -d' ' -f1)
		if [ "$got" != "$sum" ]; then
			fail "missing or sha256 mismatch: $name $repo $commit:$path ($got)"; continue
		fi
		case $name in
		*-add)
			[ -d "$dest/$work" ] || { fail "$name: $work was not laid out before it"; continue; }
			git --git-dir="$g" show "$commit:$path" >"$dest/$work/$(basename "$path")"
			;;
		esac
	fi
	echo "$name: $path"
done
if [ -f "$dest/.failed" ]; then
	rm -f "$dest/.failed"
	exit 1
fi
exit 0
