#!/bin/sh
# library.sh — build the skill library an agent is given for one half of
# the task set: learn every document of the half into a fresh store, as a
# user would, promote the generated skills, and write the catalog an agent
# chooses from (the <available_skills> block of lore skills prompt) and the
# skills as folders.
#
#   eval/agents/library.sh LORE SET DOCS OUT
#
# LORE is a lore binary; SET is dev or held-out; DOCS the folder fetch.sh
# wrote; OUT a folder to create (it must not exist). OUT/catalog.xml is the
# catalog, OUT/data the store, OUT/learn.log what each learn printed. The
# documents are the set's, so the approval gate is passed for them (--trust,
# --force-critical: an HTML article's scripts are critical findings,
# --approve), as a curator who chose them would.
#
# Exit status: 0 when every document was learned; 1 when one failed; 2 on
# bad arguments.
set -u
[ $# -eq 4 ] || { echo "usage: $0 LORE SET DOCS OUT" >&2; exit 2; }
lore=$1 set=$2 docs=$3 out=$4
manifest=$(dirname "$0")/MANIFEST.tsv
[ -x "$lore" ] || { echo "$0: $lore is not executable" >&2; exit 2; }
[ -d "$docs" ] || { echo "$0: $docs is not a folder" >&2; exit 2; }
[ -e "$out" ] && { echo "$0: $out exists" >&2; exit 2; }
mkdir -p "$out" || exit 2
export XDG_DATA_HOME="$out/data" XDG_CONFIG_HOME="$out/config"
status=0
tab=$(printf '\t')
while IFS="$tab" read -r name _ _ path _ _ _ s _; do
	[ "$s" = "$set" ] || continue
	doc=$docs/$name.${path##*.}
	echo "== $name" >>"$out/learn.log"
	if ! "$lore" learn "$doc" --no-review --trust --approve --force-critical --plain >>"$out/learn.log" 2>&1; then
		echo "learn $name failed (see $out/learn.log)" >&2
		status=1
	fi
done <"$manifest"
for k in $("$lore" skills review --json | sed -n 's/.*"key": *"\([^"]*\)".*/\1/p'); do
	"$lore" skills review "$k" promote >/dev/null || status=1
done
"$lore" skills prompt >"$out/catalog.xml" || status=1
exit $status
