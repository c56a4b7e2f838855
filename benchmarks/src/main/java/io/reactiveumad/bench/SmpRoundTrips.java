package io.reactiveumad.bench;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import reactor.core.publisher.Flux;

/**
 * The Java twin of {@code benchmarks/c/smp_roundtrips.c}: keeps {@code --window} SMP Get(NodeInfo)
 * requests, LID-routed to {@code --lid}, in flight ({@code SmpClient.nodeInfo} under
 * {@code flatMap(…, window)}, the port opened with the defaults a new user gets), and prints one line
 * per run in the C client's format:
 *
 * <pre>java window=8 count=20000 seconds=0.081234 rate=246200</pre>
 *
 * <p>{@code --transport ibsim} (the default) reaches the simulator named by {@code IBSIM_SOCKNAME} /
 * {@code SIM_HOST}; {@code --transport kernel} opens the machine's first umad port (or {@code --device}).
 * The side-by-side scripts start it: {@code benchmarks/ibsim-roundtrips.sh}, {@code benchmarks/vm-roundtrips.sh}.
 */
public final class SmpRoundTrips {
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(5);

    private SmpRoundTrips() {
    }

    public static void main(String[] args) {
        String transportName = "ibsim";
        String device = null;
        int window = 1;
        int count = 20_000;
        int runs = 1;
        int lid = 0;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--transport" -> transportName = value;
                case "--device" -> device = value;
                case "--window" -> window = Integer.parseInt(value);
                case "--count" -> count = Integer.parseInt(value);
                case "--runs" -> runs = Integer.parseInt(value);
                case "--lid" -> lid = Integer.decode(value);
                default -> throw usage("unknown argument " + args[i]);
            }
            i++;
        }
        if (lid < 1 || window < 1 || count < 1 || runs < 1) {
            throw usage("--lid, --window, --count and --runs must be positive");
        }
        Transport transport = switch (transportName) {
            case "ibsim" -> IbsimTransport.fromEnvironment();
            case "kernel" -> KernelTransport.system();
            default -> throw usage("--transport is ibsim or kernel, not " + transportName);
        };
        List<PortSpec> ports = transport.ports();
        PortSpec spec = device != null ? new PortSpec(device, 1) : ports.get(0);
        MadPort port = Umad.open(transport, spec).block(OPEN_TIMEOUT);
        try {
            SmpClient smp = SmpClient.of(port);
            SmpRoute target = SmpRoute.lid(lid);
            for (int r = 0; r < runs; r++) {
                long start = System.nanoTime();
                long done = Flux.range(0, count).flatMap(i -> smp.nodeInfo(target), window).count().block(RUN_TIMEOUT);
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf(Locale.ROOT, "java window=%d count=%d seconds=%.6f rate=%.0f%n", window, done, seconds,
                        done / seconds);
            }
        } finally {
            port.dispose();
        }
    }

    private static IllegalArgumentException usage(String problem) {
        return new IllegalArgumentException(problem + "; usage: SmpRoundTrips [--transport ibsim|kernel] [--device CA] "
                + "[--window W] [--count N] [--runs R] --lid LID");
    }
}
