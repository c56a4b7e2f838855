package io.reactiveumad.test;

import io.reactiveumad.spi.LoopScheduler;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.operators.Rmpp;
import io.reactiveumad.operators.RmppOptions;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;

/**
 * The SA at the SM's port (class 0x03, version 2). Get and GetTable with component masks for NodeRecord,
 * PortInfoRecord, LinkRecord, PathRecord, LinearForwardingTableRecord, SwitchInfoRecord, SMInfoRecord, GUIDInfoRecord,
 * SLtoVLMappingTableRecord, VLArbitrationTableRecord, MulticastForwardingTableRecord, P_KeyTableRecord (to a
 * requester with the SM_Key only; those describe the fabric as the SM swept it: {@link FabricRecords}), ServiceRecord
 * (also Set to register, with a lease, and Delete: {@link ServiceRegistrations}), MCMemberRecord (Set joins, Delete
 * leaves: {@link MulticastGroups}), InformInfoRecord; ClassPortInfo;
 * InformInfo Set (Subscribe 1/0: {@link SaReports}). A
 * GetTable answer that fits one MAD is one RMPP-flagged segment (Active, First, Last) whose PayloadLength
 * bounds the records; a larger one goes out through our user-space RMPP sender, so clients
 * reassemble and ACK it. Matching honours these components: NodeRecord LID, NodeType, NodeGUID,
 * PortGUID, SystemImageGUID, NodeDescription; PortInfoRecord EndportLID, PortNum, CapabilityMask (bitwise when
 * the attribute modifier's bit 31 asks, as OpenSM does); LinkRecord all four;
 * PathRecord SGID/SLID and DGID/DLID (an end left open is every in-service port, as OpenSM has it) and P_Key (a
 * partition both ports are in; without it, the first the source shares with the destination);
 * ServiceRecord and MCMemberRecord as OpenSM matches them ({@link ServiceRegistrations}, {@link MulticastGroups});
 * InformInfoRecord SubscriberGID, Enum. Others are ignored, as many SAs do.
 *
 * <p>Subscriptions and the Reports they get are {@link SaReports}'. A MAD whose SM_Key is neither 0 nor the SM's is
 * dropped unanswered, as OpenSM drops it.
 */
final class SubnetAdministrator implements LocalService {
    private static final Logger LOG = LoggerFactory.getLogger(SubnetAdministrator.class);
    static final int CLASS_VERSION = 2;
    private static final int BAD_VERSION = MadStatus.CODE_BAD_VERSION << MadStatus.CODE_SHIFT;

    private final FabricEngine engine;
    private final FabricRecords fabric;
    private final Scheduler loop;
    private final ServiceRegistrations services;
    private final SaReports reports;
    private final MulticastGroups groups;
    private final Map<Transfer, Sinks.Many<byte[]>> transfers = new HashMap<>();

    private record Transfer(int lid, long tid) {
    }

    SubnetAdministrator(FabricEngine engine, Sma sma, Duration reportTimeout, int reportRetries) {
        this.engine = engine;
        this.fabric = new FabricRecords(engine, sma);
        this.loop = new LoopScheduler(engine.executor);
        this.services = new ServiceRegistrations(engine.executor, fabric);
        this.reports = new SaReports(engine, fabric, reportTimeout, reportRetries);
        this.groups = new MulticastGroups(engine, fabric, reports);
    }

    @Override
    public boolean serves(FabricNode node, int port, int mgmtClass, int method) {
        return mgmtClass == MgmtClass.SUBN_ADM && node == engine.smNode() && port == engine.smPort()
                && (method == Method.GET || method == Method.SET || method == Method.GET_TABLE || method == Method.DELETE);
    }

    long reportsSent() {
        return reports.reportsSent();
    }

    int subscriptionCount() {
        return reports.subscriptionCount();
    }

    /** Trap 144 from a CA port whose NodeDescription changed. */
    void localChanges(FabricNode node, int port, int changeFlags) {
        reports.localChanges(node, port, changeFlags);
    }

