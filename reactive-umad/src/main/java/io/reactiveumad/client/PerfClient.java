package io.reactiveumad.client;

import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortCounterSet;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortSamplesControl;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Performance management (class 0x04 on QP1): ClassPortInfo, PortCounters, PortCountersExtended and
 * counter resets, as perfquery does them.
 *
 * <p>Capabilities come from the target's ClassPortInfo: PortCountersExtended needs
 * IsExtendedWidthSupported or IsExtendedWidthSupportedNoIETF (with the latter only the first eight
 * counters — data and packets — are meaningful); port select {@value PortCounters#ALL_PORTS} needs
 * AllPortSelect. A request the target cannot serve fails with {@link UnsupportedCapabilityException}
 * before anything else is sent. The methods taking a {@link ClassPortInfo} skip the extra round trip.
 *
 * <p>Addressing: QP1 of the target LID, Q_Key 0x80010000, the local port's default-partition P_Key
 * index, SL 0 unless {@link #withSl}. The agent is registered on first use; dispose to release it.
 */
public final class PerfClient extends Qp1Client<PerfClient> {
    public static final int CLASS_VERSION = 1;

    public static final AttributeType<ClassPortInfo> CLASS_PORT_INFO =
            new AttributeType<>(ClassPortInfo.ATTRIBUTE_ID, "ClassPortInfo", ClassPortInfo.SIZE, ClassPortInfo::decode);
    public static final AttributeType<PortCounters> PORT_COUNTERS =
            new AttributeType<>(PortCounters.ATTRIBUTE_ID, "PortCounters", PortCounters.SIZE, PortCounters::decode);
    public static final AttributeType<PortCountersExtended> PORT_COUNTERS_EXTENDED =
            new AttributeType<>(PortCountersExtended.ATTRIBUTE_ID, "PortCountersExtended", PortCountersExtended.SIZE,
                    PortCountersExtended::decode);
    public static final AttributeType<PortRcvErrorDetails> PORT_RCV_ERROR_DETAILS =
            new AttributeType<>(PortRcvErrorDetails.ATTRIBUTE_ID, "PortRcvErrorDetails", PortRcvErrorDetails.SIZE,
                    PortRcvErrorDetails::decode);
    public static final AttributeType<PortXmitDiscardDetails> PORT_XMIT_DISCARD_DETAILS =
            new AttributeType<>(PortXmitDiscardDetails.ATTRIBUTE_ID, "PortXmitDiscardDetails",
                    PortXmitDiscardDetails.SIZE, PortXmitDiscardDetails::decode);

    public static final AttributeType<PortSamplesControl> PORT_SAMPLES_CONTROL =
            new AttributeType<>(PortSamplesControl.ATTRIBUTE_ID, "PortSamplesControl", PortSamplesControl.SIZE,
                    PortSamplesControl::decode);
    public static final AttributeType<PortExtendedSpeedsCounters> PORT_EXTENDED_SPEEDS_COUNTERS =
            new AttributeType<>(PortExtendedSpeedsCounters.ATTRIBUTE_ID, "PortExtendedSpeedsCounters",
                    PortExtendedSpeedsCounters.SIZE, PortExtendedSpeedsCounters::decode);
    /** The counter sets' types, one per {@link PortCounterSet.Kind}. */
    private static final Map<PortCounterSet.Kind, AttributeType<PortCounterSet>> COUNTER_SETS = counterSets();


    private PerfClient(Qp1Requests requests) {
        super(requests);
    }

    public static PerfClient of(MadPort port) {
        return new PerfClient(Qp1Requests.of(port, MgmtClass.PERF, CLASS_VERSION));
    }

    @Override
    PerfClient with(Qp1Requests other) {
        return new PerfClient(other);
    }

    public Mono<ClassPortInfo> classPortInfo(int lid) {
        return get(lid, CLASS_PORT_INFO, null);
    }

    /** PortCounters of {@code portSelect}; {@value PortCounters#ALL_PORTS} (needs AllPortSelect) sums all ports. */
    public Mono<PortCounters> portCounters(int lid, int portSelect) {
        if (checkPortSelect(portSelect) != PortCounters.ALL_PORTS) {
            return get(lid, PORT_COUNTERS, PortCounters.reset(portSelect, 0, 0));
        }
        return classPortInfo(lid).flatMap(cpi -> portCounters(lid, portSelect, cpi));
    }

    /** PortCounters of {@code portSelect}, checked against the target's {@code capabilities}. */
    public Mono<PortCounters> portCounters(int lid, int portSelect, ClassPortInfo capabilities) {
        return require(capabilities, checkPortSelect(portSelect), false)
                .then(get(lid, PORT_COUNTERS, PortCounters.reset(portSelect, 0, 0)));
    }

    /** PortCountersExtended of {@code portSelect}, after reading ClassPortInfo to check it is supported. */
    public Mono<PortCountersExtended> portCountersExtended(int lid, int portSelect) {
        checkPortSelect(portSelect);
        return classPortInfo(lid).flatMap(cpi -> portCountersExtended(lid, portSelect, cpi));
    }

    public Mono<PortCountersExtended> portCountersExtended(int lid, int portSelect, ClassPortInfo capabilities) {
        return require(capabilities, checkPortSelect(portSelect), true)
                .then(get(lid, PORT_COUNTERS_EXTENDED, PortCountersExtended.reset(portSelect, 0, 0)));
    }

    /**
     * Resets the counters selected by {@code counterSelect} (PortCounters' SELECT_* bits) and
     * {@code counterSelect2} (SELECT2_*) of {@code portSelect}; emits the counters as the target
     * reports them after the reset.
     */
    public Mono<PortCounters> resetPortCounters(int lid, int portSelect, int counterSelect, int counterSelect2) {
        checkPortSelect(portSelect);
        return set(lid, PORT_COUNTERS, PortCounters.reset(portSelect, counterSelect, counterSelect2));
    }

    /** Resets the selected PortCountersExtended counters ({@code SELECT_*}, {@code SELECT2_*} bits). */
    public Mono<PortCountersExtended> resetPortCountersExtended(int lid, int portSelect, int counterSelect,
                                                               long counterSelect2) {
        checkPortSelect(portSelect);
        return set(lid, PORT_COUNTERS_EXTENDED,
                PortCountersExtended.reset(portSelect, counterSelect, counterSelect2));
    }

    /** PortRcvErrorDetails of {@code portSelect} (an optional attribute: a PMA without it answers with a status). */
    public Mono<PortRcvErrorDetails> portRcvErrorDetails(int lid, int portSelect) {
        return get(lid, PORT_RCV_ERROR_DETAILS, PortRcvErrorDetails.reset(checkPortSelect(portSelect), 0));
    }

    /** PortXmitDiscardDetails of {@code portSelect} (an optional attribute). */
    public Mono<PortXmitDiscardDetails> portXmitDiscardDetails(int lid, int portSelect) {
        return get(lid, PORT_XMIT_DISCARD_DETAILS, PortXmitDiscardDetails.reset(checkPortSelect(portSelect), 0));
    }

    /** Resets the PortRcvErrorDetails counters selected by {@code counterSelect} (bit 0 the first of six). */
    public Mono<PortRcvErrorDetails> resetPortRcvErrorDetails(int lid, int portSelect, int counterSelect) {
        return set(lid, PORT_RCV_ERROR_DETAILS, PortRcvErrorDetails.reset(checkPortSelect(portSelect), counterSelect));
    }

    /** Resets the PortXmitDiscardDetails counters selected by {@code counterSelect} (bit 0 the first of four). */
    public Mono<PortXmitDiscardDetails> resetPortXmitDiscardDetails(int lid, int portSelect, int counterSelect) {
        return set(lid, PORT_XMIT_DISCARD_DETAILS, PortXmitDiscardDetails.reset(checkPortSelect(portSelect),
                counterSelect));
    }

    /** How the sampling mechanism of {@code portSelect} is set up, and how far a sample has got (perfquery -c). */
    public Mono<PortSamplesControl> portSamplesControl(int lid, int portSelect) {
        return get(lid, PORT_SAMPLES_CONTROL, PortSamplesControl.query(checkPortSelect(portSelect)));
    }

    /**
     * The extended speeds' physical-layer counters of {@code portSelect}, lane by lane (an optional attribute, of ports
     * at FDR and faster; perfquery -T).
     */
    public Mono<PortExtendedSpeedsCounters> portExtendedSpeedsCounters(int lid, int portSelect) {
        return get(lid, PORT_EXTENDED_SPEEDS_COUNTERS, PortExtendedSpeedsCounters.reset(checkPortSelect(portSelect), 0));
    }

    /** Resets the PortExtendedSpeedsCounters selected by the 64-bit {@code counterSelect}. */
    public Mono<PortExtendedSpeedsCounters> resetPortExtendedSpeedsCounters(int lid, int portSelect, long counterSelect) {
        return set(lid, PORT_EXTENDED_SPEEDS_COUNTERS,
                PortExtendedSpeedsCounters.reset(checkPortSelect(portSelect), counterSelect));
    }

    /**
     * One of the counter sets of {@code portSelect}: the operational receive or flow-control counters, or a per-VL set
     * (optional attributes: a PMA without one answers with a status).
     */
    public Mono<PortCounterSet> portCounterSet(int lid, PortCounterSet.Kind kind, int portSelect) {
        Objects.requireNonNull(kind, "kind");
        return get(lid, COUNTER_SETS.get(kind), PortCounterSet.reset(kind, checkPortSelect(portSelect), 0));
    }

    /** Resets the counters of a counter set selected by {@code counterSelect} (bit 0 the first counter). */
    public Mono<PortCounterSet> resetPortCounterSet(int lid, PortCounterSet.Kind kind, int portSelect, int counterSelect) {
        Objects.requireNonNull(kind, "kind");
        return set(lid, COUNTER_SETS.get(kind), PortCounterSet.reset(kind, checkPortSelect(portSelect), counterSelect));
    }

    /**
     * The traffic of {@code portSelect} ({@value PortCounters#ALL_PORTS}: every port summed, where the PMA has
     * AllPortSelect) every {@code interval}: its counters read at once and then each interval on the port's clock, and
     * for each interval what the port sent and received. PortCountersExtended where the PMA has it, else PortCounters
     * (see {@link PortTraffic} for a 32-bit counter that stops at its maximum, and for a reset in between). A read
     * that fails ends the flux with its error ({@code retry} resumes it); a subscriber that keeps up with nothing
     * misses intervals (the ticks are dropped, the next one measures from the last read), and a read slower than the
     * interval delays the next. Never completes.
     */
    public Flux<PortTraffic> traffic(int lid, int portSelect, Duration interval) {
        checkTraffic(portSelect, interval);
        return classPortInfo(lid).flatMapMany(cpi -> checkedTraffic(lid, portSelect, interval, cpi));
    }

    /** {@link #traffic(int, int, Duration)} with the PMA's {@code capabilities} already read. */
    public Flux<PortTraffic> traffic(int lid, int portSelect, Duration interval, ClassPortInfo capabilities) {
        checkTraffic(portSelect, interval);
        return checkedTraffic(lid, portSelect, interval, Objects.requireNonNull(capabilities, "capabilities"));
    }

    private Flux<PortTraffic> checkedTraffic(int lid, int portSelect, Duration interval, ClassPortInfo capabilities) {
        Scheduler clock = requests.port().loopScheduler();
        boolean extended = (capabilities.capabilityMask() & (ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED
                | ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_NO_IETF)) != 0;
        Mono<long[]> read = extended
                ? portCountersExtended(lid, portSelect, capabilities).map(c -> new long[] {c.portXmitData(),
                        c.portRcvData(), c.portXmitPkts(), c.portRcvPkts()})
                : portCounters(lid, portSelect, capabilities).map(c -> new long[] {c.portXmitData(), c.portRcvData(),
                        c.portXmitPkts(), c.portRcvPkts()});
        return Flux.interval(Duration.ZERO, interval, clock).onBackpressureDrop()
                .concatMap(tick -> read.map(counters -> new TimedCounters(clock.now(TimeUnit.NANOSECONDS), counters)), 0)
                .buffer(2, 1)
                .filter(pair -> pair.size() == 2)
                .map(pair -> PortTraffic.between(pair.get(0).counters(), pair.get(1).counters(),
                        Duration.ofNanos(Math.max(1, pair.get(1).nanos() - pair.get(0).nanos())), extended));
    }

    private static void checkTraffic(int portSelect, Duration interval) {
        checkPortSelect(portSelect);
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive: " + interval);
        }
    }

    /** One read of the traffic counters, and when its answer came. */
    private record TimedCounters(long nanos, long[] counters) {
    }

    private static Map<PortCounterSet.Kind, AttributeType<PortCounterSet>> counterSets() {
        Map<PortCounterSet.Kind, AttributeType<PortCounterSet>> types = new EnumMap<>(PortCounterSet.Kind.class);
        for (PortCounterSet.Kind kind : PortCounterSet.Kind.values()) {
            types.put(kind, new AttributeType<>(kind.attributeId(), kind.attributeName(), kind.size(),
                    (buf, offset) -> PortCounterSet.decode(kind, buf, offset)));
        }
        return types;
    }

    /** PerfMgt Get of any attribute; {@code body} (may be null) is the request's data, e.g. a PortSelect. */
    public <T> Mono<T> get(int lid, AttributeType<T> type, MadAttribute body) {
        return request(lid, Method.GET, type.attributeId(), body).map(r -> Mads.decode(type, r.mad()));
    }

    /** PerfMgt Set of any attribute; emits the value the target answers with. */
    public <T extends MadAttribute> Mono<T> set(int lid, AttributeType<T> type, T value) {
        Objects.requireNonNull(value, "value");
        return request(lid, Method.SET, type.attributeId(), value).map(r -> Mads.decode(type, r.mad()));
    }

    private Mono<ReceivedMad> request(int lid, int method, int attributeId, MadAttribute body) {
        return requests.request(lid, method, attributeId, 0, body, b -> { });
    }

    private static Mono<Void> require(ClassPortInfo cpi, int portSelect, boolean extended) {
        int caps = cpi.capabilityMask();
        if (portSelect == PortCounters.ALL_PORTS && (caps & ClassPortInfo.PERF_CAP_ALL_PORT_SELECT) == 0) {
            return Mono.error(new UnsupportedCapabilityException(String.format(
                    "target has no AllPortSelect (PerfMgt CapabilityMask 0x%04x)", caps)));
        }
        if (extended && (caps & (ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED
                | ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_NO_IETF)) == 0) {
            return Mono.error(new UnsupportedCapabilityException(String.format(
                    "target has no PortCountersExtended (PerfMgt CapabilityMask 0x%04x)", caps)));
        }
        return Mono.empty();
    }

    private static int checkPortSelect(int portSelect) {
        if (portSelect < 0 || portSelect > 0xFF) {
            throw new IllegalArgumentException("portSelect must be 0..255: " + portSelect);
        }
        return portSelect;
    }
}
