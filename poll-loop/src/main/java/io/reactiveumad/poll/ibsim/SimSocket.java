package io.reactiveumad.poll.ibsim;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.reactiveumad.poll.NativeIoException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A datagram socket as ibsim's client protocol needs it: AF_UNIX in the abstract namespace (local
 * mode) or AF_INET/UDP (remote mode), non-blocking, close-on-exec. The only place in this package
 * that calls libc: each wrapper turns errno into a {@link NativeIoException}; EAGAIN becomes a
 * "nothing now" return value, EINTR is retried here.
 */
final class SimSocket implements AutoCloseable {
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final int EADDRINUSE = 98;
    static final int ECONNRESET = 104;
    static final int ENOTCONN = 107;
    static final int ECONNREFUSED = 111;

    private static final int AF_UNIX = 1;
    private static final int AF_INET = 2;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_NONBLOCK = 0x800;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int POLLIN = 0x001;
    /** {@code struct sockaddr_un}: family u16, then the path; an abstract name starts with a NUL. */
    private static final int SUN_PATH_OFFSET = 2;
    private static final int SUN_PATH_MAX = 108;
    /** {@code struct sockaddr_in}: family u16 (host order), port be16, address be32, 8 zero bytes. */
    private static final int SOCKADDR_IN_SIZE = 16;

    private final int fd;
    private final boolean inet;
    private final AtomicBoolean closed = new AtomicBoolean();

    private SimSocket(int fd, boolean inet) {
        this.fd = fd;
        this.inet = inet;
    }

    /** A non-blocking datagram socket: UDP when {@code inet}, else AF_UNIX. */
    static SimSocket open(boolean inet) {
        try {
            return new SimSocket(Libc.socket(inet ? AF_INET : AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0),
                    inet);
        } catch (LastErrorException e) {
            throw error("socket", e);
        }
    }

    int fd() {
        return fd;
    }

    /** Binds an abstract AF_UNIX name ({@code name} without the leading NUL). */
    void bindAbstract(String name) {
        byte[] addr = abstractName(name);
        try {
            Libc.bind(fd, addr, addr.length);
        } catch (LastErrorException e) {
            throw error("bind(@" + name + ")", e);
        }
    }

    void connectAbstract(String name) {
        byte[] addr = abstractName(name);
        try {
            Libc.connect(fd, addr, addr.length);
        } catch (LastErrorException e) {
            throw error("connect(@" + name + ")", e);
        }
    }

    /** Binds UDP {@code INADDR_ANY} on an ephemeral port and returns that port. */
    int bindAnyInet() {
        byte[] addr = inetAddress(new byte[4], 0);
        try {
            Libc.bind(fd, addr, addr.length);
            int[] length = {addr.length};
            Libc.getsockname(fd, addr, length);
        } catch (LastErrorException e) {
            throw error("bind(udp)", e);
        }
        return ByteBuffer.wrap(addr).order(ByteOrder.BIG_ENDIAN).getShort(2) & 0xFFFF;
    }

    void connectInet(InetSocketAddress remote) {
        InetAddress address = remote.getAddress();
        if (address == null || address.getAddress().length != 4) {
            throw new IllegalArgumentException("ibsim remote mode needs a resolvable IPv4 address: " + remote);
        }
        byte[] addr = inetAddress(address.getAddress(), remote.getPort());
        try {
            Libc.connect(fd, addr, addr.length);
        } catch (LastErrorException e) {
            throw error("connect(" + remote + ")", e);
        }
    }

    boolean isInet() {
        return inet;
    }

    /** Sends one datagram from {@code buffer}; false when the socket would block. */
    boolean send(Memory buffer, int length) {
        while (true) {
            try {
                Libc.send(fd, buffer, length, 0);
                return true;
            } catch (LastErrorException e) {
                if (e.getErrorCode() == EAGAIN) {
                    return false;
                }
                if (e.getErrorCode() != EINTR) {
                    throw error("send", e);
                }
            }
        }
    }

    /** Receives one datagram into {@code buffer}; its length, or -1 when none is queued. */
    int receive(Memory buffer) {
        while (true) {
            try {
                return (int) Libc.recv(fd, buffer, buffer.size(), 0);
            } catch (LastErrorException e) {
                if (e.getErrorCode() == EAGAIN) {
                    return -1;
                }
                if (e.getErrorCode() != EINTR) {
                    throw error("recv", e);
                }
            }
        }
    }

    /** Waits up to {@code timeoutMs} for a datagram to arrive; false on timeout. */
    boolean awaitReadable(long timeoutMs) {
        byte[] pollfd = new byte[8];
        ByteBuffer.wrap(pollfd).order(ByteOrder.nativeOrder()).putInt(0, fd).putShort(4, (short) POLLIN);
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        while (true) {
            long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000L);
            try {
                return Libc.poll(pollfd, 1, (int) Math.min(left, Integer.MAX_VALUE)) > 0;
            } catch (LastErrorException e) {
                if (e.getErrorCode() != EINTR) {
                    throw error("poll", e);
                }
            }
        }
    }

    /** Closes the fd once; later calls do nothing. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                Libc.close(fd);
            } catch (LastErrorException e) {
                throw error("close", e);
            }
        }
    }

    private static byte[] abstractName(String name) {
        byte[] path = name.getBytes(StandardCharsets.US_ASCII);
        if (path.length + 1 > SUN_PATH_MAX) {
            throw new IllegalArgumentException("socket name too long (" + path.length + " bytes): " + name);
        }
        byte[] addr = new byte[SUN_PATH_OFFSET + 1 + path.length];
        ByteBuffer.wrap(addr).order(ByteOrder.nativeOrder()).putShort(0, (short) AF_UNIX);
        System.arraycopy(path, 0, addr, SUN_PATH_OFFSET + 1, path.length);
        return addr;
    }

    private static byte[] inetAddress(byte[] ipv4, int port) {
        byte[] addr = new byte[SOCKADDR_IN_SIZE];
        ByteBuffer.wrap(addr).order(ByteOrder.nativeOrder()).putShort(0, (short) AF_INET);
        ByteBuffer.wrap(addr).order(ByteOrder.BIG_ENDIAN).putShort(2, (short) port);
        System.arraycopy(ipv4, 0, addr, 4, 4);
        return addr;
    }

    private static NativeIoException error(String call, LastErrorException e) {
        int errno = e.getErrorCode();
        return new NativeIoException(call, errno, Libc.strerror(errno));
    }

    /** JNA direct mapping of the calls above. */
    private static final class Libc {
        static {
            Native.register("c");
        }

        static native int socket(int domain, int type, int protocol) throws LastErrorException;

        static native int bind(int fd, byte[] addr, int addrlen) throws LastErrorException;

        static native int connect(int fd, byte[] addr, int addrlen) throws LastErrorException;

        static native int getsockname(int fd, byte[] addr, int[] addrlen) throws LastErrorException;

        static native long send(int fd, Pointer buf, long len, int flags) throws LastErrorException;

        static native long recv(int fd, Pointer buf, long len, int flags) throws LastErrorException;

        static native int poll(byte[] fds, long nfds, int timeout) throws LastErrorException;

        static native int close(int fd) throws LastErrorException;

        static native String strerror(int errnum);
    }
}
