package io.reactiveumad.internal;

import java.util.concurrent.atomic.AtomicReference;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Hands one resource made asynchronously (a port, an agent) to the subscriber waiting for it, and
 * closes it instead if that subscriber left first (a {@code timeout()} upstream): otherwise nobody could
 * ever close it, and it would hold its fd, loop or class/methods for good. One per subscription.
 *
 * @param <T> the resource
 */
public final class Handoff<T extends Disposable> {
    private static final Object DELIVERED = new Object();
    private static final Object CANCELLED = new Object();

    /** null, then the resource, then DELIVERED or CANCELLED. */
    private final AtomicReference<Object> slot = new AtomicReference<>();

    /** Producer side: true when the subscriber already left, so nothing need be made. */
    public boolean abandoned() {
        return slot.get() == CANCELLED;
    }

    /** Producer side: true if {@code resource} may be handed on; false if it was closed because nobody waits. */
    public boolean offer(T resource) {
        if (slot.compareAndSet(null, resource)) {
            return true;
        }
        resource.dispose();
        return false;
    }

    /** Subscriber side: {@code delivery} (the Mono carrying the offered resource to the subscriber), watched. */
    public Mono<T> deliver(Mono<T> delivery) {
        return delivery
                .doOnNext(resource -> slot.set(DELIVERED))
                .doOnCancel(() -> {
                    if (slot.getAndSet(CANCELLED) instanceof Disposable resource) {
                        resource.dispose();
                    }
                });
    }
}
