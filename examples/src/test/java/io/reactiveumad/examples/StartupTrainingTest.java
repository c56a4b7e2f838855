package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's training run, in-process: its commands succeed (the ibsim attach fails as intended, the
 * embedded ones work), and it leaves JNA's native library (the jar's own bytes, so the versions match) and
 * the search path JNA built, which {@code ./umad} hands back as {@code jna.boot.library.path} and
 * {@code jna.platform.library.path}.
 */
class StartupTrainingTest {
    @Test
    void leavesJnasLibraryAndSearchPathAfterRunningTheTrainingCommands(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("jna");

        StartupTraining.train(out);

        byte[] expected;
        try (InputStream in = Native.class.getClassLoader().getResourceAsStream(
                "com/sun/jna/" + Platform.RESOURCE_PREFIX + "/" + System.mapLibraryName("jnidispatch"))) {
            assertThat(in).as("JNA's library for this platform in its jar").isNotNull();
            expected = in.readAllBytes();
        }
        assertThat(Files.readAllBytes(out.resolve(System.mapLibraryName("jnidispatch")))).isEqualTo(expected);
        assertThat(Files.readString(out.resolve(StartupTraining.PLATFORM_PATH_FILE)).strip())
                .isEqualTo(System.getProperty("jna.platform.library.path"))
                .isNotEmpty();
    }
}
