#!/usr/bin/env bash
# Discovery of a generated 1000-node fat tree (32 leaves x 8 spines x 30 hosts per leaf) in ibsim + OpenSM:
# FabricDiscovery in one JVM (40 runs: the first ten and the last ten reported), cold `./umad discover` as a whole process (3 runs) and
# ibnetdiscover under umad2sim (3 runs); diffs every topology against ibnetdiscover's and prints best and
# median times with their ratios. Options: --leaves N --spines N --hosts N --warm-runs N --cold-runs N.
# Needs ibsim-utils, libumad2sim0, opensm, infiniband-diags (./test.sh installs them as root).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
. benchmarks/lib.sh
build_benchmarks
./umad --version >/dev/null   # builds the CLI (and its start-up cache) now, not inside a timed run
exec java -cp "$BENCH_CLASSPATH" io.reactiveumad.bench.DiscoveryComparison --umad ./umad "$@"
