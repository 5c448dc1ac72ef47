#!/bin/sh
# Drives lore's terminal application, in tmux, as two users of one team
# server: a curator learns a STRANGER source (a file, its tier raised to
# STRANGER in the learn form), which waits at the gate for a reviewer; the
# reviewer, in another terminal, sees the question come, approves it, and
# both screens show the run to its commit. Then History on both shows the
# curator's run and the reviewer's decision, and the command line agrees.
#
#   scripts/team-scenario.sh         # needs tmux, python3 and Go
#
# The two screens are captured into docs/screens/team-curator.txt and
# docs/screens/team-reviewer.txt (and .ansi) once the run committed, with
# the curator's while it waits (team-curator-waiting), the reviewer's
# question (team-reviewer-question) and both Histories
# (team-*-history); the checks go into
# docs/screens/team-scenario.log. It exits 1 on the first check that
# fails. KEEP=1 keeps the temporary folder.
set -eu
cd "$(dirname "$0")/.."
command -v tmux >/dev/null || { echo "team-scenario.sh: needs tmux (apt-get install tmux)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "team-scenario.sh: needs python3 (to find a free port)" >&2; exit 1; }

work=$(mktemp -d)
curator=lore-team-curator-$$
reviewer=lore-team-reviewer-$$
server_pid=
cleanup() {
	tmux kill-session -t "$curator" 2>/dev/null || true
	tmux kill-session -t "$reviewer" 2>/dev/null || true
	[ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
	[ -z "$server_pid" ] || wait "$server_pid" 2>/dev/null || true
	[ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
CGO_ENABLED=0 go build -o "$work/lore" ./cmd/lore
for v in $(env | sed -n 's/^\(LORE_[A-Z0-9_]*\)=.*/\1/p'); do unset "$v"; done
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
mkdir -p "$HOME/documents"
data=$work/server
out=$(pwd)/docs/screens
log=$out/team-scenario.log
mkdir -p "$out"
: >"$log"
lore() { "$work/lore" "$@"; }
home() { sed -e "s|$HOME|~|g" -e "s|$work|/tmp/…|g"; }
say() { printf '%s\n' "$*" | home | tee -a "$log"; }
check() { # check WHAT CONDITION…
	what=$1
	shift
	if "$@"; then say "ok    $what"; else say "FAIL  $what"; exit 1; fi
}
screen() { tmux capture-pane -p -t "$1"; }
shot() { # shot SESSION NAME
	screen "$1" | home >"$out/$2.txt"
	tmux capture-pane -p -e -t "$1" | home >"$out/$2.ansi"
}
wait_for() { # wait_for SESSION TEXT
	i=0
	until screen "$1" | grep -qF -- "$2"; do
		i=$((i + 1))
		[ $i -lt 600 ] || {
			say "FAIL  timed out waiting for \"$2\" on $1"
			screen "$1" | home | tee -a "$log" >&2
			exit 1
		}
		sleep 0.1
	done
}
shows() { screen "$1" | grep -qF -- "$2"; }
keys() { s=$1; shift; tmux send-keys -t "$s" "$@"; sleep 0.3; }
typed() { tmux send-keys -t "$1" -l "$2"; sleep 0.3; }

say "== a team server on 127.0.0.1 with a curator and a reviewer"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
token() { lore --data-dir "$data" users add "$1" --role "$2" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'; }
carol=$(token carol curator)
rex=$(token rex reviewer)
# The binary itself, not the lore function: $! must be the server's pid
# for the cleanup to stop it (a backgrounded function is a subshell).
"$work/lore" --data-dir "$data" serve --listen "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server_pid=$!
i=0
until grep -q fingerprint "$work/serve.log"; do
	i=$((i + 1))
	[ $i -lt 300 ] || { say "FAIL  the server did not start"; home <"$work/serve.log" >&2; exit 1; }
	sleep 0.1
done
fp=$(sed -n 's/.*fingerprint \([0-9A-F:]*\).*/\1/p' "$work/serve.log" | head -n 1)
check "the server serves on 127.0.0.1" test -n "$fp"
addr=127.0.0.1:$port

# A document of the curator's own machine; the form raises it to STRANGER.
cat >"$HOME/documents/vendor-notes.md" <<'EOF'
# Vendor notes

**Definition (Queue).** A queue is a collection whose elements leave in the
order they came: the first in is the first out.

**Definition (Stack).** A stack is a collection whose elements leave in the
reverse order they came: the last in is the first out.

**Theorem (Two stacks).** A queue can be built from two stacks, each element
moved at most twice, so every operation takes amortized constant time.
EOF

app() { # app SESSION TOKEN: lore --server in tmux as the token's user
	tmux new-session -d -s "$1" -x 150 -y 42 -c "$HOME/documents" \
		"HOME='$HOME' XDG_DATA_HOME='$XDG_DATA_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' LORE_TOKEN='$2' LORE_SERVER_FINGERPRINT='$fp' '$work/lore' --server $addr"
}

say "== both open the application on the server"
app "$curator" "$carol"
app "$reviewer" "$rex"
wait_for "$curator" "carol · curator · default @ $addr"
wait_for "$reviewer" "rex · reviewer · default @ $addr"
check "the curator's status bar says user, role, workspace and server" shows "$curator" "carol · curator · default"
check "the reviewer's status bar says user, role, workspace and server" shows "$reviewer" "rex · reviewer · default"
check "the reviewer is told n (learn) needs the curator role" shows "$reviewer" "n learn a source (needs the curator role)"
keys "$reviewer" n
check "n is refused to the reviewer, saying why" shows "$reviewer" "needs the curator role (you are rex, reviewer)"

say "== the curator learns vendor-notes.md as a STRANGER source"
keys "$curator" n
wait_for "$curator" "Learn a source"
typed "$curator" "vendor-notes.md"
# Source, domain, depth, then the tier, raised to STRANGER.
keys "$curator" Tab
keys "$curator" Tab
keys "$curator" Tab
keys "$curator" Space
check "the learn form raises the tier to STRANGER" shows "$curator" "stranger (a person reviews every finding)"
keys "$curator" Enter
wait_for "$curator" "waiting for a reviewer"
check "the curator's Learn screen says the run waits for a reviewer" shows "$curator" "waiting for a reviewer"
check "the curator is not asked to decide" sh -c "! tmux capture-pane -p -t '$curator' | grep -qF 'your decision'"
shot "$curator" team-curator-waiting

say "== the reviewer sees the question and approves it"
wait_for "$reviewer" "STRANGER"
check "the reviewer's findings reviewer asks about the curator's run" shows "$reviewer" "STRANGER"
run=$(screen "$curator" | grep -o 'learn-[0-9a-z-]*' | head -n 1 || true)
shot "$reviewer" team-reviewer-question
keys "$reviewer" a
wait_for "$curator" "committed"
wait_for "$reviewer" "committed"
check "the curator's screen shows the approval by rex" shows "$curator" "by rex"
check "the curator's screen shows the commit" shows "$curator" "committed"
check "the reviewer's screen shows the curator's run to its commit" shows "$reviewer" "started by carol"
shot "$curator" team-curator
shot "$reviewer" team-reviewer

say "== History on both shows who did what"
sleep 1
keys "$curator" 6
keys "$reviewer" 6
wait_for "$curator" "by carol"
wait_for "$reviewer" "by carol"
for who in curator reviewer; do
	eval "s=\$$who"
	check "History on the $who's screen shows the curator's run" shows "$s" "by carol"
	check "History on the $who's screen shows the reviewer's decision" shows "$s" "rex (user)"
done
shot "$curator" team-curator-history
shot "$reviewer" team-reviewer-history

say "== the command line agrees"
sessions=$(LORE_SERVER=$addr LORE_TOKEN=$rex LORE_SERVER_FINGERPRINT=$fp lore sessions --json)
printf '%s\n' "$sessions" | home >>"$log"
check "lore sessions names carol as the user and rex as the decider" sh -c "printf '%s' '$sessions' | grep -q '\"user\": *\"carol\"' && printf '%s' '$sessions' | grep -q 'rex (user)'"
[ -z "$run" ] || say "run $run"

keys "$curator" q
keys "$reviewer" q
say "== done: the screens are in docs/screens/team-*.txt"
