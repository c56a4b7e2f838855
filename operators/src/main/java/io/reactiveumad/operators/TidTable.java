package io.reactiveumad.operators;

import java.util.function.BiConsumer;

/**
 * The outstanding requests of one agent, keyed by the low 32 TID bits (the kernel owns bits 63..32).
 * Allocation walks a 32-bit counter that wraps at 2^32 and skips values still pending, so a TID is never
 * reused while its request is outstanding.
 *
 * <p>An open-addressing table keyed by the primitive TID (linear probing, deletion by backward shift): a
 * lookup boxes nothing and a request allocates nothing once the table has grown to the agent's window.
 * At most {@code maxPending} requests are kept; the next allocation fails instead of growing without
 * bound.
 *
 * <p>Confined to one thread (the agent's event loop): no synchronisation, by design.
 *
 * @param <P> what is kept per outstanding request
 */
public final class TidTable<P> {
    /** The default bound on outstanding requests per agent: far beyond any window a fabric serves. */
    public static final int DEFAULT_MAX_PENDING = 1 << 20;
    private static final int INITIAL_CAPACITY = 64;

    private final int maxPending;
    private int[] keys = new int[INITIAL_CAPACITY];
    private Object[] values = new Object[INITIAL_CAPACITY];
    private int size;
    private int next;

    /** Starts allocating at {@code first} (random in production, like libibmad, so restarts don't collide). */
    public TidTable(int first) {
        this(first, DEFAULT_MAX_PENDING);
    }

    /** As {@link #TidTable(int)}, keeping at most {@code maxPending} requests outstanding. */
    public TidTable(int first, int maxPending) {
        if (maxPending < 1 || maxPending > DEFAULT_MAX_PENDING) {
            throw new IllegalArgumentException("maxPending must be 1.." + DEFAULT_MAX_PENDING + ": " + maxPending);
        }
        this.next = first;
        this.maxPending = maxPending;
    }

    /**
     * Registers {@code request} under a fresh low-32 TID and returns it. The skip loop ends: fewer than
     * 2^32 TIDs can be pending.
     *
     * @throws IllegalStateException when {@code maxPending} requests are already outstanding
     */
    public int allocate(P request) {
        if (size == maxPending) {
            throw new IllegalStateException(size + " requests are already pending on this agent, the most it keeps");
        }
        while (indexOf(next) >= 0) {
            next++;
        }
        int tid = next++;
        put(tid, request);
        return tid;
    }

    /** The request pending under {@code tid}, or null. */
    @SuppressWarnings("unchecked")
    public P get(int tid) {
        int i = indexOf(tid);
        return i < 0 ? null : (P) values[i];
    }

    /** Removes and returns the request pending under {@code tid}, or null when none is (late, cancelled, unknown). */
    @SuppressWarnings("unchecked")
    public P remove(int tid) {
        int i = indexOf(tid);
        if (i < 0) {
            return null;
        }
        P removed = (P) values[i];
        deleteAt(i);
        return removed;
    }

    /** Removes {@code tid} only while it still maps to {@code request} (a cancelled request may already be gone). */
    public boolean remove(int tid, P request) {
        int i = indexOf(tid);
        if (i < 0 || values[i] != request) {
            return false;
        }
        deleteAt(i);
        return true;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Removes every pending request, handing each to {@code action} (e.g. to fail it on close). */
    @SuppressWarnings("unchecked")
    public void drain(BiConsumer<Integer, P> action) {
        int[] drainedKeys = keys;
        Object[] drainedValues = values;
        keys = new int[INITIAL_CAPACITY];
        values = new Object[INITIAL_CAPACITY];
        size = 0;
        for (int i = 0; i < drainedValues.length; i++) {
            if (drainedValues[i] != null) {
                action.accept(drainedKeys[i], (P) drainedValues[i]);
            }
        }
    }

    /** Moves the allocation counter, so a test can make it meet a pending TID without 2^32 allocations. */
    void restartAt(int tid) {
        next = tid;
    }

    /** 2^32 divided by the golden ratio, odd: multiplying by it scatters consecutive TIDs over the table. */
    private static final int GOLDEN = 0x9E3779B9;

    private static int slot(int tid, int mask) {
        // The pending TIDs are a window of consecutive values. Their low bits would give each its own slot, but
        // side by side: one run as long as the window, which every deletion (a backward shift to the run's end)
        // walks, O(window) per answer. Fibonacci hashing (the top bits of the product) spreads consecutive TIDs
        // evenly apart, so runs stay a few slots long at the table's load of at most a half.
        return (tid * GOLDEN) >>> Integer.numberOfLeadingZeros(mask);
    }

    private int indexOf(int tid) {
        int mask = keys.length - 1;
        for (int i = slot(tid, mask); values[i] != null; i = (i + 1) & mask) {
            if (keys[i] == tid) {
                return i;
            }
        }
        return -1;
    }

    private void put(int tid, Object request) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        insert(keys, values, tid, request);
        size++;
    }

    private static void insert(int[] k, Object[] v, int tid, Object request) {
        int mask = k.length - 1;
        int i = slot(tid, mask);
        while (v[i] != null) {
            i = (i + 1) & mask;
        }
        k[i] = tid;
        v[i] = request;
    }

    private void grow() {
        int[] newKeys = new int[keys.length * 2];
        Object[] newValues = new Object[values.length * 2];
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                insert(newKeys, newValues, keys[i], values[i]);
            }
        }
        keys = newKeys;
        values = newValues;
    }

    /** Linear-probing deletion: entries after the hole that probed past it move back, so lookups never stop early. */
    private void deleteAt(int hole) {
        int mask = keys.length - 1;
        int i = hole;
        for (;;) {
            i = (i + 1) & mask;
            if (values[i] == null) {
                break;
            }
            int home = slot(keys[i], mask);
            // Move entry i into the hole unless its home lies cyclically in (hole, i].
            boolean homeBetween = hole <= i ? hole < home && home <= i : hole < home || home <= i;
            if (!homeBetween) {
                keys[hole] = keys[i];
                values[hole] = values[i];
                hole = i;
            }
        }
        values[hole] = null;
        size--;
    }

    @Override
    public String toString() {
        return "TidTable(" + size + " pending, next " + Integer.toUnsignedString(next) + ")";
    }
}
