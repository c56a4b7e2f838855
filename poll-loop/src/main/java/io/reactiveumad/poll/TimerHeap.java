package io.reactiveumad.poll;

import java.util.Arrays;

/**
 * A binary min-heap of timers by (deadline, sequence), owned by the loop thread. Each timer knows its
 * slot, so a cancelled timer leaves the heap at once in O(log n) instead of lingering until its
 * deadline (request timeouts are mostly cancelled).
 */
final class TimerHeap {
    /** One timer's place in the heap; {@link #NOT_QUEUED} when outside it. */
    abstract static class Entry {
        static final int NOT_QUEUED = -1;
        final long deadlineNanos;
        final long sequence;
        int heapIndex = NOT_QUEUED;

        Entry(long deadlineNanos, long sequence) {
            this.deadlineNanos = deadlineNanos;
            this.sequence = sequence;
        }

        final boolean before(Entry other) {
            // Compare deadlines by difference: nanoTime may wrap.
            long d = deadlineNanos - other.deadlineNanos;
            return d < 0 || d == 0 && sequence < other.sequence;
        }
    }

    private Entry[] entries = new Entry[64];
    private int size;

    /** The earliest timer, or null. */
    Entry peek() {
        return size == 0 ? null : entries[0];
    }

    void add(Entry entry) {
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, size * 2);
        }
        entries[size] = entry;
        entry.heapIndex = size;
        size++;
        siftUp(entry.heapIndex);
    }

    /** Removes {@code entry} if queued; returns whether it was. */
    boolean remove(Entry entry) {
        int index = entry.heapIndex;
        if (index == Entry.NOT_QUEUED) {
            return false;
        }
        size--;
        Entry last = entries[size];
        entries[size] = null;
        entry.heapIndex = Entry.NOT_QUEUED;
        if (index != size) {
            entries[index] = last;
            last.heapIndex = index;
            siftDown(index);
            siftUp(last.heapIndex);
        }
        return true;
    }

    /** Removes everything (on close). */
    void clear() {
        for (int i = 0; i < size; i++) {
            entries[i].heapIndex = Entry.NOT_QUEUED;
            entries[i] = null;
        }
        size = 0;
    }

    private void siftUp(int index) {
        Entry entry = entries[index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            Entry p = entries[parent];
            if (!entry.before(p)) {
                break;
            }
            place(p, index);
            index = parent;
        }
        place(entry, index);
    }

    private void siftDown(int index) {
        Entry entry = entries[index];
        int half = size >>> 1;
        while (index < half) {
            int child = 2 * index + 1;
            int right = child + 1;
            if (right < size && entries[right].before(entries[child])) {
                child = right;
            }
            if (!entries[child].before(entry)) {
                break;
            }
            place(entries[child], index);
            index = child;
        }
        place(entry, index);
    }

    private void place(Entry entry, int index) {
        entries[index] = entry;
        entry.heapIndex = index;
    }
}
