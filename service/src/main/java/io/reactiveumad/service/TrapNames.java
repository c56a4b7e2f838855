package io.reactiveumad.service;

import io.reactiveumad.mad.attr.Notice;

/** What the generic traps are called, as the CLI and the page show them. */
public final class TrapNames {
    private TrapNames() {
    }

    public static String name(int trap) {
        return switch (trap) {
            case Notice.TRAP_GID_IN_SERVICE -> "GID in service";
            case Notice.TRAP_GID_OUT_OF_SERVICE -> "GID out of service";
            case Notice.TRAP_MCAST_GROUP_CREATED -> "multicast group created";
            case Notice.TRAP_MCAST_GROUP_DELETED -> "multicast group deleted";
            case Notice.TRAP_LINK_STATE_CHANGE -> "link state change";
            case Notice.TRAP_LINK_INTEGRITY -> "link integrity threshold";
            case Notice.TRAP_BUFFER_OVERRUN -> "buffer overrun threshold";
            case Notice.TRAP_FLOW_CONTROL_WATCHDOG -> "flow control watchdog";
            case Notice.TRAP_LOCAL_CHANGES -> "local changes";
            case Notice.TRAP_SYSTEM_IMAGE_GUID_CHANGE -> "system image GUID changed";
            default -> "trap " + trap;
        };
    }
}
