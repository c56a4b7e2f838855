package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.PortInfoExtended;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Subnet management queries (SMPs on QP0), LID routed or directed route, answered as the {@code mad}
 * module's immutable records.
 *
 * <pre>{@code
 * SmpClient smp = SmpClient.of(port);
 * Mono<NodeInfo> neighbour = smp.nodeInfo(SmpRoute.directed(1));
 * Mono<PortInfo> remote = smp.portInfo(SmpRoute.lid(12), 1);
 * }</pre>
 *
 * <p>The client registers two client-only agents (classes 0x01 and 0x81) on first use and keeps them
 * until disposed. {@link #withMKey} and {@link #withOptions} return views sharing those agents;
 * disposing any view releases them. A directed-route request starts with hop pointer 0 and the D bit
 * clear; DrSLID is the permissive LID when the directed part starts at the local port, else the local
 * port's LID (read when the request is sent), so the fabric can route the answer back. The M_Key is a
 * secret and never appears in logs or {@code toString}.
 */
public final class SmpClient implements Disposable {
    public static final int CLASS_VERSION = 1;

    public static final AttributeType<NodeInfo> NODE_INFO =
            new AttributeType<>(NodeInfo.ATTRIBUTE_ID, "NodeInfo", NodeInfo.SIZE, NodeInfo::decode);
    public static final AttributeType<NodeDescription> NODE_DESCRIPTION =
            new AttributeType<>(NodeDescription.ATTRIBUTE_ID, "NodeDescription", NodeDescription.SIZE,
                    NodeDescription::decode);
    public static final AttributeType<PortInfo> PORT_INFO =
            new AttributeType<>(PortInfo.ATTRIBUTE_ID, "PortInfo", PortInfo.SIZE, PortInfo::decode);
    public static final AttributeType<SwitchInfo> SWITCH_INFO =
            new AttributeType<>(SwitchInfo.ATTRIBUTE_ID, "SwitchInfo", SwitchInfo.SIZE, SwitchInfo::decode);
    public static final AttributeType<SlToVlMappingTable> SL_TO_VL_MAPPING_TABLE = new AttributeType<>(
            SlToVlMappingTable.ATTRIBUTE_ID, "SLtoVLMappingTable", SlToVlMappingTable.SIZE, SlToVlMappingTable::decode);
    public static final AttributeType<VlArbitrationTable> VL_ARBITRATION_TABLE = new AttributeType<>(
            VlArbitrationTable.ATTRIBUTE_ID, "VLArbitrationTable", VlArbitrationTable.SIZE, VlArbitrationTable::decode);
    public static final AttributeType<PKeyTable> P_KEY_TABLE =
            new AttributeType<>(PKeyTable.ATTRIBUTE_ID, "P_KeyTable", PKeyTable.SIZE, PKeyTable::decode);
    public static final AttributeType<GuidInfo> GUID_INFO =
            new AttributeType<>(GuidInfo.ATTRIBUTE_ID, "GUIDInfo", GuidInfo.SIZE, GuidInfo::decode);
    public static final AttributeType<LinearForwardingTable> LINEAR_FORWARDING_TABLE =
            new AttributeType<>(LinearForwardingTable.ATTRIBUTE_ID, "LinearForwardingTable", LinearForwardingTable.SIZE,
                    LinearForwardingTable::decode);
    public static final AttributeType<MulticastForwardingTable> MULTICAST_FORWARDING_TABLE =
            new AttributeType<>(MulticastForwardingTable.ATTRIBUTE_ID, "MulticastForwardingTable",
                    MulticastForwardingTable.SIZE, MulticastForwardingTable::decode);
    public static final AttributeType<SmInfo> SM_INFO =
            new AttributeType<>(SmInfo.ATTRIBUTE_ID, "SMInfo", SmInfo.SIZE, SmInfo::decode);
    public static final AttributeType<PortInfoExtended> PORT_INFO_EXTENDED =
            new AttributeType<>(PortInfoExtended.ATTRIBUTE_ID, "PortInfoExtended", PortInfoExtended.SIZE,
                    PortInfoExtended::decode);
    public static final AttributeType<MlnxExtPortInfo> MLNX_EXT_PORT_INFO =
            new AttributeType<>(MlnxExtPortInfo.ATTRIBUTE_ID, "MlnxExtPortInfo", MlnxExtPortInfo.SIZE,
                    MlnxExtPortInfo::decode);

    /** P_KeyTable's modifier carries the switch port in bits 16–23 above the block number. */
    private static final int P_KEY_PORT_SHIFT = 16;

    private final MadPort port;
    private final LazyAgent lidRouted;
    private final LazyAgent directed;
    private final RequestOptions options;
    private final OptionalLong mKey;

    private SmpClient(MadPort port, LazyAgent lidRouted, LazyAgent directed, RequestOptions options,
                      OptionalLong mKey) {
        this.port = port;
        this.lidRouted = lidRouted;
        this.directed = directed;
        this.options = options;
        this.mKey = mKey;
    }

    /** A client on {@code port} with libibmad's request options (1 s per attempt, 3 attempts) and no M_Key. */
    public static SmpClient of(MadPort port) {
        Objects.requireNonNull(port, "port");
        return new SmpClient(port,
                new LazyAgent(port, AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, CLASS_VERSION)),
                new LazyAgent(port, AgentSpec.client(MgmtClass.SUBN_DIRECTED_ROUTE, CLASS_VERSION)),
                port.options().requests(), OptionalLong.empty());
    }

    /** A view that puts {@code key} in every SMP's M_Key field. */
    public SmpClient withMKey(long key) {
        return new SmpClient(port, lidRouted, directed, options, OptionalLong.of(key));
    }

    /** A view whose requests wait and retry as {@code requestOptions} says. */
    public SmpClient withOptions(RequestOptions requestOptions) {
        Objects.requireNonNull(requestOptions, "requestOptions");
        return new SmpClient(port, lidRouted, directed, requestOptions, mKey);
    }

    public MadPort port() {
        return port;
    }

    // ---- typed queries --------------------------------------------------------------------------------

    public Mono<NodeInfo> nodeInfo(SmpRoute route) {
        return get(route, NODE_INFO, 0);
    }

    public Mono<NodeDescription> nodeDescription(SmpRoute route) {
        return get(route, NODE_DESCRIPTION, 0);
    }

    /** PortInfo of {@code portNum} (0 is a switch's management port; a CA answers for the port asked). */
    public Mono<PortInfo> portInfo(SmpRoute route, int portNum) {
        return get(route, PORT_INFO, checkPort(portNum));
    }

    public Mono<PortInfo> setPortInfo(SmpRoute route, int portNum, PortInfo value) {
        return set(route, PORT_INFO, checkPort(portNum), value);
    }

    public Mono<SwitchInfo> switchInfo(SmpRoute route) {
        return get(route, SWITCH_INFO, 0);
    }

    public Mono<SwitchInfo> setSwitchInfo(SmpRoute route, SwitchInfo value) {
        return set(route, SWITCH_INFO, 0, value);
    }

    /** Block {@code block} (32 entries) of the P_Key table of {@code portNum} (switch port; ignored by CAs). */
    /**
     * The SL to VL mapping of a switch's packets from port {@code in} to port {@code out} (of a CA or router's
     * port: both 0).
     */
    public Mono<SlToVlMappingTable> slToVlMappingTable(SmpRoute route, int in, int out) {
        return get(route, SL_TO_VL_MAPPING_TABLE, SlToVlMappingTable.modifier(in, out));
    }

    /**
     * Block {@code block} of port {@code portNum}'s VL arbitration table: {@link VlArbitrationTable#LOW_PRIORITY}
     * (entries 0..31 of the low-priority table) to {@link VlArbitrationTable#HIGH_PRIORITY_UPPER}.
     */
    public Mono<VlArbitrationTable> vlArbitrationTable(SmpRoute route, int portNum, int block) {
        return get(route, VL_ARBITRATION_TABLE, VlArbitrationTable.modifier(block, portNum));
    }

    public Mono<PKeyTable> pKeyTable(SmpRoute route, int portNum, int block) {
        return get(route, P_KEY_TABLE, pKeyModifier(portNum, block));
    }

    public Mono<PKeyTable> setPKeyTable(SmpRoute route, int portNum, int block, PKeyTable value) {
        return set(route, P_KEY_TABLE, pKeyModifier(portNum, block), value);
    }

    /** Block {@code block} (8 GUIDs) of the port's GUID table. */
    public Mono<GuidInfo> guidInfo(SmpRoute route, int block) {
        return get(route, GUID_INFO, checkBlock(block));
    }

    public Mono<GuidInfo> setGuidInfo(SmpRoute route, int block, GuidInfo value) {
        return set(route, GUID_INFO, checkBlock(block), value);
    }

    /** Block {@code block} of a switch's linear forwarding table: the egress ports of LIDs {@code 64 * block ..}. */
    public Mono<LinearForwardingTable> linearForwardingTable(SmpRoute route, int block) {
        return get(route, LINEAR_FORWARDING_TABLE, checkLftBlock(block));
    }

    /**
     * Blocks {@code firstBlock..lastBlock} of a switch's linear forwarding table, in block order, with at
     * most {@code inFlight} SMPs on the wire at once (ibroute sends one at a time). The Flux fails with
     * the first block that fails for good.
     */
    public Flux<LinearForwardingTable> linearForwardingTable(SmpRoute route, int firstBlock, int lastBlock,
                                                            int inFlight) {
        checkLftBlock(firstBlock);
        checkLftBlock(lastBlock);
        if (lastBlock < firstBlock) {
            throw new IllegalArgumentException("lastBlock " + lastBlock + " is before firstBlock " + firstBlock);
        }
        if (inFlight < 1) {
            throw new IllegalArgumentException("inFlight must be at least 1: " + inFlight);
        }
        return Flux.range(firstBlock, lastBlock - firstBlock + 1)
                .flatMapSequential(block -> linearForwardingTable(route, block), inFlight, 1);
    }

    /**
     * The block of a switch's multicast forwarding table for MLIDs {@code 0xC000 + 32 * block ..} and
     * ports {@code 16 * position ..}.
     */
    public Mono<MulticastForwardingTable> multicastForwardingTable(SmpRoute route, int position, int block) {
        return get(route, MULTICAST_FORWARDING_TABLE, MulticastForwardingTable.modifier(position, block));
    }

    /**
     * PortInfoExtended of port {@code portNum}: its FEC modes. Only a port whose PortInfo CapabilityMask2 says
     * IsPortInfoExtendedSupported answers it.
     */
    public Mono<PortInfoExtended> portInfoExtended(SmpRoute route, int portNum) {
        return get(route, PORT_INFO_EXTENDED, checkPort(portNum));
    }

    /** Mellanox's extended PortInfo of port {@code portNum} (vendor-specific: other SMAs refuse it with a status). */
    public Mono<MlnxExtPortInfo> mlnxExtPortInfo(SmpRoute route, int portNum) {
        return get(route, MLNX_EXT_PORT_INFO, checkPort(portNum));
    }

    public Mono<SmInfo> smInfo(SmpRoute route) {
        return get(route, SM_INFO, 0);
    }

    /** SMInfo Set; {@code control} is the modifier's SM control packet ({@link SmInfo#CONTROL_HANDOVER} …). */
    public Mono<SmInfo> setSmInfo(SmpRoute route, int control, SmInfo value) {
        return set(route, SM_INFO, control, value);
    }

    // ---- generic --------------------------------------------------------------------------------------

    /** SubnGet({@code type}, {@code modifier}) decoded from the response's SMP data. */
    public <T> Mono<T> get(SmpRoute route, AttributeType<T> type, long modifier) {
        Objects.requireNonNull(type, "type");
        return request(route, Method.GET, type.attributeId(), modifier, null).map(r -> Mads.decode(type, r.mad()));
    }

    /** SubnSet({@code type}, {@code modifier}) with {@code value}; emits the value the target now holds. */
    public <T extends MadAttribute> Mono<T> set(SmpRoute route, AttributeType<T> type, long modifier, T value) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
        return request(route, Method.SET, type.attributeId(), modifier, value).map(r -> Mads.decode(type, r.mad()));
    }

    /**
     * Sends one SMP and emits the whole response, for attributes without a typed method.
     *
     * @param payload written at the SMP data offset, or {@code null} for none
     */
    public Mono<ReceivedMad> request(SmpRoute route, int method, int attributeId, long modifier,
                                     MadAttribute payload) {
        Objects.requireNonNull(route, "route");
        if (route instanceof SmpRoute.LidRouted lid) {
            Mad request = build(MgmtClass.SUBN_LID_ROUTED, method, attributeId, modifier, payload, b -> { });
            return lidRouted.using(agent -> agent.request(request, MadAddress.smp(lid.lid()), options));
        }
        SmpRoute.Directed dr = (SmpRoute.Directed) route;
        return directed.using(agent -> sendDirected(agent, dr, method, attributeId, modifier, payload));
    }

    private Mono<ReceivedMad> sendDirected(MadAgent agent, SmpRoute.Directed dr, int method, int attributeId,
                                           long modifier, MadAttribute payload) {
        int drSlid = dr.startsLocally() ? MadAddress.PERMISSIVE_LID : port.attributes().lid();
        Mad request = build(MgmtClass.SUBN_DIRECTED_ROUTE, method, attributeId, modifier, payload,
                b -> new DirectedRouteSmp().wrap(b, 0).route(dr.ports()).drSlid(drSlid).drDlid(dr.endLid()));
        return agent.request(request, MadAddress.smp(dr.startLid()), options);
    }

    private Mad build(int mgmtClass, int method, int attributeId, long modifier, MadAttribute payload,
                      Consumer<ByteBuffer> route) {
        return Mads.request(mgmtClass, CLASS_VERSION, method, attributeId, modifier, payload, b -> {
            SmpHeader smp = new SmpHeader().wrap(b, 0);
            mKey.ifPresent(smp::mKey);
            route.accept(b);
        });
    }

    private static long pKeyModifier(int portNum, int block) {
        return (long) checkPort(portNum) << P_KEY_PORT_SHIFT | checkBlock(block);
    }

    private static int checkPort(int portNum) {
        if (portNum < 0 || portNum > 254) {
            throw new IllegalArgumentException("port number must be 0..254: " + portNum);
        }
        return portNum;
    }

    /** LIDs are 16 bits, so the linear table has at most 1024 blocks of 64. */
    private static int checkLftBlock(int block) {
        if (block < 0 || block > 0xFFFF / LinearForwardingTable.ENTRIES) {
            throw new IllegalArgumentException("LinearForwardingTable block must be 0.."
                    + 0xFFFF / LinearForwardingTable.ENTRIES + ": " + block);
        }
        return block;
    }

    private static int checkBlock(int block) {
        if (block < 0 || block > 0xFFFF) {
            throw new IllegalArgumentException("block must be 0..65535: " + block);
        }
        return block;
    }

    @Override
    public void dispose() {
        lidRouted.dispose();
        directed.dispose();
    }

    @Override
    public boolean isDisposed() {
        return lidRouted.isDisposed();
    }

    @Override
    public String toString() {
        return "SmpClient(" + port.spec() + (mKey.isPresent() ? ", with M_Key" : "") + ")";
    }
}
