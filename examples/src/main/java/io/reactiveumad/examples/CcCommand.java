package io.reactiveumad.examples;

import io.reactiveumad.client.CcClient;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionLog;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A node's congestion control attributes as ibccquery prints them (class 0x21): the operation by its name or alias,
 * case aside, then the LID (with -G the port GUID), then for SwitchPortCongestionSetting an optional port.
 *
 * <p>SwitchPortCongestionSetting is read in IBA's blocks of 32 ports (OpenSM's too); ibccquery steps 48 ports a block,
 * so from port 32 on its lines and ours differ on an agent with settings there. PORT 0 is the switch's port 0, which
 * ibccquery cannot ask alone (it prints every port for 0).
 */
final class CcCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(CcCommand.class, "cc",
            "A node's congestion control attributes (as ibccquery): CongestionInfo, CongestionKeyInfo, "
                    + "CongestionLog, the switch's and its ports' congestion settings, the CA's, its congestion "
                    + "control table, Timestamp, ClassPortInfo.");

    /** ibccquery's operations, with their aliases. */
    enum Op {
        CLASS_PORT_INFO("ClassPortInfo", "CP"),
        CONGESTION_INFO("CongestionInfo", "CI"),
        CONGESTION_KEY_INFO("CongestionKeyInfo", "CK"),
        CONGESTION_LOG("CongestionLog", "CL"),
        SWITCH_CONGESTION_SETTING("SwitchCongestionSetting", "SS"),
        SWITCH_PORT_CONGESTION_SETTING("SwitchPortCongestionSetting", "SP"),
        CA_CONGESTION_SETTING("CACongestionSetting", "CS"),
        CONGESTION_CONTROL_TABLE("CongestionControlTable", "CT"),
        TIMESTAMP("Timestamp", "TI");

        final String attribute;
        final String alias;

        Op(String attribute, String alias) {
            this.attribute = attribute;
            this.alias = alias;
        }

        static Op of(String text) {
            for (Op op : values()) {
                if (op.attribute.equalsIgnoreCase(text) || op.alias.equalsIgnoreCase(text)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("not an operation: " + text + " (one of " + list() + ")");
        }

        static String list() {
            return Arrays.stream(values()).map(op -> op.attribute + " (" + op.alias + ")")
                    .collect(Collectors.joining(", "));
        }
    }

    private Op op;
    private final CcTarget target = new CcTarget("ibccquery");
    private Integer portNumber;
    private boolean json;

    CcCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmPort(d);
        d.parameter("OP").help("What to read, by name or alias, case aside: " + Op.list() + ".")
                .to(Op::of, v -> op = v);
        target.declare(d);
        d.parameter("PORT").optional().help("With SwitchPortCongestionSetting: only this port (default: every port "
                + "from 0). 0 is the switch's port 0 alone, where ibccquery prints every port.").to(Values.between(0, 255), v -> portNumber = v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        if (portNumber != null && op != Op.SWITCH_PORT_CONGESTION_SETTING) {
            throw new UsageException("PORT is for SwitchPortCongestionSetting (SP) only");
        }
        target.check();
        try (Connection connection = transport.connect(err())) {
            int lid = target.lid(connection, transport);
            CcClient cc = target.client(connection);
            Shown shown;
            try {
                shown = read(connection, cc, lid);
            } finally {
                cc.dispose();
            }
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("lid", lid);
                out.put("attribute", op.attribute);
                out.putAll(shown.document());
                out().print(Json.pretty(out) + "\n");
            } else {
                out().print(CcText.header(op.attribute, "Lid " + lid) + shown.text());
            }
        }
        return 0;
    }

    /** What an operation read: as ibccquery's lines under the header, and as JSON fields. */
    private record Shown(String text, Map<String, Object> document) {
        static <T extends Record> Shown of(T value, Function<T, String> text) {
            return new Shown(text.apply(value), Fields.of(value, true));
        }
    }

    private Shown read(Connection connection, CcClient cc, int lid) {
        String what = op.attribute + " of lid " + lid;
        return switch (op) {
            case CLASS_PORT_INFO -> Shown.of(await(cc.classPortInfo(lid), what), CcText::classPortInfo);
            case CONGESTION_INFO -> Shown.of(await(cc.congestionInfo(lid), what), CcText::congestionInfo);
            case CONGESTION_KEY_INFO -> Shown.of(await(cc.congestionKeyInfo(lid), what), CcText::congestionKeyInfo);
            case CONGESTION_LOG -> {
                CongestionLog log = await(cc.congestionLog(lid), what);
                yield new Shown(CcText.congestionLog(log), logDocument(log));
            }
            case SWITCH_CONGESTION_SETTING -> Shown.of(await(cc.switchCongestionSetting(lid), what),
                    CcText::switchCongestionSetting);
            case SWITCH_PORT_CONGESTION_SETTING -> {
                int ports = CcTarget.lastSwitchPort(connection, transport, lid, portNumber);
                int first = portNumber == null ? 0 : portNumber;
                int last = portNumber == null ? ports : portNumber;
                List<SwitchPortCongestionSetting.Element> elements = await(portSettings(cc, lid, first, last), what);
                yield new Shown(portNumber == null ? CcText.switchPorts(elements)
                        : CcText.switchPortElement(elements.get(0)), portsDocument(elements, first));
            }
            case CA_CONGESTION_SETTING -> Shown.of(await(cc.caCongestionSetting(lid), what),
                    CcText::caCongestionSetting);
            case CONGESTION_CONTROL_TABLE -> {
                List<CongestionControlTable> blocks = await(table(cc, lid), what);
                yield new Shown(CcText.congestionControlTable(blocks), tableDocument(blocks));
            }
            case TIMESTAMP -> Shown.of(await(cc.timestamp(lid), what), CcText::timestamp);
        };
    }

    /** The first block, and the others up to the one that holds entry CCTI_Limit. */
    private static Mono<List<CongestionControlTable>> table(CcClient cc, int lid) {
        return cc.congestionControlTable(lid, 0).flatMap(first -> {
            int blocks = first.cctiLimit() / CongestionControlTable.ENTRIES_PER_BLOCK + 1;
            return Flux.range(1, blocks - 1).flatMapSequential(block -> cc.congestionControlTable(lid, block), 8)
                    .startWith(first).collectList();
        });
    }

    private static Map<String, Object> logDocument(CongestionLog log) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (log instanceof CongestionLog.SwitchLog s) {
            out.put("logType", CongestionLog.TYPE_SWITCH);
            out.put("congestionFlags", s.congestionFlags());
            out.put("logEventsCounter", s.logEventsCounter());
            out.put("currentTimeStamp", s.currentTimeStamp());
            out.put("portMap", s.portMap().toString());
            out.put("events", s.events().stream().filter(e -> !e.isEmpty()).toList());
        } else if (log instanceof CongestionLog.CaLog c) {
            out.put("logType", CongestionLog.TYPE_CA);
            out.put("congestionFlags", c.congestionFlags());
            out.put("thresholdEventCounter", c.thresholdEventCounter());
            out.put("thresholdCongestionEventMap", c.thresholdCongestionEventMap());
            out.put("currentTimeStamp", c.currentTimeStamp());
            out.put("events", c.events().stream().filter(e -> !e.isEmpty()).toList());
        }
        return out;
    }

    /** The settings of ports {@code first} to {@code last}, read block by block. */
    private static Mono<List<SwitchPortCongestionSetting.Element>> portSettings(CcClient cc, int lid, int first, int last) {
        int firstBlock = SwitchPortCongestionSetting.block(first);
        return Flux.range(firstBlock, SwitchPortCongestionSetting.block(last) - firstBlock + 1)
                .concatMap(block -> cc.switchPortCongestionSetting(lid, block)).collectList()
                .map(blocks -> IntStream.rangeClosed(first, last).mapToObj(port -> blocks
                        .get(SwitchPortCongestionSetting.block(port) - firstBlock).port(port)).toList());
    }

    /** Ports {@code first} on, each with its number, as JSON fields under {@code ports}. */
    static Map<String, Object> portsDocument(List<SwitchPortCongestionSetting.Element> elements, int first) {
        List<Map<String, Object>> ports = new ArrayList<>();
        for (int i = 0; i < elements.size(); i++) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("port", first + i);
            one.putAll(Fields.of(elements.get(i)));
            ports.add(one);
        }
        return Map.of("ports", ports);
    }

    private static Map<String, Object> tableDocument(List<CongestionControlTable> blocks) {
        List<CongestionControlTable.Entry> toLimit = CcText.entriesToLimit(blocks);
        List<Map<String, Object>> entries = new ArrayList<>();
        for (int i = 0; i < toLimit.size(); i++) {
            entries.add(Map.of("entry", i, "shift", toLimit.get(i).shift(), "multiplier", toLimit.get(i).multiplier()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("cctiLimit", blocks.get(0).cctiLimit());
        out.put("entries", entries);
        return out;
    }
}
