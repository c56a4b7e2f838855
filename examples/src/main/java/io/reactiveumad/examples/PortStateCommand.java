package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * ibportstate: a port's states, widths and speeds (and, from an active switch port, its peer's, with a warning where
 * the two could run wider or faster than they do), or a change through SubnSet(PortInfo) of its state (enable,
 * disable, reset, on, off, down, arm, active) and of the values ibportstate sets (speed, espeed, width, vls, mtu, lid,
 * smlid, lmc, the M_Key fields; fdr10 through MlnxExtPortInfo), printed before and after as ibportstate prints them.
 */
final class PortStateCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(PortStateCommand.class, "portstate",
            "A port's state, widths and speeds, and from an active switch port its peer's (as ibportstate); or enable, "
                    + "disable, reset, on, off, down, arm or activate it, or set its enabled speeds and widths, VLs, MTU, "
                    + "LID, SM LID, LMC or M_Key fields.");

    /** ibportstate's operations on the state: at most one of them in a command line. */
    private enum Operation { QUERY, ENABLE, DISABLE, RESET, ON, OFF, DOWN, ARM, ACTIVE }

    /**
     * ibportstate's settings, each followed by its value: the largest value it takes (and the smallest but 0, which
     * the field reads as "no change" for the enabled speeds and widths).
     */
    private enum Setting {
        SPEED(0, 15), ESPEED(0, 31), FDR10(0, 1), WIDTH(0, 31), VLS(1, 5), MTU(1, 5), LID(1, 0xBFFF), SMLID(1, 0xBFFF),
        LMC(0, 7), MKEY(Long.MIN_VALUE, Long.MAX_VALUE), MKEYLEASE(0, 0xFFFF), MKEYPROT(0, 3);

        /** LinkWidthEnabled 255: every width the port supports, which ibportstate takes beside 0 to 31. */
        private static final long ALL_WIDTHS = 255;

        private final long min;
        private final long max;

        Setting(long min, long max) {
            this.min = min;
            this.max = max;
        }

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        boolean isMKeyField() {
            return this == MKEY || this == MKEYLEASE || this == MKEYPROT;
        }

        /** {@code text} as a value of this setting (decimal, or hex with 0x), or bad usage naming the setting. */
        long parse(String text) {
            long value;
            try {
                value = this == MKEY ? Values.bits64(text) : Values.wholeNumber(text);
            } catch (IllegalArgumentException e) {
                throw new UsageException(word() + " takes a number (decimal, or hex with 0x), not '" + text + "'");
            }
            if (this != MKEY && (value < min || value > max) && !(this == WIDTH && value == ALL_WIDTHS)) {
                throw new UsageException(String.format("invalid %s value %s (%d to %s%s)", word(), text, min,
                        max > 0xFF ? String.format("0x%X", max) : Long.toString(max), this == WIDTH ? ", or 255" : ""));
            }
            return value;
        }
    }

    /** PortPhysicalState 0 in a Set: no change (PortState has its own name for it). */
    private static final int PHYS_NO_CHANGE = 0;
    /** What ibportstate puts in a LID or SM LID of 0 or 0xFFFF before a Set, which an SMA would refuse. */
    private static final int UNLIKELY_LID = 0x1234;
    /** Attribute modifier bit of a PortInfo Set saying LinkSpeedExtEnabled is meant (ibportstate sets it when supported). */
    private static final long EXTENDED_SPEED_VALID = 1L << 31;

    private final NodeTarget target = new NodeTarget("node",
            "The node's LID, with -D its directed route (e.g. 0,1,3), with -G its port GUID.", false);
    private int portNumber;
    private List<String> words = List.of();
    private boolean json;
    private boolean showKeys;

    PortStateCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        transport.declareSmPort(d);
        target.declare(d);
        d.parameter("PORT").help("The port number (0: a switch's management port).")
                .to(Values.between(0, 254), v -> portNumber = v);
        d.parameter("OP").optional()
                .help("query (the default), enable, disable, reset, on, off, down, arm or active; and any of the "
                        + "settings, each followed by its value: speed (LinkSpeedEnabled, 0 to 15, 0 no change), espeed "
                        + "(LinkSpeedExtEnabled, 0 to 31), fdr10 (0 or 1), width (LinkWidthEnabled, 0 to 31 or 255), "
                        + "vls (OperationalVLs, 1 to 5), mtu (NeighborMTU, 1 to 5), lid, smlid, lmc, mkey, mkeylease, "
                        + "mkeyprot (as ibportstate's ops).")
                .toList(Values::text, v -> words = List.copyOf(v));
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        d.flag("-K", "--show_keys").help("Print the M_Key instead of '<not displayed>' (as ibportstate -K).")
                .to(() -> showKeys = true);
    }

    /**
     * One port as ibportstate shows it: how libibmad names the node, the port, its PortInfo, whether it is a switch's,
     * and its MlnxExtPortInfo where the device answers it (else null).
     */
    private record Shown(String node, int port, PortInfo info, boolean extendedSpeeds, boolean isSwitch,
                         MlnxExtPortInfo mlnx) {
        Shown with(MlnxExtPortInfo ext) {
            return new Shown(node, port, info, extendedSpeeds, isSwitch, ext);
        }
    }

    @Override
    public Integer call() {
        Map<Setting, Long> settings = new EnumMap<>(Setting.class);
        Operation op = parse(settings);
        target.check();
        String what = "ibportstate of " + target.text() + " port " + portNumber;
        try (Connection connection = transport.connect(err())) {
            SmpClient smp = transport.smp(connection.port());
            try {
                SmpRoute route = await(target.route(smp, transport), what);
                NodeInfo device = await(smp.nodeInfo(route), what);
                if (device.isSwitch() && portNumber != 0 && settings.keySet().stream().anyMatch(Setting::isMKeyField)) {
                    throw new UsageException("can't set M_Key fields on switch port != 0 (a switch has them on port 0)");
                }
                boolean changes = op != Operation.QUERY || !settings.isEmpty();
                Shown port = await(read(smp, route, SmpCommand.portId(route), portNumber, device.isSwitch()), what);
                // The port is printed before anything else is asked or the Set sent, as ibportstate does: when those
                // fail, what was read is still there above the error.
                StringBuilder text = new StringBuilder(changes ? "Initial " : "")
                        .append(port.isSwitch() ? "Switch" : "CA/RT").append(" PortInfo:\n");
                show(text, port);
                print(text);
                if (transport.asksMlnxExtPortInfo(device)) {
                    port = port.with(await(smp.mlnxExtPortInfo(route, portNumber), what + ": its MlnxExtPortInfo"));
                    print(text.append(SmpCommand.MlnxExtPortInfoQuery.text(port.mlnx(), port.node(), portNumber)));
                }
                Map<String, Object> report = new LinkedHashMap<>();
                report.put("port", json(port));
                if (!changes) {
                    if (port.isSwitch() && portNumber != 0 && port.info().portState() == PortInfo.STATE_ACTIVE) {
                        Shown peer = await(peer(smp, route), what + ": its peer");
                        report.put("peer", json(peer));
                        show(text.append("Peer PortInfo:\n"), peer);
                        print(text);
                        mismatches(port, peer).forEach(w -> err().println(spec.qualifiedName() + ": warning: " + w));
                    }
                } else if (op == Operation.ON && port.info().portPhysicalState() != PortInfo.PHYS_DISABLED) {
                    print(text.append("Port is already in enable state\n"));
                } else {
                    if (op == Operation.DISABLE || op == Operation.OFF) {
                        print(text.append("Disable may be irreversible\n"));
                    }
                    if (settings.containsKey(Setting.FDR10)) {
                        MlnxExtPortInfo now = port.mlnx() != null ? port.mlnx() : MlnxExtPortInfo.NONE;
                        MlnxExtPortInfo fdr10 = new MlnxExtPortInfo(MlnxExtPortInfo.FDR10, now.linkSpeedSupported(),
                                settings.get(Setting.FDR10).intValue(), now.linkSpeedActive());
                        MlnxExtPortInfo afterExt = await(smp.set(route, SmpClient.MLNX_EXT_PORT_INFO, portNumber, fdr10),
                                what + ": the MlnxExtPortInfo Set");
                        report.put("afterMlnxExtPortInfo", Fields.of(afterExt, showKeys));
                        print(text.append("\nAfter MLNXExtendedPortInfo set:\n")
                                .append(SmpCommand.MlnxExtPortInfoQuery.text(afterExt, port.node(), portNumber)));
                    }
                    long modifier = portNumber | (port.extendedSpeeds() ? EXTENDED_SPEED_VALID : 0);
                    PortInfo after = await(smp.set(route, SmpClient.PORT_INFO, modifier,
                            change(port.info(), op, settings)), what + ": the Set");
                    Shown changed = new Shown(port.node(), portNumber, after, port.extendedSpeeds(), port.isSwitch(),
                            null);
                    report.put("after", json(changed));
                    show(text.append("\nAfter PortInfo set:\n"), changed);
                    print(text);
                }
                if (json) {
                    out().println(Json.pretty(report));
                }
                return 0;
            } finally {
                smp.dispose();
            }
        }
    }

    /** Prints and empties {@code text} (nothing with --json, which prints one object at the end). */
    private void print(StringBuilder text) {
        if (!json) {
            out().print(text);
            out().flush();
        }
        text.setLength(0);
    }

    /**
     * The words after PORT as ibportstate reads them, in any order (and, as before ibportstate's settings were taken
     * here, in any case): at most one operation (query when none), and settings each with its value, put in
     * {@code settings}.
     */
    private Operation parse(Map<Setting, Long> settings) {
        Operation op = null;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            Optional<Setting> setting = Arrays.stream(Setting.values()).filter(s -> s.word().equalsIgnoreCase(word))
                    .findFirst();
            if (setting.isPresent()) {
                if (++i == words.size()) {
                    throw new UsageException(word + " requires an additional parameter");
                }
                settings.put(setting.get(), setting.get().parse(words.get(i)));
                continue;
            }
            Operation named = Arrays.stream(Operation.values()).filter(o -> o.name().equalsIgnoreCase(word))
                    .findFirst().orElseThrow(() -> new UsageException("invalid operation: " + word + " (query, enable, "
                            + "disable, reset, on, off, down, arm or active; or speed, espeed, fdr10, width, vls, mtu, "
                            + "lid, smlid, lmc, mkey, mkeylease or mkeyprot with a value)"));
            if (op != null) {
                throw new UsageException(word + ": only one of query, enable, disable, reset, on, off, down, arm and "
                        + "active can be given (" + op.name().toLowerCase(Locale.ROOT) + " was)");
            }
            op = named;
        }
        return op == null ? Operation.QUERY : op;
    }

    private static Mono<Shown> read(SmpClient smp, SmpRoute route, String node, int port, boolean isSwitch) {
        Mono<Long> capabilities = isSwitch ? smp.portInfo(route, 0).map(PortInfo::capabilityMask) : Mono.just(-1L);
        return capabilities.flatMap(switchCapabilities -> smp.portInfo(route, port).map(info -> {
            long mask = isSwitch ? switchCapabilities : info.capabilityMask();
            return new Shown(node, port, info, (mask & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0, isSwitch, null);
        }));
    }

    /**
     * The port at the other end of a switch port: one hop further on a directed route, or from a LID-routed switch a
     * directed hop out of it (a combined route, which libibmad names by the switch's LID and that hop).
     */
    private Mono<Shown> peer(SmpClient smp, SmpRoute route) {
        SmpRoute.Directed further;
        String node;
        if (route instanceof SmpRoute.LidRouted lid) {
            further = SmpRoute.directed(portNumber).from(lid.lid());
            node = SmpCommand.portId(smp, further);
        } else {
            SmpRoute.Directed dr = (SmpRoute.Directed) route;
            int[] hops = dr.ports();
            if (hops.length >= DirectedRouteSmp.MAX_HOPS) {
                return Mono.error(new IllegalArgumentException("too many hops to reach the peer of " + dr));
            }
            int[] longer = Arrays.copyOf(hops, hops.length + 1);
            longer[hops.length] = portNumber;
            further = new SmpRoute.Directed(dr.startLid(), longer, dr.endLid());
            node = SmpCommand.portId(further);
        }
        return smp.nodeInfo(further).flatMap((NodeInfo info) -> read(smp, further, node, info.localPortNum(),
                info.isSwitch()).flatMap(peer -> transport.asksMlnxExtPortInfo(info)
                        ? smp.mlnxExtPortInfo(further, peer.port()).map(peer::with) : Mono.just(peer)));
    }

    /**
     * The Set ibportstate sends: the port's PortInfo with every state a no-op but the one {@code op} changes, the
     * enabled widths and speeds a no-op unless set, the other {@code settings} in their fields, and a LID or SM LID the
     * SMA would refuse replaced when not set.
     */
    private static PortInfo change(PortInfo now, Operation op, Map<Setting, Long> settings) {
        PortInfo.Builder set = now.toBuilder()
                .portState(switch (op) {
                    case DOWN -> PortInfo.STATE_DOWN;
                    case ARM -> PortInfo.STATE_ARMED;
                    case ACTIVE -> PortInfo.STATE_ACTIVE;
                    default -> PortInfo.STATE_NO_CHANGE;
                })
                .portPhysicalState(switch (op) {
                    case ENABLE, RESET, ON -> PortInfo.PHYS_POLLING;
                    case DISABLE, OFF -> PortInfo.PHYS_DISABLED;
                    default -> PHYS_NO_CHANGE;
                })
                .linkSpeedEnabled(settings.getOrDefault(Setting.SPEED, 0L).intValue())
                .linkSpeedExtEnabled(settings.getOrDefault(Setting.ESPEED, 0L).intValue())
                .linkWidthEnabled(settings.getOrDefault(Setting.WIDTH, 0L).intValue());
        if (!settings.containsKey(Setting.LID) && (now.lid() == 0 || now.lid() == 0xFFFF)) {
            set.lid(UNLIKELY_LID);
        }
        if (!settings.containsKey(Setting.SMLID) && (now.masterSmLid() == 0 || now.masterSmLid() == 0xFFFF)) {
            set.masterSmLid(UNLIKELY_LID);
        }
        settings.forEach((setting, value) -> {
            switch (setting) {
                case VLS -> set.operationalVls(value.intValue());
                case MTU -> set.neighborMtu(value.intValue());
                case LID -> set.lid(value.intValue());
                case SMLID -> set.masterSmLid(value.intValue());
                case LMC -> set.lmc(value.intValue());
                case MKEY -> set.mKey(value);
                case MKEYLEASE -> set.mKeyLeasePeriod(value.intValue());
                case MKEYPROT -> set.mKeyProtectBits(value.intValue());
                default -> { } // the speeds and width above; fdr10 is MlnxExtPortInfo's
            }
        });
        return set.build();
    }

    /** ibportstate's lines for one port: states, LID, SM LID, LMC, widths, speeds, and a CA's or port 0's M_Key fields. */
    private void show(StringBuilder out, Shown shown) {
        PortInfo p = shown.info();
        out.append("# Port info: ").append(shown.node()).append(" port ").append(shown.port()).append('\n');
        FieldLines.line(out, "LinkState", PortInfo.stateName(p.portState()));
        FieldLines.line(out, "PhysLinkState", PortNames.physicalState(p.portPhysicalState()));
        FieldLines.line(out, "Lid", p.lid());
        FieldLines.line(out, "SMLid", p.masterSmLid());
        FieldLines.line(out, "LMC", p.lmc());
        FieldLines.line(out, "LinkWidthSupported", PortNames.widthsSupported(p.linkWidthSupported()));
        FieldLines.line(out, "LinkWidthEnabled", PortNames.widths(p.linkWidthEnabled()));
        FieldLines.line(out, "LinkWidthActive", PortNames.width(p.linkWidthActive()));
        FieldLines.line(out, "LinkSpeedSupported", PortNames.speeds(p.linkSpeedSupported()));
        FieldLines.line(out, "LinkSpeedEnabled", PortNames.speeds(p.linkSpeedEnabled()));
        FieldLines.line(out, "LinkSpeedActive", PortNames.speed(p.linkSpeedActive()));
        if (shown.extendedSpeeds()) {
            FieldLines.line(out, "LinkSpeedExtSupported", PortNames.extendedSpeeds(p.linkSpeedExtSupported()));
            FieldLines.line(out, "LinkSpeedExtEnabled", PortNames.extendedSpeedsEnabled(p.linkSpeedExtEnabled()));
            FieldLines.line(out, "LinkSpeedExtActive", PortNames.extendedSpeed(p.linkSpeedExtActive()));
        }
        if (!shown.isSwitch() || shown.port() == 0) {
            FieldLines.line(out, "Mkey", PortInfoText.mKey(p, showKeys));
            FieldLines.line(out, "MkeyLeasePeriod", p.mKeyLeasePeriod());
            FieldLines.line(out, "ProtectBits", p.mKeyProtectBits());
        }
        if (shown.mlnx() != null) {
            out.append(SmpCommand.MlnxExtPortInfoQuery.text(shown.mlnx(), shown.node(), shown.port()));
        }
    }

    /**
     * ibportstate's checks of an active link from a switch port: the widest width and the fastest speed both ends
     * enable (all they support, where enabled says "as supported") should be the active ones.
     */
    static List<String> mismatches(Shown port, Shown peer) {
        PortInfo a = port.info();
        PortInfo b = peer.info();
        List<String> out = new ArrayList<>();
        int widths = enabledOrSupported(a.linkWidthEnabled(), a.linkWidthSupported(), 255)
                & enabledOrSupported(b.linkWidthEnabled(), b.linkWidthSupported(), 255);
        // IBA's width bits, widest first: 12X, 8X, 4X, 2X, 1X.
        check(out, "width", widths, a.linkWidthActive(), new int[] {8, 4, 2, 16, 1}, new String[] {"12x", "8x", "4x",
            "2x", "1x"});
        int speeds = enabledOrSupported(a.linkSpeedEnabled(), a.linkSpeedSupported(), 15)
                & enabledOrSupported(b.linkSpeedEnabled(), b.linkSpeedSupported(), 15);
        check(out, "speed", speeds, a.linkSpeedActive(), new int[] {4, 2, 1}, new String[] {"10.0 Gbps", "5.0 Gbps",
            "2.5 Gbps"});
        if (port.extendedSpeeds() && peer.extendedSpeeds()) {
            int extended = enabledOrSupported(a.linkSpeedExtEnabled(), a.linkSpeedExtSupported(), 31)
                    & enabledOrSupported(b.linkSpeedExtEnabled(), b.linkSpeedExtSupported(), 31);
            check(out, "extended speed", extended, a.linkSpeedExtActive(), new int[] {2, 1},
                    new String[] {"25.78125 Gbps", "14.0625 Gbps"});
        }
        return out;
    }

    /** The first of {@code bits} both ends have should be {@code active}. */
    private static void check(List<String> out, String what, int both, int active, int[] bits, String[] names) {
        for (int i = 0; i < bits.length; i++) {
            if ((both & bits[i]) != 0) {
                if (active != bits[i]) {
                    out.add(String.format("Peer ports operating at active %s %d rather than %d (%s)", what, active,
                            bits[i], names[i]));
                }
                return;
            }
        }
    }

    private static int enabledOrSupported(int enabled, int supported, int asSupported) {
        return enabled == asSupported ? supported : enabled;
    }

    private Map<String, Object> json(Shown shown) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("node", shown.node());
        out.put("port", shown.port());
        out.put("switch", shown.isSwitch());
        out.put("portInfo", Fields.of(shown.info(), showKeys));
        if (shown.mlnx() != null) {
            out.put("mlnxExtPortInfo", Fields.of(shown.mlnx(), showKeys));
        }
        return out;
    }
}
