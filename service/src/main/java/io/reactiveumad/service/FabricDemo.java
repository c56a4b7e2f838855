package io.reactiveumad.service;

import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Makes an embedded fabric move so the page has something to show ({@code umad serve --demo}): every
 * period it takes the next step of a cycle — cut a host's cable, restore it, cut one of two parallel
 * inter-switch links, restore it — and on every tick adds traffic to every cabled port and a few errors
 * to one of them.
 */
public final class FabricDemo implements Disposable {
    private static final Logger log = LoggerFactory.getLogger(FabricDemo.class);
    /** PortXmitData/PortRcvData words added per port per tick: at most ~400 kB, so 32-bit counters last for days. */
    private static final int MAX_DATA_WORDS = 100_000;

    private final EmbeddedFabric fabric;
    private final List<Runnable> cycle;
    private final SplittableRandom random = new SplittableRandom();
    private final Disposable ticks;
    private long step;

    private FabricDemo(EmbeddedFabric fabric, String watcher, Duration period) {
        this.fabric = fabric;
        Topology topology = fabric.topology();
        this.cycle = cycle(topology, watcher);
        // The fabric's methods wait for its executor: tick on a worker that may wait.
        this.ticks = Flux.interval(period, period, Schedulers.boundedElastic()).subscribe(tick -> tick(topology));
    }

    /** Starts changing {@code fabric} every {@code period}, never touching the {@code watcher} node's cable. */
    public static FabricDemo start(EmbeddedFabric fabric, String watcher, Duration period) {
        return new FabricDemo(fabric, watcher, period);
    }

    private void tick(Topology topology) {
        try {
            if (!cycle.isEmpty()) {
                cycle.get((int) (step++ % cycle.size())).run();
            }
            List<Link> links = topology.links();
            for (Link l : links) {
                for (Link.End end : List.of(l.a(), l.b())) {
                    long words = random.nextInt(MAX_DATA_WORDS);
                    fabric.addCounter(end.node(), end.port(), PortCounter.XMIT_DATA, words);
                    fabric.addCounter(end.node(), end.port(), PortCounter.XMIT_PKTS, words / 64 + 1);
                    Link.End other = l.other(end);
                    fabric.addCounter(other.node(), other.port(), PortCounter.RCV_DATA, words);
                    fabric.addCounter(other.node(), other.port(), PortCounter.RCV_PKTS, words / 64 + 1);
                }
            }
            if (!links.isEmpty()) {
                Link unlucky = links.get(random.nextInt(links.size()));
                fabric.addCounter(unlucky.a().node(), unlucky.a().port(), PortCounter.SYMBOL_ERROR, 1 + random.nextInt(5));
            }
        } catch (RuntimeException e) {
            log.warn("demo step failed: {}", e.toString());
        }
    }

    /** Flap a host's cable (not the SM's, not the watcher's), then one of two parallel inter-switch links. */
    private List<Runnable> cycle(Topology topology, String watcher) {
        List<Runnable> steps = new ArrayList<>();
        flappableHost(topology, watcher).ifPresent(h -> {
            steps.add(() -> fabric.unlink(h.id(), 1));
            steps.add(() -> fabric.relink(h.id(), 1));
        });
        parallelInterSwitchLink(topology).ifPresent(l -> {
            steps.add(() -> fabric.unlink(l.a().node(), l.a().port()));
            steps.add(() -> fabric.relink(l.a().node(), l.a().port()));
        });
        return steps;
    }

    /**
     * The first host cabled at port 1 that neither runs the SM (the embedded fabric's default: the first CA)
     * nor is the {@code watcher}: cutting its cable is seen without losing the watcher's view.
     */
    public static Optional<Node> flappableHost(Topology topology, String watcher) {
        String smNode = topology.nodes(NodeType.CA).get(0).id();
        return topology.nodes(NodeType.CA).stream()
                .filter(n -> !n.id().equals(smNode) && !n.id().equals(watcher) && topology.link(n.id(), 1).isPresent())
                .findFirst();
    }

    /** One of two links between the same two switches, if any: cutting it changes link state only. */
    public static Optional<Link> parallelInterSwitchLink(Topology topology) {
        Map<String, Link> seen = new LinkedHashMap<>();
        for (Link l : topology.links()) {
            boolean interSwitch = topology.requireNode(l.a().node()).isSwitch() && topology.requireNode(l.b().node()).isSwitch();
            if (interSwitch && seen.putIfAbsent(l.a().node() + "|" + l.b().node(), l) != null) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    @Override
    public void dispose() {
        ticks.dispose();
    }

    @Override
    public boolean isDisposed() {
        return ticks.isDisposed();
    }
}
