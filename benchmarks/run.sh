#!/usr/bin/env bash
# Builds the benchmarks and runs JMH: ./benchmarks/run.sh [JMH options, e.g. RequestBenchmark -f 1 -wi 2 -i 3]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
# One reactor run, so the sibling modules' fresh jars are on the classpath it writes.
mvn -B -q -ntp -pl benchmarks -am package dependency:build-classpath -DskipTests -Dmdep.outputFile=target/classpath.txt
exec java -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" org.openjdk.jmh.Main "$@"
