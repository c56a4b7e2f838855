package io.reactiveumad.operators;

import io.reactiveumad.mad.RmppAbortException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static io.reactiveumad.operators.RmppFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random loss, duplication and reordering schedules (seeded, so every failure reproduces): every run
 * ends within a virtual-time bound with the message delivered byte-identical, or with both sides failed
 * with an {@link RmppAbortException}; never with a side still waiting.
 */
class RmppPropertyTest {
    private static final int RUNS = 400;
    private static final Duration BOUND = Duration.ofMinutes(10);
    private static final int[] FEATURED_SIZES = {1, 217, 1000, 60000, 1 << 20};
    private static final int[] CLASSES = {SA, SA, SA, VENDOR, DEV_MGT};
    private static final int[] MAX_DELAYS_MICROS = {1, 1_000, 50_000, 3_000_000};

    @Test
    void everyTransferDeliversIntactOrFailsTypedOnBothSides() {
        int delivered = 0;
        int failed = 0;
        for (int run = 0; run < RUNS; run++) {
            long seed = 0x5EEDL * 1_000 + run;
            Random random = new Random(seed);
            int size = run % 8 < FEATURED_SIZES.length ? FEATURED_SIZES[run % 8] : random.nextInt(40_000);
            byte[] message = message(CLASSES[random.nextInt(CLASSES.length)], size, random.nextLong(), random);
            RmppOptions options = RmppOptions.defaults()
                    .withWindow(random.nextBoolean() ? 64 : 1 + random.nextInt(8))
                    .withAckTimeout(random.nextBoolean() ? Duration.ofSeconds(2) : Duration.ofMillis(200))
                    .withMaxRetries(random.nextInt(7));
            double lossOut = random.nextDouble() * 0.3;
            double lossBack = random.nextDouble() * 0.3;
            double dup = random.nextDouble() * 0.3;
            int delay = MAX_DELAYS_MICROS[random.nextInt(MAX_DELAYS_MICROS.length)];
            String schedule = String.format("run %d seed %d: %d bytes class 0x%02x %s loss %.2f/%.2f dup %.2f delay ≤ %d µs",
                    run, seed, size, message[1], options, lossOut, lossBack, dup, delay);

            RmppLoop.Outcome outcome = RmppLoop.run(message, options, BOUND,
                    time -> new LossyLink(time, new Random(seed ^ 1), lossOut, dup, delay, m -> false),
                    time -> new LossyLink(time, new Random(seed ^ 2), lossBack, dup, delay, m -> false));

            assertThat(outcome.senderDone()).as("sender finished, " + schedule).isTrue();
            assertThat(outcome.receiverIdle()).as("receiver has nothing open, " + schedule).isTrue();
            if (outcome.senderError() != null) {
                assertThat(outcome.senderError()).as(schedule).isInstanceOf(RmppAbortException.class);
            }
            assertThat(outcome.messages()).as("every delivery intact, " + schedule)
                    .allSatisfy(m -> assertThat(m).isEqualTo(asReassembled(message)));
            if (outcome.senderSucceeded()) {
                assertThat(outcome.messages()).as("acknowledged means delivered, " + schedule).isNotEmpty();
            }
            if (outcome.messages().isEmpty()) {
                assertThat(outcome.senderError()).as("undelivered means the sender failed, " + schedule).isNotNull();
                if (outcome.firstSegmentArrived()) {
                    assertThat(outcome.receiverFailures()).as("a started transfer fails typed, " + schedule)
                            .isNotEmpty();
                }
                failed++;
            } else {
                delivered++;
            }
        }
        // Both outcomes must really occur, or the schedules prove nothing.
        assertThat(delivered).isGreaterThan(RUNS / 4);
        assertThat(failed).isGreaterThan(RUNS / 20);
    }
}
