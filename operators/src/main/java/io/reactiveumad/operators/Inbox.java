package io.reactiveumad.operators;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.Scannable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.util.annotation.Nullable;

/**
 * A hot, single-subscriber source fed by one producer thread (an event loop), with an explicit
 * overflow policy: the backpressure operator between a fabric that does not wait and a subscriber
 * that may.
 *
 * <p>The producer calls {@link #offer}; items go straight to the subscriber while it has demand and
 * into a bounded buffer otherwise. When the buffer is full the {@link OverflowPolicy} drops the oldest
 * or the newest item (counted, see {@link #dropped()}) or fails the stream. {@code demandListener}
 * hears each change of {@link #hasDemand()}, so the producer can stop reading at the source (EPOLLIN
 * off) and leave the kernel queue to buffer.
 *
 * <p>One subscriber at a time; after it cancels, the next one takes over the buffer. After the stream
 * has ended (once the buffer drained), a new subscriber gets the same terminal signal at once.
 *
 * <p>Threading: {@link #offer}, {@link #complete}, {@link #fail} and {@link #hasDemand} must be called
 * from the producer's thread, and every signal to the subscriber comes from it (never before its
 * {@code onSubscribe} has returned). {@code request} and {@code cancel} may come from any thread; they
 * hop to the producer via {@code producerExecutor}, so all state is confined to that thread. Once that
 * executor rejects tasks the producer is gone for good, and they run on the caller's thread instead, so
 * a subscriber can still drain what was buffered before the producer stopped.
 *
 * @param <T> the item type
 */
public final class Inbox<T> extends Flux<T> implements Scannable {

    private final int capacity;
    private final OverflowPolicy overflow;
    private final Executor producerExecutor;
    private final Consumer<Boolean> demandListener;
    private final Consumer<T> onDrop;
    private final ArrayDeque<T> buffer = new ArrayDeque<>();
    /** The subscriber, if any; cleared by its cancel (any thread) or by the terminal signal (producer). */
    private final AtomicReference<InboxSubscription> current = new AtomicReference<>();
    private final AtomicLong dropped = new AtomicLong();

    // Producer-thread state.
    private boolean done;
    @Nullable
    private Throwable failure;
    /** The last value told to {@code demandListener}. */
    private boolean reportedDemand;

    /**
     * @param capacity         items held while the subscriber has no demand
     * @param overflow         what to do beyond {@code capacity}
     * @param producerExecutor runs tasks on the producer's thread
     * @param demandListener   told true/false as {@link #hasDemand()} becomes true/false
     * @param onDrop           sees each dropped item (for logging); may be a no-op
     */
    public Inbox(int capacity, OverflowPolicy overflow, Executor producerExecutor,
                 Consumer<Boolean> demandListener, Consumer<T> onDrop) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.overflow = Objects.requireNonNull(overflow, "overflow");
        this.producerExecutor = Objects.requireNonNull(producerExecutor, "producerExecutor");
        this.demandListener = Objects.requireNonNull(demandListener, "demandListener");
        this.onDrop = Objects.requireNonNull(onDrop, "onDrop");
    }

    /** Items dropped by the overflow policy so far. */
    public long dropped() {
        return dropped.get();
    }

    /**
     * True while the stream is live and its subscriber could take an item now: it has outstanding
     * demand and nothing is buffered ahead. Producer thread only.
     */
    public boolean hasDemand() {
        InboxSubscription s = current.get();
        return !done && s != null && s.ready && !s.cancelled && s.requested > 0 && buffer.isEmpty();
    }

    /** Hands one item over. Producer thread only. */
    public void offer(T item) {
        if (done) {
            onDrop.accept(item);
            return;
        }
        if (hasDemand()) {
            current.get().emit(item);
            reportDemand();
            return;
        }
        if (buffer.size() < capacity) {
            buffer.add(item);
            return;
        }
        switch (overflow) {
            case DROP_OLDEST -> {
                drop(buffer.poll());
                buffer.add(item);
            }
            case DROP_LATEST -> drop(item);
            case ERROR -> {
                drop(item);
                fail(Exceptions.failWithOverflow("inbox full: " + capacity + " items buffered"));
            }
        }
    }

    /** Completes the stream once the buffer has drained. Producer thread only. */
    public void complete() {
        if (!done) {
            done = true;
            drain();
        }
    }

    /** Fails the stream once the buffer has drained. Producer thread only. */
    public void fail(Throwable t) {
        if (!done) {
            done = true;
            failure = t;
            drain();
        }
    }

    private void drop(T item) {
        dropped.incrementAndGet();
        onDrop.accept(item);
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        InboxSubscription s = new InboxSubscription(actual);
        if (!current.compareAndSet(null, s)) {
            Operators.error(actual, new IllegalStateException(
                    "this stream allows one subscriber at a time: share() it (or publish()) to give several the same MADs"));
            return;
        }
        actual.onSubscribe(s);
        s.ready = true;
        onProducer(this::drain);
    }

    /** Emits what the buffer holds while there is demand; terminates when done. Producer thread only. */
    private void drain() {
        InboxSubscription s = current.get();
        if (s != null && s.ready) {
            while (!s.cancelled && s.requested > 0 && !buffer.isEmpty()) {
                s.emit(buffer.poll());
            }
            if (done && buffer.isEmpty() && !s.cancelled && current.compareAndSet(s, null)) {
                if (failure != null) {
                    s.actual.onError(failure);
                } else {
                    s.actual.onComplete();
                }
            }
        }
        reportDemand();
    }

    /** Tells {@code demandListener} when {@link #hasDemand()} changed. Producer thread only. */
    private void reportDemand() {
        boolean now = hasDemand();
        if (now != reportedDemand) {
            reportedDemand = now;
            demandListener.accept(now);
        }
    }

    private void onProducer(Runnable task) {
        try {
            producerExecutor.execute(task);
        } catch (RejectedExecutionException e) {
            // The producer stopped for good: nobody else touches the state, and a subscriber calls serially.
            task.run();
        }
    }

    @Override
    @Nullable
    public Object scanUnsafe(Attr key) {
        if (key == Attr.CAPACITY) {
            return capacity;
        }
        if (key == Attr.BUFFERED) {
            return buffer.size();
        }
        if (key == Attr.TERMINATED) {
            return done && buffer.isEmpty();
        }
        return null;
    }

    private final class InboxSubscription implements Subscription {
        final CoreSubscriber<? super T> actual;
        /** Set once {@code onSubscribe} has returned: no signal may reach {@code actual} before. */
        volatile boolean ready;
        volatile boolean cancelled;
        /** Producer thread. */
        long requested;

        InboxSubscription(CoreSubscriber<? super T> actual) {
            this.actual = actual;
        }

        void emit(T item) {
            if (requested != Long.MAX_VALUE) {
                requested--;
            }
            actual.onNext(item);
        }

        @Override
        public void request(long n) {
            if (Operators.validate(n)) {
                onProducer(() -> {
                    requested = Operators.addCap(requested, n);
                    drain();
                });
            }
        }

        @Override
        public void cancel() {
            if (!cancelled) {
                cancelled = true;
                // Released at once, so the next subscriber (repeat, retry) is accepted right away.
                current.compareAndSet(this, null);
                onProducer(Inbox.this::reportDemand);
            }
        }
    }
}
