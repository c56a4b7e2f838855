package io.reactiveumad.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.test.subscriber.TestSubscriber;

/** The producer runs inline here (a direct executor stands in for the event loop). */
class InboxTest {
    final List<Boolean> demandSignals = new ArrayList<>();
    final List<Integer> droppedItems = new ArrayList<>();

    Inbox<Integer> inbox(int capacity, OverflowPolicy policy) {
        return new Inbox<>(capacity, policy, Runnable::run, demandSignals::add, droppedItems::add);
    }

    @Test
    void deliversDirectlyWhileThereIsDemand() {
        Inbox<Integer> inbox = inbox(2, OverflowPolicy.DROP_OLDEST);
        TestSubscriber<Integer> sub = TestSubscriber.create();
        inbox.subscribe(sub);
        for (int i = 0; i < 100; i++) {
            inbox.offer(i);
        }
        assertThat(sub.getReceivedOnNext()).hasSize(100);
        assertThat(inbox.dropped()).isZero();
    }

    /** Five items into room for three while the subscriber has no demand, then all it can take. */
    List<Integer> offerFiveIntoThree(OverflowPolicy policy) {
        Inbox<Integer> inbox = inbox(3, policy);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        for (int i = 1; i <= 5; i++) {
            inbox.offer(i);
        }
        sub.request(10);
        assertThat(inbox.dropped()).isEqualTo(2);
        return sub.getReceivedOnNext();
    }

    @Test
    void dropOldestKeepsTheNewest() {
        assertThat(offerFiveIntoThree(OverflowPolicy.DROP_OLDEST)).containsExactly(3, 4, 5);
        assertThat(droppedItems).containsExactly(1, 2);
    }

    @Test
    void dropLatestKeepsTheOldest() {
        assertThat(offerFiveIntoThree(OverflowPolicy.DROP_LATEST)).containsExactly(1, 2, 3);
        assertThat(droppedItems).containsExactly(4, 5);
    }

    @Test
    void errorPolicyFailsTheStreamAfterDeliveringWhatWasBuffered() {
        Inbox<Integer> inbox = inbox(2, OverflowPolicy.ERROR);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        inbox.offer(1);
        inbox.offer(2);
        inbox.offer(3);
        sub.request(10);
        assertThat(sub.getReceivedOnNext()).containsExactly(1, 2);
        assertThat(sub.expectTerminalError()).matches(Exceptions::isOverflow);
    }

    @Test
    void demandListenerFollowsOutstandingDemand() {
        Inbox<Integer> inbox = inbox(8, OverflowPolicy.DROP_OLDEST);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        assertThat(inbox.hasDemand()).isFalse();
        sub.request(2);
        assertThat(inbox.hasDemand()).isTrue();
        assertThat(demandSignals).endsWith(true);
        inbox.offer(1);
        inbox.offer(2);
        assertThat(inbox.hasDemand()).isFalse();
        assertThat(demandSignals).endsWith(false);
        sub.cancel();
        assertThat(inbox.hasDemand()).isFalse();
    }

    @Test
    void onlyOneSubscriberAtATimeThenANewOneAfterCancel() {
        Inbox<Integer> inbox = inbox(8, OverflowPolicy.DROP_OLDEST);
        TestSubscriber<Integer> first = TestSubscriber.create();
        inbox.subscribe(first);
        TestSubscriber<Integer> second = TestSubscriber.create();
        inbox.subscribe(second);
        assertThat(second.expectTerminalError()).isInstanceOf(IllegalStateException.class);
        first.cancel();
        TestSubscriber<Integer> third = TestSubscriber.create();
        inbox.subscribe(third);
        inbox.offer(7);
        assertThat(third.getReceivedOnNext()).containsExactly(7);
    }

    @Test
    void completeWaitsForTheBufferToDrain() {
        Inbox<Integer> inbox = inbox(8, OverflowPolicy.DROP_OLDEST);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        inbox.offer(1);
        inbox.complete();
        assertThat(sub.isTerminated()).isFalse();
        sub.request(1);
        assertThat(sub.getReceivedOnNext()).containsExactly(1);
        assertThat(sub.isTerminatedComplete()).isTrue();
        inbox.offer(2);
        assertThat(droppedItems).as("after completion nothing is delivered").containsExactly(2);
    }

