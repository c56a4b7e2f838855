package io.reactiveumad.discovery;

import io.reactiveumad.RequestOptions;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * How {@link FabricDiscovery} runs.
 *
 * @param outstanding SMPs on the wire at once (ibnetdiscover keeps 2; more hides the per-hop latency)
 * @param request     per-SMP timeout and resends (lost SMPs are resent with the same TID)
 * @param progress    called with the running counts after each answer, on whichever thread answered; keep it cheap
 */
public record DiscoveryOptions(int outstanding, RequestOptions request, Consumer<DiscoveryProgress> progress) {
    public static final int DEFAULT_OUTSTANDING = 32;
    /** SMAs answer in microseconds; a lost SMP should cost little, and five resends make 5 % loss harmless. */
    public static final RequestOptions DEFAULT_REQUEST = RequestOptions.defaults().withTimeout(Duration.ofMillis(200))
            .withRetries(5);

    public DiscoveryOptions {
        if (outstanding < 1 || outstanding > 4096) {
            throw new IllegalArgumentException("outstanding SMPs must be 1..4096: " + outstanding);
        }
        if (request == null || progress == null) {
            throw new IllegalArgumentException("request options and progress listener must be given");
        }
    }

    public static DiscoveryOptions defaults() {
        return new DiscoveryOptions(DEFAULT_OUTSTANDING, DEFAULT_REQUEST, p -> { });
    }

    public DiscoveryOptions withOutstanding(int smps) {
        return new DiscoveryOptions(smps, request, progress);
    }

    public DiscoveryOptions withRequest(RequestOptions options) {
        return new DiscoveryOptions(outstanding, options, progress);
    }

    public DiscoveryOptions withProgress(Consumer<DiscoveryProgress> listener) {
        return new DiscoveryOptions(outstanding, request, listener);
    }

    /** Running counts during a discovery. */
    public record DiscoveryProgress(int nodes, int switches, int links, long smpsSent, int inFlight, int queued) {
    }
}
