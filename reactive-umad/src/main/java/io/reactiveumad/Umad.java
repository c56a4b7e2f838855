package io.reactiveumad;

import io.reactiveumad.internal.DefaultMadPort;
import io.reactiveumad.internal.Handoff;
import java.util.Objects;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The entry point: list ports and open them.
 *
 * <pre>{@code
 * Mono<NodeInfo> info = Umad.open(transport, PortSpec.parse("mlx5_0:1"))
 *     .flatMap(port -> port.agent(AgentSpec.client(0x01, 1)))
 *     .flatMap(smp -> smp.request(nodeInfoGet, MadAddress.smp(lid)))
 *     .map(resp -> NodeInfo.decode(resp.mad().buffer(), 64));
 * }</pre>
 */
public final class Umad {
    private Umad() {
    }

    /** The ports {@code transport} can open. */
    public static Flux<PortSpec> ports(Transport transport) {
        Objects.requireNonNull(transport, "transport");
        return Mono.fromCallable(transport::ports)
                .subscribeOn(Schedulers.boundedElastic())
                .flatMapIterable(list -> list);
    }

    /** Opens {@code spec} with default {@link PortOptions}. */
    public static Mono<MadPort> open(Transport transport, PortSpec spec) {
        return open(transport, spec, PortOptions.defaults());
    }

    /**
     * Opens {@code spec} on {@code transport}. Opening reads the port's attributes (sysfs, the simulator),
     * so it runs on {@link Schedulers#boundedElastic()}. Dispose the port to close it; a port whose
     * subscriber cancelled before it was open is closed here.
     */
    public static Mono<MadPort> open(Transport transport, PortSpec spec, PortOptions options) {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(options, "options");
        return Mono.defer(() -> {
            Handoff<MadPort> handoff = new Handoff<>();
            return handoff.deliver(Mono.<MadPort>fromCallable(() -> {
                DefaultMadPort port = DefaultMadPort.open(transport, spec, options);
                return handoff.offer(port) ? port : null;
            }).subscribeOn(Schedulers.boundedElastic()));
        });
    }

    /**
     * Opens {@code transport}'s {@link Transport#defaultPort() default port}: on the kernel, the one the diag tools
     * would open (an Active InfiniBand port first), elsewhere the first listed.
     */
    public static Mono<MadPort> open(Transport transport) {
        Objects.requireNonNull(transport, "transport");
        return Mono.fromCallable(() -> transport.defaultPort().orElseThrow(() -> new NoSuchPortException("transport "
                        + transport.name() + " has no port to open (ports: " + transport.ports() + ")")))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(spec -> open(transport, spec));
    }
}
