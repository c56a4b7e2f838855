package io.reactiveumad.service;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.reactiveumad.AgentStats;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortStats;
import io.reactiveumad.mad.MgmtClass;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A port's {@link PortStats} and its agents' {@link AgentStats} as Micrometer meters, named as reactor-netty
 * names its own ({@code reactor.netty.<component>.<what>}, dotted, lower case). The port's are
 * {@code reactive.umad.port.*}, tagged {@code device} and {@code port}; each open agent's are
 * {@code reactive.umad.agent.*}, tagged also with its {@code agent} id and management {@code class}:
 * counters {@code .sent}, {@code .received}, {@code .timeouts}, {@code .retries}, {@code .rmpp.transfers},
 * {@code .dropped} tagged with the {@code reason}, and the gauge {@code .in.flight}. Values are read when
 * scraped, so the MAD loop does no extra work.
 *
 * <p>Agents come and go, and the core tells nobody: call {@link #refreshAgents()} before each scrape to
 * register the meters of agents opened since and remove those of agents closed (a closed agent's counts
 * stay in the port's).
 */
public final class PortMetrics implements MeterBinder {
    private static final String PORT = "reactive.umad.port.";
    private static final String AGENT = "reactive.umad.agent.";

    /** One counter (or the in-flight gauge) as the port and each agent have it. */
    private record Stat(String name, String description, String unit, String reason,
                        ToDoubleFunction<PortStats> ofPort, ToDoubleFunction<AgentStats> ofAgent) {
        boolean gauge() {
            return name.equals("in.flight");
        }
    }

    private static final List<Stat> STATS = List.of(
            new Stat("sent", "MADs written, resends and RMPP segments included", "mads", null,
                    PortStats::sent, AgentStats::sent),
            new Stat("received", "MADs read from the transport", "mads", null, PortStats::received, AgentStats::received),
            new Stat("timeouts", "requests that failed with a timeout", "mads", null, PortStats::timeouts, AgentStats::timeouts),
            new Stat("retries", "requests sent again with the same TID", "mads", null, PortStats::retries, AgentStats::retries),
            new Stat("rmpp.transfers", "RMPP transfers completed in user space", "transfers", null,
                    PortStats::rmppTransfers, AgentStats::rmppTransfers),
            new Stat("in.flight", "requests sent and not yet ended", "requests", null, PortStats::inFlight, AgentStats::inFlight),
            new Stat("dropped", "unsolicited MADs dropped by an agent's overflow policy", "mads", "overflow",
                    PortStats::droppedOverflow, AgentStats::droppedOverflow),
            new Stat("dropped", "responses that matched no pending request", "mads", "late",
                    PortStats::lateResponses, AgentStats::lateResponses),
            new Stat("dropped", "MADs nobody takes: for no agent, or a method the agent does not serve", "mads", "unclaimed",
                    PortStats::unclaimed, AgentStats::unclaimed),
            new Stat("dropped", "MADs that could not be parsed", "mads", "malformed", PortStats::malformed, AgentStats::malformed));

    private final MadPort port;
    private final Tags portTags;
    /** The registries bound, and the meters registered there for each open agent (guarded by {@code this}). */
    private final Map<MeterRegistry, Map<MadAgent, List<Meter>>> agentMeters = new HashMap<>();

    public PortMetrics(MadPort port) {
        this.port = port;
        this.portTags = Tags.of("device", port.spec().device(), "port", Integer.toString(port.spec().port()));
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        register(registry, PORT, portTags, port, p -> p.stats(), Stat::ofPort);
        agentMeters.put(registry, new HashMap<>());
        refreshAgents();
    }

    /** Registers the meters of agents opened since the last call and removes those of agents closed since. */
    public synchronized void refreshAgents() {
        List<MadAgent> open = port.agents();
        Set<MadAgent> now = new HashSet<>(open);
        agentMeters.forEach((registry, byAgent) -> {
            byAgent.entrySet().removeIf(e -> {
                if (now.contains(e.getKey())) {
                    return false;
                }
                e.getValue().forEach(registry::remove);
                return true;
            });
            for (MadAgent agent : open) {
                byAgent.computeIfAbsent(agent, a -> register(registry, AGENT, portTags.and("agent", Integer.toString(a.id()),
                        "class", MgmtClass.name(a.spec().mgmtClass())), a, MadAgent::stats, Stat::ofAgent));
            }
        });
    }

    private static <T, S> List<Meter> register(MeterRegistry registry, String prefix, Tags tags, T source,
                                               Function<T, S> stats, Function<Stat, ToDoubleFunction<S>> read) {
        List<Meter> meters = new ArrayList<>();
        for (Stat stat : STATS) {
            ToDoubleFunction<S> value = read.apply(stat);
            ToDoubleFunction<T> now = t -> value.applyAsDouble(stats.apply(t));
            Tags all = stat.reason() == null ? tags : tags.and("reason", stat.reason());
            meters.add(stat.gauge()
                    ? Gauge.builder(prefix + stat.name(), source, now).description(stat.description())
                            .baseUnit(stat.unit()).tags(all).register(registry)
                    : FunctionCounter.builder(prefix + stat.name(), source, now).description(stat.description())
                            .baseUnit(stat.unit()).tags(all).register(registry));
        }
        return meters;
    }
}
