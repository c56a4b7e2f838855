package io.reactiveumad.poll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.EventExecutor;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EpollEventLoopTest {
    private static final long AWAIT_SECONDS = 20;

    private EpollEventLoop loop;
    private final List<FileDescriptor> fds = new ArrayList<>();

    @BeforeEach
    void startLoop() {
        loop = EpollEventLoop.start("test");
    }

    @AfterEach
    void closeAll() {
        loop.close();
        fds.forEach(FileDescriptor::close);
    }

    @Test
    void threadIsNamedAfterTheLoop() throws Exception {
        CompletableFuture<String> threadName = new CompletableFuture<>();
        loop.execute(() -> threadName.complete(Thread.currentThread().getName()));

        assertThat(threadName.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("umad-loop-test").isEqualTo(loop.name());
    }

    /**
     * A task that holds the loop past the slow-pass bound (a blocking subscriber, with delivery on the loop) is
     * counted, and warned about; quick passes are not. The bound is 50 ms here, 1 s by default.
     */
    @Test
    void aPassThatHoldsTheLoopPastTheBoundIsCountedAndQuickOnesAreNot() throws Exception {
        EpollEventLoop paced = EpollEventLoop.start("paced", 16, TimeUnit.MILLISECONDS.toNanos(50));
        try {
            CountDownLatch quick = new CountDownLatch(100);
            for (int i = 0; i < 100; i++) {
                paced.execute(quick::countDown);
            }
            assertThat(quick.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(paced.slowPasses()).isZero();

            CountDownLatch held = new CountDownLatch(1);
            paced.execute(() -> {
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(80);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // holds the loop as a busy subscriber would, without blocking it
                }
                held.countDown();
            });
            assertThat(held.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            // The pass is measured when its tasks are done, just after the held one counted down.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
            while (paced.slowPasses() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(paced.slowPasses()).isEqualTo(1);
        } finally {
            paced.close();
        }
    }

    /**
     * A task the loop gives itself (a request a handler starts) runs in turn with other threads' tasks, not after all
     * of them: with 10 000 queued from another thread while a loop task held the loop, it runs next but at most one.
     */
    @Test
    void aFloodFromAnotherThreadDoesNotHoldBackATaskTheLoopGaveItself() throws Exception {
        CountDownLatch flooded = new CountDownLatch(1);
        CountDownLatch ownRan = new CountDownLatch(1);
        AtomicInteger othersRun = new AtomicInteger();
        AtomicInteger othersBeforeOwn = new AtomicInteger(-1);
        loop.execute(() -> {
            loop.execute(() -> {
                othersBeforeOwn.set(othersRun.get());
                ownRan.countDown();
            });
            while (flooded.getCount() > 0) {
                Thread.onSpinWait(); // holds the loop (without blocking it) until the flood is queued
            }
        });
        int flood = 10_000;
        CountDownLatch floodRan = new CountDownLatch(flood);
        for (int i = 0; i < flood; i++) {
            loop.execute(() -> {
                othersRun.incrementAndGet();
                floodRan.countDown();
            });
        }
        flooded.countDown();
        assertThat(ownRan.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(floodRan.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(othersBeforeOwn.get()).isBetween(0, 1);
    }

    @Test
    void tasksFromEightThreadsRunExactlyOnceInPerThreadOrder() throws Exception {
        int producers = 8;
        int perProducer = 100_000;
        int[] runs = new int[producers * perProducer];
        int[] lastSeen = new int[producers];
        java.util.Arrays.fill(lastSeen, -1);
        AtomicInteger outOfOrder = new AtomicInteger();
        AtomicInteger offLoop = new AtomicInteger();
        CountDownLatch allRan = new CountDownLatch(producers * perProducer);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                for (int i = 0; i < perProducer; i++) {
                    int seq = i;
                    loop.execute(() -> {
                        if (!loop.inEventLoop()) {
                            offLoop.incrementAndGet();
                        }
                        if (lastSeen[producer] != seq - 1) {
                            outOfOrder.incrementAndGet();
                        }
                        lastSeen[producer] = seq;
                        runs[producer * perProducer + seq]++;
                        allRan.countDown();
                    });
                }
            }, "producer-" + p));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS));
        }

        assertThat(allRan.await(AWAIT_SECONDS, TimeUnit.SECONDS)).as("all tasks ran").isTrue();
        // The loop thread wrote runs[]; a task round-trip publishes those writes to this thread.
        CompletableFuture<int[]> snapshot = new CompletableFuture<>();
        loop.execute(() -> snapshot.complete(runs.clone()));
        assertThat(snapshot.get(AWAIT_SECONDS, TimeUnit.SECONDS)).containsOnly(1);
        assertThat(outOfOrder).hasValue(0);
        assertThat(offLoop).hasValue(0);
    }

    @Test
    void timersFireInDeadlineOrderAndNotEarly() throws Exception {
        int count = 50;
        // The loop reads its clock inside schedule(): its deadline for timer i lies in [earliest[i], latest[i]].
        long[] earliest = new long[count];
        long[] latest = new long[count];
        List<Integer> fired = new CopyOnWriteArrayList<>();
        List<Integer> early = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            int index = i;
            long delay = TimeUnit.MILLISECONDS.toNanos(ThreadLocalRandom.current().nextLong(0, 40));
            earliest[i] = System.nanoTime() + delay;
            loop.schedule(() -> {
                if (System.nanoTime() < earliest[index]) {
                    early.add(index);
                }
                fired.add(index);
                done.countDown();
            }, delay, TimeUnit.NANOSECONDS);
            latest[i] = System.nanoTime() + delay;
        }

        assertThat(done.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(early).isEmpty();
        assertThat(fired).hasSize(count).doesNotHaveDuplicates();
        for (int i = 1; i < count; i++) {
            int before = fired.get(i - 1);
            int after = fired.get(i);
            assertThat(earliest[before]).as("timer %d fired before timer %d, whose deadline is earlier", before, after)
                    .isLessThanOrEqualTo(latest[after]);
        }
    }

    @Test
    void aTimerCancelledOnTheLoopNeverRuns() throws Exception {
        AtomicInteger cancelledRuns = new AtomicInteger();
        CountDownLatch fence = new CountDownLatch(1);
        CompletableFuture<List<Boolean>> cancels = new CompletableFuture<>();
        // Scheduling and cancelling within one loop task: the timer cannot fire in between.
        loop.execute(() -> {
            EventExecutor.Cancellable timer = loop.schedule(cancelledRuns::incrementAndGet, 5, TimeUnit.MILLISECONDS);
            loop.schedule(fence::countDown, 20, TimeUnit.MILLISECONDS);
            cancels.complete(List.of(timer.cancel(), timer.cancel()));
        });

        assertThat(cancels.get(AWAIT_SECONDS, TimeUnit.SECONDS)).containsExactly(true, false);
        assertThat(fence.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(cancelledRuns).hasValue(0);
    }

    @Test
    void aTimerCancelledFromAnotherThreadReportsItOnce() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        EventExecutor.Cancellable timer = loop.schedule(runs::incrementAndGet, 1, TimeUnit.HOURS);

        assertThat(timer.cancel()).isTrue();
        assertThat(timer.cancel()).isFalse();
        awaitLoopIterations(3);
        assertThat(runs).hasValue(0);
    }

    @Test
    void anEnormousDelayDoesNotWrapAroundAndFireAtOnce() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        EventExecutor.Cancellable forever = loop.schedule(runs::incrementAndGet, Long.MAX_VALUE, TimeUnit.DAYS);
        awaitLoopIterations(3);

        assertThat(runs).hasValue(0);
        assertThat(forever.cancel()).isTrue();
    }

    @Test
    void cancellingAFiredTimerReportsFalse() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        EventExecutor.Cancellable timer = loop.schedule(ran::countDown, 0, TimeUnit.MILLISECONDS);

        assertThat(ran.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(timer.cancel()).isFalse();
    }

    @Test
    void eventFdReadinessReachesItsHandler() throws Exception {
        FileDescriptor eventFd = own(FileDescriptor.adopt(LibC.eventFd()));
        CountDownLatch ready = new CountDownLatch(1);
        ByteBuffer counter = ByteBuffer.allocateDirect(8);
        loop.register(eventFd.intValue(), PollLoop.READ, handler(ops -> {
            counter.clear();
            eventFd.read(counter);
            ready.countDown();
        }, null));

        LibC.eventFdWrite(eventFd.intValue(), 1);

        assertThat(ready.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void beforeWaitRunsOnceAfterThePassesTasksEvenTasksTheyQueued() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch laterPass = new CountDownLatch(1);
        loop.execute(() -> {
            order.add("task");
            loop.beforeWait(() -> order.add("before wait"));
            loop.execute(() -> order.add("task it queued"));
        });
        loop.execute(() -> loop.beforeWait(() -> {
            throw new IllegalStateException("isolated like a task");
        }));
        awaitLoopIterations(3);
        loop.execute(laterPass::countDown);

        assertThat(laterPass.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(order).containsExactly("task", "task it queued", "before wait");
    }

    @Test
    void beforeWaitAskedForByAHandlerRunsWithoutAnotherEvent() throws Exception {
        FileDescriptor[] pipe = ownPair(FileDescriptor.pipe());
        CountDownLatch ran = new CountDownLatch(1);
        ByteBuffer oneByte = ByteBuffer.allocateDirect(1);
        loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> {
            oneByte.clear();
            if (pipe[0].read(oneByte) == 1) {
                loop.beforeWait(ran::countDown);
            }
        }, null));

        write(pipe[1], 1);

        assertThat(ran.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void beforeWaitIsForTheLoopThreadOnly() {
        assertThatThrownBy(() -> loop.beforeWait(() -> { })).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void interestOffStopsReadsAndInterestOnResumesThem() throws Exception {
        FileDescriptor[] pipe = ownPair(FileDescriptor.pipe());
        List<Byte> received = new CopyOnWriteArrayList<>();
        AtomicReference<PollLoop.FdRegistration> registration = new AtomicReference<>();
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch rest = new CountDownLatch(3);
        ByteBuffer oneByte = ByteBuffer.allocateDirect(1);
        registration.set(loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> {
            oneByte.clear();
            if (pipe[0].read(oneByte) == 1) {
                // Demand satisfied: stop reading, leave the rest queued in the pipe. Before the byte is seen: the test
                // turns reading on again once it sees it, and the last interest asked for wins.
                registration.get().interest(0);
                received.add(oneByte.get(0));
                first.countDown();
                rest.countDown();
            }
        }, null)));

        write(pipe[1], 1, 2, 3);
        assertThat(first.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        write(pipe[1], 4);
        awaitLoopIterations(5);
        assertThat(received).containsExactly((byte) 1);

        for (int i = 0; i < 3; i++) {
            int expected = received.size() + 1;
            registration.get().interest(PollLoop.READ);
            awaitCondition(() -> received.size() == expected);
        }
        assertThat(received).containsExactly((byte) 1, (byte) 2, (byte) 3, (byte) 4);
    }

    @Test
    void hangupIsADeviceGoneErrorAndTheLoopKeepsServingOtherFds() throws Exception {
        FileDescriptor[] dying = ownPair(FileDescriptor.pipe());
        FileDescriptor[] healthy = ownPair(FileDescriptor.socketPair(true));
        CompletableFuture<NativeIoException> error = new CompletableFuture<>();
        AtomicInteger readyAfterError = new AtomicInteger();
        loop.register(dying[0].intValue(), 0, handler(ops -> readyAfterError.incrementAndGet(), error::complete));
        CountDownLatch healthyRead = new CountDownLatch(1);
        ByteBuffer buf = ByteBuffer.allocateDirect(16);
        loop.register(healthy[1].intValue(), PollLoop.READ, handler(ops -> {
            buf.clear();
            healthy[1].read(buf);
            healthyRead.countDown();
        }, null));

        dying[1].close();

        assertThat(error.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(DeviceGoneException.class)
                .hasMessageContaining("EPOLLHUP");
        write(healthy[0], 42);
        assertThat(healthyRead.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(readyAfterError).hasValue(0);
    }

    @Test
    void errorOnAWriteEndIsADeviceGoneError() throws Exception {
        FileDescriptor[] pipe = ownPair(FileDescriptor.pipe());
        CompletableFuture<NativeIoException> error = new CompletableFuture<>();
        loop.register(pipe[1].intValue(), 0, handler(ops -> { }, error::complete));

        pipe[0].close();

        assertThat(error.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(DeviceGoneException.class)
                .hasMessageContaining("EPOLLERR");
    }

    @Test
    void aThrowingHandlerIsIsolated() throws Exception {
        FileDescriptor[] pipe = ownPair(FileDescriptor.pipe());
        AtomicInteger calls = new AtomicInteger();
        AtomicReference<PollLoop.FdRegistration> registration = new AtomicReference<>();
        registration.set(loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> {
            registration.get().interest(0);
            calls.incrementAndGet();
            throw new IllegalStateException("handler bug (expected by the test)");
        }, null)));

        write(pipe[1], 7);
        awaitCondition(() -> calls.get() == 1);
        CompletableFuture<Boolean> stillRunning = new CompletableFuture<>();
        loop.execute(() -> stillRunning.complete(true));

        assertThat(stillRunning.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(loop.isTerminated()).isFalse();
    }

    @Test
    void cancelledRegistrationSeesNoMoreEvents() throws Exception {
        FileDescriptor[] pipe = ownPair(FileDescriptor.pipe());
        AtomicInteger calls = new AtomicInteger();
        PollLoop.FdRegistration registration = loop.register(pipe[0].intValue(), PollLoop.READ,
                handler(ops -> calls.incrementAndGet(), null));
        awaitLoopIterations(1);

        registration.cancel();
        registration.cancel();
        write(pipe[1], 1);
        awaitLoopIterations(5);

        assertThat(calls).hasValue(0);
    }

    @Test
    void registeringAFdTwiceFailsOnTheLoop() throws Exception {
        FileDescriptor[] pipe = ownPair(FileDescriptor.pipe());
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        loop.execute(() -> {
            loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> { }, null));
            try {
                loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> { }, null));
                failure.complete(null);
            } catch (RuntimeException e) {
                failure.complete(e);
            }
        });

        assertThat(failure.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class);
    }

    /**
     * An fd number no process can have open (above any RLIMIT_NOFILE). A pipe's fd closed just before, which this
     * test used, could be reused by another thread of the JVM before the loop's epoll_ctl, which then succeeded: the
     * test waited out its 20 s once in a run.
     */
    private static final int NEVER_OPEN_FD = Integer.MAX_VALUE;

    @Test
    void registeringABadFdFromAnotherThreadReportsToTheHandler() throws Exception {
        CompletableFuture<NativeIoException> error = new CompletableFuture<>();

        loop.register(NEVER_OPEN_FD, PollLoop.READ, handler(ops -> { }, error::complete));

        assertThat(error.get(AWAIT_SECONDS, TimeUnit.SECONDS).errno()).isEqualTo(Errors.EBADF);
    }

    @Test
    void closeFromTheLoopThreadDoesNotDeadlock() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        loop.execute(() -> {
            loop.close();
            closed.countDown();
        });

        assertThat(closed.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        awaitCondition(loop::isTerminated);
        assertThatThrownBy(() -> loop.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
    }

    @Test
    void closeRunsTasksAlreadyQueued() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        loop.execute(() -> awaitQuietly(gate));
        for (int i = 0; i < 100; i++) {
            loop.execute(ran::incrementAndGet);
        }
        Thread closer = new Thread(loop::close);
        closer.start();
        gate.countDown();
        closer.join(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS));

        assertThat(loop.isTerminated()).isTrue();
        assertThat(ran).hasValue(100);
    }

    @Test
    void aLoopKilledByAVirtualMachineErrorTellsEveryRegisteredFdWhy() throws Exception {
        FileDescriptor[] pipe = FileDescriptor.pipe();
        fds.addAll(List.of(pipe));
        CompletableFuture<NativeIoException> told = new CompletableFuture<>();
        loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> { }, told::complete));
        awaitLoopIterations(2);
        OutOfMemoryError killer = new OutOfMemoryError("injected");

        loop.execute(() -> {
            throw killer;
        });

        NativeIoException error = told.get(AWAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(error).hasMessageContaining("event loop died").hasCause(killer);
        awaitCondition(loop::isTerminated);
        assertThatThrownBy(() -> loop.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
    }

    @Test
    void closingTheLoopTellsTheFdsStillRegistered() throws Exception {
        FileDescriptor[] pipe = FileDescriptor.pipe();
        fds.addAll(List.of(pipe));
        CompletableFuture<NativeIoException> told = new CompletableFuture<>();
        loop.register(pipe[0].intValue(), PollLoop.READ, handler(ops -> { }, told::complete));
        awaitLoopIterations(2);

        loop.close();

        assertThat(told.get(AWAIT_SECONDS, TimeUnit.SECONDS)).hasMessageContaining("event loop closed");
    }

    /**
     * Producers race {@code close()}: every task the loop accepted must run, every other one must be
     * rejected to its producer; none may vanish. Many short rounds, so the offers land at every instant
     * of the termination.
     */
    @Test
    void aTaskOfferedAsTheLoopTerminatesRunsOrIsRejectedNeverDropped() throws Exception {
        for (int round = 0; round < 200; round++) {
            EpollEventLoop racing = EpollEventLoop.start("race-" + round);
            AtomicInteger accepted = new AtomicInteger();
            AtomicInteger ran = new AtomicInteger();
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                Thread producer = new Thread(() -> {
                    awaitQuietly(go);
                    for (;;) {
                        try {
                            racing.execute(ran::incrementAndGet);
                            accepted.incrementAndGet();
                        } catch (RejectedExecutionException e) {
                            return;
                        }
                    }
                });
                producer.start();
                producers.add(producer);
            }
            go.countDown();
            Thread.sleep(0, ThreadLocalRandom.current().nextInt(200_000));
            racing.close();
            for (Thread producer : producers) {
                producer.join(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS));
            }
            assertThat(ran.get()).as("round %d: accepted tasks that never ran", round).isEqualTo(accepted.get());
        }
    }

    @Test
    void openingAndClosingAThousandLoopsLeaksNoFdOrThread() throws Exception {
        EpollEventLoop.start("warmup").close();
        int fdsBefore = ProcFds.count();
        int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();

        for (int i = 0; i < 1000; i++) {
            EpollEventLoop l = EpollEventLoop.start("leak-" + i);
            l.execute(() -> { });
            l.close();
        }

        // At most as many: a leak adds fds, while another JVM thread may close one of its own meanwhile.
        assertThat(ProcFds.count()).isLessThanOrEqualTo(fdsBefore);
        assertThat(ManagementFactory.getThreadMXBean().getThreadCount()).isLessThanOrEqualTo(threadsBefore);
        assertThat(liveLoopThreads()).containsExactly(loop.name());
    }

    // ---- helpers ----

    private FileDescriptor own(FileDescriptor fd) {
        fds.add(fd);
        return fd;
    }

    private FileDescriptor[] ownPair(FileDescriptor[] pair) {
        Collections.addAll(fds, pair);
        return pair;
    }

    private static void write(FileDescriptor fd, int... bytes) {
        ByteBuffer buf = ByteBuffer.allocateDirect(bytes.length);
        for (int b : bytes) {
            buf.put((byte) b);
        }
        buf.flip();
        assertThat(fd.write(buf)).isEqualTo(bytes.length);
    }

    /** Lets the loop go round its epoll_wait {@code n} times, each with timeout 0 because work is queued. */
    private void awaitLoopIterations(int n) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Runnable[] step = new Runnable[1];
        AtomicInteger left = new AtomicInteger(n);
        step[0] = () -> {
            if (left.decrementAndGet() > 0) {
                loop.schedule(step[0], 0, TimeUnit.NANOSECONDS);
            } else {
                done.countDown();
            }
        };
        loop.execute(step[0]);
        assertThat(done.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    static void awaitCondition(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("condition not met in time").isNegative();
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(AWAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> liveLoopThreads() {
        List<String> names = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith(EpollEventLoop.THREAD_PREFIX)) {
                names.add(t.getName());
            }
        }
        return names;
    }

    static PollLoop.FdHandler handler(java.util.function.IntConsumer onReady,
                                      java.util.function.Consumer<NativeIoException> onError) {
        return new PollLoop.FdHandler() {
            @Override
            public void onReady(int readyOps) {
                onReady.accept(readyOps);
            }

            @Override
            public void onError(NativeIoException error) {
                if (onError != null) {
                    onError.accept(error);
                }
            }
        };
    }
}
