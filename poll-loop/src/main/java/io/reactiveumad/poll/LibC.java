package io.reactiveumad.poll;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Platform;
import io.reactiveumad.mad.NativeIoException;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The one façade over libc: every system call the module makes, each wrapper turning a failure into
 * a {@link NativeIoException} through {@link Errors}. EINTR is retried here, below Java callers;
 * EAGAIN is a return value ({@link #AGAIN}) where a non-blocking caller expects it, never an exception.
 *
 * <p>The natives are JNA direct-mapped (no proxy, no varargs, no per-call allocation). errno is read
 * with {@link Native#getLastError()} instead of declaring {@code LastErrorException}: an EAGAIN at the
 * end of every read burst must not cost an exception with a stack trace.
 *
 * <p>Sizes are passed as Java {@code long}: the native layer runs on 64-bit Linux only.
 */
final class LibC {
    /** Returned by the non-blocking wrappers when the call would block (EAGAIN). */
    static final int AGAIN = -1;

    static final int O_RDWR = 2;
    static final int O_NONBLOCK = 0x800;
    static final int O_CLOEXEC = 0x80000;
    static final int EFD_NONBLOCK = O_NONBLOCK;
    static final int EFD_CLOEXEC = O_CLOEXEC;
    static final int EPOLL_CLOEXEC = O_CLOEXEC;
    static final int SOCK_CLOEXEC = O_CLOEXEC;
    static final int SOCK_NONBLOCK = O_NONBLOCK;
    static final int AF_UNIX = 1;
    static final int SOCK_STREAM = 1;
    static final int SOCK_SEQPACKET = 5;
    static final int AF_INET = 2;
    static final int SOCK_DGRAM = 2;
    static final int POLLIN = 0x001;
    /** {@code struct pollfd}: int fd, short events, short revents. */
    static final int POLLFD_SIZE = 8;

    static final int EPOLL_CTL_ADD = 1;
    static final int EPOLL_CTL_DEL = 2;
    static final int EPOLL_CTL_MOD = 3;
    /** Readable. {@link PollLoop#READ} and {@link PollLoop#WRITE} are EPOLLIN's and EPOLLOUT's values, passed as is. */
    static final int EPOLLIN = 0x001;
    static final int EPOLLERR = 0x008;
    static final int EPOLLHUP = 0x010;
    /** Edge-triggered (1u << 31): for the loop's own eventfd only; registered fds are level-triggered. */
    static final int EPOLLET = 0x8000_0000;

    static {
        if (!Platform.isLinux() || !Platform.is64Bit()) {
            throw new UnsupportedOperationException("the native layer needs 64-bit Linux, not "
                    + System.getProperty("os.name") + "/" + System.getProperty("os.arch"));
        }
        LinuxArch.current();
        Native.register(LibC.class, Platform.C_LIBRARY_NAME);
    }

    /**
     * {@code struct epoll_event}: {@code u32 events} at 0, {@code u64 data} after it. x86 declares it
     * packed (12 bytes, data at 4); every other architecture aligns data to 8 (16 bytes).
     */
    static final boolean EPOLL_EVENT_PACKED = isX86(System.getProperty("os.arch"));
    static final int EPOLL_EVENT_SIZE = EPOLL_EVENT_PACKED ? 12 : 16;
    static final int EPOLL_EVENT_DATA_OFFSET = EPOLL_EVENT_PACKED ? 4 : 8;

    private LibC() {
    }

    private static boolean isX86(String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        return arch.equals("amd64") || arch.equals("x86_64") || arch.matches("i[3-6]86") || arch.equals("x86");
    }

    // ---- natives: names are the libc symbols ----

    private static native int open(String path, int flags);

    private static native int close(int fd);

    // The hot calls take native addresses, not buffers: JNA dispatches a Buffer argument with JNI calls back into
    // Java (its type, its address, its position), which under the VM's emulation were a tenth of the loop's CPU.

    private static native long read(int fd, long buf, long count);

    private static native long write(int fd, long buf, long count);

    private static native int ioctl(int fd, long request, ByteBuffer arg);

    private static native int epoll_create1(int flags);

    private static native int epoll_ctl(int epfd, int op, int fd, ByteBuffer event);

    private static native int epoll_wait(int epfd, long events, int maxEvents, int timeoutMs);

    private static native int eventfd(int initval, int flags);

    private static native int eventfd_write(int fd, long value);

    private static native int pipe2(int[] fds, int flags);

    private static native int socketpair(int domain, int type, int protocol, int[] fds);

    private static native int socket(int domain, int type, int protocol);

    private static native int bind(int fd, byte[] addr, int addrlen);

    private static native int connect(int fd, byte[] addr, int addrlen);

    private static native int getsockname(int fd, byte[] addr, int[] addrlen);

    private static native int poll(ByteBuffer fds, long nfds, int timeoutMs);

    /** {@code msgvec} is the address of a {@code struct mmsghdr} array (see {@link DatagramBatch}). */
    private static native int sendmmsg(int fd, long msgvec, int vlen, int flags);

    /** {@code timeout} is a {@code struct timespec *}: always NULL (0) here, the sockets are non-blocking. */
    private static native int recvmmsg(int fd, long msgvec, int vlen, int flags, long timeout);

    static native String strerror(int errno);

    // ---- wrappers ----

    /** Opens {@code path}; returns the fd. EAGAIN is an error here: only the caller knows what it means. */
    static int openFile(String path, int flags) {
        for (;;) {
            int fd = open(path, flags);
            if (fd >= 0) {
                return fd;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                throw Errors.newException("open " + path, errno);
            }
        }
    }

    /** Closes {@code fd}. EINTR is not retried: Linux releases the fd before returning it. */
    static void closeFd(int fd) {
        if (close(fd) < 0) {
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                throw Errors.newException("close", errno);
            }
        }
    }

    /** The native address of a direct buffer's first byte (index 0, whatever its position). */
    static long address(ByteBuffer direct) {
        if (!direct.isDirect()) {
            throw new IllegalArgumentException("not a direct buffer: " + direct);
        }
        return Pointer.nativeValue(Native.getDirectBufferPointer(direct));
    }

    /** Reads up to {@code length} bytes to {@code address}; returns the count or {@link #AGAIN}. */
    static int readFd(int fd, long address, int length) {
        for (;;) {
            long n = read(fd, address, length);
            if (n >= 0) {
                return (int) n;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                return Errors.againOrThrow("read", errno);
            }
        }
    }

    /** Writes {@code length} bytes from {@code address}; returns the count or {@link #AGAIN}. */
    static int writeFd(int fd, long address, int length) {
        for (;;) {
            long n = write(fd, address, length);
            if (n >= 0) {
                return (int) n;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                return Errors.againOrThrow("write", errno);
            }
        }
    }

    /**
     * Sends the {@code count} datagrams described from {@code msgvec} on in one {@code sendmmsg}; returns how
     * many went out (fewer when the socket filled up after the first), or {@link #AGAIN} when none could.
     */
    static int sendMessages(int fd, long msgvec, int count) {
        for (;;) {
            int n = sendmmsg(fd, msgvec, count, 0);
            if (n >= 0) {
                return n;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                return Errors.againOrThrow("sendmmsg", errno);
            }
        }
    }

    /**
     * Receives up to {@code count} datagrams into the buffers described from {@code msgvec} on in one
     * {@code recvmmsg} on a non-blocking socket: returns how many were queued (at least 1), or {@link #AGAIN}.
     */
    static int receiveMessages(int fd, long msgvec, int count) {
        for (;;) {
            int n = recvmmsg(fd, msgvec, count, 0, 0L);
            if (n >= 0) {
                return n;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                return Errors.againOrThrow("recvmmsg", errno);
            }
        }
    }

    /** {@code ioctl(fd, request, arg)} with {@code arg} a direct buffer or null; returns the result. */
    static int ioctlFd(int fd, long request, ByteBuffer arg) {
        for (;;) {
            int r = ioctl(fd, request, arg);
            if (r >= 0) {
                return r;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                throw Errors.newException("ioctl", errno);
            }
        }
    }

    static int epollCreate() {
        int fd = epoll_create1(EPOLL_CLOEXEC);
        if (fd < 0) {
            throw Errors.newException("epoll_create1", Native.getLastError());
        }
        return fd;
    }

    /** {@code epoll_ctl}; {@code event} holds one epoll_event at index 0 (ignored for DEL). */
    static void epollCtl(int epfd, int op, int fd, ByteBuffer event) {
        if (epoll_ctl(epfd, op, fd, event) < 0) {
            throw Errors.newException("epoll_ctl", Native.getLastError());
        }
    }

    /**
     * Waits for events, written to the epoll_event array at {@code events}; returns how many, 0 on timeout or on a
     * signal (the loop re-evaluates anyway).
     */
    static int epollWait(int epfd, long events, int maxEvents, int timeoutMs) {
        int n = epoll_wait(epfd, events, maxEvents, timeoutMs);
        if (n >= 0) {
            return n;
        }
        int errno = Native.getLastError();
        if (errno == Errors.EINTR) {
            return 0;
        }
        throw Errors.newException("epoll_wait", errno);
    }

    static int eventFd() {
        int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (fd < 0) {
            throw Errors.newException("eventfd", Native.getLastError());
        }
        return fd;
    }

    /** Adds {@code value} to an eventfd's counter. EAGAIN (counter saturated) still leaves it readable. */
    static void eventFdWrite(int fd, long value) {
        for (;;) {
            if (eventfd_write(fd, value) >= 0) {
                return;
            }
            int errno = Native.getLastError();
            if (errno != Errors.EINTR) {
                Errors.againOrThrow("eventfd_write", errno);
                return;
            }
        }
    }

    /** {@code pipe2}: returns {read end, write end}. */
    static int[] pipe(int flags) {
        int[] fds = new int[2];
        if (pipe2(fds, flags) < 0) {
            throw Errors.newException("pipe2", Native.getLastError());
        }
        return fds;
    }

    /** {@code socketpair(AF_UNIX, type, 0)}: two connected ends. */
    static int[] socketPair(int type) {
        int[] fds = new int[2];
        if (socketpair(AF_UNIX, type, 0, fds) < 0) {
            throw Errors.newException("socketpair", Native.getLastError());
        }
        return fds;
    }

    /** {@code socket(domain, type, 0)}; returns the fd. */
    static int socketFd(int domain, int type) {
        int fd = socket(domain, type, 0);
        if (fd < 0) {
            throw Errors.newException("socket", Native.getLastError());
        }
        return fd;
    }

    /** {@code bind} to a {@code struct sockaddr} given as bytes. */
    static void bindFd(int fd, byte[] sockaddr) {
        if (bind(fd, sockaddr, sockaddr.length) < 0) {
            throw Errors.newException("bind", Native.getLastError());
        }
    }

    /** {@code connect} to a {@code struct sockaddr} given as bytes (datagram sockets: sets the peer). */
    static void connectFd(int fd, byte[] sockaddr) {
        if (connect(fd, sockaddr, sockaddr.length) < 0) {
            throw Errors.newException("connect", Native.getLastError());
        }
    }

    /** {@code getsockname} into {@code sockaddr}; returns the address length. */
    static int sockName(int fd, byte[] sockaddr) {
        int[] length = {sockaddr.length};
        if (getsockname(fd, sockaddr, length) < 0) {
            throw Errors.newException("getsockname", Native.getLastError());
        }
        return length[0];
    }

    /** {@code poll} one fd for POLLIN; true when readable (or in error) before {@code timeoutMs}. */
    static boolean pollIn(int fd, ByteBuffer pollfd, int timeoutMs) {
        pollfd.putInt(0, fd).putShort(4, (short) POLLIN).putShort(6, (short) 0);
        int n = poll(pollfd, 1, timeoutMs);
        if (n >= 0) {
            return n > 0;
        }
        int errno = Native.getLastError();
        if (errno == Errors.EINTR) {
            return false;
        }
        throw Errors.newException("poll", errno);
    }
}
