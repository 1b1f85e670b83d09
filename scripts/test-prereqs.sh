#!/usr/bin/env bash
# Installs what the test suite needs from Debian when it is missing: Chromium for the
# browser tests and PostgreSQL for the server's PostgreSQL run. Idempotent; a no-op on
# a machine that has both. Runs as part of `npm test` (the `pretest` script).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "test-prereqs: missing ${need[*]} and not root; install them with apt-get" >&2
  exit 1
fi
echo "test-prereqs: installing ${need[*]} from Debian" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
