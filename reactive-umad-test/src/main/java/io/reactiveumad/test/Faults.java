package io.reactiveumad.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fault injection for an {@link EmbeddedFabric}: each rule applies to the MADs a {@link MadMatch}
 * selects, at the moment they are delivered to their destination node. Randomness comes from one
 * seeded {@link SplittableRandom} (well spread even for small seeds) used on the fabric's executor only, so with a virtual-time scheduler a run is
 * repeatable. Rules may be added or cleared from any thread; they apply to MADs delivered afterwards.
 *
 * <pre>{@code
 * fabric.faults().seed(7)
 *       .drop(0.05, MadMatch.any())                                   // 5 % loss everywhere
 *       .delay(Duration.ofMillis(300), MadMatch.toNode("host3"))        // a slow host
 *       .duplicate(1.0, MadMatch.any().mgmtClass(0x03).method(0x06));  // every SA Report twice
 * }</pre>
 */
public final class Faults {
    private enum Kind { DROP, DELAY, DUPLICATE, CORRUPT }

    /** {@code remaining} counts down the MADs a counted rule still applies to; -1 for unlimited. */
    private static final class Rule {
        final Kind kind;
        final double probability;
        final long delayNanos;
        final MadMatch match;
        int remaining;

        Rule(Kind kind, double probability, long delayNanos, MadMatch match, int remaining) {
            this.kind = kind;
            this.probability = probability;
            this.delayNanos = delayNanos;
            this.match = match;
            this.remaining = remaining;
        }
    }

    /** What happens to one delivery: how many copies (0 = dropped), after how long, and the bytes. */
    record Verdict(int copies, long delayNanos, byte[] mad) {
    }

    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private volatile SplittableRandom random = new SplittableRandom(0);
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong duplicated = new AtomicLong();
    private final AtomicLong corrupted = new AtomicLong();

    Faults() {
    }

    /** Re-seeds the random source (default seed 0). */
    public Faults seed(long seed) {
        random = new SplittableRandom(seed);
        return this;
    }

    /** Drops each matching MAD with {@code probability} (0..1). */
    public Faults drop(double probability, MadMatch match) {
        return add(new Rule(Kind.DROP, check(probability), 0, match, -1));
    }

    /** Drops exactly the next {@code count} matching MADs, then lets them through: deterministic loss. */
    public Faults dropNext(int count, MadMatch match) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be positive: " + count);
        }
        return add(new Rule(Kind.DROP, 1, 0, match, count));
    }

    /** Delays every matching MAD by {@code delay} (on the fabric's scheduler: virtual time works). */
    public Faults delay(Duration delay, MadMatch match) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        return add(new Rule(Kind.DELAY, 1, delay.toNanos(), match, -1));
    }

    /** Delivers each matching MAD twice with {@code probability}. */
    public Faults duplicate(double probability, MadMatch match) {
        return add(new Rule(Kind.DUPLICATE, check(probability), 0, match, -1));
    }

    /** Flips one random byte (never to the same value) of each matching MAD with {@code probability}. */
    public Faults corrupt(double probability, MadMatch match) {
        return add(new Rule(Kind.CORRUPT, check(probability), 0, match, -1));
    }

    /** Removes every rule; counters stay. */
    public Faults clear() {
        rules.clear();
        return this;
    }

    public long dropped() {
        return dropped.get();
    }

    public long duplicated() {
        return duplicated.get();
    }

    public long corrupted() {
        return corrupted.get();
    }

    /** Decides one delivery to {@code node}. Called on the fabric executor. */
    Verdict apply(String node, byte[] mad) {
        int copies = 1;
        long delay = 0;
        byte[] bytes = mad;
        for (Rule rule : new ArrayList<>(rules)) {
            if (rule.remaining == 0 || !rule.match.matches(node, mad) || random.nextDouble() >= rule.probability) {
                continue;
            }
            if (rule.remaining > 0) {
                rule.remaining--;
            }
            switch (rule.kind) {
                case DROP -> {
                    dropped.incrementAndGet();
                    return new Verdict(0, 0, mad);
                }
                case DELAY -> delay += rule.delayNanos;
                case DUPLICATE -> {
                    duplicated.incrementAndGet();
                    copies = 2;
                }
                case CORRUPT -> {
                    corrupted.incrementAndGet();
                    bytes = bytes.clone();
                    int at = random.nextInt(bytes.length);
                    bytes[at] ^= (byte) (1 + random.nextInt(255));
                }
            }
        }
        return new Verdict(copies, delay, bytes);
    }

    private Faults add(Rule rule) {
        if (rule.match == null) {
            throw new IllegalArgumentException("a fault needs a MadMatch (MadMatch.any() for every MAD)");
        }
        rules.add(rule);
        return this;
    }

    private static double check(double probability) {
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException("probability must be 0..1: " + probability);
        }
        return probability;
    }
}
