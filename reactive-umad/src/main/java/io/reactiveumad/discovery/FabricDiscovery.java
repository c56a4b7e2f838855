package io.reactiveumad.discovery;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import java.nio.ByteBuffer;
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

    /** Discovers the fabric behind {@code port}: registers a directed-route SMP agent for the duration. */
    public static Mono<DiscoveredFabric> discover(MadPort port, DiscoveryOptions options) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(options, "options");
        return Mono.usingWhen(port.agent(AgentSpec.client(MgmtClass.SUBN_DIRECTED_ROUTE, 1)),
                agent -> discover((path, attribute, modifier, request) -> get(agent, path, attribute, modifier, request),
                        options),
                agent -> Mono.fromRunnable(agent::dispose));
    }

    static Mono<DiscoveredFabric> discover(DirectedRouteGet smp, DiscoveryOptions options) {
        return Mono.create(sink -> new DiscoveryRun(smp, options, sink).start());
    }

    /** A directed-route SubnGet from the local port with permissive DrSLID/DrDLID; yields the SMP data. */
    static Mono<ByteBuffer> get(MadAgent agent, DirectedPath path, int attributeId, int modifier, RequestOptions options) {
        Mad request = Mad.build(buf -> {
            new MadHeader().wrap(buf, 0).mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE).classVersion(1).methodByte(Method.GET)
                    .attributeId(attributeId).attributeModifier(modifier);
            new DirectedRouteSmp().wrap(buf, 0).route(path.ports()).drSlid(MadAddress.PERMISSIVE_LID)
                    .drDlid(MadAddress.PERMISSIVE_LID);
        });
        return agent.request(request, MadAddress.smp(MadAddress.PERMISSIVE_LID), options)
                .map(response -> response.mad())
                // The D bit (0x8000) shares the status word: a directed-route answer always "has" it.
                .onErrorResume(MadStatusException.class, e -> (e.status() & DirectedRouteSmp.STATUS_MASK) == 0
                        ? Mono.just(e.response()) : Mono.error(e))
                .map(mad -> ByteBuffer.wrap(mad.slice(SmpHeader.DATA_OFFSET, SmpHeader.DATA_SIZE)));
    }
}
