#!/usr/bin/env bash
# Install the Debian packages the fork needs, if any are missing.
# Runs as root on a fresh Debian 12 machine; as another user it only reports.
source "$(dirname "$0")/common.sh"

# FORK_EXTRA_PACKAGES: more packages to require (used by the tests).
DEBIAN_PACKAGES+=(${FORK_EXTRA_PACKAGES:-})
missing=()
for p in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  die "missing Debian packages: ${missing[*]}" \
    "run as root: apt-get install ${missing[*]}"
fi

note "installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null ||
  die "apt-get update failed (no network to the Debian archive?)" \
    "check the machine's apt sources and network, then re-run"
apt-get install -y -q "${missing[@]}" >/dev/null ||
  die "apt-get install failed for: ${missing[*]}" \
    "run 'apt-get install ${missing[*]}' by hand to see why, fix it, then re-run"
