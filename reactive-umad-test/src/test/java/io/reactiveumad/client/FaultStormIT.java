package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A fault storm on ibsim + OpenSM, bounded in time, at 5, 20 and 50 % loss: ibsim drops a share of the packets entering the SA's
 * port, the watcher's port and the querying port ({@code Error}) while the querying port has many SMPs
 * in flight, and a host is unplugged and plugged back several times in a row. Every request ends by its
 * deadline (answered or {@link MadTimeoutException}, nothing else); the watcher's stream never fails,
 * and it hears the next unplug once the SM is sound again; at the end every slot of ours is free again.
 *
 * <p>"Sound again" takes an OpenSM restart: after 20 or 50 % loss on its own port, OpenSM under ibsim
 * often ends the storm with a broken view of the subnet (its light sweep fails every second with "Unknown
 * remote side", or its log stops at the last SUBNET UP) and reports no later link change to anyone, while
 * its SA still lists the subscriptions (docs/RELIABILITY.md). The restart makes it forget them; the
 * watcher's audit renews them.
 */
class FaultStormIT {
    private static final Duration WITHIN = NoticesOracleIT.WITHIN;
    private static final int REQUESTS = 300;
    private static final int IN_FLIGHT = 16;
    private static final int FLAPS = 4;
    private static final RequestOptions FAST = RequestOptions.defaults().withTimeout(Duration.ofMillis(200)).withRetries(2);
    /** Slack over a request's own deadline for scheduling on a loaded machine. */
    private static final Duration SLACK = Duration.ofSeconds(2);

    /** The loss rates swept, each on a fresh simulator: from a flaky cable to half of every packet gone. */
    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {5, 20, 50})
    void underLossAndLinkFlapsEveryRequestEndsByItsDeadlineAndTheWatcherLives(int lossPercent) throws InterruptedException {
        try (IbsimFabric fabric = IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1")
                .sweepSeconds(1).start()) {
            MadPort watcherPort = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
            MadPort queryPort = Umad.open(fabric.transport("host3"), new PortSpec("host3", 1)).block(WITHIN);
            BlockingQueue<Object> events = new LinkedTransferQueue<>();
            Disposable watching = Notices.of(watcherPort, NoticeOptions.defaults().withRmpp(RmppMode.NONE)
                            .withPollInterval(Duration.ofSeconds(1)))
                    .watch(TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE), TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE))
                    .subscribe(events::add, events::add);
            try {
                assertThat(events.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
                List<Integer> lids = new ArrayList<>(fabric.lidsByPortGuid().values());
                for (String node : List.of("host1", "host3", "host4")) {
                    fabric.error(node, 1, lossPercent);
                }

                AtomicInteger answered = new AtomicInteger();
                AtomicInteger timedOut = new AtomicInteger();
                List<Throwable> other = new ArrayList<>();
                List<Duration> overdue = new ArrayList<>();
                SmpClient smp = SmpClient.of(queryPort).withOptions(FAST);
                Flux.range(0, REQUESTS).flatMap(i -> {
                    long start = System.nanoTime();
                    return smp.nodeInfo(SmpRoute.lid(lids.get(i % lids.size())))
                            .doOnNext(info -> answered.incrementAndGet())
                            .then()
                            .onErrorResume(e -> {
                                if (e instanceof MadTimeoutException) {
                                    timedOut.incrementAndGet();
                                } else {
                                    synchronized (other) {
                                        other.add(e);
                                    }
                                }
                                return Mono.empty();
                            })
                            .doFinally(signal -> {
                                Duration took = Duration.ofNanos(System.nanoTime() - start);
                                if (took.compareTo(FAST.deadline().plus(SLACK)) > 0) {
                                    synchronized (overdue) {
                                        overdue.add(took);
                                    }
                                }
                            });
                }, IN_FLIGHT).blockLast(Duration.ofMinutes(2));
                for (int flap = 0; flap < FLAPS; flap++) {
                    fabric.unlink("host2", 1);
                    fabric.relink("host2", 1);
                }
                for (String node : List.of("host1", "host3", "host4")) {
                    fabric.error(node, 1, 0);
                }
                System.out.printf("FaultStormIT: %d SMPs at %d %% loss on 3 ports: %d answered, %d timed out%n",
                        REQUESTS, lossPercent, answered.get(), timedOut.get());

                assertThat(other).as("only answers and timeouts").isEmpty();
                assertThat(answered.get() + timedOut.get()).isEqualTo(REQUESTS);
                assertThat(overdue).as("requests that outlived their deadline %s", FAST.deadline()).isEmpty();
                assertThat(answered.get()).as("answers despite the loss").isPositive();
                assertThat(events).noneMatch(Throwable.class::isInstance);
                fabric.restartSm();
                Gid me = watcherPort.attributes().gids().get(0);
                Gid host2 = new Gid(me.prefix(), Topology.defaultTopology().requireNode("host2").portGuid(1));
                awaitRenewed(events);
                NoticesOracleIT.flapAndAwaitTraps(fabric, events, host2);
                assertThat(events).noneMatch(Throwable.class::isInstance);
            } finally {
                watching.dispose();
                watcherPort.close().block(WITHIN);
                queryPort.close().block(WITHIN);
            }
            List<MadPort> all = new ArrayList<>();
            try {
                // Ten slots: the restarted OpenSM holds one, and the stopped one kept its own (umad2sim never
                // disconnected it); a slot of ours that leaked would leave fewer than eight.
                for (int i = 0; i < 8; i++) {
                    all.add(Umad.open(fabric.transport("host3"), new PortSpec("host3", 1)).block(WITHIN));
                }
            } finally {
                all.forEach(p -> p.close().block(WITHIN));
            }
        }
    }

    /** Both subscriptions renewed at the restarted SA (its audit found them lost, or the SA answered it with an error). */
    private static void awaitRenewed(BlockingQueue<Object> events) throws InterruptedException {
        int renewed = 0;
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (renewed < 2 && System.nanoTime() < deadline) {
            Object e = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (e instanceof Throwable t) {
                throw new AssertionError("the watcher's stream failed", t);
            }
            if (e instanceof NoticeEvent.Resubscribed) {
                renewed++;
            }
        }
        assertThat(renewed).as("subscriptions renewed after the SM restart within %s", WITHIN).isEqualTo(2);
    }
}
