#!/bin/sh
# Drives a curator's session in lore's terminal application, in tmux, on a
# textbook chapter of the corpus (the HoTT book's "Equivalences", whose
# results are nearly all unnamed): learn it and review it before the
# commit — three numbered results renamed by picking an offered name, two
# rejected, one retyped, one edge added, two merged — then checks from the
# command line what that left: the curated names in the graph and the
# generated skill; learning the chapter again applies every decision again
# with no conflict and no rejected result back; a copy in another folder
# is another source, which no decision follows into; learning the chapter
# edited in place (one renamed result reworded, another removed) applies
# what still matches and asks about the rest, in the Review screen too;
# unlearning every session, newest first, leaves the store as it was
# before.
#
#   scripts/curate-scenario.sh         # needs tmux and Go
#
# The screens are captured into docs/screens/review-*.txt (and .ansi), the
# command-line checks into docs/screens/curate-scenario.log. It exits 1 on
# the first check that fails. LORE_CORPUS overrides the corpus folder.
set -eu
cd "$(dirname "$0")/.."
corpus=${LORE_CORPUS:-../shared/corpus}
chapter=latex_untitled-envs_hott_equivalences.tex
[ -f "$corpus/$chapter" ] || { echo "curate-scenario.sh: $corpus/$chapter is missing (set LORE_CORPUS)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "curate-scenario.sh: needs tmux (apt-get install tmux)" >&2; exit 1; }

work=$(mktemp -d)
session=lore-curate-$$
trap 'tmux kill-session -t "$session" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
CGO_ENABLED=0 go build -o "$work/lore" ./cmd/lore
for v in $(env | sed -n 's/^\(LORE_[A-Z0-9_]*\)=.*/\1/p'); do unset "$v"; done
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
docs=$HOME/documents
mkdir -p "$docs" "$docs/elsewhere"
cp "$corpus/$chapter" "$docs/equivalences.tex"
back=$(pwd)
out=$back/docs/screens
log=$out/curate-scenario.log
mkdir -p "$out"
: >"$log"
cd "$docs"
lore() { "$work/lore" "$@"; }
# home names the temporary home as ~, as lore names its store.
home() { sed "s|$HOME|~|g"; }
say() { printf '%s\n' "$*" | home | tee -a "$log"; }
check() { # check WHAT CONDITION…
	what=$1
	shift
	if "$@"; then say "ok    $what"; else say "FAIL  $what"; exit 1; fi
}
shot() {
	tmux capture-pane -p -t "$session" | home >"$out/$1.txt"
	tmux capture-pane -p -e -t "$session" | home >"$out/$1.ansi"
}
wait_for() {
	i=0
	until tmux capture-pane -p -t "$session" | grep -qF -- "$1"; do
		i=$((i + 1))
		[ $i -lt 300 ] || { echo "curate-scenario.sh: timed out waiting for \"$1\"" >&2; tmux capture-pane -p -t "$session" >&2; exit 1; }
		sleep 0.1
	done
}
keys() { tmux send-keys -t "$session" "$@"; sleep 0.3; }
typed() { tmux send-keys -t "$session" -l "$1"; sleep 0.3; }
# pick NAME: filter the review's list down to NAME's row.
pick() { keys /; keys C-u; typed "$1"; keys Enter; }
app() { # app [ARGS…]: lore in tmux, in the documents folder
	tmux new-session -d -s "$session" -x 130 -y 40 -c "$docs" \
		"HOME='$HOME' XDG_DATA_HOME='$XDG_DATA_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$work/lore' $*"
}
graph() { lore graph --format json; }
empty_graph=$(graph)
empty_conflicts=$(lore conflicts --all --json)

say "== learn equivalences.tex and review it before the commit"
app learn equivalences.tex
wait_for "review before commit"
shot review
# Three numbered results, each renamed to the first name offered.
for r in "Lemma 1.1.2" "Lemma 1.4.3" "Theorem 1.8.3"; do pick "$r"; keys 1; done
# Two rejected, one retyped as a definition.
for r in "Lemma 1.2.11" "Lemma 1.2.12"; do pick "$r"; keys x; done
pick "Corollary 1.4.5"
keys t 2
# An edge: the 2-out-of-3 property requires Bi-invertible.
pick "2-out-of-3"
keys l / C-u
typed "Bi-invertible"
keys Enter Enter
# Two merged: Corollary 1.3.3 into Theorem 1.3.2.
pick "Corollary 1.3.3"
keys m / C-u
typed "Theorem 1.3.2"
# enter keeps the search, enter asks to merge, y merges.
keys Enter Enter y
keys Escape
shot review-decided
# c asks to commit, y commits.
keys c y
wait_for "committed"
shot review-committed
keys q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true

learned=$(lore sessions --json | sed -n 's/.*"id": *"\(learn-[^"]*\)".*/\1/p' | head -1)
say "session $learned"
lore report "$learned" --json >"$work/report.json"
check "the report lists 8 decisions, each with who decided" [ "$(grep -o '"rationale": *"curated by' "$work/report.json" | wc -l)" -eq 8 ]
lore find "Lemma 1.1.2" --top 60 >"$work/find.txt" || true
graph >"$work/graph.json"
skill=$(ls "$XDG_DATA_HOME/lore/skills"/*/SKILL.md | head -1)
for r in "Lemma 1.1.2" "Lemma 1.4.3" "Theorem 1.8.3" "Lemma 1.2.11" "Lemma 1.2.12" "Corollary 1.3.3"; do
	check "no primitive is named $r any more" sh -c "! grep -q '\"$r' '$work/graph.json'"
	check "the skill does not name $r" sh -c "! grep -q '$r' '$skill'"
done
grep -o '"name": *"[^"]*"' "$work/graph.json" | head -60 | home >>"$log"
# The name picked for Lemma 1.1.2, in the generated skill and on the Graph
# screen.
renamed=$(lore show foundations-lemma-1-1-2-quasi-inverses | head -1 | sed 's/  foundations-lemma-1-1-2-quasi-inverses$//')
say "Lemma 1.1.2 is now named \"$renamed\""
check "it has a name of its own" sh -c '[ -n "$1" ] && [ "${1#Lemma}" = "$1" ]' _ "$renamed"
check "the generated skill names it so" grep -qF "$renamed" "$skill"
app
wait_for "store ~/.local/share/lore"
keys 4
wait_for "depends on"
keys /
typed "$renamed"
keys Enter
wait_for "$renamed"
shot review-graph
check "the Graph screen shows it" grep -qF "$renamed" "$out/review-graph.txt"
keys q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true

say "== learn the chapter again"
lore learn equivalences.tex --approve --json >"$work/again.json"
check "every decision applied again" grep -q '"reapplied": \[' "$work/again.json"
check "8 decisions applied again" [ "$(grep -o '"kind": *"[a-z]*"' "$work/again.json" | wc -l)" -ge 8 ]
check "nothing to revisit" grep -q '"revisit": \[\]' "$work/again.json"
check "no conflict, nothing added" grep -q '"added": 0,' "$work/again.json"
check "no conflict" grep -q '"conflicts": 0' "$work/again.json"
graph >"$work/graph2.json"
for r in "Lemma 1.2.11" "Lemma 1.2.12"; do
	check "the rejected $r did not come back" sh -c "! grep -q '\"$r' '$work/graph2.json'"
done

say "== a copy in another folder is another source: no decision follows it"
cp equivalences.tex elsewhere/equivalences.tex
lore learn elsewhere/equivalences.tex --approve --dry-run --json >"$work/elsewhere.json"
check "no decision applied to another source" grep -q '"reapplied": \[\]' "$work/elsewhere.json"
check "none asked about either" grep -q '"revisit": \[\]' "$work/elsewhere.json"

say "== learn the chapter edited in place: Lemma 1.4.3 reworded, Lemma 1.1.2 removed"
awk '
	/\\label\{lem:autohtpy\}/ { skip = 1; sub(/\\begin\{lem\}.*/, ""); }
	skip && /\\end\{lem\}/ { skip = 0; next }
	skip { next }
	{ sub(/the type \$\\iscontr\(f\)\$ is a mere proposition/, "the type $\\iscontr(f)$ has at most one element up to equality") ; print }
' equivalences.tex >"$work/edited.tex"
cp "$work/edited.tex" equivalences.tex
lore learn equivalences.tex --approve >"$work/edition.txt" 2>&1
home <"$work/edition.txt" >>"$log"
check "the reworded lemma is asked about" grep -q "revisit .*reworded" "$work/edition.txt"
check "the removed lemma is asked about" grep -q "revisit .*gone from the source" "$work/edition.txt"
check "the rest applied again" grep -q "curated .* applied again" "$work/edition.txt"
check "no conflict with a curated name" grep -q "conflicts 0" "$work/edition.txt"
check "the reworded lemma took its new wording, nothing added beside it" grep -q "added 0 · updated 1 " "$work/edition.txt"
# The same questions in the Review screen, first in its list.
app learn equivalences.tex
wait_for "review before commit"
shot review-revisit
keys c y
wait_for "committed"
keys q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true

say "== unlearn every session, newest first"
for s in $(lore sessions --json | sed -n 's/.*"id": *"\(learn-[^"]*\)".*/\1/p'); do
	lore unlearn "$s" 2>&1 | home >>"$log"
done
check "the graph is as it was before the first learn" [ "$(graph)" = "$empty_graph" ]
check "no conflict is left" [ "$(lore conflicts --all --json)" = "$empty_conflicts" ]
# The skills the learns generated stay in the library as archived: whoever
# installed one sees it was withdrawn (lore unlearn's rule for any session).
lore skills list --json >"$work/skills.json"
check "no skill is left active" sh -c "! grep -q '\"status\": *\"active\"' '$work/skills.json'"
check "the skill is archived" grep -q '"status": *"archived"' "$work/skills.json"
# docs/screens.md shows each capture between the curate markers.
block=$work/block.md
: >"$block"
for shot in "review:Review — a run's candidates before the commit" "review-decided:Review — eight decisions taken" \
	"review-committed:Learn — committed with the decisions" "review-graph:Graph — a curated name" "review-revisit:Review — an edited copy: two decisions to revisit"; do
	printf '<details><summary>%s</summary>\n\n```\n' "${shot#*:}" >>"$block"
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$out/${shot%%:*}.txt" >>"$block"
	printf '```\n</details>\n\n' >>"$block"
done
awk -v block="$block" '
	/<!-- curate:begin/ { print; while ((getline line < block) > 0) print line; skip = 1; next }
	/<!-- curate:end -->/ { skip = 0 }
	!skip' "$back/docs/screens.md" >"$work/screens.md"
cp "$work/screens.md" "$back/docs/screens.md"
say "curate-scenario.sh: all checks hold; screens in docs/screens/review*.txt and docs/screens.md"
