package io.reactiveumad.client;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.sa.McMemberRecord;
import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Multicast group membership through the SA's MCMemberRecords: join (SubnAdmSet), leave (SubnAdmDelete),
 * the groups and members the SA knows (GetTable, as {@code saquery -m}), and a held membership that is
 * joined again when the SA forgot it.
 *
 * <pre>{@code
 * Multicast mc = Multicast.over(SaClient.of(port));
 * Flux<McMemberRecord> held = mc.membership(mgid, myGid, McMemberRecord.JOIN_FULL_MEMBER, Duration.ofSeconds(5));
 * Disposable d = held.subscribe(r -> System.out.println("member of mlid " + r.mlid()));   // d.dispose() leaves
 * // a group that may not exist yet, created with values the SA accepts
 * Flux<McMemberRecord> mine = mc.creation(mgid, myGid, McMemberRecord.JOIN_FULL_MEMBER)
 *         .flatMapMany(request -> mc.membership(request, McMemberRecord.Component.CREATE, Duration.ofSeconds(5)));
 * }</pre>
 */
public final class Multicast {
    private final SaClient sa;

    private Multicast(SaClient sa) {
        this.sa = sa;
    }

    /** Multicast requests through {@code sa} (which stays the caller's to dispose). */
    public static Multicast over(SaClient sa) {
        return new Multicast(Objects.requireNonNull(sa, "sa"));
    }

    /** A request naming group {@code mgid}, port {@code portGid} and {@code joinState} (JOIN_* bits). */
    public static McMemberRecord member(Gid mgid, Gid portGid, int joinState) {
        if (joinState < 1 || joinState > 0xF) {
            throw new IllegalArgumentException("joinState must be a non-empty set of the four JOIN_* bits: " + joinState);
        }
        return new McMemberRecord(mgid, portGid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, joinState, false);
    }

    /**
     * A request that joins group {@code mgid} and creates it where the SA has none, with values the SA accepts, for
     * {@link #join(McMemberRecord, long)} or {@link #membership(McMemberRecord, long, Duration)} with
     * {@link McMemberRecord.Component#CREATE}: an IPoIB group's (MGID ff1S:401b or ff1S:601b) Q_Key, P_Key, SL,
     * FlowLabel and TClass are its partition's broadcast group's, read from the SA, as the kernel's IPoIB joins (OpenSM
     * refuses to create one with others); any other group gets Q_Key 0, P_Key 0xFFFF, SL, FlowLabel and TClass 0. A
     * caller that wants other values makes a new record from this one. Fails with {@link NoSuchElementException} when
     * an IPoIB group's broadcast group is not at the SA or not in a partition of {@code portGid}'s (OpenSM refuses
     * that creation too). MGID 0
     * asks the SA to name the group.
     *
     * @throws IllegalArgumentException for an MGID no SA creates: not multicast (ff...), or of the SA's own signature
     *         at link-local scope (ff12:a01b...)
     */
    public Mono<McMemberRecord> creation(Gid mgid, Gid portGid, int joinState) {
        McMemberRecord plain = member(mgid, portGid, joinState);
        if (!mgid.equals(Gid.ZERO) && !mgid.isMulticast()) {
            throw new IllegalArgumentException("not a multicast GID (they start with ff): " + mgid);
        }
        if (McMemberRecord.signature(mgid) == McMemberRecord.SIGNATURE_SA
                && McMemberRecord.scopeOf(mgid) == McMemberRecord.SCOPE_LINK_LOCAL) {
            throw new IllegalArgumentException("MGID " + mgid + " has the SA's signature (a01b) at link-local scope, "
                    + "which only the SA gives a group (IBA o15-0.1.5): join with MGID 0 for one it names, or another "
                    + "scope or signature");
        }
        Optional<Gid> broadcast = McMemberRecord.ipoibBroadcastGroup(mgid);
        if (broadcast.isEmpty() || broadcast.get().equals(mgid)) {
            return Mono.just(withValuesOf(plain, 0, PKeyTable.DEFAULT_P_KEY, 0, 0, 0));
        }
        return members(broadcast.get()).next()
                .map(b -> withValuesOf(plain, b.qKey(), b.pKey(), b.sl(), b.flowLabel(), b.trafficClass()))
                .switchIfEmpty(Mono.error(() -> new NoSuchElementException("the SA shows this port no IPoIB broadcast group "
                        + broadcast.get() + " for " + mgid + " (there is none, or the port is not in its partition): an "
                        + "IPoIB group is created in a partition whose broadcast group exists, with its Q_Key, P_Key, SL, "
                        + "FlowLabel and TClass")));
    }

