#!/usr/bin/env bash
# Runs the whole test suite. As root it first installs the Debian packages the real-peer tests need
# (ibsim, OpenSM, infiniband-diags, libibmad headers, qemu + a kernel for the kernel VM suite, chromium +
# chromium-driver for the service's page test).
# With CI=true (or UMAD_REQUIRE_PEERS=true) a test whose peer is missing fails instead of skipping.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

packages=(gcc libibmad-dev libopensm-dev libibumad-dev linux-libc-dev ibsim-utils libumad2sim0 opensm infiniband-diags
          qemu-system-x86 linux-image-amd64 busybox-static iproute2 kmod cpio xz-utils chromium chromium-driver)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "test.sh: not root, so these are not installed and the tests needing them will SKIP: ${missing[*]}" >&2
  fi
fi

require_peers=false
if [ "${CI:-}" = true ] || [ "${UMAD_REQUIRE_PEERS:-}" = true ]; then
  require_peers=true
fi
mvn -B -ntp "-Dumad.requirePeers=$require_peers" verify "$@"
# Packaging: the installed artifacts, used as the README says, by a project outside the reactor.
consumer-check/run.sh
