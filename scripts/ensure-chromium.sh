#!/usr/bin/env bash
# Browser tests need Debian's Chromium at /usr/bin/chromium (Playwright cannot
# download its own browser here). Install it when we can; otherwise fail saying so.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    chromium fonts-dejavu-core fonts-noto-core
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium." >&2
echo "Install it with: sudo apt-get install chromium fonts-noto-core" >&2
exit 1
