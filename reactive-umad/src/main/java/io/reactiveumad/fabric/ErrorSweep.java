package io.reactiveumad.fabric;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.PerfClient;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A fabric-wide check of the ports' error counters, as ibqueryerrors does it, with many nodes checked at
 * once: on a switch the sum over all ports first (all ports count as checked when it is clean; a PMA
 * without AllPortSelect refuses it), else PortCounters of every port discovery found. A counter is
 * reported when it exceeds its threshold; PortXmitWait only where the PMA's ClassPortInfo says it is
 * supported, which is asked only then (and before a clear), so a clean node costs one MAD, not
 * ibqueryerrors' two. With {@link ErrorSweepOptions#clearErrors()} and {@link ErrorSweepOptions#clearData()}
 * every checked port's error and data counters are reset after the read; with
 * {@link ErrorSweepOptions#dataCountersOnly()} every port's data counters are read instead of its errors; a
 * {@link ErrorSweepOptions#suppressed()} counter is never reported. A PMA request that fails for good is reported in
 * {@link NodeErrors#failures()}, counted as ibqueryerrors counts its PMA query failures; it never ends the sweep, and
 * a PMA that answers neither a request nor its ClassPortInfo is asked nothing more (a dead switch costs two
 * requests' timeouts, not one per port; {@code NodePma}). Only
 * the port closing, or its device going, ends the sweep with that error.
 *
 * <pre>{@code
 * Flux<NodeErrors> bad = ErrorSweep.sweep(port, DiscoveryOptions.defaults(), ErrorSweepOptions.defaults())
 *         .filter(NodeErrors::isBad);
 * }</pre>
 */
public final class ErrorSweep {
    /** The CounterSelect bits of every error counter (ibqueryerrors -k resets 0xFFF). */
    private static final int ERROR_COUNTERS = 0xFFF;
    /** The CounterSelect bits of PortXmitData, PortRcvData, PortXmitPkts and PortRcvPkts (ibqueryerrors -K: 0xF000). */
    private static final int DATA_COUNTERS = 0xF000;
    /** PortCountersExtended's CounterSelect of its four data counters, and of all eight at full width (-K: 0x0F, 0xFF). */
    private static final int EXTENDED_DATA = 0x0F;
    private static final int EXTENDED_ALL_DATA = 0xFF;

    private ErrorSweep() {
    }

    /** Discovers the fabric from {@code port}, then checks every node; one {@link NodeErrors} per node. */
    public static Flux<NodeErrors> sweep(MadPort port, DiscoveryOptions discovery, ErrorSweepOptions options) {
        Objects.requireNonNull(options, "options");
        return FabricDiscovery.discover(port, discovery).flatMapMany(fabric -> sweep(port, fabric, options));
    }

    /**
     * Checks every node of an already discovered {@code fabric}, in ibqueryerrors' order (the last found
     * first: {@link DiscoveredFabric#nodesLastFoundFirst()}).
     */
    public static Flux<NodeErrors> sweep(MadPort port, DiscoveredFabric fabric, ErrorSweepOptions options) {
        Objects.requireNonNull(fabric, "fabric");
        return sweep(port, fabric.nodesLastFoundFirst(), options);
    }

    /**
     * Checks {@code nodes}, in their order: some of a discovered fabric, as ibqueryerrors' --switch, --ca,
     * --router and -G pick them.
     */
    public static Flux<NodeErrors> sweep(MadPort port, List<DiscoveredNode> nodes, ErrorSweepOptions options) {
        Objects.requireNonNull(port, "port");
        List<DiscoveredNode> checked = List.copyOf(nodes);
        Objects.requireNonNull(options, "options");
        return Flux.using(() -> PerfClient.of(port),
                perf -> Flux.fromIterable(checked)
                        .flatMapSequential(node -> check(perf, node, options), options.inFlight(), 1),
                PerfClient::dispose);
    }

    private static Mono<NodeErrors> check(PerfClient sweepPerf, DiscoveredNode node, ErrorSweepOptions options) {
        List<Integer> ports = ports(node);
        int lid = node.lid();
        PerfClient perf = onServiceLevel(sweepPerf, lid, options);
        NodePma pma = new NodePma(lid, Mono.defer(() -> perf.classPortInfo(lid)));
        if (lid == 0) {
            // Counted as ibqueryerrors counts it: its ClassPortInfo and every port's PortCounters fail, and every
            // port counts as checked.
            pma.add("ClassPortInfo: no LID to reach the PMA at");
            ports.forEach(p -> pma.add("PortCounters of port " + p + ": no LID to reach the PMA at"));
            return Mono.just(new NodeErrors(node, lid, List.of(), ports.size(), pma.failures()));
        }
        // ClassPortInfo is asked only when it decides something: whether a non-zero PortXmitWait counts, which
        // counters a clear resets, where data counters come from. AllPortSelect is tried directly: a PMA
        // without it refuses the sum.
        Mono<Integer> capabilities = pma.capabilities();
        Mono<Boolean> xmitWait = capabilities.map(c -> (c & ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED) != 0);
        DataCounters data = new DataCounters(perf, capabilities, pma);
        List<PortErrors> errors = new ArrayList<>();
        // Data counters only: every port on its own, as ibqueryerrors --counters reads them (never the sum).
        Mono<Boolean> sumIsClean = !node.isSwitch() || options.dataCountersOnly() ? Mono.just(false)
                : pma.sum(perf.portCounters(lid, PortCounters.ALL_PORTS),
                        sum -> exceeded(perf, node, lid, PortCounters.ALL_PORTS, sum, options, xmitWait, data, pma)
                                .map(found -> {
                                    found.ifPresent(errors::add);
                                    return found.isEmpty();
                                }));
        return sumIsClean.flatMap(clean -> {
            if (clean) {
                return clear(perf, lid, PortCounters.ALL_PORTS, capabilities, options, pma)
                        .thenReturn(node.nodeInfo().numPorts());
            }
            return Flux.fromIterable(ports)
                    .concatMap(p -> {
                        int at = portLid(node, p, lid);
                        PerfClient portPerf = onServiceLevel(sweepPerf, at, options);
                        return read(portPerf, node, at, p, xmitWait, data, options, pma)
                                .doOnNext(found -> found.ifPresent(errors::add))
                                .then(clear(portPerf, at, p, capabilities, options, pma))
                                .thenReturn(p);
                    })
                    .count()
                    .map(Long::intValue);
        }).map(checked -> new NodeErrors(node, lid, errors, checked, pma.failures()));
    }

    /** {@code perf} sending on the SL the options give for {@code lid} (the client itself for SL 0). */
    private static PerfClient onServiceLevel(PerfClient perf, int lid, ErrorSweepOptions options) {
        int sl = options.serviceLevel(lid);
        return sl == 0 ? perf : perf.withSl(sl);
    }

    /**
     * PortCounters of {@code port}: the port's errors if some counter exceeds its threshold, or with
     * {@link ErrorSweepOptions#dataCountersOnly()} all its data counters (zeros included) and nothing exceeded;
     * empty on failure.
     */
    private static Mono<Optional<PortErrors>> read(PerfClient perf, DiscoveredNode node, int lid, int port,
                                                   Mono<Boolean> xmitWait, DataCounters data,
                                                   ErrorSweepOptions options, NodePma pma) {
        return pma.ask(lid, "PortCounters of lid " + lid + " port " + portName(port), perf.portCounters(lid, port))
                .flatMap(counters -> options.dataCountersOnly()
                        ? data.all(lid, port, counters)
                                .map(d -> Optional.of(new PortErrors(port, node.portGuid(port), counters, Map.of(), d,
                                        Map.of())))
                        : exceeded(perf, node, lid, port, counters, options, xmitWait, data, pma));
    }

    /**
     * The counters over threshold; PortXmitWait only where the PMA says it supports it; with them, when asked,
     * the port's data counters.
     */
    private static Mono<Optional<PortErrors>> exceeded(PerfClient perf, DiscoveredNode node, int lid, int port,
                                                       PortCounters counters, ErrorSweepOptions options,
                                                       Mono<Boolean> xmitWait, DataCounters data, NodePma pma) {
        Map<ErrorCounter, Long> exceeded = new EnumMap<>(ErrorCounter.class);
        for (ErrorCounter c : ErrorCounter.values()) {
            long value = c.valueIn(counters);
            if (c != ErrorCounter.XMIT_WAIT && options.checks(c) && value > options.threshold(c)) {
                exceeded.put(c, value);
            }
        }
        long wait = ErrorCounter.XMIT_WAIT.valueIn(counters);
        Mono<Boolean> countWait = options.checks(ErrorCounter.XMIT_WAIT) && wait > options.threshold(ErrorCounter.XMIT_WAIT)
                ? xmitWait : Mono.just(false);
        return countWait.flatMap(counted -> {
            if (counted) {
                exceeded.put(ErrorCounter.XMIT_WAIT, wait);
            }
            if (exceeded.isEmpty()) {
                return Mono.just(Optional.<PortErrors>empty());
            }
            Mono<Map<String, Long>> dataCounters = options.dataCounters() ? data.of(lid, port, counters) : Mono.just(Map.of());
            Mono<Map<ErrorCounter, Map<String, Long>>> details = options.details()
                    ? details(perf, lid, port, exceeded.keySet(), pma) : Mono.just(Map.of());
            return Mono.zip(dataCounters, details, (d, why) -> Optional.of(new PortErrors(port,
                    node.portGuid(port == PortCounters.ALL_PORTS ? 0 : port), counters, exceeded, d, why)));
        });
    }

    /**
     * ibqueryerrors --details: PortXmitDiscardDetails when PortXmitDiscards are over threshold, PortRcvErrorDetails
     * when PortRcvErrors are, each as its non-zero counters by libibmad name. A PMA without them (they are
     * optional) is a failure of the node, as in ibqueryerrors' count of PMA query failures.
     */
    private static Mono<Map<ErrorCounter, Map<String, Long>>> details(PerfClient perf, int lid, int port,
                                                                    Set<ErrorCounter> exceeded, NodePma pma) {
        Mono<Map<String, Long>> xmit = !exceeded.contains(ErrorCounter.XMIT_DISCARDS) ? Mono.just(Map.of())
                : pma.ask(lid, "PortXmitDiscardDetails of lid " + lid + " port " + portName(port),
                        perf.portXmitDiscardDetails(lid, port)).map(d -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    counts.put("PortInactiveDiscards", (long) d.portInactiveDiscards());
                    counts.put("PortNeighborMTUDiscards", (long) d.portNeighborMtuDiscards());
                    counts.put("PortSwLifetimeLimitDiscards", (long) d.portSwLifetimeLimitDiscards());
                    counts.put("PortSwHOQLifetimeLimitDiscards", (long) d.portSwHoqLifetimeLimitDiscards());
                    return nonZero(counts);
                }).defaultIfEmpty(Map.of());
        Mono<Map<String, Long>> rcv = !exceeded.contains(ErrorCounter.RCV_ERRORS) ? Mono.just(Map.of())
                : pma.ask(lid, "PortRcvErrorDetails of lid " + lid + " port " + portName(port),
                        perf.portRcvErrorDetails(lid, port)).map(d -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    counts.put("PortLocalPhysicalErrors", (long) d.portLocalPhysicalErrors());
                    counts.put("PortMalformedPktErrors", (long) d.portMalformedPacketErrors());
                    counts.put("PortBufferOverrunErrors", (long) d.portBufferOverrunErrors());
                    counts.put("PortDLIDMappingErrors", (long) d.portDlidMappingErrors());
                    counts.put("PortVLMappingErrors", (long) d.portVlMappingErrors());
                    counts.put("PortLoopingErrors", (long) d.portLoopingErrors());
                    return nonZero(counts);
                }).defaultIfEmpty(Map.of());
        return Mono.zip(xmit, rcv, (x, r) -> {
            Map<ErrorCounter, Map<String, Long>> found = new EnumMap<>(ErrorCounter.class);
            if (!x.isEmpty()) {
                found.put(ErrorCounter.XMIT_DISCARDS, x);
            }
            if (!r.isEmpty()) {
                found.put(ErrorCounter.RCV_ERRORS, r);
            }
            return found;
        });
    }

    /** The counts by libibmad name, those that are zero left out, in their order. */
    private static Map<String, Long> nonZero(Map<String, Long> counts) {
        counts.values().removeIf(count -> count == 0);
        return counts;
    }

    /**
     * Resets what the options ask, as ibqueryerrors -k and -K do: the error counters (PortXmitWait where the
     * PMA supports it), the data counters of PortCounters, and those of PortCountersExtended where the PMA
     * has it (the unicast and multicast packet counts too at full width).
     */
    private static Mono<Void> clear(PerfClient perf, int lid, int port, Mono<Integer> capabilities,
                                    ErrorSweepOptions options, NodePma pma) {
        if (!options.clearErrors() && !options.clearData()) {
            return Mono.empty();
        }
        // A silent PMA is not reset: its failures are counted already.
        return Mono.defer(() -> pma.isSilent(lid) ? Mono.empty() : pma.ask(lid, "reset of lid " + lid + " port "
                + portName(port), capabilities.flatMap(caps -> {
                    boolean wait = options.clearErrors() && (caps & ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED) != 0;
                    int select = (options.clearErrors() ? ERROR_COUNTERS : 0) | (options.clearData() ? DATA_COUNTERS : 0);
                    Mono<?> counters = perf.resetPortCounters(lid, port, select, wait ? ErrorCounter.XMIT_WAIT.counterSelect2() : 0);
                    boolean fullWidth = (caps & ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED) != 0;
                    Mono<?> extended = !options.clearData()
                            || !fullWidth && (caps & ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_NO_IETF) == 0 ? Mono.empty()
                            : perf.resetPortCountersExtended(lid, port, fullWidth ? EXTENDED_ALL_DATA : EXTENDED_DATA, 0);
                    // -k with --details resets the details too; ibqueryerrors ignores a PMA that has none, and so
                    // does this (they are optional).
                    Mono<?> details = !options.clearErrors() || !options.details() ? Mono.empty()
                            : Mono.when(perf.resetPortXmitDiscardDetails(lid, port, PortXmitDiscardDetails.SELECT_ALL)
                                            .onErrorResume(e -> Mono.empty()),
                                    perf.resetPortRcvErrorDetails(lid, port, PortRcvErrorDetails.SELECT_ALL)
                                            .onErrorResume(e -> Mono.empty()));
                    return counters.then(extended).then(details);
                }))).then();
    }

    static String portName(int port) {
        return port == PortCounters.ALL_PORTS ? "ALL" : Integer.toString(port);
    }

    /** The ports ibqueryerrors checks: those discovery found, from 1 (from 0 on an enhanced switch port 0). */
    private static List<Integer> ports(DiscoveredNode node) {
        boolean enhancedPort0 = node.isSwitch() && node.switchInfo() != null && node.switchInfo().enhancedPort0();
        List<Integer> ports = new ArrayList<>();
        for (int p : node.ports().keySet()) {
            if (p >= 1 || enhancedPort0) {
                ports.add(p);
            }
        }
        return ports;
    }

    /**
     * Where a port's counters are read, as ibqueryerrors does: a switch's ports at the switch's LID, each
     * port of a CA or router at its own LID (a PMA answers for the port it is reached through: ibsim refuses
     * a PortSelect of port 2 at port 1's LID), the node's LID for a port that has none.
     */
    private static int portLid(DiscoveredNode node, int port, int nodeLid) {
        if (node.isSwitch()) {
            return nodeLid;
        }
        int own = node.port(port).map(PortInfo::lid).orElse(0);
        return own > 0 ? own : nodeLid;
    }
}
