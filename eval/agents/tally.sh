#!/bin/sh
# tally.sh — sum up an agent evaluation of one half of the task set.
#
#   eval/agents/tally.sh SET OUT
#
# SET is dev or held-out; OUT the folder library.sh built, whose answers/
# holds one TASKID.md per task (the agent's answer: "First pick:" names the
# skill it chose from the catalog alone) and grades*.tsv (the graders'
# lines: id, grade, wrong, missing, note).
#
# A pick is right when it is a skill learned from the task's document (its
# SKILL.md metadata names the document among its sources). Prints one line
# per task (id, document has a skill, pick, right, grade, wrong) and the
# totals. Exit status 2 on bad arguments.
set -u
[ $# -eq 2 ] || { echo "usage: $0 SET OUT" >&2; exit 2; }
set=$1 out=$2
here=$(dirname "$0")
lib=$out/data/lore/library/public
[ -d "$out/answers" ] || { echo "$0: no $out/answers" >&2; exit 2; }
tab=$(printf '\t')
grades=$(cat "$out"/answers/grades*.tsv 2>/dev/null | grep -v '^id	')
awk -F'\t' -v s="$set" '$8 == s { print $1 "\t" $4 }' "$here/MANIFEST.tsv" |
while IFS="$tab" read -r doc path; do
	file=$(basename "$path")
	ext=${path##*.}
	skills=$(grep -l "^  sources: .*\\b$doc\\.$ext\\b" "$lib"/*/SKILL.md 2>/dev/null | xargs -r -n1 dirname | xargs -r -n1 basename | tr '\n' ' ')
	tail -n +2 "$here/tasks/$doc.tsv" | cut -f1 | while read -r id; do
		pick=$(sed -n 's/^First pick:[ *`]*\([A-Za-z0-9-]*\).*/\1/p' "$out/answers/$id.md" 2>/dev/null | head -1)
		[ -n "$pick" ] || pick=$(awk '/^First pick:/{getline; print; exit}' "$out/answers/$id.md" 2>/dev/null | tr -d '`* -' | cut -c1-80)
		right=no
		for k in $skills; do [ "$k" = "$pick" ] && right=yes; done
		g=$(printf '%s\n' "$grades" | awk -F'\t' -v id="$id" '$1 == id { print $2 "\t" $3; exit }')
		printf '%s\t%s\t%s\t%s\t%s\n' "$id" "${skills:+yes}" "${pick:-?}" "$right" "${g:-ungraded}"
	done
done | awk -F'\t' '
	{ print; n++; if ($2 == "yes") withSkill++; if ($4 == "yes") right++; g[$5]++; wrong += $6 }
	END {
		printf "tasks %d; document in a skill %d; right skill first %d/%d (%.0f%%)\n", n, withSkill, right, n, 100*right/n
		printf "complete %d/%d (%.0f%%), partial %d, fail %d; statements other than the source in loaded skills %d\n", g["complete"], n, 100*g["complete"]/n, g["partial"], g["fail"], wrong
	}'
