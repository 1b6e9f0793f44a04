#!/usr/bin/env bash
# Runs a command with no network but loopback (a private network namespace: `unshare -rn`), so tests that
# start the real dsh cannot reach anything but the scripted model server. Where the machine does not allow
# unprivileged namespaces it says so and runs the command as it is.
# usage: scripts/offline.sh COMMAND [ARGS…]
set -euo pipefail
if [ -z "${DSHR_IN_NETNS:-}" ] && unshare -rn true 2>/dev/null; then
  exec unshare -rn env DSHR_IN_NETNS=1 bash -c 'ip link set lo up 2>/dev/null || true; exec "$@"' offline "$@"
fi
[ -n "${DSHR_IN_NETNS:-}" ] || echo "offline.sh: no network namespace here (unshare -rn refused); running with the machine's network" >&2
exec "$@"
