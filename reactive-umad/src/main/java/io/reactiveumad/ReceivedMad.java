package io.reactiveumad;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;

/**
 * A MAD that arrived, with where it came from (source LID/QP/SL, the P_Key index it arrived on, GRH).
 * RMPP messages arrive reassembled: {@link Mad#length()} may exceed 256.
 */
public record ReceivedMad(Mad mad, MadAddress source) {
}
