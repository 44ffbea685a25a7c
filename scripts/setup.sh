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
# cairo for cairosvg, poppler-utils (pdftoppm) to look at the PDF sheets as pictures, zbar-tools
# (zbarimg) to read their QR codes back as a phone would, and nodejs + npm for the pinned
# Pyodide runtime of the regenerate page (package.json).
APT_PACKAGES="python3-venv chromium fonts-dejavu-core libcairo2 poppler-utils zbar-tools nodejs npm"

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

# The interpreter: Debian's own CPython (the one python3-venv above serves) when it is 3.11 or
# newer, else the first python3 on PATH.  Debian builds it with profile-guided and link-time
# optimisation; a CPython built from source without them (pyenv's default build, with a shared
# libpython) runs the pure-Python engines 10-15% slower (measured on the Loopy generator with
# bench/loopy.py).  TILEPRESS_DEBIAN_PYTHON names another path to try first (the tests use it).
PYTHON=python3
DEBIAN_PYTHON=${TILEPRESS_DEBIAN_PYTHON:-/usr/bin/python3}
if [ -x "$DEBIAN_PYTHON" ] && \
   "$DEBIAN_PYTHON" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  PYTHON=$DEBIAN_PYTHON
fi

# The isolated virtual environment.  A venv made with --system-site-packages (older .ci/run)
# is replaced: it would let stray system packages into the tests; so is one made from another
# interpreter than the one chosen above.
if [ -f .venv/pyvenv.cfg ]; then
  home=$(dirname "$("$PYTHON" -c 'import os, sys; print(os.path.realpath(sys.executable))')")
  if grep -q "include-system-site-packages = true" .venv/pyvenv.cfg || \
     ! grep -qx "home = $home" .venv/pyvenv.cfg; then
    rm -rf .venv
  fi
fi
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-test.txt

# JavaScript packages pinned by package-lock.json (the browser's Pyodide build), when present.
if [ -f package.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
