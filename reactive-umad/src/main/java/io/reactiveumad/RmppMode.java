package io.reactiveumad;

/** Who segments and reassembles RMPP messages for an agent. */
public enum RmppMode {
    /** The agent's class does not use RMPP: every MAD is one 256-byte datagram. */
    NONE,
    /** The kernel does RMPP (rmpp_version 1); only on the kernel transport. */
    KERNEL,
    /** Our user-space RMPP operators do it; works on every transport. */
    USER
}
