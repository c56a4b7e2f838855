package io.reactiveumad.poll.kernel;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.poll.FileDescriptor;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.poll.PollLoop;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kernel's umad device as a {@link MadChannel}: one non-blocking {@code /dev/infiniband/umadN}
 * fd, watched by the device's {@link PollLoop}. Every call but {@link #close()} and {@link #port()}
 * happens on the loop thread (enforced), so buffers and agent bookkeeping need no locks.
 *
 * <ul>
 *   <li>Registration: {@code REGISTER_AGENT2} first, which also selects the 64-byte header; on ENOTTY
 *       or EINVAL, as libibumad does, {@code ENABLE_PKEY} then the old {@code REGISTER_AGENT}.</li>
 *   <li>Reads: demand-driven. While {@link #readInterest} is off nothing is read and MADs wait in the
 *       kernel's queue; EPOLLIN leaves the epoll set lazily, the first time a MAD arrives that nobody
 *       wants, so one request at a time costs no epoll_ctl on and off per round trip. Each read goes into one reused buffer of header + 256; a kernel-RMPP message
 *       that does not fit fails with ENOSPC, leaving the header with the length it needs: the buffer
 *       grows to that and the read is repeated. Send timeouts arrive as records with
 *       {@code status = ETIMEDOUT} and the request's 24-byte common header.</li>
 *   <li>Errors: EPOLLERR/EPOLLHUP, EIO and ENODEV end the channel with a {@link DeviceGoneException}
 *       delivered once to {@link FrameListener#onError}.</li>
 * </ul>
 */
public final class UmadChannel implements MadChannel {
    private static final Logger LOG = LoggerFactory.getLogger(UmadChannel.class);

    public static final int MAD_SIZE = 256;
    /** Frames read per readiness before the loop serves its other fds; the fd stays readable. */
    private static final int READ_BATCH = 64;
    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    private final PollLoop loop;
    private final UmadSysfs sysfs;
    private final UmadPortRef ref;
    private final DeviceFile file;
    private final UmadIoctl ioctls;
    private final UmadHeader header = new UmadHeader();
    private final ByteBuffer ioctlArg = direct(UmadIoctl.RegReq2.SIZE);
    private ByteBuffer readBuffer = direct(UmadHeader.SIZE + MAD_SIZE);
    private ByteBuffer writeBuffer = direct(UmadHeader.SIZE + MAD_SIZE);
    /** The address vector of the last received MAD and its decoded form: replies from one peer share it. */
    private final byte[] lastAddressBytes = new byte[UmadHeader.ADDRESS_LENGTH];
    private MadAddress lastAddress;
    private final Set<Integer> agents = new LinkedHashSet<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Handler handler = new Handler();
    private FrameListener listener;
    private PollLoop.FdRegistration registration;
    private boolean readEnabled = true;
    /** Loop thread only: EPOLLIN is in the interest the loop applies; it lags {@link #readEnabled} going off. */
    private boolean readArmed = true;
    private boolean failed;
    /** REGISTER_AGENT2 got ENOTTY once: the kernel predates it, use the old call from now on. */
    private boolean legacyRegistration;
    private boolean pkeyEnabled;

    /** Runs once the channel has closed its fd (e.g. to release a shared loop). */
    private final Runnable onClosed;

    UmadChannel(PollLoop loop, UmadSysfs sysfs, UmadPortRef ref, DeviceFile file, UmadIoctl ioctls, Runnable onClosed) {
        this.onClosed = Objects.requireNonNull(onClosed, "onClosed");
        this.loop = Objects.requireNonNull(loop, "loop");
        this.sysfs = sysfs;
        this.ref = ref;
        this.file = file;
        this.ioctls = ioctls;
    }

    @Override
    public EventExecutor executor() {
        return loop;
    }

    public UmadPortRef ref() {
        return ref;
    }

    @Override
    public PortAttributes port() {
        return sysfs.attributes(ref);
    }

    @Override
    public int registerAgent(AgentRegistration registration) {
        checkUsable();
        if (!legacyRegistration) {
            UmadIoctl.RegReq2.encode(ioctlArg, registration);
            try {
                file.ioctl(ioctls.registerAgent2, ioctlArg);
                return added(UmadIoctl.agentId(ioctlArg));
            } catch (NativeIoException e) {
                if (e.errno() != Errors.ENOTTY && e.errno() != Errors.EINVAL) {
                    throw e;
                }
                int id = registerLegacy(registration, e);
                legacyRegistration = e.errno() == Errors.ENOTTY;
                return id;
            }
        }
        return registerLegacy(registration, null);
    }

    private int registerLegacy(AgentRegistration registration, NativeIoException agent2Failure) {
        try {
            if (!pkeyEnabled) {
                file.ioctl(ioctls.enablePkey, null);
                pkeyEnabled = true;
            }
            UmadIoctl.RegReq.encode(ioctlArg, registration);
            file.ioctl(ioctls.registerAgent, ioctlArg);
            return added(UmadIoctl.agentId(ioctlArg));
        } catch (NativeIoException e) {
            if (agent2Failure != null) {
                e.addSuppressed(agent2Failure);
            }
            throw e;
        }
    }

    private int added(int agentId) {
        agents.add(agentId);
        LOG.debug("{}: registered agent {}", this, agentId);
        return agentId;
    }

    @Override
    public void unregisterAgent(int agentId) {
        checkUsable();
        if (!agents.remove(agentId)) {
            throw new IllegalArgumentException("agent " + agentId + " is not registered on " + this);
        }
        unregister(agentId);
    }

    private void unregister(int agentId) {
        UmadIoctl.encodeAgentId(ioctlArg, agentId);
        file.ioctl(ioctls.unregisterAgent, ioctlArg);
    }

    /** Writes header + MAD; the kernel posts it and returns. */
    @Override
    public void send(int agentId, int timeoutMs, int retries, MadAddress to, byte[] mad, long tid) {
        checkUsable();
        if (to == null) {
            throw new IllegalArgumentException("a frame to send needs a destination address");
        }
        int total = UmadHeader.SIZE + mad.length;
        if (writeBuffer.capacity() < total) {
            writeBuffer = direct(total);
        }
        writeBuffer.clear();
        header.wrap(writeBuffer).clear().agentId(agentId).timeoutMs(timeoutMs).retries(retries).address(to);
        writeBuffer.put(UmadHeader.SIZE, mad).limit(total);
        if (mad.length >= MadHeader.TID_OFFSET + Long.BYTES) {
            // The frame's bytes are shared and immutable: its TID goes into our copy of them (the MAD is big-endian).
            writeBuffer.order(ByteOrder.BIG_ENDIAN).putLong(UmadHeader.SIZE + MadHeader.TID_OFFSET, tid)
                    .order(ByteOrder.nativeOrder());
        }
        int written = file.write(writeBuffer);
        if (written == FileDescriptor.AGAIN) {
            throw Errors.newException("write " + ref.umadName(), Errors.EAGAIN);
        }
        if (written != total) {
            throw new NativeIoException("write " + ref.umadName(), Errors.EIO,
                    "short write: " + written + " of " + total + " bytes");
        }
    }

    @Override
    public void start(FrameListener frameListener) {
        checkUsable();
        if (listener != null) {
            throw new IllegalStateException(this + " is already started");
        }
        listener = Objects.requireNonNull(frameListener, "listener");
        readArmed = readEnabled;
        registration = loop.register(file.fd(), readArmed ? PollLoop.READ : 0, handler);
    }

    @Override
    public void readInterest(boolean enabled) {
        checkLoop();
        readEnabled = enabled;
        if (enabled && !readArmed) {
            armReads();
        }
    }

    /** Brings EPOLLIN in line with {@link #readEnabled}. */
    private void armReads() {
        readArmed = readEnabled;
        if (registration != null && !failed && !closed.get()) {
            registration.interest(readArmed ? PollLoop.READ : 0);
        }
    }

    /** On the loop it closes at once; from another thread it hands the work to the loop and waits for it. */
    @Override
    public void close() {
        if (loop.inEventLoop()) {
            closeNow();
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            loop.execute(() -> {
                closeNow();
                done.complete(null);
            });
        } catch (RejectedExecutionException e) {
            // The loop is gone, so nothing else touches the fd any more.
            closeNow();
            return;
        }
        try {
            done.get(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("{}: close did not complete on {}", this, loop.name(), e);
        }
    }

    private void closeNow() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (registration != null) {
            registration.cancel();
        }
        for (int agentId : new ArrayList<>(agents)) {
            try {
                unregister(agentId);
            } catch (NativeIoException e) {
                LOG.debug("{}: unregistering agent {} on close: {}", this, agentId, e.getMessage());
            }
        }
        agents.clear();
        file.close();
        LOG.debug("{}: closed", this);
        onClosed.run();
    }

    /** The kernel resends a request {@code retries} times every {@code timeout_ms} and reports ETIMEDOUT. */
    @Override
    public boolean resendsRequests() {
        return true;
    }

    @Override
    public String toString() {
        return ref.toString();
    }

    // ---- reading, on the loop ----

    private void readFrames() {
        if (!readEnabled) {
            armReads();
            return;
        }
        for (int i = 0; i < READ_BATCH && readEnabled && !failed && !closed.get(); i++) {
            try {
                if (!readOne()) {
                    return;
                }
            } catch (NativeIoException e) {
                fail(e);
                return;
            }
        }
    }

    /** Reads and delivers one record; false when the queue is empty. */
    private boolean readOne() {
        readBuffer.clear();
        int n;
        try {
            n = file.read(readBuffer);
        } catch (NativeIoException e) {
            if (e.errno() != Errors.ENOSPC) {
                throw e;
            }
            growReadBuffer(e);
            n = file.read(readBuffer);
        }
        if (n == FileDescriptor.AGAIN) {
            return false;
        }
        if (n == 0) {
            throw new DeviceGoneException(ref.umadName(), 0, "end of file");
        }
        if (n < UmadHeader.SIZE) {
            LOG.warn("{}: dropped a {}-byte record shorter than ib_user_mad_hdr", this, n);
            return true;
        }
        header.wrap(readBuffer);
        MadAddress source;
        try {
            source = receivedAddress();
        } catch (IllegalArgumentException e) {
            lastAddress = null; // its bytes were taken in: the next record must not reuse the old address
            // The kernel fills these from a work completion (a 24-bit QPN, a 16-bit LID): not from any kernel.
            LOG.warn("{}: dropped a record whose address does not decode: {}", this, e.getMessage());
            return true;
        }
        byte[] mad = new byte[n - UmadHeader.SIZE];
        readBuffer.get(UmadHeader.SIZE, mad);
        listener.onFrame(header.agentId(), header.status(), source, mad);
        return true;
    }

    /** ENOSPC: the header at the front says how much the queued message needs. */
    private void growReadBuffer(NativeIoException enospc) {
        int needed = header.wrap(readBuffer).length();
        if (needed <= readBuffer.capacity()) {
            throw enospc;
        }
        LOG.debug("{}: growing the read buffer to {} bytes for a kernel-RMPP message", this, needed);
        readBuffer = direct(needed);
    }

    private MadAddress receivedAddress() {
        boolean same = lastAddress != null;
        for (int i = 0; i < lastAddressBytes.length; i++) {
            byte b = readBuffer.get(UmadHeader.ADDRESS_OFFSET + i);
            if (b != lastAddressBytes[i]) {
                same = false;
                lastAddressBytes[i] = b;
            }
        }
        if (!same) {
            lastAddress = header.address();
        }
        return lastAddress;
    }

    private void fail(NativeIoException error) {
        if (failed) {
            return;
        }
        failed = true;
        if (registration != null) {
            registration.cancel();
        }
        LOG.debug("{}: failed: {}", this, error.getMessage());
        listener.onError(error);
    }

    private final class Handler implements PollLoop.FdHandler {
        @Override
        public void onReady(int readyOps) {
            readFrames();
        }

        @Override
        public void onError(NativeIoException error) {
            if (error instanceof DeviceGoneException) {
                fail(error);
                return;
            }
            // Keep what the loop reported (e.g. the error that killed it) as the cause, so users see why.
            DeviceGoneException gone = new DeviceGoneException(ref.umadName(), error.errno(), error.getMessage());
            gone.initCause(error);
            fail(gone);
        }
    }

    // ---- checks ----

    private void checkLoop() {
        if (!loop.inEventLoop()) {
            throw new IllegalStateException(this + " must be used on its loop thread " + loop.name() + ", not "
                    + Thread.currentThread().getName());
        }
    }

    private void checkUsable() {
        checkLoop();
        if (closed.get()) {
            throw new IllegalStateException(this + " is closed");
        }
    }

    private static ByteBuffer direct(int capacity) {
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }
}
