package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.LibraryLog;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

/** Trap subscriptions against a scripted SA, in virtual time. */
class NoticesTest extends ClientTestBase {
    static final TrapSelector IN_SERVICE = TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE);
    static final TrapSelector OUT_OF_SERVICE = TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE);
    static final Duration POLL = NoticeOptions.defaults().pollInterval();
    static final NoticeEvent SUBSCRIBED = new NoticeEvent.Subscribed(List.of(OUT_OF_SERVICE));

    FakeSa sa;
    final List<Object> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void fakeSa() {
        sa = new FakeSa();
        channel.peer(sa::answer);
    }

    Notices notices() {
        return Notices.of(port);
    }

    Disposable collect(reactor.core.publisher.Flux<?> flux) {
        return flux.subscribe(seen::add, seen::add);
    }

    /** The ReportResps sent, as their TIDs. */
    List<Long> reportResps() {
        return channel.sent.stream()
                .filter(f -> (f.mad()[MadHeader.METHOD_OFFSET] & 0xFF) == Method.REPORT_RESP)
                .map(f -> ByteBuffer.wrap(f.mad()).getLong(MadHeader.TID_OFFSET))
                .toList();
    }

    @Test
    void twoSubscribersCauseOneSubscribeAndCancellingBothOneUnsubscribe() {
        Disposable first = collect(notices().notices(IN_SERVICE));
        Disposable second = collect(Notices.of(port).notices(IN_SERVICE));
        assertThat(sa.subscribes()).isEqualTo(1);
        assertThat(sa.sets.get(0).trapNumber()).isEqualTo(Notice.TRAP_GID_IN_SERVICE);
        assertThat(sa.sets.get(0).qpn()).isEqualTo(1);
        first.dispose();
        assertThat(sa.unsubscribes()).isZero();
        second.dispose();
        assertThat(sa.unsubscribes()).isEqualTo(1);
        assertThat(sa.held).isEmpty();
        assertThat(seen).isEmpty();
    }

    @Test
    void aNewSubscriberAfterTheLastCancelSubscribesAgain() {
        collect(notices().notices(IN_SERVICE)).dispose();
        collect(notices().notices(IN_SERVICE));
        assertThat(sa.sets).extracting(i -> i.subscribe()).containsExactly(true, false, true);
    }

    @Test
    void everyReportIsAnsweredAndAResendIsDeliveredOnce() {
        collect(notices().notices(OUT_OF_SERVICE));
        channel.inject(FakeSa.report(1, 0x02DAB001L, Notice.TRAP_GID_OUT_OF_SERVICE, 0xaa));
        channel.inject(FakeSa.report(1, 0x02DAB001L, Notice.TRAP_GID_OUT_OF_SERVICE, 0xaa));
        channel.inject(FakeSa.report(1, 0x02DAB002L, Notice.TRAP_GID_OUT_OF_SERVICE, 0xbb));
        assertThat(reportResps()).containsExactly(0x02DAB001L, 0x02DAB001L, 0x02DAB002L);
        assertThat(seen).hasSize(2).allSatisfy(n -> assertThat(n).isInstanceOf(Notice.class));
        assertThat(((Notice) seen.get(1)).details()).isEqualTo(new TrapDetails.GidDetails(
                new io.reactiveumad.mad.Gid(0xfe80_0000_0000_0000L, 0xbb)));
    }

    @Test
    void aReportNobodyWantsIsStillAnswered() {
        collect(notices().notices(OUT_OF_SERVICE));
        channel.inject(FakeSa.report(1, 77, Notice.TRAP_GID_IN_SERVICE, 0xaa));
        assertThat(reportResps()).containsExactly(77L);
        assertThat(seen).isEmpty();
    }

    @Test
    void aNoticeMatchingTwoSelectorsOfOneSubscriberComesOnce() {
        collect(notices().notices(OUT_OF_SERVICE, TrapSelector.all()));
        channel.inject(FakeSa.report(1, 5, Notice.TRAP_GID_OUT_OF_SERVICE, 0xaa));
        assertThat(seen).hasSize(1);
        assertThat(sa.subscribes()).isEqualTo(2);
    }

    @Test
    void subscribedComesOnceTheSaAnswered() {
        sa.up = false;
        collect(notices().watch(OUT_OF_SERVICE));
        assertThat(seen).isEmpty();
        Disposable late = notices().watch(OUT_OF_SERVICE).subscribe(seen::add);
        vts.advanceTimeBy(RequestOptions.defaults().timeout());
        sa.up = true;
        vts.advanceTimeBy(RequestOptions.defaults().timeout());
        assertThat(seen).containsExactly(SUBSCRIBED, SUBSCRIBED);
        assertThat(sa.subscribes()).isEqualTo(1);
        late.dispose();
    }

    @Test
    void eventsLeaveOutSubscribedAndKeepRenewals() {
        collect(notices().events(OUT_OF_SERVICE));
        notices().clientReregistered();
        assertThat(seen).containsExactly(new NoticeEvent.Resubscribed(OUT_OF_SERVICE,
                NoticeEvent.Reason.CLIENT_REREGISTER, 1));
    }

    @Test
    void aNewSmLidRenewsAndSaysSo() {
        collect(notices().watch(OUT_OF_SERVICE));
        channel.attributes(SaClientTest.withSmLid(port.attributes(), 9));
        vts.advanceTimeBy(POLL);
        assertThat(sa.subscribes()).isEqualTo(2);
        assertThat(lastFrame().address().lid()).isEqualTo(9);
        assertThat(seen).containsExactly(SUBSCRIBED, new NoticeEvent.Resubscribed(OUT_OF_SERVICE,
                NoticeEvent.Reason.SM_LID_CHANGED, 9));
    }

    @Test
    void anAuditFindingTheSubscriptionGoneRenewsIt() {
        collect(notices().watch(OUT_OF_SERVICE));
        vts.advanceTimeBy(POLL);
        assertThat(sa.subscribes()).as("the SA still holds it").isEqualTo(1);
        sa.held.clear();
        vts.advanceTimeBy(POLL);
        assertThat(sa.subscribes()).isEqualTo(2);
        assertThat(seen).containsExactly(SUBSCRIBED, new NoticeEvent.Resubscribed(OUT_OF_SERVICE,
                NoticeEvent.Reason.SUBSCRIPTION_LOST, 1));
    }

    /**
     * An SM restarted on the same LID numbers its Reports' TIDs from the start again: after the renewal that
     * follows it, a Report with the TID of one of the old run's is news. (Keyed on LID and TID alone it was
     * dropped as a resend: NoticesSmRestartIT missed an unplug after an OpenSM crash in 3 of 11 runs.)
     */
    @Test
    void aReportAfterARenewalIsNewsEvenWithATidTheOldSaUsed() {
        collect(notices().notices(OUT_OF_SERVICE));
        channel.inject(FakeSa.report(1, 0x12AD, Notice.TRAP_GID_OUT_OF_SERVICE, 0xaa));
        sa.held.clear();
        vts.advanceTimeBy(POLL);
        assertThat(sa.subscribes()).as("renewed").isEqualTo(2);
        channel.inject(FakeSa.report(1, 0x12AD, Notice.TRAP_GID_OUT_OF_SERVICE, 0xbb));
        channel.inject(FakeSa.report(1, 0x12AD, Notice.TRAP_GID_OUT_OF_SERVICE, 0xbb));
        assertThat(reportResps()).containsExactly(0x12ADL, 0x12ADL, 0x12ADL);
        assertThat(seen).as("the old run's, the new run's, and not the new run's resend").hasSize(2);
        assertThat(((Notice) seen.get(1)).details()).isEqualTo(new TrapDetails.GidDetails(
                new io.reactiveumad.mad.Gid(0xfe80_0000_0000_0000L, 0xbb)));
    }

    /**
     * OpenSM through ibsim answers a table of six subscriptions with the first three, unsegmented: the audit
     * must not take the other three for lost (`umad watch` renewed them every five seconds), while a table that
     * is not full (the SA forgot everything) is still believed.
     */
    @Test
    void anAuditOfATableCutAfterOneMadRenewsNothingButAnEmptyOneRenewsAll() {
        sa.unsegmented = true;
        TrapSelector[] six = java.util.stream.IntStream.of(64, 65, 66, 67, 128, 144).mapToObj(TrapSelector::trap)
                .toArray(TrapSelector[]::new);
        collect(notices().watch(six));
        vts.advanceTimeBy(POLL.multipliedBy(3));
        assertThat(sa.subscribes()).as("six subscribed, none renewed").isEqualTo(6);
        sa.held.clear();
        vts.advanceTimeBy(POLL);
        assertThat(sa.subscribes()).as("all six renewed after the SA forgot them").isEqualTo(12);
        assertThat(seen).filteredOn(NoticeEvent.Resubscribed.class::isInstance).hasSize(6);
    }

    /** Each failure is an event; the log warns once an outage and says at INFO when it ended. */
    @Test
    void aFailedRenewalIsAnEventAndIsRetriedAfterGrowingDelaysUntilItSucceeds() throws Exception {
        String log = LibraryLog.during(this::retriedAfterGrowingDelaysUntilItSucceeds);
        assertThat(log.lines().filter(l -> l.contains("WARN"))).singleElement().asString()
                .contains("renewing trap 65 after SM_LID_CHANGED failed, retrying in 5000 ms and then at growing delays");
        assertThat(log).contains("INFO").contains("renewed trap 65 at SM LID 9 after ");
    }

    private void retriedAfterGrowingDelaysUntilItSucceeds() {
        collect(notices().watch(OUT_OF_SERVICE));
        sa.up = false;
        channel.attributes(SaClientTest.withSmLid(port.attributes(), 9));
        vts.advanceTimeBy(POLL);                      // the poll sees the new SM LID and renews
        vts.advanceTimeBy(Duration.ofMinutes(3));     // the SA stays away
        List<Duration> delays = seen.stream().filter(NoticeEvent.SubscriptionFailed.class::isInstance)
                .map(e -> ((NoticeEvent.SubscriptionFailed) e).retryIn()).toList();
        assertThat(delays).as("retried after the poll interval, doubling, at most a minute")
                .startsWith(POLL, POLL.multipliedBy(2), POLL.multipliedBy(4), POLL.multipliedBy(8))
                .contains(Duration.ofMinutes(1)).allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(Duration.ofMinutes(1)));
        assertThat(seen.get(1)).isInstanceOfSatisfying(NoticeEvent.SubscriptionFailed.class, f -> {
            assertThat(f.selector()).isEqualTo(OUT_OF_SERVICE);
            assertThat(f.reason()).isEqualTo(NoticeEvent.Reason.SM_LID_CHANGED);
            assertThat(f.cause()).isInstanceOf(io.reactiveumad.mad.MadTimeoutException.class);
        });
        int failures = delays.size();
        sa.up = true;
        vts.advanceTimeBy(Duration.ofMinutes(1));
        assertThat(seen).hasSize(1 + failures + 1).startsWith(SUBSCRIBED)
                .endsWith(new NoticeEvent.Resubscribed(OUT_OF_SERVICE, NoticeEvent.Reason.SM_LID_CHANGED, 9));
    }

    @Test
    void aSlowSubscriberIsToldHowManyNoticesItLostBeforeItsNextEvent() {
        Notices small = Notices.of(port, new NoticeOptions(POLL, true, 2, io.reactiveumad.RmppMode.USER));
        List<NoticeEvent> slow = new CopyOnWriteArrayList<>();
        reactor.core.publisher.BaseSubscriber<NoticeEvent> subscriber = new reactor.core.publisher.BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(org.reactivestreams.Subscription subscription) {
                request(1);
            }

            @Override
            protected void hookOnNext(NoticeEvent event) {
                slow.add(event);
            }
        };
        small.events(OUT_OF_SERVICE).subscribe(subscriber);
        collect(small.events(OUT_OF_SERVICE));
        for (int tid = 1; tid <= 6; tid++) {
            channel.inject(FakeSa.report(1, tid, Notice.TRAP_GID_OUT_OF_SERVICE, tid));
        }
        assertThat(slow).hasSize(1);
        subscriber.request(10);
        assertThat(slow).extracting(e -> e instanceof NoticeEvent.Received r ? (Object) r.tid() : e)
                .as("1 delivered, 2 in hand past the buffer, 3 and 4 dropped for 5 and 6")
                .containsExactly(1L, 2L, new NoticeEvent.NoticesLost(2), 5L, 6L);
        assertThat(seen).as("the fast subscriber lost nothing").hasSize(6);
        assertThat(reportResps()).hasSize(6);
    }

    @Test
    void anSaErrorOnTheAuditRenewsEverything() {
        collect(notices().watch(OUT_OF_SERVICE));
        sa.failWith = 0x0100;
        vts.advanceTimeBy(POLL);
        sa.failWith = 0;
        vts.advanceTimeBy(POLL);
        assertThat(seen).contains(new NoticeEvent.Resubscribed(OUT_OF_SERVICE, NoticeEvent.Reason.SA_ERROR, 1));
    }

    /**
     * An SA that stops answering (its SM died) is not taken for one that still holds the subscription: the audit's
     * timeout renews it, each failed try is an event, and the SA that comes back (a new SM, holding nothing) gets it.
     */
    @Test
    void aSilentSaOnTheAuditRenewsUntilAnSaAnswers() {
        collect(notices().watch(OUT_OF_SERVICE));
        sa.up = false;
        vts.advanceTimeBy(POLL.plus(Duration.ofMinutes(1)));
        assertThat(seen).filteredOn(NoticeEvent.SubscriptionFailed.class::isInstance).isNotEmpty()
                .allSatisfy(e -> assertThat(((NoticeEvent.SubscriptionFailed) e).reason()).isEqualTo(NoticeEvent.Reason.SA_SILENT));
        sa.held.clear();
        sa.up = true;
        vts.advanceTimeBy(Duration.ofMinutes(2));
        assertThat(seen).contains(new NoticeEvent.Resubscribed(OUT_OF_SERVICE, NoticeEvent.Reason.SA_SILENT, 1));
        assertThat(sa.held).hasSize(1);
    }

    /**
     * A renewal that failed for minutes waits a minute between tries; an SA that answers the next audit is back, so
     * the renewal is tried then, not up to a minute later (a restarted OpenSM left `umad serve` deaf for 40 s).
     */
    @Test
    void aFailedRenewalIsTriedAgainAtOnceWhenTheSaAnswersAnAudit() {
        collect(notices().watch(OUT_OF_SERVICE));
        sa.up = false;
        vts.advanceTimeBy(POLL.plus(Duration.ofMinutes(3)));
        List<NoticeEvent.SubscriptionFailed> failed = seen.stream().filter(NoticeEvent.SubscriptionFailed.class::isInstance)
                .map(NoticeEvent.SubscriptionFailed.class::cast).toList();
        assertThat(failed.get(failed.size() - 1).retryIn()).as("the delay has grown to its cap").isEqualTo(Duration.ofMinutes(1));
        sa.held.clear();
        sa.up = true;
        // A try under way when the SA comes back fails on its last attempt's timeout (4 s) at most; the next poll
        // after that retries.
        vts.advanceTimeBy(POLL.multipliedBy(2));
        assertThat(seen).last().isEqualTo(new NoticeEvent.Resubscribed(OUT_OF_SERVICE, NoticeEvent.Reason.SA_SILENT, 1));
        assertThat(sa.held).hasSize(1);
        long subscribes = sa.subscribes();
        vts.advanceTimeBy(Duration.ofMinutes(2));
        assertThat(sa.subscribes()).as("the timer of the try it replaced is gone").isEqualTo(subscribes);
    }

    @Test
    void clientReregisterRenewsOnDemand() {
        collect(notices().watch(OUT_OF_SERVICE));
        notices().clientReregistered();
        assertThat(seen).containsExactly(SUBSCRIBED, new NoticeEvent.Resubscribed(OUT_OF_SERVICE,
                NoticeEvent.Reason.CLIENT_REREGISTER, 1));
        assertThat(sa.subscribes()).isEqualTo(2);
    }

    /**
     * A renewal the SA is slow to answer, overtaken by a later one (a new SM LID, an audit, a client
     * reregister): the last cancel's Subscribe=0 waits for both, or the slow one reaches the SA after it and
     * leaves a subscription nobody holds (NoticesSmRestartIT saw OpenSM hold trap 65 after the last cancel).
     */
    @Test
    void theLastCancelUnsubscribesAfterEveryRenewalStillUnderWay() {
        Disposable watching = collect(notices().watch(OUT_OF_SERVICE));
        sa.queueSubscribes = true;
        notices().clientReregistered();
        sa.queueSubscribes = false;
        notices().clientReregistered();
        assertThat(seen).containsExactly(SUBSCRIBED, new NoticeEvent.Resubscribed(OUT_OF_SERVICE,
                NoticeEvent.Reason.CLIENT_REREGISTER, 1));
        watching.dispose();
        assertThat(sa.unsubscribes()).as("not before the slow renewal is answered").isZero();
        sa.processQueued().forEach(channel::inject);
        assertThat(sa.sets).extracting(i -> i.subscribe()).containsExactly(true, true, true, false);
        assertThat(sa.held).isEmpty();
    }

    @Test
    void aRenewalUnderWayWhenTheLastCancelComesIsUnsubscribedOnceAnswered() {
        Disposable watching = collect(notices().watch(OUT_OF_SERVICE));
        sa.queueSubscribes = true;
        notices().clientReregistered();
        watching.dispose();
        sa.processQueued().forEach(channel::inject);
        assertThat(sa.sets).extracting(i -> i.subscribe()).containsExactly(true, true, false);
        assertThat(sa.held).isEmpty();
        assertThat(seen).containsExactly(SUBSCRIBED);
    }

    @Test
    void aRefusedSubscriptionIsAnErrorAndIsNotUnsubscribed() {
        sa.failWith = 0x0200;
        Disposable d = collect(notices().notices(OUT_OF_SERVICE));
        assertThat(seen).singleElement().isInstanceOf(io.reactiveumad.mad.MadStatusException.class);
        d.dispose();
        assertThat(sa.sets).isEmpty();
        assertThat(channel.sent).extracting(f -> f.mad()[MadHeader.METHOD_OFFSET]).containsOnly((byte) Method.SET);
        assertThat(channel.sent).hasSize(1);
    }

    @Test
    void closingThePortCompletesTheStreams() {
        List<String> ends = new CopyOnWriteArrayList<>();
        notices().notices(OUT_OF_SERVICE).subscribe(null, e -> ends.add("error"), () -> ends.add("complete"));
        port.dispose();
        vts.advanceTime();
        assertThat(ends).containsExactly("complete");
    }

    @Test
    void disposeUnsubscribesWhatIsHeld() {
        List<String> ends = new CopyOnWriteArrayList<>();
        notices().notices(OUT_OF_SERVICE).subscribe(null, e -> ends.add("error"), () -> ends.add("complete"));
        notices().dispose();
        assertThat(sa.unsubscribes()).isEqualTo(1);
        assertThat(ends).containsExactly("complete");
        assertThat(channel.sent.stream().map(MadFrame::mad)).isNotEmpty();
    }

    @Test
    void aSubscriberThatThrowsFromOnNextIsCutOffAloneAndTheOthersGoOn() {
        List<Object> broken = new CopyOnWriteArrayList<>();
        notices().notices(OUT_OF_SERVICE).subscribe(new org.reactivestreams.Subscriber<Notice>() {
            @Override
            public void onSubscribe(org.reactivestreams.Subscription s) {
                s.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(Notice notice) {
                throw new IllegalStateException("a bug in the subscriber");
            }

            @Override
            public void onError(Throwable t) {
                broken.add(t);
            }

            @Override
            public void onComplete() {
                broken.add("complete");
            }
        });
        collect(notices().notices(OUT_OF_SERVICE));
        channel.inject(FakeSa.report(1, 1, Notice.TRAP_GID_OUT_OF_SERVICE, 0xaa));
        channel.inject(FakeSa.report(1, 2, Notice.TRAP_GID_OUT_OF_SERVICE, 0xbb));
        collect(Notices.of(port).notices(OUT_OF_SERVICE));
        channel.inject(FakeSa.report(1, 3, Notice.TRAP_GID_OUT_OF_SERVICE, 0xcc));

        assertThat(broken).as("cut off: no further signal").isEmpty();
        assertThat(seen).as("the well-behaved subscribers got every notice").hasSize(4)
                .allSatisfy(n -> assertThat(n).isInstanceOf(Notice.class));
        assertThat(reportResps()).containsExactly(1L, 2L, 3L);
        assertThat(sa.subscribes()).as("one subscription, never torn down").isEqualTo(1);
        assertThat(sa.unsubscribes()).isZero();
        assertThat(notices().isDisposed()).isFalse();
    }

    @Test
    void aVanishedDeviceFailsEveryNoticeStreamTypedInsteadOfRunningOn() {
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        notices().watch(OUT_OF_SERVICE).subscribe(null, errors::add);
        notices().notices(IN_SERVICE).subscribe(null, errors::add);
        channel.fail(new io.reactiveumad.mad.DeviceGoneException("fake0", 107, "simulator went away"));
        vts.advanceTime();
        assertThat(errors).hasSize(2).allSatisfy(e -> assertThat(e)
                .isInstanceOf(io.reactiveumad.PortClosedException.class)
                .hasCauseInstanceOf(io.reactiveumad.mad.DeviceGoneException.class));
        assertThat(notices().isDisposed()).as("a fresh Notices for the next user").isFalse();
    }

    @Test
    void optionsOtherThanTheOnesInUseAreRefusedNotIgnored() {
        Notices inUse = Notices.of(port, NoticeOptions.defaults().withAudit(false));
        assertThat(Notices.of(port, NoticeOptions.defaults().withAudit(false))).isSameAs(inUse);
        assertThat(Notices.of(port)).isSameAs(inUse);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Notices.of(port, NoticeOptions.defaults()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("in use with");
        inUse.dispose();
        assertThat(Notices.of(port, NoticeOptions.defaults())).isNotSameAs(inUse);
    }

    @Test
    void aClosedPortsNoticesAreForgottenEvenIfNeverSubscribed() {
        Notices unused = Notices.of(port);
        port.dispose();
        vts.advanceTime();
        assertThat(Notices.of(port)).as("a fresh instance: the closed port's was dropped").isNotSameAs(unused);
    }
}
