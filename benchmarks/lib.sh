# Sourced by the benchmark scripts (run.sh, ibsim-roundtrips.sh, ...): how they build what they run.
# The caller has cd'd to the repository root.

# Builds the benchmarks module and its siblings in one reactor run (so the sibling modules' fresh jars
# are on the class path it writes) and sets BENCH_CLASSPATH.
build_benchmarks() {
    mvn -B -q -ntp -pl benchmarks -am package dependency:build-classpath -DskipTests \
        -Dmdep.outputFile=target/classpath.txt
    BENCH_CLASSPATH="benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)"
}

# Compiles the C libibumad client (benchmarks/c/mad_roundtrips.c) to benchmarks/target/mad_roundtrips;
# needs gcc and libibumad-dev (./test.sh installs them as root).
build_c_client() {
    mkdir -p benchmarks/target
    if ! gcc -O2 -Wall -o benchmarks/target/mad_roundtrips benchmarks/c/mad_roundtrips.c -libumad; then
        echo "cannot build the C client: gcc and libibumad-dev are needed (./test.sh installs them as root)" >&2
        return 1
    fi
}
