package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.sa.NodeRecord;
import reactor.core.publisher.Mono;

/** Port GUIDs as infiniband-diags' {@code -G} takes them, and their LIDs as the SA knows them. */
final class Guids {
    private Guids() {
    }

    /** Hex, with or without {@code 0x}. */
    static long parse(String text) {
        String hex = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        try {
            return Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port GUID (hex): " + text);
        }
    }

    /** The LID of the port with {@code portGuid}: the SA's NodeRecord for it (saquery NR -G does the same). */
    static Mono<Integer> lidOf(MadPort port, long portGuid) {
        NodeInfo info = new NodeInfo(0, 0, 0, 0, 0, 0, portGuid, 0, 0, 0, 0, 0);
        SaClient sa = SaClient.of(port);
        return sa.get(SaClient.NODE_RECORD, new NodeRecord(0, info, new NodeDescription("")),
                        NodeRecord.Component.PORT_GUID)
                .map(NodeRecord::lid)
                .switchIfEmpty(Mono.error(() -> new IllegalArgumentException(
                        String.format("the SA knows no port GUID 0x%016x", portGuid))))
                .doFinally(signal -> sa.dispose());
    }
}
