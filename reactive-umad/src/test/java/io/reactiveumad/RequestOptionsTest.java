package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RequestOptionsTest {

    @Test
    void aTimeoutBeyondTheKernels32BitMillisecondsIsRefused() {
        assertThatThrownBy(() -> RequestOptions.defaults().withTimeout(Duration.ofMillis(Integer.MAX_VALUE + 1L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeout");
        assertThat(RequestOptions.defaults().withTimeout(Duration.ofMillis(Integer.MAX_VALUE)).timeout())
                .isEqualTo(Duration.ofMillis(Integer.MAX_VALUE));
    }

    @Test
    void aDeadlineNoTimerCanHoldIsRefused() {
        assertThatThrownBy(() -> RequestOptions.defaults().withTimeout(Duration.ofDays(20)).withRetries(Integer.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("retries");
    }

    @Test
    void theDeadlineIsEveryAttemptsTimeoutUpToTheLongestATimerCanHold() {
        assertThat(RequestOptions.defaults().deadline()).isEqualTo(Duration.ofSeconds(3));
        Duration longest = Duration.ofMillis(Integer.MAX_VALUE);
        int retries = (int) (Long.MAX_VALUE / longest.toNanos()) - 1;
        assertThat(RequestOptions.defaults().withTimeout(longest).withRetries(retries).deadline())
                .isEqualTo(longest.multipliedBy(retries + 1L));
    }

    @Test
    void aBusyBackoffNoTimerCanHoldIsRefused() {
        assertThatThrownBy(() -> RequestOptions.defaults().withBusyRetries(1, Duration.ofDays(365L * 300)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("busyBackoff");
    }
}
