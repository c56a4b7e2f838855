package io.reactiveumad.test;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.spi.channel.EventExecutor;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SA's event forwarding: InformInfo subscriptions (Set with Subscribe 1 adds one, with Subscribe 0
 * removes it; InformInfoRecords list them) and the Reports. After every sweep a Report(Notice) goes to each
 * matching subscriber for traps 64/65 (port GID in/out of service) and 128 (a switch's link state
 * changed); traps 144 (local changes) and 66/67 (multicast group created/deleted) when the fabric or the
 * SA raises them. Each Report is resent with the same TID every {@code reportTimeout} until a ReportResp
 * arrives, at most {@code reportRetries} times. Confined to the fabric's executor, like the SA that owns it.
 */
final class SaReports {
    private static final Logger LOG = LoggerFactory.getLogger(SaReports.class);

    private final FabricEngine engine;
    private final FabricRecords fabric;
    private final Duration reportTimeout;
    private final int reportRetries;
    private final List<Subscription> subscriptions = new ArrayList<>();
    private final Map<Long, PendingReport> pendingReports = new HashMap<>();
    private AgentSlot reporter;
    private int nextReportTid;
    private long reportsSent;

    private record Subscription(Gid subscriberGid, int subscriberLid, InformInfo info) {
    }

    private static final class PendingReport {
        final byte[] mad;
        final MadAddress to;
        int retriesLeft;
        EventExecutor.Cancellable timer;

        PendingReport(byte[] mad, MadAddress to, int retries) {
            this.mad = mad;
            this.to = to;
            this.retriesLeft = retries;
        }
    }

    SaReports(FabricEngine engine, FabricRecords fabric, Duration reportTimeout, int reportRetries) {
        this.engine = engine;
        this.fabric = fabric;
        this.reportTimeout = reportTimeout;
        this.reportRetries = reportRetries;
        engine.onSweep(this::onSweep);
    }

    long reportsSent() {
        return reportsSent;
    }

    int subscriptionCount() {
        return subscriptions.size();
    }

    /**
     * InformInfo Set from the port {@code from} (null: none in service), sent from its QP {@code qpn}, by OpenSM's rules
     * (osm_sa_informinfo.c): Subscribe 1 subscribes, again once, Subscribe 0 removes the subscription; both name it by
     * the subscriber and the InformInfo's GID (or its LID range where the GID is 0), type, generic bit, trap number
     * (or device ID), QPN, response time and producer type (or vendor ID), where the subscription's QPN is the QP it
     * came from. False for what OpenSM refuses with ERR_REQ_INVALID: a requester it does not know; the SM's security
     * traps (256-259) to a requester without the SM_Key; a subscription to a GID of a port it does not know or that
     * shares no partition with the requester, to a LID range past the subnet's LIDs or holding a port that shares none;
     * the end of a subscription that is not there.
     */
    boolean inform(FabricRecords.EndPort from, int qpn, InformInfo info, boolean trusted) {
        if (from == null || !trusted && info.generic() && info.trapNumber() >= Notice.TRAP_BAD_M_KEY
                && info.trapNumber() <= Notice.TRAP_SWITCH_BAD_P_KEY) {
            return false;
        }
        InformInfo stored = new InformInfo(info.gid(), info.lidRangeBegin(), info.lidRangeEnd(), info.generic(), true,
                info.type(), info.trapNumber(), info.subscribe() ? qpn : info.qpn(), info.respTimeValue(),
                info.producerType());
        Subscription known = subscriptions.stream()
                .filter(s -> s.subscriberLid() == from.lid() && identity(s.info()).equals(identity(stored)))
                .findFirst().orElse(null);
        if (!info.subscribe()) {
            return known != null && subscriptions.remove(known);
        }
        if (!reachable(from, info)) {
            return false;
        }
        if (known != null) {
            subscriptions.set(subscriptions.indexOf(known), new Subscription(from.gid(), from.lid(), stored));
        } else {
            subscriptions.add(new Subscription(from.gid(), from.lid(), stored));
        }
        return true;
    }

