#!/usr/bin/env bash
# Builds the benchmarks and runs JMH: ./benchmarks/run.sh [JMH options, e.g. RequestBenchmark -f 1 -wi 2 -i 3]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
. benchmarks/lib.sh
build_benchmarks
exec java -cp "$BENCH_CLASSPATH" org.openjdk.jmh.Main "$@"
