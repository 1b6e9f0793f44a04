#!/usr/bin/env bash
# The install a user gets, checked end to end (issue 15; run by .ci/run): packs the package as npm would
# publish it, installs the tarball with `--omit=dev` into an empty folder from the npm registry, checks the
# install's size and package count against the budget, then runs every command from that install (not from
# the checkout) on the corpus fixtures: build (and build --demo), export (HTML and the Markdown summary),
# inspect --json, snapshot --format aria (needs Chromium: /usr/bin/chromium or $DSH_VIEW_CHROMIUM) and live
# (started, asked for its index over HTTP, stopped). Exits non-zero on the first failure.
#
# usage: scripts/check-install.sh [TARBALL]   (default: `npm pack` of this checkout)
# env:   MAX_INSTALL_MB (60), MAX_INSTALL_PACKAGES (80)   the budget
#        KEEP=1   keep the temporary folder (its path is printed)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MAX_MB="${MAX_INSTALL_MB:-60}"
MAX_PACKAGES="${MAX_INSTALL_PACKAGES:-80}"
# Outside the checkout, so nothing resolves from its node_modules.
WORK="$(mktemp -d -t dsh-view-install-XXXXXX)"
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$WORK"' EXIT; else echo "check-install: keeping $WORK" >&2; fi
say() { printf 'check-install: %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

TARBALL="${1:-}"
if [ -z "$TARBALL" ]; then
  # As `npm publish` packs: prepack rebuilds dist/ and publishes package.json without `prepare`
  # (scripts/pack-manifest.mjs); postpack puts the checkout's back. The build's
  # own output goes to stdout too: the tarball's name is the last line.
  TARBALL="$WORK/$(cd "$ROOT" && npm pack --silent --pack-destination "$WORK" | tail -n 1)"
fi
TARBALL="$(realpath "$TARBALL")"
say "tarball $(basename "$TARBALL"), $(du -k "$TARBALL" | cut -f1) KB"

mkdir -p "$WORK/app" "$WORK/home"
cd "$WORK/app"
echo '{ "name": "dsh-view-install-check", "private": true }' > package.json
START=$(date +%s)
npm install --omit=dev --no-audit --no-fund --loglevel=error "$TARBALL" >&2
say "npm install --omit=dev took $(( $(date +%s) - START )) s"

node -e 'process.exit(require("./node_modules/dsh-view/package.json").scripts?.prepare === undefined ? 0 : 1)' || fail "the published package.json has a prepare script"

# Size: every byte under node_modules. Packages: the entries npm records in its hidden lockfile.
BYTES=$(du -sb node_modules | cut -f1)
PACKAGES=$(node -e 'const l = require("./node_modules/.package-lock.json"); console.log(Object.keys(l.packages).filter(k => k.startsWith("node_modules/")).length)')
MB=$(node -e "console.log((${BYTES} / 1e6).toFixed(1))")
say "install: ${MB} MB, ${PACKAGES} packages (budget ${MAX_MB} MB, ${MAX_PACKAGES} packages)"
node -e "process.exit(${BYTES} <= ${MAX_MB} * 1e6 ? 0 : 1)" || fail "install is ${MB} MB, over ${MAX_MB} MB"
[ "$PACKAGES" -le "$MAX_PACKAGES" ] || fail "install has ${PACKAGES} packages, over ${MAX_PACKAGES}"

# From here on the installed CLI, with a home of its own (no dsh sessions, no user config).
BIN="$WORK/app/node_modules/.bin/dsh-view"
export HOME="$WORK/home" DSH_HOME="$WORK/home/.dsh"
unset DSH_VIEW_TIMINGS
export NPM_CONFIG_UPDATE_NOTIFIER=false
CORPUS="$ROOT/fixtures/corpus"
# The whole corpus, plus its real dsh sessions roots by name (they sit deeper than discovery used to walk).
INPUTS=("$CORPUS" "$CORPUS"/real-host/*/sessions)
SESSION="$CORPUS/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2"
run() { say "\$ dsh-view $*"; "$BIN" "$@"; }

VERSION="$(npx --no-install dsh-view --version)"
[ "$VERSION" = "$(node -p "require('$ROOT/package.json').version")" ] || fail "npx dsh-view --version printed '$VERSION'"

INDEX="$(run build "${INPUTS[@]}" -o "$WORK/site" -q)"
[ -s "$INDEX" ] || fail "build printed no index ($INDEX)"
grep -q '/home/dev/project' "$INDEX" || fail "build: the index does not list the real dsh sessions"
grep -lq 'ls -R; exit 3' "$WORK"/site/sessions/*.html || fail "build: no page shows the failed command of $SESSION"
INDEX="$(run build --demo -o "$WORK/demo-site" -q)"
grep -q '/home/dev/weather-cli' "$INDEX" || fail "build --demo: the index does not list the demo projects"

run export "$SESSION" -o "$WORK/session.html" --markdown "$WORK/summary.md" >/dev/null
grep -q '<html' "$WORK/session.html" || fail "export wrote no HTML page"
grep -q 'exit 3' "$WORK/summary.md" || fail "export --markdown: the summary lacks the session's failed command"
run export "$SESSION" --markdown - -q > "$WORK/stdout.md"
grep -q 'exit 3' "$WORK/stdout.md" || fail "export --markdown -: stdout lacks the session's failed command"
head -c 4 "$WORK/stdout.md" | grep -q '^### ' || fail "export --markdown -: stdout holds more than the summary"

run inspect --json "${INPUTS[@]}" > "$WORK/inspect.json"
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))
  if (!Array.isArray(r.sessions) || r.sessions.length < 100) throw new Error(`inspect --json listed ${r.sessions?.length} sessions`)
' "$WORK/inspect.json" || fail "inspect --json did not list the corpus"

run snapshot --format aria "$SESSION" > "$WORK/aria.yml"
grep -q 'region "Transcript"' "$WORK/aria.yml" || fail "snapshot --format aria printed no transcript tree"

say "\$ dsh-view live ${SESSION%/*/*}"
node "$ROOT/scripts/check-live.mjs" "$BIN" "${SESSION%/*/*}" 'Mock error paths' || fail "live did not serve an index listing the session"

say "ok: ${MB} MB, ${PACKAGES} packages; build, export, inspect, snapshot --format aria and live work from the install"
