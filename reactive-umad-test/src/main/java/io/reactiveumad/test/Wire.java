package io.reactiveumad.test;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.test.topology.Link;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded fabric's cables and switches as a MAD crosses them: from the port that sends it to the node where it
 * arrives, a directed route hop by hop by the rules of {@link DirectedRoute} (IBA 14.2.2), a LID-routed one through the
 * switches' linear forwarding tables and active ports. The arrival is handed to {@link FabricEngine#arrive} as a task
 * of the fabric's executor, after {@code hopDelay} per hop plus what the faults add; what cannot get there is dropped,
 * counted and said at DEBUG. One per {@link FabricEngine}, run on its executor like the rest of it.
 */
final class Wire {
    private static final Logger LOG = LoggerFactory.getLogger(Wire.class);
    /** A LID-routed walk longer than this is a routing loop. */
    private static final int MAX_LID_HOPS = 64;

    private final FabricEngine engine;
    private final long hopDelayNanos;
    private long undeliverable;

    Wire(FabricEngine engine, Duration hopDelay) {
        this.engine = engine;
        this.hopDelayNanos = hopDelay.toNanos();
    }

    /** Counts {@code mad} as sent by {@code node}:{@code port} and carries it to where it arrives. */
    void send(FabricNode node, int port, MadAddress to, byte[] mad) {
        node.ports[port].counters.add(PortCounter.XMIT_PKTS, 1);
        node.ports[port].counters.add(PortCounter.XMIT_DATA, mad.length / 4);
        if ((mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE) {
            sendDirected(node, port, to, mad);
        } else {
            sendLidRouted(node, port, to, mad);
        }
    }

    /**
     * A directed-route SMP, hop by hop by the rules of {@link DirectedRoute}. With DrSLID not permissive the path's
     * first part is LID-routed (IBA 14.2.2): the request goes through the forwarding tables to the node at {@code to}'s
     * LID, which begins the directed part as if it had sent it; the response, back at that node, goes through the
     * tables to DrSLID.
     */
    private void sendDirected(FabricNode from, int egress, MadAddress to, byte[] mad) {
        if (mad.length < MadHeader.MAD_SIZE || !DirectedRoute.endsDirected(mad)) {
            drop(from, mad, "directed route with a LID-routed last part (DrDLID not permissive) is not emulated");
            return;
        }
        boolean lidRoutedStart = DirectedRoute.drSlid(mad) != MadAddress.PERMISSIVE_LID;
        FabricNode node = from;
        int port = egress;
        int hops = 0;
        if (lidRoutedStart && !DirectedRoute.returning(mad) && DirectedRoute.hopPointer(mad) == 0) {
            Reached start = routeToLid(from, egress, to.lid(), mad);
            if (start == null) {
                return;
            }
            node = start.node();
            port = DirectedRoute.hopCount(mad) == 0 ? start.port() : DirectedRoute.firstPort(mad);
            hops = start.hops();
        }
        if (!DirectedRoute.onSend(mad, node.isSwitch(), port)) {
            drop(node, mad, "directed route rejected on send (IBA C14-9/C14-13)");
            return;
        }
        while (true) {
            if (DirectedRoute.hopCount(mad) != 0) {
                Link.End far = engine.topology().remote(node.id(), port).orElse(null);
                if (far == null) {
                    drop(node, mad, "directed route leaves by uncabled port " + port);
                    return;
                }
                node = engine.node(far.node());
                port = far.port();
                hops++;
            }
            if (!DirectedRoute.onReceive(mad, node.isSwitch(), port, node.node.portCount())) {
                drop(node, mad, "directed route rejected on receive (IBA C14-9/C14-13)");
                return;
            }
            if (DirectedRoute.next(mad, node.isSwitch()) == DirectedRoute.Next.LOCAL) {
                if (lidRoutedStart && DirectedRoute.returning(mad)) {
                    // Back where the directed part began: the rest of the way is LID-routed to the requester.
                    Reached requester = routeToLid(node, port, DirectedRoute.drSlid(mad), mad);
                    if (requester != null) {
                        deliver(requester.node(), requester.port(), mad, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                                hops + requester.hops());
                    }
                    return;
                }
                deliver(node, port, mad, MadAddress.smp(MadAddress.PERMISSIVE_LID), hops);
                return;
            }
            int out = DirectedRoute.forwardPort(mad);
            if (!DirectedRoute.onSend(mad, node.isSwitch(), out)) {
                drop(node, mad, "directed route rejected when forwarding");
                return;
            }
            port = out;
        }
    }

    private void sendLidRouted(FabricNode from, int port, MadAddress to, byte[] mad) {
        int mgmtClass = mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF;
        boolean smp = MgmtClass.isSmp(mgmtClass);
        if (smp ? to.qpn() != 0 : to.qpn() != 1 || to.qkey() != MadAddress.GSI_QKEY) {
            drop(from, mad, String.format("QP%d/Q_Key 0x%08x does not take class 0x%02x", to.qpn(), to.qkey(), mgmtClass));
            return;
        }
        FabricPort source = from.addressable(Math.max(port, 1));
        MadAddress sourceAddress = new MadAddress(source.lid, smp ? 0 : 1, smp ? 0 : MadAddress.GSI_QKEY, to.sl(), 0, 0, null);
        Reached reached = routeToLid(from, port, to.lid(), mad);
        if (reached != null) {
            deliver(reached.node(), reached.port(), mad, sourceAddress, reached.hops());
        }
    }

    /** Where a packet routed by LID arrives: the node, the port it enters by, the links it crossed. */
    private record Reached(FabricNode node, int port, int hops) {
    }

    /**
     * Where a packet sent from {@code from}:{@code port} to {@code dlid} arrives, through the switches' linear forwarding
     * tables and active ports; null when it does not (dropped, with why).
     */
    private Reached routeToLid(FabricNode from, int port, int dlid, byte[] mad) {
        FabricPort source = from.addressable(Math.max(port, 1));
        if (source.lid == 0 || source.state != PortInfo.STATE_ACTIVE) {
            drop(from, mad, "source port has no LID or is not active");
            return null;
        }
        FabricNode node = from;
        int inPort = port;
        int egress;
        if (node.isSwitch()) {
            if (node.ports[0].ownsLid(dlid)) {
                return new Reached(node, inPort, 0);
            }
            egress = node.route(dlid);
        } else {
            if (source.ownsLid(dlid)) {
                return new Reached(node, port, 0);
            }
            egress = port;
        }
        for (int hops = 1; hops <= MAX_LID_HOPS; hops++) {
            if (egress == FabricNode.NO_ROUTE || egress == 0 || egress >= node.ports.length
                    || node.ports[egress].state != PortInfo.STATE_ACTIVE) {
                drop(node, mad, "no active route to LID " + dlid);
                return null;
            }
            Link.End far = engine.topology().remote(node.id(), egress).orElse(null);
            if (far == null) {
                drop(node, mad, "route to LID " + dlid + " leaves by uncabled port " + egress);
                return null;
            }
            node = engine.node(far.node());
            inPort = far.port();
            if (node.isSwitch()) {
                if (node.ports[0].ownsLid(dlid)) {
                    return new Reached(node, inPort, hops);
                }
                egress = node.route(dlid);
            } else {
                if (node.ports[inPort].ownsLid(dlid) && node.ports[inPort].state == PortInfo.STATE_ACTIVE) {
                    return new Reached(node, inPort, hops);
                }
                drop(node, mad, "LID " + dlid + " is not at this CA port");
                return null;
            }
        }
        drop(node, mad, "routing loop towards LID " + dlid);
        return null;
    }

    private void deliver(FabricNode node, int port, byte[] mad, MadAddress source, int hops) {
        Faults.Verdict verdict = engine.faults.apply(node.id(), mad);
        long delay = hopDelayNanos * hops + verdict.delayNanos();
        for (int copy = 0; copy < verdict.copies(); copy++) {
            Arrival arrival = new Arrival(node, port, copy == 0 ? verdict.mad() : verdict.mad().clone(), source);
            if (delay == 0) {
                engine.executor.execute(() -> engine.arrive(arrival));
            } else {
                engine.executor.schedule(() -> engine.arrive(arrival), delay, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Drops {@code mad} at {@code at}, counted and said at DEBUG with why. */
    void drop(FabricNode at, byte[] mad, String why) {
        undeliverable++;
        if (LOG.isDebugEnabled()) {
            LOG.debug("dropped at {}: class 0x{} method 0x{} ({})", at.id(),
                    mad.length > MadHeader.METHOD_OFFSET ? Integer.toHexString(mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF) : "?",
                    mad.length > MadHeader.METHOD_OFFSET ? Integer.toHexString(mad[MadHeader.METHOD_OFFSET] & 0xFF) : "?", why);
        }
    }

    /** MADs dropped so far. */
    long undeliverable() {
        return undeliverable;
    }
}
