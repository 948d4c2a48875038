#!/usr/bin/env bash
# One entry point for a newcomer and for CI: set up, then run the simulator or the tests.
#   bash tools/dev.sh sim     set up, then play in the simulator window (args go to python -m host_sim)
#   bash tools/dev.sh test    set up, then run every test (pytest + ruff)
#   bash tools/dev.sh setup   only set up (.venv with the dev tools, node_modules)
set -euo pipefail
cd "$(dirname "$0")/.."

setup() {
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  # Reinstall only when pyproject.toml changed since the last setup.
  if [ ! -f .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet '.[dev]'
    touch .venv/.installed
  fi
  # The real MicroPython (WebAssembly) used by tests and benchmarks.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

case "${1:-}" in
  setup) setup ;;
  sim)
    setup
    shift
    .venv/bin/python -m host_sim "$@"
    ;;
  test)
    setup
    .venv/bin/ruff check .
    .venv/bin/python -m pytest -q
    ;;
  *)
    echo "usage: bash tools/dev.sh sim|test|setup" >&2
    exit 2
    ;;
esac
