#!/usr/bin/env bash
# The HTML validity test runs the Nu Html Checker (npm vnu-jar), a Java program.
# Install Debian's headless Java runtime when we can; otherwise fail saying so.
set -euo pipefail
if command -v java >/dev/null; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's default-jre-headless for the Nu Html Checker..."
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    default-jre-headless
  exit 0
fi
echo "The HTML validity test needs Java (the Nu Html Checker is a Java program)." >&2
echo "Install it with: sudo apt-get install default-jre-headless" >&2
exit 1
