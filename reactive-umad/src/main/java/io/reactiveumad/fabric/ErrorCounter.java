package io.reactiveumad.fabric;

import io.reactiveumad.mad.perf.PortCounters;
import java.util.function.ToLongFunction;

/**
 * The PortCounters error counters an error sweep checks, in ibqueryerrors' order, with libibmad's names
 * (what ibqueryerrors prints and what its threshold file uses) and the CounterSelect bit that resets each.
 */
public enum ErrorCounter {
    SYMBOL_ERROR("SymbolErrorCounter", PortCounters::symbolErrorCounter, PortCounters.SELECT_SYMBOL_ERROR, 0),
    LINK_ERROR_RECOVERY("LinkErrorRecoveryCounter", PortCounters::linkErrorRecoveryCounter,
            PortCounters.SELECT_LINK_ERROR_RECOVERY, 0),
    LINK_DOWNED("LinkDownedCounter", PortCounters::linkDownedCounter, PortCounters.SELECT_LINK_DOWNED, 0),
    RCV_ERRORS("PortRcvErrors", PortCounters::portRcvErrors, PortCounters.SELECT_PORT_RCV_ERRORS, 0),
    RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", PortCounters::portRcvRemotePhysicalErrors,
            PortCounters.SELECT_PORT_RCV_REMOTE_PHYSICAL_ERRORS, 0),
    RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", PortCounters::portRcvSwitchRelayErrors,
            PortCounters.SELECT_PORT_RCV_SWITCH_RELAY_ERRORS, 0),
    XMIT_DISCARDS("PortXmitDiscards", PortCounters::portXmitDiscards, PortCounters.SELECT_PORT_XMIT_DISCARDS, 0),
    XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", PortCounters::portXmitConstraintErrors,
            PortCounters.SELECT_PORT_XMIT_CONSTRAINT_ERRORS, 0),
    RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", PortCounters::portRcvConstraintErrors,
            PortCounters.SELECT_PORT_RCV_CONSTRAINT_ERRORS, 0),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", PortCounters::localLinkIntegrityErrors,
            PortCounters.SELECT_LOCAL_LINK_INTEGRITY_ERRORS, 0),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", PortCounters::excessiveBufferOverrunErrors,
            PortCounters.SELECT_EXCESSIVE_BUFFER_OVERRUN_ERRORS, 0),
    VL15_DROPPED("VL15Dropped", PortCounters::vl15Dropped, PortCounters.SELECT_VL15_DROPPED, 0),
    /** Checked only where the PMA's ClassPortInfo says PortXmitWait is supported. */
    XMIT_WAIT("PortXmitWait", PortCounters::portXmitWait, 0, PortCounters.SELECT2_PORT_XMIT_WAIT);

    private final String libibmadName;
    private final ToLongFunction<PortCounters> value;
    private final int counterSelect;
    private final int counterSelect2;

    ErrorCounter(String libibmadName, ToLongFunction<PortCounters> value, int counterSelect, int counterSelect2) {
        this.libibmadName = libibmadName;
        this.value = value;
        this.counterSelect = counterSelect;
        this.counterSelect2 = counterSelect2;
    }

    /** The name infiniband-diags prints, e.g. {@code SymbolErrorCounter}. */
    public String libibmadName() {
        return libibmadName;
    }

    public long valueIn(PortCounters counters) {
        return value.applyAsLong(counters);
    }

    /** This counter's bit in PortCounters' CounterSelect (0 if it is in CounterSelect2). */
    public int counterSelect() {
        return counterSelect;
    }

    /** This counter's bit in PortCounters' CounterSelect2 (0 if it is in CounterSelect). */
    public int counterSelect2() {
        return counterSelect2;
    }

    /** The counter infiniband-diags calls {@code name}. */
    public static ErrorCounter byLibibmadName(String name) {
        for (ErrorCounter c : values()) {
            if (c.libibmadName.equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("not an error counter: " + name);
    }
}
