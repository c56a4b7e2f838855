package io.reactiveumad.examples;

import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.service.FabricDemo;
import io.reactiveumad.service.TrapNames;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Topology;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * The README's demo: the trap watcher on the embedded fabric while a script flaps links. Needs no
 * InfiniBand. Each scripted change waits for its notices (until none came for {@code --settle}), so the
 * output reads as cause and effect.
 */
final class DemoCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(DemoCommand.class, "demo",
            "Watch traps on the embedded fabric while a script flaps links (unlink/relink a host, a parallel "
                    + "inter-switch link, rename a host); prints notices as they arrive, then a summary. Needs no "
                    + "InfiniBand.");

    private static final int[] TRAPS = {Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE,
            Notice.TRAP_LINK_STATE_CHANGE, Notice.TRAP_LOCAL_CHANGES};
    /** How long a scripted change may take to be reported at all. */
    private static final Duration FIRST_NOTICE = Duration.ofSeconds(10);
    private static final Duration SUBSCRIBED = Duration.ofSeconds(10);

    private int settleMillis;
    private boolean json;

    DemoCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.option("--settle").label("MILLIS").defaultValue("300")
                .help("After a change, wait until no notice came for this long (default: ${DEFAULT-VALUE}).")
                .to(Values.atLeast(0), v -> settleMillis = v);
        d.flag("--json").help("JSON lines: one per action, notice and the summary.").to(() -> json = true);
    }

    /** One scripted change of the fabric. */
    private record Action(String description, Runnable change) {
    }

    @Override
    public Integer call() throws Exception {
        if (transport.kind != null && transport.kind != TransportKind.EMBEDDED) {
            throw new IllegalArgumentException("the demo runs on the embedded fabric only (it changes the fabric)");
        }
        PrintWriter out = out();
        try (Connection connection = transport.openEmbedded()) {
            EmbeddedFabric fabric = connection.fabric().orElseThrow();
            Topology topology = fabric.topology();
            NoticeFormat format = new NoticeFormat(FabricNames.of(topology));
            String watcher = connection.port().spec().device();
            List<Action> script = script(fabric, watcher);
            say(out, "fabric", String.format("embedded fabric: %d nodes (%d switches), %d links; SM at lid %d; "
                    + "watching "
                    + "traps 64, 65, 128, 144 from %s (lid %d)", topology.nodes().size(),
                    topology.nodes(NodeType.SWITCH).size(), topology.links().size(), fabric.smLid(), watcher,
                    connection.port().attributes().lid()));

            Sinks.Many<NoticeEvent> arrivals = Sinks.many().multicast().directBestEffort();
            Map<Integer, Integer> perTrap = new TreeMap<>();
            CompletableFuture<Void> subscribed = new CompletableFuture<>();
            Disposable watching = Notices.of(connection.port()).watch(selectors())
                    .subscribe(event -> {
                        if (event instanceof NoticeEvent.Subscribed) {
                            subscribed.complete(null);
                            return;
                        }
                        synchronized (out) {
                            Instant now = Instant.now();
                            out.println(json ? Json.line(format.json(now, event)) : "  " + format.text(now, event));
                            out.flush();
                            if (event instanceof NoticeEvent.Received r) {
                                perTrap.merge(r.notice().trapNumber(), 1, Integer::sum);
                            }
                            arrivals.tryEmitNext(event);
                        }
                    }, subscribed::completeExceptionally);
            try {
                // No change before the SA holds every subscription, or its notices would go unreported.
                try {
                    subscribed.get(SUBSCRIBED.toSeconds(), TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    throw new IllegalStateException("the SA did not confirm the trap subscriptions within "
                            + SUBSCRIBED.toSeconds() + " s", e);
                }
                List<String> silent = new ArrayList<>();
                for (Action action : script) {
                    synchronized (out) {
                        say(out, "action", action.description);
                    }
                    // Count this change's notices: subscribed before the change, done once none came for --settle.
                    CompletableFuture<Long> counted = arrivals.asFlux()
                            .timeout(Mono.delay(FIRST_NOTICE), e -> Mono.delay(Duration.ofMillis(settleMillis)), Flux.empty())
                            .count().toFuture();
                    action.change.run();
                    long notices = counted.join();
                    if (notices == 0) {
                        silent.add(action.description);
                    }
                }
                summary(out, script.size(), perTrap, fabric.reportsSent(), silent);
                return silent.isEmpty() ? 0 : UmadCli.EXIT_FAILED;
            } finally {
                watching.dispose();
                awaitSubscriptions(fabric, 0);
            }
        }
    }

    static TrapSelector[] selectors() {
        TrapSelector[] selectors = new TrapSelector[TRAPS.length];
        for (int i = 0; i < TRAPS.length; i++) {
            selectors[i] = TrapSelector.trap(TRAPS[i]);
        }
        return selectors;
    }

    /**
     * Unsubscribing sends InformInfo Sets after the stream is cancelled: wait until the embedded SA holds
     * {@code count} subscriptions, so the port is not closed under them.
     */
    static void awaitSubscriptions(EmbeddedFabric fabric, int count) {
        // Polled from boundedElastic: each look waits for the fabric's loop, which Reactor's parallel threads must not.
        Flux.interval(Duration.ofMillis(10), Schedulers.boundedElastic()).map(tick -> fabric.subscriptions())
                .filter(n -> n == count).next()
                .timeout(SUBSCRIBED)
                .onErrorMap(e -> new IllegalStateException("the embedded SA did not reach " + count
                        + " trap subscriptions within " + SUBSCRIBED.toSeconds() + " s"))
                .block();
    }

    /**
     * Flap a host's link (not the SM's, not the watcher's), flap one of two parallel inter-switch links (the
     * fabric stays connected, so only link state changes), and rename the host (trap 144).
     */
    private static List<Action> script(EmbeddedFabric fabric, String watcher) {
        Topology topology = fabric.topology();
        List<Action> script = new ArrayList<>();
        Optional<Node> host = FabricDemo.flappableHost(topology, watcher);
        host.ifPresent(h -> {
            script.add(new Action("unlink " + h.id() + "[1]", () -> fabric.unlink(h.id(), 1)));
            script.add(new Action("relink " + h.id() + "[1]", () -> fabric.relink(h.id(), 1)));
        });
        FabricDemo.parallelInterSwitchLink(topology).ifPresent(l -> {
            String end = l.a().node() + "[" + l.a().port() + "]";
            script.add(new Action("unlink " + end + " (one of two parallel inter-switch links)",
                    () -> fabric.unlink(l.a().node(), l.a().port())));
            script.add(new Action("relink " + end, () -> fabric.relink(l.a().node(), l.a().port())));
        });
        host.ifPresent(h -> script.add(new Action("rename " + h.id() + " to \"" + h.id() + " (renamed)\"",
                () -> fabric.setNodeDescription(h.id(), 1, h.id() + " (renamed)"))));
        if (script.isEmpty()) {
            throw new IllegalArgumentException("the topology has no host to flap besides the SM's and the watcher's");
        }
        return script;
    }

    void say(PrintWriter out, String kind, String text) {
        if (json) {
            out.println(Json.line(Map.of("event", kind, "text", text)));
        } else {
            out.println(kind.equals("action") ? "-> " + text : text);
        }
        out.flush();
    }

    private void summary(PrintWriter out, int actions, Map<Integer, Integer> perTrap, long reports, List<String> silent) {
        int total = perTrap.values().stream().mapToInt(Integer::intValue).sum();
        if (json) {
            Map<String, Object> summary = new LinkedHashMap<>();
            summary.put("event", "summary");
            summary.put("actions", actions);
            summary.put("notices", total);
            summary.put("perTrap", perTrap);
            summary.put("reportsSent", reports);
            summary.put("unreported", silent);
            out.println(Json.line(summary));
        } else {
            out.printf("summary: %d changes, %d notices%n", actions, total);
            perTrap.forEach((trap, n) -> out.printf("  %3d x trap %-3d %s%n", n, trap, TrapNames.name(trap)));
            out.printf("  the SA sent %d Reports (resends included); each notice was delivered once%n", reports);
            silent.forEach(s -> out.println("  no notice after: " + s));
        }
        out.flush();
    }
}
