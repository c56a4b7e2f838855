package io.reactiveumad.test;

import static io.reactiveumad.mad.DirectedRouteSmp.DIRECTION_BIT;
import static io.reactiveumad.mad.DirectedRouteSmp.DR_DLID_OFFSET;
import static io.reactiveumad.mad.DirectedRouteSmp.DR_SLID_OFFSET;
import static io.reactiveumad.mad.DirectedRouteSmp.HOP_COUNT_OFFSET;
import static io.reactiveumad.mad.DirectedRouteSmp.HOP_POINTER_OFFSET;
import static io.reactiveumad.mad.DirectedRouteSmp.INITIAL_PATH_OFFSET;
import static io.reactiveumad.mad.DirectedRouteSmp.MAX_HOPS;
import static io.reactiveumad.mad.DirectedRouteSmp.RETURN_PATH_OFFSET;
import static io.reactiveumad.mad.DirectedRouteSmp.STATUS_OFFSET;

import io.reactiveumad.mad.MadAddress;

/**
 * The directed-route SMP rules of IBA 14.2.2 (C14-6 … C14-13) over a mutable MAD, as each node applies
 * them when it sends and when it receives: the hop pointer moves one step per hop, ReturnPath is filled
 * on the way out, the D bit turns the walk around. A LID-routed first part (DrSLID not permissive: smpquery
 * -c, ibportstate's peer of a LID-routed switch) is the engine's; a LID-routed last part (DrDLID not
 * permissive) is not emulated.
 * Field layout: {@link io.reactiveumad.mad.DirectedRouteSmp}. Works on the raw bytes because the walk
 * mutates one copy hop by hop.
 */
final class DirectedRoute {
    /** The D bit within the status word's first (high) byte. */
    private static final int DIRECTION_BIT_HIGH_BYTE = DIRECTION_BIT >>> 8;

    /** What a node does with a directed-route SMP it received and accepted. */
    enum Next { FORWARD, LOCAL, DROP }

    private DirectedRoute() {
    }

    static boolean returning(byte[] mad) {
        return (mad[STATUS_OFFSET] & DIRECTION_BIT_HIGH_BYTE) != 0;
    }

    static void setReturning(byte[] mad) {
        mad[STATUS_OFFSET] |= (byte) DIRECTION_BIT_HIGH_BYTE;
    }

    static int hopPointer(byte[] mad) {
        return mad[HOP_POINTER_OFFSET] & 0xFF;
    }

    static int hopCount(byte[] mad) {
        return mad[HOP_COUNT_OFFSET] & 0xFF;
    }

    /** DrSLID: the requester's LID when the path's first part is LID-routed, else the permissive LID. */
    static int drSlid(byte[] mad) {
        return lid(mad, DR_SLID_OFFSET);
    }

    /** Whether the path ends at the end of its directed part (DrDLID permissive), as every tool's does. */
    static boolean endsDirected(byte[] mad) {
        return lid(mad, DR_DLID_OFFSET) == MadAddress.PERMISSIVE_LID;
    }

    /** The port the directed part leaves its first node by: InitialPath[1]. */
    static int firstPort(byte[] mad) {
        return mad[INITIAL_PATH_OFFSET + 1] & 0xFF;
    }

    /** Applies the send rules for sending out {@code port}; false means the SMP must be discarded. */
    static boolean onSend(byte[] mad, boolean isSwitch, int port) {
        int hp = hopPointer(mad);
        int hc = hopCount(mad);
        if (hc > MAX_HOPS) {
            return false;
        }
        if (!returning(mad)) {
            if (hc != 0 && hp == 0 || hp != 0 && hp < hc) {
                if (hp != 0 && !isSwitch) {
                    return false;
                }
                setHopPointer(mad, hp + 1);
                return (mad[INITIAL_PATH_OFFSET + hp + 1] & 0xFF) == port;
            }
            if (hp == hc) {
                setHopPointer(mad, hp + 1);
                return true;
            }
            return hp == hc + 1;
        }
        if (hc != 0 && hp == hc + 1 || hp >= 2 && hp <= hc) {
            if (hp <= hc && !isSwitch) {
                return false;
            }
            setHopPointer(mad, hp - 1);
            return (mad[RETURN_PATH_OFFSET + hp - 1] & 0xFF) == port;
        }
        if (hp == 1) {
            setHopPointer(mad, 0);
            return true;
        }
        return hp == 0;
    }

    /** Applies the receive rules for arriving on {@code port}; false means discard. */
    static boolean onReceive(byte[] mad, boolean isSwitch, int port, int portCount) {
        int hp = hopPointer(mad);
        int hc = hopCount(mad);
        if (hc > MAX_HOPS) {
            return false;
        }
        if (!returning(mad)) {
            if (hc != 0 && hp == 0) {
                return false;
            }
            if (hp != 0 && hp < hc) {
                mad[RETURN_PATH_OFFSET + hp] = (byte) port;
                return isSwitch && (mad[INITIAL_PATH_OFFSET + hp + 1] & 0xFF) <= portCount;
            }
            if (hp == hc) {
                if (hc != 0) {
                    mad[RETURN_PATH_OFFSET + hp] = (byte) port;
                }
                return true;
            }
            return hp == hc + 1;
        }
        if (hc != 0 && hp == hc + 1) {
            return false;
        }
        if (hp >= 2 && hp <= hc) {
            return isSwitch && (mad[RETURN_PATH_OFFSET + hp - 1] & 0xFF) <= portCount;
        }
        if (hp == 1) {
            setHopPointer(mad, 0);
            return true;
        }
        return hp == 0;
    }

    /**
     * After {@link #onReceive}: forward to the next hop, or hand to the local SMA / agent. At the far
     * end of the outbound walk the hop pointer steps past HopCount (the kernel's "send" step) first.
     */
    static Next next(byte[] mad, boolean isSwitch) {
        int hp = hopPointer(mad);
        int hc = hopCount(mad);
        if (!returning(mad)) {
            if (hp != 0 && hp < hc) {
                return Next.FORWARD;
            }
            if (hp == hc) {
                setHopPointer(mad, hp + 1);
            }
            return Next.LOCAL;
        }
        return hp >= 2 && hp <= hc ? Next.FORWARD : Next.LOCAL;
    }

    /** The port a switch forwards to: the next InitialPath entry outbound, the previous ReturnPath entry back. */
    static int forwardPort(byte[] mad) {
        int hp = hopPointer(mad);
        return returning(mad) ? mad[RETURN_PATH_OFFSET + hp - 1] & 0xFF : mad[INITIAL_PATH_OFFSET + hp + 1] & 0xFF;
    }

    private static void setHopPointer(byte[] mad, int value) {
        mad[HOP_POINTER_OFFSET] = (byte) value;
    }

    private static int lid(byte[] mad, int offset) {
        return (mad[offset] & 0xFF) << 8 | mad[offset + 1] & 0xFF;
    }
}
