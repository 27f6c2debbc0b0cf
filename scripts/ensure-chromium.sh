#!/usr/bin/env bash
# Browser tests need Debian's Chromium headless shell at /usr/bin/chromium-headless-shell
# (the tests' browser) and Debian's Chromium at /usr/bin/chromium (readers' browser: the
# benchmarks, screenshots and Lighthouse); Playwright cannot download its own browser
# here. Install them when we can; otherwise fail saying so.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    chromium chromium-headless-shell fonts-dejavu-core fonts-noto-core
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium and its headless shell." >&2
echo "Install them with: sudo apt-get install chromium chromium-headless-shell fonts-noto-core" >&2
exit 1
