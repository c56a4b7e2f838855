package io.reactiveumad.test;

/**
 * A manager that lives in a node rather than behind a channel: the SMA and PMA on every node, the SA
 * at the SM's port. It answers requests through {@link FabricEngine#reply}; requests it serves never
 * reach channel agents, and channels cannot register for them.
 */
interface LocalService {
    /**
     * RespTimeValue 18 (4.096 µs × 2^18 ≈ 1 s): what every service's ClassPortInfo says here, as OpenSM's SA and
     * ibsim's PMA say it.
     */
    int RESP_TIME_VALUE = 18;

    /** True when this service answers unsolicited {@code mgmtClass}/{@code method} MADs arriving at {@code node}:{@code port}. */
    boolean serves(FabricNode node, int port, int mgmtClass, int method);

    /** Handles one request; runs on the fabric executor. */
    void onRequest(Arrival request);
}