    private static McMemberRecord withValuesOf(McMemberRecord r, long qKey, int pKey, int sl, int flowLabel,
            int trafficClass) {
        return new McMemberRecord(r.mgid(), r.portGid(), qKey, r.mlid(), r.mtuSelector(), r.mtu(), trafficClass, pKey,
                r.rateSelector(), r.rate(), r.packetLifeTimeSelector(), r.packetLifeTime(), sl, flowLabel, r.hopLimit(),
                r.scope(), r.joinState(), r.proxyJoin());
    }

    /**
     * Joins as {@code request} says, the SA matching the {@code componentMask} components (creating the group needs
     * {@link McMemberRecord.Component#CREATE}'s: see {@link #creation}); emits the SA's record (MLID, rate, MTU...).
     */
    public Mono<McMemberRecord> join(McMemberRecord request, long componentMask) {
        Objects.requireNonNull(request, "request");
        return sa.set(SaClient.MC_MEMBER_RECORD, request, componentMask);
    }

    /** Joins the existing group {@code mgid} with {@code joinState}. */
    public Mono<McMemberRecord> join(Gid mgid, Gid portGid, int joinState) {
        return join(member(mgid, portGid, joinState), McMemberRecord.Component.JOIN);
    }

    /**
     * Leaves: the SA removes {@code joinState} from the port's membership; emits its answer, the request with the join
     * state the port keeps (0 when none, as OpenSM answers).
     */
    public Mono<McMemberRecord> leave(Gid mgid, Gid portGid, int joinState) {
        return sa.delete(SaClient.MC_MEMBER_RECORD, member(mgid, portGid, joinState), McMemberRecord.Component.JOIN)
                .next();
    }

    /**
     * Every member of every group the SA knows, as {@code saquery -m} lists them. An SA shows members to a trusted
     * requester only (an SA client {@link SaClient#withSmKey with the SM_Key}); anyone else gets one record per group,
     * its PortGID and JoinState 0 (IBA 15.2.5.17, as OpenSM answers).
     */
    public Flux<McMemberRecord> members() {
        return sa.getTable(SaClient.MC_MEMBER_RECORD);
    }

    /**
     * The members of group {@code mgid} (to a requester without the SM_Key, the group's one record: see
     * {@link #members()}).
     */
    public Flux<McMemberRecord> members(Gid mgid) {
        return sa.getTable(SaClient.MC_MEMBER_RECORD, member(mgid, Gid.ZERO, McMemberRecord.JOIN_FULL_MEMBER),
                McMemberRecord.Component.MGID);
    }

    /**
     * A held membership of the existing group {@code mgid}: {@link #membership(McMemberRecord, long, Duration)}
     * with {@link McMemberRecord.Component#JOIN}.
     */
    public Flux<McMemberRecord> membership(Gid mgid, Gid portGid, int joinState, Duration audit) {
        return membership(member(mgid, portGid, joinState), McMemberRecord.Component.JOIN, audit);
    }

    /**
     * A held membership: joins as {@code request} says on subscribe and emits the SA's record; then every
     * {@code audit} asks the SA (following a moved SM) whether the port is still a member and joins again
     * with the same request, emitting the new record, when the SA no longer holds it (an SM restart or move
     * forgets the groups; a request that creates the group creates it again). Cancelling leaves the group,
     * and so does the port's {@code close()} while it is held (the JVM's exit closes ports that way). A failed join
     * or audit is retried at the next audit; only the first join's failure ends the Flux.
     */
    public Flux<McMemberRecord> membership(McMemberRecord request, long componentMask, Duration audit) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(audit, "audit");
        if (audit.isNegative() || audit.isZero()) {
            throw new IllegalArgumentException("audit interval must be positive: " + audit);
        }
        int joinState = request.joinState();
        String what = "membership of " + request.mgid();
        Mono<McMemberRecord> leave = leave(request.mgid(), request.portGid(), joinState);
        // The SA answers only if the port is in the group. A SA may hide the join state (OpenSM zeroes PortGID,
        // JoinState and ProxyJoin for a requester without the SM_Key, as IBA p923 says): zero means "not shown".
        Mono<McMemberRecord> rejoinIfForgotten = sa.follow()
                .then(sa.getTable(SaClient.MC_MEMBER_RECORD, request, McMemberRecord.Component.MGID
                        | McMemberRecord.Component.PORT_GID)
                        .filter(r -> r.joinState() == 0 || (r.joinState() & joinState) == joinState)
                        .next())
                .hasElement()
                .flatMap(held -> held ? Mono.<McMemberRecord>empty()
                        : Audits.forgotten(Audits.named(sa, what), "joining", join(request, componentMask)));
        return Audits.held(sa, join(request, componentMask), audit, rejoinIfForgotten, leave, what);
    }
}
