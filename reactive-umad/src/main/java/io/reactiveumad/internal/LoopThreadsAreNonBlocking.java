package io.reactiveumad.internal;

import io.reactiveumad.poll.LoopThread;
import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * For BlockHound (found through {@code ServiceLoader} when it is installed; BlockHound is an optional
 * dependency): the MAD event loops' threads must never block, as Reactor declares its parallel and single
 * schedulers' threads (the default delivery scheduler) in its own integration.
 */
public final class LoopThreadsAreNonBlocking implements BlockHoundIntegration {
    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(nonBlocking -> nonBlocking.or(LoopThread.class::isInstance));
    }
}
