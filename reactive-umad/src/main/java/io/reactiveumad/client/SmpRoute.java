package io.reactiveumad.client;

import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.MadAddress;
import java.util.Arrays;

/**
 * How an SMP reaches its target: LID routed (class 0x01), or directed route (class 0x81) along a list
 * of egress ports, optionally with a LID-routed part before and/or after the directed part.
 */
public sealed interface SmpRoute permits SmpRoute.LidRouted, SmpRoute.Directed {

    /** A LID-routed SMP to {@code lid}. */
    static LidRouted lid(int lid) {
        return new LidRouted(lid);
    }

    /**
     * A directed route starting at the local port: leave by {@code ports[0]} at the first hop, and so on.
     * No ports is the local port itself. DrSLID and DrDLID are the permissive LID.
     */
    static Directed directed(int... ports) {
        return new Directed(MadAddress.PERMISSIVE_LID, ports, MadAddress.PERMISSIVE_LID);
    }

    /** A LID-routed SMP. @param lid the target's LID (1..0xBFFF unicast) */
    record LidRouted(int lid) implements SmpRoute {
        public LidRouted {
            GsiAddressing.unicastLid(lid);
        }

        @Override
        public String toString() {
            return "lid " + lid;
        }
    }

    /**
     * A directed-route SMP.
     *
     * @param startLid the LID of the node where the directed part starts, reached LID routed; the
     *                 permissive LID to start at the local port. When not permissive the request's DrSLID
     *                 is the local port's LID so the answer can come back LID routed.
     * @param ports    the egress port at each hop of the directed part (at most 63)
     * @param endLid   DrDLID: the permissive LID when the directed part reaches the target, else the
     *                 target's LID for a final LID-routed part
     */
    record Directed(int startLid, int[] ports, int endLid) implements SmpRoute {
        public Directed {
            if (startLid < 1 || startLid > MadAddress.PERMISSIVE_LID) {
                throw new IllegalArgumentException("startLid out of range: " + startLid);
            }
            if (endLid < 1 || endLid > MadAddress.PERMISSIVE_LID) {
                throw new IllegalArgumentException("endLid out of range: " + endLid);
            }
            if (ports.length > DirectedRouteSmp.MAX_HOPS) {
                throw new IllegalArgumentException("a directed route has at most " + DirectedRouteSmp.MAX_HOPS
                        + " hops, got " + ports.length);
            }
            for (int p : ports) {
                if (p < 0 || p > 254) {
                    throw new IllegalArgumentException("not a port number: " + p + " in " + Arrays.toString(ports));
                }
            }
            ports = ports.clone();
        }

        /** The same directed part, reached LID routed from here via the node with LID {@code lid}. */
        public Directed from(int lid) {
            return new Directed(lid, ports, endLid);
        }

        /** The same directed part, followed by a LID-routed part to {@code lid} (DrDLID). */
        public Directed to(int lid) {
            return new Directed(startLid, ports, lid);
        }

        @Override
        public int[] ports() {
            return ports.clone();
        }

        public boolean startsLocally() {
            return startLid == MadAddress.PERMISSIVE_LID;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Directed d && d.startLid == startLid && d.endLid == endLid
                    && Arrays.equals(d.ports, ports);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * startLid + endLid) + Arrays.hashCode(ports);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("DR ");
            if (!startsLocally()) {
                sb.append("lid ").append(startLid).append(' ');
            }
            sb.append(Arrays.toString(ports));
            if (endLid != MadAddress.PERMISSIVE_LID) {
                sb.append(" -> lid ").append(endLid);
            }
            return sb.toString();
        }
    }
}
