package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortNotActiveException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import io.reactiveumad.spi.channel.PortAttributes;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Subnet administration queries (class 0x03, version 2, on QP1): Get, GetTable, Set and Delete of SA
 * records with component masks; GetTable answers are a {@link Flux} of records.
 *
 * <pre>{@code
 * SaClient sa = SaClient.of(port);
 * Flux<NodeRecord> nodes = sa.getTable(SaClient.NODE_RECORD);
 * Flux<PathRecord> paths = sa.pathRecords(myGid, peerGid);
 * }</pre>
 *
 * <p><b>Addressing.</b> Every request goes to the SA where the local port's attributes say it is: the
 * SM LID and SM SL, QP1, Q_Key 0x80010000, the default partition's P_Key index. Attributes are read
 * per request, so a {@link MadPort#refresh()} by anyone is followed. <b>A moving SA</b> is followed
 * too: when a request times out, or the old SM port answers that it serves no SA (unsupported
 * method/attribute), the client re-reads the port attributes and, if the SM LID changed, sends once
 * more to the new SA; {@link #follow()} re-reads them on demand (e.g. after a client
 * reregister). An SM_Key given with {@link #withSmKey} goes into every request and is never logged.
 *
 * <p><b>Records.</b> A GetTableResp holds {@code n} records {@code AttributeOffset × 8} bytes apart
 * from byte 56, bounded by what was really sent: the message as it arrived, or within one RMPP First segment its
 * PayloadLength; trailing all-zero records of a 256-byte MAD that says nothing of its length are padding. A
 * response with status NO_RECORDS is an empty result.
 * Until RMPP is in the path ({@link RmppMode#USER} or {@link RmppMode#KERNEL}), a table longer than
 * one MAD yields only the records of its first segment.
 */
public final class SaClient implements Disposable {
    private static final Logger log = LoggerFactory.getLogger(SaClient.class);

    public static final int CLASS_VERSION = 2;

    public static final AttributeType<ClassPortInfo> CLASS_PORT_INFO =
            new AttributeType<>(ClassPortInfo.ATTRIBUTE_ID, "ClassPortInfo", ClassPortInfo.SIZE, ClassPortInfo::decode);
    public static final AttributeType<InformInfo> INFORM_INFO =
            new AttributeType<>(InformInfo.ATTRIBUTE_ID, "InformInfo", InformInfo.SIZE, InformInfo::decode);
    public static final AttributeType<NodeRecord> NODE_RECORD =
            new AttributeType<>(NodeRecord.ATTRIBUTE_ID, "NodeRecord", NodeRecord.SIZE, NodeRecord::decode);
    public static final AttributeType<PortInfoRecord> PORT_INFO_RECORD =
            new AttributeType<>(PortInfoRecord.ATTRIBUTE_ID, "PortInfoRecord", PortInfoRecord.SIZE,
                    PortInfoRecord::decode);
    public static final AttributeType<PathRecord> PATH_RECORD =
            new AttributeType<>(PathRecord.ATTRIBUTE_ID, "PathRecord", PathRecord.SIZE, PathRecord::decode);
    public static final AttributeType<LinkRecord> LINK_RECORD =
            new AttributeType<>(LinkRecord.ATTRIBUTE_ID, "LinkRecord", LinkRecord.SIZE, LinkRecord::decode);
    public static final AttributeType<ServiceRecord> SERVICE_RECORD =
            new AttributeType<>(ServiceRecord.ATTRIBUTE_ID, "ServiceRecord", ServiceRecord.SIZE, ServiceRecord::decode);
    public static final AttributeType<McMemberRecord> MC_MEMBER_RECORD =
            new AttributeType<>(McMemberRecord.ATTRIBUTE_ID, "MCMemberRecord", McMemberRecord.SIZE,
                    McMemberRecord::decode);
    public static final AttributeType<LinearForwardingTableRecord> LINEAR_FORWARDING_TABLE_RECORD =
            new AttributeType<>(LinearForwardingTableRecord.ATTRIBUTE_ID, "LinearForwardingTableRecord",
                    LinearForwardingTableRecord.SIZE, LinearForwardingTableRecord::decode);
    public static final AttributeType<SwitchInfoRecord> SWITCH_INFO_RECORD =
            new AttributeType<>(SwitchInfoRecord.ATTRIBUTE_ID, "SwitchInfoRecord", SwitchInfoRecord.SIZE,
                    SwitchInfoRecord::decode);
    public static final AttributeType<SmInfoRecord> SM_INFO_RECORD =
            new AttributeType<>(SmInfoRecord.ATTRIBUTE_ID, "SMInfoRecord", SmInfoRecord.SIZE, SmInfoRecord::decode);
    public static final AttributeType<GuidInfoRecord> GUID_INFO_RECORD =
            new AttributeType<>(GuidInfoRecord.ATTRIBUTE_ID, "GUIDInfoRecord", GuidInfoRecord.SIZE, GuidInfoRecord::decode);
    public static final AttributeType<SlToVlMappingTableRecord> SL_TO_VL_MAPPING_TABLE_RECORD =
            new AttributeType<>(SlToVlMappingTableRecord.ATTRIBUTE_ID, "SLtoVLMappingTableRecord",
                    SlToVlMappingTableRecord.SIZE, SlToVlMappingTableRecord::decode);
    public static final AttributeType<VlArbitrationTableRecord> VL_ARBITRATION_TABLE_RECORD =
            new AttributeType<>(VlArbitrationTableRecord.ATTRIBUTE_ID, "VLArbitrationTableRecord",
                    VlArbitrationTableRecord.SIZE, VlArbitrationTableRecord::decode);
    public static final AttributeType<MulticastForwardingTableRecord> MULTICAST_FORWARDING_TABLE_RECORD =
            new AttributeType<>(MulticastForwardingTableRecord.ATTRIBUTE_ID, "MulticastForwardingTableRecord",
                    MulticastForwardingTableRecord.SIZE, MulticastForwardingTableRecord::decode);
    /** Answered only with the SM_Key ({@link #withSmKey}): OpenSM refuses anyone else. */
    public static final AttributeType<PKeyTableRecord> P_KEY_TABLE_RECORD =
            new AttributeType<>(PKeyTableRecord.ATTRIBUTE_ID, "P_KeyTableRecord", PKeyTableRecord.SIZE,
                    PKeyTableRecord::decode);
    public static final AttributeType<InformInfoRecord> INFORM_INFO_RECORD =
            new AttributeType<>(InformInfoRecord.ATTRIBUTE_ID, "InformInfoRecord", InformInfoRecord.SIZE,
                    InformInfoRecord::decode);

    private final MadPort port;
    private final Mono<MadAgent> agent;
    /** Released by {@link #dispose()}: the agent this client registered itself, or nothing. */
    private final Disposable owned;
    private final RequestOptions options;
    private final OptionalLong smKey;
    /** The SA's LID when fixed by {@link #withSaLid}; 0: the SM LID the port knows, followed when it moves. */
    private final int saLid;
    /** A table that may have been cut to one MAD was warned of (once per client: all of this SA's long tables are). */
    private final AtomicBoolean warnedOfCutTables = new AtomicBoolean();

    private SaClient(MadPort port, Mono<MadAgent> agent, Disposable owned, RequestOptions options,
                     OptionalLong smKey, int saLid) {
        this.port = port;
        this.agent = agent;
        this.owned = owned;
        this.options = options;
        this.smKey = smKey;
        this.saLid = saLid;
    }

    /** A client on {@code port} whose agent does RMPP in user space (any transport). */
    public static SaClient of(MadPort port) {
        return of(port, RmppMode.USER);
    }

    /** A client on {@code port} whose agent does RMPP as {@code rmpp} says ({@link RmppMode#KERNEL}: umad only). */
    public static SaClient of(MadPort port, RmppMode rmpp) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(rmpp, "rmpp");
        LazyAgent lazy = new LazyAgent(port, AgentSpec.client(MgmtClass.SUBN_ADM, CLASS_VERSION).withRmpp(rmpp));
        return new SaClient(port, lazy.get(), lazy, port.options().requests(), OptionalLong.empty(), 0);
    }

    /** A client sending through {@code saAgent} (class 0x03 version 2), which stays the caller's to dispose. */
    public static SaClient over(MadAgent saAgent) {
        Objects.requireNonNull(saAgent, "saAgent");
        AgentSpec spec = saAgent.spec();
        if (spec.mgmtClass() != MgmtClass.SUBN_ADM || spec.classVersion() != CLASS_VERSION) {
            throw new IllegalArgumentException(String.format("not an SA agent: class 0x%02x version %d",
                    spec.mgmtClass(), spec.classVersion()));
        }
        return new SaClient(saAgent.port(), Mono.just(saAgent), Disposables.composite(), saAgent.port().options().requests(),
                OptionalLong.empty(), 0);
    }

    /** A view sharing this client's agent that puts {@code key} in every request's SM_Key field. */
    public SaClient withSmKey(long key) {
        return new SaClient(port, agent, owned, options, OptionalLong.of(key), saLid);
    }

    /**
     * A view sharing this client's agent that sends every request to the SA at {@code lid} (on SL 0) instead of the
     * SM LID the port knows, as the diag tools' {@code -s sm_port}: for an SA the port's PortInfo does not name. Such
     * a view does not follow the SM when it moves.
     */
    public SaClient withSaLid(int lid) {
        if (!MadAddress.isUnicastLid(lid)) {
            throw new IllegalArgumentException("the SA's LID must be a unicast LID (1 to 0xbfff): " + lid);
        }
        return new SaClient(port, agent, owned, options, smKey, lid);
    }

    /** A view sharing this client's agent whose requests wait and retry as {@code requestOptions} says. */
    public SaClient withOptions(RequestOptions requestOptions) {
        Objects.requireNonNull(requestOptions, "requestOptions");
        return new SaClient(port, agent, owned, requestOptions, smKey, saLid);
    }

    public MadPort port() {
        return port;
    }

    /**
     * Where requests go now: QP1 with the SA Q_Key at the SM LID and SL from the port's attributes, or at the LID
     * {@link #withSaLid} fixed.
     */
    public MadAddress saAddress() {
        PortAttributes attributes = port.attributes();
        return saLid != 0 ? GsiAddressing.qp1(attributes, saLid, 0)
                : GsiAddressing.qp1(attributes, attributes.smLid(), attributes.smSl());
    }

    /** Re-reads the port's attributes, so later requests go to the SA (SM LID) the port now knows. */
    public Mono<PortAttributes> follow() {
        return port.refresh();
    }

    // ---- typed conveniences ---------------------------------------------------------------------------

    public Mono<ClassPortInfo> classPortInfo() {
        return get(CLASS_PORT_INFO, null, 0);
    }

    /** The paths from {@code sgid} to {@code dgid}, as {@code saquery -p} asks for them. */
    public Flux<PathRecord> pathRecords(Gid sgid, Gid dgid) {
        return getTable(PATH_RECORD, PathRecord.query(sgid, dgid),
                PathRecord.Component.SGID | PathRecord.Component.DGID | PathRecord.Component.NUMB_PATH);
    }

    /**
     * The SL to reach each destination from this port, by its LID: one reversible PathRecord per destination from the
     * port's GID 0, the query ibqueryerrors makes before it asks the PMAs (its {@code --skip-sl} goes without). A
     * destination with several LIDs (LMC) has each; one the SA gives no path to is not in the map.
     */
    public Mono<Map<Integer, Integer>> serviceLevelsByLid() {
        return Mono.defer(() -> {
            Gid own = port.attributes().gids().isEmpty() ? Gid.ZERO : port.attributes().gids().get(0);
            return getTable(PATH_RECORD, PathRecord.query(own, Gid.ZERO),
                    PathRecord.Component.SGID | PathRecord.Component.NUMB_PATH | PathRecord.Component.REVERSIBLE)
                    .collectMap(PathRecord::dlid, PathRecord::sl);
        });
    }

    /** The linear forwarding table blocks the SM programmed into the switch with LID {@code switchLid} (saquery LFTR). */
    public Flux<LinearForwardingTableRecord> linearForwardingTableRecords(int switchLid) {
        LinearForwardingTableRecord template = new LinearForwardingTableRecord(switchLid, 0,
                new LinearForwardingTable(Collections.nCopies(LinearForwardingTable.ENTRIES, 0)));
        return getTable(LINEAR_FORWARDING_TABLE_RECORD, template, LinearForwardingTableRecord.Component.LID);
    }

    /**
     * The PortInfoRecords of the ports whose CapabilityMask has every bit of {@code capabilities} set, as
     * {@code saquery -s} asks for IsSM ports. Bit 31 of the attribute modifier makes the CapabilityMask
     * component a bitwise match (an IBA 1.2 erratum OpenSM follows); without it the SA compares the whole mask.
     */
    public Flux<PortInfoRecord> portsWithCapabilities(long capabilities) {
        PortInfoRecord template = new PortInfoRecord(0, 0, 0, PortInfo.builder().capabilityMask(capabilities).build());
        return getTable(PORT_INFO_RECORD, PortInfoRecord.BITWISE_CAPABILITY_MATCH, template,
                PortInfoRecord.Component.CAPABILITY_MASK);
    }

    /**
     * SubnAdmSet(InformInfo, Subscribe=1) for {@code selector}: the SA will send Reports of matching
     * notices to this port's QP1, where an SA agent serving Report must answer each with a ReportResp
     * ({@link Notices} does all of this). Emits the SA's echo.
     */
    public Mono<InformInfo> subscribe(TrapSelector selector) {
        return set(INFORM_INFO, selector.toInformInfo(true), 0);
    }

    /** SubnAdmSet(InformInfo, Subscribe=0) for {@code selector}; the SA fails it if it knows no such subscription. */
    public Mono<InformInfo> unsubscribe(TrapSelector selector) {
        return set(INFORM_INFO, selector.toInformInfo(false), 0);
    }

    /** The subscriptions the SA holds for {@code subscriber} (a port GID), as InformInfoRecords. */
    public Flux<InformInfoRecord> subscriptions(Gid subscriber) {
        InformInfoRecord template = new InformInfoRecord(subscriber, 0, TrapSelector.all().toInformInfo(false));
        return getTable(INFORM_INFO_RECORD, template, InformInfoRecord.Component.SUBSCRIBER_GID);
    }

    /**
     * The subscriptions the SA holds for {@code subscriber}, or nothing when its answer may have been cut short.
     * An SA that leaves segmentation to the kernel (OpenSM) sends a long table as one message with RMPP
     * Active; where nothing segments it (umad2sim under ibsim runs no RMPP) only its first 256 bytes arrive,
     * unsegmented (no First flag) and full to the last record that fits. Whoever checks that the SA still
     * holds each of its subscriptions must not take the ones beyond for lost.
     */
    public Mono<List<InformInfoRecord>> wholeSubscriptions(Gid subscriber) {
        InformInfoRecord template = new InformInfoRecord(subscriber, 0, TrapSelector.all().toInformInfo(false));
        return request(Method.GET_TABLE, INFORM_INFO_RECORD.attributeId(), 0, InformInfoRecord.Component.SUBSCRIBER_GID,
                template)
                .flatMap(r -> {
                    List<InformInfoRecord> held = SaTables.records(INFORM_INFO_RECORD, r.mad());
                    return SaTables.mayBeCut(r.mad(), held.size()) ? Mono.<List<InformInfoRecord>>empty() : Mono.just(held);
                })
                .onErrorResume(SaClient::isNoRecords, e -> Mono.just(List.of()));
    }

    // ---- generic methods ------------------------------------------------------------------------------

    /** SubnAdmGetTable without a template: every record of {@code type}. */
    public <T> Flux<T> getTable(AttributeType<T> type) {
        return getTable(type, null, 0);
    }

    /** SubnAdmGetTable: the records of {@code type} that equal {@code template} in the {@code componentMask} fields. */
    public <T> Flux<T> getTable(AttributeType<T> type, MadAttribute template, long componentMask) {
        return getTable(type, 0, template, componentMask);
    }

    private <T> Flux<T> getTable(AttributeType<T> type, long modifier, MadAttribute template, long componentMask) {
        Objects.requireNonNull(type, "type");
        return request(Method.GET_TABLE, type.attributeId(), modifier, componentMask, template)
                .flatMapIterable(r -> {
                    List<T> records = SaTables.records(type, r.mad());
                    if (SaTables.mayBeCut(r.mad(), records.size()) && !warnedOfCutTables.getAndSet(true)) {
                        log.warn("{}: the SA at LID {} answered a {} table as one unsegmented MAD with RMPP active, "
                                + "as an SM sends a long table where nothing under it does RMPP (OpenSM under ibsim's "
                                + "umad2sim): its {} record(s) may be the first of more", port.spec(),
                                r.source().lid(), type.name(), records.size());
                    }
                    return records;
                })
                .onErrorResume(SaClient::isNoRecords, e -> Flux.empty());
    }

    /** SubnAdmGet: the one record matching, empty if none does. */
    public <T> Mono<T> get(AttributeType<T> type, MadAttribute template, long componentMask) {
        Objects.requireNonNull(type, "type");
        return request(Method.GET, type.attributeId(), 0, componentMask, template)
                .map(r -> Mads.decode(type, r.mad()))
                .onErrorResume(SaClient::isNoRecords, e -> Mono.empty());
    }

    /** SubnAdmSet (e.g. InformInfo, ServiceRecord registration); emits the SA's answer. */
    public <T extends MadAttribute> Mono<T> set(AttributeType<T> type, T value, long componentMask) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
        return request(Method.SET, type.attributeId(), 0, componentMask, value).map(r -> Mads.decode(type, r.mad()));
    }

    /** SubnAdmDelete (e.g. a ServiceRecord or MCMemberRecord); emits the records the SA deleted. */
    public <T extends MadAttribute> Flux<T> delete(AttributeType<T> type, T value, long componentMask) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
        return request(Method.DELETE, type.attributeId(), 0, componentMask, value)
                .flatMapIterable(r -> SaTables.deleted(type, r.mad()));
    }

    /**
     * Sends one SA request to the current SA and emits the response. On a timeout or an answer saying
     * the SA class is unsupported there, the port attributes are re-read; if the SM LID changed the
     * request goes once more to the new SA (not when {@link #withSaLid} fixed where the SA is).
     *
     * @param payload the template or value at byte 56, or {@code null}
     */
    public Mono<ReceivedMad> request(int method, int attributeId, long modifier, long componentMask,
                                     MadAttribute payload) {
        Mad request = Mads.request(MgmtClass.SUBN_ADM, CLASS_VERSION, method, attributeId, modifier, payload, b -> {
            SaHeader sa = new SaHeader().wrap(b, 0).componentMask(componentMask);
            smKey.ifPresent(sa::smKey);
        });
        if (saLid != 0) {
            return agent.flatMap(a -> Mono.defer(() -> a.request(request, saAddress(), options)));
        }
        return agent.flatMap(a -> knownSm().flatMap(smLid -> a.request(request, saAddress(), options)
                .onErrorResume(SaClient::mayHaveMoved, failure -> follow().flatMap(now -> {
                    if (now.smLid() == smLid || now.smLid() == 0) {
                        return Mono.error(failure);
                    }
                    log.info("port {}: SA moved from LID {} to {}, resending {}", port.spec(), smLid, now.smLid(),
                            Method.name(method));
                    return a.request(request, saAddress(), options);
                }))));
    }

    /**
     * The SM LID of a port that {@link PortAttributes#reachesSm reaches its SM}. One that does not (not configured
     * yet, just bounced) has its attributes read again first: still so fails with {@link PortNotActiveException},
     * rather than asking until the timeouts run out.
     */
    private Mono<Integer> knownSm() {
        PortAttributes attributes = port.attributes();
        if (attributes.reachesSm()) {
            return Mono.just(attributes.smLid());
        }
        return follow().flatMap(now -> now.reachesSm() ? Mono.just(now.smLid())
                : Mono.error(new PortNotActiveException(port.spec(), now, "no SA to ask")));
    }

    /**
     * Whether {@code failure} says that no SA can answer this port now, rather than that the SA refused the request:
     * nothing answered (the SM died or is restarting, or only standby SMs are left), the port asked no longer runs an
     * SA (a moved SM), the SA said it is busy, or the port cannot reach an SM yet ({@link PortNotActiveException}, but
     * not on a RoCE port, which no SM ever serves). A program that runs until stopped (a trap watch, a held membership,
     * a service) retries on it; a one-shot query reports it. Reactor's wrapping is looked through.
     */
    public static boolean unreachable(Throwable failure) {
        Throwable e = Exceptions.unwrap(failure);
        return mayHaveMoved(e) || e instanceof PortNotActiveException p && !p.isRoce()
                || e instanceof MadStatusException s && MadStatus.isBusy(s.status());
    }

    /**
     * A {@code retryWhen} spec for a program that runs until stopped: a failure that {@link #unreachable} says is the
     * SA's absence is retried after {@code delay} of the failures in a row so far (1 for the first), and told to
     * {@code onRetry} with that delay first; any other failure ends the sequence. A value in between starts the count
     * again.
     * <pre>{@code
     * Notices.of(port).watch(selectors)
     *     .retryWhen(SaClient.retryWhileUnreachable(NoticeOptions.defaults()::renewalRetryDelay,
     *             (e, delay) -> log.warn("no SA answers ({}); trying again in {}", e, delay)))
     * }</pre>
     */
    public static Retry retryWhileUnreachable(IntFunction<Duration> delay, BiConsumer<Throwable, Duration> onRetry) {
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(onRetry, "onRetry");
        return Retry.from(failures -> failures.concatMap(signal -> {
            if (!unreachable(signal.failure())) {
                return Mono.error(signal.failure());
            }
            Duration wait = delay.apply((int) Math.min(Integer.MAX_VALUE, signal.totalRetriesInARow() + 1));
            onRetry.accept(signal.failure(), wait);
            return Mono.delay(wait);
        }));
    }

    /**
     * A failure that a moved SA explains: no answer, or an answer from a port that no longer runs an SA
     * (its kernel says the class or attribute is unsupported).
     */
    private static boolean mayHaveMoved(Throwable e) {
        if (e instanceof MadTimeoutException) {
            return true;
        }
        if (e instanceof MadStatusException s) {
            int code = MadStatus.code(s.status());
            return code == MadStatus.CODE_UNSUPPORTED_METHOD || code == MadStatus.CODE_UNSUPPORTED_METHOD_ATTRIBUTE;
        }
        return false;
    }

    static boolean isNoRecords(Throwable e) {
        return e instanceof MadStatusException s && MadStatus.classSpecific(s.status()) == SaHeader.STATUS_NO_RECORDS;
    }

    @Override
    public void dispose() {
        owned.dispose();
    }

    @Override
    public boolean isDisposed() {
        return owned.isDisposed();
    }

    @Override
    public String toString() {
        return "SaClient(" + port.spec() + (saLid != 0 ? ", SA at LID " + saLid : "")
                + (smKey.isPresent() ? ", with SM_Key" : "") + ")";
    }
}
