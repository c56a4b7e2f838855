package io.reactiveumad.examples;

import io.reactiveumad.client.CcClient;
import io.reactiveumad.examples.CcCommand.Op;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.cc.CaCongestionSetting;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.SwitchCongestionSetting;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Sets a node's congestion control attributes as ibccconfig does, with its operations and its values in its order;
 * prints nothing, as it does (with {@code --json} what the agent answers: its settings after the Set).
 *
 * <p>Where ibccconfig is wrong, this is not: a port's SwitchPortCongestionSetting is read and written back in IBA's
 * block of 32 ports (ibccconfig reads that block and writes it to the block of 48 ports that holds the port, another
 * block from port 32 on); and a value wider than its field is refused, where ibccconfig keeps its low bits.
 */
final class CcConfigCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(CcConfigCommand.class, "cc-config",
            "Set a node's congestion control attributes (as ibccconfig): its CC_Key, the switch's, a switch port's "
                    + "or the CA's congestion settings, a block of the CA's congestion control table.");

    private static final Set<Op> SETTABLE = Set.of(Op.CONGESTION_KEY_INFO, Op.SWITCH_CONGESTION_SETTING,
            Op.SWITCH_PORT_CONGESTION_SETTING, Op.CA_CONGESTION_SETTING, Op.CONGESTION_CONTROL_TABLE);

    private Op op;
    private final CcTarget target = new CcTarget("ibccconfig");
    private List<String> values = List.of();
    private boolean json;

    CcConfigCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmPort(d);
        d.parameter("OP").help("What to set, by name or alias, case aside: CongestionKeyInfo (CK) CCKEY PROTECTBIT "
                + "LEASEPERIOD VIOLATIONS; SwitchCongestionSetting (SS) CONTROLMAP VICTIMMASK CREDITMASK THRESHOLD "
                + "PACKETSIZE CSTHRESHOLD CSRETURNDELAY MARKINGRATE; SwitchPortCongestionSetting (SP) PORT VALID "
                + "CONTROLTYPE THRESHOLD PACKETSIZE MARKINGRATE; CACongestionSetting (CS) PORTCONTROL CONTROLMAP "
                + "CCTITIMER CCTIINCREASE TRIGGERTHRESHOLD CCTIMIN (for each SL CONTROLMAP names); "
                + "CongestionControlTable (CT) CCTILIMIT BLOCK SHIFT:MULTIPLIER... (up to 64 entries; with a CCTILIMIT "
                + "they end at it). Masks are up to 64 hex digits (256 bits), delays SHIFT:MULTIPLIER.")
                .to(CcConfigCommand::settable, v -> op = v);
        target.declare(d);
        d.parameter("VALUE").optional().help("The operation's values, in ibccconfig's order (see OP).")
                .toList(Values::text, v -> values = v);
        d.flag("--json").help("Print what the agent answers: its settings after the Set (for a port, every port of its "
                + "block).").to(() -> json = true);
    }

    private static Op settable(String text) {
        Op op = Op.of(text);
        if (!SETTABLE.contains(op)) {
            throw new IllegalArgumentException(op.attribute + " cannot be set (CongestionKeyInfo, "
                    + "SwitchCongestionSetting, SwitchPortCongestionSetting, CACongestionSetting and "
                    + "CongestionControlTable can)");
        }
        return op;
    }

    @Override
    public Integer call() {
        // Every value is parsed before the port is opened: bad usage costs nothing.
        Request request = request();
        target.check();
        Map<String, Object> answer;
        try (Connection connection = transport.connect(err())) {
            int lid = target.lid(connection, transport);
            CcClient cc = target.client(connection);
            try {
                answer = send(connection, cc, lid, request, "Set(" + op.attribute + ") of lid " + lid);
            } finally {
                cc.dispose();
            }
        }
        if (json) {
            out().print(Json.pretty(answer) + "\n");
        }
        return 0;
    }

    /** Sends what {@code request} asks for; its answer, as fields. */
    private Map<String, Object> send(Connection connection, CcClient cc, int lid, Request request, String what) {
        if (request instanceof KeyInfo k) {
            return Fields.of(await(cc.setCongestionKeyInfo(lid, k.value()), what), true);
        }
        if (request instanceof SwitchSetting s) {
            return Fields.of(await(cc.setSwitchCongestionSetting(lid, s.value()), what));
        }
        if (request instanceof CaSetting c) {
            return Fields.of(await(cc.setCaCongestionSetting(lid, c.value()), what));
        }
        if (request instanceof TableBlock t) {
            return Fields.of(await(cc.setCongestionControlTable(lid, t.block(), t.value()), what));
        }
        PortSetting p = (PortSetting) request;
        int block = SwitchPortCongestionSetting.block(p.port());
        int last = CcTarget.lastSwitchPort(connection, transport, lid, p.port());
        // The port's element changes; the block's other ports keep what they have.
        SwitchPortCongestionSetting now = await(cc.switchPortCongestionSetting(lid, block),
                "SwitchPortCongestionSetting of lid " + lid);
        SwitchPortCongestionSetting set = await(cc.setSwitchPortCongestionSetting(lid, block,
                now.with(p.port(), p.value())), what);
        // The block as the agent answers it, each port the switch has (as cc SP prints them).
        int first = block * SwitchPortCongestionSetting.PORTS_PER_BLOCK;
        int end = Math.min(last, first + SwitchPortCongestionSetting.PORTS_PER_BLOCK - 1);
        return CcCommand.portsDocument(IntStream.rangeClosed(first, end).mapToObj(set::port).toList(), first);
    }

    /** What the values ask for, one shape per operation. */
    private sealed interface Request permits KeyInfo, SwitchSetting, PortSetting, CaSetting, TableBlock {
    }

    private record KeyInfo(CongestionKeyInfo value) implements Request {
    }

    private record SwitchSetting(SwitchCongestionSetting value) implements Request {
    }

    private record PortSetting(int port, SwitchPortCongestionSetting.Element value) implements Request {
    }

    private record CaSetting(CaCongestionSetting value) implements Request {
    }

    private record TableBlock(int block, CongestionControlTable value) implements Request {
    }

    private Request request() {
        return switch (op) {
            case CONGESTION_KEY_INFO -> {
                count(4, "CCKEY PROTECTBIT LEASEPERIOD VIOLATIONS");
                yield new KeyInfo(new CongestionKeyInfo(value("CCKEY", () -> Values.bits64(values.get(0))),
                        field("PROTECTBIT", 1, 1) == 1, field("LEASEPERIOD", 2, 0xFFFF),
                        field("VIOLATIONS", 3, 0xFFFF)));
            }
            case SWITCH_CONGESTION_SETTING -> {
                count(8, "CONTROLMAP VICTIMMASK CREDITMASK THRESHOLD PACKETSIZE CSTHRESHOLD CSRETURNDELAY MARKINGRATE");
                yield new SwitchSetting(new SwitchCongestionSetting(wide("CONTROLMAP", 0, 0xFFFF_FFFFL),
                        mask("VICTIMMASK", values.get(1)), mask("CREDITMASK", values.get(2)), field("THRESHOLD", 3, 15),
                        field("PACKETSIZE", 4, 0xFF), field("CSTHRESHOLD", 5, 15), delay("CSRETURNDELAY", values.get(6)),
                        field("MARKINGRATE", 7, 0xFFFF)));
            }
            case SWITCH_PORT_CONGESTION_SETTING -> {
                count(6, "PORT VALID CONTROLTYPE THRESHOLD PACKETSIZE MARKINGRATE");
                yield new PortSetting(field("PORT", 0, 255), new SwitchPortCongestionSetting.Element(
                        field("VALID", 1, 1) == 1, field("CONTROLTYPE", 2, 1), field("THRESHOLD", 3, 15),
                        field("PACKETSIZE", 4, 0xFF), field("MARKINGRATE", 5, 0xFFFF)));
            }
            case CA_CONGESTION_SETTING -> {
                count(6, "PORTCONTROL CONTROLMAP CCTITIMER CCTIINCREASE TRIGGERTHRESHOLD CCTIMIN");
                int map = field("CONTROLMAP", 1, 0xFFFF);
                var entry = new CaCongestionSetting.Entry(field("CCTITIMER", 2, 0xFFFF), field("CCTIINCREASE", 3, 0xFF),
                        field("TRIGGERTHRESHOLD", 4, 0xFF), field("CCTIMIN", 5, 0xFF));
                // As ibccconfig: the SLs the map names get the entry, the others zeros the agent leaves alone.
                List<CaCongestionSetting.Entry> entries = IntStream.range(0, CaCongestionSetting.SERVICE_LEVELS)
                        .mapToObj(sl -> (map >>> sl & 1) != 0 ? entry : CaCongestionSetting.Entry.NONE).toList();
                yield new CaSetting(new CaCongestionSetting(field("PORTCONTROL", 0, 0xFFFF), map, entries));
            }
            case CONGESTION_CONTROL_TABLE -> {
                if (values.size() < 2 || values.size() > 2 + CongestionControlTable.ENTRIES_PER_BLOCK) {
                    throw new UsageException("CongestionControlTable takes CCTILIMIT BLOCK and up to 64 "
                            + "SHIFT:MULTIPLIER entries; got " + values.size() + " value(s)");
                }
                int limit = field("CCTILIMIT", 0, (1 << 14) - 1);
                int block = field("BLOCK", 1, CcClient.TABLE_BLOCKS - 1);
                int given = values.size() - 2;
                if (limit != 0 && limit + 1 != block * CongestionControlTable.ENTRIES_PER_BLOCK + given) {
                    throw new UsageException(String.format("CCTILIMIT %d with BLOCK %d needs %d entries (the block's "
                            + "last is entry CCTILIMIT, as ibccconfig checks); got %d", limit, block,
                            limit + 1 - block * CongestionControlTable.ENTRIES_PER_BLOCK, given));
                }
                List<CongestionControlTable.Entry> entries = new ArrayList<>(Collections.nCopies(
                        CongestionControlTable.ENTRIES_PER_BLOCK, CongestionControlTable.Entry.NONE));
                for (int i = 0; i < given; i++) {
                    int delay = delay("entry " + i, values.get(2 + i));
                    entries.set(i, new CongestionControlTable.Entry(delay >>> 14, delay & 0x3FFF));
                }
                yield new TableBlock(block, new CongestionControlTable(limit, entries));
            }
            default -> throw new IllegalStateException(op + " is not settable");
        };
    }

    private void count(int expected, String names) {
        if (values.size() != expected) {
            throw new UsageException(op.attribute + " takes " + expected + " values, " + names + "; got "
                    + values.size());
        }
    }

    /** Value {@code index}, from 0 to {@code max}. */
    private int field(String name, int index, int max) {
        return (int) wide(name, index, max);
    }

    private long wide(String name, int index, long max) {
        return value(name, () -> Values.upTo(max).convert(values.get(index)));
    }

    /**
     * A port mask as ibccconfig reads it: up to 64 hex digits, 0x or not, the number a 256-bit big-endian integer
     * (its last digit port 0's bit).
     */
    static Octets mask(String name, String text) {
        String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (digits.isEmpty() || digits.length() > 64 || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new UsageException(name + ": '" + text + "' is not up to 64 hex digits");
        }
        String padded = "0".repeat(64 - digits.length()) + digits;
        byte[] bytes = new byte[SwitchCongestionSetting.PORT_MASK_SIZE];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(padded.substring(2 * i, 2 * i + 2), 16);
        }
        return Octets.of(bytes);
    }

    /** SHIFT:MULTIPLIER as ibccconfig reads a delay: the shift in the top two of 16 bits, the multiplier below. */
    static int delay(String name, String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new UsageException(name + ": '" + text + "' is not SHIFT:MULTIPLIER");
        }
        int shift = value(name + "'s SHIFT", () -> Values.between(0, 3).convert(text.substring(0, colon)));
        int multiplier = value(name + "'s MULTIPLIER", () -> Values.between(0, 0x3FFF).convert(text.substring(colon + 1)));
        return shift << 14 | multiplier;
    }

}
