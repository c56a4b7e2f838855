package io.reactiveumad.test;

import java.util.ArrayList;
import java.util.List;

/**
 * Runtime state of one port of a {@link FabricNode}: what PortInfo reports. Port 0 of a switch holds the
 * switch's LID; a switch's external ports have only link state. Mutated on the fabric executor only.
 */
final class FabricPort {
    static final int STATE_DOWN = 1;
    static final int STATE_INIT = 2;
    static final int STATE_ACTIVE = 4;
    static final int PHYS_POLLING = 2;
    static final int PHYS_DISABLED = 3;
    static final int PHYS_LINK_UP = 5;
    static final int DEFAULT_PKEY = 0xFFFF;

    final int number;
    int lid;
    int lmc;
    int smLid;
    int state = STATE_DOWN;
    int physState = PHYS_POLLING;
    boolean clientReregister;
    /** Disabled by a PortInfo Set (PortPhysicalState Disabled): down, whatever its cable, until a Set enables it. */
    boolean disabled;
    final List<Integer> pkeys = new ArrayList<>(List.of(DEFAULT_PKEY));
    final CounterSet counters = new CounterSet();

    FabricPort(int number) {
        this.number = number;
    }

    boolean ownsLid(int dlid) {
        return lid != 0 && dlid >= lid && dlid < lid + (1 << lmc);
    }
}
