package io.reactiveumad.test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Fails a test during which a thread that must never block did: a MAD event loop, or a Reactor
 * parallel or single scheduler thread (the default delivery scheduler, the embedded fabric's own thread).
 * BlockHound finds the call; its error is thrown on that thread, where the loop catches and logs it
 * like any failing task, so on its own it would fail nothing. This records it, and fails the test that
 * was running.
 *
 * <p>To use it: BlockHound and {@code blockhound-junit-platform} on the test class path (it installs
 * BlockHound before the first test), this class named in the test resources'
 * {@code META-INF/services/reactor.blockhound.integration.BlockHoundIntegration} and
 * {@code META-INF/services/org.junit.jupiter.api.extension.Extension}, extension auto-detection on
 * ({@code junit.jupiter.extensions.autodetection.enabled=true}), and on JDK 13+
 * {@code -XX:+AllowRedefinitionToAddDeleteMethods} on the test JVM.
 */
public final class NoBlockingCalls implements BlockHoundIntegration, BeforeEachCallback, AfterEachCallback {
    private static final Queue<String> FOUND = new ConcurrentLinkedQueue<>();

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.blockingMethodCallback(method -> {
            BlockingOperationError error = new BlockingOperationError(method);
            FOUND.add(Thread.currentThread().getName() + ": " + method + Arrays.stream(error.getStackTrace())
                    .limit(40).map(e -> "\n    at " + e).collect(Collectors.joining()));
            throw error;
        });
        // The test logger writes to stderr as it goes; where a deployment logs is its own choice.
        builder.allowBlockingCallsInside("org.slf4j.simple.SimpleLogger", "write");
        // A stopping epoll loop spins (Thread.onSpinWait) until the producers that passed its state check
        // have queued their task: a few instructions each, once per loop's life.
        builder.allowBlockingCallsInside("io.reactiveumad.poll.EpollEventLoop", "shutdown");
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        FOUND.clear();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        List<String> found = new ArrayList<>(FOUND);
        FOUND.clear();
        if (!found.isEmpty()) {
            throw new AssertionError(found.size() + " blocking call(s) on a thread that must not block:\n"
                    + String.join("\n", found));
        }
    }
}
