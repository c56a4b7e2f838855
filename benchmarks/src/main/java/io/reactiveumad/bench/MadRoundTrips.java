package io.reactiveumad.bench;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.VendorRange2Header;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The Java twin of {@code benchmarks/c/mad_roundtrips.c}: keeps {@code --window} requests in flight
 * ({@code flatMap(…, window)}, the port opened with the defaults a new user gets) and prints one line per
 * run in the C client's format:
 *
 * <pre>java window=8 count=20000 seconds=0.081234 rate=246200 cpu_us=12.5 jvm_us=3.0 switches=0.40</pre>
 *
 * <p>After the rate: the process's CPU time per round trip during the run, the part of it spent by the JVM's
 * own threads (JIT compilers, GC) and context switches per round trip ({@link ProcessUsage}). Each run
 * is timed on its own: the first of a fresh JVM includes its JIT warm-up, the later ones show the steady state.
 *
 * <p>{@code --lid L}: SMP Get(NodeInfo) LID-routed to L through {@code SmpClient.nodeInfo}.
 * {@code --own-gid}: a Get of vendor class 0x30 (OUI 00-14-05) on QP1 with a GRH to the port's own GID 0,
 * through {@code MadAgent.request}, answered by {@code mad_roundtrips -S} (RoCE has no LIDs and no SMA).
 * {@code --transport ibsim} (the default) reaches the simulator named by {@code IBSIM_SOCKNAME} /
 * {@code SIM_HOST}; {@code --transport kernel} opens the machine's first umad port (or {@code --device}).
 * {@code --delivery parallel}: answers delivered on {@code Schedulers.parallel()} (one worker per port, in
 * bursts) instead of the default, the loop thread: a diagnostic that shows what the hand-off between the
 * loop and a delivery worker costs a user who moves consumers off the loop; the scripts use the default.
 * The side-by-side scripts start it: {@code benchmarks/ibsim-roundtrips.sh}, {@code benchmarks/vm-roundtrips.sh}.
 */
public final class MadRoundTrips {
    static final int VENDOR_CLASS = 0x30;
    static final int VENDOR_OUI = 0x001405;
    static final int VENDOR_ATTRIBUTE = 0x0010;
    private static final int HOP_LIMIT = 64;
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(5);

    private MadRoundTrips() {
    }

    public static void main(String[] args) {
        String transportName = "ibsim";
        String device = null;
        int window = 1;
        int count = 20_000;
        int runs = 1;
        int lid = 0;
        boolean ownGid = false;
        PortOptions options = PortOptions.defaults();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--own-gid")) {
                ownGid = true;
                continue;
            }
            if (i + 1 == args.length) {
                throw usage(arg + " needs a value");
            }
            String value = args[++i];
            switch (arg) {
                case "--transport" -> transportName = value;
                case "--device" -> device = value;
                case "--window" -> window = Integer.parseInt(value);
                case "--count" -> count = Integer.parseInt(value);
                case "--runs" -> runs = Integer.parseInt(value);
                case "--lid" -> lid = Integer.decode(value);
                case "--delivery" -> options = switch (value) {
                    case "parallel" -> new PortOptions(Schedulers.parallel());
                    case "default" -> PortOptions.defaults();
                    default -> throw usage("--delivery is default or parallel, not " + value);
                };
                default -> throw usage("unknown argument " + arg);
            }
        }
        if ((lid > 0) == ownGid || window < 1 || count < 1 || runs < 1) {
            throw usage("give --lid or --own-gid; --window, --count and --runs must be positive");
        }
        Transport transport = switch (transportName) {
            case "ibsim" -> IbsimTransport.fromEnvironment();
            case "kernel" -> KernelTransport.system();
            default -> throw usage("--transport is ibsim or kernel, not " + transportName);
        };
        PortSpec spec = device != null ? new PortSpec(device, 1) : transport.ports().get(0);
        MadPort port = Umad.open(transport, spec, options).block(OPEN_TIMEOUT);
        try {
            Supplier<Mono<?>> request = ownGid ? vendorGetToOwnGid(port, spec) : smpNodeInfo(port, lid);
            for (int r = 0; r < runs; r++) {
                ProcessUsage before = ProcessUsage.now();
                long start = System.nanoTime();
                long done = Flux.range(0, count).flatMap(i -> request.get(), window).count().block(RUN_TIMEOUT);
                double seconds = (System.nanoTime() - start) / 1e9;
                String usage = ProcessUsage.now().perOperationSince(before, done);
                System.out.printf(Locale.ROOT, "java window=%d count=%d seconds=%.6f rate=%.0f %s%n", window, done, seconds,
                        done / seconds, usage);
            }
        } finally {
            port.dispose();
        }
    }

    private static Supplier<Mono<?>> smpNodeInfo(MadPort port, int lid) {
        SmpClient smp = SmpClient.of(port);
        SmpRoute target = SmpRoute.lid(lid);
        return () -> smp.nodeInfo(target);
    }

    private static Supplier<Mono<?>> vendorGetToOwnGid(MadPort port, PortSpec spec) {
        MadAgent agent = port.agent(AgentSpec.vendor(VENDOR_CLASS, 1, VENDOR_OUI)).block(OPEN_TIMEOUT);
        MadAddress self = MadAddress.gsi(0).withGrh(new MadAddress.Grh(gid0(spec), 0, HOP_LIMIT, 0, 0));
        Mad get = Mad.build(MadHeader.MAD_SIZE, b -> {
            new MadHeader().wrap(b, 0).mgmtClass(VENDOR_CLASS).classVersion(1).methodByte(0x01)
                    .attributeId(VENDOR_ATTRIBUTE);
            new VendorRange2Header().wrap(b, 0).oui(VENDOR_OUI);
        });
        return () -> agent.request(get, self).map(ReceivedMad::mad);
    }

    /** The port's GID 0 as sysfs shows it (on RoCE: link-local, from the netdev's MAC). */
    private static Gid gid0(PortSpec spec) {
        Path file = Path.of("/sys/class/infiniband", spec.device(), "ports", Integer.toString(spec.port()), "gids", "0");
        try {
            return Gid.of(InetAddress.getByName(Files.readString(file).strip()).getAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the port's GID 0 from " + file, e);
        }
    }

    private static IllegalArgumentException usage(String problem) {
        return new IllegalArgumentException(problem + "; usage: MadRoundTrips [--transport ibsim|kernel] [--device CA] "
                + "[--window W] [--count N] [--runs R] [--delivery default|immediate] --lid LID | --own-gid");
    }
}
