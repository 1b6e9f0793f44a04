# Sourced by run-headless.sh and run-web.sh: seeds the workspace from the scenario, starts the scripted mock
# model of ../shared/tools/real-dsh (loopback), and sets what dsh needs to use it — DSH env variables, the
# hmr stand-in patch and, on Node 20, the compat shims — in EXTRA (dsh arguments) and NODE_OPTS.
# Expects TOOLS, SCENARIO, WS, RUN (a scratch folder), NODE; appends the mock's pid to PIDS.
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
mkdir -p "$RUN/fakehome"
export HOME="$RUN/fakehome" DSH_TELEMETRY_MODE=DISABLED
export DEEPSEEK_BASE_URL="http://127.0.0.1:$(cat "$RUN/port")" DEEPSEEK_API_KEY="sk-mock-0000000000000000"
sed "s#__DIR__#$TOOLS/compat#" "$TOOLS/compat/fake-hmr.patch.yml" >"$RUN/fake-hmr.patch.yml"
EXTRA=(--patch "$RUN/fake-hmr.patch.yml"); NODE_OPTS=""
if [ "$("$NODE" -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  NODE_OPTS="--import $TOOLS/compat/node20/register.mjs"; EXTRA+=(--patch "$TOOLS/compat/node20.patch.yml")
fi
