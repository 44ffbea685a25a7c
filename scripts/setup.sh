#!/bin/sh
# Set-up on a fresh Debian machine: the apt packages the project needs, then an isolated
# virtual environment `.venv` with the project's own pinned requirements (no system
# site-packages, so what runs is exactly what requirements*.txt install).
#
#   scripts/setup.sh            # as root (no sudo needed) or as a user with sudo
#
# Used by the README's set-up command and by .ci/run, so both install the same things.
set -eu
cd "$(dirname "$0")/.."

# Debian packages: Python's venv module, Chromium for the browser tests (Playwright drives
# Debian's /usr/bin/chromium; never `playwright install`), the DejaVu fonts the sheets use,
# cairo for cairosvg, poppler-utils (pdftoppm) to look at the PDF sheets as pictures, and
# nodejs + npm for the pinned Pyodide runtime of the regenerate page (package.json).
APT_PACKAGES="python3-venv chromium fonts-dejavu-core libcairo2 poppler-utils nodejs npm"

missing=""
for pkg in $APT_PACKAGES; do
  case "$pkg" in
    # node and npm may come from elsewhere (e.g. a nodejs build that bundles npm, which
    # conflicts with Debian's npm package): what counts is that the commands exist.
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
  esac
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "error: these Debian packages are missing and neither root nor sudo is available:$missing" >&2
    exit 2
  fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi

# The isolated virtual environment.  A venv made with --system-site-packages (older .ci/run)
# is replaced: it would let stray system packages into the tests.
if [ -f .venv/pyvenv.cfg ] && grep -q "include-system-site-packages = true" .venv/pyvenv.cfg; then
  rm -rf .venv
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-test.txt

# JavaScript packages pinned by package-lock.json (the browser's Pyodide build), when present.
if [ -f package.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
