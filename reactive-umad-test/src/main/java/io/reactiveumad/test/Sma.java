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
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
    private static final int LINEAR_FDB_CAP = 49152;
    private static final int MULTICAST_FDB_CAP = 1024;
    private static final int PARTITION_CAP = 32;
    /** 2048-byte MTU and 4 data VLs, what ibsim reports. */
    private static final int MTU_2048 = 4;
    private static final int VL_CAP_VL0_3 = 3;
    /** The data VLs VL_CAP_VL0_3 gives. */
    private static final int DATA_VLS = 4;
    private static final int WIDTHS_1X_4X_12X = 0x0B;
    private static final List<LinkWidth> WIDTHS_NARROWEST_FIRST =
            List.of(LinkWidth.X1, LinkWidth.X2, LinkWidth.X4, LinkWidth.X8, LinkWidth.X12);
    private static final int SPEEDS_SDR_DDR_QDR = 0x07;
    /** The Set values meaning "every one the port supports": LinkWidthEnabled 255, LinkSpeed(Ext)Enabled 15 and 31. */
    private static final int ALL_SUPPORTED_WIDTHS = 255;
    private static final int ALL_SUPPORTED_SPEEDS = 15;
    private static final int ALL_SUPPORTED_EXTENDED_SPEEDS = 31;
    private static final int EXTENDED_SPEEDS_FDR_TO_NDR = 0x0F;
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
        if (node.mKey != 0 && new SmpHeader().wrap(in, 0).mKey() != node.mKey) {
            return; // an M_Key violation: discarded, as by MKeyProtectBits 3 (the requester times out)
        }
        MadAttribute answer;
        int status = MadStatus.OK;
        try {
            answer = switch (attribute) {
                case NodeInfo.ATTRIBUTE_ID -> set ? null : nodeInfo(node, request.port());
                case NodeDescription.ATTRIBUTE_ID -> set ? null : new NodeDescription(node.description);
                // Bit 31 asks for the extended speeds (smpquery -x), which every PortInfo here carries anyway.
                case PortInfo.ATTRIBUTE_ID -> portInfo(node, portOf(node, request.port(), modifier & ~EXTENDED_SPEEDS),
                        set ? mad : null, (modifier & EXTENDED_SPEEDS) != 0);
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

    static NodeInfo nodeInfo(FabricNode node, int port) {
        return new NodeInfo(MadHeader.BASE_VERSION, 1, node.node.type().code(), node.node.portCount(),
                node.node.systemImageGuid(), node.node.nodeGuid(), node.node.portGuid(port), PARTITION_CAP,
                node.node.deviceId(), 0, port, node.node.vendorId());
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
     * A Set of enabled widths or speeds retrains the port's link, both ends alike, to the widest and fastest of them the
     * ports support (ibsim's SMA does the same; 0 is no change, 255 and 15 all supported). A link at an extended speed
     * keeps it whatever the legacy speeds enabled; an FDR10 link is QDR to PortInfo, so enabling QDR keeps it.
     */
    private void retrain(FabricNode node, FabricPort p, PortInfo wanted, boolean extendedValid) {
        Link link = engine.topology().link(node.id(), p.number).orElse(null);
        if (link == null) {
            return;
        }
        LinkWidth width = link.width();
        int widths = wanted.linkWidthEnabled() == ALL_SUPPORTED_WIDTHS ? WIDTHS_1X_4X_12X
                : wanted.linkWidthEnabled() & WIDTHS_1X_4X_12X;
        for (LinkWidth w : WIDTHS_NARROWEST_FIRST) {
            if ((widths & w.code()) != 0) {
                width = w;
            }
        }
        LinkSpeed speed = link.speed();
        int speeds = wanted.linkSpeedEnabled() == ALL_SUPPORTED_SPEEDS ? SPEEDS_SDR_DDR_QDR
                : wanted.linkSpeedEnabled() & SPEEDS_SDR_DDR_QDR;
        if (speeds != 0 && speed.extActive() == 0) {
            LinkSpeed fastest = (speeds & LinkSpeed.QDR.speedActive()) != 0 ? LinkSpeed.QDR
                    : (speeds & LinkSpeed.DDR.speedActive()) != 0 ? LinkSpeed.DDR : LinkSpeed.SDR;
            speed = fastest == LinkSpeed.QDR && speed == LinkSpeed.FDR10 ? speed : fastest;
        }
        int extended = wanted.linkSpeedExtEnabled() == ALL_SUPPORTED_EXTENDED_SPEEDS ? EXTENDED_SPEEDS_FDR_TO_NDR
                : wanted.linkSpeedExtEnabled() & EXTENDED_SPEEDS_FDR_TO_NDR;
        if (extendedValid && extended != 0) {
            for (LinkSpeed s : LinkSpeed.values()) {
                if ((extended & s.extActive()) != 0) {
                    speed = s;
                }
            }
        }
        engine.retrain(link, width, speed);
    }

    /** PortInfo of {@code node}:{@code port} as the SMA answers a Get now (engine thread). */
    static PortInfo portInfo(FabricEngine engine, FabricNode node, int port) {
        FabricPort p = node.ports[port];
        FabricPort addressable = node.addressable(Math.max(port, 1));
        Link link = port == 0 ? null : engine.topology().link(node.id(), port).orElse(null);
        boolean smPort = node == engine.smNode() && port == engine.smPort();
        long capabilities = PortInfo.CAP_IS_TRAP_SUPPORTED | PortInfo.CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED
                | PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED | PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED
                | PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED | (smPort ? PortInfo.CAP_IS_SM : 0);
        // As ibsim: a cabled port enables the widths and speeds up to its link's (a link runs at the best both ends
        // enable, so the tools see no link that could run wider or faster); an uncabled one all it supports. The
        // extended speeds are supported (FDR to NDR) and enabled up to the link's where it has one.
        int widthEnabled = link == null ? WIDTHS_1X_4X_12X : widthsUpTo(link.width());
        int speedEnabled = link == null ? SPEEDS_SDR_DDR_QDR : (link.speed().speedActive() << 1) - 1;
        // A port without a cable (a switch's port 0 too) says it runs at the rate it ran at last, as ibsim's do: its
        // link's until it was unplugged, else 4X SDR, every port's before its first cable.
        Link ranLast = link != null ? link : port == 0 ? null : engine.unlinked(node.id(), port);
        LinkWidth widthActive = ranLast == null ? Link.DEFAULT_WIDTH : ranLast.width();
        LinkSpeed speedActive = ranLast == null ? Link.DEFAULT_SPEED : ranLast.speed();
        int extActive = speedActive.extActive();
        int extSupported = extActive == 0 ? 0 : EXTENDED_SPEEDS_FDR_TO_NDR;
        int extEnabled = extActive == 0 ? 0 : (extActive << 1) - 1;
        PortInfo info = new PortInfo(node.mKey, FabricEngine.DEFAULT_GID_PREFIX, addressable.lid, addressable.smLid, capabilities, 0,
                0, port, widthEnabled, WIDTHS_1X_4X_12X, widthActive.code(), SPEEDS_SDR_DDR_QDR,
                p.state, p.physState, PortInfo.PHYS_POLLING, node.mKey == 0 ? 0 : M_KEY_PROTECTED, addressable.lmc,
                speedActive.speedActive(), speedEnabled, MTU_2048, 0, VL_CAP_VL0_3, 0, 0, 0, 0, 0,
                MTU_2048, 0, 0, VL_CAP_VL0_3, false, false, false, false, 0, 0, 0, 1, p.clientReregister, 0, 0, 0, 0, 0, 0, 0,
                0, extActive, extSupported, extEnabled);
        // CapabilityMask2: the port answers PortInfoExtended (with no FEC mode: IsFECModeSupported clear).
        return info.toBuilder().capabilityMask2(PortInfo.CAP2_IS_PORT_INFO_EXTENDED_SUPPORTED).build();
    }

    /** LinkWidthEnabled of a port cabled at {@code width}: the supported widths no wider than it, and it. */
    private static int widthsUpTo(LinkWidth width) {
        int enabled = width.code();
        for (LinkWidth narrower : WIDTHS_NARROWEST_FIRST) {
            if (narrower == width) {
                return enabled;
            }
            enabled |= narrower.code() & WIDTHS_1X_4X_12X;
        }
        return enabled;
    }

    /** A Mellanox device's MlnxExtPortInfo: FDR10 supported and enabled, and active on a link at FDR10. */
    private MlnxExtPortInfo mlnxExtPortInfo(FabricNode node, int port) {
        Link link = port == 0 ? null : engine.topology().link(node.id(), port).orElse(null);
        int active = link != null && link.speed() == LinkSpeed.FDR10 ? MlnxExtPortInfo.FDR10 : 0;
        return new MlnxExtPortInfo(0, MlnxExtPortInfo.FDR10, MlnxExtPortInfo.FDR10, active);
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
        return new SwitchInfo(LINEAR_FDB_CAP, 0, MULTICAST_FDB_CAP, Math.max(node.lft.length - 1, 0), 0, 0, 0, 0, false, 0,
                0, PARTITION_CAP, false, false, false, false, node.node.enhancedPort0(), node.multicastTop());
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
        if (block != 0) {
            throw new IllegalArgumentException("only P_Key block 0 exists");
        }
        List<Integer> keys = new ArrayList<>(node.ports[port].pkeys);
        keys.addAll(Collections.nCopies(PKeyTable.ENTRIES - keys.size(), 0));
        return new PKeyTable(keys);
    }

    /** Every port maps SL i to data VL i modulo its VLCap's four, whatever the ports (a CA has one table, at 0). */
    static SlToVlMappingTable slToVl(FabricNode node, long modifier) {
        int in = (int) (modifier >>> 8 & 0xFF);
        int out = (int) (modifier & 0xFF);
        if (node.isSwitch()) {
            node.node.checkPort(in);
            node.node.checkPort(out);
        } else if (modifier != 0) {
            throw new IllegalArgumentException("a CA has one SL to VL table, at modifier 0");
        }
        return new SlToVlMappingTable(IntStream.range(0, SlToVlMappingTable.SERVICE_LEVELS).map(sl -> sl % DATA_VLS)
                .boxed().toList());
    }

    /**
     * Every port's four VL arbitration blocks (low priority 1 and 2, high 3 and 4) are empty, as ibsim's are: no
     * VL is weighted, and the ports send from their data VLs in turn. A CA answers for the port the SMP came in on.
     */
    static VlArbitrationTable vlArbitration(FabricNode node, int arrivalPort, long modifier) {
        int block = (int) (modifier >>> 16);
        int port = node.isSwitch() ? (int) (modifier & 0xFFFF) : arrivalPort;
        node.node.checkPort(port);
        VlArbitrationTable.modifier(block, port); // the block's range
        return new VlArbitrationTable(Collections.nCopies(VlArbitrationTable.ENTRIES, new VlArbitrationTable.Entry(0, 0)));
    }

    static GuidInfo guidInfo(FabricNode node, int arrivalPort, long modifier) {
        if (modifier != 0) {
            throw new IllegalArgumentException("only GUID block 0 exists");
        }
        List<Long> guids = new ArrayList<>(Collections.nCopies(GuidInfo.ENTRIES, 0L));
        guids.set(0, node.node.portGuid(node.isSwitch() ? 0 : arrivalPort));
        return new GuidInfo(guids);
    }
}
