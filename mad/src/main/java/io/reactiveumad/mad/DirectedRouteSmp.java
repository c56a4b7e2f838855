package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * Flyweight over a directed-route SMP (class 0x81), wrapped at the start of the 256-byte MAD.
 *
 * <pre>
 *  0               1               2               3
 *  | BaseVersion   | MgmtClass     | ClassVersion  |R|  Method     |   0
 *  |D| Status (15 bits)            | HopPointer    | HopCount      |   4
 *  | TransactionID, AttributeID, AttributeModifier (common header) |   8
 *  | M_Key (64 bits)                                               |  24
 *  | DrSLID                        | DrDLID                        |  32
 *  | Reserved (28 bytes)                                           |  36
 *  | SMPData (64 bytes)                                            |  64
 *  | InitialPath (64 bytes)                                        | 128
 *  | ReturnPath (64 bytes)                                         | 192
 * </pre>
 *
 * The D bit says which way the SMP travels: clear outbound (following InitialPath), set on the way
 * back (following ReturnPath). Path byte {@code i} is the port to leave by at hop {@code i}; byte 0
 * is unused, so a path of {@code n} hops fills bytes 1..n. The M_Key is a secret: never log it.
 */
public final class DirectedRouteSmp extends Flyweight {
    public static final int STATUS_OFFSET = MadHeader.STATUS_OFFSET;
    /** The D bit in the 16-bit status word. */
    public static final int DIRECTION_BIT = 0x8000;
    public static final int STATUS_MASK = 0x7FFF;
    public static final int HOP_POINTER_OFFSET = 6;
    public static final int HOP_COUNT_OFFSET = 7;
    public static final int DR_SLID_OFFSET = 32;
    public static final int DR_DLID_OFFSET = 34;
    public static final int DATA_OFFSET = SmpHeader.DATA_OFFSET;
    public static final int INITIAL_PATH_OFFSET = 128;
    public static final int RETURN_PATH_OFFSET = 192;
    public static final int PATH_SIZE = 64;
    /** Path byte 0 is unused, so a directed route has at most 63 hops. */
    public static final int MAX_HOPS = PATH_SIZE - 1;

    /** Wraps the SMP starting at {@code offset}; fails unless all 256 bytes are there. */
    public DirectedRouteSmp wrap(ByteBuffer buffer, int offset) {
        wrapChecked("directed-route SMP", buffer, offset, MadHeader.MAD_SIZE);
        return this;
    }

    /** True on the way back (D bit set). */
    public boolean isInbound() {
        return (Wire.u16(buf, base + STATUS_OFFSET) & DIRECTION_BIT) != 0;
    }

    public DirectedRouteSmp inbound(boolean v) {
        int word = Wire.u16(buf, base + STATUS_OFFSET);
        Wire.putU16(buf, base + STATUS_OFFSET, v ? word | DIRECTION_BIT : word & STATUS_MASK);
        return this;
    }

    /** The status without the D bit. */
    public int status() {
        return Wire.u16(buf, base + STATUS_OFFSET) & STATUS_MASK;
    }

    public DirectedRouteSmp status(int v) {
        if ((v & ~STATUS_MASK) != 0) {
            throw new IllegalArgumentException("directed-route status is 15 bits: " + v);
        }
        int word = Wire.u16(buf, base + STATUS_OFFSET);
        Wire.putU16(buf, base + STATUS_OFFSET, word & DIRECTION_BIT | v);
        return this;
    }

    public int hopPointer() {
        return Wire.u8(buf, base + HOP_POINTER_OFFSET);
    }

    public DirectedRouteSmp hopPointer(int v) {
        Wire.putU8(buf, base + HOP_POINTER_OFFSET, v);
        return this;
    }

    public int hopCount() {
        return Wire.u8(buf, base + HOP_COUNT_OFFSET);
    }

    public DirectedRouteSmp hopCount(int v) {
        if (v > MAX_HOPS) {
            throw new IllegalArgumentException("hop count " + v + " exceeds " + MAX_HOPS);
        }
        Wire.putU8(buf, base + HOP_COUNT_OFFSET, v);
        return this;
    }

    public long mKey() {
        return Wire.u64(buf, base + SmpHeader.M_KEY_OFFSET);
    }

    public DirectedRouteSmp mKey(long v) {
        Wire.putU64(buf, base + SmpHeader.M_KEY_OFFSET, v);
        return this;
    }

    /** The directed route's source LID (the permissive LID while the request is inside the DR part). */
    public int drSlid() {
        return Wire.u16(buf, base + DR_SLID_OFFSET);
    }

    public DirectedRouteSmp drSlid(int v) {
        Wire.putU16(buf, base + DR_SLID_OFFSET, v);
        return this;
    }

    public int drDlid() {
        return Wire.u16(buf, base + DR_DLID_OFFSET);
    }

    public DirectedRouteSmp drDlid(int v) {
        Wire.putU16(buf, base + DR_DLID_OFFSET, v);
        return this;
    }

    /** The port of hop {@code hop} (1..63) in the initial path. */
    public int initialPath(int hop) {
        return Wire.u8(buf, base + INITIAL_PATH_OFFSET + checkHop(hop));
    }

    public DirectedRouteSmp initialPath(int hop, int port) {
        Wire.putU8(buf, base + INITIAL_PATH_OFFSET + checkHop(hop), port);
        return this;
    }

    /**
     * Sets the whole outbound route: hop count {@code ports.length}, path bytes 1..n, hop pointer 0,
     * D bit clear. For a request that starts at the local port.
     */
    public DirectedRouteSmp route(int... ports) {
        hopCount(ports.length);
        for (int hop = 1; hop <= ports.length; hop++) {
            initialPath(hop, ports[hop - 1]);
        }
        return hopPointer(0).inbound(false);
    }

    /** The port of hop {@code hop} (1..63) in the return path. */
    public int returnPath(int hop) {
        return Wire.u8(buf, base + RETURN_PATH_OFFSET + checkHop(hop));
    }

    public DirectedRouteSmp returnPath(int hop, int port) {
        Wire.putU8(buf, base + RETURN_PATH_OFFSET + checkHop(hop), port);
        return this;
    }

    /** The absolute buffer position of the attribute data. */
    public int dataPosition() {
        return base + DATA_OFFSET;
    }

    private static int checkHop(int hop) {
        if (hop < 1 || hop > MAX_HOPS) {
            throw new IllegalArgumentException("hop must be 1.." + MAX_HOPS + ": " + hop);
        }
        return hop;
    }
}
