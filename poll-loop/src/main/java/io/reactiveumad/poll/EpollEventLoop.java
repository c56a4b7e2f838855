package io.reactiveumad.poll;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The epoll loop: one named thread ({@code umad-loop-<name>}) that owns an epoll fd, an eventfd for
 * cross-thread wakeups, a task queue and a timer heap.
 *
 * <p><b>Invariant:</b> registrations, interest changes, timers and handler calls all happen on the loop
 * thread; other threads only enqueue tasks and wake it. A task the loop submits to itself goes to a queue of its
 * own (no atomics, no allocation once grown), run in turn with those of other threads: so a request a handler or task
 * starts on the loop (the next one of a {@code flatMap}, say) is sent from the loop's task runner instead of being
 * run, and compiled, inside its caller. Each iteration runs queued tasks, fires due
 * timers, runs what its handlers and tasks asked to run {@linkplain #beforeWait before the wait} (the
 * channels' batched sends), then waits in {@code epoll_wait} with the earliest deadline as timeout (0 when
 * work is pending) and dispatches the ready fds.
 *
 * <p><b>Wakeups:</b> before blocking the loop publishes {@code SLEEPING} and re-checks its queue; a
 * producer that enqueues and then wins the {@code SLEEPING → AWAKE} swap writes the eventfd. So a
 * wakeup is never lost (one of the two sees the other) and a burst of submissions costs one write.
 *
 * <p>fds are level-triggered, which lets a handler read only as much as its consumer wants and leave
 * the rest queued in the kernel. EPOLLERR/EPOLLHUP cancel the registration and reach the handler as a
 * {@link DeviceGoneException}; a handler, task or timer that throws is logged and the loop carries on,
 * except for a {@link VirtualMachineError} (out of memory, stack overflow), after which the loop's own
 * state cannot be trusted: the loop stops.
 *
 * <p><b>Stopping:</b> however the loop stops ({@link #close()}, or a failure of the loop itself), every fd
 * still registered hears it through {@link FdHandler#onError} (the cause attached), so a channel fails
 * its requests typed instead of leaving them without a loop to time them out. A task accepted by
 * {@link #execute} always runs; once the loop has terminated, {@code execute} throws. Producers announce
 * themselves while they enqueue and wake the loop, and the loop waits for them before its final drain
 * and before it closes the eventfd: no task slips in unseen and no wakeup writes to a closed (or reused)
 * fd number.
 *
 * <p>The hot path allocates nothing: events land in one off-heap array reused for every wait, and
 * registrations are found by fd in an array.
 */
public final class EpollEventLoop implements PollLoop {
    private static final Logger LOG = LoggerFactory.getLogger(EpollEventLoop.class);

    public static final String THREAD_PREFIX = "umad-loop-";
    private static final int DEFAULT_MAX_EVENTS = 256;
    /** Tasks run per iteration before the loop looks at its fds again, so a flood cannot starve I/O. */
    private static final int MAX_TASKS_PER_ITERATION = 4096;
    /** Bounds each drain before TERMINATED, so producers that keep submitting cannot keep a closing loop alive. */
    private static final int MAX_TASKS_AT_SHUTDOWN = 1 << 20;
    /** epoll data of the wakeup eventfd; registrations use (generation << 32 | fd) with fd >= 0. */
    private static final long WAKEUP_DATA = -1L;
    private static final int READY_MASK = READ | WRITE;
    /** Longer delays are clamped (to about 146 years) so that a deadline cannot overflow past "now". */
    private static final long MAX_DELAY_NANOS = Long.MAX_VALUE >> 1;
    /** A pass whose work (tasks, timers, events: the callbacks they run included) takes longer is reported. */
    static final long SLOW_PASS_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** At most one slow-pass warning a minute per loop; {@link #slowPasses()} counts them all. */
    private static final long SLOW_WARNING_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);

    private static final int RUNNING = 0;
    private static final int SHUTTING_DOWN = 1;
    private static final int TERMINATED = 2;
    private static final int AWAKE = 0;
    private static final int SLEEPING = 1;

    private final String name;
    private final FileDescriptor epollFd;
    private final FileDescriptor wakeupFd;
    private final int maxEvents;
    /** Loop thread only: the epoll_event array every wait fills. */
    private final ByteBuffer events;
    private final long eventsAddress;
    /** Loop thread only: the single epoll_event passed to epoll_ctl. */
    private final ByteBuffer ctlEvent;
    private final MpscQueue<Runnable> tasks = new MpscQueue<>();
    /** Loop thread only: the tasks the loop submitted to itself, run in turn with {@link #tasks} (see runTasks). */
    private final ArrayDeque<Runnable> ownTasks = new ArrayDeque<>();
    private final AtomicInteger wakeState = new AtomicInteger(AWAKE);
    private final AtomicInteger state = new AtomicInteger(RUNNING);
    /** Producers between their state check and the end of their enqueue and wakeup; shutdown waits for 0. */
    private final AtomicInteger submitting = new AtomicInteger();
    private final AtomicLong timerSequence = new AtomicLong();
    /** Loop thread only. */
    private final TimerHeap timers = new TimerHeap();
    /** Loop thread only: {@link #beforeWait} tasks of this pass, and the list they are swapped with while they run. */
    private ArrayList<Runnable> beforeWait = new ArrayList<>();
    private ArrayList<Runnable> runningBeforeWait = new ArrayList<>();
    /** Loop thread only: registrations indexed by fd. */
    private Registration[] registrations = new Registration[64];
    /** Loop thread only: tells a fd's successive registrations apart in events already fetched. */
    private int generation;
    private final Thread thread;
    private final long slowPassNanos;
    private final AtomicLong slowPasses = new AtomicLong();
    /** Loop thread only: when the last slow-pass warning was logged. */
    private long lastSlowWarning;
    private boolean warnedSlow;

    private EpollEventLoop(String name, int maxEvents, long slowPassNanos) {
        this.name = THREAD_PREFIX + name;
        this.maxEvents = maxEvents;
        this.slowPassNanos = slowPassNanos;
        this.events = ByteBuffer.allocateDirect(maxEvents * LibC.EPOLL_EVENT_SIZE).order(ByteOrder.nativeOrder());
        this.eventsAddress = LibC.address(events);
        this.ctlEvent = ByteBuffer.allocateDirect(LibC.EPOLL_EVENT_SIZE).order(ByteOrder.nativeOrder());
        FileDescriptor epoll = FileDescriptor.adopt(LibC.epollCreate());
        FileDescriptor wakeup = null;
        try {
            wakeup = FileDescriptor.adopt(LibC.eventFd());
            // Edge-triggered: every eventfd write is one event, so the counter never needs reading back (one read(2)
            // less per wakeup); it cannot saturate (2^64 - 2 writes of 1), which is what would lose an edge.
            ctl(epoll.intValue(), LibC.EPOLL_CTL_ADD, wakeup.intValue(), LibC.EPOLLIN | LibC.EPOLLET, WAKEUP_DATA);
        } catch (RuntimeException e) {
            closeQuietly(wakeup);
            closeQuietly(epoll);
            throw e;
        }
        this.epollFd = epoll;
        this.wakeupFd = wakeup;
        this.thread = new LoopThread(this::run, this.name);
        this.thread.setDaemon(true);
    }

    /** Opens the loop's fds and starts its thread, named {@code umad-loop-<name>}. */
    public static EpollEventLoop start(String name) {
        return start(name, DEFAULT_MAX_EVENTS);
    }

    /** As {@link #start(String)}, fetching at most {@code maxEventsPerWait} ready fds per epoll_wait. */
    public static EpollEventLoop start(String name, int maxEventsPerWait) {
        return start(name, maxEventsPerWait, SLOW_PASS_NANOS);
    }

    /** As {@link #start(String, int)}, reporting passes whose work takes longer than {@code slowPassNanos}. */
    static EpollEventLoop start(String name, int maxEventsPerWait, long slowPassNanos) {
        Objects.requireNonNull(name, "name");
        if (maxEventsPerWait < 1) {
            throw new IllegalArgumentException("maxEventsPerWait must be positive: " + maxEventsPerWait);
        }
        EpollEventLoop loop = new EpollEventLoop(name, maxEventsPerWait, slowPassNanos);
        loop.thread.start();
        return loop;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean inEventLoop() {
        return Thread.currentThread() == thread;
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    /**
     * Tasks submitted while {@link #close()} runs still run; once the loop has terminated they are
     * rejected with {@link RejectedExecutionException}. Never both, never neither.
     */
    @Override
    public void execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (!offer(task)) {
            throw new RejectedExecutionException(name + " is closed");
        }
    }

    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        long deadline = nanoTime() + Math.min(Math.max(0, unit.toNanos(delay)), MAX_DELAY_NANOS);
        Timer timer = new Timer(task, deadline, timerSequence.getAndIncrement());
        if (inEventLoop()) {
            timer.run();
        } else {
            execute(timer);
        }
        return timer;
    }

    /**
     * Called on the loop thread, the fd is added at once and a failing {@code epoll_ctl} throws; from
     * another thread it is added by a task and a failure reaches {@link FdHandler#onError}.
     */
    @Override
    public FdRegistration register(int fd, int interest, FdHandler handler) {
        if (fd < 0) {
            throw new IllegalArgumentException("not a file descriptor: " + fd);
        }
        checkInterest(interest);
        Registration registration = new Registration(fd, interest, Objects.requireNonNull(handler, "handler"));
        if (inEventLoop()) {
            registration.add();
        } else {
            execute(registration::addOrReport);
        }
        return registration;
    }

    @Override
    public void beforeWait(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (!inEventLoop()) {
            throw new IllegalStateException("beforeWait outside the loop thread " + name);
        }
        beforeWait.add(task);
    }

    /** From another thread: stops the loop and joins it. From a handler or task: the loop stops after it returns. */
    @Override
    public void close() {
        if (state.compareAndSet(RUNNING, SHUTTING_DOWN)) {
            submitting.incrementAndGet();
            try {
                if (state.get() != TERMINATED) {
                    wakeup();
                }
            } finally {
                submitting.decrementAndGet();
            }
        }
        if (!inEventLoop()) {
            joinUninterruptibly();
        }
    }

    /** True once the loop thread has released everything. */
    public boolean isTerminated() {
        return state.get() == TERMINATED;
    }

    @Override
    public String toString() {
        return name;
    }

    // ---- submission and wakeup (any thread) ----

    /** False once the loop has terminated; otherwise the task is queued and will run. */
    private boolean offer(Runnable task) {
        // Announced before the state check: shutdown sets TERMINATED and then waits for us, so either we see
        // TERMINATED and refuse, or our task is queued (and our eventfd write done) before its last drain.
        submitting.incrementAndGet();
        try {
            if (state.get() == TERMINATED) {
                return false;
            }
            if (inEventLoop()) {
                ownTasks.add(task);
            } else {
                tasks.offer(task);
                wakeup();
            }
            return true;
        } finally {
            submitting.decrementAndGet();
        }
    }

    /** Only inside an announced submission (see {@link #offer}), so the eventfd is still open. */
    private void wakeup() {
        if (wakeState.get() == SLEEPING && wakeState.compareAndSet(SLEEPING, AWAKE)) {
            LibC.eventFdWrite(wakeupFd.intValue(), 1L);
        }
    }

    private void joinUninterruptibly() {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the loop thread ----

    private void run() {
        Throwable killer = null;
        try {
            while (state.get() == RUNNING) {
                // The clock is read before the tasks run: a timer scheduled from another thread is inserted by a
                // task, so one whose schedule() returned before this instant is in the heap by the time the
                // timers due at it fire, and fires in deadline order with them. Read after the tasks, a timer
                // queued meanwhile with an earlier deadline fired after a later one (EpollEventLoopTest,
                // timersFireInDeadlineOrderAndNotEarly, once in a clean-clone CI run). Never early either way.
                long passStart = nanoTime();
                runTasks(MAX_TASKS_PER_ITERATION);
                runDueTimers(passStart);
                if (!ownTasks.isEmpty()) {
                    // What the timers started (a delayed request, say) goes out in this pass's sends.
                    runTasks(MAX_TASKS_PER_ITERATION);
                }
                runBeforeWait();
                int timeout = timeoutMillis();
                if (timeout != 0) {
                    wakeState.set(SLEEPING);
                    if (!tasks.isEmpty() || !ownTasks.isEmpty() || state.get() != RUNNING) {
                        timeout = 0;
                    }
                }
                checkPace(nanoTime() - passStart);
                int ready;
                try {
                    ready = LibC.epollWait(epollFd.intValue(), eventsAddress, maxEvents, timeout);
                } finally {
                    // Also when epoll_wait fails: no producer may write the eventfd once shutdown closes it.
                    wakeState.set(AWAKE);
                }
                long eventsStart = nanoTime();
                processEvents(ready);
                checkPace(nanoTime() - eventsStart);
            }
        } catch (Throwable t) {
            killer = t;
            LOG.error("{}: event loop failed, shutting down", name, t);
        } finally {
            shutdown(killer);
        }
    }

    /**
     * Reports work that held the loop for longer than a second: every request, timer and read of its ports
     * waited that long. With delivery on the loop (the default) the usual cause is a subscriber that blocks or
     * works hard there, which this names, since nothing else would tell its user.
     */
    private void checkPace(long busyNanos) {
        if (busyNanos <= slowPassNanos) {
            return;
        }
        slowPasses.incrementAndGet();
        long now = nanoTime();
        if (!warnedSlow || now - lastSlowWarning >= SLOW_WARNING_INTERVAL_NANOS) {
            warnedSlow = true;
            lastSlowWarning = now;
            LOG.warn("{}: one pass ran {} ms of tasks and callbacks, and every request, timer and read on this loop "
                    + "waited that long. A subscriber that blocks or works hard on the loop thread is the usual cause: "
                    + "move it off with publishOn(Schedulers.boundedElastic()) or open the port with PortOptions on "
                    + "boundedElastic. (At most one such warning a minute; {} slow passes so far.)",
                    name, TimeUnit.NANOSECONDS.toMillis(busyNanos), slowPasses.get());
        }
    }

    /** Passes whose work took longer than a second (a warning is logged at most once a minute). */
    public long slowPasses() {
        return slowPasses.get();
    }

    /** A VirtualMachineError leaves the loop's own state unknown: it ends the loop rather than being isolated. */
    private static void rethrowIfFatal(Throwable t) {
        if (t instanceof VirtualMachineError fatal) {
            throw fatal;
        }
    }

    /**
     * Runs up to {@code max} tasks, taking from the other threads' queue and the loop's own in turn (each in its
     * order), so neither can keep the other's tasks waiting: a flood from other threads does not hold back a request
     * the loop started, nor a loop task that resubmits itself the others'.
     */
    private void runTasks(int max) {
        boolean ownTurn = false;
        for (int i = 0; i < max; i++) {
            Runnable task = ownTurn ? ownTasks.poll() : tasks.poll();
            if (task == null) {
                task = ownTurn ? tasks.poll() : ownTasks.poll();
                if (task == null) {
                    return;
                }
            }
            ownTurn = !ownTurn;
            try {
                task.run();
            } catch (Throwable t) {
                rethrowIfFatal(t);
                LOG.warn("{}: task {} threw", name, task, t);
            }
        }
    }

    /** Runs the tasks of {@link #beforeWait}; one that asks for another gets it in the next pass (timeout 0). */
    private void runBeforeWait() {
        ArrayList<Runnable> due = beforeWait;
        if (due.isEmpty()) {
            return;
        }
        beforeWait = runningBeforeWait;
        runningBeforeWait = due;
        try {
            for (int i = 0; i < due.size(); i++) {
                Runnable task = due.get(i);
                try {
                    task.run();
                } catch (Throwable t) {
                    rethrowIfFatal(t);
                    LOG.warn("{}: task {} threw", name, task, t);
                }
            }
        } finally {
            due.clear();
        }
    }

    private void runDueTimers(long now) {
        for (TimerHeap.Entry head = timers.peek(); head != null && head.deadlineNanos - now <= 0; head = timers.peek()) {
            timers.remove(head);
            ((Timer) head).fire();
        }
    }

    /** 0 when tasks (or before-wait tasks) wait, -1 without timers, else the earliest deadline rounded up to whole ms. */
    private int timeoutMillis() {
        if (!tasks.isEmpty() || !ownTasks.isEmpty() || !beforeWait.isEmpty()) {
            return 0;
        }
        TimerHeap.Entry head = timers.peek();
        if (head == null) {
            return -1;
        }
        long delay = head.deadlineNanos - nanoTime();
        if (delay <= 0) {
            return 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, (delay + 999_999) / 1_000_000);
    }

    private void processEvents(int ready) {
        for (int i = 0; i < ready && state.get() == RUNNING; i++) {
            int base = i * LibC.EPOLL_EVENT_SIZE;
            int epollEvents = events.getInt(base);
            long data = events.getLong(base + LibC.EPOLL_EVENT_DATA_OFFSET);
            if (data == WAKEUP_DATA) {
                continue;
            }
            int fd = (int) data;
            Registration registration = fd < registrations.length ? registrations[fd] : null;
            if (registration != null && registration.generation == (int) (data >>> 32)) {
                registration.dispatch(epollEvents);
            }
        }
    }

    /** Loop thread, last: {@code killer} is what stopped the loop, null for {@link #close()}. */
    private void shutdown(Throwable killer) {
        state.compareAndSet(RUNNING, SHUTTING_DOWN);
        // Tasks already queued still run: they are typically "unregister and close this fd".
        drainTasks(MAX_TASKS_AT_SHUTDOWN);
        tellRegistrations(killer);
        drainTasks(MAX_TASKS_AT_SHUTDOWN);
        state.set(TERMINATED);
        // Producers that passed the state check before TERMINATED finish enqueuing (and writing the eventfd).
        while (submitting.get() != 0) {
            Thread.onSpinWait();
        }
        drainTasks(Long.MAX_VALUE);
        timers.clear();
        Arrays.fill(registrations, null);
        closeQuietly(wakeupFd);
        closeQuietly(epollFd);
        LOG.debug("{}: terminated", name);
    }

    /** Every fd still registered hears why the loop stops, so its owner can end what waits on it. */
    private void tellRegistrations(Throwable killer) {
        for (Registration registration : registrations.clone()) {
            if (registration != null && registration.cancelled.compareAndSet(false, true)) {
                registration.remove();
                NativeIoException error = killer != null
                        ? new NativeIoException(name, Errors.EIO, "the event loop died: " + killer)
                        : new NativeIoException(name, Errors.EIO, "the event loop closed under fd " + registration.fd);
                if (killer != null) {
                    error.initCause(killer);
                }
                registration.notifyError(error);
            }
        }
    }

    /**
     * Runs queued tasks during shutdown. Before TERMINATED the budget bounds it (producers may keep
     * coming; what is left runs in the last drain); after it ({@code budget} unbounded) nothing new can
     * enter, so it runs to empty. A fatal error no longer stops anything: the loop is stopping already.
     */
    private void drainTasks(long budget) {
        for (long left = budget; left > 0 && !(tasks.isEmpty() && ownTasks.isEmpty());
                left -= MAX_TASKS_PER_ITERATION) {
            try {
                runTasks(MAX_TASKS_PER_ITERATION);
            } catch (VirtualMachineError e) {
                LOG.error("{}: task failed while the loop stops", name, e);
            }
            Thread.onSpinWait();
        }
    }

    private void ctl(int epfd, int op, int fd, int interest, long data) {
        ctlEvent.putInt(0, interest).putLong(LibC.EPOLL_EVENT_DATA_OFFSET, data);
        LibC.epollCtl(epfd, op, fd, ctlEvent);
    }

    private static void checkInterest(int interest) {
        if ((interest & ~READY_MASK) != 0) {
            throw new IllegalArgumentException("interest must combine READ and WRITE: " + interest);
        }
    }

    private static void closeQuietly(FileDescriptor fd) {
        if (fd != null) {
            try {
                fd.close();
            } catch (NativeIoException e) {
                LOG.debug("closing {} failed", fd, e);
            }
        }
    }

    /**
     * A watched fd. Runs itself as the task that applies the latest requested interest, so toggling
     * interest from another thread allocates nothing beyond the queue node.
     */
    private final class Registration implements FdRegistration, Runnable {
        final int fd;
        final FdHandler handler;
        final AtomicBoolean cancelled = new AtomicBoolean();
        private final AtomicBoolean interestTaskQueued = new AtomicBoolean();
        private volatile int requestedInterest;
        /** Loop thread only. */
        int generation;
        private int appliedInterest;
        private boolean added;

        Registration(int fd, int interest, FdHandler handler) {
            this.fd = fd;
            this.requestedInterest = interest;
            this.handler = handler;
        }

        @Override
        public int fd() {
            return fd;
        }

        @Override
        public void interest(int interest) {
            checkInterest(interest);
            requestedInterest = interest;
            if (inEventLoop()) {
                applyInterest();
            } else if (interestTaskQueued.compareAndSet(false, true) && !offer(this)) {
                interestTaskQueued.set(false);
            }
        }

        @Override
        public void cancel() {
            if (cancelled.compareAndSet(false, true)) {
                if (inEventLoop()) {
                    remove();
                } else {
                    offer(this::remove);
                }
            }
        }

        /** The queued interest task. */
        @Override
        public void run() {
            interestTaskQueued.set(false);
            applyInterest();
        }

        void add() {
            if (cancelled.get()) {
                return;
            }
            Registration existing = fd < registrations.length ? registrations[fd] : null;
            if (existing != null) {
                throw new IllegalStateException("fd " + fd + " is already registered on " + name);
            }
            generation = ++EpollEventLoop.this.generation;
            appliedInterest = requestedInterest;
            ctl(epollFd.intValue(), LibC.EPOLL_CTL_ADD, fd, appliedInterest, (long) generation << 32 | fd);
            if (fd >= registrations.length) {
                registrations = Arrays.copyOf(registrations, Math.max(fd + 1, registrations.length * 2));
            }
            registrations[fd] = this;
            added = true;
        }

        void addOrReport() {
            try {
                add();
            } catch (RuntimeException e) {
                cancelled.set(true);
                NativeIoException error = e instanceof NativeIoException n ? n
                        : new NativeIoException("epoll_ctl", Errors.EINVAL, e.getMessage());
                notifyError(error);
            }
        }

        private void applyInterest() {
            int interest = requestedInterest;
            if (!added || cancelled.get() || interest == appliedInterest) {
                return;
            }
            ctl(epollFd.intValue(), LibC.EPOLL_CTL_MOD, fd, interest, (long) generation << 32 | fd);
            appliedInterest = interest;
        }

        void remove() {
            if (!added) {
                return;
            }
            added = false;
            registrations[fd] = null;
            try {
                LibC.epollCtl(epollFd.intValue(), LibC.EPOLL_CTL_DEL, fd, ctlEvent);
            } catch (NativeIoException e) {
                // The owner may have closed the fd first, which already removed it from the epoll set.
                LOG.debug("{}: removing fd {}: {}", name, fd, e.getMessage());
            }
        }

        void dispatch(int epollEvents) {
            int ready = epollEvents & appliedInterest;
            if (ready != 0 && !cancelled.get()) {
                try {
                    handler.onReady(ready);
                } catch (Throwable t) {
                    rethrowIfFatal(t);
                    LOG.warn("{}: handler for fd {} threw", name, fd, t);
                }
            }
            if ((epollEvents & (LibC.EPOLLERR | LibC.EPOLLHUP)) != 0 && cancelled.compareAndSet(false, true)) {
                remove();
                String what = (epollEvents & LibC.EPOLLERR) != 0 ? "EPOLLERR" : "EPOLLHUP";
                notifyError(new DeviceGoneException("fd " + fd + " on " + name, 0, what));
            }
        }

        void notifyError(NativeIoException error) {
            try {
                handler.onError(error);
            } catch (Throwable t) {
                LOG.warn("{}: error handler for fd {} threw", name, fd, t);
            }
        }
    }

    /** A scheduled task; runs itself as the task that brings its heap membership in line with its state. */
    private final class Timer extends TimerHeap.Entry implements Cancellable, Runnable {
        private static final int PENDING = 0;
        private static final int DONE = 1;
        /** A field, not an AtomicInteger: one object per armed timer (every request arms one per attempt). */
        private static final AtomicIntegerFieldUpdater<Timer> TIMER_STATE =
                AtomicIntegerFieldUpdater.newUpdater(Timer.class, "timerState");
        private volatile int timerState = PENDING;
        private final Runnable task;

        Timer(Runnable task, long deadlineNanos, long sequence) {
            super(deadlineNanos, sequence);
            this.task = task;
        }

        @Override
        public boolean cancel() {
            if (!TIMER_STATE.compareAndSet(this, PENDING, DONE)) {
                return false;
            }
            if (inEventLoop()) {
                timers.remove(this);
            } else {
                offer(this);
            }
            return true;
        }

        @Override
        public void run() {
            if (timerState == PENDING) {
                if (heapIndex == NOT_QUEUED) {
                    timers.add(this);
                }
            } else {
                timers.remove(this);
            }
        }

        void fire() {
            if (TIMER_STATE.compareAndSet(this, PENDING, DONE)) {
                try {
                    task.run();
                } catch (Throwable t) {
                    rethrowIfFatal(t);
                    LOG.warn("{}: timer task {} threw", name, task, t);
                }
            }
        }

        @Override
        public String toString() {
            return "timer " + task;
        }
    }
}
