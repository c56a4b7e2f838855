package io.reactiveumad.poll.ibsim;

import io.reactiveumad.poll.DatagramBatch;
import io.reactiveumad.poll.FileDescriptor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A datagram socket as ibsim's client protocol needs it: AF_UNIX in the abstract namespace (local
 * mode) or UDP (remote mode), non-blocking. Builds the {@code struct sockaddr} bytes; the system calls
 * are {@link FileDescriptor}'s.
 */
final class SimSocket implements AutoCloseable {
    private static final int AF_UNIX = 1;
    private static final int AF_INET = 2;
    /**
     * {@code struct sockaddr_un}: family u16, then the path. An abstract name starts with a NUL; ibsim's
     * names also end with one (its address length counts the terminator), so ours must too.
     */
    private static final int SUN_PATH_OFFSET = 2;
    private static final int SUN_PATH_MAX = 108;
    /** {@code struct sockaddr_in}: family u16 (host order), port be16 @2, address be32 @4, 8 zero bytes. */
    private static final int SOCKADDR_IN_SIZE = 16;
    private static final int SIN_PORT_OFFSET = 2;
    private static final int SIN_ADDR_OFFSET = 4;

    private final FileDescriptor fd;

    private SimSocket(FileDescriptor fd) {
        this.fd = fd;
    }

    /** A non-blocking datagram socket: UDP when {@code inet}, else AF_UNIX. */
    static SimSocket open(boolean inet) {
        return new SimSocket(FileDescriptor.datagramSocket(inet));
    }

    int fd() {
        return fd.intValue();
    }

    /** Binds an abstract AF_UNIX name ({@code name} without the leading NUL). */
    void bindAbstract(String name) {
        fd.bind(abstractName(name));
    }

    void connectAbstract(String name) {
        fd.connect(abstractName(name));
    }

    /** Binds UDP on all addresses and an ephemeral port; returns the port. */
    int bindAnyInet() {
        byte[] addr = inetAddress(new byte[4], 0);
        fd.bind(addr);
        fd.localAddress(addr);
        return ByteBuffer.wrap(addr).order(ByteOrder.BIG_ENDIAN).getShort(SIN_PORT_OFFSET) & 0xFFFF;
    }

    void connectInet(InetSocketAddress remote) {
        InetAddress address = remote.getAddress();
        if (address == null || address.getAddress().length != 4) {
            throw new IllegalArgumentException("ibsim remote mode needs a resolvable IPv4 address: " + remote);
        }
        fd.connect(inetAddress(address.getAddress(), remote.getPort()));
    }

    /** Sends the whole of {@code datagram} (a direct buffer) to the connected peer; false if it would block. */
    boolean send(ByteBuffer datagram) {
        datagram.clear();
        return fd.write(datagram) != FileDescriptor.AGAIN;
    }

    /** Sends slots {@code from .. from+count-1} of {@code batch} in one call; how many went out, or {@link FileDescriptor#AGAIN}. */
    int send(DatagramBatch batch, int from, int count) {
        return fd.send(batch, from, count);
    }

    /** Receives up to a batch of datagrams in one call; how many (at least 1), or 0 when none is queued. */
    int receive(DatagramBatch batch) {
        int n = fd.receive(batch);
        return n == FileDescriptor.AGAIN ? 0 : n;
    }

    /** Receives one datagram into {@code buffer} (a direct buffer); its length, or -1 when none is queued. */
    int receive(ByteBuffer buffer) {
        buffer.clear();
        int n = fd.read(buffer);
        return n == FileDescriptor.AGAIN ? -1 : n;
    }

    /** Waits up to {@code timeoutMs} for a datagram; false on timeout. Blocks: never on the loop. */
    boolean awaitReadable(long timeoutMs) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        long left = timeoutMs;
        while (left > 0) {
            if (fd.awaitReadable((int) Math.min(left, Integer.MAX_VALUE))) {
                return true;
            }
            left = (deadline - System.nanoTime()) / 1_000_000L;
        }
        return false;
    }

    /** Closes once; later calls do nothing. */
    @Override
    public void close() {
        fd.close();
    }

    private static byte[] abstractName(String name) {
        byte[] path = name.getBytes(StandardCharsets.UTF_8);
        if (path.length + 2 > SUN_PATH_MAX) {
            throw new IllegalArgumentException("socket name too long (" + path.length + " bytes): " + name);
        }
        byte[] addr = new byte[SUN_PATH_OFFSET + 1 + path.length + 1];
        ByteBuffer.wrap(addr).order(ByteOrder.nativeOrder()).putShort(0, (short) AF_UNIX);
        System.arraycopy(path, 0, addr, SUN_PATH_OFFSET + 1, path.length);
        return addr;
    }

    private static byte[] inetAddress(byte[] ipv4, int port) {
        byte[] addr = new byte[SOCKADDR_IN_SIZE];
        ByteBuffer.wrap(addr).order(ByteOrder.nativeOrder()).putShort(0, (short) AF_INET);
        ByteBuffer.wrap(addr).order(ByteOrder.BIG_ENDIAN).putShort(SIN_PORT_OFFSET, (short) port);
        System.arraycopy(ipv4, 0, addr, SIN_ADDR_OFFSET, 4);
        return addr;
    }
}
