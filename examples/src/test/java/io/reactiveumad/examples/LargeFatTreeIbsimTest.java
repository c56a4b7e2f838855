package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.ibsim.IbsimInstallation;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 504-node fat tree in ibsim (36-port switches and more, hosts on leaf ports 1 to 30): {@code umad discover} finds
 * and prints what {@code ibnetdiscover} does, and {@code umad lft-balance} reports what {@code check_lft_balance} does.
 */
class LargeFatTreeIbsimTest {
    private static final Topology FAT_TREE = FatTree.generate(16, 8, 30);
    private static final String LOCAL = "host-1";

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder().topology(FAT_TREE)
            .smNode("host-2").sweepSeconds(0).startTimeout(Duration.ofMinutes(3)).diagTimeout(Duration.ofMinutes(2)));

    @Test
    void discoverEqualsIbnetdiscoverOnA504NodeFatTree() {
        assertThat(FAT_TREE.nodes()).hasSizeGreaterThanOrEqualTo(500);
        IbsimFabric fabric = FABRIC.fabric();
        CliRun ours = CliRun.run(Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()),
                "discover", "--transport", "ibsim", "--sim-host", LOCAL, "--outstanding", "32");
        assertThat(ours.exitCode()).as("%s", ours.err()).isZero();
        DiagResult theirs = fabric.diag(LOCAL, "ibnetdiscover").requireSuccess();

        Topology discovered = Topology.parse(ours.out());
        assertThat(discovered.nodes()).hasSize(FAT_TREE.nodes().size());
        assertThat(discovered.links()).hasSize(FAT_TREE.links().size());
        TopologyAssert.assertSameFabric(discovered, Topology.parse(theirs.stdout()));
        // With 32 SMPs in flight our own order follows answer timing; the text is still the tool's, line for line.
        assertThat(DiagsOracle.undated(ours.out())).isEqualTo(DiagsOracle.undated(theirs.stdout()));
    }

    /**
     * lft-balance over the tables dump-fts printed and the cache discover wrote, beside check_lft_balance over the same
     * files: as OpenSM routed the tree (balanced: only -v prints), and with spine-1's routes to hosts all moved to its
     * ports 1 and 2, its 14 other ports in use left with none: unbalanced, but balanced under -e's heuristic for a switch not
     * fully populated. Leaves show the script's other turns: hosts on ports taken as cabled to one, ports 37 and 38
     * never looked at.
     */
    @Test
    void lftBalanceReportsWhatCheckLftBalanceReports(@TempDir Path dir) throws Exception {
        IbsimInstallation.require(IbsimInstallation.find("check_lft_balance") != null
                && IbsimInstallation.find("perl") != null, "check_lft_balance (infiniband-diags) or perl");
        Map<String, String> env = Map.of(IbsimTransport.ENV_SOCKET_NAME, FABRIC.fabric().socketName());
        CliRun tables = CliRun.run(env, "dump-fts", "--transport", "ibsim", "--sim-host", LOCAL);
        assertThat(tables.exitCode()).as("%s", tables.err()).isZero();
        Path lfts = Files.writeString(dir.resolve("lfts"), tables.out());
        Path cache = dir.resolve("fabric.cache");
        CliRun discover = CliRun.run(env, "discover", "--transport", "ibsim", "--sim-host", LOCAL, "--cache", cache.toString());
        assertThat(discover.exitCode()).as("%s", discover.err()).isZero();
        Path moved = Files.writeString(dir.resolve("moved"), movedToTwoPorts(tables.out(), "spine-1"));

        for (String options : List.of("", "-v", "-e", "-v -e")) {
            assertThat(lftBalance(lfts, cache, options)).as("lft-balance %s", options)
                    .isEqualTo(checkLftBalance(lfts, cache, options));
            assertThat(lftBalance(moved, cache, options)).as("lft-balance %s, spine-1 moved", options)
                    .isEqualTo(checkLftBalance(moved, cache, options));
        }
        assertThat(lftBalance(lfts, cache, "")).isEmpty();
        // leaf-1's hosts (one LID each on ports 1 to 30) are taken as cabled to it; its uplinks 37 and 38 go unseen.
        assertThat(lftBalance(lfts, cache, "-v")).containsPattern(
                "Switch Port Usage: leaf-1, 0x[0-9a-f]{16}\nPort 031: \\d+\n(Port 03[2-5]: \\d+\n){4}Port 036: \\d+\n(?!Port)");
        assertThat(lftBalance(moved, cache, "")).startsWith("Unbalanced Switch Port Usage: spine-1, 0x");
        assertThat(lftBalance(moved, cache, "-e")).isEmpty();
    }

    /**
     * lft-balance without files (it discovers the tree and reads every switch's table) beside check_lft_balance over
     * the files the tools made, dump_fts' text and ibnetdiscover's cache.
     */
    @Test
    void lftBalanceWithoutFilesReportsWhatCheckLftBalanceReportsOfTheToolsFiles(@TempDir Path dir) throws Exception {
        IbsimInstallation.require(IbsimInstallation.find("check_lft_balance") != null
                && IbsimInstallation.find("perl") != null, "check_lft_balance (infiniband-diags) or perl");
        Path lfts = Files.writeString(dir.resolve("lfts"), FABRIC.fabric().diag(LOCAL, "dump_fts").requireSuccess().stdout());
        Path cache = dir.resolve("fabric.cache");
        FABRIC.fabric().diag(LOCAL, "ibnetdiscover", "--cache", cache.toString()).requireSuccess();
        Map<String, String> env = Map.of(IbsimTransport.ENV_SOCKET_NAME, FABRIC.fabric().socketName());
        for (String options : List.of("-v", "-v -e")) {
            List<String> args = new ArrayList<>(List.of("lft-balance", "--transport", "ibsim", "--sim-host", LOCAL));
            args.addAll(List.of(options.split(" ")));
            CliRun live = CliRun.run(env, args.toArray(String[]::new));
            assertThat(live.exitCode()).as("%s", live.err()).isZero();
            assertThat(live.out()).as("lft-balance %s", options).isEqualTo(checkLftBalance(lfts, cache, options))
                    .contains("Switch Port Usage: spine-1, 0x");
        }
        CliRun half = CliRun.run(env, "lft-balance", "-l", lfts.toString(), "--transport", "ibsim", "--sim-host", LOCAL);
        assertThat(half.exitCode()).isEqualTo(2);
        assertThat(half.err()).contains("give both -l LFT_FILE").contains("or neither to read the fabric now");
    }

    /** {@code text} with {@code switchName}'s routes to hosts leaving by port 1 or 2, in turn. */
    private static String movedToTwoPorts(String text, String switchName) {
        Pattern route = Pattern.compile("^(0x[0-9a-f]{4}) \\d{3} (: .*)$");
        StringBuilder out = new StringBuilder();
        boolean inSwitch = false;
        int routes = 0;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("Unicast")) {
                inSwitch = line.endsWith("(" + switchName + "):");
            }
            Matcher m = route.matcher(line);
            boolean toAHost = inSwitch && m.matches() && line.contains("(Channel Adapter");
            out.append(toAHost ? m.group(1) + " 00" + (1 + routes++ % 2) + " " + m.group(2) : line)
                    .append('\n');
        }
        assertThat(routes).isGreaterThan(400);
        return out.substring(0, out.length() - 1);
    }

    private static String lftBalance(Path lfts, Path cache, String options) {
        List<String> args = new ArrayList<>(List.of("lft-balance", "-l", lfts.toString(), "-i", cache.toString()));
        if (!options.isEmpty()) {
            args.addAll(List.of(options.split(" ")));
        }
        CliRun ours = CliRun.run(Map.of(), args.toArray(String[]::new));
        assertThat(ours.exitCode()).as("%s", ours.err()).isZero();
        return ours.out();
    }

    /** check_lft_balance itself: it runs iblinkinfo --load-cache, which opens a port, so attached to the fabric. */
    private static String checkLftBalance(Path lfts, Path cache, String options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("check_lft_balance", "-l", lfts.toString(), "-i", cache.toString()));
        if (!options.isEmpty()) {
            command.addAll(List.of(options.split(" ")));
        }
        Process process = FABRIC.fabric().attached(LOCAL, command).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        return out;
    }
}
