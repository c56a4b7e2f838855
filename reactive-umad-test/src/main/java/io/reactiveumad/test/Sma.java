package io.reactiveumad.test;

import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.PortInfoExtended;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.PortRates;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The subnet management agent every node runs: answers LID-routed and directed-route SMP Get for
 * NodeInfo, NodeDescription, PortInfo, SwitchInfo, LinearForwardingTable (the SM's min-hop routes) and
 * MulticastForwardingTable (switches: the ports the SM programmed for each joined group's MLID),
 * P_KeyTable, GUIDInfo and, at the SM's port, SMInfo (master, ActCount = sweeps); Set for PortInfo
 * (PortState Down, PortPhysicalState Disabled and Polling, ClientReregister, enabled widths and speeds, which
 * retrain the link). NodeDescription is read-only and anything else is answered with
 * status 0x000C (unsupported method/attribute); a bad port or block with 0x001C (invalid value).
 */
final class Sma implements LocalService {
    /** Status "invalid attribute value or modifier". */
    static final int INVALID_VALUE = MadStatus.CODE_INVALID_ATTRIBUTE_VALUE << MadStatus.CODE_SHIFT;
    /** PortInfo's AttributeModifier bit 31. */
    private static final long EXTENDED_SPEEDS = 1L << 31;
    /**
     * OpenSM's answer to an SM control it refuses: it means status 7 and puts it on the wire byte-swapped, as the
     * class-specific 0x0700 that sminfo and every peer then see.
     */
    static final int SM_CONTROL_REFUSED = 0x0700;
    /*
     * The attribute values below are those ibsim 0.10 (Debian's) answers once OpenSM has swept the subnet, so that a
     * net file gives the same answers here as there: each says where it differs by kind of port.
     */
    /** ibsim's tables: 30720 unicast LIDs, 1024 multicast. */
    private static final int LINEAR_FDB_CAP = 30720;
    private static final int MULTICAST_FDB_CAP = 1024;
    /** NodeInfo PartitionCap: a switch's port 0 has 8 P_Keys, a CA's or router's ports 64. */
    private static final int SWITCH_PARTITION_CAP = 8;
    private static final int CA_PARTITION_CAP = 64;
    /** SwitchInfo PartitionEnforcementCap: the P_Keys of each external port. */
    private static final int PARTITION_ENFORCEMENT_CAP = 64;
    static final int NODE_REVISION = 0xA1;
    /** Eight data VLs, VL0-7, which OpenSM makes the operational ones. */
    private static final int VL_CAP_VL0_7 = 4;
    private static final int VL_ARBITRATION_CAP = 8;
    /** The default SL to VL table: SL i to VL i, but SL 15 to VL 7. */
    private static final int LAST_SL = 15;
    private static final int LAST_SL_VL = 7;
    /** VLArbitration weights of the low (block 1) and high (block 3) priority tables, VL by VL from VL0. */
    private static final int[] LOW_PRIORITY_WEIGHTS = {0, 4, 4, 4, 4, 4, 4, 4};
    private static final int[] HIGH_PRIORITY_WEIGHTS = {4, 0, 0, 0, 0, 0, 0, 0};
    private static final int VL_ARBITRATION_LOW_BLOCK = 1;
    private static final int VL_ARBITRATION_HIGH_BLOCK = 3;
    /** M_KeyLeasePeriod of a switch's port 0 and a CA's ports (an external port has none). */
    private static final int M_KEY_LEASE_PERIOD = 4089;
    /** SubnetTimeout of a switch's port 0 and a CA's ports; RespTimeValue of a switch's port 0. */
    private static final int SUBNET_TIMEOUT = 31;
    private static final int SWITCH_RESP_TIME_VALUE = 8;
    /** GUIDCap of a CA's ports. */
    private static final int CA_GUID_CAP = 32;
    /** VLStallCount of a CA's and an external port. */
    private static final int VL_STALL_COUNT = 7;
    /**
     * HOQLife OpenSM gives a cabled port: a switch's external port toward another switch (0x12), toward a CA or router
     * (0x10, the leaf's); a router's port the leaf's too. A CA's it leaves as it found it (0).
     */
    private static final int SWITCH_HOQ_LIFE = 0x12;
    private static final int LEAF_HOQ_LIFE = 0x10;
    /** LocalPhyErrors of a switch's external port that never had a cable. */
    private static final int UNCABLED_LOCAL_PHY_ERRORS = 4;
    /** LinkWidthSupported: 1X, 2X, 4X, 8X and 12X. */
    private static final int WIDTHS_ALL = 0x1F;
    /** LinkSpeedSupported: SDR, DDR and QDR. */
    private static final int SPEEDS_SDR_DDR_QDR = 0x07;
    /** LinkSpeedExtSupported of a port at an extended speed: FDR, EDR and HDR. */
    private static final int EXTENDED_SPEEDS_FDR_TO_HDR = 0x07;
    /** CapabilityMask of a switch's port 0; a CA's ports add vendor classes and, once cabled, CapabilityMask notices. */
    private static final long SWITCH_CAPABILITIES = PortInfo.CAP_IS_TRAP_SUPPORTED | PortInfo.CAP_IS_SL_MAPPING_SUPPORTED
            | PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED | PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED
            // Not ibsim's: a port here takes ClientReregister, so that an SM restart can ask for it (FabricEngine).
            | PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED;
    private static final int CAPABILITIES2 = PortInfo.CAP2_IS_LINK_WIDTH_2X_SUPPORTED
            | PortInfo.CAP2_IS_LINK_SPEED_HDR_SUPPORTED
            // Not ibsim's: a port here answers PortInfoExtended (no FEC mode), so that a test can read it.
            | PortInfo.CAP2_IS_PORT_INFO_EXTENDED_SUPPORTED;
    /** Every port's PortInfoExtended: no FEC mode supported, none active. */
    private static final PortInfoExtended NO_FEC = new PortInfoExtended(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    /** MKeyProtectBits 3: without the M_Key, not even a Get is answered. */
    private static final int M_KEY_PROTECTED = 3;

    private final FabricEngine engine;

    Sma(FabricEngine engine) {
        this.engine = engine;
    }

    @Override
    public boolean serves(FabricNode node, int port, int mgmtClass, int method) {
        return MgmtClass.isSmp(mgmtClass) && (method == Method.GET || method == Method.SET);
    }

    @Override
    public void onRequest(Arrival request) {
        byte[] mad = request.mad();
        ByteBuffer in = ByteBuffer.wrap(mad);
        int attribute = request.attributeId();
        long modifier = request.attributeModifier();
        boolean set = request.isSet();
        FabricNode node = request.node();
        // A LID-routed SMP reaches a switch's SMA through port 0; a directed-route one through the port it came in by.
        int arrival = node.isSwitch() && request.mgmtClass() == MgmtClass.SUBN_LID_ROUTED ? 0 : request.port();
        if (node.mKey != 0 && new SmpHeader().wrap(in, 0).mKey() != node.mKey) {
            return; // an M_Key violation: discarded, as by MKeyProtectBits 3 (the requester times out)
        }
        MadAttribute answer;
        int status = MadStatus.OK;
        try {
            answer = switch (attribute) {
                case NodeInfo.ATTRIBUTE_ID -> set ? null : nodeInfo(node, arrival);
                case NodeDescription.ATTRIBUTE_ID -> set ? null : new NodeDescription(node.description);
                // Bit 31 asks for the extended speeds (smpquery -x), which every PortInfo here carries anyway.
                case PortInfo.ATTRIBUTE_ID -> portInfo(node, portOf(node, request.port(), modifier & ~EXTENDED_SPEEDS),
                        set ? mad : null, (modifier & EXTENDED_SPEEDS) != 0).toBuilder().localPortNum(arrival).build();
                case SwitchInfo.ATTRIBUTE_ID -> set || !node.isSwitch() ? null : switchInfo(node);
                case LinearForwardingTable.ATTRIBUTE_ID -> set || !node.isSwitch() ? null
                        : linearForwardingTable(node, modifier);
                case MulticastForwardingTable.ATTRIBUTE_ID -> set || !node.isSwitch() ? null
                        : multicastForwardingTable(node, modifier);
                case PKeyTable.ATTRIBUTE_ID -> set ? null : pKeyTable(node, request.port(), modifier);
                case GuidInfo.ATTRIBUTE_ID -> set ? null : guidInfo(node, request.port(), modifier);
                case SmInfo.ATTRIBUTE_ID -> {
                    SmInfo sm = smInfo(node, request.port());
                    if (set && sm != null && !masterTakes((int) modifier, SmInfo.decode(in, SmpHeader.DATA_OFFSET))) {
                        status = SM_CONTROL_REFUSED;
                    }
                    yield sm;
                }
                case SlToVlMappingTable.ATTRIBUTE_ID -> set ? null : slToVl(node, modifier);
                case VlArbitrationTable.ATTRIBUTE_ID -> set ? null : vlArbitration(node, request.port(), modifier);
                case PortInfoExtended.ATTRIBUTE_ID -> {
                    portOf(node, request.port(), modifier);
                    yield set ? null : NO_FEC;
                }
                case MlnxExtPortInfo.ATTRIBUTE_ID -> set || !MlnxExtPortInfo.isAnsweredBy(node.node.vendorId(),
                        node.node.deviceId()) ? null : mlnxExtPortInfo(node, portOf(node, request.port(), modifier));
                default -> null;
            };
            if (answer == null) {
                status = MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
            }
        } catch (IllegalArgumentException badModifier) {
            answer = null;
            status = INVALID_VALUE;
        }
        byte[] response = FabricEngine.status(request, status);
        if (answer != null) {
            answer.encode(ByteBuffer.wrap(response), SmpHeader.DATA_OFFSET);
        }
        engine.reply(request, response);
    }

    private static int portOf(FabricNode node, int arrivalPort, long modifier) {
        int port = (int) modifier;
        if (port == 0 && !node.isSwitch()) {
            port = arrivalPort; // a CA answers for the port the SMP came in on, as ibsim does
        }
        node.node.checkPort(port);
        return port;
    }

    /** NodeInfo as the SMA answers an SMP that came in by {@code port} (a switch's LID-routed ones: port 0). */
    static NodeInfo nodeInfo(FabricNode node, int port) {
        return new NodeInfo(MadHeader.BASE_VERSION, 1, node.node.type().code(), node.node.portCount(),
                node.node.systemImageGuid(), node.node.nodeGuid(), node.node.portGuid(port),
                partitionCap(node, 0), node.node.deviceId(), NODE_REVISION, port, node.node.vendorId());
    }

    /** The P_Keys {@code node}'s {@code port} holds: NodeInfo's PartitionCap, an external port's enforcement cap. */
    static int partitionCap(FabricNode node, int port) {
        return !node.isSwitch() ? CA_PARTITION_CAP : port == 0 ? SWITCH_PARTITION_CAP : PARTITION_ENFORCEMENT_CAP;
    }

    /**
     * PortInfo of {@code node}:{@code port}, after applying the PortInfo Set in {@code set} when not null;
     * {@code extendedValid}: the Set's AttributeModifier bit 31, which says its LinkSpeedExtEnabled is meant.
     */
    PortInfo portInfo(FabricNode node, int port, byte[] set, boolean extendedValid) {
        if (set != null) {
            FabricPort p = node.ports[port];
            PortInfo wanted = PortInfo.decode(ByteBuffer.wrap(set), SmpHeader.DATA_OFFSET);
            p.clientReregister = wanted.clientReregister();
            if (port > 0) {
                changeLink(node, p, wanted);
                retrain(node, p, wanted, extendedValid);
            }
        }
        return portInfo(engine, node, port);
    }

    /**
     * A Set of enabled widths or speeds to a cabled port retrains its link, both ends alike, as ibsim's SMA does, and as
     * there only when the Set changes no port state: each mask ibsim acts on gives the width, speed or extended speed
     * {@link PortRates} says, and is what the port enables from then on; any other mask changes nothing. A link at an
     * extended speed keeps it under a Set of legacy speeds, which PortInfo's LinkSpeedActive then says; an FDR10 link
     * set to QDR stays FDR10.
     */
    private void retrain(FabricNode node, FabricPort p, PortInfo wanted, boolean extendedValid) {
        Link link = engine.topology().link(node.id(), p.number).orElse(null);
        if (link == null || wanted.portState() != 0) {
            return;
        }
        int extendedMask = extendedValid ? wanted.linkSpeedExtEnabled() : 0;
        LinkWidth widthSet = PortRates.widthSet(wanted.linkWidthEnabled());
        int speedSet = PortRates.speedSet(wanted.linkSpeedEnabled());
        int extendedSet = PortRates.extendedSpeedSet(extendedMask);
        int speedActive = speedSet != 0 ? speedSet : engine.speedActive(link);
        int extended = extendedSet != 0 ? extendedSet : link.speed().extActive();
        LinkSpeed speed = extended != 0 ? LinkSpeed.of(LinkSpeed.QDR.speedActive(), extended)
                : LinkSpeed.of(speedActive, 0, link.speed() == LinkSpeed.FDR10);
        engine.retrain(link, widthSet != null ? widthSet : link.width(), speed, speedActive);
        engine.topology().rates(node.id(), p.number).ifPresent(rates -> engine.rates(node.id(), p.number,
                rates.afterSet(wanted.linkWidthEnabled(), wanted.linkSpeedEnabled(), extendedMask)));
    }

    /**
     * PortInfo of {@code node}:{@code port} as the SMA keeps it (engine thread): LocalPortNum is the port's own on a CA,
     * 0 on a switch; a Get answers with the port the SMP came in by there. A switch's external port has no LID, GID
     * prefix, SM LID or capabilities of its own; a CA's port the SM never brought up no GID prefix.
     */
    static PortInfo portInfo(FabricEngine engine, FabricNode node, int port) {
        FabricPort p = node.ports[port];
        FabricPort addressable = node.addressable(Math.max(port, 1));
        boolean external = node.isSwitch() && port > 0;
        boolean portZero = node.isSwitch() && port == 0;
        boolean smPort = node == engine.smNode() && port == engine.smPort();
        Link ranLast = ranLast(engine, node, port);
        long capabilities = external ? 0 : SWITCH_CAPABILITIES | (portZero ? 0 : PortInfo.CAP_IS_VENDOR_CLASS_SUPPORTED
                | (ranLast == null ? 0 : PortInfo.CAP_IS_CAPABILITY_MASK_NOTICE_SUPPORTED)) | (smPort ? PortInfo.CAP_IS_SM : 0);
        long gidPrefix = external || addressable.lid == 0 ? 0 : FabricEngine.DEFAULT_GID_PREFIX;
        // As ibsim: a port enables what its net file line gives it (PortRates, kept when the cable is pulled); a port
        // of a topology built in code what a line of its cable's rate would; one that never had a cable, and a
        // switch's port 0, the 4X SDR it runs at and nothing more.
        PortRates enabled = (port == 0 ? Optional.<PortRates>empty() : engine.topology().rates(node.id(), port))
                .orElseGet(() -> ranLast == null ? PortRates.UNDECLARED
                        : PortRates.declared(ranLast.width(), ranLast.speed()));
        LinkWidth widthActive = ranLast == null ? Link.DEFAULT_WIDTH : ranLast.width();
        int speedActive = ranLast == null ? Link.DEFAULT_SPEED.speedActive() : engine.speedActive(ranLast);
        int extActive = ranLast == null ? 0 : ranLast.speed().extActive();
        int extSupported = extActive == 0 ? 0 : EXTENDED_SPEEDS_FDR_TO_HDR | extActive;
        int extEnabled = extActive == 0 ? 0 : enabled.extendedSpeeds();
        return new PortInfo(node.mKey, gidPrefix, external ? 0 : addressable.lid, external ? 0 : addressable.smLid,
                capabilities, 0, external ? 0 : M_KEY_LEASE_PERIOD, node.isSwitch() ? 0 : port, enabled.widths(), WIDTHS_ALL,
                widthActive.code(), SPEEDS_SDR_DDR_QDR, p.state, p.physState, PortInfo.PHYS_POLLING,
                node.mKey == 0 ? 0 : M_KEY_PROTECTED, external ? 0 : addressable.lmc, speedActive,
                enabled.speeds(), portZero ? Selector.MTU_256 : Selector.MTU_2048, 0, VL_CAP_VL0_7, 0, 0, VL_ARBITRATION_CAP,
                VL_ARBITRATION_CAP, 0, mtuCap(node, port), portZero ? 0 : VL_STALL_COUNT,
                hoqLife(engine, node, port, ranLast), VL_CAP_VL0_7, false, false, false, false, 0, 0, 0,
                guidCap(node, port), p.clientReregister, 0, external ? 0 : SUBNET_TIMEOUT,
                portZero ? SWITCH_RESP_TIME_VALUE : 0, external && ranLast == null ? UNCABLED_LOCAL_PHY_ERRORS : 0, 0, 0,
                0, external ? 0 : CAPABILITIES2, extActive, extSupported, extEnabled);
    }

    /**
     * The cable {@code node}:{@code port} runs on or, without one, ran on last (pulled by {@link FabricEngine#unlink}):
     * a port without a cable says it runs at the rate it ran at last, as ibsim's do. Null before its first cable and for
     * a switch's port 0, which run at 4X SDR ({@link Link#DEFAULT_WIDTH}, {@link Link#DEFAULT_SPEED}).
     */
    private static Link ranLast(FabricEngine engine, FabricNode node, int port) {
        return port == 0 ? null : engine.topology().link(node.id(), port).orElse(engine.unlinked(node.id(), port));
    }

    /** MTUCap: 1024 bytes at a switch's port 0, else 2048. */
    static int mtuCap(FabricNode node, int port) {
        return node.isSwitch() && port == 0 ? Selector.MTU_1024 : Selector.MTU_2048;
    }

    /** GUIDCap: a CA's ports hold 32 GUIDs, a switch's port 0 one, its external ports none. */
    private static int guidCap(FabricNode node, int port) {
        return !node.isSwitch() ? CA_GUID_CAP : port == 0 ? 1 : 0;
    }

    /**
     * HOQLife of a port that ran on {@code ranLast} (0 before its first cable), as OpenSM set it then: a switch's
     * external port's and a router's port's, unless OpenSM ignores the router, or the node the switch's port faces
     * (node GUID 0, as ibsim's first router's).
     */
    private static int hoqLife(FabricEngine engine, FabricNode node, int port, Link ranLast) {
        if (ranLast == null || port == 0) {
            return 0;
        }
        if (node.node.type() == NodeType.ROUTER) {
            return node.node.nodeGuid() == 0 ? 0 : LEAF_HOQ_LIFE;
        }
        if (!node.isSwitch()) {
            return 0;
        }
        Link.End peer = ranLast.a().node().equals(node.id()) ? ranLast.b() : ranLast.a();
        Optional<Node> facing = engine.topology().node(peer.node());
        if (facing.isEmpty() || facing.get().nodeGuid() == 0) {
            return 0; // OpenSM sets nothing toward a node it ignores
        }
        return facing.get().type() == NodeType.SWITCH ? SWITCH_HOQ_LIFE : LEAF_HOQ_LIFE;
    }

    /**
     * A Mellanox device's MlnxExtPortInfo, as ibsim's: FDR10 supported, enabled and active on a port whose link runs
     * (or last ran) at FDR10; nothing on any other port, which never wrote it.
     */
    private MlnxExtPortInfo mlnxExtPortInfo(FabricNode node, int port) {
        Link link = ranLast(engine, node, port);
        int fdr10 = link != null && link.speed() == LinkSpeed.FDR10 ? MlnxExtPortInfo.FDR10 : 0;
        return new MlnxExtPortInfo(0, fdr10, fdr10, fdr10);
    }

    /**
     * What a PortInfo Set does to the link of an external port, as ibportstate uses it: PortPhysicalState Disabled
     * takes the link down until enabled; Polling (enable, reset) trains it again, bringing back a link that was taken
     * down; PortState Down takes it down. The other values (0: no change) leave it.
     */
    private void changeLink(FabricNode node, FabricPort p, PortInfo wanted) {
        boolean cabled = engine.topology().link(node.id(), p.number).isPresent();
        if (wanted.portPhysicalState() == PortInfo.PHYS_DISABLED) {
            p.disabled = true;
            if (cabled) {
                engine.unlink(node.id(), p.number);
            }
        } else if (wanted.portPhysicalState() == PortInfo.PHYS_POLLING) {
            p.disabled = false;
            if (cabled) {
                engine.unlink(node.id(), p.number);
            }
            if (engine.isUnlinked(node.id(), p.number)) {
                engine.relink(node.id(), p.number);
            }
        } else if (wanted.portState() == PortInfo.STATE_DOWN && cabled) {
            engine.unlink(node.id(), p.number);
        }
    }

    /**
     * Whether the master SM takes a SubnSet(SMInfo) of {@code control} from a requester that says it is in
     * {@code sender}'s state, as OpenSM judges it: the packet must be one such a sender may send (an acknowledge from a
     * standby SM, any other control from a master), and a master takes only a handover. It stays the master either way
     * and answers with its own SMInfo.
     */
    private static boolean masterTakes(int control, SmInfo sender) {
        boolean legalPacket = control == SmInfo.CONTROL_ACKNOWLEDGE ? sender.smState() == SmInfo.STATE_STANDBY
                : control >= SmInfo.CONTROL_HANDOVER && control <= SmInfo.CONTROL_DISCOVER
                        && sender.smState() == SmInfo.STATE_MASTER;
        return legalPacket && control == SmInfo.CONTROL_HANDOVER;
    }

    /** SMInfo of the master SM at its own port; elsewhere there is no SM to describe. */
    SmInfo smInfo(FabricNode node, int port) {
        if (node != engine.smNode() || port != engine.smPort()) {
            return null;
        }
        return new SmInfo(node.node.portGuid(port), 0, engine.sweeps(), 0, SmInfo.STATE_MASTER);
    }

    static SwitchInfo switchInfo(FabricNode node) {
        return new SwitchInfo(LINEAR_FDB_CAP, 0, MULTICAST_FDB_CAP, Math.max(node.lft.length - 1, 0), 0, 0, 0,
                SubnetManager.PACKET_LIFE_TIME, false, 0, 0, PARTITION_ENFORCEMENT_CAP, false, false, true, true,
                node.node.enhancedPort0(), node.multicastTop());
    }

    /** One block of the switch's LFT; LIDs past what the SM routed have no route. */
    private static LinearForwardingTable linearForwardingTable(FabricNode node, long modifier) {
        if (modifier >= LINEAR_FDB_CAP / LinearForwardingTable.ENTRIES) {
            throw new IllegalArgumentException("LFT block beyond LinearFDBCap: " + modifier);
        }
        return node.lftBlock((int) modifier);
    }

    static MulticastForwardingTable multicastForwardingTable(FabricNode node, long modifier) {
        int position = MulticastForwardingTable.positionOf(modifier);
        int block = MulticastForwardingTable.blockOf(modifier);
        if (block >= MULTICAST_FDB_CAP / MulticastForwardingTable.ENTRIES
                || position * MulticastForwardingTable.PORTS_PER_POSITION > node.node.portCount()) {
            throw new IllegalArgumentException("MFT block or position beyond the switch: " + modifier);
        }
        return node.mftBlock(block, position);
    }

    static PKeyTable pKeyTable(FabricNode node, int arrivalPort, long modifier) {
        int block = (int) (modifier & 0xFFFF);
        int port = node.isSwitch() ? (int) (modifier >>> 16) : arrivalPort;
        node.node.checkPort(port);
        if (block * PKeyTable.ENTRIES >= partitionCap(node, port)) {
            throw new IllegalArgumentException("P_Key block beyond the port's " + partitionCap(node, port) + ": " + block);
        }
        List<Integer> keys = new ArrayList<>(Collections.nCopies(PKeyTable.ENTRIES, 0));
        List<Integer> held = node.ports[port].pkeys;
        for (int i = block * PKeyTable.ENTRIES; i < held.size() && i < (block + 1) * PKeyTable.ENTRIES; i++) {
            keys.set(i - block * PKeyTable.ENTRIES, held.get(i));
        }
        return new PKeyTable(keys);
    }

    /**
     * Every port's table is the default one, SL i to VL i but SL 15 to VL 7, whatever the ports; a switch checks the
     * input and output ports in {@code modifier}, a CA, which has one table, reads none.
     */
    static SlToVlMappingTable slToVl(FabricNode node, long modifier) {
        if (node.isSwitch()) {
            node.node.checkPort((int) (modifier >>> 8 & 0xFF));
            node.node.checkPort((int) (modifier & 0xFF));
        }
        return new SlToVlMappingTable(IntStream.range(0, SlToVlMappingTable.SERVICE_LEVELS)
                .map(sl -> sl == LAST_SL ? LAST_SL_VL : sl).boxed().toList());
    }

    /**
     * A port's VL arbitration tables, low priority (block 1) and high (block 3), of its VLArbitration caps' eight
     * entries: VL0 high, VL1-7 low, each at weight 4. Blocks 2 and 4 lie beyond those caps. A CA answers for the port
     * the SMP came in on.
     */
    static VlArbitrationTable vlArbitration(FabricNode node, int arrivalPort, long modifier) {
        int block = (int) (modifier >>> 16);
        int port = node.isSwitch() ? (int) (modifier & 0xFFFF) : arrivalPort;
        node.node.checkPort(port);
        VlArbitrationTable.modifier(block, port); // the block's range
        int[] weights = block == VL_ARBITRATION_LOW_BLOCK ? LOW_PRIORITY_WEIGHTS
                : block == VL_ARBITRATION_HIGH_BLOCK ? HIGH_PRIORITY_WEIGHTS : null;
        if (weights == null) {
            throw new IllegalArgumentException("VL arbitration block beyond the caps of " + VL_ARBITRATION_CAP + ": " + block);
        }
        List<VlArbitrationTable.Entry> entries = new ArrayList<>(
                Collections.nCopies(VlArbitrationTable.ENTRIES, new VlArbitrationTable.Entry(0, 0)));
        for (int vl = 0; vl < weights.length; vl++) {
            entries.set(vl, new VlArbitrationTable.Entry(vl, weights[vl]));
        }
        return new VlArbitrationTable(entries);
    }

    /** The GUIDInfo blocks of {@code node}'s ports: as many as hold its GUIDCap (a CA's 32, a switch's one). */
    static int guidBlocks(FabricNode node) {
        return (guidCap(node, 0) + GuidInfo.ENTRIES - 1) / GuidInfo.ENTRIES;
    }

    /** GUIDInfo: block 0 holds the port's GUID, the port's other blocks none. */
    static GuidInfo guidInfo(FabricNode node, int arrivalPort, long modifier) {
        if (modifier >= guidBlocks(node)) {
            throw new IllegalArgumentException("GUID block beyond the port's GUIDCap: " + modifier);
        }
        List<Long> guids = new ArrayList<>(Collections.nCopies(GuidInfo.ENTRIES, 0L));
        if (modifier == 0) {
            guids.set(0, node.node.portGuid(node.isSwitch() ? 0 : arrivalPort));
        }
        return new GuidInfo(guids);
    }
}
