package io.reactiveumad.operators;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The outstanding requests of one agent, keyed by the low 32 TID bits (the kernel owns bits 63..32).
 * Allocation walks a 32-bit counter that wraps at 2^32 and skips values still pending, so a TID is never
 * reused while its request is outstanding.
 *
 * <p>Confined to one thread (the agent's event loop): no synchronisation, by design.
 *
 * @param <P> what is kept per outstanding request
 */
public final class TidTable<P> {
    private final Map<Integer, P> pending = new HashMap<>();
    private int next;

    /** Starts allocating at {@code first} (random in production, like libibmad, so restarts don't collide). */
    public TidTable(int first) {
        this.next = first;
    }

    /**
     * Registers {@code request} under a fresh low-32 TID and returns it.
     *
     * @throws IllegalStateException if all 2^32 values are pending (not reachable in practice; never loops forever)
     */
    public int allocate(P request) {
        if (pending.size() == 0xFFFF_FFFFL + 1) {
            throw new IllegalStateException("every 32-bit TID is pending");
        }
        while (pending.containsKey(next)) {
            next++;
        }
        int tid = next++;
        pending.put(tid, request);
        return tid;
    }

    /** The request pending under {@code tid}, or null. */
    public P get(int tid) {
        return pending.get(tid);
    }

    /** Removes and returns the request pending under {@code tid}, or null when none is (late, cancelled, unknown). */
    public P remove(int tid) {
        return pending.remove(tid);
    }

    /** Removes {@code tid} only while it still maps to {@code request} (a cancelled request may already be gone). */
    public boolean remove(int tid, P request) {
        return pending.remove(tid, request);
    }

    public int size() {
        return pending.size();
    }

    public boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Removes every pending request, handing each to {@code action} (e.g. to fail it on close). */
    public void drain(BiConsumer<Integer, P> action) {
        Map<Integer, P> all = new HashMap<>(pending);
        pending.clear();
        all.forEach(action);
    }
}
