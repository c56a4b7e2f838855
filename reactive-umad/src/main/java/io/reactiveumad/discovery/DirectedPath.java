package io.reactiveumad.discovery;

import io.reactiveumad.mad.DirectedRouteSmp;
import java.util.Arrays;

/**
 * A directed route from the local port: the port to leave by at each hop. Written as infiniband-diags
 * writes it, {@code "0,1,3"}: a leading 0 for the local node, then one port per hop ({@code "0"} is the
 * local node itself). Immutable.
 */
public final class DirectedPath {
    private static final DirectedPath LOCAL = new DirectedPath(new int[0]);

    private final int[] ports;

    private DirectedPath(int[] ports) {
        this.ports = ports;
    }

    /** The empty route: the local node. */
    public static DirectedPath local() {
        return LOCAL;
    }

    /** A route leaving by {@code ports[0]} at the local node, {@code ports[1]} at the next, … */
    public static DirectedPath of(int... ports) {
        if (ports.length > DirectedRouteSmp.MAX_HOPS) {
            throw new IllegalArgumentException("a directed route has at most " + DirectedRouteSmp.MAX_HOPS + " hops: "
                    + ports.length);
        }
        for (int p : ports) {
            if (p < 1 || p > 254) {
                throw new IllegalArgumentException("a directed route port must be 1..254: " + p + " in " + Arrays.toString(ports));
            }
        }
        return new DirectedPath(ports.clone());
    }

    /** Parses {@code "0,1,3"} (the leading 0 optional, so {@code "1,3"} is the same route). */
    public static DirectedPath parse(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("empty directed route (use \"0\" for the local node)");
        }
        String[] parts = trimmed.split(",");
        int[] hops = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                hops[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a directed route (ports separated by commas, e.g. 0,1,3): " + text, e);
            }
        }
        int from = hops[0] == 0 ? 1 : 0;
        return of(Arrays.copyOfRange(hops, from, hops.length));
    }

    /** This route one hop further, leaving by {@code port}. */
    public DirectedPath then(int port) {
        int[] longer = Arrays.copyOf(ports, ports.length + 1);
        longer[ports.length] = port;
        return of(longer);
    }

    public int hops() {
        return ports.length;
    }

    /** The ports, hop 1 first. */
    public int[] ports() {
        return ports.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DirectedPath other && Arrays.equals(ports, other.ports);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ports);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("0");
        for (int p : ports) {
            text.append(',').append(p);
        }
        return text.toString();
    }
}
