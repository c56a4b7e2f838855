package io.reactiveumad.client;

import io.reactiveumad.internal.DefaultMadPort;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.sa.McMemberRecord;
import java.time.Duration;
import java.util.Objects;
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
 * }</pre>
 */
public final class Multicast {
    /** The components a join or leave of an existing group names: the group, the port and the join state. */
    public static final long MEMBER_COMPONENTS = McMemberRecord.Component.MGID | McMemberRecord.Component.PORT_GID
            | McMemberRecord.Component.JOIN_STATE;

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
     * Joins as {@code request} says, the SA matching the {@code componentMask} components (creating the
     * group needs Q_Key, P_Key, SL, FlowLabel and TClass too); emits the SA's record (MLID, rate, MTU...).
     */
    public Mono<McMemberRecord> join(McMemberRecord request, long componentMask) {
        Objects.requireNonNull(request, "request");
        return sa.set(SaClient.MC_MEMBER_RECORD, request, componentMask);
    }

    /** Joins the existing group {@code mgid} with {@code joinState}. */
    public Mono<McMemberRecord> join(Gid mgid, Gid portGid, int joinState) {
        return join(member(mgid, portGid, joinState), MEMBER_COMPONENTS);
    }

    /** Leaves: the SA removes {@code joinState} from the port's membership; emits what it removed. */
    public Mono<McMemberRecord> leave(Gid mgid, Gid portGid, int joinState) {
        return sa.delete(SaClient.MC_MEMBER_RECORD, member(mgid, portGid, joinState), MEMBER_COMPONENTS).next();
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
     * with {@link #MEMBER_COMPONENTS}.
     */
    public Flux<McMemberRecord> membership(Gid mgid, Gid portGid, int joinState, Duration audit) {
        return membership(member(mgid, portGid, joinState), MEMBER_COMPONENTS, audit);
    }

    /**
     * A held membership: joins as {@code request} says on subscribe and emits the SA's record; then every
     * {@code audit} asks the SA (following a moved SM) whether the port is still a member and joins again
     * with the same request, emitting the new record, when the SA no longer holds it (an SM restart or move
     * forgets the groups; a request that creates the group creates it again). Cancelling leaves the group,
     * and so does the port's {@code close()} while it is held (the JVM's exit closes ports that way). A failed join or audit
     * is retried at the next audit; only the first join's failure ends the Flux.
     */
    public Flux<McMemberRecord> membership(McMemberRecord request, long componentMask, Duration audit) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(audit, "audit");
        if (audit.isNegative() || audit.isZero()) {
            throw new IllegalArgumentException("audit interval must be positive: " + audit);
        }
        int joinState = request.joinState();
        Mono<McMemberRecord> leave = leave(request.mgid(), request.portGid(), joinState);
        // The SA answers only if the port is in the group. A SA may hide the join state (OpenSM zeroes PortGID,
        // JoinState and ProxyJoin for a requester without the SM_Key, as IBA p923 says): zero means "not shown".
        Mono<McMemberRecord> rejoinIfForgotten = sa.follow()
                .then(sa.getTable(SaClient.MC_MEMBER_RECORD, request, McMemberRecord.Component.MGID
                        | McMemberRecord.Component.PORT_GID)
                        .filter(r -> r.joinState() == 0 || (r.joinState() & joinState) == joinState)
                        .next())
                .hasElement()
                .flatMap(held -> held ? Mono.<McMemberRecord>empty() : join(request, componentMask));
        return Flux.defer(() -> {
            Object holder = new Object();
            return join(request, componentMask)
                    .doOnNext(first -> {
                        if (sa.port() instanceof DefaultMadPort port) {
                            port.beforeClose(holder, () -> leave.onErrorResume(e -> Mono.empty()).then());
                        }
                    })
                    .flatMapMany(first -> Audits.every(audit, rejoinIfForgotten, "port " + sa.port().spec()
                            + ": membership of " + request.mgid()).startWith(first))
                    .doFinally(signal -> {
                        if (sa.port() instanceof DefaultMadPort port) {
                            port.forgetBeforeClose(holder);
                        }
                    })
                    .doOnCancel(() -> leave.onErrorResume(e -> Mono.empty()).subscribe());
        });
    }
}
