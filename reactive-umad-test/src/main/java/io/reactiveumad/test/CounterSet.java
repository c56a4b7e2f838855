package io.reactiveumad.test;

import java.util.EnumMap;
import java.util.Map;

/** One port's counters, 64 bits each. Mutated on the fabric executor only. */
final class CounterSet {
    private final Map<PortCounter, Long> values = new EnumMap<>(PortCounter.class);

    long get(PortCounter counter) {
        return values.getOrDefault(counter, 0L);
    }

    void set(PortCounter counter, long value) {
        values.put(counter, value);
    }

    void add(PortCounter counter, long delta) {
        values.merge(counter, delta, Long::sum);
    }

    void reset(PortCounter counter) {
        values.remove(counter);
    }
}
