package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.Umad;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.test.scheduler.VirtualTimeScheduler;

class ConnectionTest {

    /**
     * A long-running command opened on an unplugged port says what it waits for, once, and goes on when the cable is
     * back and the SM has brought the port to Active; on an Active port it says nothing.
     */
    @Test
    void awaitActiveWaitsForTheSmToBringThePortUpAndSaysSoOnce() throws Exception {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            fabric.unlink("host3", 1);
            MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(Duration.ofSeconds(10));
            Connection connection = new Connection(TransportKind.EMBEDDED, port, null);
            try {
                StringWriter err = new StringWriter();
                CompletableFuture<Void> waited = CompletableFuture.runAsync(
                        () -> connection.awaitActive(new PrintWriter(err, true), "umad watch"));
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> err.toString().contains("waiting"));
                assertThat(waited).isNotDone();
                fabric.relink("host3", 1);
                waited.get(10, TimeUnit.SECONDS);
                // Unplugged, the port keeps the LID and SM LID it was given, as an HCA's PortInfo does.
                assertThat(err.toString()).isEqualTo("umad watch: waiting for port host3:1 to be Active and told its SM (now Down, "
                        + "LID " + fabric.lid("host3", 1) + ", SM LID " + fabric.smLid() + "); Ctrl-C to stop\n");
                assertThat(port.attributes().isActive()).isTrue();

                StringWriter quiet = new StringWriter();
                connection.awaitActive(new PrintWriter(quiet, true), "umad watch");
                assertThat(quiet.toString()).isEmpty();
            } finally {
                connection.close();
            }
        }
    }

    /**
     * A trap watch started while no SA answers (every InformInfo Set to the SM's node dropped) says so with when it
     * tries again, and subscribes once the SA answers; a failure that is not the SA's absence ends it at once.
     * In virtual time: the request timeouts and the retry delay pass without waiting.
     */
    @Test
    void whileSaUnreachableRetriesWhatNoSaAnsweredAndNothingElse() {
        VirtualTimeScheduler time = VirtualTimeScheduler.getOrSet();
        try (EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology()).sm("host1", 1).scheduler(time)
                .build()) {
            // No SA answers: every InformInfo request to host1, where the SM (and so the SA) is, is dropped.
            fabric.faults().drop(1.0, MadMatch.toNode("host1").mgmtClass(MgmtClass.SUBN_ADM)
                    .attribute(InformInfo.ATTRIBUTE_ID));
            MadPort port = Umad.open(fabric.transport(), fabric.port("host4", 1), new PortOptions(time))
                    .block(Duration.ofSeconds(10));
            StringWriter err = new StringWriter();
            List<NoticeEvent> events = new CopyOnWriteArrayList<>();
            Disposable watch = Connection.whileSaUnreachable(Notices.of(port).watch(TrapSelector.trap(64)),
                    failures -> Duration.ofSeconds(5L * failures), new PrintWriter(err, true), "umad watch")
                    .subscribe(events::add);
            try {
                time.advanceTimeBy(Duration.ofSeconds(4));
                assertThat(err.toString()).startsWith("umad watch: no SA answers (no response from LID 1 QP1 to SubnAdm "
                        + "Set attribute 0x0003").endsWith("); trying again in 5 s; Ctrl-C to stop\n");
                time.advanceTimeBy(Duration.ofSeconds(9));
                assertThat(err.toString().lines()).hasSize(2).last().asString().contains("trying again in 10 s");
                assertThat(events).isEmpty();

                fabric.faults().clear();
                time.advanceTimeBy(Duration.ofSeconds(10));
                assertThat(events).hasSize(1).first().isInstanceOf(NoticeEvent.Subscribed.class);
                assertThat(fabric.subscriptions()).isEqualTo(1);
            } finally {
                watch.dispose();
                port.dispose();
            }

            StringWriter quiet = new StringWriter();
            assertThatThrownBy(() -> Connection.whileSaUnreachable(Flux.error(new IllegalArgumentException("refused")),
                    failures -> Duration.ofSeconds(5), new PrintWriter(quiet, true), "umad watch").blockLast())
                    .hasMessage("refused");
            assertThat(quiet.toString()).isEmpty();
        } finally {
            VirtualTimeScheduler.reset();
        }
    }
}
