#!/usr/bin/env bash
# Runs the real `dsh web` host against the scripted mock model of ../shared/tools/real-dsh (the way its
# web-run.sh boots it), with DSH_HOME chosen by the caller, and keeps it running until the caller kills the
# process group. dsh prints its `dsh web: http://127.0.0.1:PORT` line on stdout, so a test can attach to it.
# Run it in the network namespace of the test (the viewer and the browser must reach it); the only model it
# can talk to is the loopback mock.
# usage: run-web.sh TOOLS_DIR SCENARIO.json DSH_HOME WORKSPACE
# env:   DSH_BIN (required), NODE (default: node; Node 20 gets compat/node20)
set -euo pipefail
TOOLS="$(realpath "$1")"; SCENARIO="$(realpath "$2")"; export DSH_HOME="$(realpath -m "$3")"; WS="$(realpath -m "$4")"
NODE="${NODE:-node}"; DSH_BIN="${DSH_BIN:?set DSH_BIN}"
RUN="$(mktemp -d -t dshview-web-XXXXXX)"; PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$RUN"; }
trap cleanup EXIT
trap 'exit 143' TERM INT
mkdir -p "$DSH_HOME" "$WS"
source "$(dirname "${BASH_SOURCE[0]}")/mock-model.sh"
cd "$WS"
NODE_OPTIONS="$NODE_OPTS ${NODE_OPTIONS:-}" "$NODE" "$DSH_BIN" web "${EXTRA[@]}" --no-open --host 127.0.0.1 --port 0 &
PIDS+=($!)
wait "${PIDS[-1]}"
