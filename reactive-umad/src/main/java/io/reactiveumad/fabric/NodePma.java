package io.reactiveumad.fabric;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One node's PMA as an error sweep asks it, and what failed there, counted as ibqueryerrors counts its "PMA
 * query failures".
 *
 * <p>ibqueryerrors asks a node's ClassPortInfo before anything else; this sweep asks it only when it decides
 * something, or when a request to the node's LID goes unanswered for good (every attempt timed out): then it asks
 * whether the PMA is there at all. If the ClassPortInfo is unanswered too, the LID is silent: its failure is
 * counted once, nothing more is sent there, and each request that would have been is a failure at once
 * (ibqueryerrors asks every port in turn and waits out each one's timeouts: the count is the same, a dead switch
 * costs two requests' timeouts instead of one per port). If it answers, only the request that failed is.
 *
 * <p>A failure of one request is the node's; the port closing, or its device going, ends the sweep. The
 * requests of one node may be in flight together (a port's data counters beside its details), so the state is
 * guarded by {@code this}.
 */
final class NodePma {
    private final int lid;
    private final Mono<Integer> capabilities;
    private final List<String> failures = new ArrayList<>();
    /** Whether the node's LID left its ClassPortInfo unanswered: nothing more is sent there. */
    private boolean silent;

    /**
     * @param lid          where the node's ClassPortInfo is asked: a switch's LID, or a CA's first port's
     * @param classPortInfo the node's ClassPortInfo, asked once, on the first subscription
     */
    NodePma(int lid, Mono<ClassPortInfo> classPortInfo) {
        this.lid = lid;
        this.capabilities = classPortInfo.map(ClassPortInfo::capabilityMask)
                .onErrorResume(e -> PortClosedException.endsThePort(e) ? Mono.error(e) : Mono.fromSupplier(() -> {
                    synchronized (this) {
                        failures.add("ClassPortInfo of lid " + lid + ": " + e.getMessage());
                        silent |= e instanceof MadTimeoutException;
                    }
                    return 0;
                }))
                .cache();
    }

    /** The node's ClassPortInfo CapabilityMask, asked once; 0 when it could not be read (a failure, counted once). */
    Mono<Integer> capabilities() {
        return capabilities;
    }

    /**
     * The switch's PortCounters summed over all ports (AllPortSelect), checked by {@code clean}: whether the node is
     * done, every port counted as checked. A PMA that refuses the sum has no AllPortSelect (not a failure): false,
     * read each port. One that does not answer it is done when its ClassPortInfo says it has AllPortSelect (the sum's
     * failure counted, as ibqueryerrors counts it when it asked the sum because of that ClassPortInfo); else its
     * ports are read (or, silent, counted as failed).
     */
    Mono<Boolean> sum(Mono<PortCounters> request, Function<PortCounters, Mono<Boolean>> clean) {
        return request.flux().flatMap(clean, e -> sumFailed(e).flux(), Flux::empty).next().defaultIfEmpty(false);
    }

    private Mono<Boolean> sumFailed(Throwable e) {
        if (PortClosedException.endsThePort(e)) {
            return Mono.error(e);
        }
        if (e instanceof MadStatusException) {
            return Mono.just(false);
        }
        return capabilities.map(caps -> {
            synchronized (this) {
                if (silent || (caps & ClassPortInfo.PERF_CAP_ALL_PORT_SELECT) == 0) {
                    return false;
                }
                failures.add("PortCounters of lid " + lid + " port ALL: " + e.getMessage());
                return true;
            }
        });
    }

    /** {@code request} to {@code at}, told as {@code what} when it fails; empty on failure or when {@code at} is silent. */
    <T> Mono<T> ask(int at, String what, Mono<T> request) {
        return Mono.defer(() -> {
            if (isSilent(at)) {
                add(what + ": not asked, lid " + at + " did not answer before");
                return Mono.empty();
            }
            return request.onErrorResume(e -> {
                if (PortClosedException.endsThePort(e)) {
                    return Mono.error(e);
                }
                add(what + ": " + e.getMessage());
                // Unanswered at the node's LID: is the PMA there at all? (asked once; silences the LID if not)
                return e instanceof MadTimeoutException && at == lid ? capabilities.then(Mono.empty()) : Mono.empty();
            });
        });
    }

    /** Whether {@code at} is the node's LID and it left its ClassPortInfo unanswered: nothing more is sent there. */
    synchronized boolean isSilent(int at) {
        return at == lid && silent;
    }

    /** Every failure so far, one line each. */
    synchronized List<String> failures() {
        return List.copyOf(failures);
    }

    /** Counts a failure nothing was sent for: a node without a LID, as ibqueryerrors finds it. */
    synchronized void add(String failure) {
        failures.add(failure);
    }
}
