package io.reactiveumad.fabric;

import io.reactiveumad.client.PerfClient;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A port's data counters as ibqueryerrors --data reports them beside its errors: from PortCountersExtended
 * (64-bit) where the PMA's ClassPortInfo says it has them, with the unicast and multicast packet counts where
 * it supports the full extended width; else the 32-bit ones of the PortCounters already read. Only the
 * non-zero ones, by their libibmad names.
 */
final class DataCounters {
    private final PerfClient perf;
    private final Mono<Integer> capabilities;
    private final NodePma pma;

    /**
     * @param capabilities the PMA's ClassPortInfo CapabilityMask (0 when it could not be read)
     * @param pma          where a read is asked and its failure told, as for the error counters
     */
    DataCounters(PerfClient perf, Mono<Integer> capabilities, NodePma pma) {
        this.perf = perf;
        this.capabilities = capabilities;
        this.pma = pma;
    }

    /** The non-zero data counters of {@code port} at {@code lid}; {@code counters} are its PortCounters, already read. */
    Mono<Map<String, Long>> of(int lid, int port, PortCounters counters) {
        return read(lid, port, counters, DataCounters::nonZero);
    }

    /** Every data counter of {@code port}, zeros included (ibqueryerrors --counters). */
    Mono<Map<String, Long>> all(int lid, int port, PortCounters counters) {
        return read(lid, port, counters, DataCounters::named);
    }

    private Mono<Map<String, Long>> read(int lid, int port, PortCounters counters,
                                         Function<long[], Map<String, Long>> pick) {
        return capabilities.flatMap(caps -> {
            boolean fullWidth = (caps & ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED) != 0;
            if (!fullWidth && (caps & ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_NO_IETF) == 0) {
                return Mono.just(pick.apply(new long[] {counters.portXmitData(), counters.portRcvData(),
                    counters.portXmitPkts(), counters.portRcvPkts()}));
            }
            return pma.ask(lid, "PortCountersExtended of lid " + lid + " port " + ErrorSweep.portName(port),
                            perf.portCountersExtended(lid, port))
                    .map(ext -> fullWidth
                            ? pick.apply(new long[] {ext.portXmitData(), ext.portRcvData(), ext.portXmitPkts(),
                                ext.portRcvPkts(), ext.portUnicastXmitPkts(), ext.portUnicastRcvPkts(),
                                ext.portMulticastXmitPkts(), ext.portMulticastRcvPkts()})
                            : pick.apply(new long[] {ext.portXmitData(), ext.portRcvData(), ext.portXmitPkts(),
                                ext.portRcvPkts()}))
                    .defaultIfEmpty(Map.of());
        });
    }

    private static final String[] NAMES = {"PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts",
        "PortUnicastXmitPkts", "PortUnicastRcvPkts", "PortMulticastXmitPkts", "PortMulticastRcvPkts"};

    private static Map<String, Long> nonZero(long... values) {
        Map<String, Long> named = named(values);
        named.values().removeIf(v -> v == 0);
        return named;
    }

    private static Map<String, Long> named(long... values) {
        Map<String, Long> named = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            named.put(NAMES[i], values[i]);
        }
        return named;
    }
}
