#!/usr/bin/env bash
# Side-by-side request/response on a real kernel: boots the kernel-vm module's Soft-RoCE VM (qemu TCG,
# one vCPU) and runs the C libibumad client (benchmarks/c/mad_roundtrips.c) and reactive-umad
# (MadRoundTrips over KernelTransport) at 1 and 32 outstanding against the same responder; prints the
# Java/C ratios. Options: --count N, --runs R, --windows 1,32, --java-option OPT (the Java client's JVM alone). Takes a few minutes.
# Needs qemu-system-x86, linux-image-amd64, busybox-static, gcc, libibumad-dev (./test.sh installs them as root).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
. benchmarks/lib.sh
build_benchmarks
build_c_client
exec java -cp "$BENCH_CLASSPATH" io.reactiveumad.bench.VmRoundTripsComparison \
    --c-client benchmarks/target/mad_roundtrips --run-in-vm kernel-vm/vm/run-in-vm.sh "$@"
