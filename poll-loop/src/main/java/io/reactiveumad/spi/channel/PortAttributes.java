package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.Gid;
import java.util.List;

/**
 * A snapshot of a local port, as sysfs (kernel), the simulator's control socket (ibsim) or the
 * embedded fabric tells it.
 *
 * @param device    the CA name, e.g. {@code mlx5_0}, {@code rxe0}, or the simulated node's name
 * @param port      the port number on the CA, from 1
 * @param nodeGuid  the CA's node GUID
 * @param lid       base LID, 0 before the SM assigned one
 * @param lmc       LID mask control
 * @param smLid     the SM's LID (the SA lives there)
 * @param smSl      the SL to reach the SM
 * @param state     logical port state: 1 Down, 2 Init, 3 Armed, 4 Active
 * @param physState physical port state: 5 LinkUp, 2 Polling, 3 Disabled, …
 * @param linkLayer {@code InfiniBand} or {@code Ethernet}
 * @param gids      the GID table, index 0 first
 * @param pkeys     the P_Key table, index 0 first
 */
public record PortAttributes(String device, int port, long nodeGuid, int lid, int lmc, int smLid, int smSl,
                             int state, int physState, String linkLayer, List<Gid> gids, List<Integer> pkeys) {
    public static final int STATE_ACTIVE = 4;

    public PortAttributes {
        gids = List.copyOf(gids);
        pkeys = List.copyOf(pkeys);
    }

    public boolean isActive() {
        return state == STATE_ACTIVE;
    }

    public boolean isEthernet() {
        return "Ethernet".equals(linkLayer);
    }
}
