package io.reactiveumad.client;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortNotActiveException;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.spi.channel.PortAttributes;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * The paths from this port to its destinations, each asked of the SA once and then shared, as ibacm keeps them for a
 * host: a program that opens many connections (an MPI job's start, a storage client's reconnects) asks the SA once
 * per destination instead of once per connection.
 *
 * <pre>{@code
 * PathCache paths = PathCache.of(port);
 * paths.path(destinationGid).subscribe(p -> connect(p.dlid(), p.sl(), p.mtu()));
 * }</pre>
 *
 * <ul>
 *   <li><b>One query per destination.</b> A path is a SubnAdmGet(PathRecord) for one reversible path from the port's
 *       GID 0 to a GID, or from its LID to a LID, in the partition of a P_Key when one is given, for a ServiceID when
 *       one is given (an SA with a QoS policy, as OpenSM's {@code qos-ulps}, may give a service its own SL, as it does
 *       for rdma_cm's connections, which carry theirs). Each GID or LID, P_Key and ServiceID is a destination of its
 *       own. Callers asking for one destination while its query is under way share it. An answer of "no path"
 *       completes the {@code Mono} empty; a failed query fails every caller that shared it and is not kept, so the
 *       next caller asks again.</li>
 *   <li><b>Kept</b> for {@link PathCacheOptions#timeToLive()} ("no path" for
 *       {@link PathCacheOptions#noPathTimeToLive()}), and never past a change of the port's SM LID.</li>
 *   <li><b>Forgotten early</b>, once the first path was asked for and the SA holds the subscription: the paths to a
 *       GID when the SA reports it out of service (trap 65); every "no path" when a GID comes into service (trap 64);
 *       everything when the subscription is renewed (a new or restarted SM, which may route otherwise, after a gap in
 *       which notices went unsent). While no SA answers (its SM dead or restarting) the paths held are still given,
 *       for their time to live. Where the SA cannot be subscribed to (another program takes the port's
 *       Reports, as OpenSM does on its own node under ibsim) that is logged once and only the times to live apply.</li>
 *   <li><b>Bounded:</b> beyond {@link PathCacheOptions#maxEntries()} destinations the one asked for least recently is
 *       forgotten.</li>
 * </ul>
 * Safe to use from any thread. {@link #dispose()} ends the trap subscription (and disposes the SA client if
 * {@link #of} made it).
 */
public final class PathCache implements Disposable {
    private static final Logger log = LoggerFactory.getLogger(PathCache.class);
    private static final Duration FOREVER = Duration.ofMillis(Long.MAX_VALUE);
    /** No P_Key asked for: the SA picks a partition both ends are in. */
    private static final int ANY_P_KEY = 0;
    /** No ServiceID asked for: the path any traffic between the two ends gets. */
    private static final OptionalLong NO_SERVICE = OptionalLong.empty();

    private final SaClient sa;
    private final boolean ownsSa;
    private final PathCacheOptions options;
    /** Each destination's entry, least recently asked first. Guarded by itself. */
    private final Map<Destination, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private final AtomicBoolean watching = new AtomicBoolean();
    private volatile Disposable traps;
    private volatile boolean disposed;

    private PathCache(SaClient sa, boolean ownsSa, PathCacheOptions options) {
        this.sa = sa;
        this.ownsSa = ownsSa;
        this.options = options;
    }

    /** A cache of the paths from {@code port}, with its own SA client and {@link PathCacheOptions#defaults()}. */
    public static PathCache of(MadPort port) {
        return new PathCache(SaClient.of(Objects.requireNonNull(port, "port")), true, PathCacheOptions.defaults());
    }

    /**
     * A cache of the paths {@code sa} answers for its port, with {@code options}; {@code sa} stays the caller's to
     * dispose.
     */
    public static PathCache over(SaClient sa, PathCacheOptions options) {
        return new PathCache(Objects.requireNonNull(sa, "sa"), false, Objects.requireNonNull(options, "options"));
    }

    /** The path from the port's GID 0 to {@code destination}, in a partition the SA picks; empty when it has none. */
    public Mono<PathRecord> path(Gid destination) {
        return path(new Destination(Objects.requireNonNull(destination, "destination"), 0, ANY_P_KEY, NO_SERVICE));
    }

    /**
     * The path from the port's GID 0 to {@code destination} in the partition of {@code pKey} (its membership bit
     * included, as a QP's P_Key); empty when the SA has none.
     */
    public Mono<PathRecord> path(Gid destination, int pKey) {
        return path(new Destination(Objects.requireNonNull(destination, "destination"), 0, checkPKey(pKey), NO_SERVICE));
    }

    /**
     * The path from the port's GID 0 to {@code destination} in the partition of {@code pKey}, for the service
     * {@code serviceId} (the SA's QoS policy may give it its own SL); empty when the SA has none.
     */
    public Mono<PathRecord> path(Gid destination, int pKey, long serviceId) {
        return path(new Destination(Objects.requireNonNull(destination, "destination"), 0, checkPKey(pKey),
                OptionalLong.of(serviceId)));
    }

    /** The path from the port's LID to {@code destinationLid}, in a partition the SA picks; empty when it has none. */
    public Mono<PathRecord> path(int destinationLid) {
        return path(new Destination(null, GsiAddressing.unicastLid(destinationLid), ANY_P_KEY, NO_SERVICE));
    }

    /** The path from the port's LID to {@code destinationLid} in the partition of {@code pKey}; empty when none. */
    public Mono<PathRecord> path(int destinationLid, int pKey) {
        return path(new Destination(null, GsiAddressing.unicastLid(destinationLid), checkPKey(pKey), NO_SERVICE));
    }

    /**
     * The path from the port's LID to {@code destinationLid} in the partition of {@code pKey}, for the service
     * {@code serviceId} (the SA's QoS policy may give it its own SL); empty when none.
     */
    public Mono<PathRecord> path(int destinationLid, int pKey, long serviceId) {
        return path(new Destination(null, GsiAddressing.unicastLid(destinationLid), checkPKey(pKey),
                OptionalLong.of(serviceId)));
    }

    private Mono<PathRecord> path(Destination destination) {
        return Mono.defer(() -> entry(destination).answer);
    }

    /** A P_Key names a partition: 16 bits whose low 15 are not all 0 (0x0000 and 0x8000 are invalid). */
    private static int checkPKey(int pKey) {
        if (pKey < 1 || pKey > 0xFFFF || (pKey & PKeyTable.PARTITION_MASK) == 0) {
            throw new IllegalArgumentException(String.format("not a P_Key: 0x%x", pKey));
        }
        return pKey;
    }

    /** Forgets every path to {@code destination}, asked for by GID or by a LID it ended at. */
    public void invalidate(Gid destination) {
        Objects.requireNonNull(destination, "destination");
        forget(e -> destination.equals(e.destination.gid()) || e.record != null && e.record.dgid().equals(destination));
    }

    /** Forgets every path to {@code destinationLid}, asked for by LID or by a GID it ended at. */
    public void invalidate(int destinationLid) {
        forget(e -> e.destination.lid() == destinationLid || e.record != null && e.record.dlid() == destinationLid);
    }

    /** Forgets every path. */
    public void invalidateAll() {
        forget(e -> true);
    }

    /** The destinations kept, in flight or answered. */
    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    private Entry entry(Destination destination) {
        if (disposed) {
            throw new IllegalStateException("the path cache of port " + sa.port().spec() + " is disposed");
        }
        followTraps();
        int smLid = sa.port().attributes().smLid();
        long now = now();
        synchronized (entries) {
            Entry held = entries.get(destination);
            if (held != null && held.smLid == smLid && now < held.expiresAt) {
                return held;
            }
            Entry fresh = new Entry(destination, smLid);
            entries.put(destination, fresh);
            if (entries.size() > options.maxEntries()) {
                Iterator<Entry> eldest = entries.values().iterator();
                eldest.next();
                eldest.remove();
            }
            return fresh;
        }
    }

    private Mono<PathRecord> query(Destination destination) {
        return Mono.defer(() -> {
            PortAttributes own = sa.port().attributes();
            long components = PathRecord.Component.REVERSIBLE | PathRecord.Component.NUMB_PATH
                    | (destination.pKey() != ANY_P_KEY ? PathRecord.Component.P_KEY : 0)
                    | (destination.serviceId().isPresent() ? PathRecord.Component.SERVICE_ID : 0);
            Gid sgid = Gid.ZERO;
            if (destination.gid() != null) {
                if (own.gids().isEmpty()) {
                    return Mono.error(new PortNotActiveException(sa.port().spec(), own, "no GID to ask a path from"));
                }
                sgid = own.gids().get(0);
                components |= PathRecord.Component.SGID | PathRecord.Component.DGID;
            } else {
                components |= PathRecord.Component.SLID | PathRecord.Component.DLID;
            }
            PathRecord template = new PathRecord(destination.serviceId().orElse(0),
                    destination.gid() != null ? destination.gid() : Gid.ZERO, sgid,
                    destination.lid(), destination.gid() != null ? 0 : own.lid(), false, 0, 0, 0, true, 1,
                    destination.pKey(), 0, 0, 0, 0, 0, 0, 0, 0, 0);
            return sa.get(SaClient.PATH_RECORD, template, components);
        });
    }

    /** Subscribes to traps 64 and 65 once, on first use: a cache never asked for a path holds nothing at the SA. */
    private void followTraps() {
        if (!options.followTraps() || !watching.compareAndSet(false, true)) {
            return;
        }
        NoticeOptions retry = NoticeOptions.defaults();
        traps = Notices.of(sa.port())
                .events(TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE),
                        TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE))
                .retryWhen(SaClient.retryWhileUnreachable(retry::renewalRetryDelay, (failure, delay) ->
                        log.debug("port {}: no SA to subscribe to traps 64 and 65 ({}); trying again in {}",
                                sa.port().spec(), failure.toString(), delay)))
                .subscribe(this::onEvent, failure -> {
                    if (!PortClosedException.endsThePort(failure)) {
                        log.warn("port {}: paths are kept for their time to live only: the SA's traps 64 and 65 cannot "
                                + "be followed ({})", sa.port().spec(), failure.toString());
                    }
                });
        if (disposed) {
            // Disposed while this subscribed: dispose() may have looked before it was set.
            traps.dispose();
        }
    }

    private void onEvent(NoticeEvent event) {
        if (event instanceof NoticeEvent.Received received) {
            Notice notice = received.notice();
            if (notice.details() instanceof TrapDetails.GidDetails gid) {
                if (notice.trapNumber() == Notice.TRAP_GID_OUT_OF_SERVICE) {
                    invalidate(gid.gid());
                } else if (notice.trapNumber() == Notice.TRAP_GID_IN_SERVICE) {
                    forget(e -> e.noPath);
                }
            }
        } else if (event instanceof NoticeEvent.Resubscribed || event instanceof NoticeEvent.NoticesLost) {
            // A new or restarted SM (which may route otherwise), or notices lost: what happened meanwhile was not told.
            invalidateAll();
        }
        // A failed renewal (no SA answers) keeps what is held: it is what a program can still use until the SA is
        // back, which the renewal that then succeeds says.
    }

    private void forget(Predicate<Entry> stale) {
        synchronized (entries) {
            entries.values().removeIf(stale);
        }
    }

    /** The port's loop clock, which times its requests and its notices' polls (virtual in a test's fabric). */
    private long now() {
        return sa.port().loopScheduler().now(TimeUnit.MILLISECONDS);
    }

    /** {@code now} plus {@code life}, at most {@link Long#MAX_VALUE} (a time to live of years is forever). */
    private static long until(long now, Duration life) {
        long millis = life.compareTo(FOREVER) >= 0 ? Long.MAX_VALUE : life.toMillis();
        return millis >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + millis;
    }

    @Override
    public void dispose() {
        disposed = true;
        Disposable held = traps;
        if (held != null) {
            held.dispose();
        }
        invalidateAll();
        if (ownsSa) {
            sa.dispose();
        }
    }

    @Override
    public boolean isDisposed() {
        return disposed;
    }

    @Override
    public String toString() {
        return "PathCache[" + sa.port().spec() + ", " + size() + " destinations]";
    }

    /** A GID or a LID (the other null or 0), a P_Key or {@link #ANY_P_KEY}, a ServiceID or {@link #NO_SERVICE}. */
    private record Destination(Gid gid, int lid, int pKey, OptionalLong serviceId) {
    }

    /** One destination's query, shared by its callers, and what it answered. */
    private final class Entry {
        final Destination destination;
        final int smLid;
        final Mono<PathRecord> answer;
        volatile PathRecord record;
        volatile boolean noPath;
        /** Until the answer comes, never: a query in flight is shared, not repeated. */
        volatile long expiresAt = Long.MAX_VALUE;

        Entry(Destination destination, int smLid) {
            this.destination = destination;
            this.smLid = smLid;
            this.answer = query(destination)
                    .doOnSuccess(path -> {
                        record = path;
                        noPath = path == null;
                        expiresAt = until(now(), path == null ? options.noPathTimeToLive() : options.timeToLive());
                    })
                    .cache(path -> FOREVER, failure -> Duration.ZERO, () -> FOREVER);
        }
    }
}
