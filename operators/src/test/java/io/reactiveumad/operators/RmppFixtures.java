package io.reactiveumad.operators;

import io.reactiveumad.mad.RmppHeader;

import java.nio.ByteBuffer;
import java.util.Random;

/** Messages and segments for the RMPP tests, built independently of the code under test. */
final class RmppFixtures {
    static final int SA = 0x03;
    static final int VENDOR = 0x30;
    static final int DEV_MGT = 0x06;
    static final int GET_TABLE_RESP = 0x92;
    static final Object PEER = "lid 7 qp 1";
    static final long TID = 0x1234_5678_9abc_def0L;

    private RmppFixtures() {
    }

    static int dataOffset(int mgmtClass) {
        return switch (mgmtClass) {
            case SA -> 56;
            case VENDOR -> 40;
            case DEV_MGT -> 64;
            default -> throw new IllegalArgumentException("no fixture for class " + mgmtClass);
        };
    }

    /** A whole message of {@code dataLength} random data bytes after a random class header. */
    static byte[] message(int mgmtClass, int dataLength, long tid, Random random) {
        int offset = dataOffset(mgmtClass);
        byte[] m = new byte[offset + dataLength];
        random.nextBytes(m);
        ByteBuffer.wrap(m).put(0, (byte) 1).put(1, (byte) mgmtClass).put(2, (byte) 2).put(3, (byte) GET_TABLE_RESP)
                .putShort(4, (short) 0).putLong(8, tid).putInt(24, 0).putLong(28, 0);
        m[26] = (byte) ((18 << 3) | RmppHeader.FLAG_ACTIVE);
        return m;
    }

    static byte[] saMessage(int dataLength, Random random) {
        return message(SA, dataLength, TID, random);
    }

    static long segmentCount(byte[] message) {
        int per = 256 - dataOffset(message[1] & 0xFF);
        return Math.max(1, (message.length - dataOffset(message[1] & 0xFF) + per - 1) / per);
    }

    /** The bytes the kernel hands a reader of {@code message}: its first segment's RMPP header in place. */
    static byte[] asReassembled(byte[] message) {
        int offset = dataOffset(message[1] & 0xFF);
        int per = 256 - offset;
        int data = message.length - offset;
        long count = segmentCount(message);
        long pad = count * per - data;
        byte[] out = message.clone();
        ByteBuffer b = ByteBuffer.wrap(out);
        b.put(24, (byte) 1).put(25, (byte) RmppHeader.TYPE_DATA);
        out[26] = (byte) ((out[26] & 0xF8) | 0x1 | 0x2 | (count == 1 ? 0x4 : 0));
        b.put(27, (byte) 0).putInt(28, 1).putInt(32, (int) (count * 220 - pad));
        return out;
    }

    /** Segment {@code n} of {@code message}, as the sender cuts it. */
    static byte[] segment(byte[] message, long n) {
        return new RmppSender.Segments(message).segment(n);
    }

    static RmppInbound in(byte[] mad) {
        return new RmppInbound(PEER, mad);
    }

    /** A copy of {@code mad} with one RMPP field changed. */
    static byte[] with(byte[] mad, java.util.function.Consumer<RmppHeader> change) {
        byte[] copy = mad.clone();
        change.accept(new RmppHeader().wrap(copy));
        return copy;
    }

    /** An ACK a receiver would send for the DATA segments of {@code message}. */
    static byte[] ack(byte[] message, long segment, long newWindowLast) {
        return control(message, RmppHeader.TYPE_ACK, 0, segment, newWindowLast);
    }

    static byte[] control(byte[] message, int type, int status, long segment, long newWindowLast) {
        byte[] m = new byte[256];
        System.arraycopy(message, 0, m, 0, dataOffset(message[1] & 0xFF));
        m[3] ^= (byte) 0x80;
        new RmppHeader().wrap(m).version(1).type(type).flags(RmppHeader.FLAG_ACTIVE).status(status)
                .segmentNumber(segment).newWindowLast(newWindowLast);
        return m;
    }

    static RmppHeader rmpp(byte[] mad) {
        return new RmppHeader().wrap(mad);
    }
}
