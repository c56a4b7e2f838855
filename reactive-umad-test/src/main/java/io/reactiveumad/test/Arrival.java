package io.reactiveumad.test;

import io.reactiveumad.mad.MadAddress;

/**
 * A MAD handed to a node: where it arrived (node, port) and where it came from (the address the
 * receiver sees as source: the sender's LID, QP and SL; the permissive LID for directed route).
 */
record Arrival(FabricNode node, int port, byte[] mad, MadAddress source) {
}
