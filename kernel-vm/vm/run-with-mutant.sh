#!/bin/bash
# Shows that the kernel-VM suite catches an ABI mistake: compiles a copy of one production source file
# with a deliberate error (a sed expression) into target/mutant, then runs KernelVmIT with that class
# shadowing the real one on the in-VM classpath (-Dkernelvm.prependClasspath). Production code stays
# untouched. Needs one normal build of the module first (it writes target/in-vm-test.classpath).
#
# Usage: run-with-mutant.sh SOURCE.java SED_EXPRESSION
#   e.g. run-with-mutant.sh poll-loop/src/main/java/io/reactiveumad/poll/kernel/UmadIoctl.java \
#          's/arch.iow(MAGIC, 2, /arch.iow(MAGIC, 9, /'
# Exit status: 0 when the suite failed as it must, 1 when the mutant survived, 2 on a usage error.
# Note: only the shadowed class sees the change; constants it declares are also inlined into the
# classes that use them, which keep the original values.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
MODULE=$(dirname "$HERE")
ROOT=$(dirname "$MODULE")
[ $# = 2 ] || { sed -n '2,/^set /p' "$0" | sed '$d' >&2; exit 2; }
SOURCE=$(realpath "$1")
CLASSPATH_FILE=$MODULE/target/in-vm-test.classpath
[ -f "$CLASSPATH_FILE" ] || { echo "run-with-mutant: build kernel-vm once first ($CLASSPATH_FILE is missing)" >&2; exit 2; }

MUTANT=$MODULE/target/mutant
rm -rf "$MUTANT"
mkdir -p "$MUTANT/src"
sed -e "$2" "$SOURCE" > "$MUTANT/src/$(basename "$SOURCE")"
if cmp -s "$SOURCE" "$MUTANT/src/$(basename "$SOURCE")"; then
  echo "run-with-mutant: the expression changed nothing in $SOURCE" >&2
  exit 2
fi
echo "run-with-mutant: mutation of $(basename "$SOURCE"):"
diff "$SOURCE" "$MUTANT/src/$(basename "$SOURCE")" || true
javac --release 17 -nowarn -d "$MUTANT/classes" -cp "$(cat "$CLASSPATH_FILE")" "$MUTANT/src/$(basename "$SOURCE")"

cd "$ROOT"
if mvn -B -q -o -pl kernel-vm -am verify -Dtest=None -Dsurefire.failIfNoSpecifiedTests=false \
     -Dit.test=KernelVmIT -Dfailsafe.failIfNoSpecifiedTests=false -Dumad.requirePeers=true \
     "-Dkernelvm.prependClasspath=$MUTANT/classes" > "$MUTANT/mvn.log" 2>&1; then
  echo "run-with-mutant: MUTANT SURVIVED: the suite passed (log: $MUTANT/mvn.log)"
  exit 1
fi
echo "run-with-mutant: the suite failed, as it must. In-VM failures:"
grep -E '^\s+(JUnit Jupiter:|=> )' "$MODULE/target/kernel-vm.log" || tail -n 30 "$MUTANT/mvn.log"
