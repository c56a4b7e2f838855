package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.examples.IbnetdiscoverCache.Image;
import io.reactiveumad.examples.IbnetdiscoverCache.NodeRecord;
import io.reactiveumad.examples.IbnetdiscoverCache.PortKey;
import io.reactiveumad.examples.IbnetdiscoverCache.PortRecord;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.test.ibsim.IbsimInstallation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cache-edit against infiniband-diags' ibcacheedit on a cache of the embedded fabric: for each kind of edit, the two
 * write the same bytes, and ibnetdiscover --load-cache prints the edited cache as discover --load-cache does (the
 * GUIDs the edit changed, a switch's NodeInfo PortGUID the edit leaves). The port records of a cache discover wrote
 * are in port order, so the bytes are equal only if the load and write follow libibnetdisc's hash table. Needs
 * ibcacheedit and ibnetdiscover (CI fails without them); no simulator.
 */
class CacheEditTest {
    @TempDir
    Path dir;
    private Path cache;
    private Image image;

    @BeforeEach
    void cacheOfTheEmbeddedFabric() throws IOException {
        IbsimInstallation.require(IbsimInstallation.find("ibcacheedit") != null
                && IbsimInstallation.find("ibnetdiscover") != null, "ibcacheedit and ibnetdiscover (infiniband-diags)");
        cache = dir.resolve("fabric.cache");
        CliRun discover = CliRun.run("discover", "--transport", "embedded", "--cache", cache.toString());
        assertThat(discover.exitCode()).as("%s", discover).isZero();
        image = Image.parse(Files.readAllBytes(cache), cache);
    }

    @Test
    void everyEditWritesTheBytesIbcacheeditWritesAndLoadsAsIbnetdiscoverLoadsIt() throws Exception {
        NodeRecord aSwitch = node(NodeInfo.TYPE_SWITCH);
        NodeRecord anAdapter = node(NodeInfo.TYPE_CHANNEL_ADAPTER);
        long adapterPort = anAdapter.portKeys().get(0).guid();
        long systemImage = ByteBuffer.wrap(anAdapter.info()).getLong(4);
        String newSwitch = hex(0x7000000000000001L);
        List<List<String>> edits = List.of(
                List.of(),
                List.of("--switchguid", hex(aSwitch.guid()) + ":" + newSwitch),
                List.of("--caguid", hex(anAdapter.guid()) + ":0x7000000000000002"),
                List.of("--sysimgguid", hex(systemImage) + ":0x7000000000000003"),
                List.of("--portguid", hex(anAdapter.guid()) + ":" + hex(adapterPort) + ":0x7000000000000004"),
                List.of("--portguid", hex(aSwitch.guid()) + ":" + hex(aSwitch.guid()) + ":" + newSwitch),
                // applied in ibcacheedit's order: --portguid finds the switch by the GUID --switchguid gave it
                List.of("--portguid", newSwitch + ":" + newSwitch + ":0x7000000000000005", "--switchguid",
                        hex(aSwitch.guid()) + ":" + newSwitch, "--caguid", hex(anAdapter.guid()) + ":0x7000000000000006"));
        int n = 0;
        for (List<String> edit : edits) {
            Path theirs = dir.resolve("theirs" + n + ".cache");
            Path ours = dir.resolve("ours" + n++ + ".cache");
            Tool ibcacheedit = tool("ibcacheedit", concat(edit, cache.toString(), theirs.toString()));
            assertThat(ibcacheedit.exitCode()).as("%s %s", edit, ibcacheedit).isZero();
            List<String> args = concat(List.of("cache-edit"), edit.toArray(String[]::new));
            CliRun run = CliRun.run(concat(args, cache.toString(), ours.toString()).toArray(String[]::new));
            assertThat(run.exitCode()).as("%s %s", edit, run).isZero();
            assertThat(run.out()).isEmpty();
            assertThat(Files.readAllBytes(ours)).as("%s", edit).isEqualTo(Files.readAllBytes(theirs));

            String loaded = tool("ibnetdiscover", List.of("--load-cache", ours.toString())).stdout();
            assertThat(DiagsOracle.undated(CliRun.run("discover", "--load-cache", ours.toString()).out()))
                    .as("%s", edit).isEqualTo(DiagsOracle.undated(loaded));
            if (!edit.isEmpty()) {
                assertThat(loaded).as("%s changed something", edit).isNotEqualTo(
                        tool("ibnetdiscover", List.of("--load-cache", cache.toString())).stdout());
            }
        }
    }

    @Test
    void editingACacheInPlaceReplacesIt() throws Exception {
        NodeRecord anAdapter = node(NodeInfo.TYPE_CHANNEL_ADAPTER);
        List<String> edit = List.of("--caguid", hex(anAdapter.guid()) + ":0x7000000000000002");
        Path theirs = dir.resolve("theirs.cache");
        assertThat(tool("ibcacheedit", concat(edit, cache.toString(), theirs.toString())).exitCode()).isZero();
        assertThat(CliRun.run("cache-edit", edit.get(0), edit.get(1), cache.toString(), cache.toString()).exitCode())
                .isZero();
        assertThat(Files.readAllBytes(cache)).isEqualTo(Files.readAllBytes(theirs));
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).as("no temporary file left")
                    .containsExactlyInAnyOrder("fabric.cache", "theirs.cache");
        }
    }

    @Test
    void aGuidNotFoundWritesNothingAndNamesWhatWasNotFound() throws Exception {
        Path existing = Files.writeString(dir.resolve("new.cache"), "kept");
        NodeRecord anAdapter = node(NodeInfo.TYPE_CHANNEL_ADAPTER);
        CliRun run = CliRun.run("cache-edit", "--switchguid", hex(anAdapter.guid()) + ":0x1", "--portguid",
                hex(anAdapter.guid()) + ":0x99:0x1", cache.toString(), existing.toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.err()).contains("--switchguid: no switch has GUID " + String.format("0x%016x", anAdapter.guid()))
                .contains("--portguid: node " + String.format("0x%016x", anAdapter.guid())
                        + " has no port with GUID 0x0000000000000099")
                .contains("not written");
        assertThat(Files.readString(existing)).isEqualTo("kept");
        // ibcacheedit fails too (exit 255), and writes nothing either
        Path theirs = dir.resolve("theirs.cache");
        Tool ibcacheedit = tool("ibcacheedit", List.of("--switchguid", hex(anAdapter.guid()) + ":0x1", cache.toString(),
                theirs.toString()));
        assertThat(ibcacheedit.exitCode()).isNotZero();
        assertThat(theirs).doesNotExist();
    }

    @Test
    void badGuidsAndBadCachesAreUsageErrorsNamingWhatWasWrong() throws IOException {
        Path out = dir.resolve("out.cache");
        assertUsage(CliRun.run("cache-edit", "--caguid", "0x1", cache.toString(), out.toString()),
                "--caguid: '0x1' is not BEFOREGUID:AFTERGUID");
        assertUsage(CliRun.run("cache-edit", "--portguid", "0x1:0x2", cache.toString(), out.toString()),
                "--portguid: '0x1:0x2' is not NODEGUID:BEFOREGUID:AFTERGUID");
        assertUsage(CliRun.run("cache-edit", "--sysimgguid", "0x1:zz", cache.toString(), out.toString()),
                "--sysimgguid: not a GUID (hex): zz");
        assertUsage(CliRun.run("cache-edit", cache.toString()), "NEW_CACHE");
        assertUsage(CliRun.run("cache-edit", dir.resolve("none").toString(), out.toString()),
                "ORIG_CACHE: cannot read " + dir.resolve("none") + ": no such file");
        Path cut = Files.write(dir.resolve("cut.cache"), java.util.Arrays.copyOf(Files.readAllBytes(cache), 300));
        assertUsage(CliRun.run("cache-edit", cut.toString(), out.toString()), "ends before the cache does");
        assertThat(out).doesNotExist();
    }

    /**
     * A cache libibnetdisc cannot load (a node naming a port the file lacks, a port cabled to one it lacks, a port of
     * a node it lacks) is refused naming the port, as ibcacheedit refuses it; by cache-edit and by --load-cache.
     */
    @Test
    void aCacheThatNamesWhatItDoesNotHoldIsRefusedNamingIt() throws Exception {
        PortRecord first = image.ports().get(0);
        PortRecord cabled = image.ports().stream().filter(p -> p.remote() != null).findFirst().orElseThrow();
        List<PortRecord> withoutFirst = new ArrayList<>(image.ports());
        withoutFirst.remove(first);
        List<PortRecord> cabledAway = new ArrayList<>(image.ports());
        cabledAway.set(cabledAway.indexOf(cabled), new PortRecord(cabled.key(), 0, cabled.baseLid(), cabled.lmc(),
                cabled.info(), cabled.nodeGuid(), new PortKey(0x42, 1)));
        List<PortRecord> orphan = new ArrayList<>(image.ports());
        orphan.set(0, new PortRecord(first.key(), 0, first.baseLid(), first.lmc(), first.info(), 0x43, first.remote()));
        String[][] cases = {
                {write("missing-port", withoutFirst), String.format("names port 0x%016x:%d, which it does not hold",
                        first.key().guid(), first.key().number())},
                {write("cabled-away", cabledAway), "is cabled to port 0x0000000000000042:1, which it does not hold"},
                {write("orphan", orphan), "belongs to node 0x0000000000000043, which it does not hold"}};
        for (String[] c : cases) {
            Path out = dir.resolve("out.cache");
            assertUsage(CliRun.run("cache-edit", c[0], out.toString()), c[1]);
            Tool ibcacheedit = tool("ibcacheedit", List.of(c[0], out.toString()));
            assertThat(ibcacheedit.exitCode()).as("%s %s", c[0], ibcacheedit).isNotZero();
            assertThat(ibcacheedit.stdout()).as("where IBEXIT prints").contains("loading original cached fabric failed");
            assertThat(out).doesNotExist();
            CliRun load = CliRun.run("discover", "--load-cache", c[0]);
            assertThat(load.exitCode()).as("%s", load).isEqualTo(2);
            assertThat(load.err()).contains("--load-cache").contains(c[1]);
        }
    }

    private String write(String name, List<PortRecord> ports) throws IOException {
        Path file = dir.resolve(name + ".cache");
        Files.write(file, new Image(image.fromNodeGuid(), image.hopsReached(), image.nodes(), ports).bytes());
        return file.toString();
    }

    private NodeRecord node(int type) {
        return image.nodes().stream().filter(n -> n.type() == type).findFirst().orElseThrow();
    }

    private static void assertUsage(CliRun run, String why) {
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.err()).as("%s", run).contains(why);
    }

    private static String hex(long guid) {
        return String.format("0x%016x", guid);
    }

    private static List<String> concat(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all;
    }

    private record Tool(int exitCode, String stdout, String stderr) {
    }

    private static Tool tool(String name, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(IbsimInstallation.find(name).toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Tool(process.exitValue(), out, err);
    }
}
