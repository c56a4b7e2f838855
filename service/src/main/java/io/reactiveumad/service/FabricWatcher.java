package io.reactiveumad.service;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.client.NoticeOptions;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.PerfClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.test.topology.Node;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.function.Tuple2;
import reactor.util.function.Tuples;

/**
 * Keeps a {@link FabricView} current from the fabric itself: notices from the SA (a trap subscription),
 * link state read back from the switch a trap 128 names (PortInfo:PortState of its cabled ports) or from
 * the GID a trap 64/65 names, a periodic PerfMgt sweep of every cabled port, and the SM's LID from the
 * port's attributes. Everything here is a subscriber of the library's streams; nothing blocks.
 */
final class FabricWatcher implements Disposable {
    private static final Logger log = LoggerFactory.getLogger(FabricWatcher.class);
    /** The traps the page shows: GID in/out of service, multicast groups, link state, port errors, local changes. */
    static final int[] TRAPS = {Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE, Notice.TRAP_MCAST_GROUP_CREATED,
            Notice.TRAP_MCAST_GROUP_DELETED, Notice.TRAP_LINK_STATE_CHANGE, Notice.TRAP_LINK_INTEGRITY,
            Notice.TRAP_BUFFER_OVERRUN, Notice.TRAP_LOCAL_CHANGES};
    /** PortCounters reads a sweep keeps on the wire at once. */
    private static final int SWEEP_OUTSTANDING = 16;

    private final MadPort port;
    private final FabricView view;
    private final SmpClient smp;
    private final PerfClient perf;
    private final Notices notices;
    private final Sinks.Many<Node> switchesToCheck = Sinks.many().unicast().onBackpressureBuffer();
    /** Asks for the fabric to be discovered again; requests made while one runs count as one more. */
    private final Sinks.Many<Boolean> rediscoveries = Sinks.many().unicast().onBackpressureBuffer();
    /** The local port's LID at the last discovery: another one means the SM gave out new LIDs. Sweep chain only. */
    private int localLid;
    private final Disposable.Composite running = Disposables.composite();
    /**
     * The previous sweep's counters by node GUID and port, not by LID: after an SM gave out new LIDs, a LID may name
     * another port. Touched only by the sweep chain, one sweep at a time.
     */
    private final Map<String, Tuple2<PortCounters, Instant>> previous = new HashMap<>();

    FabricWatcher(MadPort port, FabricView view) {
        this.port = port;
        this.view = view;
        this.smp = SmpClient.of(port);
        this.perf = PerfClient.of(port);
        this.notices = Notices.of(port);
        this.localLid = port.attributes().lid();
    }

    /** Subscribes to the traps and starts the sweeps; {@code subscribed} completes once the SA holds the subscriptions. */
    Mono<Void> start(Duration sweepInterval) {
        Sinks.Empty<Void> subscribed = Sinks.empty();
        TrapSelector[] selectors = java.util.Arrays.stream(TRAPS).mapToObj(TrapSelector::trap).toArray(TrapSelector[]::new);
        // The library ends a watch whose first subscription fails; a service started while no SA answers (its SM dead,
        // restarting or standing by) serves what it discovered, says so on the page, and subscribes when an SA is back.
        Flux<NoticeEvent> watch = notices.watch(selectors).retryWhen(SaClient.retryWhileUnreachable(
                NoticeOptions.defaults()::renewalRetryDelay, (failure, delay) -> {
                    log.warn("subscribing to traps: no SA answers ({}); trying again in {} s", failure.toString(),
                            delay.toSeconds());
                    view.subscribeFailed(TRAPS, failure, delay);
                    subscribed.tryEmitEmpty();
                }));
        running.add(watch.subscribe(event -> {
            if (event instanceof NoticeEvent.Subscribed) {
                int smLid = port.attributes().smLid();
                if (view.subscribed(TRAPS, smLid)) {
                    // An SA answers at last: its SM may have given out new LIDs, and traps before now were not sent.
                    view.smAt(smLid);
                    requestRediscovery();
                }
                subscribed.tryEmitEmpty();
            } else {
                onEvent(event);
            }
        }, error -> {
            log.warn("the trap subscription ended: {}", error.toString());
            subscribed.tryEmitError(error);
        }));
        running.add(switchesToCheck.asFlux().concatMap(this::readLinkStates).subscribe());
        running.add(rediscoveries.asFlux().onBackpressureLatest().concatMap(again -> rediscover(), 1).subscribe());
        running.add(Flux.interval(Duration.ZERO, sweepInterval).onBackpressureDrop()
                .concatMap(tick -> sweep(), 1).subscribe());
        return subscribed.asMono();
    }

