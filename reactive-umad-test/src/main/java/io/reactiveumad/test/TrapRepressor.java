package io.reactiveumad.test;

import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;

/**
 * The SM's answer to the traps SMAs send it (SubnTrap, LID-routed, to the SM's port): a SubnTrapRepress
 * with the trap's TID, so the sender stops resending, as OpenSM answers them. Counts what it repressed.
 */
final class TrapRepressor implements LocalService {
    private final FabricEngine engine;
    /** Fabric executor only. */
    private long repressed;

    TrapRepressor(FabricEngine engine) {
        this.engine = engine;
    }

    @Override
    public boolean serves(FabricNode node, int port, int mgmtClass, int method) {
        return mgmtClass == MgmtClass.SUBN_LID_ROUTED && method == Method.TRAP && node == engine.smNode()
                && port == engine.smPort();
    }

    @Override
    public void onRequest(Arrival trap) {
        repressed++;
        engine.reply(trap, trap.mad().clone());
    }

    long repressed() {
        return repressed;
    }
}
