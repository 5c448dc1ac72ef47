#!/bin/sh
# Captures every screen of lore's terminal application, from real runs on
# the corpus, into docs/screens/<screen>.txt (plain text) and .ansi (with
# colours, for `cat` in a terminal). docs/screens.md shows the text captures.
#
#   scripts/screens.sh            # needs tmux (apt-get install tmux) and Go
#
# LORE_CORPUS overrides where the corpus is (default ../shared/corpus).
# lore runs with a temporary home folder, from a folder holding copies of
# the documents, so the captures show relative paths and the default store
# ~/.local/share/lore rather than this machine's folders.
set -eu
cd "$(dirname "$0")/.."
corpus=${LORE_CORPUS:-../shared/corpus}
book=textbook_winitzki-linear-algebra-via-exterior-products
for f in "$book.pdf" "$book.pdftotext.txt" rfc6455_websocket.txt apiref_goldmark_README.md; do
	[ -f "$corpus/$f" ] || { echo "screens.sh: $corpus/$f is missing (set LORE_CORPUS)" >&2; exit 1; }
done
command -v tmux >/dev/null || { echo "screens.sh: needs tmux (apt-get install tmux)" >&2; exit 1; }
corpus=$(cd "$corpus" && pwd)

work=$(mktemp -d)
session=lore-screens-$$
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
CGO_ENABLED=0 go build -o "$work/lore" ./cmd/lore
lore=$work/lore
# A home of its own: the store is the default one, ~/.local/share/lore, and
# no configuration or LORE_* variable of this machine applies.
for v in $(env | sed -n 's/^\(LORE_[A-Z0-9_]*\)=.*/\1/p'); do unset "$v"; done
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
mkdir -p "$HOME/documents"
for f in "$book.pdf" "$book.pdftotext.txt" rfc6455_websocket.txt apiref_goldmark_README.md; do
	cp "$corpus/$f" "$HOME/documents/"
done
back=$(pwd)
# Run from the documents so sources are named relatively (a graph export
# would land there too).
cd "$HOME/documents"

# A store with something on every screen: the textbook from its PDF, then
# from pdftotext's text (overlapping statements become conflicts), and the
# WebSocket RFC.
"$lore" learn "$book.pdf" --json >/dev/null
"$lore" learn "$book.pdftotext.txt" --json >/dev/null
"$lore" learn rfc6455_websocket.txt --json >/dev/null

out=$back/docs/screens
mkdir -p "$out"
shot() {
	tmux capture-pane -p -t "$session" >"$out/$1.txt"
	tmux capture-pane -p -e -t "$session" >"$out/$1.ansi"
}
# wait_for TEXT: until the screen shows TEXT (at most 20 s).
wait_for() {
	i=0
	until tmux capture-pane -p -t "$session" | grep -qF -- "$1"; do
		i=$((i + 1))
		[ $i -lt 200 ] || { echo "screens.sh: timed out waiting for \"$1\"" >&2; exit 1; }
		sleep 0.1
	done
}
keys() { tmux send-keys -t "$session" "$@"; sleep 0.4; }

# The goldmark README read as a STRANGER source: the run stops at the
# reviewer with its four warnings.
# The environment is given in the command: a tmux server that is already
# running would not pass on this script's.
tmux new-session -d -s "$session" -x 120 -y 36 -c "$HOME/documents" \
	"HOME='$HOME' XDG_DATA_HOME='$XDG_DATA_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$lore' learn apiref_goldmark_README.md --tier stranger"
wait_for "WARNING ("
shot findings
keys 1
wait_for "your decision"
shot learn
keys 2
keys w
# The run's review opens before its commit: c asks, y commits.
wait_for "review before commit"
keys c y
wait_for "committed"
keys 3
wait_for "CANDIDATE"
shot conflicts
keys 4
wait_for "depends on:"
shot graph
keys t
wait_for "prerequisites of"
shot graph-tree
keys t m
wait_for "plotted"
shot graph-plane
keys m 5
wait_for "strict"
shot skills
keys r
wait_for "Review queue"
shot skills-review
keys r 6
wait_for "Report learn-"
shot history
keys q

# docs/screens.md shows each capture between its screens markers.
block=$work/block.md
: >"$block"
for shot in "learn:Learn — a STRANGER source waiting at the gate" "findings:Findings — the reviewer" \
	"conflicts:Conflicts" "graph:Graph" "graph-tree:Graph — prerequisite tree" \
	"graph-plane:Graph — plane map" "skills:Skills" "skills-review:Skills — review queue" "history:History"; do
	printf '<details><summary>%s</summary>\n\n```\n' "${shot#*:}" >>"$block"
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$out/${shot%%:*}.txt" >>"$block"
	printf '```\n</details>\n\n' >>"$block"
done
awk -v block="$block" '
	/<!-- screens:begin/ { print; while ((getline line < block) > 0) print line; skip = 1; next }
	/<!-- screens:end -->/ { skip = 0 }
	!skip' "$back/docs/screens.md" >"$work/screens.md"
cp "$work/screens.md" "$back/docs/screens.md"
echo "screens.sh: wrote $(ls "$out"/*.txt | wc -l) captures to docs/screens/ and docs/screens.md"
