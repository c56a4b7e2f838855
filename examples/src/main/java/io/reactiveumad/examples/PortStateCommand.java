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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * ibportstate: a port's states, widths and speeds (and, from an active switch port, its peer's, with a warning where
 * the two could run wider or faster than they do), or a change of its state (enable, disable, reset, on, off, down,
 * arm, active) through SubnSet(PortInfo), printed before and after as ibportstate prints them.
 */
final class PortStateCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(PortStateCommand.class, "portstate",
            "A port's state, widths and speeds, and from an active switch port its peer's (as ibportstate); or enable, "
                    + "disable, reset, on, off, down, arm or activate it.");

    /** ibportstate's operations on the state; its value settings (speed, width, mtu, lid...) are not among them. */
    private enum Operation { QUERY, ENABLE, DISABLE, RESET, ON, OFF, DOWN, ARM, ACTIVE }

    /** PortPhysicalState 0 in a Set: no change (PortState has its own name for it). */
    private static final int PHYS_NO_CHANGE = 0;
    /** What ibportstate puts in a LID or SM LID of 0 or 0xFFFF before a Set, which an SMA would refuse. */
    private static final int UNLIKELY_LID = 0x1234;
    /** Attribute modifier bit of a PortInfo Set saying LinkSpeedExtEnabled is meant (ibportstate sets it when supported). */
    private static final long EXTENDED_SPEED_VALID = 1L << 31;

    private final NodeTarget target = new NodeTarget("node",
            "The node's LID, with -D its directed route (e.g. 0,1,3), with -G its port GUID.", false);
    private int portNumber;
    private String operation;
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
                .help("query (the default), enable, disable, reset, on, off, down, arm or active.")
                .to(Values::text, v -> operation = v);
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
        Operation op = operation();
        target.check();
        String what = "ibportstate of " + target.text() + " port " + portNumber;
        try (Connection connection = transport.connect(err())) {
            SmpClient smp = transport.smp(connection.port());
            try {
                SmpRoute route = await(target.route(smp, transport), what);
                NodeInfo device = await(smp.nodeInfo(route), what);
                Shown port = await(read(smp, route, SmpCommand.portId(route), portNumber, device.isSwitch()), what);
                // The port is printed before anything else is asked or the Set sent, as ibportstate does: when those
                // fail, what was read is still there above the error.
                StringBuilder text = new StringBuilder(op == Operation.QUERY ? "" : "Initial ")
                        .append(port.isSwitch() ? "Switch" : "CA/RT").append(" PortInfo:\n");
                show(text, port);
                print(text);
                if (transport.asksMlnxExtPortInfo(device)) {
                    port = port.with(await(smp.mlnxExtPortInfo(route, portNumber), what + ": its MlnxExtPortInfo"));
                    print(text.append(SmpCommand.MlnxExtPortInfoQuery.text(port.mlnx(), port.node(), portNumber)));
                }
                Map<String, Object> report = new LinkedHashMap<>();
                report.put("port", json(port));
                if (op == Operation.QUERY) {
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
                    long modifier = portNumber | (port.extendedSpeeds() ? EXTENDED_SPEED_VALID : 0);
                    PortInfo after = await(smp.set(route, SmpClient.PORT_INFO, modifier, change(port.info(), op)),
                            what + ": the Set");
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

    private Operation operation() {
        if (operation == null) {
            return Operation.QUERY;
        }
        try {
            return Operation.valueOf(operation.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new UsageException("invalid operation: " + operation + " (query, enable, disable, reset, on, off, "
                    + "down, arm or active; ibportstate's speed, width, vls, mtu, lid, smlid, lmc and mkey settings are "
                    + "not supported)");
        }
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
     * directed hop out of it (libibmad still names it by the switch's LID).
     */
    private Mono<Shown> peer(SmpClient smp, SmpRoute route) {
        SmpRoute.Directed further;
        String node;
        if (route instanceof SmpRoute.LidRouted lid) {
            further = SmpRoute.directed(portNumber).from(lid.lid());
            node = "Lid " + lid.lid();
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
     * The Set ibportstate sends: the port's PortInfo with every state a no-op but the one {@code op} changes, no
     * enabled width or speed change, and a LID or SM LID the SMA would refuse replaced.
     */
    private static PortInfo change(PortInfo now, Operation op) {
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
                .linkSpeedEnabled(0).linkSpeedExtEnabled(0).linkWidthEnabled(0);
        if (now.lid() == 0 || now.lid() == 0xFFFF) {
            set.lid(UNLIKELY_LID);
        }
        if (now.masterSmLid() == 0 || now.masterSmLid() == 0xFFFF) {
            set.masterSmLid(UNLIKELY_LID);
        }
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
