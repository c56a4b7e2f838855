package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The arithmetic between two reads of a port's counters: data words to bytes, a reset, a 32-bit counter at its end. */
class PortTrafficTest {
    private static final long MAX_32 = 0xFFFF_FFFFL;

    @Test
    void dataWordsAreFourBytesAndRatesAreOverTheInterval() {
        PortTraffic t = PortTraffic.between(new long[] {100, 200, 10, 20}, new long[] {350, 200, 35, 21},
                Duration.ofMillis(500), true);
        assertThat(t.xmitBytes()).isEqualTo(1000);
        assertThat(t.rcvBytes()).isZero();
        assertThat(t.xmitPackets()).isEqualTo(25);
        assertThat(t.rcvPackets()).isEqualTo(1);
        assertThat(t.xmitBytesPerSecond()).isEqualTo(2000.0);
        assertThat(t.xmitPacketsPerSecond()).isEqualTo(50.0);
        assertThat(t.saturated()).isFalse();
        assertThat(t.reset()).isFalse();
    }

    /** Someone reset the counters in between: what they count now is what was counted since. */
    @Test
    void aCounterThatWentBackWasResetAndCountsFromThere() {
        PortTraffic t = PortTraffic.between(new long[] {1000, 1000, 50, 50}, new long[] {7, 1200, 60, 3},
                Duration.ofSeconds(1), true);
        assertThat(t.reset()).isTrue();
        assertThat(t.xmitBytes()).isEqualTo(28);
        assertThat(t.rcvBytes()).isEqualTo(800);
        assertThat(t.rcvPackets()).isEqualTo(3);
    }

    /** PortCounters' 32-bit counters stop at their maximum: the figure is a lower bound, and said to be. */
    @Test
    void aThirtyTwoBitCounterAtItsMaximumIsSaturated() {
        PortTraffic t = PortTraffic.between(new long[] {MAX_32 - 10, 0, 0, 0}, new long[] {MAX_32, 0, 0, 0},
                Duration.ofSeconds(1), false);
        assertThat(t.saturated()).isTrue();
        assertThat(t.xmitBytes()).isEqualTo(40);
        assertThat(PortTraffic.between(new long[] {MAX_32, 0, 0, 0}, new long[] {MAX_32, 0, 0, 0}, Duration.ofSeconds(1),
                true).saturated()).as("64-bit counters do not stop at 2^32 - 1").isFalse();
    }

    /** Unsigned: a 64-bit counter past 2^63 is still counting up, not reset. */
    @Test
    void sixtyFourBitCountersCompareUnsigned() {
        PortTraffic t = PortTraffic.between(new long[] {Long.MAX_VALUE, 0, 0, 0}, new long[] {Long.MIN_VALUE + 1, 0, 0, 0},
                Duration.ofSeconds(1), true);
        assertThat(t.reset()).isFalse();
        assertThat(t.xmitBytes()).isEqualTo(8);
    }

    @Test
    void anIntervalIsPositive() {
        assertThatThrownBy(() -> new PortTraffic(Duration.ZERO, 0, 0, 0, 0, true, false, false))
                .hasMessageContaining("interval must be positive");
    }
}
