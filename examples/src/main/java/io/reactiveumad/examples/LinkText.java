package io.reactiveumad.examples;

import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.PortInfo;

/** A link's text as iblinkinfo and ibqueryerrors -r print it: the link between the ends, and the far end. */
final class LinkText {
    private LinkText() {
    }

    /**
     * The far end: its LID, port, node description and iblinkinfo's "Could be" hints, after its port GUID
     * when {@code withGuid} (ibqueryerrors -r); the empty end when nothing is cabled. Ends with a newline.
     */
    static String remote(PortLink link, boolean withGuid, ChassisPorts ports) {
        if (link.remote().isEmpty()) {
            return "           [  ] \"\" ( )\n";
        }
        LinkEnd remote = link.remote().get();
        String[] could = couldBe(link);
        return (withGuid ? String.format("0x%016x ", remote.node().portGuid(remote.port())) : "")
                + String.format("%6d %4d[%2s] \"%s\" (%s "
                        + "%s)%n", remote.lid(), remote.port(), ports.of(remote), remote.node().description(),
                could[0], could[1]);
    }

    /** The link as infiniband-diags prints it between the ends: {@code ( 4X   2.5 Gbps Active/  LinkUp)}. */
    static String link(PortLink link) {
        PortInfo info = link.local().portInfo();
        String state = PortInfo.stateName(info.portState());
        String phys = PortNames.physicalState(info.portPhysicalState());
        if (info.portState() == PortInfo.STATE_DOWN) {
            return String.format("(              %6s/%8s)", state, phys);
        }
        return String.format("(%3s %18s %6s/%8s)", PortNames.width(info.linkWidthActive()), speed(link.local()), state,
                phys);
    }

    /**
     * The extended speed when both the port's capabilities and its PortInfo have one, else FDR10 where
     * MlnxExtPortInfo says so, else the base speed.
     */
    static String speed(LinkEnd end) {
        int extended = extendedSpeed(end);
        if (extended != 0) {
            return PortNames.extendedSpeed(extended);
        }
        return isFdr10(end) ? "10.0 Gbps (FDR10)" : PortNames.speed(end.portInfo().linkSpeedActive());
    }

    /** LinkSpeedExtActive where the port's capabilities (a switch's port 0's) say it has extended speeds, else 0. */
    static int extendedSpeed(LinkEnd end) {
        return end.node().linkSpeedExtActive(end.port());
    }

    /** Whether the port's MlnxExtPortInfo, where the discovery asked for it, has FDR10 active. */
    static boolean isFdr10(LinkEnd end) {
        return end.node().fdr10Active(end.port());
    }

    /** Whether the port's MlnxExtPortInfo, where the discovery asked for it, has FDR10 supported. */
    private static boolean canBeFdr10(LinkEnd end) {
        return end.node().mlnxExtPort(end.port()).map(MlnxExtPortInfo::fdr10Supported).orElse(false);
    }

    /** A switch's capabilities are its port 0's. */
    private static long capabilities(LinkEnd end) {
        return end.node().addressingPort(end.port()).map(PortInfo::capabilityMask).orElse(0L);
    }

    /** iblinkinfo's hints: the widest width and fastest speed both ends support, when the link runs below them. */
    static String[] couldBe(PortLink link) {
        PortInfo a = link.local().portInfo();
        PortInfo b = link.remote().orElseThrow().portInfo();
        String width = "";
        int maxWidth = widest(a.linkWidthSupported() & b.linkWidthSupported());
        if ((maxWidth & a.linkWidthActive()) == 0) {
            width = "Could be " + PortNames.width(maxWidth);
        }
        String speed = "";
        long extended = PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED;
        boolean bothExtended = (capabilities(link.local()) & extended) != 0
                && (capabilities(link.remote().get()) & extended) != 0 && a.linkSpeedExtSupported() != 0
                && b.linkSpeedExtSupported() != 0;
        boolean bothFdr10 = canBeFdr10(link.local()) && canBeFdr10(link.remote().get());
        if (bothExtended) {
            int max = fastest(a.linkSpeedExtSupported() & b.linkSpeedExtSupported());
            if ((max & a.linkSpeedExtActive()) == 0) {
                speed = "Could be " + PortNames.extendedSpeed(max);
            }
        } else if (bothFdr10) {
            if (!isFdr10(link.local())) {
                // the tools' special case, so that a QDR link is not taken for an FDR10 one
                speed = a.linkSpeedActive() == PortInfo.LINK_SPEED_QDR
                        ? "Could be FDR10 (Found link at QDR but expected speed is FDR10)" : "Could be FDR10";
            }
        } else {
            int max = fastest(a.linkSpeedSupported() & b.linkSpeedSupported());
            if ((max & a.linkSpeedActive()) == 0) {
                speed = "Could be " + PortNames.speed(max);
            }
        }
        return new String[] {width, speed};
    }

    /**
     * The fastest speed of a supported-speeds mask, as libibmad's diags take it: its highest bit, and the lowest
     * speed (1) when none is set (an end whose PortInfo went unanswered supports nothing).
     */
    private static int fastest(int supported) {
        return Math.max(1, Integer.highestOneBit(supported));
    }

    /** The widest of a LinkWidthSupported mask: 12X, 8X, 4X, then 2X, else 1X (libibmad's order). */
    private static int widest(int supported) {
        for (int w : new int[] {8, 4, 2, 16}) {
            if ((supported & w) != 0) {
                return w;
            }
        }
        return 1;
    }
}
