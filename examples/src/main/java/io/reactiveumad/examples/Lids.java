package io.reactiveumad.examples;

import io.reactiveumad.mad.MadAddress;

/** LIDs as infiniband-diags reads them from a command line: decimal, or hex with 0x. */
final class Lids {
    private Lids() {
    }

    static int parse(String text) {
        try {
            return Integer.decode(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a LID (decimal, or hex with 0x)");
        }
    }

    /** A multicast group's LID: 0xC000 to 0xFFFE (0xFFFF is the permissive LID, no group's). */
    static int multicast(String text) {
        int lid = parse(text);
        if (lid < 0xc000 || lid > 0xfffe) {
            throw new IllegalArgumentException("'" + text + "' is not a multicast LID (0xC000 to 0xFFFE)");
        }
        return lid;
    }

    /**
     * An option naming a port by its LID: a unicast LID, checked where it is parsed, so 0 (which the SA
     * would take as "any") or a value beyond 16 bits is a usage error naming the option and the value.
     */
    static int unicast(String text) {
        int lid = parse(text);
        if (!MadAddress.isUnicastLid(lid)) {
            throw new IllegalArgumentException("'" + text + "' is not a unicast LID (1 to " + MadAddress.MAX_UNICAST_LID
                    + ", 0x1 to 0x" + Integer.toHexString(MadAddress.MAX_UNICAST_LID).toUpperCase() + ")");
        }
        return lid;
    }
}
