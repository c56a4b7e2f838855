package io.reactiveumad.internal;

import io.reactiveumad.AgentStats;
import io.reactiveumad.PortStats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Counters that a port's event loop alone writes and any thread reads ({@code stats()}, a metrics scrape).
 * One writer needs no lock, no CAS and no {@code LongAdder} cell: an increment is a plain read and a
 * release store, which costs the loop next to nothing, and a reader on another thread sees a whole, recent
 * value. Writing from any other thread would lose counts: every writing method is loop-only.
 */
final class LoopCounters {
    /** What is counted; {@link PortStats} and {@link AgentStats} say what each means. */
    enum Count { RECEIVED, SENT, LATE_RESPONSES, TIMEOUTS, UNCLAIMED, MALFORMED, RETRIES, RMPP_TRANSFERS, IN_FLIGHT }

    private static final VarHandle VALUE = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] values = new long[Count.values().length];

    /** loop */
    void increment(Count count) {
        add(count, 1);
    }

    /** loop */
    void decrement(Count count) {
        add(count, -1);
    }

    /** loop (or a caller that owns this instance alone) */
    private void add(Count count, long delta) {
        int i = count.ordinal();
        VALUE.setRelease(values, i, values[i] + delta);
    }

    /** loop (or a caller that owns this instance alone): adds every count of {@code other} to this one. */
    void addAll(LoopCounters other) {
        for (Count count : Count.values()) {
            add(count, other.get(count));
        }
    }

    /** Any thread. */
    long get(Count count) {
        return (long) VALUE.getAcquire(values, count.ordinal());
    }

    PortStats portStats(long droppedOverflow) {
        return new PortStats(get(Count.RECEIVED), get(Count.SENT), droppedOverflow, get(Count.LATE_RESPONSES),
                get(Count.TIMEOUTS), get(Count.UNCLAIMED), get(Count.MALFORMED), get(Count.RETRIES),
                get(Count.RMPP_TRANSFERS), get(Count.IN_FLIGHT));
    }

    AgentStats agentStats(long droppedOverflow) {
        return new AgentStats(get(Count.RECEIVED), get(Count.SENT), droppedOverflow, get(Count.LATE_RESPONSES),
                get(Count.TIMEOUTS), get(Count.UNCLAIMED), get(Count.MALFORMED), get(Count.RETRIES),
                get(Count.RMPP_TRANSFERS), get(Count.IN_FLIGHT));
    }
}