    /** What names a subscription: its InformInfo but the Subscribe bit, and the LID range where it names a GID. */
    private static InformInfo identity(InformInfo i) {
        boolean byGid = !i.gid().equals(Gid.ZERO);
        return new InformInfo(i.gid(), byGid ? 0 : i.lidRangeBegin(), byGid ? 0 : i.lidRangeEnd(), i.generic(), true,
                i.type(), i.trapNumber(), i.qpn(), i.respTimeValue(), i.producerType());
    }

    /**
     * Whether the ports whose traps {@code info} asks for can reach the requester {@code from}: the port of its GID,
     * or each port of its LID range (every LID: 0xFFFF), share a partition with it; a range must start within the
     * subnet's LIDs (OpenSM's validate_ports_access_rights).
     */
    private boolean reachable(FabricRecords.EndPort from, InformInfo info) {
        if (!info.gid().equals(Gid.ZERO)) {
            FabricRecords.EndPort port = fabric.endPort(info.gid().guid());
            return port != null && port.sharesPartitionWith(from);
        }
        int begin = info.lidRangeBegin();
        if (begin == InformInfo.ALL) {
            return true;
        }
        int lids = fabric.highestLid() + 1;
        int end = info.lidRangeEnd() == 0 ? begin : Math.min(info.lidRangeEnd(), lids - 1);
        if (begin >= lids) {
            return false;
        }
        for (int lid = begin; lid <= end; lid++) {
            FabricRecords.EndPort port = fabric.endPortAt(lid);
            if (port != null && !port.sharesPartitionWith(from)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The subscriptions matching {@code q}'s SubscriberGID and SubscriberEnum (as {@code mask} names them) of subscribers
     * that share a partition with the requester {@code from}, as OpenSM lists them: the newest first, SubscriberEnum 0
     * (OpenSM numbers none), the QPN 0 unless {@code trusted} (C15-0.2-1.16).
     */
    List<InformInfoRecord> informInfoRecords(InformInfoRecord q, long mask, FabricRecords.EndPort from, boolean trusted) {
        List<InformInfoRecord> out = new ArrayList<>();
        for (int i = subscriptions.size() - 1; i >= 0 && from != null; i--) {
            Subscription s = subscriptions.get(i);
            FabricRecords.EndPort subscriber = fabric.endPort(s.subscriberGid().guid());
            InformInfo info = s.info();
            InformInfoRecord r = new InformInfoRecord(s.subscriberGid(), 0, trusted ? info : new InformInfo(info.gid(),
                    info.lidRangeBegin(), info.lidRangeEnd(), info.generic(), info.subscribe(), info.type(),
                    info.trapNumber(), 0, info.respTimeValue(), info.producerType()));
            if ((!SubnetAdministrator.has(mask, InformInfoRecord.Component.SUBSCRIBER_GID) || r.subscriberGid().equals(q.subscriberGid()))
                    && (!SubnetAdministrator.has(mask, InformInfoRecord.Component.SUBSCRIBER_ENUM) || r.subscriberEnum() == q.subscriberEnum())
                    && subscriber != null && subscriber.sharesPartitionWith(from)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Forgets every subscription and pending Report, as a restarted SA does. */
    void reset() {
        subscriptions.clear();
        pendingReports.values().forEach(p -> p.timer.cancel());
        pendingReports.clear();
        if (reporter != null) {
            engine.unregister(reporter);
            reporter = null;
        }
    }

    private int smLid() {
        return engine.smNode().ports[engine.smPort()].lid;
    }

    private Gid smGid() {
        return new Gid(FabricEngine.DEFAULT_GID_PREFIX, engine.smNode().node.portGuid(engine.smPort()));
    }

    private void onSweep(SubnetManager.SweepResult result) {
        for (long guid : result.inService()) {
            notice(Notice.TRAP_GID_IN_SERVICE, Notice.TYPE_SUBNET_MANAGEMENT,
                    new TrapDetails.GidDetails(new Gid(FabricEngine.DEFAULT_GID_PREFIX, guid)));
        }
        for (long guid : result.outOfService()) {
            notice(Notice.TRAP_GID_OUT_OF_SERVICE, Notice.TYPE_SUBNET_MANAGEMENT,
                    new TrapDetails.GidDetails(new Gid(FabricEngine.DEFAULT_GID_PREFIX, guid)));
        }
        for (FabricNode sw : result.linkStateChanged()) {
            int lid = sw.ports[0].lid;
            send(Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, Notice.TRAP_LINK_STATE_CHANGE, lid,
                    new TrapDetails.LinkStateChange(lid), new Gid(FabricEngine.DEFAULT_GID_PREFIX, sw.node.nodeGuid())));
        }
    }

    /** Trap 144 from a CA port whose NodeDescription changed. */
    void localChanges(FabricNode node, int port, int changeFlags) {
        int lid = node.addressable(port).lid;
        send(Notice.generic(Notice.TYPE_INFO, Notice.PRODUCER_CHANNEL_ADAPTER, Notice.TRAP_LOCAL_CHANGES, lid,
                new TrapDetails.LocalChanges(lid, false, 0, changeFlags, 0),
                new Gid(FabricEngine.DEFAULT_GID_PREFIX, node.node.portGuid(port))));
    }

    /** A trap from the SM's class manager (issued at the SM's LID), reported to every matching subscriber. */
    void notice(int trap, int type, TrapDetails details) {
        send(Notice.generic(type, Notice.PRODUCER_CLASS_MANAGER, trap, smLid(), details, smGid()));
    }

    private void send(Notice notice) {
        // A snapshot: a Report is delivered inline, and its subscriber may unsubscribe (a Set that lands
        // back here, removing from the list) before the loop moves on, e.g. a StepVerifier that cancels.
        for (Subscription s : List.copyOf(subscriptions)) {
            InformInfo i = s.info();
            boolean matches = i.generic() == notice.generic()
                    && (i.trapNumber() == InformInfo.ALL || i.trapNumber() == notice.trapNumber())
                    && (i.type() == InformInfo.ALL || i.type() == notice.type())
                    && (i.producerType() == InformInfo.ALL_PRODUCERS || i.producerType() == notice.producerType())
                    && (i.lidRangeBegin() == InformInfo.ALL
                        || notice.issuerLid() >= i.lidRangeBegin() && notice.issuerLid() <= Math.max(i.lidRangeEnd(), i.lidRangeBegin()));
            if (matches) {
                report(s, notice);
            }
        }
    }

    private void report(Subscription s, Notice notice) {
        if (reporter == null) {
            reporter = engine.registerInternal(engine.smNode(), engine.smPort(), MgmtClass.SUBN_ADM, SubnetAdministrator.CLASS_VERSION,
                    this::onReportResponse);
        }
        long tid = (long) reporter.key() << 32 | (++nextReportTid & 0xFFFF_FFFFL);
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        ByteBuffer out = ByteBuffer.wrap(mad);
        new MadHeader().wrap(out, 0).baseVersion(MadHeader.BASE_VERSION).mgmtClass(MgmtClass.SUBN_ADM)
                .classVersion(SubnetAdministrator.CLASS_VERSION).methodByte(Method.REPORT).tid(tid).attributeId(Notice.ATTRIBUTE_ID);
        notice.encode(out, SaHeader.DATA_OFFSET);
        MadAddress to = new MadAddress(s.subscriberLid(), s.info().qpn() == 0 ? 1 : s.info().qpn(), MadAddress.GSI_QKEY,
                0, 0, 0, null);
        PendingReport pending = new PendingReport(mad, to, reportRetries);
        pendingReports.put(tid, pending);
        transmit(tid, pending);
    }

    private void transmit(long tid, PendingReport pending) {
        reportsSent++;
        pending.timer = engine.executor.schedule(() -> expire(tid, pending), reportTimeout.toNanos(), TimeUnit.NANOSECONDS);
        engine.send(engine.smNode(), engine.smPort(), pending.to, pending.mad.clone());
    }

    private void expire(long tid, PendingReport pending) {
        if (pendingReports.get(tid) != pending) {
            return;
        }
        if (pending.retriesLeft-- > 0) {
            transmit(tid, pending);
        } else {
            pendingReports.remove(tid);
            LOG.debug("Report 0x{} to LID {} got no ReportResp", Long.toHexString(tid), pending.to.lid());
        }
    }

    private void onReportResponse(Arrival response) {
        PendingReport pending = pendingReports.remove(SubnetAdministrator.tid(response.mad()));
        if (pending != null) {
            pending.timer.cancel();
        }
    }
}
