package io.reactiveumad.operators;

import io.reactiveumad.mad.RmppAbortException;

/** What the RMPP receiver ({@link Rmpp#receive}) emits: a MAD to send, a message, or a failed transfer. */
public sealed interface RmppEvent {

    /**
     * A control MAD (ACK or ABORT, 256 bytes) to send to {@code peer} through the same agent. Its method
     * is the DATA segments' method with the R bit flipped and its TID is theirs.
     */
    record Control(Object peer, byte[] mad) implements RmppEvent {
    }

    /**
     * A reassembled message: the first segment's headers (common, RMPP and class header, as received)
     * followed by the data of every segment, cut to the length the last segment's PayloadLength
     * announces: exactly what the kernel's RMPP hands to user space. A MAD fed to the receiver without
     * the RMPP Active flag comes back unchanged as a message too.
     */
    record Message(RmppKey key, byte[] bytes) implements RmppEvent {
    }

    /** A transfer that will not complete; {@link RmppAbortException#side()} says who ended it. */
    record Failure(RmppKey key, RmppAbortException error) implements RmppEvent {
    }
}
