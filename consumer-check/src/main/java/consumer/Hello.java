package consumer;

import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import reactor.core.publisher.Mono;

/** The README's "Use it" example, as a user's program. */
public final class Hello {
    private Hello() {
    }

    public static void main(String[] args) {
        System.out.println(run());
    }

    static String run() {
        // README:begin
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            NodeInfo info = Mono.usingWhen(Umad.open(fabric.transport()),          // a port, closed at the end
                            port -> SmpClient.of(port).nodeInfo(SmpRoute.lid(1)),   // one SMP
                            port -> Mono.fromRunnable(port::dispose))
                    .block(Duration.ofSeconds(30));
            return "lid 1 is " + info;
        }
        // README:end
    }
}
