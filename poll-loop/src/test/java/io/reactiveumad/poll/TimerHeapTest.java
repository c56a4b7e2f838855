package io.reactiveumad.poll;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TimerHeapTest {
    private static final class Entry extends TimerHeap.Entry {
        Entry(long deadline, long sequence) {
            super(deadline, sequence);
        }
    }

    @Test
    void popsByDeadlineThenBySequence() {
        TimerHeap heap = new TimerHeap();
        Entry late = new Entry(30, 0);
        Entry first = new Entry(10, 1);
        Entry middle = new Entry(20, 2);
        Entry tie = new Entry(10, 3);
        for (Entry e : List.of(late, first, middle, tie)) {
            heap.add(e);
        }

        assertThat(drain(heap)).containsExactly(first, tie, middle, late);
    }

    @Test
    void deadlinesCompareAcrossNanoTimeWraparound() {
        TimerHeap heap = new TimerHeap();
        Entry afterWrap = new Entry(Long.MIN_VALUE + 5, 0);
        Entry beforeWrap = new Entry(Long.MAX_VALUE - 5, 1);
        heap.add(afterWrap);
        heap.add(beforeWrap);

        assertThat(drain(heap)).containsExactly(beforeWrap, afterWrap);
    }

    @Test
    void removingAnyEntryKeepsTheRestInOrder() {
        Random random = new Random(42);
        TimerHeap heap = new TimerHeap();
        List<Entry> kept = new ArrayList<>();
        List<Entry> removed = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            Entry e = new Entry(random.nextInt(1000), i);
            heap.add(e);
            (random.nextBoolean() ? kept : removed).add(e);
        }
        for (Entry e : removed) {
            assertThat(heap.remove(e)).isTrue();
            assertThat(heap.remove(e)).isFalse();
        }
        kept.sort((a, b) -> a == b ? 0 : a.before(b) ? -1 : 1);

        assertThat(drain(heap)).containsExactlyElementsOf(kept);
    }

    @Test
    void clearEmptiesTheHeapAndForgetsSlots() {
        TimerHeap heap = new TimerHeap();
        Entry e = new Entry(1, 0);
        heap.add(e);

        heap.clear();

        assertThat(heap.peek()).isNull();
        assertThat(heap.remove(e)).isFalse();
    }

    private static List<TimerHeap.Entry> drain(TimerHeap heap) {
        List<TimerHeap.Entry> out = new ArrayList<>();
        for (TimerHeap.Entry e = heap.peek(); e != null; e = heap.peek()) {
            heap.remove(e);
            out.add(e);
        }
        return out;
    }
}
