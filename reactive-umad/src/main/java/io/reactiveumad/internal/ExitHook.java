package io.reactiveumad.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Releases what the library opened when the JVM exits without it being disposed: a normal exit
 * (returning from {@code main}, {@code System.exit}), SIGINT (Ctrl-C) and SIGTERM run JVM shutdown hooks,
 * and this is one, installed with the first port. Without it an ibsim client slot (ten per simulator)
 * and an InformInfo subscription at the SA would outlive the process.
 *
 * <p>It closes every port still open with {@link DefaultMadPort#close()}, which first runs the releases
 * registered on that port (the notices' Subscribe=0, which need the port open; at most
 * {@link DefaultMadPort#RELEASE_BOUND}), then gives the channel back (the simulator's DISCONNECT; the
 * kernel releases a closed fd's agents itself); the whole is bounded by {@link #BOUND}, so an exit never
 * hangs on an unresponsive peer. A port its user is closing at that moment is waited for, not closed
 * twice. SIGKILL runs no hook: see docs/RELIABILITY.md for what it leaves.
 */
public final class ExitHook {
    private static final Logger log = LoggerFactory.getLogger(ExitHook.class);
    /** The bound on the whole exit: the releases, then the channels. */
    public static final Duration BOUND = DefaultMadPort.RELEASE_BOUND.multipliedBy(2);

    private static final Set<DefaultMadPort> PORTS = ConcurrentHashMap.newKeySet();
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

    private static void install() {
        synchronized (INSTALL) {
            if (!installed) {
                Runtime.getRuntime().addShutdownHook(new Thread(ExitHook::run, "umad-exit"));
                installed = true;
            }
        }
    }

    private static void run() {
        List<Mono<Void>> closes = new ArrayList<>();
        // Subscribed off this thread: closing ends the ports' streams, and a subscriber may react by calling
        // System.exit, which blocks for good on a shutdown hook's own thread. This thread only waits, bounded.
        PORTS.forEach(p -> closes.add(p.close().subscribeOn(Schedulers.boundedElastic())));
        if (closes.isEmpty()) {
            return;
        }
        log.info("JVM exit: closing {} port(s)", closes.size());
        try {
            Mono.when(closes).timeout(BOUND).block();
        } catch (RuntimeException e) {
            Throwable cause = Exceptions.unwrap(e);
            log.warn("JVM exit: closing {} port(s) {}", closes.size(), cause instanceof TimeoutException
                    ? "did not finish within " + BOUND.toSeconds() + " s" : "failed: " + cause);
        }
    }
}
