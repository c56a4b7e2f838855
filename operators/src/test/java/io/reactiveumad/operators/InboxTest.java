package io.reactiveumad.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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

    @Test
    void dropOldestKeepsTheNewest() {
        Inbox<Integer> inbox = inbox(3, OverflowPolicy.DROP_OLDEST);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        for (int i = 1; i <= 5; i++) {
            inbox.offer(i);
        }
        sub.request(10);
        assertThat(sub.getReceivedOnNext()).containsExactly(3, 4, 5);
        assertThat(droppedItems).containsExactly(1, 2);
        assertThat(inbox.dropped()).isEqualTo(2);
    }

    @Test
    void dropLatestKeepsTheOldest() {
        Inbox<Integer> inbox = inbox(3, OverflowPolicy.DROP_LATEST);
        TestSubscriber<Integer> sub = TestSubscriber.builder().initialRequest(0).build();
        inbox.subscribe(sub);
        for (int i = 1; i <= 5; i++) {
            inbox.offer(i);
        }
        sub.request(10);
        assertThat(sub.getReceivedOnNext()).containsExactly(1, 2, 3);
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
    void rejectsANonPositiveCapacity() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> inbox(0, OverflowPolicy.ERROR))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
    }
}
