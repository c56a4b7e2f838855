package io.reactiveumad.discovery;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.SmpClient;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * Reactive directed-route discovery: walks the fabric from a local port with directed-route SMPs, as
 * {@code ibnetdiscover} does, but with many SMPs on the wire at once (ibnetdiscover keeps 2), so a large
 * fabric costs a few round trips per hop instead of two per SMP.
 *
 * <pre>{@code
 * DiscoveredFabric fabric = Umad.open(transport)
 *     .flatMap(port -> FabricDiscovery.discover(port, DiscoveryOptions.defaults().withOutstanding(64)))
 *     .block();
 * }</pre>
 *
 * Nodes are told apart by node GUID, so loops and parallel links are walked once; a lost SMP is resent
 * ({@link DiscoveryOptions#request()}) and one that fails for good is reported in
 * {@link DiscoveredFabric#problems()} rather than failing the whole discovery. Only a local port that does
 * not answer fails the Mono. Cancelling cancels the SMPs in flight.
 */
public final class FabricDiscovery {
    private FabricDiscovery() {
    }

    /** Discovers the fabric behind {@code port} with the default options. */
    public static Mono<DiscoveredFabric> discover(MadPort port) {
        return discover(port, DiscoveryOptions.defaults());
    }

    /** Discovers the fabric behind {@code port} with an {@link SmpClient} of its own, released when done. */
    public static Mono<DiscoveredFabric> discover(MadPort port, DiscoveryOptions options) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(options, "options");
        return Mono.usingWhen(Mono.fromSupplier(() -> SmpClient.of(port)),
                smp -> discover(smp.withOptions(options.request()), options),
                smp -> Mono.fromRunnable(smp::dispose));
    }

    /** Discovers the fabric with {@code smp}'s port, M_Key and request options; {@code smp} stays open. */
    public static Mono<DiscoveredFabric> discover(SmpClient smp, DiscoveryOptions options) {
        return discover(smp::get, options);
    }

    static Mono<DiscoveredFabric> discover(DirectedRouteGet smp, DiscoveryOptions options) {
        return Mono.create(sink -> new DiscoveryRun(smp, options, sink).start());
    }
}
