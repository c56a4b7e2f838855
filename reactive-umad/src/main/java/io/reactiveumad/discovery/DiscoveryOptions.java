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
 * @param asksMlnxExtPortInfo whether to ask Mellanox devices for MlnxExtPortInfo where libibnetdisc does (its
 *                    {@code MLX_EPI}, on by default): a port in LinkUp at QDR without an extended speed, whose FDR10
 *                    only that attribute shows
 */
public record DiscoveryOptions(int outstanding, RequestOptions request, Consumer<DiscoveryProgress> progress,
                               boolean asksMlnxExtPortInfo) {
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

    /** Options that ask for MlnxExtPortInfo as libibnetdisc does by default. */
    public DiscoveryOptions(int outstanding, RequestOptions request, Consumer<DiscoveryProgress> progress) {
        this(outstanding, request, progress, true);
    }

    public static DiscoveryOptions defaults() {
        return new DiscoveryOptions(DEFAULT_OUTSTANDING, DEFAULT_REQUEST, p -> { });
    }

    public DiscoveryOptions withOutstanding(int smps) {
        return new DiscoveryOptions(smps, request, progress, asksMlnxExtPortInfo);
    }

    public DiscoveryOptions withRequest(RequestOptions options) {
        return new DiscoveryOptions(outstanding, options, progress, asksMlnxExtPortInfo);
    }

    public DiscoveryOptions withProgress(Consumer<DiscoveryProgress> listener) {
        return new DiscoveryOptions(outstanding, request, listener, asksMlnxExtPortInfo);
    }

    /** These options asking (or not: infiniband-diags' {@code MLX_EPI=false}) for MlnxExtPortInfo. */
    public DiscoveryOptions withMlnxExtPortInfo(boolean asks) {
        return new DiscoveryOptions(outstanding, request, progress, asks);
    }

    /** Running counts during a discovery. */
    public record DiscoveryProgress(int nodes, int switches, int links, long smpsSent, int inFlight, int queued) {
    }
}
