package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.PortInfoExtended;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.nio.charset.StandardCharsets;
import java.util.List;
import reactor.core.publisher.Flux;
import io.reactiveumad.service.Routes;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.publisher.Mono;

final class SmpCommand {
    static final CommandInfo INFO = CommandInfo.of(SmpCommand.class, "smp",
            "Query a node's SMP attributes (as smpquery), LID-routed or along a directed route (-D).")
            .withSubcommands(NodeInfoQuery.INFO, NodeDescQuery.INFO, PortInfoQuery.INFO, SwitchInfoQuery.INFO,
                    PKeyTableQuery.INFO, GuidInfoQuery.INFO, SlToVlQuery.INFO, VlArbitrationQuery.INFO,
                    MlnxExtPortInfoQuery.INFO, PortInfoExtendedQuery.INFO);

    /** One SMP Get: the target (a LID, or a directed route with -D) and how to print the answer. */
    abstract static class Query extends FabricCommand {
        private final NodeTarget target = new NodeTarget("target", "The target's LID, with -D its directed route (e.g. "
                + "0,1,3), with -G its port GUID, with -c a LID and a directed route from there (e.g. 6 0,12).", false, true);
        private boolean json;
        boolean showKeys;

        Query(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareMKey(d);
            transport.declareSmPort(d);
            target.declare(d);
            d.flag("--json").help("Print JSON.").to(() -> json = true);
            d.flag("-K", "--show_keys").help("Print PortInfo's M_Key instead of '<not displayed>' (as smpquery -K).")
                    .to(() -> showKeys = true);
        }

        abstract Mono<? extends Record> query(SmpClient smp, SmpRoute route);

        /**
         * The answer as text, {@code node} being how smpquery names the node asked ("Lid 4"): its fields, one a line,
         * unless the attribute has a layout of its own.
         */
        String text(Record answer, String node) {
            return Fields.render(answer, false, showKeys);
        }

        @Override
        public Integer call() {
            target.check();
            record Answered(Record answer, String node) {
            }
            Answered answered = query(c -> transport.smp(c.port()), smp -> target.route(smp, transport)
                    .flatMap(route -> query(smp, route).map(r -> new Answered(r, portId(smp, route)))),
                    spec.name() + " of " + target.text());
            out().print(json ? Fields.render(answered.answer(), true, showKeys)
                    : text(answered.answer(), answered.node()));
            return 0;
        }
    }

    /** A query of one port's attribute: the PORT after the target, 0 unless given, as smpquery takes it. */
    abstract static class PortQuery extends Query {
        private final String portHelp;
        int portNumber;

        PortQuery(CliContext context, String portHelp) {
            super(context);
            this.portHelp = portHelp;
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.parameter("PORT").optional().defaultValue("0").help(portHelp)
                    .to(Values.between(0, 254), v -> portNumber = v);
        }
    }

    static final class NodeInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(NodeInfoQuery.class, "nodeinfo", "NodeInfo (attribute "
                + "0x0011).").withAliases("NI");

        NodeInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeInfo(route);
        }

        /** smpquery's: libibmad's NodeInfo fields. */
        @Override
        String text(Record answer, String node) {
            NodeInfo ni = (NodeInfo) answer;
            StringBuilder out = new StringBuilder("# Node info: ").append(node).append('\n');
            FieldLines.line(out, "BaseVers", ni.baseVersion());
            FieldLines.line(out, "ClassVers", ni.classVersion());
            FieldLines.line(out, "NodeType", NodeTypes.name(ni.nodeType()));
            FieldLines.line(out, "NumPorts", ni.numPorts());
            FieldLines.hex(out, "SystemGuid", ni.systemImageGuid(), 16);
            FieldLines.hex(out, "Guid", ni.nodeGuid(), 16);
            FieldLines.hex(out, "PortGuid", ni.portGuid(), 16);
            FieldLines.line(out, "PartCap", ni.partitionCap());
            FieldLines.hex(out, "DevId", ni.deviceId(), 4);
            FieldLines.hex(out, "Revision", ni.revision(), 8);
            FieldLines.line(out, "LocalPort", ni.localPortNum());
            FieldLines.hex(out, "VendorId", ni.vendorId(), 6);
            return out.toString();
        }
    }

    static final class NodeDescQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(NodeDescQuery.class, "nodedesc", "NodeDescription (attribute "
                + "0x0010).").withAliases("ND");

        private final NodeNames nodeNames = new NodeNames();
        /** The node's GUID, which names it in a node name map: smpquery asks NodeInfo before NodeDescription too. */
        private long nodeGuid;

        NodeDescQuery(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            nodeNames.declare(d);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeInfo(route).flatMap(info -> {
                nodeGuid = info.nodeGuid();
                return smp.nodeDescription(route);
            });
        }

        /**
         * smpquery's one line: the name a node name map gives the node, else its description cleaned as the tools
         * clean it, dots to 32 less its length in bytes (smpquery's strlen: a UTF-8 name takes fewer dots).
         */
        @Override
        String text(Record answer, String node) {
            String name = nodeNames.load(context, err()).name(nodeGuid, ((NodeDescription) answer).text());
            int bytes = name.getBytes(StandardCharsets.UTF_8).length;
            return "Node Description:" + ".".repeat(Math.max(1, 32 - bytes)) + name + "\n";
        }
    }

    static final class PortInfoQuery extends PortQuery {
        static final CommandInfo INFO = CommandInfo.of(PortInfoQuery.class, "portinfo", "PortInfo (attribute 0x0015) "
                + "of PORT.").withAliases("PI");

        /** AttributeModifier bit 31, which smpquery -x sets: the port's extended speeds are asked for. */
        private static final long EXTENDED_SPEEDS = 1L << 31;
        private boolean extendedSpeeds;

        PortInfoQuery(CliContext context) {
            super(context, "The port (default: ${DEFAULT-VALUE}: a switch's port 0, or the port a CA is reached by).");
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.flag("-x", "--extended").help("Ask with AttributeModifier bit 31 set, for the extended speeds (as "
                    + "smpquery -x).").to(() -> extendedSpeeds = true);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return extendedSpeeds ? smp.get(route, SmpClient.PORT_INFO, portNumber | EXTENDED_SPEEDS)
                    : smp.portInfo(route, portNumber);
        }

        /** smpquery's: libibmad's PortInfo fields and value names. */
        @Override
        String text(Record answer, String node) {
            return PortInfoText.of(node, portNumber, (PortInfo) answer, showKeys);
        }
    }

    static final class SwitchInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(SwitchInfoQuery.class, "switchinfo", "SwitchInfo (attribute "
                + "0x0012).").withAliases("SI");

        SwitchInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.switchInfo(route);
        }

        /** smpquery's: libibmad's SwitchInfo fields. */
        @Override
        String text(Record answer, String node) {
            SwitchInfo si = (SwitchInfo) answer;
            StringBuilder out = new StringBuilder("# Switch info: ").append(node).append('\n');
            FieldLines.line(out, "LinearFdbCap", si.linearFdbCap());
            FieldLines.line(out, "RandomFdbCap", si.randomFdbCap());
            FieldLines.line(out, "McastFdbCap", si.multicastFdbCap());
            FieldLines.line(out, "LinearFdbTop", si.linearFdbTop());
            FieldLines.line(out, "DefPort", si.defaultPort());
            FieldLines.line(out, "DefMcastPrimPort", si.defaultMulticastPrimaryPort());
            FieldLines.line(out, "DefMcastNotPrimPort", si.defaultMulticastNotPrimaryPort());
            FieldLines.line(out, "LifeTime", si.lifeTimeValue());
            FieldLines.line(out, "StateChange", si.portStateChange() ? 1 : 0);
            FieldLines.line(out, "OptSLtoVLMapping", si.optimizedSlToVlMappingProgramming());
            FieldLines.line(out, "LidsPerPort", si.lidsPerPort());
            FieldLines.line(out, "PartEnforceCap", si.partitionEnforcementCap());
            FieldLines.line(out, "InboundPartEnf", si.inboundEnforcementCap() ? 1 : 0);
            FieldLines.line(out, "OutboundPartEnf", si.outboundEnforcementCap() ? 1 : 0);
            FieldLines.line(out, "FilterRawInbound", si.filterRawInboundCap() ? 1 : 0);
            FieldLines.line(out, "FilterRawOutbound", si.filterRawOutboundCap() ? 1 : 0);
            FieldLines.line(out, "EnhancedPort0", si.enhancedPort0() ? 1 : 0);
            FieldLines.hex(out, "MulticastFDBTop", si.multicastFdbTop(), 4);
            return out.toString();
        }
    }

    /** A port's P_Key table: the blocks that hold its {@code capacity} entries (PartitionCap), whole. */
    record PortPKeys(int port, int capacity, List<Integer> pKeys) {
    }

    /** A port's GUID table: the blocks that hold its {@code capacity} entries (GUIDCap), whole. */
    record PortGuids(int capacity, List<Long> guids) {
    }

    /**
     * smpquery's table layout: {@code perLine} entries a line after the first one's index, every line full (so up
     * to {@code capacity} rounded up to a whole line, as the tool prints them), then the capacity.
     */
    static String table(List<String> entries, int capacity, int perLine, String what) {
        StringBuilder out = new StringBuilder();
        int shown = Math.min(entries.size(), (capacity + perLine - 1) / perLine * perLine);
        for (int i = 0; i < shown; i++) {
            out.append(i % perLine == 0 ? String.format("%4d: ", i) : " ").append(entries.get(i));
            if (i % perLine == perLine - 1 || i == shown - 1) {
                out.append('\n');
            }
        }
        return out.append(capacity).append(' ').append(what).append(" capacity for this port\n").toString();
    }

    static final class PKeyTableQuery extends PortQuery {
        static final CommandInfo INFO = CommandInfo.of(PKeyTableQuery.class, "pkeytable", "PKeyTable (attribute "
                + "0x0016) of PORT, every block the node holds (its PartitionCap; a switch's external port: its "
                + "PartitionEnforcementCap), as smpquery pkeys.").withAliases("PKeys");

        PKeyTableQuery(CliContext context) {
            super(context, "The port (default: ${DEFAULT-VALUE}).");
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            Mono<Integer> capacity = smp.nodeInfo(route).flatMap(info -> info.isSwitch() && portNumber != 0
                    ? smp.switchInfo(route).map(SwitchInfo::partitionEnforcementCap) : Mono.just(info.partitionCap()));
            return capacity.flatMap(n -> Flux.range(0, (n + PKeyTable.ENTRIES - 1) / PKeyTable.ENTRIES)
                    .concatMap(block -> smp.pKeyTable(route, portNumber, block))
                    .concatMapIterable(PKeyTable::pKeys).collectList()
                    .map(keys -> new PortPKeys(portNumber, n, keys)));
        }

        /** smpquery's layout: eight P_Keys a line. */
        @Override
        String text(Record answer, String node) {
            PortPKeys table = (PortPKeys) answer;
            return table(table.pKeys().stream().map(k -> String.format("0x%04x", k)).toList(), table.capacity(), 8,
                    "pkeys");
        }
    }

    static final class GuidInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(GuidInfoQuery.class, "guidinfo", "GUIDInfo (attribute "
                + "0x0014): every block of the port's GUIDCap, as smpquery guidinfo.").withAliases("GI");

        GuidInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.portInfo(route, 0).map(PortInfo::guidCap).flatMap(n -> Flux.range(0,
                            (n + GuidInfo.ENTRIES - 1) / GuidInfo.ENTRIES)
                    .concatMap(block -> smp.guidInfo(route, block))
                    .concatMapIterable(GuidInfo::guids).collectList()
                    .map(guids -> new PortGuids(n, guids)));
        }

        /** smpquery's layout: two GUIDs a line. */
        @Override
        String text(Record answer, String node) {
            PortGuids table = (PortGuids) answer;
            return table(table.guids().stream().map(g -> String.format("0x%016x", g)).toList(), table.capacity(), 2,
                    "guids");
        }
    }

    static final class PortInfoExtendedQuery extends PortQuery {
        static final CommandInfo INFO = CommandInfo.of(PortInfoExtendedQuery.class, "portinfoextended", "PortInfoExtended "
                + "(attribute 0x0033) of PORT: its FEC modes; asked only where PortInfo's CapabilityMask2 says the port "
                + "has it, as smpquery PIE does.").withAliases("PIE", "PortInfoExtended");

        PortInfoExtendedQuery(CliContext context) {
            super(context, "The port (default: ${DEFAULT-VALUE}).");
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return portInfoExtended(smp, route, portNumber);
        }

        /**
         * PortInfoExtended of {@code port} after smpquery's check (and perfquery's): the CapabilityMask2 of the port's
         * PortInfo (a switch's port 0's); a port without it fails with {@link NotSupported}.
         */
        static Mono<PortInfoExtended> portInfoExtended(SmpClient smp, SmpRoute route, int port) {
            return smp.nodeInfo(route)
                    .flatMap(node -> smp.portInfo(route, node.isSwitch() ? 0 : port))
                    .flatMap(info -> {
                        if ((info.capabilityMask() & PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED) == 0) {
                            return Mono.error(new NotSupported("port info extended not supported: the port's "
                                    + "PortInfo has no CapabilityMask2"));
                        }
                        if ((info.capabilityMask2() & PortInfo.CAP2_IS_PORT_INFO_EXTENDED_SUPPORTED) == 0) {
                            return Mono.error(new NotSupported(String.format("port info extended not "
                                    + "supported: PortInfo CapabilityMask2 0x%x does not say IsPortInfoExtendedSupported",
                                    info.capabilityMask2())));
                        }
                        return smp.portInfoExtended(route, port);
                    });
        }

        /** The port has no PortInfoExtended, as its PortInfo says. */
        static final class NotSupported extends IllegalStateException {
            NotSupported(String message) {
                super(message);
            }
        }

        /** smpquery's field names, with IBA's layout of the HDR and NDR fields (libibmad reads other bytes for them). */
        @Override
        String text(Record answer, String node) {
            PortInfoExtended info = (PortInfoExtended) answer;
            StringBuilder out = new StringBuilder("# Port info Extended: ").append(node).append(" port ")
                    .append(portNumber).append('\n');
            FieldLines.hex(out, "CapMask", info.capabilityMask(), 8);
            FieldLines.line(out, "FECModeActive", info.fecModeActive());
            FieldLines.hex(out, "FDRFECModeSupported", info.fdrFecModeSupported(), 4);
            FieldLines.hex(out, "FDRFECModeEnabled", info.fdrFecModeEnabled(), 4);
            FieldLines.hex(out, "EDRFECModeSupported", info.edrFecModeSupported(), 4);
            FieldLines.hex(out, "EDRFECModeEnabled", info.edrFecModeEnabled(), 4);
            FieldLines.hex(out, "HDRFECModeSupported", info.hdrFecModeSupported(), 4);
            FieldLines.hex(out, "HDRFECModeEnabled", info.hdrFecModeEnabled(), 4);
            FieldLines.hex(out, "NDRFECModeSupported", info.ndrFecModeSupported(), 4);
            FieldLines.hex(out, "NDRFECModeEnabled", info.ndrFecModeEnabled(), 4);
            return out.toString();
        }
    }

    static final class MlnxExtPortInfoQuery extends PortQuery {
        static final CommandInfo INFO = CommandInfo.of(MlnxExtPortInfoQuery.class, "mlnxextportinfo", "Mellanox's "
                + "MlnxExtPortInfo (vendor attribute 0xFF90) of PORT: its extended link speeds.")
                .withAliases("MEPI", "MlnxExtPortInfo");

        MlnxExtPortInfoQuery(CliContext context) {
            super(context, "The port (default: ${DEFAULT-VALUE}).");
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.mlnxExtPortInfo(route, portNumber);
        }

        @Override
        String text(Record answer, String node) {
            return text((MlnxExtPortInfo) answer, node, portNumber);
        }

        /** As smpquery and ibportstate print it: a heading naming the port, then libibmad's four fields in hex. */
        static String text(MlnxExtPortInfo info, String node, int port) {
            StringBuilder out = new StringBuilder("# MLNX ext Port info: ").append(node).append(" port ").append(port)
                    .append('\n');
            FieldLines.hex(out, "StateChangeEnable", info.stateChangeEnable(), 2);
            FieldLines.hex(out, "LinkSpeedSupported", info.linkSpeedSupported(), 2);
            FieldLines.hex(out, "LinkSpeedEnabled", info.linkSpeedEnabled(), 2);
            FieldLines.hex(out, "LinkSpeedActive", info.linkSpeedActive(), 2);
            return out.toString();
        }
    }

    /**
     * How smpquery and ibroute name the node they asked (libibmad's portid2str): "Lid 4", or the directed route with
     * its DrSLID and DrDLID, "DR path slid 65535; dlid 65535; 0,1" when it is directed from end to end.
     */
    static String portId(SmpRoute route) {
        return portId(route, MadAddress.PERMISSIVE_LID);
    }

    /** As above, {@code smp}'s port asking (a combined route's DrSLID is its LID). */
    static String portId(SmpClient smp, SmpRoute route) {
        return portId(route, smp.port().attributes().lid());
    }

    /**
     * As above, for a route whose directed part may start at a LID: libibmad then names it by that LID and, unless the
     * directed part has no hops, the path with its DrSLID, the local port's LID ({@code localLid}), as the SMP carries it.
     */
    private static String portId(SmpRoute route, int localLid) {
        if (route instanceof SmpRoute.LidRouted lid) {
            return "Lid " + lid.lid();
        }
        SmpRoute.Directed dr = (SmpRoute.Directed) route;
        if (!dr.startsLocally() && dr.ports().length == 0) {
            return "Lid " + dr.startLid();
        }
        return (dr.startsLocally() ? "" : "Lid " + dr.startLid() + " ") + "DR path slid "
                + (dr.startsLocally() ? MadAddress.PERMISSIVE_LID : localLid) + "; dlid " + dr.endLid() + "; "
                + Routes.format(dr);
    }

    /** The SL to VL tables smpquery sl2vl reads: a CA's one; a switch's from each port (0 too) to {@code out}. */
    record SlToVlTables(String node, List<PortSlToVl> tables) {
    }

    /** One table: packets from port {@code in} to port {@code out} on service level i go on VL {@code vls.get(i)}. */
    record PortSlToVl(int in, int out, List<Integer> vls) {
    }

    static final class SlToVlQuery extends PortQuery {
        static final CommandInfo INFO = CommandInfo.of(SlToVlQuery.class, "sl2vltable", "SLtoVLMappingTable (attribute "
                + "0x0017): a CA's, or a switch's from every port to PORT, as smpquery sl2vl.").withAliases("SL2VL");

        SlToVlQuery(CliContext context) {
            super(context, "A switch's output port (default: ${DEFAULT-VALUE}).");
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeInfo(route).flatMap(info -> {
                if (portNumber > info.numPorts()) {
                    return Mono.error(new IllegalArgumentException("port " + portNumber + " is beyond the node's "
                            + info.numPorts() + " ports"));
                }
                int out = info.isSwitch() ? portNumber : 0;
                return Flux.range(0, info.isSwitch() ? info.numPorts() + 1 : 1)
                        .concatMap(in -> smp.slToVlMappingTable(route, in, out)
                                .map(t -> new PortSlToVl(in, out, t.vls())))
                        .collectList()
                        .map(tables -> new SlToVlTables(portId(smp, route), tables));
            });
        }

        /** smpquery's layout: a header, then a line per input port. */
        @Override
        String text(Record answer, String node) {
            SlToVlTables tables = (SlToVlTables) answer;
            StringBuilder out = new StringBuilder("# SL2VL table: ").append(tables.node()).append("\n#                 SL: |");
            for (int sl = 0; sl < SlToVlMappingTable.SERVICE_LEVELS; sl++) {
                out.append(String.format("%2d|", sl));
            }
            out.append('\n');
            for (PortSlToVl table : tables.tables()) {
                out.append(String.format("ports: in %2d, out %2d: |", table.in(), table.out()));
                table.vls().forEach(vl -> out.append(String.format("%2d|", vl)));
                out.append('\n');
            }
            return out.toString();
        }
    }

    /**
     * A port's VL arbitration tables as smpquery vlarb reads them: as many entries of each as its PortInfo's
     * VLArbLowCap and VLArbHighCap say; none on a switch's base port 0, which has no VLs.
     */
    record VlArbitrationTables(String node, int port, boolean basePort0, int lowCap, int highCap,
                               List<VlArbitrationTable.Entry> low, List<VlArbitrationTable.Entry> high) {
    }

    static final class VlArbitrationQuery extends PortQuery {
        static final CommandInfo INFO = CommandInfo.of(VlArbitrationQuery.class, "vlarbitration", "VLArbitrationTable "
                + "(attribute 0x0018) of PORT: its low- and high-priority tables, as smpquery vlarb.")
                .withAliases("VLArb");

        VlArbitrationQuery(CliContext context) {
            super(context, "The port (default: ${DEFAULT-VALUE}: the port the "
                    + "SMP arrives by, or a switch's port 0).");
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            String node = portId(smp, route);
            Mono<Boolean> basePort0 = portNumber != 0 ? Mono.just(false) : smp.nodeInfo(route)
                    .flatMap(info -> info.isSwitch() ? smp.switchInfo(route).map(si -> !si.enhancedPort0()) : Mono.just(false));
            return basePort0.flatMap(base -> base
                    ? Mono.just(new VlArbitrationTables(node, portNumber, true, 0, 0, List.of(), List.of()))
                    : smp.portInfo(route, portNumber).flatMap(info -> Mono.zip(
                            entries(smp, route, VlArbitrationTable.LOW_PRIORITY, info.vlArbitrationLowCap()),
                            entries(smp, route, VlArbitrationTable.HIGH_PRIORITY, info.vlArbitrationHighCap()),
                            (low, high) -> new VlArbitrationTables(node, portNumber, false, info.vlArbitrationLowCap(),
                                    info.vlArbitrationHighCap(), low, high))));
        }

        /** The first {@code cap} entries of the table whose first block is {@code block}: one block, or two past 32. */
        private Mono<List<VlArbitrationTable.Entry>> entries(SmpClient smp, SmpRoute route, int block, int cap) {
            return Flux.range(0, (cap + VlArbitrationTable.ENTRIES - 1) / VlArbitrationTable.ENTRIES)
                    .concatMap(i -> smp.vlArbitrationTable(route, portNumber, block + i))
                    .concatMapIterable(VlArbitrationTable::entries)
                    .take(cap)
                    .collectList();
        }

        /** smpquery's layout: a header, then each table's VLs and weights, 32 entries a block. */
        @Override
        String text(Record answer, String node) {
            VlArbitrationTables t = (VlArbitrationTables) answer;
            if (t.basePort0()) {
                return "# No VLArbitration tables (BSP0): " + t.node() + " port " + t.port() + "\n";
            }
            StringBuilder out = new StringBuilder(String.format("# VLArbitration tables: %s port %d LowCap %d HighCap %d%n",
                    t.node(), t.port(), t.lowCap(), t.highCap()));
            table(out, "Low", t.low());
            table(out, "High", t.high());
            return out.toString();
        }

        private static void table(StringBuilder out, String priority, List<VlArbitrationTable.Entry> entries) {
            if (entries.isEmpty()) {
                return;
            }
            out.append("# ").append(priority).append(" priority VL Arbitration Table:");
            for (int from = 0; from < entries.size(); from += VlArbitrationTable.ENTRIES) {
                List<VlArbitrationTable.Entry> block = entries.subList(from,
                        Math.min(entries.size(), from + VlArbitrationTable.ENTRIES));
                out.append("\nVL    : |");
                block.forEach(e -> out.append(String.format("0x%-2X|", e.vl())));
                out.append("\nWEIGHT: |");
                block.forEach(e -> out.append(String.format("0x%-2X|", e.weight())));
                out.append('\n');
            }
        }
    }
}
