package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** Real threads: many callers, one loop thread, one delivery pool. */
class ConcurrentRequestsTest {

    @Test
    void tenThousandRequestsFromEightThreadsEachCompleteWithTheirOwnResponse() throws Exception {
        Scheduler loop = Schedulers.newSingle("fake-loop");
        FakeChannel channel = new FakeChannel(loop);
        channel.peer(f -> MadAgentTest.echo(f, 0));
        MadPort port = Umad.open(channel.transport(), new PortSpec("fake0", 1)).block(Duration.ofSeconds(10));
        MadAgent agent = port.agent(AgentSpec.client(MadAgentTest.PERF, 1)).block(Duration.ofSeconds(10));
        int threads = 8;
        int perThread = 1250;
        ConcurrentLinkedQueue<Throwable> mismatches = new ConcurrentLinkedQueue<>();
        CountDownLatch done = new CountDownLatch(threads);
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        try {
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                callers.execute(() -> {
                    try {
                        List<Integer> wrong = Flux.range(base, perThread)
                                .flatMap(i -> agent.request(MadAgentTest.get(0x12, i), MadAgentTest.PEER)
                                        .filter(r -> r.mad().buffer().getInt(64) != i)
                                        .map(r -> i), 256)
                                .collectList()
                                .block(Duration.ofSeconds(60));
                        if (!wrong.isEmpty()) {
                            mismatches.add(new AssertionError("answers for other requests: " + wrong));
                        }
                    } catch (Throwable e) {
                        mismatches.add(e);
                    } finally {
                        done.countDown();
                    }
                });
            }
            assertThat(done.await(90, TimeUnit.SECONDS)).isTrue();
            assertThat(mismatches).isEmpty();
            assertThat(channel.sent).hasSize(threads * perThread);
            PortStats stats = port.stats();
            assertThat(stats.received()).isEqualTo(threads * perThread);
            assertThat(stats.lateResponses()).isZero();
            Mad any = Mad.of(channel.sent.peek().mad());
            assertThat(any.mgmtClass()).isEqualTo(MadAgentTest.PERF);
        } finally {
            callers.shutdownNow();
            port.dispose();
            loop.dispose();
        }
    }
}
