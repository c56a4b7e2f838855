package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/** The README's code example, verbatim but for the transport, so the README cannot rot. */
class ReadmeExampleTest {

    @Test
    void theReadmeExampleRuns() {
        try (EmbeddedFabric embedded = EmbeddedFabric.start(Topology.defaultTopology())) {
            Transport fabric = embedded.transport();
            int lid = embedded.lid("host4", 1);
            // Flap a link until the subscription (made when the example subscribes) sees a notice.
            reactor.core.Disposable flapping = Flux.interval(Duration.ofMillis(300)).take(100)
                    .subscribe(i -> {
                        if (i % 2 == 0) {
                            embedded.unlink("host2", 1);
                        } else {
                            embedded.relink("host2", 1);
                        }
                    });
            java.util.List<Object> seen = Umad.open(fabric)
                    .flatMapMany(port -> Flux.merge(
                            SmpClient.of(port).nodeInfo(SmpRoute.lid(lid))
                                    .doOnNext(info -> System.out.println("lid " + lid + " is " + info)),
                            Notices.of(port).notices(TrapSelector.trap(64), TrapSelector.trap(65))))
                    .take(2)
                    .cast(Object.class)
                    .collectList()
                    .block(Duration.ofSeconds(60));
            flapping.dispose();
            assertThat(seen).hasAtLeastOneElementOfType(NodeInfo.class).hasAtLeastOneElementOfType(Notice.class);
        }
    }
}
