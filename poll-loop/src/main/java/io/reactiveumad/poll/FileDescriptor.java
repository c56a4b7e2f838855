package io.reactiveumad.poll;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An owned file descriptor: the int plus an open flag, so {@link #close()} is idempotent and
 * thread-safe (the first caller closes, later ones do nothing). I/O on a closed descriptor fails with
 * EBADF instead of touching whatever file reused the number.
 *
 * <p>Buffers passed to {@link #read}, {@link #write} and {@link #ioctl} must be direct.
 */
public final class FileDescriptor implements AutoCloseable {
    /** Returned by {@link #read}/{@link #write} on a non-blocking descriptor that would block. */
    public static final int AGAIN = LibC.AGAIN;

    private final int fd;
    private final AtomicBoolean open = new AtomicBoolean(true);
    /**
     * The address of the buffer last read into, and of the one last written from: a channel reuses one of each, so
     * its address is asked of the JVM once, not at every call. Each is one immutable pair: a thread that reads a stale
     * one sees another buffer and asks again.
     */
    private BufferAddress readFrom = BufferAddress.NONE;
    private BufferAddress writtenFrom = BufferAddress.NONE;

    private record BufferAddress(ByteBuffer buffer, long address) {
        static final BufferAddress NONE = new BufferAddress(null, 0);

        /** {@code cached} where it is {@code buffer}'s, else {@code buffer} and its address. */
        static BufferAddress of(BufferAddress cached, ByteBuffer buffer) {
            return cached.buffer == buffer ? cached : new BufferAddress(buffer, LibC.address(buffer));
        }
    }

    private FileDescriptor(int fd) {
        this.fd = fd;
    }

    /** Takes ownership of an already open descriptor. */
    public static FileDescriptor adopt(int fd) {
        if (fd < 0) {
            throw new IllegalArgumentException("not a file descriptor: " + fd);
        }
        return new FileDescriptor(fd);
    }

    /** Opens {@code path} read-write with close-on-exec; non-blocking if asked. */
    public static FileDescriptor openReadWrite(String path, boolean nonBlocking) {
        int flags = LibC.O_RDWR | LibC.O_CLOEXEC | (nonBlocking ? LibC.O_NONBLOCK : 0);
        return new FileDescriptor(LibC.openFile(path, flags));
    }

    /** A non-blocking, close-on-exec pipe: {read end, write end}. */
    public static FileDescriptor[] pipe() {
        int[] fds = LibC.pipe(LibC.O_NONBLOCK | LibC.O_CLOEXEC);
        return new FileDescriptor[] {new FileDescriptor(fds[0]), new FileDescriptor(fds[1])};
    }

    /**
     * A connected pair of non-blocking AF_UNIX sockets; {@code datagrams} chooses SOCK_SEQPACKET
     * (one read returns one write, as a umad fd does) over SOCK_STREAM.
     */
    public static FileDescriptor[] socketPair(boolean datagrams) {
        int type = (datagrams ? LibC.SOCK_SEQPACKET : LibC.SOCK_STREAM) | LibC.SOCK_NONBLOCK | LibC.SOCK_CLOEXEC;
        int[] fds = LibC.socketPair(type);
        return new FileDescriptor[] {new FileDescriptor(fds[0]), new FileDescriptor(fds[1])};
    }

    /**
     * A non-blocking, close-on-exec datagram socket: UDP when {@code inet}, else AF_UNIX. Addresses for
     * {@link #bind}/{@link #connect} are {@code struct sockaddr} bytes; {@link #read}/{@link #write} on a
     * connected one receive and send whole datagrams.
     */
    public static FileDescriptor datagramSocket(boolean inet) {
        return new FileDescriptor(LibC.socketFd(inet ? LibC.AF_INET : LibC.AF_UNIX,
                LibC.SOCK_DGRAM | LibC.SOCK_NONBLOCK | LibC.SOCK_CLOEXEC));
    }

    /** {@code bind(2)} a socket to {@code sockaddr}. */
    public void bind(byte[] sockaddr) {
        LibC.bindFd(checkOpen("bind"), sockaddr);
    }

    /** {@code connect(2)} a socket to {@code sockaddr}. */
    public void connect(byte[] sockaddr) {
        LibC.connectFd(checkOpen("connect"), sockaddr);
    }

    /** {@code getsockname(2)} into {@code sockaddr}; returns the address length. */
    public int localAddress(byte[] sockaddr) {
        return LibC.sockName(checkOpen("getsockname"), sockaddr);
    }

    /**
     * Blocks the calling thread up to {@code timeoutMs} until the descriptor is readable (or in error).
     * For short blocking exchanges off the loop; returns false on timeout.
     */
    public boolean awaitReadable(int timeoutMs) {
        ByteBuffer pollfd = ByteBuffer.allocateDirect(LibC.POLLFD_SIZE).order(java.nio.ByteOrder.nativeOrder());
        return LibC.pollIn(checkOpen("poll"), pollfd, timeoutMs);
    }

    /** The descriptor number, for registering with a {@link PollLoop}. */
    public int intValue() {
        return fd;
    }

    public boolean isOpen() {
        return open.get();
    }

    /**
     * Reads into {@code dst} from its position up to its limit and advances the position.
     * Returns the count (0 at end of file) or {@link #AGAIN}.
     */
    public int read(ByteBuffer dst) {
        BufferAddress at = BufferAddress.of(readFrom, dst);
        readFrom = at;
        int n = LibC.readFd(checkOpen("read"), at.address() + dst.position(), dst.remaining());
        if (n > 0) {
            dst.position(dst.position() + n);
        }
        return n;
    }

    /** Writes {@code src} from its position up to its limit and advances the position; the count or {@link #AGAIN}. */
    public int write(ByteBuffer src) {
        BufferAddress at = BufferAddress.of(writtenFrom, src);
        writtenFrom = at;
        int n = LibC.writeFd(checkOpen("write"), at.address() + src.position(), src.remaining());
        if (n > 0) {
            src.position(src.position() + n);
        }
        return n;
    }

    /**
     * Sends slots {@code from .. from+count-1} of {@code batch}, each as one whole datagram, in one system call
     * ({@code sendmmsg}); returns how many went out, or {@link #AGAIN} when the socket takes none.
     */
    public int send(DatagramBatch batch, int from, int count) {
        return LibC.sendMessages(checkOpen("sendmmsg"), batch.headerAddress(from), batch.checkRange(from, count));
    }

    /**
     * Receives as many queued datagrams as {@code batch} has slots in one system call ({@code recvmmsg}), from
     * slot 0 on; returns how many (each one's length is {@link DatagramBatch#length(int)}), or {@link #AGAIN}.
     */
    public int receive(DatagramBatch batch) {
        return LibC.receiveMessages(checkOpen("recvmmsg"), batch.headerAddress(0), batch.capacity());
    }

    /** {@code ioctl(fd, request, arg)}; {@code arg} is a direct buffer (read from its position) or null. */
    public int ioctl(long request, ByteBuffer arg) {
        return LibC.ioctlFd(checkOpen("ioctl"), request, arg);
    }

    /** Closes once; later calls do nothing. */
    @Override
    public void close() {
        if (open.compareAndSet(true, false)) {
            LibC.closeFd(fd);
        }
    }

    private int checkOpen(String syscall) {
        if (!open.get()) {
            throw Errors.newException(syscall, Errors.EBADF);
        }
        return fd;
    }

    @Override
    public String toString() {
        return "fd " + fd + (isOpen() ? "" : " (closed)");
    }
}