    @Test
    void noDemandOnceTheStreamHasTerminated() {
        Inbox<Integer> inbox = inbox(2, OverflowPolicy.ERROR);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        inbox.offer(1);
        inbox.offer(2);
        inbox.offer(3);
        sub.request(10);
        assertThat(sub.isTerminatedError()).isTrue();
        assertThat(inbox.hasDemand()).as("a failed stream wants nothing more, so the source may stop reading").isFalse();
        assertThat(demandSignals).doesNotContain(true);
    }

    /** Runs producer tasks only when the test says, as a busy event loop would. */
    static final class QueuedExecutor implements Executor {
        final Queue<Runnable> tasks = new ArrayDeque<>();
        boolean stopped;

        @Override
        public void execute(Runnable task) {
            if (stopped) {
                throw new RejectedExecutionException("producer loop stopped");
            }
            tasks.add(task);
        }

        void runAll() {
            Runnable t;
            while ((t = tasks.poll()) != null) {
                t.run();
            }
        }
    }

    @Test
    void aNewSubscriberRightAfterCancelIsAcceptedBeforeTheProducerRuns() {
        QueuedExecutor loop = new QueuedExecutor();
        Inbox<Integer> inbox = new Inbox<>(8, OverflowPolicy.DROP_OLDEST, loop, demandSignals::add, droppedItems::add);
        TestSubscriber<Integer> first = TestSubscriber.create();
        inbox.subscribe(first);
        loop.runAll();
        first.cancel();
        TestSubscriber<Integer> second = TestSubscriber.create();
        inbox.subscribe(second);
        assertThat(second.isTerminated()).as("re-subscribing after cancel (repeat, retry) is legal").isFalse();
        loop.runAll();
        inbox.offer(7);
        assertThat(first.getReceivedOnNext()).isEmpty();
        assertThat(second.getReceivedOnNext()).containsExactly(7);
    }

    @Test
    void noSignalReachesASubscriberBeforeItsOnSubscribeReturns() {
        Inbox<Integer> inbox = inbox(8, OverflowPolicy.DROP_OLDEST);
        List<String> events = new ArrayList<>();
        inbox.subscribe(new CoreSubscriber<Integer>() {
            @Override
            public void onSubscribe(Subscription s) {
                events.add("onSubscribe");
                s.request(1);
                // The producer thread runs on meanwhile: an item and the end arrive before onSubscribe returns.
                inbox.offer(1);
                inbox.complete();
                events.add("onSubscribe returns");
            }

            @Override
            public void onNext(Integer item) {
                events.add("onNext " + item);
            }

            @Override
            public void onError(Throwable t) {
                events.add("onError");
            }

            @Override
            public void onComplete() {
                events.add("onComplete");
            }
        });
        assertThat(events).containsExactly("onSubscribe", "onSubscribe returns", "onNext 1", "onComplete");
    }

    @Test
    void aSubscriberAfterTheEndGetsTheTerminalSignal() {
        Inbox<Integer> inbox = inbox(8, OverflowPolicy.DROP_OLDEST);
        TestSubscriber<Integer> first = TestSubscriber.create();
        inbox.subscribe(first);
        inbox.fail(new IllegalStateException("port closed"));
        assertThat(first.expectTerminalError()).hasMessage("port closed");
        TestSubscriber<Integer> late = TestSubscriber.create();
        inbox.subscribe(late);
        assertThat(late.expectTerminalError()).hasMessage("port closed");
    }

    @Test
    void requestAfterTheProducerStoppedStillDeliversTheBufferedTail() {
        QueuedExecutor loop = new QueuedExecutor();
        Inbox<Integer> inbox = new Inbox<>(8, OverflowPolicy.DROP_OLDEST, loop, demandSignals::add, droppedItems::add);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        loop.runAll();
        inbox.offer(1);
        inbox.offer(2);
        inbox.complete();
        loop.stopped = true; // the event loop closed with its last port
        sub.request(10);
        assertThat(sub.getReceivedOnNext()).containsExactly(1, 2);
        assertThat(sub.isTerminatedComplete()).isTrue();
    }

    @Test
    void rejectsANonPositiveCapacity() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> inbox(0, OverflowPolicy.ERROR))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
    }
}
