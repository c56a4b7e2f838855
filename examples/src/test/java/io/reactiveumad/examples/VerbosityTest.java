package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diag tools' -e, -v and -d, each in a JVM of its own: the logging binding fixes a logger's level when the
 * logger is made, so only a fresh process shows what a user's command line does.
 */
class VerbosityTest {
    @TempDir
    Path dir;

    private record Run(int exitCode, String err) {
    }

    private Run umad(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path err = dir.resolve("err.txt");
        List<String> command = Stream.concat(Stream.of(java, "-cp", System.getProperty("java.class.path"),
                UmadCli.class.getName()), Stream.of(args)).toList();
        Process process = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("umad %s ended", String.join(" ", args)).isTrue();
        return new Run(process.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void minusESaysEachResendAndWithoutItNothingIsSaidBeforeTheError() throws Exception {
        Run quiet = umad("smp", "nodeinfo", "999", "-t", "20", "--transport", "embedded");
        assertThat(quiet.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(quiet.err()).doesNotContain("sending it again").contains("after 3 attempt(s) of 20 ms");

        Run errors = umad("smp", "-e", "nodeinfo", "999", "-t", "20", "--transport", "embedded");
        assertThat(errors.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(errors.err().lines().filter(l -> l.contains("sending it again")))
                .as(errors.err()).hasSize(2)
                .allMatch(l -> l.contains("no response from LID 999 QP0 to SubnLidRouted Get attribute 0x0011"))
                .anyMatch(l -> l.endsWith("within 20 ms: sending it again, attempt 3 of 3"));
        assertThat(errors.err()).as("-e is the request path's log alone").doesNotContain("opened port");
    }

    @Test
    void minusVVAndMinusDShowTheLibrarysDebugLog() throws Exception {
        for (String flags : List.of("-vv", "-d")) {
            Run run = umad("smp", flags, "nodeinfo", "1", "--transport", "embedded");
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.err()).as(flags).contains("DEBUG io.reactiveumad.internal.DefaultMadPort - opened port");
        }
        Run verbose = umad("smp", "-v", "nodeinfo", "1", "--transport", "embedded");
        assertThat(verbose.err()).as("-v is info, not debug").doesNotContain("DEBUG");
    }
}
