package io.reactiveumad.operators;

import reactor.test.scheduler.VirtualTimeScheduler;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * An in-memory datagram link in virtual time: each MAD is lost with probability {@code loss}, otherwise
 * delivered after a random delay (so MADs overtake each other) and, with probability {@code duplicate},
 * delivered twice. {@code drop} removes chosen MADs deterministically.
 */
final class LossyLink {
    private final VirtualTimeScheduler time;
    private final Random random;
    private final double loss;
    private final double duplicate;
    private final int maxDelayMicros;
    private final Predicate<byte[]> drop;

    LossyLink(VirtualTimeScheduler time, Random random, double loss, double duplicate, int maxDelayMicros,
            Predicate<byte[]> drop) {
        this.time = time;
        this.random = random;
        this.loss = loss;
        this.duplicate = duplicate;
        this.maxDelayMicros = maxDelayMicros;
        this.drop = drop;
    }

    static LossyLink perfect(VirtualTimeScheduler time) {
        return new LossyLink(time, new Random(0), 0, 0, 1, mad -> false);
    }

    void carry(byte[] mad, Consumer<byte[]> to) {
        if (drop.test(mad) || random.nextDouble() < loss) {
            return;
        }
        int copies = random.nextDouble() < duplicate ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            byte[] copy = mad.clone();
            time.schedule(() -> to.accept(copy), 1 + random.nextInt(maxDelayMicros), TimeUnit.MICROSECONDS);
        }
    }
}
