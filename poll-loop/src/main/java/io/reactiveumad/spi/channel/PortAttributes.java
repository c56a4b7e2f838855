package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.List;

/**
 * A snapshot of a local port, as sysfs (kernel), the simulator's control socket (ibsim) or the
 * embedded fabric tells it.
 *
 * @param device         the CA name, e.g. {@code mlx5_0}, {@code rxe0}, or the simulated node's name
 * @param port           the port number on the CA, from 1 (0: a switch's management port, where the device lists it)
 * @param nodeGuid       the CA's node GUID
 * @param lid            base LID, 0 before the SM assigned one
 * @param lmc            LID mask control
 * @param smLid          the SM's LID (the SA lives there)
 * @param smSl           the SL to reach the SM
 * @param state          logical port state: 1 Down, 2 Init, 3 Armed, 4 Active
 * @param physState      physical port state: 5 LinkUp, 2 Polling, 3 Disabled, …
 * @param linkLayer      {@code InfiniBand} or {@code Ethernet}
 * @param gids           the GID table, index 0 first
 * @param pkeys          the P_Key table, index 0 first
 * @param capabilityMask PortInfo's CapabilityMask (sysfs {@code cap_mask})
 * @param rate           the active rate as the kernel's sysfs {@code rate} file words it, e.g.
 *                       {@code 100 Gb/sec (4X EDR)} ({@link #rate(PortInfo)} where it is worked out from PortInfo);
 *                       empty where the kernel cannot say
 */
public record PortAttributes(String device, int port, long nodeGuid, int lid, int lmc, int smLid, int smSl,
                             int state, int physState, String linkLayer, List<Gid> gids, List<Integer> pkeys,
                             long capabilityMask, String rate) {
    public static final int STATE_ACTIVE = 4;

    public PortAttributes {
        gids = List.copyOf(gids);
        pkeys = List.copyOf(pkeys);
    }

    public boolean isActive() {
        return state == STATE_ACTIVE;
    }

    /** Active and told its SM's LID: what a request to the SM or SA needs (IBA 7.2: no GMP leaves it else). */
    public boolean reachesSm() {
        return isActive() && smLid != 0;
    }

    public boolean isEthernet() {
        return "Ethernet".equals(linkLayer);
    }

    /** The port GUID: GID 0's interface ID (0 for a port without GIDs). */
    public long portGuid() {
        return gids.isEmpty() ? 0 : gids.get(0).guid();
    }

    /**
     * The rate of the port {@code info} describes, as the kernel words it in sysfs: the active width's lanes times the
     * active lane speed in Gb/s, an extended speed (FDR and later) where the port supports them and one is active, else
     * SDR, DDR or QDR. A width IBA does not name counts no lanes ({@code 0 Gb/sec (0X SDR)}), where the kernel's file
     * fails to read. FDR10 (a vendor speed, told by MlnxExtPortInfo) reads as QDR.
     */
    public static String rate(PortInfo info) {
        int lanes = switch (info.linkWidthActive()) {
            case 1 -> 1;
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            case 16 -> 2;
            default -> 0;
        };
        int extended = (info.capabilityMask() & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0
                ? info.linkSpeedExtActive() : 0;
        // Deci-Gb/s per lane, as the kernel counts them, so that 2.5 stays exact.
        int laneRate;
        String speed;
        switch (extended) {
            case 1 -> { laneRate = 140; speed = "FDR"; }
            case 2 -> { laneRate = 250; speed = "EDR"; }
            case 4 -> { laneRate = 500; speed = "HDR"; }
            case 8 -> { laneRate = 1000; speed = "NDR"; }
            default -> {
                switch (info.linkSpeedActive()) {
                    case 2 -> { laneRate = 50; speed = "DDR"; }
                    case 4 -> { laneRate = 100; speed = "QDR"; }
                    default -> { laneRate = 25; speed = "SDR"; }
                }
            }
        }
        int rate = laneRate * lanes;
        return rate / 10 + (rate % 10 != 0 ? ".5" : "") + " Gb/sec (" + lanes + "X " + speed + ")";
    }
}
