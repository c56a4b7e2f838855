package io.reactiveumad.test.topology;

/**
 * A cable between two ports, with the width and speed both ends run at. The ends are kept in a
 * canonical order (by node id, then port) so equal cables are equal links whichever side declared them.
 *
 * @param a     one end
 * @param b     the other end
 * @param width active width
 * @param speed active speed
 */
public record Link(End a, End b, LinkWidth width, LinkSpeed speed) {
    /** What ibsim assumes when a file says nothing: 4x SDR. */
    public static final LinkWidth DEFAULT_WIDTH = LinkWidth.X4;
    public static final LinkSpeed DEFAULT_SPEED = LinkSpeed.SDR;

    /** One end of a link: a node id and an external port number (1..n). */
    public record End(String node, int port) {
        public End {
            if (node == null || port < 1) {
                throw new IllegalArgumentException("a link end needs a node and a port >= 1: " + node + "[" + port + "]");
            }
        }

        // equals and hashCode written out: a record's generated ones go through the ObjectMethods bootstrap and
        // method handles, ~30 classes spun at run time that a cold `./umad discover` paid for when it built
        // the topology it prints.
        @Override
        public boolean equals(Object other) {
            return other instanceof End end && end.port == port && end.node.equals(node);
        }

        @Override
        public int hashCode() {
            return node.hashCode() * 31 + port;
        }

        @Override
        public String toString() {
            return "\"" + node + "\"[" + port + "]";
        }
    }

    public Link {
        if (a == null || b == null || width == null || speed == null) {
            throw new IllegalArgumentException("a link needs two ends, a width and a speed");
        }
        if (a.equals(b)) {
            throw new IllegalArgumentException("a port cannot be linked to itself: " + a);
        }
        int order = a.node().compareTo(b.node());
        if (order > 0 || order == 0 && a.port() > b.port()) {
            End first = b;
            b = a;
            a = first;
        }
    }

    /** A link at the default width and speed. */
    public static Link of(String nodeA, int portA, String nodeB, int portB) {
        return new Link(new End(nodeA, portA), new End(nodeB, portB), DEFAULT_WIDTH, DEFAULT_SPEED);
    }

    /** True if {@code end} is one of this link's ends. */
    public boolean touches(End end) {
        return a.equals(end) || b.equals(end);
    }

    /** The end opposite {@code end}. */
    public End other(End end) {
        if (a.equals(end)) {
            return b;
        }
        if (b.equals(end)) {
            return a;
        }
        throw new IllegalArgumentException(end + " is not an end of " + this);
    }
}
