package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortCounterSet;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import reactor.core.publisher.Mono;

final class PerfCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(PerfCommand.class, "perf",
            "Read a port's performance counters (PerfMgt PortCounters, as perfquery).");

    private int lid;
    /** The ports named, as perfquery takes them: one, or several separated by commas; none for the default. */
    private List<Integer> portNumbers = List.of();
    private boolean extended;
    private boolean xmitDiscards;
    private boolean rcvErrors;
    /** A counter set perfquery reads with an option of its own, or null. */
    private PortCounterSet.Kind counterSet;
    /** How many counter sets were asked for: at most one. */
    private int counterSets;
    /** perfquery's options for the counter sets. */
    private static final Map<PortCounterSet.Kind, List<String>> COUNTER_SET_OPTIONS = Map.of(
            PortCounterSet.Kind.OP_RCV_COUNTERS, List.of("--oprcvcounters"),
            PortCounterSet.Kind.FLOW_CTL_COUNTERS, List.of("--flowctlcounters"),
            PortCounterSet.Kind.VL_OP_PACKETS, List.of("--vloppackets"), PortCounterSet.Kind.VL_OP_DATA, List.of("--vlopdata"),
            PortCounterSet.Kind.VL_XMIT_FLOW_CTL_UPDATE_ERRORS, List.of("--vlxmitflowctlerrors"),
            PortCounterSet.Kind.VL_XMIT_WAIT_COUNTERS, List.of("--vlxmitcounters"),
            PortCounterSet.Kind.XMIT_DATA_SL, List.of("-X", "--xmtsl"), PortCounterSet.Kind.RCV_DATA_SL, List.of("-S", "--rcvsl"));
    /** perfquery's reset mask for them: every counter. */
    private static final int COUNTER_SET_RESET_ALL = 0xFFFF;
    private boolean allPorts;
    private boolean loopPorts;
    private boolean resetAfterRead;
    private boolean resetOnly;
    private boolean json;

    PerfCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.parameter("LID").help("The node's LID.").to(Values::integer, v -> lid = v);
        d.parameter("PORT").optional()
                .help("The port number, or several separated by commas, each read on its own (default: 0 on a switch, "
                        + "its management port, as perfquery; 1 on a CA, whose PMA has no port 0; 255: all ports, "
                        + "where supported).")
                .to(PerfCommand::ports, v -> portNumbers = v);
        d.flag("-x", "--extended").help("PortCountersExtended (64-bit counters).").to(() -> extended = true);
        d.flag("-D", "--xmtdisc").help("PortXmitDiscardDetails: why the port discarded packets it was to send "
                + "(as perfquery -D).").to(() -> xmitDiscards = true);
        d.flag("-E", "--rcverr").help("PortRcvErrorDetails: what its receive errors were (as perfquery -E).")
                .to(() -> rcvErrors = true);
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
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        if ((extended ? 1 : 0) + (xmitDiscards ? 1 : 0) + (rcvErrors ? 1 : 0) + counterSets > 1) {
            throw new UsageException("-x, -D, -E and the counter sets (--oprcvcounters, --vloppackets, …) read different "
                    + "attributes: give one");
        }
        if (allPorts && !portNumbers.isEmpty() && !portNumbers.equals(List.of(PortCounters.ALL_PORTS))) {
            throw new UsageException("-a and PORT " + portNumbers.stream().map(String::valueOf)
                    .collect(Collectors.joining(",")) + " name the ports two ways: give one");
        }
        String attribute = extended ? "PortCountersExtended" : xmitDiscards ? "PortXmitDiscardDetails"
                : rcvErrors ? "PortRcvErrorDetails" : counterSet != null ? counterSet.attributeName() : "PortCounters";
        List<Record> counters = new ArrayList<>();
        List<Integer> read;
        ClassPortInfo pma;
        boolean summed = false;
        try (Connection connection = transport.connect(err())) {
            PerfClient perf = PerfClient.of(connection.port());
            try {
                // As perfquery: the PMA's capabilities first (the header shows them; they decide AllPortSelect).
                pma = await(perf.classPortInfo(lid), "PerfMgt ClassPortInfo of lid " + lid);
                read = ports(connection, pma);
                summed = everyPort() && !loopPorts && !allPortSelect(pma);
                if (summed) {
                    err().println("umad perf: the PMA of lid " + lid + " has no AllPortSelect: summing ports " + read.get(0)
                            + ".." + read.get(read.size() - 1) + " as perfquery does");
                }
                for (int port : read) {
                    String what = attribute + " of lid " + lid + " port " + port;
                    if (!resetOnly) {
                        counters.add(await(read(perf, port), what));
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
                out().print(PerfText.of("Lid " + lid, read.get(i), pma, counters.get(i)));
            }
        }
        return 0;
    }

    /** PORT as perfquery reads it: a port number, or several separated by commas. */
    private static List<Integer> ports(String text) {
        List<Integer> ports = new ArrayList<>();
        for (String port : text.split(",", -1)) {
            ports.add(Values.between(0, PortCounters.ALL_PORTS).convert(port.strip()));
        }
        return List.copyOf(ports);
    }

    /**
     * The ports to read, in order: with -l and all ports asked, each port of the node on its own, as perfquery
     * -l loops (from 0 on a switch whose port 0 is enhanced, which has counters of its own); all ports asked of a PMA
     * without AllPortSelect, the same ports, to be summed (perfquery's emulation; not the details, which it never
     * sums); else those named, 255 for -a, or the default.
     */
    private List<Integer> ports(Connection connection, ClassPortInfo pma) {
        if (everyPort() && (loopPorts || !allPortSelect(pma))) {
            return await(eachPort(connection), "NodeInfo and SwitchInfo of lid " + lid);
        }
        if (everyPort()) {
            return List.of(PortCounters.ALL_PORTS);
        }
        return portNumbers.isEmpty() ? List.of(await(defaultPort(connection), "NodeInfo of lid " + lid)) : portNumbers;
    }

    private boolean everyPort() {
        return allPorts || portNumbers.equals(List.of(PortCounters.ALL_PORTS));
    }

    /** The PMA takes PortSelect 255 for all ports, or (the details, never summed) it is sent all the same. */
    private boolean allPortSelect(ClassPortInfo pma) {
        return (pma.capabilityMask() & ClassPortInfo.PERF_CAP_ALL_PORT_SELECT) != 0 || xmitDiscards || rcvErrors
                || counterSet != null;
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
                : rcvErrors ? perf.portRcvErrorDetails(lid, port)
                : counterSet != null ? perf.portCounterSet(lid, counterSet, port) : perf.portCounters(lid, port))
                .cast(Record.class);
    }

    /**
     * Resets every counter of the attribute read, as perfquery -r and -R do; PortXmitWait where the PMA's
     * ClassPortInfo says it counts it (its reset bit is in CounterSelect2).
     */
    private Mono<?> reset(PerfClient perf, int port) {
        if (extended) {
            return perf.resetPortCountersExtended(lid, port, PortCountersExtended.SELECT_ALL, 0);
        }
        if (xmitDiscards) {
            return perf.resetPortXmitDiscardDetails(lid, port, PortXmitDiscardDetails.SELECT_ALL);
        }
        if (rcvErrors) {
            return perf.resetPortRcvErrorDetails(lid, port, PortRcvErrorDetails.SELECT_ALL);
        }
        if (counterSet != null) {
            return perf.resetPortCounterSet(lid, counterSet, port, COUNTER_SET_RESET_ALL);
        }
        return perf.classPortInfo(lid).flatMap(cpi -> perf.resetPortCounters(lid, port, PortCounters.SELECT_ALL,
                (cpi.capabilityMask() & ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED) != 0
                        ? PortCounters.SELECT2_PORT_XMIT_WAIT : 0));
    }

    /**
     * perfquery without a port asks PortSelect 0: a switch's management port. A CA's PMA has no port 0 (ibsim's
     * refuses it), so there the first port is read, which is what a user who names a host means.
     */
    private Mono<Integer> defaultPort(Connection connection) {
        SmpClient smp = transport.smp(connection.port());
        return smp.nodeInfo(SmpRoute.lid(lid)).map(info -> info.isSwitch() ? 0 : 1).doFinally(signal -> smp.dispose());
    }
}
