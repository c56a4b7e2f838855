package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * Several ports open at once on the embedded fabric (feature row "multi-port / multi-device"): two
 * devices' ports query each other concurrently and each gets its own answers; one device vanishing
 * (removed from the fabric) ends its port typed while the other keeps working.
 */
class SeveralPortsOnEmbeddedFabricTest {
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @Test
    void twoDevicesPortsOpenAtOnceEachGetTheirOwnAnswers() {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            MadPort two = Umad.open(fabric.transport(), fabric.port("host2", 1)).block(WITHIN);
            MadPort three = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(WITHIN);
            SmpClient fromTwo = SmpClient.of(two);
            SmpClient fromThree = SmpClient.of(three);
            List<Long> guids = Flux.range(0, 50)
                    .flatMap(i -> i % 2 == 0
                            ? fromTwo.nodeInfo(SmpRoute.lid(three.attributes().lid())).map(NodeInfo::nodeGuid)
                            : fromThree.nodeInfo(SmpRoute.lid(two.attributes().lid())).map(NodeInfo::nodeGuid), 16)
                    .collectList().block(WITHIN);
            long host2 = fabric.topology().requireNode("host2").nodeGuid();
            long host3 = fabric.topology().requireNode("host3").nodeGuid();
            assertThat(guids).hasSize(50).containsOnly(host2, host3);
            assertThat(guids.stream().filter(g -> g == host2)).hasSize(25);
            fromTwo.dispose();
            fromThree.dispose();
            two.dispose();
            three.dispose();
        }
    }

    @Test
    void oneDeviceVanishingEndsItsPortTypedWhileTheOtherKeepsWorking() {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            fabric.addNode(new Node(NodeType.CA, "host5", "host5 HCA-1", 1, 0x500000, 0x500000, 0, 0,
                    List.of(new Port(1, 0x500001, 0, 0))), Link.of("sw2", 3, "host5", 1));
            MadPort doomed = Umad.open(fabric.transport(), fabric.port("host5 HCA-1", 1)).block(WITHIN);
            MadPort survivor = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(WITHIN);
            SmpClient doomedSmp = SmpClient.of(doomed);
            SmpClient survivorSmp = SmpClient.of(survivor);
            int sm = fabric.smLid();
            assertThat(doomedSmp.nodeInfo(SmpRoute.lid(sm)).block(WITHIN)).isNotNull();

            fabric.removeNode("host5");

            StepVerifier.create(doomedSmp.nodeInfo(SmpRoute.lid(sm)))
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortClosedException.class)
                            .hasRootCauseInstanceOf(DeviceGoneException.class))
                    .verify(WITHIN);
            assertThat(doomed.isDisposed()).isTrue();
            List<Long> after = Flux.range(0, 20).flatMap(i -> survivorSmp.nodeInfo(SmpRoute.lid(sm)), 4)
                    .map(NodeInfo::nodeGuid).collectList().block(WITHIN);
            assertThat(after).hasSize(20).containsOnly(fabric.topology().requireNode("host1").nodeGuid());
            survivorSmp.dispose();
            survivor.dispose();
        }
    }
}
