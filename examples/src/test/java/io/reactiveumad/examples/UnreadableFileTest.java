package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every file a command line names, missing or a directory: bad usage (exit 2) naming the option, the file and why.
 * Before, a missing threshold or topology file ended as an error saying only its path, a directory given as a cache
 * as one saying only "Is a directory", both exit 1.
 */
class UnreadableFileTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"errors --threshold-file", "discover --node-name-map", "discover -z", "discover --topology", "trace --ports-file",
        "verify-ids", "switches", "discover --load-cache", "links --diff", "links --filterdownports"})
    void aMissingFileOrADirectoryIsBadUsageSayingWhy(String commandAndOption) {
        String[] words = commandAndOption.split(" ");
        String option = words.length > 1 ? words[1] + ": " : "";
        Path missing = dir.resolve("missing");
        assertThat(run(words, missing).err()).contains(option + "cannot read").contains(missing + ": no such file");
        assertThat(run(words, dir).err()).contains(option + "cannot read").contains(dir + ": Is a directory");
    }

    /** A file that is not text where text is wanted (a binary cache as a topology) says so, not "Input length = 1". */
    @ParameterizedTest
    @ValueSource(strings = {"verify-ids", "switches", "errors --threshold-file"})
    void aBinaryFileWhereTextIsWantedIsBadUsageSayingSo(String commandAndOption) throws java.io.IOException {
        Path binary = java.nio.file.Files.write(dir.resolve("binary"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertThat(run(commandAndOption.split(" "), binary).err())
                .contains("cannot read " + binary + ": not a text file (not UTF-8)");
    }

    /**
     * lft-balance reads two files, as check_lft_balance: both must be given (or neither, to read the fabric now), and
     * each is named when it cannot be read.
     */
    @org.junit.jupiter.api.Test
    void lftBalanceNeedsBothFilesAndNamesTheOneItCannotRead() throws java.io.IOException {
        String missing = dir.resolve("missing").toString();
        String empty = java.nio.file.Files.writeString(dir.resolve("empty"), "").toString();
        assertThat(lftBalance("-l", empty).err()).contains("give both -l LFT_FILE").contains("-i CACHE");
        assertThat(lftBalance("-i", empty).err()).contains("give both -l LFT_FILE").contains("or neither");
        assertThat(lftBalance("-l", missing, "-i", empty).err()).contains("-l: cannot read " + missing + ": no such file");
        assertThat(lftBalance("-l", empty, "-i", missing).err()).contains("-i: cannot read " + missing + ": no such file");
    }

    private static CliRun lftBalance(String... args) {
        List<String> all = new ArrayList<>(List.of("lft-balance"));
        all.addAll(List.of(args));
        CliRun run = CliRun.run(all.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s", run.err()).isEqualTo(2);
        return run;
    }

    private static CliRun run(String[] words, Path file) {
        List<String> args = new ArrayList<>(List.of(words));
        args.add(file.toString());
        args.addAll(List.of("--transport", "embedded"));
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s", run.err()).isEqualTo(2);
        return run;
    }
}
