#!/usr/bin/env bash
# Regenerates demo/sessions/, the sessions root `dsh-view build --demo` builds (and `dsh-view build` when the
# machine has no dsh sessions): real logs written by the real DeepSeek Harness, run offline against a
# scripted model server (the project's real-dsh tools; see their README). Each demo/scenarios/*.json is one
# session: the model's scripted replies, the prompt (`task`), the files it starts from, and `workspace`, the
# project folder it runs in (its path is what the log records as cwd, so it names the project on the index).
# dsh executes every tool call for real there; the folder must not exist and is removed afterwards.
# Only dsh's own log file is kept (session.jsonl.zstd with Node 22, as dsh writes it for its users).
# usage: REAL_DSH_TOOLS=…/shared/tools/real-dsh DSH_BIN=… NODE=<node 22> scripts/make-demo.sh
#   (scripts/install-real-dsh.sh installs dsh and Node 22 and prints DSH_BIN / NODE22)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${REAL_DSH_TOOLS:?set REAL_DSH_TOOLS to the real-dsh tools folder}"
: "${DSH_BIN:?set DSH_BIN (scripts/install-real-dsh.sh prints it as REAL_DSH_BIN)}" "${NODE:?set NODE to a Node 22 binary}"
OUT="$ROOT/demo/sessions"
WORK="$(mktemp -d -t dsh-view-demo-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
rm -rf "$OUT" && mkdir -p "$OUT"
for scenario in "$ROOT"/demo/scenarios/*.json; do
  name="$(basename "$scenario" .json)"
  ws="$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).workspace' "$scenario")"
  [ ! -e "$ws" ] || { echo "make-demo: $ws exists; the scenario needs it fresh" >&2; exit 1; }
  echo "== $name in $ws" >&2
  # shellcheck disable=SC2064
  trap "rm -rf '$WORK' '$ws'" EXIT
  WORKSPACE="$ws" "$TOOLS/run-real-session.sh" "$scenario" "$WORK/$name" >&2
  rm -rf "$ws"; rmdir "$(dirname "$ws")" 2>/dev/null || true
  (cd "$WORK/$name/sessions" && find . -name 'session.jsonl.zstd' | while read -r log; do
    mkdir -p "$OUT/$(dirname "$log")" && cp "$log" "$OUT/$log" && chmod 644 "$OUT/$log"
  done)
done
find "$OUT" -type f | sort
