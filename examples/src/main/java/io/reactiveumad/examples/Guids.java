package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.Gid;
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
        try {
            return hex64(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port GUID (hex): " + text);
        }
    }

    /** The subnet prefix of a link-local GID, taken for a GID given as a port GUID alone. */
    static final long LINK_LOCAL_PREFIX = 0xfe80_0000_0000_0000L;

    /**
     * A GID given to {@code option}: {@code prefix:guid} (each 64-bit hex, with or without 0x), the way
     * GIDs are printed (eight groups of four hex digits, {@code fe80:0000:…:0003}), or, where
     * {@code guidAlone} allows it, a port GUID alone (link-local prefix).
     */
    static Gid parseGid(String option, String text, boolean guidAlone) {
        String[] parts = text.strip().split(":", -1);
        try {
            if (parts.length == 8) {
                long prefix = 0;
                long guid = 0;
                for (int i = 0; i < 8; i++) {
                    if (parts[i].length() != 4) {
                        throw new NumberFormatException(parts[i]);
                    }
                    long group = Long.parseLong(parts[i], 16);
                    if (i < 4) {
                        prefix = prefix << 16 | group;
                    } else {
                        guid = guid << 16 | group;
                    }
                }
                return new Gid(prefix, guid);
            }
            if (parts.length == 2) {
                return new Gid(hex64(parts[0]), hex64(parts[1]));
            }
            if (parts.length == 1 && guidAlone) {
                return new Gid(LINK_LOCAL_PREFIX, hex64(parts[0]));
            }
        } catch (NumberFormatException e) {
            // told below, with the option and the forms it takes
        }
        throw new IllegalArgumentException(option + " " + text + ": not a GID (prefix:guid in hex, or eight groups of"
                + " four hex digits as fe80:0000:0000:0000:0002:c903:0000:1234" + (guidAlone ? ", or a port GUID" : "") + ")");
    }

    private static long hex64(String text) {
        String hex = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (hex.isEmpty() || hex.length() > 16 || hex.startsWith("+") || hex.startsWith("-")) {
            throw new NumberFormatException(text);
        }
        return Long.parseUnsignedLong(hex, 16);
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
