#!/bin/sh
# render.sh — make the rendered forms of the format-invariance set that are
# rendered here (RENDER.tsv) rather than published by their authors, from
# the same local git snapshots extract.sh reads.
#
#   eval/formats/render.sh MIRROR [DEST]
#
# Each RENDER.tsv row names a work, a repository and commit, the paths to
# take out of that commit (git pathspecs, space-separated), the command run
# in that tree (sh -c; it writes its pages under out/), the pages of out/
# to keep, and the sha256 of the kept pages (extract.sh's folder digest,
# over out/). The kept pages go to DEST/WORK/rendered/ (default DEST
# ${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/formats); the work's source is
# in MANIFEST.tsv, as for every other work.
#
# The pages depend on the converter's version (the tool column says which
# one made the recorded sha256): a different digest is reported, and the
# pages are kept. A sha256 of "-" is not checked: an EPUB's zip records
# the time it was made.
#
# Exit status: 0 when every form was rendered; 1 when a snapshot is missing
# or a command failed; 2 on bad arguments.
set -u

usage() { echo "usage: $0 MIRROR [DEST]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
mirror=$1
dest=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/lore/eval/formats}
render=$(dirname "$0")/RENDER.tsv
[ -d "$mirror" ] || { echo "$0: $mirror is not a folder" >&2; exit 2; }
[ -f "$render" ] || { echo "$0: no list at $render" >&2; exit 2; }
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
mkdir -p "$dest" || exit 2
dest=$(cd "$dest" && pwd)

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

# digest FOLDER FILES…: sha256 of the sorted sha256sum lines of FILES.
digest() {
	d=$1
	shift
	(cd "$d" && for f in "$@"; do printf './%s\n' "$f"; done | LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum | cut -d' ' -f1)
}

rm -f "$dest/.failed"
tab=$(printf '\t')
tail -n +2 "$render" | while IFS="$tab" read -r work repo commit paths cmd keep licence sum tool note; do
	[ -n "$work" ] || continue
	g=$(gitdir "$repo") || { echo "missing snapshot: $repo ($work)" >&2; echo 1 >"$dest/.failed"; continue; }
	tmp="$dest/.render-$work"
	rm -rf "$tmp" && mkdir -p "$tmp/out"
	# shellcheck disable=SC2086 # paths is a list of pathspecs
	if ! git --git-dir="$g" archive "$commit" -- $paths | tar -x -C "$tmp"; then
		echo "missing: $repo $commit:$paths" >&2; echo 1 >"$dest/.failed"; rm -rf "$tmp"; continue
	fi
	printf "%s: %s\n" "$work" "$cmd" >&2
	if ! (cd "$tmp" && sh -c "$cmd") >"$tmp.log" 2>&1; then
		echo "render failed: $work (log: $tmp.log)" >&2; echo 1 >"$dest/.failed"; continue
	fi
	out="$dest/$work/rendered"
	rm -rf "$out" && mkdir -p "$out"
	# shellcheck disable=SC2086 # keep is a list of file names
	for f in $keep; do
		if [ ! -f "$tmp/out/$f" ]; then
			echo "render made no $f: $work" >&2; echo 1 >"$dest/.failed"; continue 2
		fi
		cp "$tmp/out/$f" "$out/"
	done
	# shellcheck disable=SC2086
	got=$(digest "$out" $keep)
	if [ "$sum" != "-" ] && [ "$got" != "$sum" ]; then
		echo "$work: pages differ from the recorded ones ($got; recorded with $tool)" >&2
	fi
	rm -rf "$tmp" "$tmp.log"
	echo "$work/rendered: $keep"
done
if [ -f "$dest/.failed" ]; then
	rm -f "$dest/.failed"
	exit 1
fi
exit 0
