package io.reactiveumad.client;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.spi.channel.PortAttributes;
import java.util.List;

/** How the GSI clients address QP1 of another port from a local one. */
final class GsiAddressing {
    /** The default partition's key without the membership bit. */
    private static final int DEFAULT_PARTITION = PKeyTable.DEFAULT_P_KEY & PKeyTable.PARTITION_MASK;

    private GsiAddressing() {
    }

    /**
     * The P_Key index GSI MADs leave by: the default partition's (full or limited member), as
     * libibumad and OpenSM pick it; 0 when the table has no default partition.
     */
    static int pkeyIndex(PortAttributes port) {
        List<Integer> pkeys = port.pkeys();
        int limited = -1;
        for (int i = 0; i < pkeys.size(); i++) {
            int key = pkeys.get(i);
            if ((key & PKeyTable.PARTITION_MASK) == DEFAULT_PARTITION) {
                if (key == PKeyTable.DEFAULT_P_KEY) {
                    return i;
                }
                if (limited < 0) {
                    limited = i;
                }
            }
        }
        return Math.max(limited, 0);
    }

    /** {@code lid}, checked to be a unicast LID before a client (SMP or GSI) builds a request to it. */
    static int unicastLid(int lid) {
        if (!MadAddress.isUnicastLid(lid)) {
            throw new IllegalArgumentException("not a unicast LID (1 to " + MadAddress.MAX_UNICAST_LID + "): " + lid);
        }
        return lid;
    }

    /** {@code serviceLevel}, checked to be one of the 16 SLs a GSI client's view may send on. */
    static int serviceLevel(int serviceLevel) {
        if (serviceLevel < 0 || serviceLevel > 15) {
            throw new IllegalArgumentException("sl must be 0..15: " + serviceLevel);
        }
        return serviceLevel;
    }

    /** QP1 of {@code lid} with the well-known Q_Key, on the port's default partition, SL {@code sl}. */
    static MadAddress qp1(PortAttributes port, int lid, int sl) {
        return MadAddress.gsi(lid).withSl(sl).withPkeyIndex(pkeyIndex(port));
    }
}
