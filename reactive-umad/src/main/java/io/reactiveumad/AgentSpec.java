package io.reactiveumad;

import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MgmtClass;

/**
 * What an agent is: the management class and version it speaks, which unsolicited methods it serves,
 * and how it does RMPP. Immutable; build with {@link #client} or {@link #server} and the {@code with*}
 * methods.
 *
 * @param mgmtClass    management class (0x01 LID-routed SMP, 0x81 directed-route SMP, 0x03 SA, 0x04 PerfMgt, …)
 * @param classVersion class version (SA 2, SMP 1, PerfMgt 1)
 * @param methodMaskLo unsolicited methods 0–63 this agent receives
 * @param methodMaskHi methods 64–127
 * @param oui          OUI for vendor classes 0x30–0x4F, else 0
 * @param rmpp         who does RMPP for this agent
 * @param overflow     the unsolicited stream's buffer and overflow policy
 */
public record AgentSpec(int mgmtClass, int classVersion, long methodMaskLo, long methodMaskHi, int oui,
                        RmppMode rmpp, Overflow overflow) {

    public AgentSpec {
        if (mgmtClass < 0 || mgmtClass > 0xFF) {
            throw new IllegalArgumentException("mgmtClass out of range: " + mgmtClass);
        }
        if (classVersion < 0 || classVersion > 7) {
            throw new IllegalArgumentException("classVersion must be below 8: " + classVersion);
        }
        if (oui < 0 || oui > MAX_OUI) {
            throw new IllegalArgumentException(String.format("an OUI is 24 bits: 0x%x", oui));
        }
        if (MgmtClass.isVendorRange2(mgmtClass) && oui == 0) {
            throw new IllegalArgumentException(String.format(
                    "vendor class 0x%02x needs an OUI: build it with AgentSpec.vendor(0x%02x, %d, oui)",
                    mgmtClass, mgmtClass, classVersion));
        }
        if (rmpp == null || overflow == null) {
            throw new IllegalArgumentException("rmpp and overflow must be given");
        }
    }

    /** The largest OUI (IEEE organisationally unique identifiers are 24 bits). */
    public static final int MAX_OUI = 0xFFFFFF;

    /** An agent that only sends requests and receives their responses (for vendor classes 0x30–0x4F see {@link #vendor}). */
    public static AgentSpec client(int mgmtClass, int classVersion) {
        return new AgentSpec(mgmtClass, classVersion, 0, 0, 0, RmppMode.NONE, Overflow.defaults());
    }

    /**
     * A client of vendor class {@code mgmtClass} (0x30–0x4F, which carry an OUI) for {@code oui}; add
     * {@link #withMethods} to serve. {@code client} cannot build one: the spec is checked before
     * {@link #withOui} could add the OUI.
     */
    public static AgentSpec vendor(int mgmtClass, int classVersion, int oui) {
        return new AgentSpec(mgmtClass, classVersion, 0, 0, oui, RmppMode.NONE, Overflow.defaults());
    }

    /** An agent that also receives unsolicited MADs with the given methods (e.g. Get, Set, Report). */
    public static AgentSpec server(int mgmtClass, int classVersion, int... methods) {
        return client(mgmtClass, classVersion).withMethods(methods);
    }

    public AgentSpec withMethods(int... methods) {
        long lo = methodMaskLo;
        long hi = methodMaskHi;
        for (int m : methods) {
            if (m < 0 || m > 0x7F || (m & MadHeader.RESPONSE_BIT) != 0) {
                throw new IllegalArgumentException("not a request method: " + m);
            }
            if (m < 64) {
                lo |= 1L << m;
            } else {
                hi |= 1L << (m - 64);
            }
        }
        return new AgentSpec(mgmtClass, classVersion, lo, hi, oui, rmpp, overflow);
    }

    public AgentSpec withOui(int newOui) {
        return new AgentSpec(mgmtClass, classVersion, methodMaskLo, methodMaskHi, newOui, rmpp, overflow);
    }

    public AgentSpec withRmpp(RmppMode mode) {
        return new AgentSpec(mgmtClass, classVersion, methodMaskLo, methodMaskHi, oui, mode, overflow);
    }

    public AgentSpec withOverflow(Overflow policy) {
        return new AgentSpec(mgmtClass, classVersion, methodMaskLo, methodMaskHi, oui, rmpp, policy);
    }

    /** True if unsolicited MADs with {@code method} go to this agent. */
    public boolean serves(int method) {
        return method < 64 ? (methodMaskLo >>> method & 1) != 0 : (methodMaskHi >>> (method - 64) & 1) != 0;
    }

    /** SMP classes live on QP0, everything else on QP1. */
    public int qpn() {
        return MgmtClass.isSmp(mgmtClass) ? 0 : 1;
    }
}
