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
RUN="$(mktemp -d -t dshview-real-XXXXXX)"; MOCK_PID=""
cleanup() { [ -n "$MOCK_PID" ] && kill "$MOCK_PID" 2>/dev/null || true; rm -rf "$RUN"; }
trap cleanup EXIT
mkdir -p "$DSH_HOME" "$WS" "$RUN/fakehome"
TASK="$("$NODE" -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(s.task??"Follow the scripted scenario.")' "$SCENARIO")"
"$NODE" -e '
  const fs = require("fs"), path = require("path");
  const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  for (const [p, c] of Object.entries(s.files ?? {})) {
    const f = path.join(process.argv[2], p); fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, c);
  }' "$SCENARIO" "$WS"
"$NODE" "$TOOLS/mock-llm.mjs" "$SCENARIO" --port-file "$RUN/port" --log "$RUN/mock.jsonl" >"$RUN/mock.out" 2>&1 &
MOCK_PID=$!
for _ in $(seq 100); do [ -s "$RUN/port" ] && break; sleep 0.05; done
[ -s "$RUN/port" ] || { cat "$RUN/mock.out" >&2; echo "mock did not start" >&2; exit 1; }
export HOME="$RUN/fakehome" DSH_TELEMETRY_MODE=DISABLED
export DEEPSEEK_BASE_URL="http://127.0.0.1:$(cat "$RUN/port")" DEEPSEEK_API_KEY="sk-mock-0000000000000000"
sed "s#__DIR__#$TOOLS/compat#" "$TOOLS/compat/fake-hmr.patch.yml" >"$RUN/fake-hmr.patch.yml"
EXTRA=(--patch "$RUN/fake-hmr.patch.yml")
if [ "$("$NODE" -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  export NODE_OPTIONS="--import $TOOLS/compat/node20/register.mjs ${NODE_OPTIONS:-}"
  EXTRA+=(--patch "$TOOLS/compat/node20.patch.yml")
fi
cd "$WS" && timeout "${TIMEOUT:-180}" "$NODE" "$DSH_BIN" --profile headless "${EXTRA[@]}" "$TASK"
