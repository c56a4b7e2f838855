#!/usr/bin/env bash
# Side-by-side request/response on one ibsim fabric: the C libibumad client (benchmarks/c/mad_roundtrips.c,
# under umad2sim) and reactive-umad (MadRoundTrips over IbsimTransport), SMP Get(NodeInfo) LID-routed to
# one target of a 4x2x4 fat tree, at windows 1, 8 and 64, best of 2 runs of 20 000 round trips; prints a
# table with the Java/C ratios. Options: --count N, --runs R, --windows 1,8,64, --java-option OPT (the Java client's JVM alone).
# Needs ibsim-utils, libumad2sim0, opensm, gcc, libibumad-dev (./test.sh installs them as root).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
. benchmarks/lib.sh
build_benchmarks
build_c_client
exec java -cp "$BENCH_CLASSPATH" io.reactiveumad.bench.IbsimRoundTripsComparison \
    --c-client benchmarks/target/mad_roundtrips "$@"
