#!/usr/bin/env bash
# Acceptance check of the packaging, run by ./test.sh after the suite: a user's project that depends only
# on the installed artifacts, by the README's coordinates.
#  1. installs every library artifact (with its sources and javadoc jars) into a private local repository,
#     a hard-link copy of ~/.m2 (so the shared one never receives our jars); online, because the suite
#     only ran `verify` and the install plugin's own dependencies may not be in ~/.m2 yet (on a fresh
#     machine they were not: "classworlds:classworlds:jar:1.1-alpha-2 ... in offline mode");
#  2. builds consumer-check/ against it: compiles and runs the README's example and the test kit's
#     StepVerifier recipe, and checks the READMEs show exactly that code (our artifacts are on no remote
#     repository, so they can only come from what step 1 installed);
#  3. checks the CLI jar (examples/target/umad.jar, built by the suite) holds no org/junit class.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
seed=${UMAD_M2_SEED:-$HOME/.m2/repository}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo="$work/m2"
cp -al "$seed" "$repo" 2>/dev/null || cp -a "$seed" "$repo"
rm -rf "$repo/io/reactiveumad"          # hard links to the shared repository's copies: never write through them

libraries=:reactive-umad-parent,reactive-umad-bom,mad,poll-loop,operators,reactive-umad,reactive-umad-test,service
mvn -B -ntp -q "-Dmaven.repo.local=$repo" -pl "$libraries" install -DskipTests
for a in mad poll-loop operators reactive-umad reactive-umad-test service; do
  for kind in "" -sources -javadoc; do
    jar="$repo/io/reactiveumad/$a/0.1.0-SNAPSHOT/$a-0.1.0-SNAPSHOT$kind.jar"
    [ -f "$jar" ] || { echo "consumer-check: $jar was not installed" >&2; exit 1; }
  done
done
(cd consumer-check && mvn -B -ntp -q "-Dmaven.repo.local=$repo" verify)

cli=examples/target/umad.jar
[ -f "$cli" ] || mvn -B -ntp -q "-Dmaven.repo.local=$repo" -pl examples package -DskipTests
if jar tf "$cli" | grep -q '^org/junit/'; then
  echo "consumer-check: $cli contains org/junit classes" >&2
  exit 1
fi
echo "consumer-check: the installed artifacts build and run the README example and recipe; $cli has no JUnit"
