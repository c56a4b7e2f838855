package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./umad} launcher stopped while it builds the CLI or makes its start-up cache: a terminal's Ctrl-C
 * (SIGINT to the launcher's process group) or a TERM to the launcher alone ends it at once with the signal's exit
 * code, stops the build or the training, leaves nothing half-made, and never runs the command the user stopped; the
 * next start trains again.
 *
 * <p>The launcher runs as it is, from a copy of the repository's {@code umad} beside a jar it takes as built, with a
 * stand-in JDK ({@code JAVA_HOME}) whose {@code java} records what it was asked to do: a training run (the option
 * that writes the cache) says so and waits, a command run leaves a mark. For the build, the jar is missing and a
 * stand-in {@code mvn} first on the PATH says it started and waits.
 */
class LauncherInterruptTest {
    private static final Duration PROMPTLY = Duration.ofSeconds(20);
    /** Where the stand-in java's training run, and the stand-in mvn, write their pids once started. */
    private static final String TRAINING = "training.pid";
    private static final String BUILD = "build.pid";

    @TempDir
    Path root;
    private Path target;

    @BeforeEach
    void layOut() throws IOException {
        Files.copy(Path.of("..", "umad"), root.resolve("umad"));
        target = Files.createDirectories(root.resolve("examples/target"));
        Files.writeString(target.resolve("umad.jar"), "taken as built: no module sources here are newer");
        Path jdk = Files.createDirectories(root.resolve("jdk/bin"));
        Files.writeString(root.resolve("jdk/release"), "JAVA_VERSION=\"17.0.99\"\n");
        Files.createDirectories(root.resolve("jdk/lib"));
        Files.writeString(root.resolve("jdk/lib/modules"), "");
        Path java = jdk.resolve("java");
        Files.writeString(java, """
                #!/usr/bin/env bash
                # A stand-in java. The training run (-XX:ArchiveClassesAtExit=FILE) starts its cache file and JNA's
                # directory (its last argument), says it started and waits, unless told to finish at once. Any other
                # run is the user's command.
                for arg in "$@"; do
                    case $arg in
                    -XX:ArchiveClassesAtExit=*)
                        echo partial > "${arg#*=}"
                        mkdir -p "${@: -1}"
                        echo $$ > "$FAKE_MARKS/training.pid"
                        [[ -e $FAKE_MARKS/train-at-once ]] && exit 0
                        exec sleep 120;;
                    esac
                done
                touch "$FAKE_MARKS/command-ran"
                """);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A stand-in a failed case left running (they wait two minutes) is stopped with what it started. */
    @AfterEach
    void stopStandIns() throws IOException {
        for (String file : List.of(TRAINING, BUILD)) {
            OptionalLong pid = pidIn(file);
            if (pid.isPresent()) {
                ProcessHandle.of(pid.getAsLong()).ifPresent(p -> {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                });
            }
        }
    }

    @Test
    void ctrlCWhileTheCacheIsMadeStopsTheTrainingAndTheCommand() throws Exception {
        Process launcher = startAndAwaitTraining();

        signal("-INT", "--", "-" + launcher.pid());     // to the process group, as a terminal's Ctrl-C

        assertStoppedWith(launcher, 130, TRAINING);
    }

    @Test
    void termToTheLauncherAloneStopsTheTrainingAndTheCommand() throws Exception {
        Process launcher = startAndAwaitTraining();

        signal("-TERM", Long.toString(launcher.pid()));  // as a service manager or `kill` stops it

        assertStoppedWith(launcher, 143, TRAINING);
    }

    @Test
    void aStoppedTrainingIsNotAFailedOneTheNextStartTrainsAndRuns() throws Exception {
        Process launcher = startAndAwaitTraining();
        signal("-INT", "--", "-" + launcher.pid());
        assertStoppedWith(launcher, 130, TRAINING);
        Files.delete(root.resolve(TRAINING));
        Files.writeString(root.resolve("train-at-once"), "");

        Process next = launcher(null);
        assertThat(next.waitFor(PROMPTLY.toSeconds(), TimeUnit.SECONDS)).as("the next start ended").isTrue();

        assertThat(next.exitValue()).isZero();
        assertThat(root.resolve(TRAINING)).as("trained again").exists();
        assertThat(root.resolve("command-ran")).exists();
        assertThat(cacheFiles()).anyMatch(name -> name.endsWith(".jsa")).noneMatch(name -> name.endsWith(".failed"));
    }

    @Test
    void ctrlCWhileTheCliIsBuiltStopsTheBuildAndTheCommand() throws Exception {
        Files.delete(target.resolve("umad.jar"));
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, """
                #!/usr/bin/env bash
                # A stand-in Maven: says it started, then builds for as long as it is let; stopped, it exits as a
                # JVM does (a status, not death by the signal).
                trap 'kill $!; exit 130' INT
                trap 'kill $!; exit 143' TERM
                echo $$ > "$FAKE_MARKS/build.pid"
                sleep 120 &
                wait
                """);
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process launcher = launcher(bin);
        awaitPid(BUILD);

        signal("-INT", "--", "-" + launcher.pid());

        assertStoppedWith(launcher, 130, BUILD);
        assertThat(Files.readString(root.resolve("launcher.out"))).as("stopped, not failed")
                .doesNotContain("failed").contains("building the CLI");
    }

    private Process startAndAwaitTraining() throws IOException {
        Process launcher = launcher(null);
        awaitPid(TRAINING);
        return launcher;
    }

    /** Until the stand-in that writes {@code file} has started. */
    private void awaitPid(String file) {
        await().atMost(PROMPTLY).until(() -> pidIn(file).isPresent());
    }

    /** The pid a stand-in wrote to {@code file} once it started; empty before. */
    private OptionalLong pidIn(String file) throws IOException {
        Path pid = root.resolve(file);
        String text = Files.isRegularFile(pid) ? Files.readString(pid).strip() : "";
        return text.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
    }

    /** The launcher, with {@code bin} first on its PATH when given. */
    private Process launcher(Path bin) throws IOException {
        // setsid: the launcher leads a process group of its own, as a shell's foreground job does; and with SIGINT
        // at its default, as a terminal starts it (a background job of a non-interactive shell, which a test run may
        // be, starts with SIGINT ignored, and bash cannot trap a signal ignored when it started).
        ProcessBuilder builder = new ProcessBuilder("setsid", "env", "--default-signal=INT", "bash",
                root.resolve("umad").toString(), "--version")
                .redirectErrorStream(true)
                .redirectOutput(root.resolve("launcher.out").toFile());
        builder.environment().put("JAVA_HOME", root.resolve("jdk").toString());
        builder.environment().put("FAKE_MARKS", root.toString());
        builder.environment().remove("UMAD_JAVA_OPTS");
        if (bin != null) {
            builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        }
        return builder.start();
    }

    /** {@code launcher} ended promptly with {@code exitCode}, the stand-in that wrote {@code standIn} with it. */
    private void assertStoppedWith(Process launcher, int exitCode, String standIn) throws Exception {
        long stopped = pidIn(standIn).orElseThrow();
        assertThat(launcher.waitFor(PROMPTLY.toSeconds(), TimeUnit.SECONDS)).as("the launcher ended promptly").isTrue();
        assertThat(launcher.exitValue()).as(Files.readString(root.resolve("launcher.out"))).isEqualTo(exitCode);
        await().atMost(PROMPTLY).until(() -> ProcessHandle.of(stopped).map(p -> !p.isAlive()).orElse(true));
        assertThat(root.resolve("command-ran")).as("the command the user stopped").doesNotExist();
        assertThat(cacheFiles()).as("no half-made cache, no failure remembered").isEmpty();
    }

    private List<String> cacheFiles() throws IOException {
        try (Stream<Path> files = Files.list(target)) {
            return files.map(p -> p.getFileName().toString()).filter(name -> name.startsWith("umad-start")).toList();
        }
    }

    private static void signal(String... args) throws Exception {
        Process kill = new ProcessBuilder(Stream.concat(Stream.of("kill"), Stream.of(args)).toList())
                .inheritIO().start();
        assertThat(kill.waitFor()).as("kill %s", String.join(" ", args)).isZero();
    }
}
