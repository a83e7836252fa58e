#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (never a browser a tool downloads by itself).
# Installs it when it is missing, so `npm test` works on a fresh machine.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium is not at $CHROMIUM: installing Debian's chromium package…"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq && apt-get install -y -qq chromium
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo apt-get install -y -qq chromium
else
  echo "Cannot install Chromium without root. Run: apt-get install -y chromium" >&2
  exit 1
fi
