package io.reactiveumad;

/** Who segments and reassembles RMPP messages for an agent. */
public enum RmppMode {
    /** The agent's class does not use RMPP: every MAD is one 256-byte datagram. */
    NONE,
    /** The kernel does RMPP (rmpp_version 1); only on the kernel transport. */
    KERNEL,
    /**
     * Our user-space RMPP operators do it; works on every transport. A responder sending long answers
     * must also serve the method the peer ACKs them with: the request method of the answer (Get for
     * GetResp, GetTable for GetTableResp), since ACKs to a response stream travel as requests.
     */
    USER
}
