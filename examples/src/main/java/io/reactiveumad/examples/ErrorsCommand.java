package io.reactiveumad.examples;

import io.reactiveumad.service.FabricJson;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.fabric.ErrorCounter;
import io.reactiveumad.fabric.ErrorSweep;
import io.reactiveumad.fabric.ErrorSweepOptions;
import io.reactiveumad.fabric.NodeErrors;
import io.reactiveumad.fabric.PortErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import reactor.core.scheduler.Schedulers;

@Command(name = ErrorsCommand.NAME, mixinStandardHelpOptions = true,
        description = "Check every port's error counters fabric-wide (as ibqueryerrors): discover the fabric, read "
                + "PortCounters with many requests in flight, print the ports over threshold grouped by node. Exit "
                + "code 1 when some port is over threshold, as ibqueryerrors.")
final class ErrorsCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "errors";

    @Option(names = {"-o", "--outstanding"}, paramLabel = "N", defaultValue = "" + ErrorSweepOptions.DEFAULT_IN_FLIGHT,
            description = "SMPs (discovery) and nodes (counters) in flight at once (default: ${DEFAULT-VALUE}; "
                    + "ibqueryerrors: 2 SMPs, one PMA request).")
    int outstanding;

    @Option(names = "--threshold", paramLabel = "NAME=VALUE",
            description = "Report a counter only above VALUE (default 0), e.g. SymbolErrorCounter=10; repeatable.")
    Map<String, Long> thresholds = new LinkedHashMap<>();

    @Option(names = "--threshold-file", paramLabel = "FILE",
            description = "Thresholds as ibqueryerrors reads them: NAME=VALUE lines, # comments.")
    Path thresholdFile;

    @Option(names = {"-k", "--clear"}, description = "Reset every checked port's error counters after reading them "
            + "(needs --yes: it changes the whole fabric).")
    boolean clear;

    @Option(names = "--yes", description = "Confirm --clear.")
    boolean yes;

    @Option(names = "--data", description = "Add each reported port's data counters (as ibqueryerrors --data): "
            + "64-bit from PortCountersExtended where the PMA has them.")
    boolean data;

    @Mixin
    WalkTimeout walk;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        if (clear && !yes) {
            throw new ParameterException(spec.commandLine(),
                    "--clear resets the error counters of every port of the fabric; add --yes to confirm");
        }
        if (outstanding < 1) {
            throw new ParameterException(spec.commandLine(), "--outstanding must be at least 1: " + outstanding);
        }
        ErrorSweepOptions options = ErrorSweepOptions.defaults().withInFlight(outstanding).withClearErrors(clear)
                .withDataCounters(data);
        Map<String, Long> all = new LinkedHashMap<>(thresholdFile == null ? Map.of() : readThresholds(thresholdFile));
        all.putAll(thresholds);
        for (var t : all.entrySet()) {
            ErrorCounter counter;
            try {
                counter = ErrorCounter.byLibibmadName(t.getKey());
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            options = options.withThreshold(counter, t.getValue());
        }
        ErrorSweepOptions sweep = options;
        List<NodeErrors> nodes;
        // The sweep's callbacks only collect (for block() here): they run where the answers are read, with no
        // hand-off between threads per answer.
        try (Connection connection = transport.connect(err(), Schedulers.immediate())) {
            nodes = ErrorSweep.sweep(connection.port(), DiscoveryOptions.defaults().withOutstanding(outstanding), sweep)
                    .collectList().block(walk.timeout);
        }
        if (nodes == null) {
            throw new IllegalStateException("the sweep ended without a result");
        }
        long badPorts = nodes.stream().mapToLong(NodeErrors::badPorts).sum();
        out().print(json ? Json.pretty(json(nodes, sweep)) + "\n" : text(nodes, sweep));
        nodes.forEach(n -> n.failures().forEach(f -> err().println("umad errors: warning: \"" + n.node().description()
                + "\": " + f)));
        return badPorts == 0 ? 0 : UmadCli.EXIT_FAILED;
    }

    /** ibqueryerrors' threshold file: {@code Name=value} lines; blank lines and {@code #} comments skipped. */
    private Map<String, Long> readThresholds(Path file) {
        Map<String, Long> read = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the threshold file " + file, e);
        }
        for (String line : lines) {
            String text = line.trim();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            int eq = text.indexOf('=');
            try {
                read.put(text.substring(0, eq).trim(), Long.decode(text.substring(eq + 1).trim()));
            } catch (RuntimeException e) {
                throw new ParameterException(spec.commandLine(), "not NAME=VALUE in " + file + ": " + line);
            }
        }
        return read;
    }

    private static String text(List<NodeErrors> nodes, ErrorSweepOptions options) {
        StringBuilder out = new StringBuilder();
        for (NodeErrors node : nodes) {
            if (!node.isBad()) {
                continue;
            }
            long guid = node.node().portGuid(0);
            out.append(node.node().isSwitch() ? String.format("Errors for 0x%x \"%s\"%n", guid, node.node().description())
                    : String.format("Errors for \"%s\"%n", node.node().description()));
            for (PortErrors port : node.errors()) {
                out.append(String.format("   GUID 0x%x port %s:", port.portGuid(),
                        port.isAllPorts() ? "ALL" : Integer.toString(port.port())));
                port.exceeded().forEach((c, v) -> out.append(String.format(" [%s == %d]", c.libibmadName(), v)));
                port.dataCounters().forEach((name, v) -> out.append(String.format(" [%s == %d (%s)]", name, v,
                        humanReadable(v, name.endsWith("Data")))));
                out.append('\n');
            }
        }
        Summary s = Summary.of(nodes);
        out.append(String.format("%n## Summary: %d nodes checked, %d bad nodes found%n", s.nodes(), s.badNodes()));
        out.append(String.format("##          %d ports checked, %d ports have errors beyond threshold%n", s.ports(),
                s.badPorts()));
        out.append("## Thresholds: ");
        options.thresholds().forEach((c, v) -> out.append(String.format("[%s = %d]", c.libibmadName(), v)));
        out.append('\n');
        if (s.failures() > 0) {
            out.append(String.format("##          %d PMA query failures%n", s.failures()));
        }
        out.append("## Suppressed:\n");
        return out.toString();
    }

    /**
     * A count as infiniband-diags shows it beside the number ({@code %5.3f} and a unit): powers of 1024, and
     * for the data counters (in 4-byte words) bytes: B, KB, MB. Computed in float and rounded half to even
     * on the float's exact value, as C's printf does, so the digits are the tool's.
     */
    static String humanReadable(long count, boolean data) {
        long rest = count / 1024;
        int unit = 0;
        long divisor = 1;
        while (rest != 0) {
            unit++;
            rest /= 1024;
            divisor *= 1024;
        }
        float value = count;
        if (data) {
            value *= 4;
            if (value / divisor > 1024) {
                unit++;
                divisor *= 1024;
            }
        }
        value /= divisor;
        String digits = new BigDecimal(value).setScale(3, RoundingMode.HALF_EVEN).toPlainString();
        String[] units = data ? new String[] {"B", "KB", "MB", "GB", "TB", "PB", "EB"}
                : new String[] {"", "K", "M", "G", "T", "P", "E"};
        return String.format("%5s%s", digits, unit < units.length ? units[unit] : "");
    }

    private record Summary(int nodes, long badNodes, long ports, long badPorts, long failures) {
        static Summary of(List<NodeErrors> nodes) {
            return new Summary(nodes.size(), nodes.stream().filter(NodeErrors::isBad).count(),
                    nodes.stream().mapToLong(NodeErrors::portsChecked).sum(),
                    nodes.stream().mapToLong(NodeErrors::badPorts).sum(),
                    nodes.stream().mapToLong(n -> n.failures().size()).sum());
        }
    }

    private static Map<String, Object> json(List<NodeErrors> nodes, ErrorSweepOptions options) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (NodeErrors node : nodes) {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("nodeType", NodeTypes.name(node.node().nodeInfo().nodeType()));
            n.put("nodeGuid", FabricJson.hex(node.node().guid()));
            n.put("description", node.node().description());
            n.put("lid", node.lid());
            n.put("portsChecked", node.portsChecked());
            List<Map<String, Object>> ports = new ArrayList<>();
            for (PortErrors port : node.errors()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("port", port.isAllPorts() ? "ALL" : port.port());
                p.put("portGuid", FabricJson.hex(port.portGuid()));
                Map<String, Long> counters = new LinkedHashMap<>();
                port.exceeded().forEach((c, v) -> counters.put(c.libibmadName(), v));
                p.put("counters", counters);
                if (options.dataCounters()) {
                    p.put("dataCounters", port.dataCounters());
                }
                ports.add(p);
            }
            n.put("errors", ports);
            n.put("failures", node.failures());
            list.add(n);
        }
        Summary s = Summary.of(nodes);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("nodesChecked", s.nodes());
        summary.put("badNodes", s.badNodes());
        summary.put("portsChecked", s.ports());
        summary.put("badPorts", s.badPorts());
        summary.put("pmaQueryFailures", s.failures());
        Map<String, Long> thresholds = new LinkedHashMap<>();
        options.thresholds().forEach((c, v) -> thresholds.put(c.libibmadName(), v));
        summary.put("thresholds", thresholds);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", list);
        out.put("summary", summary);
        return out;
    }
}