    private void onEvent(NoticeEvent event) {
        if (event instanceof NoticeEvent.Received received) {
            Notice notice = received.notice();
            view.notice(Instant.now(), notice);
            TrapDetails details = notice.details();
            if (details instanceof TrapDetails.GidDetails gid && notice.trapNumber() == Notice.TRAP_GID_IN_SERVICE) {
                view.portGuidState(gid.gid().guid(), true);
            } else if (details instanceof TrapDetails.GidDetails gid && notice.trapNumber() == Notice.TRAP_GID_OUT_OF_SERVICE) {
                view.portGuidState(gid.gid().guid(), false);
            } else if (details instanceof TrapDetails.LinkStateChange change) {
                view.nodeByLid(change.lid()).filter(Node::isSwitch).ifPresent(this::check);
            }
        } else if (event instanceof NoticeEvent.Resubscribed renewal) {
            view.resubscribed(renewal);
            view.smAt(renewal.smLid());
            // The SM restarted or moved: it may have given out new LIDs (OpenSM -r, another node's cache), and traps
            // sent while the SA did not know us are gone. Discover again, then read every link's state.
            requestRediscovery();
        } else if (event instanceof NoticeEvent.SubscriptionFailed failure) {
            view.subscriptionFailed(failure);
        } else if (event instanceof NoticeEvent.NoticesLost lost) {
            view.noticesLost(lost.count());
            view.switches().forEach(this::check);
        }
    }

    // The two sinks take one signal at a time; notices, sweeps and rediscoveries run on different threads.
    private synchronized void requestRediscovery() {
        rediscoveries.tryEmitNext(true);
    }

    private synchronized void check(Node sw) {
        switchesToCheck.tryEmitNext(sw);
    }

    /** Discovers the fabric again and hands it to the view, then reads the state of every link. */
    private Mono<Void> rediscover() {
        return FabricDiscovery.discover(port)
                .doOnNext(found -> {
                    if (!found.complete()) {
                        // Some SMPs went unanswered (an SM still sweeping, a lossy link): a partial fabric would drop
                        // nodes from the page. Keep the last whole one; the next renewal or LID change tries again.
                        log.warn("discovering the fabric again left {} problem(s); keeping the last discovery: {}",
                                found.problems().size(), found.problems().get(0));
                        return;
                    }
                    view.rediscovered(found);
                    log.info("the fabric was discovered again: {} nodes", found.nodes().size());
                    view.switches().forEach(this::check);
                })
                .onErrorResume(e -> {
                    log.warn("discovering the fabric again: {}", e.toString());
                    return Mono.empty();
                })
                .then();
    }

    /** Trap 128 names the switch, not the port: read PortState of each of its cabled ports. */
    private Mono<Void> readLinkStates(Node named) {
        // A switch named before a rediscovery is read at the LID it has now.
        Node sw = view.current(named).orElse(null);
        if (sw == null) {
            return Mono.empty();
        }
        int lid = sw.addressablePort(0).lid();
        return Flux.fromIterable(view.cabledPorts(sw))
                .flatMap(p -> smp.portInfo(SmpRoute.lid(lid), p)
                        .doOnNext(info -> view.linkState(sw, p, info.portState() != PortInfo.STATE_DOWN))
                        .onErrorResume(e -> {
                            log.debug("PortInfo of {} port {}: {}", view.name(sw), p, e.toString());
                            return Mono.empty();
                        }))
                .then();
    }

    /** One PerfMgt sweep of every cabled, up port, then the SM's LID from the port's attributes. */
    private Mono<Void> sweep() {
        return Flux.fromIterable(view.sweepTargets())
                .flatMap(target -> perf.portCounters(target.lid(), target.port())
                        .map(counters -> Tuples.of(target, counters))
                        .onErrorResume(e -> {
                            log.debug("PortCounters of {}: {}", target.where(), e.toString());
                            return Mono.empty();
                        }), SWEEP_OUTSTANDING)
                .collectList()
                .doOnNext(this::record)
                .then(port.refresh().doOnNext(attributes -> {
                    view.smAt(attributes.smLid());
                    if (attributes.lid() != 0 && attributes.lid() != localLid) {
                        log.info("the local port's LID went from {} to {}: discovering the fabric again", localLid,
                                attributes.lid());
                        localLid = attributes.lid();
                        requestRediscovery();
                    }
                }).then())
                .onErrorResume(e -> {
                    log.warn("counter sweep: {}", e.toString());
                    return Mono.empty();
                });
    }

    private void record(List<Tuple2<PortSample.Target, PortCounters>> read) {
        Instant now = Instant.now();
        List<PortSample> samples = new ArrayList<>(read.size());
        for (Tuple2<PortSample.Target, PortCounters> r : read) {
            String key = Long.toHexString(r.getT1().nodeGuid()) + "/" + r.getT1().port();
            Tuple2<PortCounters, Instant> before = previous.put(key, Tuples.of(r.getT2(), now));
            samples.add(PortSample.of(r.getT1(), r.getT2(), before == null ? null : before.getT1(),
                    before == null ? Duration.ZERO : Duration.between(before.getT2(), now)));
        }
        view.counters(samples);
    }

    /** Reads one port's PortCounters now, as {@code umad perf} does. */
    Mono<PortCounters> portCounters(int lid, int portNumber) {
        return perf.portCounters(lid, portNumber);
    }

    @Override
    public void dispose() {
        // Cancelling the watch sends the SA its unsubscriptions through the Notices agent; disposing that
        // agent now would fail them, so it is left to the port, which releases it when it closes.
        running.dispose();
        smp.dispose();
        perf.dispose();
    }

    @Override
    public boolean isDisposed() {
        return running.isDisposed();
    }
}
