package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * umad as a process whose output cannot be delivered: a reader that goes away ends it as SIGPIPE ends a C tool (exit
 * 141, nothing said), where a command that prints until stopped ran on forever; a full disk ends it saying so.
 */
class UndeliverableOutputTest {
    private static final long DEADLINE_SECONDS = 30;

    private static ProcessBuilder umad(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), UmadCli.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    @Test
    void aReaderThatGoesAwayEndsAWatchAsSigpipeWould(@TempDir Path dir) throws Exception {
        Path err = dir.resolve("err");
        Process watch = umad("perf", "3", "1", "--watch", "0.05", "--transport", "embedded")
                .redirectError(err.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).contains("lid 3 port 1: xmit");
            out.close();
            assertThat(watch.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)).as("ended once its reader went away").isTrue();
        } finally {
            watch.destroyForcibly();
        }
        assertThat(watch.exitValue()).isEqualTo(UndeliverableOutput.EXIT_BROKEN_PIPE);
        assertThat(Files.readString(err)).doesNotContain("error", "Exception");
    }

    @Test
    void aFullDiskIsSaidAndFails(@TempDir Path dir) throws Exception {
        Path err = dir.resolve("err");
        Process discover = umad("discover", "--transport", "embedded")
                .redirectOutput(new File("/dev/full")).redirectError(err.toFile()).start();
        try {
            assertThat(discover.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)).isTrue();
        } finally {
            discover.destroyForcibly();
        }
        assertThat(discover.exitValue()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(Files.readString(err)).contains("umad: cannot write the output: "); // then strerror(ENOSPC), in the locale's words
    }
}
