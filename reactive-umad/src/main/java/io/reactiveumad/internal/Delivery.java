package io.reactiveumad.internal;

import io.reactiveumad.ReceivedMad;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.scheduler.Scheduler;
import reactor.util.concurrent.Queues;

/**
 * Carries the ends of a port's requests from the event loop to its delivery scheduler in bursts: the
 * loop queues (request, outcome) pairs, and one task on one worker of the scheduler signals everything
 * queued by the time it runs, and what is queued while it runs. So the responses the loop reads in one
 * wakeup cost one hand-off between threads, not one task (and one thread wakeup) per MAD. With the
 * default {@code Schedulers.immediate()} the worker runs each drain at once, on the loop thread.
 *
 * <p>One worker per port: signals reach subscribers in the order the loop produced them, and a
 * subscriber that blocks delays the port's later signals (never the loop, which keeps reading, sending
 * and timing requests out). Blocking consumers belong on {@code boundedElastic}, as with any
 * {@code publishOn}.
 *
 * <p>Producer: the loop only (one thread at a time, which the single-producer queue needs).
 */
final class Delivery implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(Delivery.class);

    private final Scheduler.Worker worker;
    /** Pairs (request, outcome) offered together, so the consumer never sees half a pair. */
    private final Queue<Object> queue = Queues.unbounded(Queues.SMALL_BUFFER_SIZE).get();
    @SuppressWarnings("unchecked")
    private final BiPredicate<Object, Object> pairs = (BiPredicate<Object, Object>) queue;
    /** Signals queued and not yet accounted for by a drain; the 0 → 1 step schedules the drain. */
    private final AtomicInteger missed = new AtomicInteger();

    Delivery(Scheduler scheduler) {
        this.worker = scheduler.createWorker();
    }

    /** loop: {@code request} ends with {@code outcome}, its {@link ReceivedMad} response or a {@link Throwable}. */
    void signal(PendingRequest request, Object outcome) {
        pairs.test(request, outcome);
        if (missed.getAndIncrement() == 0) {
            try {
                worker.schedule(this);
            } catch (RejectedExecutionException e) {
                // The delivery scheduler was shut down under the port: signalling here beats a request that never ends.
                log.warn("delivery scheduler rejected a task; signalling on {}", Thread.currentThread().getName());
                run();
            }
        }
    }

    /** The delivery worker: signals everything queued, until a pass finds nothing new. */
    @Override
    public void run() {
        int pending = missed.get();
        for (;;) {
            for (Object head = queue.poll(); head != null; head = queue.poll()) {
                PendingRequest request = (PendingRequest) head;
                Object outcome = queue.poll();
                try {
                    if (outcome instanceof ReceivedMad response) {
                        request.signalValue(response);
                    } else {
                        request.signalError((Throwable) outcome);
                    }
                } catch (RuntimeException | Error e) {
                    // A subscriber that throws must not stop the drain: the signals behind it would never go out.
                    log.warn("subscriber of {} threw", request, e);
                }
            }
            pending = missed.addAndGet(-pending);
            if (pending == 0) {
                return;
            }
        }
    }
}
