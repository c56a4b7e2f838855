package io.reactiveumad.poll.kernel;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.poll.FileDescriptor;
import io.reactiveumad.mad.NativeIoException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A umad fd stood in by one end of a SOCK_SEQPACKET socketpair (one read returns one record, as the
 * device does); the test plays the kernel on the other end. The ioctls are emulated and logged, and
 * reads emulate the kernel's ENOSPC for a record longer than the reader's buffer.
 */
final class FakeUmadDevice implements DeviceFile {
    private final FileDescriptor channelEnd;
    private final FileDescriptor kernelEnd;
    private final UmadIoctl ioctls = UmadIoctl.current();
    final List<String> ioctlLog = new CopyOnWriteArrayList<>();
    volatile boolean agent2Supported = true;
    /** errno REGISTER_AGENT2 and REGISTER_AGENT fail with, 0 for success. */
    volatile int registrationErrno;
    /** Thrown by the next read, once. */
    volatile NativeIoException nextReadError;
    private int nextAgentId;
    private final ByteBuffer pending = ByteBuffer.allocateDirect(1 << 17).order(ByteOrder.nativeOrder());
    private int pendingLength = -1;

    FakeUmadDevice() {
        FileDescriptor[] pair = FileDescriptor.socketPair(true);
        channelEnd = pair[0];
        kernelEnd = pair[1];
    }

    @Override
    public int fd() {
        return channelEnd.intValue();
    }

    @Override
    public int read(ByteBuffer dst) {
        NativeIoException fault = nextReadError;
        if (fault != null) {
            nextReadError = null;
            throw fault;
        }
        if (pendingLength < 0) {
            pending.clear();
            int n = channelEnd.read(pending);
            if (n <= 0) {
                return n;
            }
            pendingLength = n;
            new UmadHeader().wrap(pending).length(n);
        }
        int room = dst.remaining();
        ByteBuffer record = pending.duplicate().position(0).limit(Math.min(room, pendingLength));
        dst.put(record);
        if (pendingLength > room) {
            throw Errors.newException("read", Errors.ENOSPC);
        }
        int n = pendingLength;
        pendingLength = -1;
        return n;
    }

    @Override
    public int write(ByteBuffer src) {
        return channelEnd.write(src);
    }

    @Override
    public int ioctl(long request, ByteBuffer arg) {
        ByteBuffer host = arg == null ? null : arg.duplicate().order(ByteOrder.nativeOrder());
        if (request == ioctls.registerAgent2) {
            if (!agent2Supported) {
                throw Errors.newException("ioctl", Errors.ENOTTY);
            }
            ioctlLog.add(String.format("REGISTER_AGENT2 qpn=%d class=0x%02x version=%d flags=%d mask=%x:%x oui=0x%06x rmpp=%d",
                    host.getInt(UmadIoctl.RegReq2.QPN_OFFSET), host.get(UmadIoctl.RegReq2.MGMT_CLASS_OFFSET),
                    host.get(UmadIoctl.RegReq2.MGMT_CLASS_VERSION_OFFSET), host.getInt(UmadIoctl.RegReq2.FLAGS_OFFSET),
                    host.getLong(UmadIoctl.RegReq2.METHOD_MASK_OFFSET + 8), host.getLong(UmadIoctl.RegReq2.METHOD_MASK_OFFSET),
                    host.getInt(UmadIoctl.RegReq2.OUI_OFFSET), host.get(UmadIoctl.RegReq2.RMPP_VERSION_OFFSET)));
            return assignAgentId(host);
        }
        if (request == ioctls.registerAgent) {
            ioctlLog.add(String.format("REGISTER_AGENT qpn=%d class=0x%02x version=%d mask=%x:%x oui=%02x%02x%02x rmpp=%d",
                    host.get(UmadIoctl.RegReq.QPN_OFFSET), host.get(UmadIoctl.RegReq.MGMT_CLASS_OFFSET),
                    host.get(UmadIoctl.RegReq.MGMT_CLASS_VERSION_OFFSET),
                    host.getLong(UmadIoctl.RegReq.METHOD_MASK_OFFSET + 8), host.getLong(UmadIoctl.RegReq.METHOD_MASK_OFFSET),
                    host.get(UmadIoctl.RegReq.OUI_OFFSET), host.get(UmadIoctl.RegReq.OUI_OFFSET + 1),
                    host.get(UmadIoctl.RegReq.OUI_OFFSET + 2), host.get(UmadIoctl.RegReq.RMPP_VERSION_OFFSET)));
            return assignAgentId(host);
        }
        if (request == ioctls.enablePkey) {
            ioctlLog.add("ENABLE_PKEY");
            return 0;
        }
        if (request == ioctls.unregisterAgent) {
            ioctlLog.add("UNREGISTER_AGENT " + host.getInt(0));
            return 0;
        }
        throw Errors.newException("ioctl", Errors.ENOTTY);
    }

    private int assignAgentId(ByteBuffer host) {
        if (registrationErrno != 0) {
            throw Errors.newException("ioctl", registrationErrno);
        }
        host.putInt(0, nextAgentId++);
        return 0;
    }

    @Override
    public void close() {
        channelEnd.close();
    }

    boolean isClosed() {
        return !channelEnd.isOpen();
    }

    /** The kernel queues a record for the channel: header fields, address, MAD. */
    void deliver(int agentId, int status, MadAddress from, byte[] mad) {
        ByteBuffer record = ByteBuffer.allocateDirect(UmadHeader.SIZE + mad.length).order(ByteOrder.nativeOrder());
        new UmadHeader().wrap(record).agentId(agentId).status(status).address(from);
        record.put(UmadHeader.SIZE, mad);
        if (kernelEnd.write(record) != UmadHeader.SIZE + mad.length) {
            throw new AssertionError("the fake device's receive queue is full");
        }
    }

    /** The kernel queues {@code record} as it is: header bytes (any values) and MAD. */
    void deliverRaw(byte[] record) {
        ByteBuffer out = ByteBuffer.allocateDirect(record.length).put(record).flip();
        if (kernelEnd.write(out) != record.length) {
            throw new AssertionError("the fake device's receive queue is full");
        }
    }

    /** The next record the channel wrote, waiting up to 10 s for it. */
    ByteBuffer takeWritten() {
        ByteBuffer record = ByteBuffer.allocateDirect(1 << 17).order(ByteOrder.nativeOrder());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (kernelEnd.read(record) == FileDescriptor.AGAIN) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("the channel wrote nothing");
            }
            Thread.onSpinWait();
        }
        return record.flip();
    }

    /** The kernel side goes away: the channel's end sees EPOLLHUP. */
    void hangUp() {
        kernelEnd.close();
    }
}
