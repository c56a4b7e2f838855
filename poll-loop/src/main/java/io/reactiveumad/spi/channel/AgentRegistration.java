package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.MgmtClass;
import java.util.Collection;
import java.util.Optional;

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

    /** The first class the kernel keeps no method table for; above it only 0x81 (its {@code MAX_MGMT_CLASS}). */
    private static final int FIRST_RESERVED_CLASS = 0x50;

    /**
     * Why the kernel's {@code ib_register_mad_agent} refuses this registration (EINVAL) on a port whose agents hold
     * {@code registered}, or empty when it takes it: the one statement of those rules, which every transport standing
     * in for the kernel applies (ibsim's, the embedded fabric's). A client-only agent (class 0) is never refused. One
     * that names a class must name one the kernel keeps (0x01–0x4F, or 0x81), on its QP (0x01 and 0x81 on QP0, the
     * others on QP1), with an OUI in the vendor range 0x30–0x4F, with RMPP only where the class has it, and serve no
     * method another agent serves for the same class and version (and, in the vendor range, OUI).
     */
    public Optional<String> refusal(Collection<AgentRegistration> registered) {
        if (mgmtClass == 0) {
            return Optional.empty();
        }
        if (mgmtClass >= FIRST_RESERVED_CLASS && mgmtClass != MgmtClass.SUBN_DIRECTED_ROUTE) {
            return Optional.of(String.format("class 0x%02x is reserved: the kernel registers classes 0x01 to 0x4f and"
                    + " 0x81", mgmtClass));
        }
        if (MgmtClass.isVendorRange2(mgmtClass) && oui == 0) {
            return Optional.of(String.format("vendor class 0x%02x needs an OUI", mgmtClass));
        }
        if (rmppVersion != 0 && !MgmtClass.isRmppClass(mgmtClass)) {
            return Optional.of(String.format("class 0x%02x has no RMPP", mgmtClass));
        }
        if (MgmtClass.isSmp(mgmtClass) != (qpn == 0)) {
            return Optional.of(String.format("class 0x%02x is not served on QP%d (0x01 and 0x81 live on QP0, the others"
                    + " on QP1)", mgmtClass, qpn));
        }
        for (AgentRegistration other : registered) {
            long lo = methodMaskLo & other.methodMaskLo;
            long hi = methodMaskHi & other.methodMaskHi;
            if (other.mgmtClass == mgmtClass && other.classVersion == classVersion
                    && (!MgmtClass.isVendorRange2(mgmtClass) || other.oui == oui) && (lo | hi) != 0) {
                int method = lo != 0 ? Long.numberOfTrailingZeros(lo) : 64 + Long.numberOfTrailingZeros(hi);
                return Optional.of(String.format("class 0x%02x version %d method 0x%02x is served by another agent",
                        mgmtClass, classVersion, method));
            }
        }
        return Optional.empty();
    }

    /** True when this agent receives unsolicited MADs of {@code method} (0–127). */
    public boolean servesMethod(int method) {
        return method < 64 ? (methodMaskLo >>> method & 1) != 0 : (methodMaskHi >>> (method - 64) & 1) != 0;
    }
}
