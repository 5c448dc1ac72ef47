#!/bin/sh
# fetch.sh — check the skills evaluation set against local git snapshots of
# its repositories: every row of public.tsv and originals.tsv names a skill
# folder at a commit, and the sha256 of its SKILL.md there must match.
#
#   eval/skills/fetch.sh [-clone] [MIRROR]
#
# MIRROR (default /work/.mirror) holds one bare git directory per
# repository, as MIRROR/OWNER+NAME/repo (or MIRROR/OWNER+NAME, or
# MIRROR/OWNER/NAME.git). With -clone, a repository missing there is
# cloned first with `git clone --mirror https://github.com/OWNER/NAME`.
# Nothing is copied out: the scorer (go run ./eval/skills/score) reads the
# folders from the snapshots itself.
#
# Exit status: 0 when every row matches; 1 when a snapshot, a commit or a
# file is missing or a sha256 differs; 2 on bad arguments.
set -u

clone=0
if [ "${1:-}" = -clone ]; then clone=1; shift; fi
[ $# -le 1 ] || { echo "usage: $0 [-clone] [MIRROR]" >&2; exit 2; }
mirror=${1:-/work/.mirror}
here=$(dirname "$0")
command -v git >/dev/null || { echo "$0: git is not installed" >&2; exit 2; }
if command -v sha256sum >/dev/null; then sha() { sha256sum | cut -d' ' -f1; }
elif command -v shasum >/dev/null; then sha() { shasum -a 256 | cut -d' ' -f1; }
else echo "$0: neither sha256sum nor shasum is installed" >&2; exit 2; fi
mkdir -p "$mirror" || exit 2

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

tab=$(printf '\t')
# rows prints "repository TAB commit TAB path TAB sha256" for both manifests.
rows() {
	awk -F'\t' 'NR > 1 && $1 != "" && $1 !~ /^#/ { print $1 "\t" $2 "\t" $3 "\t" $5 }' "$here/public.tsv"
	awk -F'\t' 'NR > 1 && $1 != "" && $1 !~ /^#/ { print $2 "\t" $3 "\t" $4 "\t" $6 }' "$here/originals.tsv"
}

# Every repository any manifest names: the third-party sets and the
# model's training skills are checked by the scorer as it reads them.
repos() {
	rows | cut -f1
	awk -F'\t' 'NR > 1 && $3 != "" { print $3 }' "$here/thirdparty.tsv"
	awk -F'\t' 'NR > 1 && $1 != "" { print $1 }' "$here/train.tsv"
}

if [ $clone -eq 1 ]; then
	for repo in $(repos | sort -u); do
		gitdir "$repo" >/dev/null && continue
		dest="$mirror/$(printf '%s' "$repo" | tr / +)/repo"
		echo "cloning $repo"
		git clone -q --mirror "https://github.com/$repo" "$dest" || echo "clone failed: $repo" >&2
	done
fi

ok=0 bad=0
out=$(rows | while IFS="$tab" read -r repo commit path sum; do
	if ! g=$(gitdir "$repo"); then
		echo "missing  $repo: no snapshot under $mirror"
		continue
	fi
	if ! git --git-dir="$g" cat-file -e "$commit:$path/SKILL.md" 2>/dev/null; then
		echo "missing  $repo $commit:$path/SKILL.md"
		continue
	fi
	got=$(git --git-dir="$g" show "$commit:$path/SKILL.md" | sha)
	if [ "$got" != "$sum" ]; then
		echo "MISMATCH $repo $commit:$path/SKILL.md: sha256 $got, manifest $sum"
	else
		echo ok
	fi
done)
ok=$(printf '%s\n' "$out" | grep -c '^ok$')
bad=$(printf '%s\n' "$out" | grep -vc '^ok$')
printf '%s\n' "$out" | grep -v '^ok$'
echo "$ok rows match, $bad missing or mismatched ($mirror)"
[ "$bad" -eq 0 ]
