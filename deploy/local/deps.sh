#!/usr/bin/env bash
# Installs the Debian packages that building, running and testing Jiri need,
# only when one is missing. Usage: deps.sh [extra-package ...]
set -euo pipefail

packages=(libpq-dev libhiredis-dev postgresql redis-server redis-tools pkg-config "$@")
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "jiri: installing missing Debian packages: ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
