package io.reactiveumad.service;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortStats;
import java.util.function.ToDoubleFunction;

/**
 * A port's {@link PortStats} as Micrometer meters, named as reactor-netty names its own
 * ({@code reactor.netty.<component>.<what>}, dotted, lower case; tags {@code device} and {@code port}):
 * counters {@code reactive.umad.port.sent}, {@code .received}, {@code .timeouts}, {@code .retries},
 * {@code .rmpp.transfers}, {@code .dropped} tagged with the {@code reason}, and the gauge
 * {@code reactive.umad.port.in.flight}. Read when scraped, so the MAD loop does no extra work.
 */
public final class PortMetrics implements MeterBinder {
    static final String PREFIX = "reactive.umad.port.";

    private final MadPort port;

    public PortMetrics(MadPort port) {
        this.port = port;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Tags tags = Tags.of("device", port.spec().device(), "port", Integer.toString(port.spec().port()));
        counter(registry, "sent", "MADs written, resends included", tags, PortStats::sent);
        counter(registry, "received", "MADs read from the transport", tags, PortStats::received);
        counter(registry, "timeouts", "requests that failed with a timeout", tags, PortStats::timeouts);
        counter(registry, "retries", "requests sent again with the same TID", tags, PortStats::retries);
        FunctionCounter.builder(PREFIX + "rmpp.transfers", port, p -> p.stats().rmppTransfers())
                .description("RMPP transfers completed in user space").baseUnit("transfers").tags(tags).register(registry);
        Gauge.builder(PREFIX + "in.flight", port, p -> p.stats().inFlight())
                .description("requests sent and not yet ended").baseUnit("requests").tags(tags).register(registry);
        counter(registry, "dropped", "unsolicited MADs dropped by an agent's overflow policy",
                tags.and("reason", "overflow"), PortStats::droppedOverflow);
        counter(registry, "dropped", "responses that matched no pending request", tags.and("reason", "late"),
                PortStats::lateResponses);
        counter(registry, "dropped", "MADs for no agent of this port", tags.and("reason", "unclaimed"), PortStats::unclaimed);
        counter(registry, "dropped", "MADs that could not be parsed", tags.and("reason", "malformed"), PortStats::malformed);
    }

    private void counter(MeterRegistry registry, String name, String description, Tags tags, ToDoubleFunction<PortStats> read) {
        FunctionCounter.builder(PREFIX + name, port, p -> read.applyAsDouble(p.stats()))
                .description(description).baseUnit("mads").tags(tags).register(registry);
    }
}
