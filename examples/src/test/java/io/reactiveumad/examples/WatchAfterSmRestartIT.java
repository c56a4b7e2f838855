package io.reactiveumad.examples;

import static io.reactiveumad.examples.WatchIbsimTest.DEADLINE;
import static io.reactiveumad.examples.WatchIbsimTest.awaitSubscribed;
import static io.reactiveumad.examples.WatchIbsimTest.informRecords;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code umad watch --transport ibsim} with every default (user-space RMPP, the SA audit every 5 s):
 * OpenSM is killed and restarted on the same node, forgetting every subscription; the watcher's audit
 * (a GetTable of InformInfoRecords answered by OpenSM under umad2sim) notices, subscribes again (a
 * "resubscribed" line), and a trap raised after the restart is printed. Its own fabric, since it restarts the SM.
 */
class WatchAfterSmRestartIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void aTrapRaisedAfterOpenSmWasRestartedOnTheSameNodeIsPrinted() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        String host2 = String.format("%016x", Topology.defaultTopology().requireNode("host2").portGuid(1));
        int before = informRecords(fabric);
        CompletableFuture<CliRun> watch = CompletableFuture.supplyAsync(() -> CliRun.run(
                Map.of(IbsimEndpoint.ENV_SOCKET_NAME, fabric.socketName()),
                "watch", "--transport", "ibsim", "--sim-host", "host4", "--traps", "65", "--count", "1", "--json"));
        awaitSubscribed(fabric, watch, before + 1);

        fabric.restartSm();
        awaitSubscribed(fabric, watch, 1);
        fabric.unlink("host2", 1);

        CliRun run = watch.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        assertThat(run.exitCode()).as("%s", run).isZero();
        List<JsonNode> lines = run.out().strip().lines().map(CliRunJson::parse).toList();
        assertThat(lines).as("%s", run).anySatisfy(line -> assertThat(line.get("event").asText()).isEqualTo("resubscribed"));
        JsonNode notice = lines.get(lines.size() - 1);
        assertThat(notice.get("event").asText()).as("%s", run).isEqualTo("notice");
        assertThat(notice.get("trap").asInt()).as("%s", run).isEqualTo(65);
        assertThat(notice.at("/details/gid").asText().replace(":", "")).as("%s", run).endsWith(host2);
    }
}
