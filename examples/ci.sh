#!/usr/bin/env bash
# Attach a dsh session to a pull request from any CI system (GitLab, Jenkins, Buildkite, a shell):
# renders the newest session tree(s) under SESSIONS into OUT — a static site (OUT/site), one self-contained
# HTML file (OUT/transcript.html), a machine-readable inventory (OUT/sessions.json) and the Markdown summary
# (OUT/summary.md) to post as the review comment. Publish OUT as your CI's artifact; pass the URL the
# transcript will be reachable at as TRANSCRIPT_URL to link it from the summary (otherwise the link is
# relative: summary.md and transcript.html side by side).
#
#   SESSIONS=.dsh-sessions LATEST=3 OUT=dsh-transcript ./ci.sh
#   DSH_VIEW="node $PWD/dist/cli.mjs" ./ci.sh      # a local build (an absolute path) instead of the registry package
set -euo pipefail

SESSIONS="${SESSIONS:-.dsh-sessions}"
LATEST="${LATEST:-3}"
OUT="${OUT:-dsh-transcript}"
DSH_VIEW="${DSH_VIEW:-npx --yes dsh-view@latest}"

mkdir -p "$OUT"
SESSIONS="$(cd "$SESSIONS" && pwd)"
# --redact: API keys, tokens and passwords never reach what is published.
$DSH_VIEW build "$SESSIONS" --latest "$LATEST" --redact -o "$OUT/site" --title "Sessions of this change"
$DSH_VIEW inspect "$SESSIONS" --latest "$LATEST" --json -q > "$OUT/sessions.json"
# From inside OUT, so the summary links transcript.html beside it (or TRANSCRIPT_URL when given).
(cd "$OUT" && $DSH_VIEW export --latest 1 "$SESSIONS" --redact -o transcript.html --markdown summary.md \
  ${TRANSCRIPT_URL:+--transcript-url "$TRANSCRIPT_URL"} > /dev/null)
# Fails the job if anything secret-looking is left in what will be published.
$DSH_VIEW redact --check "$OUT"
echo "$OUT/summary.md"
