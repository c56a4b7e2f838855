package io.reactiveumad.spi.channel;

/**
 * What {@code IB_USER_MAD_REGISTER_AGENT2} registers: which unsolicited MADs an agent receives.
 *
 * @param qpn          0 (SMP classes 0x01/0x81 only) or 1
 * @param mgmtClass    management class; 0 registers a client-only agent (solicited responses only)
 * @param classVersion class version, below 8
 * @param methodMaskLo methods 0–63 this agent serves (bit n = method n); 0 for a pure client
 * @param methodMaskHi methods 64–127
 * @param oui          24-bit OUI, required for vendor classes 0x30–0x4F, else 0
 * @param rmppVersion  1 to let the kernel do RMPP for this class, 0 otherwise
 * @param userRmpp     the {@code IB_USER_MAD_USER_RMPP} flag: raw segments both ways, ACKs are ours
 */
public record AgentRegistration(int qpn, int mgmtClass, int classVersion, long methodMaskLo, long methodMaskHi,
                                int oui, int rmppVersion, boolean userRmpp) {
    public AgentRegistration {
        if (qpn != 0 && qpn != 1) {
            throw new IllegalArgumentException("qpn must be 0 or 1: " + qpn);
        }
        if (mgmtClass < 0 || mgmtClass > 0xFF) {
            throw new IllegalArgumentException("mgmtClass out of range: " + mgmtClass);
        }
        if (classVersion < 0 || classVersion > 7) {
            throw new IllegalArgumentException("classVersion must be below 8: " + classVersion);
        }
        if (oui < 0 || oui > 0xFFFFFF) {
            throw new IllegalArgumentException("oui is 24 bits: " + oui);
        }
        if (rmppVersion != 0 && rmppVersion != 1) {
            throw new IllegalArgumentException("rmppVersion must be 0 or 1: " + rmppVersion);
        }
    }

    /** True when this agent receives unsolicited MADs of {@code method} (0–127). */
    public boolean servesMethod(int method) {
        return method < 64 ? (methodMaskLo >>> method & 1) != 0 : (methodMaskHi >>> (method - 64) & 1) != 0;
    }
}
