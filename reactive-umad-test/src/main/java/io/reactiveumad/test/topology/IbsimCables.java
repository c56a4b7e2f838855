package io.reactiveumad.test.topology;

/**
 * The rate a cable of an ibsim net file runs at once OpenSM has swept, from what each end enables ({@link PortRates}).
 * ibsim first brings it up at the widest width and fastest speeds both ends enable (refusing to start where they share
 * no width or speed). Then it takes every PortInfo Set with a port state of "no change" as an order for both ends: the
 * widest width and fastest speed of the masks the Set carries. OpenSM's Sets carry a port's own masks back, except
 * that its link manager writes LinkSpeedEnabled 15 ("set to supported", which ibsim ignores) where a port enables less
 * than SDR, DDR and QDR, and the same for the extended speeds below FDR, EDR and HDR. So:
 * <ol>
 *   <li>OpenSM's LID manager writes each CA's or router's port: the speed it enables (SDR, DDR or QDR), and where the
 *       cable runs at an extended speed, the extended speed it enables;</li>
 *   <li>its link manager writes every port: QDR where it enables SDR, DDR and QDR; HDR where it enables FDR, EDR and
 *       HDR and the cable runs at an extended speed; and a switch's port the widest width it enables.</li>
 * </ol>
 * Each in the order of node GUIDs, so of two switches the one with the higher GUID is written last and its width wins
 * (measured on ibsim 0.10 under Debian's OpenSM: switch and host, whichever GUID is higher; two switches whatever their
 * names, their order in the file and where the SM runs; two hosts back to back). OpenSM writes nothing to or toward a
 * node whose GUID is 0 (ibsim's first router), so such a cable keeps its first rate.
 */
final class IbsimCables {
    private IbsimCables() {
    }

    /** The cable between {@code a} and {@code b} (nodes and what their ports enable) as ibsim runs it under OpenSM. */
    static Link cable(Link.End a, Node nodeA, PortRates ratesA, Link.End b, Node nodeB, PortRates ratesB) {
        int widths = ratesA.widths() & ratesB.widths();
        int speeds = ratesA.speeds() & ratesB.speeds() & PortRates.SDR_DDR_QDR;
        if (widths == 0 || speeds == 0) {
            throw new IllegalArgumentException("ports " + a + " and " + b + " enable no " + (widths == 0 ? "width"
                    : "speed") + " in common (ibsim refuses to start on such a cable)");
        }
        LinkWidth width = LinkWidth.widestIn(widths);
        int speed = Integer.highestOneBit(speeds);
        int extended = Integer.highestOneBit(ratesA.extendedSpeeds() & ratesB.extendedSpeeds());
        if (nodeA.nodeGuid() != 0 && nodeB.nodeGuid() != 0) {
            // Each pass in the order of node GUIDs: of two ends, the one with the higher GUID is written last.
            boolean aFirst = nodeA.nodeGuid() <= nodeB.nodeGuid();
            // OpenSM's LID manager writes the CAs' and routers' ports first: their speeds.
            for (int written = 0; written < 2; written++) {
                boolean isA = (written == 0) == aFirst;
                if (!(isA ? nodeA : nodeB).isSwitch()) {
                    PortRates rates = isA ? ratesA : ratesB;
                    int speedSet = PortRates.speedSet(rates.speeds());
                    int extendedSet = PortRates.extendedSpeedSet(rates.extendedSpeeds());
                    speed = speedSet != 0 ? speedSet : speed;
                    extended = extended != 0 && extendedSet != 0 ? extendedSet : extended;
                }
            }
            // Then its link manager writes every port: SDR-DDR-QDR and FDR-EDR-HDR as they are (less, as "supported",
            // which ibsim ignores); a switch's port also the widths it enables.
            for (int written = 0; written < 2; written++) {
                boolean isA = (written == 0) == aFirst;
                PortRates rates = isA ? ratesA : ratesB;
                speed = rates.speeds() == PortRates.SDR_DDR_QDR ? LinkSpeed.QDR.speedActive() : speed;
                extended = extended != 0 && rates.extendedSpeeds() == PortRates.FDR_EDR_HDR
                        ? LinkSpeed.HDR.extActive() : extended;
                if ((isA ? nodeA : nodeB).isSwitch() && rates.widths() != 0) {
                    width = LinkWidth.widestIn(rates.widths());
                }
            }
        }
        LinkSpeed active = extended != 0 ? LinkSpeed.of(LinkSpeed.QDR.speedActive(), extended)
                : speed == LinkSpeed.QDR.speedActive() && ratesA.fdr10() && ratesB.fdr10() ? LinkSpeed.FDR10
                : LinkSpeed.of(speed, 0);
        return new Link(a, b, width, active);
    }
}
