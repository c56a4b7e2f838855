package io.reactiveumad.operators;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Executor;
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
 * hears whether the subscriber currently has outstanding demand, so the producer can stop reading at
 * the source (EPOLLIN off) and leave the kernel queue to buffer.
 *
 * <p>Threading: {@link #offer}, {@link #complete} and {@link #fail} must be called from the producer's
 * thread. {@code request} and {@code cancel} may come from any thread; they hop to the producer via
 * {@code producerExecutor}, so all state is confined to that thread.
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
    private final AtomicReference<InboxSubscription> current = new AtomicReference<>();
    private final AtomicLong dropped = new AtomicLong();

    private boolean done;
    @Nullable
    private Throwable failure;

    /**
     * @param capacity         items held while the subscriber has no demand
     * @param overflow         what to do beyond {@code capacity}
     * @param producerExecutor runs tasks on the producer's thread
     * @param demandListener   told true/false as the subscriber's outstanding demand becomes positive/zero
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

    /** True while a subscriber has outstanding demand. Producer thread only. */
    public boolean hasDemand() {
        InboxSubscription s = current.get();
        return s != null && s.requested > 0 && buffer.isEmpty();
    }

    /** Hands one item over. Producer thread only. */
    public void offer(T item) {
        if (done) {
            onDrop.accept(item);
            return;
        }
        InboxSubscription s = current.get();
        if (s != null && s.requested > 0 && buffer.isEmpty()) {
            s.emit(item);
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
            Operators.error(actual, new IllegalStateException("Inbox allows only one subscriber at a time"));
            return;
        }
        actual.onSubscribe(s);
        producerExecutor.execute(this::drain);
    }

    /** Emits what the buffer holds while there is demand; terminates when done. Producer thread only. */
    private void drain() {
        InboxSubscription s = current.get();
        if (s == null || s.cancelled) {
            return;
        }
        while (s.requested > 0 && !buffer.isEmpty() && !s.cancelled) {
            s.emit(buffer.poll());
        }
        if (done && buffer.isEmpty() && !s.cancelled && !s.terminated) {
            s.terminated = true;
            if (failure != null) {
                s.actual.onError(failure);
            } else {
                s.actual.onComplete();
            }
            return;
        }
        demandListener.accept(s.requested > 0);
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
        // Producer-thread state.
        long requested;
        boolean cancelled;
        boolean terminated;

        InboxSubscription(CoreSubscriber<? super T> actual) {
            this.actual = actual;
        }

        void emit(T item) {
            if (requested != Long.MAX_VALUE) {
                requested--;
            }
            actual.onNext(item);
            if (requested == 0) {
                demandListener.accept(false);
            }
        }

        @Override
        public void request(long n) {
            if (Operators.validate(n)) {
                producerExecutor.execute(() -> {
                    requested = Operators.addCap(requested, n);
                    drain();
                });
            }
        }

        @Override
        public void cancel() {
            producerExecutor.execute(() -> {
                if (!cancelled) {
                    cancelled = true;
                    current.compareAndSet(this, null);
                    demandListener.accept(false);
                }
            });
        }
    }
}
