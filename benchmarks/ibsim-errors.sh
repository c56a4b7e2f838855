#!/usr/bin/env bash
# A fabric-wide error sweep of a generated 1000-node fat tree (32 leaves x 8 spines x 30 hosts per leaf) in
# ibsim + OpenSM, after error counters were set on three ports: ibqueryerrors under umad2sim (3 runs), warm
# in-JVM ErrorSweep with its discovery (5 runs) and cold `./umad errors` as a whole process (3 runs);
# compares every run's bad ports with ibqueryerrors' and prints best and median times with their ratio to
# ibqueryerrors'. Options: --leaves N --spines N --hosts N --warm-runs N --cold-runs N.
# Needs ibsim-utils, libumad2sim0, opensm, infiniband-diags (./test.sh installs them as root).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
. benchmarks/lib.sh
build_benchmarks
./umad --version >/dev/null   # builds the CLI (and its start-up cache) now, not inside a timed run
exec java -cp "$BENCH_CLASSPATH" io.reactiveumad.bench.ErrorsComparison --umad ./umad "$@"
