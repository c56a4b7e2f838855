package io.reactiveumad.poll;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Slots for datagrams of one fixed size, with the {@code struct mmsghdr} array that lets
 * {@link FileDescriptor#send(DatagramBatch, int, int)} and {@link FileDescriptor#receive(DatagramBatch)} move
 * several of them per system call ({@code sendmmsg}/{@code recvmmsg}) on a connected socket. Everything lives
 * in direct memory allocated once, so a call allocates nothing. Not thread-safe: one owner thread (a loop).
 *
 * <p>Layout on 64-bit Linux (every architecture the native layer runs on is LP64): {@code struct msghdr} is
 * 56 bytes ({@code msg_iov} at 16, {@code msg_iovlen} at 24), {@code struct mmsghdr} adds {@code msg_len} at 56
 * and pads to 64; each header points at one {@code struct iovec} (base, length: 16 bytes) covering its slot.
 */
public final class DatagramBatch {
    static final int MMSGHDR_SIZE = 64;
    private static final int MSG_IOV_OFFSET = 16;
    private static final int MSG_IOVLEN_OFFSET = 24;
    private static final int MSG_LEN_OFFSET = 56;
    private static final int IOVEC_SIZE = 16;

    private final ByteBuffer[] slots;
    /** The mmsghdr array, then the iovec array. */
    private final ByteBuffer headers;
    private final long headersAddress;

    /** {@code capacity} slots of {@code slotSize} bytes each. */
    public DatagramBatch(int capacity, int slotSize) {
        if (capacity < 1 || slotSize < 1) {
            throw new IllegalArgumentException("capacity and slot size must be positive: " + capacity + ", " + slotSize);
        }
        ByteBuffer data = ByteBuffer.allocateDirect(capacity * slotSize);
        this.headers = ByteBuffer.allocateDirect(capacity * (MMSGHDR_SIZE + IOVEC_SIZE)).order(ByteOrder.nativeOrder());
        this.headersAddress = LibC.address(headers);
        long dataAddress = LibC.address(data);
        this.slots = new ByteBuffer[capacity];
        int iovecs = capacity * MMSGHDR_SIZE;
        for (int i = 0; i < capacity; i++) {
            slots[i] = data.slice(i * slotSize, slotSize);
            int iovec = iovecs + i * IOVEC_SIZE;
            headers.putLong(iovec, dataAddress + (long) i * slotSize).putLong(iovec + Long.BYTES, slotSize);
            headers.putLong(i * MMSGHDR_SIZE + MSG_IOV_OFFSET, headersAddress + iovec)
                    .putLong(i * MMSGHDR_SIZE + MSG_IOVLEN_OFFSET, 1L);
        }
    }

    public int capacity() {
        return slots.length;
    }

    /** Slot {@code index}: {@code slotSize} bytes of direct memory (big-endian view); what is sent, or what was received. */
    public ByteBuffer slot(int index) {
        return slots[index];
    }

    /** The length of the datagram the last receive put into slot {@code index}. */
    public int length(int index) {
        return headers.getInt(index * MMSGHDR_SIZE + MSG_LEN_OFFSET);
    }

    long headerAddress(int index) {
        return headersAddress + (long) index * MMSGHDR_SIZE;
    }

    /** {@code count}, after checking that slots {@code from .. from+count-1} exist. */
    int checkRange(int from, int count) {
        if (from < 0 || count < 1 || from + count > slots.length) {
            throw new IndexOutOfBoundsException("slots " + from + ".." + (from + count - 1) + " of " + slots.length);
        }
        return count;
    }
}