    /** Forgets every registration, subscription and transfer, as a restarted SA does. */
    void reset() {
        services.clear();
        groups.reset();
        reports.reset();
        transfers.values().forEach(Sinks.Many::tryEmitComplete);
        transfers.clear();
    }

    // ---- requests

    @Override
    public void onRequest(Arrival request) {
        byte[] mad = request.mad();
        if (Rmpp.isSenderControl(mad)) {
            Sinks.Many<byte[]> control = transfers.get(new Transfer(request.source().lid(), tid(mad)));
            if (control != null) {
                control.tryEmitNext(mad);
            }
            return;
        }
        ByteBuffer in = ByteBuffer.wrap(mad);
        long smKey = mad.length >= SaHeader.DATA_OFFSET ? new SaHeader().wrap(in, 0).smKey() : 0;
        if (smKey != 0 && smKey != EmbeddedFabric.SM_KEY) {
            // An SM_Key is either 0 or the SM's; any other and the MAD is dropped unanswered (IBA C15-0.1.5, as OpenSM
            // does, ERR 1A04), so a requester guessing keys learns nothing.
            LOG.debug("dropped an SA MAD from LID {}: its SM_Key is not the SM's", request.source().lid());
            return;
        }
        if ((mad[MadHeader.CLASS_VERSION_OFFSET] & 0xFF) != CLASS_VERSION) {
            engine.reply(request, FabricEngine.status(request, BAD_VERSION));
            return;
        }
        int attribute = request.attributeId();
        int method = request.method();
        long mask = new SaHeader().wrap(in, 0).componentMask();
        int data = SaHeader.DATA_OFFSET;
        FabricRecords.EndPort from = fabric.endPortAt(request.source().lid());
        switch (attribute) {
            // ClassPortInfo is one record, to Get (OpenSM refuses a GetTable of it as invalid).
            case ClassPortInfo.ATTRIBUTE_ID -> {
                if (method == Method.GET_TABLE) {
                    engine.reply(request, FabricEngine.status(request, SaOutcome.REQ_INVALID));
                } else {
                    answer(request, method, List.of(classPortInfo()), ClassPortInfo.SIZE);
                }
            }
            case InformInfo.ATTRIBUTE_ID -> inform(request, method, InformInfo.decode(in, data), smKey != 0);
            case NodeRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.nodeRecords(NodeRecord.decode(in, data), mask, from), NodeRecord.SIZE);
            case PortInfoRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.portInfoRecords(PortInfoRecord.decode(in, data), mask,
                            (request.attributeModifier() & PortInfoRecord.BITWISE_CAPABILITY_MATCH) != 0, from),
                    PortInfoRecord.SIZE);
            case LinkRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.linkRecords(LinkRecord.decode(in, data), mask, from), LinkRecord.SIZE);
            case PathRecord.ATTRIBUTE_ID -> {
                PathRecord q = PathRecord.decode(in, data);
                if (!FabricRecords.validRateAndMtu(mask, PathRecord.Component.RATE | PathRecord.Component.RATE_SELECTOR,
                        q.rate(), PathRecord.Component.MTU | PathRecord.Component.MTU_SELECTOR, q.mtu())) {
                    engine.reply(request, FabricEngine.status(request, SaOutcome.REQ_INVALID));
                    return;
                }
                List<PathRecord> paths = fabric.pathRecords(q, mask, from);
                // OpenSM's PathRecord Get stops at the first path it finds (the others' Gets refuse many records).
                answer(request, method, method == Method.GET && paths.size() > 1 ? paths.subList(0, 1) : paths,
                        PathRecord.SIZE);
            }
            case LinearForwardingTableRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.linearForwardingTableRecords(LinearForwardingTableRecord.decode(in, data), mask, from),
                    LinearForwardingTableRecord.SIZE);
            case SwitchInfoRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.switchInfoRecords(SwitchInfoRecord.decode(in, data), mask, from), SwitchInfoRecord.SIZE);
            case SmInfoRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.smInfoRecords(SmInfoRecord.decode(in, data), mask), SmInfoRecord.SIZE);
            case GuidInfoRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.guidInfoRecords(GuidInfoRecord.decode(in, data), mask, from), GuidInfoRecord.SIZE);
            case SlToVlMappingTableRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.slToVlRecords(SlToVlMappingTableRecord.decode(in, data), mask, from), SlToVlMappingTableRecord.SIZE);
            case VlArbitrationTableRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.vlArbitrationRecords(VlArbitrationTableRecord.decode(in, data), mask, from), VlArbitrationTableRecord.SIZE);
            case MulticastForwardingTableRecord.ATTRIBUTE_ID -> answer(request, method,
                    fabric.multicastForwardingTableRecords(MulticastForwardingTableRecord.decode(in, data), mask, from),
                    MulticastForwardingTableRecord.SIZE);
            case PKeyTableRecord.ATTRIBUTE_ID -> {
                if (smKey == 0) {
                    engine.reply(request, FabricEngine.status(request, SaOutcome.REQ_INVALID)); // untrusted, as OpenSM says
                } else {
                    answer(request, method, fabric.pKeyTableRecords(PKeyTableRecord.decode(in, data), mask, from),
                            PKeyTableRecord.SIZE);
                }
            }
            case ServiceRecord.ATTRIBUTE_ID -> service(request, method, ServiceRecord.decode(in, data), mask, smKey != 0);
            // Trusted: an SM_Key that is not 0 (any other than the SM's was dropped above).
            case McMemberRecord.ATTRIBUTE_ID -> multicast(request, method, McMemberRecord.decode(in, data), mask, smKey != 0);
            case InformInfoRecord.ATTRIBUTE_ID -> answer(request, method,
                    reports.informInfoRecords(InformInfoRecord.decode(in, data), mask,
                            from, smKey != 0), InformInfoRecord.SIZE);
            default -> engine.reply(request, FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE));
        }
    }

    /** Get: exactly one record; GetTable: all of them; anything else is not supported for a read-only attribute. */
    private void answer(Arrival request, int method, List<? extends MadAttribute> records, int recordSize) {
        if (method == Method.GET_TABLE) {
            table(request, records, recordSize);
        } else if (method == Method.GET) {
            single(request, records);
        } else {
            engine.reply(request, FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE));
        }
    }

    private void single(Arrival request, List<? extends MadAttribute> records) {
        if (records.size() != 1) {
            engine.reply(request, FabricEngine.status(request, records.isEmpty() ? SaOutcome.NO_RECORDS : SaOutcome.TOO_MANY_RECORDS));
            return;
        }
        byte[] response = FabricEngine.status(request, MadStatus.OK);
        ByteBuffer out = ByteBuffer.wrap(response);
        clearData(response);
        records.get(0).encode(out, SaHeader.DATA_OFFSET);
        engine.reply(request, response);
    }

    /** A GetTableResp: one MAD when the records fit, else an RMPP transfer the requester must ACK. */
    private void table(Arrival request, List<? extends MadAttribute> records, int recordSize) {
        int units = SaHeader.attributeOffsetFor(recordSize);
        int stride = units * SaHeader.ATTRIBUTE_OFFSET_UNIT;
        int length = SaHeader.DATA_OFFSET + records.size() * stride;
        byte[] message = new byte[Math.max(length, MadHeader.MAD_SIZE)];
        System.arraycopy(request.mad(), 0, message, 0, SaHeader.DATA_OFFSET);
        ByteBuffer out = ByteBuffer.wrap(message);
        out.putShort(MadHeader.STATUS_OFFSET, (short) 0);
        new SaHeader().wrap(out, 0).attributeOffset(units);
        for (int i = 0; i < records.size(); i++) {
            records.get(i).encode(out, SaHeader.DATA_OFFSET + i * stride);
        }
        if (length <= MadHeader.MAD_SIZE) {
            // One segment, marked as a whole RMPP message so the PayloadLength says where the records end.
            new RmppHeader().wrap(message).version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA)
                    .flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST | RmppHeader.FLAG_LAST).status(RmppHeader.STATUS_OK)
                    .segmentNumber(1).payloadLength(length - RmppHeader.END_OFFSET);
            engine.reply(request, message);
            return;
        }
        message = Arrays.copyOf(message, length);
        message[MadHeader.METHOD_OFFSET] = (byte) Method.GET_TABLE_RESP;
        MadAddress to = MadAddress.gsi(request.source().lid());
        Transfer key = new Transfer(to.lid(), tid(message));
        Sinks.Many<byte[]> control = Sinks.many().unicast().onBackpressureBuffer();
        transfers.put(key, control);
        Rmpp.send(message, control.asFlux(), segment -> engine.send(engine.smNode(), engine.smPort(), to, segment),
                        RmppOptions.defaults(), loop)
                .doFinally(signal -> transfers.remove(key))
                .subscribe(null, error -> LOG.debug("SA GetTable transfer to LID {} failed: {}", to.lid(), error.toString()));
    }

    private static void clearData(byte[] response) {
        Arrays.fill(response, SaHeader.DATA_OFFSET, response.length, (byte) 0);
    }

    static long tid(byte[] mad) {
        return ByteBuffer.wrap(mad).getLong(MadHeader.TID_OFFSET);
    }

    // ---- records

    private static ClassPortInfo classPortInfo() {
        return ClassPortInfo.of(CLASS_VERSION, ClassPortInfo.CAP_IS_TRAP_SUPPORTED | ClassPortInfo.CAP_IS_NOTICE_SUPPORTED,
                // Its SwitchInfoRecords carry MulticastFDBTop (saquery SWIR prints it where this says so, as OpenSM's).
                ClassPortInfo.SA_CAP2_MULTICAST_FDB_TOP_SUPPORTED, RESP_TIME_VALUE);
    }

    static boolean has(long mask, long component) {
        return (mask & component) != 0;
    }

    // ---- ServiceRecord and MCMemberRecord: registrations

    private void service(Arrival request, int method, ServiceRecord q, long mask, boolean trusted) {
        FabricRecords.EndPort requester = fabric.endPortAt(request.source().lid());
        switch (method) {
            case Method.SET -> reply(request, services.register(q, mask, requester, trusted));
            case Method.DELETE -> reply(request, services.delete(q, mask, requester, trusted));
            default -> answer(request, method, services.matching(q, mask, requester, trusted), ServiceRecord.SIZE);
        }
    }

    /** The answer to a Set or Delete: its record, or its refusal's status. */
    private void reply(Arrival request, SaOutcome outcome) {
        if (outcome.record() != null) {
            single(request, List.of(outcome.record()));
        } else {
            engine.reply(request, FabricEngine.status(request, outcome.status()));
        }
    }

    private void multicast(Arrival request, int method, McMemberRecord q, long mask, boolean trusted) {
        FabricRecords.EndPort requester = fabric.endPortAt(request.source().lid());
        switch (method) {
            case Method.SET -> reply(request, groups.join(q, mask, requester));
            case Method.DELETE -> reply(request, groups.leave(q, mask, requester));
            default -> answer(request, method, groups.members(q, mask, trusted, requester), McMemberRecord.SIZE);
        }
    }

    // ---- InformInfo and Reports

    private void inform(Arrival request, int method, InformInfo info, boolean trusted) {
        if (method != Method.SET) {
            engine.reply(request, FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE));
            return;
        }
        if (!reports.inform(fabric.endPortAt(request.source().lid()), request.source().qpn(), info, trusted)) {
            engine.reply(request, FabricEngine.status(request, SaOutcome.REQ_INVALID));
            return;
        }
        single(request, List.of(info));
    }
}
