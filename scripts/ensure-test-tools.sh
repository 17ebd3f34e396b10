#!/usr/bin/env bash
# The integration and end-to-end suites need a real nats-server, Chromium and pdftotext (Debian packages;
# poppler-utils reads the declaration PDFs back).
# Installs them when missing and we may (root, or passwordless sudo); otherwise says exactly what to install.
set -euo pipefail

missing=()
nats_bin="${NATS_SERVER_BIN:-}"
if [ -z "$nats_bin" ]; then
  if command -v nats-server >/dev/null 2>&1 || [ -x /usr/sbin/nats-server ]; then nats_bin=ok; fi
fi
[ -n "$nats_bin" ] || missing+=(nats-server)
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_bin" ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)

[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing test tools: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  apt_get=(apt-get)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  apt_get=(sudo apt-get)
else
  echo "Missing ${missing[*]}: install them with 'sudo apt-get install -y ${missing[*]}' and run the tests again." >&2
  exit 1
fi
"${apt_get[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq "${missing[@]}" >/dev/null
