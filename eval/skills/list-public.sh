#!/bin/sh
# list-public.sh — write the rows of public.tsv for one repository snapshot:
# every folder holding a SKILL.md at the snapshot's HEAD, with the sha256 of
# that SKILL.md and the licence the skill (its LICENSE.txt) or else the
# repository states.
#
#   eval/skills/list-public.sh GITDIR OWNER/NAME LICENCE [EXCLUDE-REGEX [EVERY]]
#
# EXCLUDE-REGEX drops folders (copies of the same skills for other
# clients, such as .gemini/skills); EVERY keeps one folder in EVERY of the
# remaining ones under a folder called composio-skills (hundreds of
# generated connector skills of one template), so that one template does
# not outweigh the rest. Rows go to standard output, without the header.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 GITDIR OWNER/NAME LICENCE [EXCLUDE-REGEX [EVERY]]" >&2; exit 2; }
g=$1 repo=$2 licence=$3 exclude=${4:-'^$'} every=${5:-1}
commit=$(git --git-dir="$g" rev-parse HEAD)
n=0
git --git-dir="$g" ls-tree -r --name-only "$commit" | grep '\(^\|/\)SKILL\.md$' | grep -Ev "$exclude" | LC_ALL=C sort |
while read -r f; do
	dir=$(dirname "$f")
	case $dir in
	*composio-skills/*)
		n=$((n + 1))
		[ $((n % every)) -eq 1 ] || [ "$every" -eq 1 ] || continue
		;;
	esac
	sum=$(git --git-dir="$g" show "$commit:$f" | sha256sum | cut -d' ' -f1)
	lic=$licence
	if text=$(git --git-dir="$g" show "$commit:$dir/LICENSE.txt" 2>/dev/null); then
		if printf '%s' "$text" | grep -q 'Apache License'; then lic="Apache-2.0 (skill LICENSE.txt)"
		elif printf '%s' "$text" | grep -q 'Permission is hereby granted'; then lic="MIT (skill LICENSE.txt)"
		elif printf '%s' "$text" | grep -qi 'all rights reserved'; then lic="proprietary, source-available (skill LICENSE.txt)"
		else lic="$(printf '%s' "$text" | grep -m1 -v '^[[:space:]]*$' | sed 's/^[[:space:]]*//' | cut -c1-60) (skill LICENSE.txt)"
		fi
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$repo" "$commit" "$dir" "$lic" "$sum"
done
