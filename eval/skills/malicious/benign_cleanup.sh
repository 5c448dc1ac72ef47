#!/bin/bash
set -euo pipefail
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
rm -rf ./build ./dist
python3 -m build --outdir "$out"
