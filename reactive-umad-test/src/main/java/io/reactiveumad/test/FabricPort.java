package io.reactiveumad.test;

import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * Runtime state of one port of a {@link FabricNode}: what PortInfo reports. Port 0 of a switch holds the
 * switch's LID; a switch's external ports have only link state. Mutated on the fabric executor only.
 */
final class FabricPort {
    final int number;
    int lid;
    int lmc;
    int smLid;
    int state = PortInfo.STATE_DOWN;
    int physState = PortInfo.PHYS_POLLING;
    boolean clientReregister;
    /** Disabled by a PortInfo Set (PortPhysicalState Disabled): down, whatever its cable, until a Set enables it. */
    boolean disabled;
    final List<Integer> pkeys = new ArrayList<>(List.of(PKeyTable.DEFAULT_P_KEY));
    final CounterSet counters = new CounterSet();

    FabricPort(int number) {
        this.number = number;
    }

    boolean ownsLid(int dlid) {
        return lid != 0 && dlid >= lid && dlid < lid + (1 << lmc);
    }
}
