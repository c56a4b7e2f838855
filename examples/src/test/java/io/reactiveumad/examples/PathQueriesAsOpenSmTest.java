package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PathRecord.Component;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * PathRecord queries with what saquery and a ULP put in them besides the ends, to OpenSM under ibsim and to the
 * embedded SA of the same net, answer for answer: MTU, rate and packet life time with each selector (greater than:
 * or no path; less than: the next lower; exactly: at least that, then that, but a rate exactly that; the best), a
 * code IBA does not define (ERR_REQ_INVALID), a selector without its value (ignored), SL, ServiceID (not given back
 * without QoS), the rest a path carries whatever was asked. Between two hosts and from a host to itself (packet life 0).
 */
class PathQueriesAsOpenSmTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path NET = DiagsOracle.resource("topologies/random-643.net");
    private static final long ENDS = Component.SLID | Component.DLID;
    private static final long MTU = Component.MTU | Component.MTU_SELECTOR;
    private static final long RATE = Component.RATE | Component.RATE_SELECTOR;
    private static final long LIFE = Component.PACKET_LIFE_TIME | Component.PACKET_LIFE_TIME_SELECTOR;

    /** A query: its name, the components it names besides the ends, and the record's values for them. */
    private record Query(String name, long mask, PathRecord values) {
    }

    private static PathRecord values(int mtuSelector, int mtu, int rateSelector, int rate, int lifeSelector, int life,
                                     int sl, long serviceId) {
        return new PathRecord(serviceId, Gid.ZERO, Gid.ZERO, 0, 0, false, 9, 3, 7, true, 1, 0, 1, sl, mtuSelector, mtu,
                rateSelector, rate, lifeSelector, life, 0);
    }

    private static final List<Query> QUERIES = List.of(
            new Query("MTU > 2048", MTU, values(Selector.GREATER_THAN, Selector.MTU_2048, 0, 0, 0, 0, 0, 0)),
            new Query("MTU > 1024", MTU, values(Selector.GREATER_THAN, Selector.MTU_1024, 0, 0, 0, 0, 0, 0)),
            new Query("MTU < 2048", MTU, values(Selector.LESS_THAN, Selector.MTU_2048, 0, 0, 0, 0, 0, 0)),
            new Query("MTU < 256", MTU, values(Selector.LESS_THAN, Selector.MTU_256, 0, 0, 0, 0, 0, 0)),
            new Query("MTU = 1024", MTU, values(Selector.EXACTLY, Selector.MTU_1024, 0, 0, 0, 0, 0, 0)),
            new Query("MTU = 4096", MTU, values(Selector.EXACTLY, Selector.MTU_4096, 0, 0, 0, 0, 0, 0)),
            new Query("MTU best", MTU, values(Selector.BEST, Selector.MTU_2048, 0, 0, 0, 0, 0, 0)),
            new Query("MTU code 0", MTU, values(Selector.EXACTLY, 0, 0, 0, 0, 0, 0, 0)),
            new Query("MTU selector alone", Component.MTU_SELECTOR, values(Selector.LESS_THAN, 0, 0, 0, 0, 0, 0, 0)),
            new Query("rate < 10 Gb/s", RATE, values(0, 0, Selector.LESS_THAN, 3, 0, 0, 0, 0)),
            new Query("rate < 2.5 Gb/s", RATE, values(0, 0, Selector.LESS_THAN, 2, 0, 0, 0, 0)),
            new Query("rate = 2.5 Gb/s", RATE, values(0, 0, Selector.EXACTLY, 2, 0, 0, 0, 0)),
            new Query("rate = 10 Gb/s", RATE, values(0, 0, Selector.EXACTLY, 3, 0, 0, 0, 0)),
            new Query("rate > 40 Gb/s", RATE, values(0, 0, Selector.GREATER_THAN, 7, 0, 0, 0, 0)),
            new Query("rate best", RATE, values(0, 0, Selector.BEST, 3, 0, 0, 0, 0)),
            new Query("rate code 0", RATE, values(0, 0, Selector.EXACTLY, 0, 0, 0, 0, 0)),
            new Query("life < 10", LIFE, values(0, 0, 0, 0, Selector.LESS_THAN, 10, 0, 0)),
            new Query("life < 1", LIFE, values(0, 0, 0, 0, Selector.LESS_THAN, 1, 0, 0)),
            new Query("life = 20", LIFE, values(0, 0, 0, 0, Selector.EXACTLY, 20, 0, 0)),
            new Query("life = 5", LIFE, values(0, 0, 0, 0, Selector.EXACTLY, 5, 0, 0)),
            new Query("life > 4", LIFE, values(0, 0, 0, 0, Selector.GREATER_THAN, 4, 0, 0)),
            new Query("SL 3", Component.SL, values(0, 0, 0, 0, 0, 0, 3, 0)),
            new Query("ServiceID 5", Component.SERVICE_ID, values(0, 0, 0, 0, 0, 0, 0, 5)),
            new Query("the rest", Component.REVERSIBLE | Component.NUMB_PATH | Component.QOS_CLASS
                    | Component.TRAFFIC_CLASS | Component.FLOW_LABEL | Component.HOP_LIMIT,
                    values(0, 0, 0, 0, 0, 0, 0, 0)));

    @Test
    void theEmbeddedSaAnswersPathQueriesAsOpenSm() {
        Topology net = Topology.parse(NET);
        Map<String, String> theirs;
        try (IbsimFabric opensm = IbsimFabric.builder().netFile(NET).smNode("h1").start()) {
            Map<Long, Integer> lids = opensm.lidsByPortGuid();
            theirs = answers(Umad.open(opensm.transport("h3")).block(WAIT),
                    host -> lids.get(net.requireNode(host).portGuid(1)));
        }
        Map<String, String> ours;
        try (EmbeddedFabric embedded = EmbeddedFabric.builder(net).sm("h1", 1).build()) {
            ours = answers(Umad.open(embedded.transport(), embedded.port("h3", 1)).block(WAIT),
                    host -> embedded.lid(host, 1));
        }
        assertThat(theirs).as("OpenSM's answers").containsEntry("h3->h5 MTU < 2048",
                "[MTU 3 rate 3 life 18 SL 0 ServiceID 0 P_Key 0xffff]");
        assertThat(ours).isEqualTo(theirs);
    }

    private static Map<String, String> answers(MadPort port, ToIntFunction<String> lidOf) {
        SaClient sa = SaClient.of(port);
        try {
            Map<String, String> answers = new TreeMap<>();
            for (String to : List.of("h5", "h3")) {
                for (Query q : QUERIES) {
                    PathRecord v = q.values();
                    PathRecord query = new PathRecord(v.serviceId(), Gid.ZERO, Gid.ZERO, lidOf.applyAsInt(to),
                            lidOf.applyAsInt("h3"), false, v.flowLabel(), v.hopLimit(), v.trafficClass(), v.reversible(),
                            v.numbPath(), 0, v.qosClass(), v.sl(), v.mtuSelector(), v.mtu(), v.rateSelector(), v.rate(),
                            v.packetLifeTimeSelector(), v.packetLifeTime(), 0);
                    String answer;
                    try {
                        answer = sa.getTable(SaClient.PATH_RECORD, query, ENDS | q.mask())
                                .map(r -> String.format("MTU %d rate %d life %d SL %d ServiceID %d P_Key 0x%x", r.mtu(),
                                        r.rate(), r.packetLifeTime(), r.sl(), r.serviceId(), r.pKey()))
                                .collectList().block(WAIT).toString();
                    } catch (MadStatusException refused) {
                        answer = String.format("refused: status 0x%04x", refused.status());
                    }
                    answers.put("h3->" + to + " " + q.name(), answer);
                }
            }
            return answers;
        } finally {
            sa.dispose();
            port.dispose();
        }
    }
}
