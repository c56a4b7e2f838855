package io.reactiveumad.fabric;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * One node's PMA as an error sweep asks it, and what failed there, counted as ibqueryerrors counts its "PMA
 * query failures".
 *
 * <p>A LID that left a request unanswered for good (every attempt timed out) is silent from then on: nothing
 * more is sent there, and each request that would have been is a failure at once. ibqueryerrors asks every
 * port in turn and waits out each one's timeouts; the count is the same, a dead switch costs one request's
 * timeouts instead of one per port. ibqueryerrors asks the node's ClassPortInfo before anything else, which
 * this sweep asks only when it decides something; so when the node's LID turns silent before its ClassPortInfo
 * was asked, that failure is counted too (a switch's AllPortSelect sum, asked first, stands for it).
 *
 * <p>A failure of one request is the node's; the port closing, or its device going, ends the sweep. The
 * requests of one node may be in flight together (a port's data counters beside its details), so every
 * method that keeps state is synchronized.
 */
final class NodePma {
    private final int lid;
    private final List<String> failures = new ArrayList<>();
    private final Set<Integer> silent = new HashSet<>();
    private boolean classPortInfoCounted;

    /** @param lid where the node's ClassPortInfo is asked: a switch's LID, or a CA's first port's */
    NodePma(int lid) {
        this.lid = lid;
    }

    /** The node's ClassPortInfo CapabilityMask; 0 when it cannot be read (a failure, counted once). */
    Mono<Integer> capabilityMask(Mono<ClassPortInfo> request) {
        return Mono.defer(() -> {
            if (isSilent(lid)) {
                return Mono.just(0); // counted when the LID turned silent
            }
            return request.map(ClassPortInfo::capabilityMask)
                    .onErrorResume(e -> failed(lid, "ClassPortInfo of lid " + lid, e, true).thenReturn(0));
        });
    }

    /**
     * The switch's PortCounters summed over all ports (AllPortSelect); empty when the PMA refuses the sum (it
     * need not have it: not a failure) or fails to answer (a failure, standing for the ClassPortInfo
     * ibqueryerrors asks first).
     */
    Mono<PortCounters> sum(Mono<PortCounters> request) {
        return request.onErrorResume(e -> e instanceof MadStatusException ? Mono.empty()
                : failed(lid, "PortCounters of lid " + lid + " port ALL", e, true));
    }

    /** {@code request} to {@code at}, told as {@code what} when it fails; empty on failure or when {@code at} is silent. */
    <T> Mono<T> ask(int at, String what, Mono<T> request) {
        return Mono.defer(() -> {
            if (isSilent(at)) {
                add(what + ": not asked, lid " + at + " did not answer before");
                return Mono.empty();
            }
            return request.onErrorResume(e -> failed(at, what, e, false));
        });
    }

    /** Every failure so far, one line each. */
    synchronized List<String> failures() {
        return List.copyOf(failures);
    }

    /** Counts a failure before anything is asked: a node without a LID, as ibqueryerrors finds it. */
    synchronized void add(String failure) {
        failures.add(failure);
    }

    private synchronized boolean isSilent(int at) {
        return silent.contains(at);
    }

    private <T> Mono<T> failed(int at, String what, Throwable e, boolean isClassPortInfo) {
        if (e instanceof PortClosedException || e instanceof DeviceGoneException) {
            return Mono.error(e);
        }
        synchronized (this) {
            failures.add(what + ": " + e.getMessage());
            classPortInfoCounted |= isClassPortInfo;
            if (e instanceof MadTimeoutException && silent.add(at) && at == lid && !classPortInfoCounted) {
                classPortInfoCounted = true;
                failures.add("ClassPortInfo of lid " + at + ": not asked, lid " + at + " did not answer");
            }
        }
        return Mono.empty();
    }
}
