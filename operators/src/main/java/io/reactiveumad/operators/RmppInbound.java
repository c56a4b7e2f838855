package io.reactiveumad.operators;

/**
 * A MAD received from {@code peer}, fed to {@link Rmpp#receive}.
 *
 * @param peer any value with equality naming the remote end; it becomes part of the {@link RmppKey} and
 *             is handed back on every {@link RmppEvent.Control} for that transfer
 * @param mad  the MAD as received (a 256-byte segment for user-space RMPP)
 */
public record RmppInbound(Object peer, byte[] mad) {
}
