package io.reactiveumad.client;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A scripted SA for the notice tests: answers Set(InformInfo) by echoing it (or with {@link #failWith}),
 * keeps the subscriptions it holds, lists them as InformInfoRecords, and builds Reports to inject.
 */
final class FakeSa {
    static final int SUBSCRIBER_GID_GUID = 0x1234;
    /** InformInfoRecords 64 bytes apart (AttributeOffset 8), as OpenSM lays them out. */
    private static final int RECORD_STRIDE = 64;

    /** Every Set(InformInfo) seen, in order. */
    final List<InformInfo> sets = new CopyOnWriteArrayList<>();
    /** The subscriptions held now; a test may clear it (an SM restart). */
    final List<InformInfo> held = new CopyOnWriteArrayList<>();
    /** A status to answer every request with instead, 0 for none. */
    volatile int failWith;
    /** When false the SA is gone: nothing is answered. */
    volatile boolean up = true;
    /**
     * Answer InformInfoRecord tables as OpenSM does under ibsim: one 256-byte MAD with RMPP Active and nothing
     * else of RMPP (OpenSM leaves segmenting to the kernel; umad2sim does none), cut after the records that fit.
     */
    volatile boolean unsegmented;
    /**
     * While true, a Set(InformInfo, Subscribe=1) is queued unprocessed and unanswered (an SA slow to get to it)
     * until {@link #processQueued()}.
     */
    volatile boolean queueSubscribes;
    private final List<MadFrame> queued = new CopyOnWriteArrayList<>();

    List<MadFrame> answer(MadFrame request) {
        ByteBuffer b = ByteBuffer.wrap(request.mad());
        if (!up || b.get(MadHeader.MGMT_CLASS_OFFSET) != MgmtClass.SUBN_ADM
                || (b.get(MadHeader.METHOD_OFFSET) & MadHeader.RESPONSE_BIT) != 0 || SaClientTest.isRmppControl(b)) {
            return List.of();
        }
        int attribute = b.getShort(MadHeader.ATTRIBUTE_ID_OFFSET) & 0xFFFF;
        int method = b.get(MadHeader.METHOD_OFFSET);
        if (failWith != 0) {
            return ClientTestBase.answer(request, Method.responseOf(method),
                    r -> r.putShort(MadHeader.STATUS_OFFSET, (short) failWith));
        }
        if (attribute == InformInfo.ATTRIBUTE_ID && method == Method.SET) {
            InformInfo info = InformInfo.decode(b, SaHeader.DATA_OFFSET);
            if (info.subscribe() && queueSubscribes) {
                queued.add(request);
                return List.of();
            }
            sets.add(info);
            if (info.subscribe()) {
                held.add(info);
            } else {
                held.removeIf(h -> h.trapNumber() == info.trapNumber());
            }
            return ClientTestBase.answer(request, Method.GET_RESP, r -> { });
        }
        if (attribute == InformInfoRecord.ATTRIBUTE_ID) {
            List<InformInfoRecord> records = new ArrayList<>();
            for (InformInfo h : held) {
                records.add(new InformInfoRecord(new Gid(0xfe80_0000_0000_0000L, SUBSCRIBER_GID_GUID), 0, h));
            }
            return unsegmented ? unsegmentedTable(request, records) : SaClientTest.table(request, RECORD_STRIDE, records);
        }
        return List.of();
    }

    /** Processes the queued Subscribe=1 Sets now, in order: their answers, to inject. */
    List<MadFrame> processQueued() {
        queueSubscribes = false;
        List<MadFrame> answers = new ArrayList<>();
        for (MadFrame request : queued) {
            answers.addAll(answer(request));
        }
        queued.clear();
        return answers;
    }

    private static List<MadFrame> unsegmentedTable(MadFrame request, List<InformInfoRecord> records) {
        int fit = Math.min(records.size(), SaHeader.SEGMENT_DATA_SIZE / RECORD_STRIDE);
        List<MadFrame> table = SaClientTest.table(request, RECORD_STRIDE, records.subList(0, fit));
        byte[] mad = table.get(0).mad();
        new RmppHeader().wrap(ByteBuffer.wrap(mad)).version(0).type(0).flags(RmppHeader.FLAG_ACTIVE).segmentNumber(0)
                .payloadLength(0);
        return table;
    }

    long subscribes() {
        return sets.stream().filter(InformInfo::subscribe).count();
    }

    long unsubscribes() {
        return sets.stream().filter(i -> !i.subscribe()).count();
    }

    /** A SubnAdmReport(Notice) from the SA at {@code smLid}, TID {@code tid}: trap {@code trap} for GID ::guid. */
    static MadFrame report(int smLid, long tid, int trap, long guid) {
        Notice notice = Notice.generic(Notice.TYPE_SUBNET_MANAGEMENT, Notice.PRODUCER_CLASS_MANAGER, trap, smLid,
                new TrapDetails.GidDetails(new Gid(0xfe80_0000_0000_0000L, guid)), new Gid(0xfe80_0000_0000_0000L, 1));
        Mad mad = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).classVersion(SaClient.CLASS_VERSION)
                    .methodByte(Method.REPORT).tid(tid).attributeId(Notice.ATTRIBUTE_ID);
            notice.encode(b, SaHeader.DATA_OFFSET);
        });
        return new MadFrame(0, 0, 0, 0, MadAddress.gsi(smLid), mad.toByteArray());
    }
}
