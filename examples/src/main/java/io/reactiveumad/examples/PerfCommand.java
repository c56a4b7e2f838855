package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import io.reactiveumad.client.PortTraffic;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.PortInfoExtended;
import io.reactiveumad.mad.attr.SwitchInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortCounterSet;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

final class PerfCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(PerfCommand.class, "perf",
            "Read a port's performance counters (PerfMgt PortCounters, as perfquery).");

    /** The LID (with -G the port GUID) named, or null: the local port, as perfquery without arguments. */
    private String target;
    private boolean byGuid;
    /** Resolved from {@link #target} once the port is open. */
    private int lid;
    /**
     * perfquery's reset_mask: the CounterSelect bits (CounterSelect2's from bit 16) -r and -R reset, or null for all;
     * with -T the 64 bits of PortExtendedSpeedsCounters' CounterSelect.
     */
    private Long resetMask;
    /** The ports named, as perfquery takes them: one, several separated by commas, a range; none for the default. */
    private List<Integer> portNumbers = List.of();
    private boolean extended;
    private boolean xmitDiscards;
    private boolean rcvErrors;
    private boolean samplesControl;
    private boolean extendedSpeeds;
    /** A counter set perfquery reads with an option of its own, or null. */
    private PortCounterSet.Kind counterSet;
    /** How many counter sets were asked for: at most one. */
    private int counterSets;
    /** perfquery's options for the counter sets. */
    private static final Map<PortCounterSet.Kind, List<String>> COUNTER_SET_OPTIONS = Map.ofEntries(
            Map.entry(PortCounterSet.Kind.OP_RCV_COUNTERS, List.of("--oprcvcounters")),
            Map.entry(PortCounterSet.Kind.FLOW_CTL_COUNTERS, List.of("--flowctlcounters")),
            Map.entry(PortCounterSet.Kind.VL_OP_PACKETS, List.of("--vloppackets")),
            Map.entry(PortCounterSet.Kind.VL_OP_DATA, List.of("--vlopdata")),
            Map.entry(PortCounterSet.Kind.VL_XMIT_FLOW_CTL_UPDATE_ERRORS, List.of("--vlxmitflowctlerrors")),
            Map.entry(PortCounterSet.Kind.VL_XMIT_WAIT_COUNTERS, List.of("--vlxmitcounters")),
            Map.entry(PortCounterSet.Kind.XMIT_DATA_SL, List.of("-X", "--xmtsl")),
            Map.entry(PortCounterSet.Kind.RCV_DATA_SL, List.of("-S", "--rcvsl")),
            Map.entry(PortCounterSet.Kind.SW_PORT_VL_CONGESTION, List.of("--swportvlcong")),
            Map.entry(PortCounterSet.Kind.RCV_CON_CTRL, List.of("--rcvcc")),
            Map.entry(PortCounterSet.Kind.SL_RCV_FECN, List.of("--slrcvfecn")),
            Map.entry(PortCounterSet.Kind.SL_RCV_BECN, List.of("--slrcvbecn")),
            Map.entry(PortCounterSet.Kind.XMIT_CON_CTRL, List.of("--xmitcc")),
            Map.entry(PortCounterSet.Kind.VL_XMIT_TIME_CONG, List.of("--vlxmittimecc")));
    /** perfquery's reset mask for them: every counter. */
    private static final int COUNTER_SET_RESET_ALL = 0xFFFF;
    private boolean allPorts;
    private boolean loopPorts;
    private boolean resetAfterRead;
    private boolean resetOnly;
    private boolean json;
    /** --watch: the interval between two reads of the traffic counters, or null for one read of the attribute. */
    private Duration watch;
    private Integer count;

    PerfCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        transport.declareSmPort(d);
        d.parameter("LID").optional().help("The node's LID, with -G its port GUID (default: the local port, as "
                + "perfquery without arguments).").to(Values::text, v -> target = v);
        d.parameter("PORT").optional()
                .help("The port number, several separated by commas or a range such as 1-10, each read on its own "
                        + "(with -a: summed); default: 0 on a switch, its management port, as perfquery; 1 on a CA, "
                        + "whose PMA has no port 0; 255: all ports, where supported.")
                .to(PerfCommand::ports, v -> portNumbers = v);
        d.parameter("RESET_MASK").optional()
                .help("With -r or -R, reset only these counters: CounterSelect's bits, CounterSelect2's from bit 16 (with "
                        + "-T the 64-bit CounterSelect), decimal or hex with 0x (as perfquery's reset_mask; default: "
                        + "every counter).")
                .to(Values::bits64, v -> resetMask = v);
        d.flag("-G", "--Guid").help("LID is a port GUID, resolved to its LID through the SA (as perfquery -G).")
                .to(() -> byGuid = true);
        d.flag("-L", "--Lid").help("LID is a LID (the default; as perfquery -L).").to(() -> byGuid = false);
        d.flag("-x", "--extended").help("PortCountersExtended (64-bit counters).").to(() -> extended = true);
        d.flag("-D", "--xmtdisc").help("PortXmitDiscardDetails: why the port discarded packets it was to send "
                + "(as perfquery -D).").to(() -> xmitDiscards = true);
        d.flag("-E", "--rcverr").help("PortRcvErrorDetails: what its receive errors were (as perfquery -E).")
                .to(() -> rcvErrors = true);
        d.flag("-c", "--smplctl").help("PortSamplesControl: how the PMA's sampling is set up (as perfquery -c).")
                .to(() -> samplesControl = true);
        d.flag("-T", "--extended_speeds").help("PortExtendedSpeedsCounters: a port's physical-layer errors lane by lane "
                + "at FDR and faster, in their RS-FEC layout where the PMA has it and the port runs RS-FEC (as perfquery "
                + "-T).").to(() -> extendedSpeeds = true);
        for (PortCounterSet.Kind kind : PortCounterSet.Kind.values()) {
            List<String> names = COUNTER_SET_OPTIONS.get(kind);
            d.flag(names.toArray(String[]::new)).help(kind.attributeName() + " (as perfquery " + names.get(0) + ").")
                    .to(() -> {
                        counterSets++;
                        counterSet = kind;
                    });
        }
        d.flag("-a", "--all_ports").help("All ports summed: PortSelect 255, where the PMA has AllPortSelect "
                + "(as perfquery -a).").to(() -> allPorts = true);
        d.flag("-l", "--loop_ports").help("With -a or port 255: read each port on its own instead, from 1 (0 on a "
                + "switch with an enhanced port 0) to the last (as perfquery -l).").to(() -> loopPorts = true);
        d.flag("-r", "--reset_after_read").help("Reset the counters read, after reading them (as perfquery -r).")
                .to(() -> resetAfterRead = true);
        d.flag("-R", "--Reset_only").help("Reset the counters without reading them; prints nothing (as perfquery -R).")
                .to(() -> resetOnly = true);
        d.flag("--json").help("Print JSON (with --watch, one object per line).").to(() -> json = true);
        d.option("--watch").label("SECONDS").help("Read the port's data and packet counters every SECONDS (the 64-bit "
                + "ones where the PMA has them) and print, for each interval, what it sent and received and at what "
                + "rate, until Ctrl-C or --count; -a for every port summed.").to(PerfCommand::interval, v -> watch = v);
        d.option("--count").label("N").help("With --watch: stop after N intervals.").to(Values.atLeast(1), v -> count = v);
    }

    /** A positive number of seconds, to the millisecond. */
    private static Duration interval(String text) {
        double seconds = Values.decimal(text);
        if (!(seconds >= 0.001) || seconds > 86_400) {
            throw new IllegalArgumentException("'" + text + "' is not 0.001 to 86400 seconds");
        }
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    @Override
    public Integer call() {
        if (watch != null || count != null) {
            return watchTraffic();
        }
        if ((extended ? 1 : 0) + (xmitDiscards ? 1 : 0) + (rcvErrors ? 1 : 0) + (samplesControl ? 1 : 0)
                + (extendedSpeeds ? 1 : 0) + counterSets > 1) {
            throw new UsageException("-x, -D, -E, -c, -T and the counter sets (--oprcvcounters, --vloppackets, …) read "
                    + "different attributes: give one");
        }
        if (samplesControl && (resetOnly || resetAfterRead)) {
            throw new UsageException("-c reads PortSamplesControl, which has no counters to reset: no -r or -R with it");
        }
        if ((samplesControl || extendedSpeeds) && allPorts && portNumbers.size() > 1) {
            throw new UsageException("-a sums counters; -c and -T read one port at a time: name one port, or use -l");
        }
        if (resetMask != null && !extendedSpeeds && resetMask >>> 32 != 0) {
            throw new UsageException(String.format("RESET_MASK 0x%x has more than 32 bits: only -T's CounterSelect has "
                    + "64", resetMask));
        }
        if (byGuid && target == null) {
            throw new UsageException("-G needs the port GUID it names");
        }
        String attribute = extended ? "PortCountersExtended" : xmitDiscards ? "PortXmitDiscardDetails"
                : rcvErrors ? "PortRcvErrorDetails" : samplesControl ? "PortSamplesControl"
                : extendedSpeeds ? "PortExtendedSpeedsCounters" : counterSet != null ? counterSet.attributeName()
                : "PortCounters";
        List<Record> counters = new ArrayList<>();
        /** -T: whether each port read runs RS-FEC, which decides how its counters are named. */
        List<Boolean> rsFec = new ArrayList<>();
        List<Integer> read;
        ClassPortInfo pma;
        boolean summed = false;
        try (Connection connection = transport.connect(err())) {
            resolveTarget(connection);
            PerfClient perf = PerfClient.of(connection.port());
            try {
                // As perfquery: the PMA's capabilities first (the header shows them; they decide AllPortSelect).
                pma = await(perf.classPortInfo(lid), "PerfMgt ClassPortInfo of lid " + lid);
                read = ports(connection, pma);
                // -a with ports named sums them; all ports asked of a PMA without AllPortSelect, perfquery emulates.
                summed = allPorts && portNumbers.size() > 1 && !loopPorts;
                if (!summed && everyPort() && !loopPorts && !allPortSelect(pma)) {
                    summed = true;
                    err().println("umad perf: the PMA of lid " + lid + " has no AllPortSelect: summing ports " + read.get(0)
                            + ".." + read.get(read.size() - 1) + " as perfquery does");
                }
                for (int port : read) {
                    String what = attribute + " of lid " + lid + " port " + port;
                    if (!resetOnly) {
                        counters.add(await(read(perf, port), what));
                        if (extendedSpeeds) {
                            rsFec.add(await(rsFecActive(connection, pma, port), "the FEC mode of lid " + lid + " port "
                                    + port));
                        }
                    }
                    if (resetOnly || resetAfterRead) {
                        await(reset(perf, port), "reset of " + what);
                    }
                }
            } finally {
                perf.dispose();
            }
        }
        if (summed && !counters.isEmpty()) {
            counters = List.of(Aggregate.sum(counters));
            read = List.of(PortCounters.ALL_PORTS);
        }
        if (json) {
            if (counters.size() == 1) {
                out().print(Fields.render(counters.get(0), true));
            } else if (!counters.isEmpty()) {
                out().print(Fields.render(counters, true));
            }
        } else {
            for (int i = 0; i < counters.size(); i++) {
                out().print(extendedSpeeds
                        ? PerfText.extendedSpeeds("Lid " + lid, read.get(i), (PortExtendedSpeedsCounters) counters.get(i),
                                rsFec.get(i))
                        : PerfText.of("Lid " + lid, read.get(i), pma, counters.get(i)));
            }
        }
        return 0;
    }

    /**
     * --watch: the port's traffic each interval, one line (or JSON object) per interval as it ends. The port is the one
     * perf reads by default, the one named, or with -a every port summed.
     */
    private int watchTraffic() {
        if (watch == null) {
            throw new UsageException("--count is for --watch: how many intervals to print");
        }
        if (extended || xmitDiscards || rcvErrors || samplesControl || extendedSpeeds || counterSets > 0 || resetOnly
                || resetAfterRead || loopPorts || resetMask != null || portNumbers.size() > 1) {
            throw new UsageException("--watch reads the data and packet counters of one port (or with -a all of them "
                    + "summed): no -x, -D, -E, -c, -T, counter sets, -r, -R, -l, RESET_MASK or several ports with it");
        }
        if (byGuid && target == null) {
            throw new UsageException("-G needs the port GUID it names");
        }
        try (Connection connection = transport.connect(err())) {
            resolveTarget(connection);
            int portSelect = allPorts || portNumbers.equals(List.of(PortCounters.ALL_PORTS)) ? PortCounters.ALL_PORTS
                    : portNumbers.isEmpty() ? await(defaultPort(connection), "NodeInfo of lid " + lid) : portNumbers.get(0);
            String where = "lid " + lid + (portSelect == PortCounters.ALL_PORTS ? " all ports" : " port " + portSelect);
            PerfClient perf = PerfClient.of(connection.port());
            try {
                ClassPortInfo pma = await(perf.classPortInfo(lid), "PerfMgt ClassPortInfo of lid " + lid);
                if (portSelect == PortCounters.ALL_PORTS && (pma.capabilityMask() & ClassPortInfo.PERF_CAP_ALL_PORT_SELECT) == 0) {
                    throw new IllegalArgumentException(String.format("-a: the PMA of lid %d has no AllPortSelect "
                            + "(CapMask 0x%04x), so it cannot count its ports summed: name a port", lid,
                            pma.capabilityMask()));
                }
                err().printf("umad perf: %s every %s s; %s%n", where, seconds(watch),
                        count == null ? "Ctrl-C to stop" : count + " interval(s)");
                err().flush();
                Flux<PortTraffic> traffic = perf.traffic(lid, portSelect, watch, pma);
                (count == null ? traffic : traffic.take(count)).doOnNext(t -> {
                    out().println(json ? Json.line(trafficJson(portSelect, t)) : trafficLine(where, t));
                    out().flush();
                }).blockLast();
            } finally {
                perf.dispose();
            }
        }
        return 0;
    }

    private static String trafficLine(String where, PortTraffic t) {
        return String.format("%s %s: xmit %d B/s %d pkt/s, rcv %d B/s %d pkt/s over %s s%s%s", Instant.now(), where,
                Math.round(t.xmitBytesPerSecond()), Math.round(t.xmitPacketsPerSecond()),
                Math.round(t.rcvBytesPerSecond()), Math.round(t.rcvPacketsPerSecond()), seconds(t.interval()),
                t.reset() ? " (counters reset in between: counted from the reset)" : "",
                t.saturated() ? " (a 32-bit counter is at its maximum: at least this much; reset them to count again)"
                        : "");
    }

    private Map<String, Object> trafficJson(int portSelect, PortTraffic t) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("time", Instant.now().toString());
        out.put("lid", lid);
        out.put("port", portSelect);
        out.put("seconds", t.interval().toNanos() / 1e9);
        out.putAll(Fields.of(t));
        out.put("xmitBytesPerSecond", t.xmitBytesPerSecond());
        out.put("rcvBytesPerSecond", t.rcvBytesPerSecond());
        out.put("xmitPacketsPerSecond", t.xmitPacketsPerSecond());
        out.put("rcvPacketsPerSecond", t.rcvPacketsPerSecond());
        out.remove("interval");
        return out;
    }

    /** A duration in seconds to the millisecond, as few decimals as it needs. */
    private static String seconds(Duration d) {
        return java.math.BigDecimal.valueOf(Math.round(d.toNanos() / 1e6), 3).stripTrailingZeros().toPlainString();
    }

    /** PORT as perfquery reads it: a port number, several separated by commas, or a range FIRST-LAST. */
    private static List<Integer> ports(String text) {
        var port = Values.between(0, PortCounters.ALL_PORTS);
        int dash = text.indexOf('-');
        if (!text.contains(",") && dash > 0) {
            int first = port.convert(text.substring(0, dash).strip());
            int last = port.convert(text.substring(dash + 1).strip());
            if (first >= last) {
                throw new IllegalArgumentException("the last port of a range must be greater than the first: " + text);
            }
            return IntStream.rangeClosed(first, last).boxed().toList();
        }
        List<Integer> ports = new ArrayList<>();
        for (String one : text.split(",", -1)) {
            ports.add(port.convert(one.strip()));
        }
        return List.copyOf(ports);
    }

    /**
     * The LID the counters are read at: the one named, the one the SA gives the port GUID -G names, or the local
     * port's; without LID also the local port's number (a switch's 0), as perfquery reads it from its own port.
     */
    private void resolveTarget(Connection connection) {
        if (target == null) {
            // A port whose link is down still has the LID an SM gave it, and perfquery asks its PMA there: the
            // counters of a port that went down are what a user wants to see. Without a LID there is nowhere to ask.
            PortAttributes self = connection.withOwnLid("no LID of its own to ask its PMA at");
            SmpClient smp = transport.smp(connection.port());
            try {
                // The local port answers an SMP along the empty route with the number it has on its node.
                int local = await(smp.nodeInfo(SmpRoute.directed()), "NodeInfo of the local port").localPortNum();
                lid = self.lid();
                portNumbers = List.of(local);
            } finally {
                smp.dispose();
            }
        } else if (byGuid) {
            long guid = value("-G", () -> Guids.parse(target));
            lid = await(transport.lidOf(connection.port(), guid), "the LID of port GUID " + target);
        } else {
            lid = value("LID", () -> Values.integer(target));
        }
    }

    /**
     * The ports to read, in order: with -l and all ports asked, each port of the node on its own, as perfquery
     * -l loops (from 0 on a switch whose port 0 is enhanced, which has counters of its own); all ports asked of a PMA
     * without AllPortSelect, the same ports, to be summed (perfquery's emulation; not the details, which it never
     * sums); else those named, 255 for -a, or the default.
     */
    private List<Integer> ports(Connection connection, ClassPortInfo pma) {
        // -a -l loops over every port whatever ports are named, as perfquery does.
        boolean loopEvery = loopPorts && (allPorts || everyPort());
        if (loopEvery || everyPort() && !allPortSelect(pma)) {
            return await(eachPort(connection), "NodeInfo and SwitchInfo of lid " + lid);
        }
        if (everyPort()) {
            return List.of(PortCounters.ALL_PORTS);
        }
        return portNumbers.isEmpty() ? List.of(await(defaultPort(connection), "NodeInfo of lid " + lid)) : portNumbers;
    }

    /** -a without ports (a port named with -a is read alone, as perfquery reads it), or port 255. */
    private boolean everyPort() {
        return allPorts && portNumbers.isEmpty() || portNumbers.equals(List.of(PortCounters.ALL_PORTS));
    }

    /** The PMA takes PortSelect 255 for all ports, or (the details, never summed) it is sent all the same. */
    private boolean allPortSelect(ClassPortInfo pma) {
        return (pma.capabilityMask() & ClassPortInfo.PERF_CAP_ALL_PORT_SELECT) != 0 || xmitDiscards || rcvErrors
                || samplesControl || extendedSpeeds || counterSet != null;
    }

    private Mono<List<Integer>> eachPort(Connection connection) {
        SmpClient smp = transport.smp(connection.port());
        SmpRoute node = SmpRoute.lid(lid);
        return smp.nodeInfo(node)
                .flatMap(info -> (info.isSwitch() ? smp.switchInfo(node).map(SwitchInfo::enhancedPort0) : Mono.just(false))
                        .map(enhanced -> IntStream.rangeClosed(enhanced ? 0 : 1, info.numPorts()).boxed().toList()))
                .doFinally(signal -> smp.dispose());
    }

    private Mono<Record> read(PerfClient perf, int port) {
        return (extended ? perf.portCountersExtended(lid, port) : xmitDiscards ? perf.portXmitDiscardDetails(lid, port)
                : rcvErrors ? perf.portRcvErrorDetails(lid, port) : samplesControl ? perf.portSamplesControl(lid, port)
                : extendedSpeeds ? perf.portExtendedSpeedsCounters(lid, port)
                : counterSet != null ? perf.portCounterSet(lid, counterSet, port) : perf.portCounters(lid, port))
                .cast(Record.class);
    }

    /**
     * Resets every counter of the attribute read, as perfquery -r and -R do; PortXmitWait where the PMA's
     * ClassPortInfo says it counts it (its reset bit is in CounterSelect2).
     */
    private Mono<?> reset(PerfClient perf, int port) {
        if (extended) {
            return perf.resetPortCountersExtended(lid, port, select(PortCountersExtended.SELECT_ALL), select2());
        }
        if (extendedSpeeds) {
            return perf.resetPortExtendedSpeedsCounters(lid, port,
                    resetMask == null ? PortExtendedSpeedsCounters.SELECT_ALL : resetMask);
        }
        if (xmitDiscards) {
            return perf.resetPortXmitDiscardDetails(lid, port, select(PortXmitDiscardDetails.SELECT_ALL));
        }
        if (rcvErrors) {
            return perf.resetPortRcvErrorDetails(lid, port, select(PortRcvErrorDetails.SELECT_ALL));
        }
        if (counterSet != null) {
            return perf.resetPortCounterSet(lid, counterSet, port, select(COUNTER_SET_RESET_ALL));
        }
        if (resetMask != null) {
            return perf.resetPortCounters(lid, port, select(PortCounters.SELECT_ALL), select2());
        }
        return perf.classPortInfo(lid).flatMap(cpi -> perf.resetPortCounters(lid, port, PortCounters.SELECT_ALL,
                ((cpi.capabilityMask() & ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED) != 0
                        ? PortCounters.SELECT2_PORT_XMIT_WAIT : 0)
                        | ((cpi.capabilityMask() & ClassPortInfo.PERF_CAP_QP1_DROPPED_SUPPORTED) != 0
                        ? PortCounters.SELECT2_QP1_DROPPED : 0)));
    }

    /** The CounterSelect bits of RESET_MASK, or {@code all} without one. */
    private int select(int all) {
        return resetMask == null ? all : (int) (resetMask & 0xFFFF);
    }

    /** The CounterSelect2 bits of RESET_MASK (its bits from 16), or none without one. */
    private int select2() {
        return resetMask == null ? 0 : (int) (resetMask >>> 16);
    }

    /**
     * Whether {@code port} runs Reed-Solomon FEC with a PMA that counts it so, as perfquery -T decides: the PMA says it
     * has RS-FEC counters, and the port's PortInfoExtended (where its PortInfo says it has one) an RS FEC mode.
     */
    private Mono<Boolean> rsFecActive(Connection connection, ClassPortInfo pma, int port) {
        if ((pma.capabilityMask() & ClassPortInfo.PERF_CAP_RS_FEC_COUNTERS_SUPPORTED) == 0) {
            return Mono.just(false);
        }
        SmpClient smp = transport.smp(connection.port());
        return SmpCommand.PortInfoExtendedQuery.portInfoExtended(smp, SmpRoute.lid(lid), port)
                .map(PortInfoExtended::rsFecActive)
                .onErrorResume(SmpCommand.PortInfoExtendedQuery.NotSupported.class, unsupported -> {
                    err().println("umad perf: " + unsupported.getMessage());
                    return Mono.just(false);
                })
                .doFinally(signal -> smp.dispose());
    }

    /**
     * perfquery without a port asks PortSelect 0: a switch's management port. A CA's PMA has no port 0 (ibsim's
     * refuses it), so there the port that has the LID is read (NodeInfo's LocalPortNum: the port the SMP came in
     * at), which is what a user who names a host means; ibsim's PMA refuses any other port of the CA as well.
     */
    private Mono<Integer> defaultPort(Connection connection) {
        SmpClient smp = transport.smp(connection.port());
        return smp.nodeInfo(SmpRoute.lid(lid)).map(info -> info.isSwitch() ? 0 : info.localPortNum())
                .doFinally(signal -> smp.dispose());
    }
}
