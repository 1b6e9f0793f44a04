#!/usr/bin/env bash
# Runs the real `dsh web` host against the scripted mock model of ../shared/tools/real-dsh (the way its
# web-run.sh boots it), with DSH_HOME chosen by the caller, and keeps it running until the caller kills the
# process group. Prints the host's `dsh web: http://127.0.0.1:PORT` line on stdout as dsh does, so a test can
# attach to it. Run it in the network namespace of the test (the viewer and the browser must reach it); the
# only model it can talk to is the loopback mock.
# usage: run-web.sh TOOLS_DIR SCENARIO.json DSH_HOME WORKSPACE
# env:   DSH_BIN (required), NODE (default: node; Node 20 gets compat/node20)
set -euo pipefail
TOOLS="$(realpath "$1")"; SCENARIO="$(realpath "$2")"; export DSH_HOME="$(realpath -m "$3")"; WS="$(realpath -m "$4")"
NODE="${NODE:-node}"; DSH_BIN="${DSH_BIN:?set DSH_BIN}"
RUN="$(mktemp -d -t dshview-web-XXXXXX)"; PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$RUN"; }
trap cleanup EXIT
trap 'exit 143' TERM INT
mkdir -p "$DSH_HOME" "$WS" "$RUN/fakehome"
"$NODE" -e '
  const fs = require("fs"), path = require("path");
  const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  for (const [p, c] of Object.entries(s.files ?? {})) {
    const f = path.join(process.argv[2], p); fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, c);
  }' "$SCENARIO" "$WS"
"$NODE" "$TOOLS/mock-llm.mjs" "$SCENARIO" --port-file "$RUN/port" --log "$RUN/mock.jsonl" >"$RUN/mock.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do [ -s "$RUN/port" ] && break; sleep 0.05; done
[ -s "$RUN/port" ] || { cat "$RUN/mock.out" >&2; echo "mock did not start" >&2; exit 1; }
export HOME="$RUN/fakehome" DSH_TELEMETRY_MODE=DISABLED
export DEEPSEEK_BASE_URL="http://127.0.0.1:$(cat "$RUN/port")" DEEPSEEK_API_KEY="sk-mock-0000000000000000"
sed "s#__DIR__#$TOOLS/compat#" "$TOOLS/compat/fake-hmr.patch.yml" >"$RUN/fake-hmr.patch.yml"
EXTRA=(--patch "$RUN/fake-hmr.patch.yml"); NODE_OPTS=""
if [ "$("$NODE" -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  NODE_OPTS="--import $TOOLS/compat/node20/register.mjs"; EXTRA+=(--patch "$TOOLS/compat/node20.patch.yml")
fi
cd "$WS"
NODE_OPTIONS="$NODE_OPTS" "$NODE" "$DSH_BIN" web "${EXTRA[@]}" --no-open --host 127.0.0.1 --port 0 &
PIDS+=($!)
wait "${PIDS[-1]}"
