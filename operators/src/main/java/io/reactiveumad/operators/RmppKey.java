package io.reactiveumad.operators;

import io.reactiveumad.mad.MadHeader;

/**
 * Identifies one RMPP transfer, as the kernel does: the peer, the low 32 TID bits (the kernel owns the
 * high half of a request's TID) and the management class.
 *
 * @param peer      any value with equality naming the remote end (e.g. a {@code MadAddress}, or LID and QP)
 * @param tidLow    the low 32 bits of the TID
 * @param mgmtClass the management class
 */
public record RmppKey(Object peer, int tidLow, int mgmtClass) {

    /** The key of {@code mad}, received from or sent to {@code peer}. */
    public static RmppKey of(Object peer, byte[] mad) {
        return new RmppKey(peer, (int) RmppWire.tid(mad), mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF);
    }

    @Override
    public String toString() {
        return String.format("RmppKey[peer=%s tidLow=0x%08x class=0x%02x]", peer, tidLow, mgmtClass);
    }
}
