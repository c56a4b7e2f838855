package io.reactiveumad.mad;

/**
 * Where a MAD goes to or came from: the address vector the kernel's {@code ib_user_mad_hdr}
 * carries, independent of transport.
 *
 * @param lid         remote LID (the permissive LID 0xFFFF for directed-route SMPs)
 * @param qpn         remote QP: 0 for SMPs, 1 for GSI classes
 * @param qkey        remote Q_Key (0 on QP0; {@link #GSI_QKEY} on QP1)
 * @param sl          service level, 0–15
 * @param pathBits    source path bits (LMC)
 * @param pkeyIndex   index into the local port's P_Key table
 * @param grh         the global route, or {@code null} when no GRH is present
 */
public record MadAddress(int lid, int qpn, int qkey, int sl, int pathBits, int pkeyIndex, Grh grh) {
    public static final int PERMISSIVE_LID = 0xFFFF;
    /** The highest unicast LID: 0 is reserved, and 0xC000 up to the permissive LID are multicast. */
    public static final int MAX_UNICAST_LID = 0xBFFF;
    public static final int GSI_QKEY = 0x80010000;

    /** Global route header fields. */
    public record Grh(Gid gid, int gidIndex, int hopLimit, int trafficClass, int flowLabel) {
    }

    public MadAddress {
        if (lid < 0 || lid > 0xFFFF) {
            throw new IllegalArgumentException("lid out of range: " + lid);
        }
        if (qpn < 0 || qpn > 0xFFFFFF) {
            throw new IllegalArgumentException("qpn out of range: " + qpn);
        }
        if (sl < 0 || sl > 15) {
            throw new IllegalArgumentException("sl out of range: " + sl);
        }
        if (pkeyIndex < 0 || pkeyIndex > 0xFFFF) {
            throw new IllegalArgumentException("pkeyIndex out of range: " + pkeyIndex);
        }
    }

    /** A GSI (QP1) destination with the well-known Q_Key. */
    /** Whether {@code lid} names one port (1 to {@link #MAX_UNICAST_LID}), as libibmad's {@code IB_LID_VALID}. */
    public static boolean isUnicastLid(int lid) {
        return lid >= 1 && lid <= MAX_UNICAST_LID;
    }

    public static MadAddress gsi(int lid) {
        return new MadAddress(lid, 1, GSI_QKEY, 0, 0, 0, null);
    }

    /** An SMP (QP0) destination; use {@link #PERMISSIVE_LID} for directed route. */
    public static MadAddress smp(int lid) {
        return new MadAddress(lid, 0, 0, 0, 0, 0, null);
    }

    /** A short form for messages: {@code "LID 4 QP1"}, with the GID when a global route is given. */
    public String describe() {
        String at = (lid == PERMISSIVE_LID ? "permissive LID" : "LID " + lid) + " QP" + qpn;
        return grh == null ? at : at + " GID " + grh.gid();
    }

    public MadAddress withSl(int newSl) {
        return new MadAddress(lid, qpn, qkey, newSl, pathBits, pkeyIndex, grh);
    }

    public MadAddress withPkeyIndex(int index) {
        return new MadAddress(lid, qpn, qkey, sl, pathBits, index, grh);
    }

    public MadAddress withGrh(Grh route) {
        return new MadAddress(lid, qpn, qkey, sl, pathBits, pkeyIndex, route);
    }
}
