package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code umad watch} on ibsim + OpenSM: subscribed at OpenSM's SA, it prints GID out of service when ibsim
 * unplugs a host and GID in service when it is plugged back, after OpenSM's next sweep.
 */
class WatchIbsimTest {
    static final Duration DEADLINE = Duration.ofSeconds(60);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void printsGidOutOfAndInServiceAsAHostIsUnpluggedAndPluggedBack() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        String host2 = String.format("%016x", Topology.defaultTopology().requireNode("host2").portGuid(1));

        JsonNode out = watchOne(fabric, 65, () -> fabric.unlink("host2", 1));
        assertThat(out.get("details").get("gid").asText().replace(":", "")).endsWith(host2);
        JsonNode in = watchOne(fabric, 64, () -> fabric.relink("host2", 1));
        assertThat(in.get("details").get("gid").asText().replace(":", "")).endsWith(host2);
    }

    /** Runs {@code watch --count 1} for {@code trap}, changes the fabric once it is subscribed, returns the notice. */
    private static JsonNode watchOne(IbsimFabric fabric, int trap, Runnable change) throws Exception {
        int before = informRecords(fabric);
        CompletableFuture<CliRun> watch = CompletableFuture.supplyAsync(() -> CliRun.run(
                Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()),
                "watch", "--transport", "ibsim", "--sim-host", "host4", "--traps", String.valueOf(trap), "--count", "1",
                "--json"));
        awaitSubscribed(fabric, watch, before + 1);
        change.run();
        CliRun run = watch.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode notice = CliRunJson.parse(run.out().strip());
        assertThat(notice.get("trap").asInt()).isEqualTo(trap);
        return notice;
    }

    static int informRecords(IbsimFabric fabric) {
        return fabric.diag("host3", "saquery", "IIR").stdout().split("InformInfoRecord dump", -1).length - 1;
    }

    /** Until OpenSM lists {@code records} InformInfo subscriptions, within the deadline. */
    static void awaitSubscribed(IbsimFabric fabric, CompletableFuture<CliRun> watch, int records) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(watch).as("watch ended before subscribing: %s", watch.getNow(null)).isNotDone();
            if (informRecords(fabric) >= records) {
                return;
            }
        }
        throw new AssertionError("OpenSM did not list the watcher's subscriptions within " + DEADLINE);
    }
}
