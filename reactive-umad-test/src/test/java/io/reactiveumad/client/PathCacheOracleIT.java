package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PathCache against OpenSM on ibsim: a path is the record saquery gets for the same two GIDs (and P_Key); an
 * {@code Unlink} of the destination's cable (trap 65) forgets it and a {@code ReLink} (trap 64) forgets the "no path"
 * that followed, both long before their times to live; and on OpenSM's own node, where nothing else can take the SA's
 * Reports, the cache still answers (its times to live alone apply). OpenSM runs a QoS policy that gives two ranges of
 * ServiceIDs their own SLs, so a path asked for with a ServiceID is the SL saquery --service_id gets.
 */
class PathCacheOracleIT {
    static final Duration WITHIN = Duration.ofSeconds(20);
    /** Times to live no test waits out: only the traps can make the cache ask again. */
    static final PathCacheOptions LONG_LIVED = PathCacheOptions.defaults().withTimeToLive(Duration.ofHours(1))
            .withNoPathTimeToLive(Duration.ofHours(1));

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1).qosPolicy("""
                    qos-ulps
                        default : 0
                        any, service-id 0x0000000000001000 : 3
                        any, service-id 0x0000000000002000-0x0000000000002fff : 5
                    end-qos-ulps
                    """));

    static Gid gidOf(MadPort port, String node) {
        return new Gid(port.attributes().gids().get(0).prefix(), Topology.defaultTopology().requireNode(node).portGuid(1));
    }

    @Test
    void aPathIsSaquerysAndTheTrapsOfItsDestinationForgetIt() {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
        SaClient sa = SaClient.of(port);
        PathCache paths = PathCache.over(sa, LONG_LIVED);
        try {
            Gid me = port.attributes().gids().get(0);
            Gid host2 = gidOf(port, "host2");
            PathRecord path = paths.path(host2).block(WITHIN);
            DiagResult oracle = fabric.diag("host4", "saquery", "-p", "--sgid-to-dgid", me + "-" + host2).requireSuccess();
            assertThat(path.dgid()).isEqualTo(host2);
            assertThat(path.sgid()).isEqualTo(me);
            assertThat(path.dlid()).isEqualTo(oracle.number("dlid"));
            assertThat(path.slid()).isEqualTo(oracle.number("slid"));
            assertThat(path.sl()).isEqualTo(oracle.number("sl"));
            assertThat(path.pKey()).isEqualTo(oracle.number("pkey"));
            assertThat(path.mtuSelector() << 6 | path.mtu()).isEqualTo(oracle.number("mtu"));
            assertThat(path.rateSelector() << 6 | path.rate()).isEqualTo(oracle.number("rate"));
            assertThat(path.packetLifeTimeSelector() << 6 | path.packetLifeTime()).isEqualTo(oracle.number("pkt_life"));
            assertThat(paths.path(path.dlid()).block(WITHIN).dgid()).isEqualTo(host2);
            // In a partition: the default one as a limited member, as saquery --pkey asks; one neither port is in.
            DiagResult limited = fabric.diag("host4", "saquery", "-p", "--pkey", "0x7fff", "--sgid-to-dgid",
                    me + "-" + host2).requireSuccess();
            assertThat(paths.path(host2, 0x7FFF).block(WITHIN).pKey()).isEqualTo(limited.number("pkey")).isEqualTo(0x7FFF);
            assertThat(fabric.diag("host4", "saquery", "-p", "--pkey", "0x8123", "--sgid-to-dgid", me + "-" + host2)
                    .requireSuccess().records()).isEmpty();
            assertThat(paths.path(host2, 0x8123).blockOptional(WITHIN)).isEmpty();

            fabric.unlink("host2", 1);
            await().atMost(WITHIN).until(() -> paths.path(host2).blockOptional(WITHIN).isEmpty());
            assertThat(paths.path(path.dlid()).blockOptional(WITHIN)).as("the path by LID went with it").isEmpty();
            fabric.relink("host2", 1);
            await().atMost(WITHIN).until(() -> paths.path(host2).blockOptional(WITHIN).isPresent());
        } finally {
            paths.dispose();
            sa.dispose();
            port.close().block(WITHIN);
        }
    }

    @Test
    void aPathForAServiceHasTheSlTheSasQosPolicyGivesIt() {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host3"), new PortSpec("host3", 1)).block(WITHIN);
        PathCache paths = PathCache.of(port);
        try {
            Gid me = port.attributes().gids().get(0);
            Gid host2 = gidOf(port, "host2");
            for (long serviceId : new long[] {0x1000, 0x2abc, 0x3000}) {
                DiagResult oracle = fabric.diag("host3", "saquery", "-p", "--pkey", "0xffff", "--service_id",
                        "0x" + Long.toHexString(serviceId), "--sgid-to-dgid", me + "-" + host2).requireSuccess();
                PathRecord path = paths.path(host2, 0xFFFF, serviceId).block(WITHIN);
                assertThat(path.sl()).as("ServiceID 0x%x", serviceId).isEqualTo(oracle.number("sl"))
                        .isEqualTo(serviceId == 0x1000 ? 3 : serviceId == 0x2abc ? 5 : 0);
                assertThat(path.dlid()).isEqualTo(oracle.number("dlid"));
            }
            int host2Lid = paths.path(host2).block(WITHIN).dlid();
            assertThat(paths.path(host2Lid, 0xFFFF, 0x2000).block(WITHIN).sl()).as("by LID").isEqualTo(5);
            assertThat(paths.path(host2).block(WITHIN).sl()).as("without a ServiceID").isZero();
            assertThat(paths.size()).as("each ServiceID a destination of its own").isEqualTo(5);
        } finally {
            paths.dispose();
            port.close().block(WITHIN);
        }
    }

    @Test
    void onTheSmsNodeTheCacheAnswersWithoutTraps() {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host1"), new PortSpec("host1", 1)).block(WITHIN);
        PathCache paths = PathCache.of(port);
        try {
            Gid host3 = gidOf(port, "host3");
            assertThat(paths.path(host3).block(WITHIN).dgid()).isEqualTo(host3);
            assertThat(paths.path(host3).block(WITHIN).dgid()).isEqualTo(host3);
            assertThat(paths.size()).isEqualTo(1);
        } finally {
            paths.dispose();
            port.close().block(WITHIN);
        }
    }
}
