package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fabric cache is a file a user names, so anything may be in it: a cache of the embedded fabric corrupted 3000
 * ways (bytes changed, the file cut short or grown, a count or GUID overwritten; a fixed seed, so a failure
 * reproduces) either loads or is refused with {@link IllegalArgumentException} naming the file, never another
 * exception; what loads is written back by {@code cache-edit}'s path so that loading and writing it again gives
 * the same bytes; and one in fifty of those goes through discover, discover -p, links -l and errors -r, which print
 * it or refuse it as bad usage (ibnetdiscover --load-cache printed what discover prints for 148 of 150 corruptions
 * of an ibsim cache by hand; the two others, a port record naming another node and a cache the tool never finished
 * reading, are in docs/RELIABILITY.md).
 */
class CorruptCacheTest {
    private static final int CASES = 3000;

    @Test
    void corruptedCachesLoadOrAreRefusedNamingTheFileAndWhatLoadsWritesBackStably(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("fabric.cache");
        CliRun discover = CliRun.run("discover", "--transport", "embedded", "--cache", file.toString());
        assertThat(discover.exitCode()).as("%s", discover).isZero();
        byte[] valid = Files.readAllBytes(file);
        Random random = new Random(20261127);
        int loaded = 0;
        int refused = 0;
        for (int n = 0; n < CASES; n++) {
            byte[] bytes = corrupt(valid, random);
            try {
                CachedFabric cached = CachedFabric.read(bytes, file);
                IbnetdiscoverCache.loaded(cached);
                byte[] written = cached.image().bytes();
                byte[] again = CachedFabric.read(written, file).image().bytes();
                assertThat(again).as("case %d: written back twice", n).isEqualTo(written);
                if (loaded++ % 50 == 0) {
                    // what the commands make of it: their text, or a usage error naming the option
                    Files.write(file, bytes);
                    for (List<String> command : List.of(List.of("discover"), List.of("discover", "-p"),
                            List.of("links", "-l"), List.of("errors", "-r"))) {
                        List<String> args = new ArrayList<>(command);
                        args.addAll(List.of("--load-cache", file.toString()));
                        CliRun run = CliRun.run(args.toArray(String[]::new));
                        assertThat(run.exitCode()).as("case %d: %s %s", n, command, run).isIn(0, 2);
                        if (run.exitCode() == 2) {
                            assertThat(run.err()).as("case %d: %s", n, command).contains("--load-cache");
                        }
                    }
                }
            } catch (IllegalArgumentException refusal) {
                assertThat(refusal.getMessage()).as("case %d", n).contains(file.toString());
                refused++;
            }
        }
        assertThat(loaded).as("some corruptions still load (a changed PortInfo, description, ...)").isPositive();
        assertThat(refused).as("some are refused").isPositive();
    }

    private static byte[] corrupt(byte[] valid, Random random) {
        byte[] bytes = valid.clone();
        switch (random.nextInt(5)) {
            case 0 -> {
                for (int i = 1 + random.nextInt(8); i > 0; i--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length));
            case 2 -> {
                bytes = Arrays.copyOf(bytes, bytes.length + 1 + random.nextInt(200));
                for (int i = valid.length; i < bytes.length; i++) {
                    bytes[i] = (byte) random.nextInt(256);
                }
            }
            case 3 -> { // a node or port count (offsets 8 and 12), little-endian
                int at = 8 + 4 * random.nextInt(2);
                int count = random.nextBoolean() ? random.nextInt(64) : random.nextInt();
                for (int i = 0; i < 4; i++) {
                    bytes[at + i] = (byte) (count >>> (8 * i));
                }
            }
            default -> { // eight bytes anywhere: a GUID, key or count somewhere
                int at = random.nextInt(bytes.length - 8);
                long value = random.nextBoolean() ? random.nextLong() : random.nextInt(16);
                for (int i = 0; i < 8; i++) {
                    bytes[at + i] = (byte) (value >>> (8 * i));
                }
            }
        }
        return bytes;
    }
}
