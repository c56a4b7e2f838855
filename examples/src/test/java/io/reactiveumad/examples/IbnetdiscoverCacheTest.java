package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * discover --cache writes the fabric in ibnetdiscover's cache format, and --load-cache reads it back into discover,
 * links and errors without a discovery: the same text as from the fabric itself, on the embedded fabric. A file that
 * is not a cache, one cut short and one that is missing are usage errors naming the file. (That the Debian tools
 * load our caches and we theirs: DiagsOnARingIbsimTest.)
 */
class IbnetdiscoverCacheTest {
    @Test
    void aCacheWrittenByDiscoverIsReadBackByEveryCommand(@TempDir Path dir) throws IOException {
        Path cache = dir.resolve("fabric.cache");
        CliRun live = CliRun.run("discover", "--transport", "embedded", "--cache", cache.toString());
        assertThat(live.exitCode()).as("%s", live).isZero();
        ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(cache)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(header.getInt()).as("magic").isEqualTo(IbnetdiscoverCache.MAGIC);
        assertThat(header.getInt()).as("version").isEqualTo(1);
        assertThat(header.getInt()).as("nodes: the bundled fabric's").isEqualTo(6);

        assertThat(undated(CliRun.run("discover", "--load-cache", cache.toString()).out())).isEqualTo(undated(live.out()));
        for (String[] command : new String[][] {{"links"}, {"links", "-l", "-p"}, {"discover", "-p"}, {"errors", "-r"}}) {
            String[] fromFabric = concat(command, "--transport", "embedded");
            String[] fromCache = concat(command, "--transport", "embedded", "--load-cache", cache.toString());
            assertThat(CliRun.run(fromCache).out()).as("%s", Arrays.toString(command))
                    .isEqualTo(CliRun.run(fromFabric).out()).isNotEmpty();
        }
    }

    @Test
    void aFileThatIsNotAWholeCacheIsNamed(@TempDir Path dir) throws IOException {
        Path cache = dir.resolve("fabric.cache");
        CliRun.run("discover", "--transport", "embedded", "--cache", cache.toString());
        Path cut = Files.write(dir.resolve("cut.cache"), Arrays.copyOf(Files.readAllBytes(cache), 300));
        Path text = Files.writeString(dir.resolve("text.cache"), "vendid=0x2c9\ndevid=0xb924\n");
        assertUsageError(CliRun.run("links", "--load-cache", cut.toString()), "ends before the cache does");
        assertUsageError(CliRun.run("discover", "--load-cache", text.toString()), "is not an ibnetdiscover cache");
        assertUsageError(CliRun.run("errors", "--load-cache", dir.resolve("none").toString()), "no such file");
        assertUsageError(CliRun.run("links", "--load-cache", cache.toString(), "-D", "0,1"), "--load-cache and -D");
    }

    private static void assertUsageError(CliRun run, String why) {
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.err()).as("%s", run).contains("--load-cache").contains(why);
        assertThat(run.out()).isEmpty();
    }

    private static String undated(String text) {
        return text.replaceAll("(?m)^# Topology file: generated .*\\n", "");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
