package io.reactiveumad.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Releases what the library opened when the JVM exits without it being disposed: a normal exit
 * (returning from {@code main}, {@code System.exit}), SIGINT (Ctrl-C) and SIGTERM run JVM shutdown hooks,
 * and this is one, installed with the first port. Without it an ibsim client slot (ten per simulator)
 * and an InformInfo subscription at the SA would outlive the process.
 *
 * <p>It runs in two bounded steps, {@link #STEP} each, so an exit never hangs on an unresponsive peer:
 * first the releases registered with {@link #beforePortsClose} (the notices' Subscribe=0, which need the
 * port still open), then every open port is closed (the simulator's DISCONNECT; the kernel releases a
 * closed fd's agents itself). SIGKILL runs no hook: see docs/RELIABILITY.md for what it leaves.
 */
public final class ExitHook {
    private static final Logger log = LoggerFactory.getLogger(ExitHook.class);
    /** The bound on each of the two steps. */
    public static final Duration STEP = Duration.ofSeconds(2);

    private static final Set<DefaultMadPort> PORTS = ConcurrentHashMap.newKeySet();
    private static final Map<Object, Supplier<Mono<Void>>> BEFORE_PORTS_CLOSE = new ConcurrentHashMap<>();
    private static final Object INSTALL = new Object();
    private static boolean installed;

    private ExitHook() {
    }

    static void portOpened(DefaultMadPort port) {
        install();
        PORTS.add(port);
    }

    static void portClosed(DefaultMadPort port) {
        PORTS.remove(port);
    }

    /**
     * At exit, subscribes to {@code release.get()} before any port closes (within {@link #STEP}), unless
     * {@link #forget} was called with {@code owner} first.
     */
    public static void beforePortsClose(Object owner, Supplier<Mono<Void>> release) {
        install();
        BEFORE_PORTS_CLOSE.put(owner, release);
    }

    public static void forget(Object owner) {
        BEFORE_PORTS_CLOSE.remove(owner);
    }

    private static void install() {
        synchronized (INSTALL) {
            if (!installed) {
                Runtime.getRuntime().addShutdownHook(new Thread(ExitHook::run, "umad-exit"));
                installed = true;
            }
        }
    }

    private static void run() {
        List<Mono<Void>> releases = new ArrayList<>();
        BEFORE_PORTS_CLOSE.values().forEach(r -> releases.add(r.get()));
        within("releasing " + releases.size() + " subscription holder(s)", releases);
        List<Mono<Void>> closes = new ArrayList<>();
        PORTS.forEach(p -> closes.add(p.close()));
        within("closing " + closes.size() + " port(s)", closes);
    }

    private static void within(String what, List<Mono<Void>> steps) {
        if (steps.isEmpty()) {
            return;
        }
        log.info("JVM exit: {}", what);
        try {
            Mono.when(steps).timeout(STEP).block();
        } catch (RuntimeException e) {
            log.warn("JVM exit: {} did not finish within {}: {}", what, STEP, e.toString());
        }
    }
}
