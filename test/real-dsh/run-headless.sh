#!/usr/bin/env bash
# Runs the real dsh headless against the scripted mock model of ../shared/tools/real-dsh (the way its
# run-real-session.sh does), but with DSH_HOME chosen by the caller and nothing copied afterwards, so a
# test can follow $DSH_HOME/sessions while dsh writes it. Meant to run inside `unshare -rn` (loopback only).
# usage: run-headless.sh TOOLS_DIR SCENARIO.json DSH_HOME WORKSPACE
# env:   DSH_BIN (required), NODE (default: node), TIMEOUT (default 180)
set -euo pipefail
TOOLS="$(realpath "$1")"; SCENARIO="$(realpath "$2")"; export DSH_HOME="$(realpath -m "$3")"; WS="$(realpath -m "$4")"
[ -n "${DSHR_IN_NETNS:-}" ] && ip link set lo up
NODE="${NODE:-node}"; DSH_BIN="${DSH_BIN:?set DSH_BIN}"
RUN="$(mktemp -d -t dshview-real-XXXXXX)"; PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$RUN"; }
trap cleanup EXIT
mkdir -p "$DSH_HOME" "$WS"
TASK="$("$NODE" -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(s.task??"Follow the scripted scenario.")' "$SCENARIO")"
source "$(dirname "${BASH_SOURCE[0]}")/mock-model.sh"
cd "$WS" && NODE_OPTIONS="$NODE_OPTS ${NODE_OPTIONS:-}" timeout "${TIMEOUT:-180}" "$NODE" "$DSH_BIN" --profile headless "${EXTRA[@]}" "$TASK"
