package io.reactiveumad.examples;

import io.reactiveumad.mad.Gid;
import java.util.Arrays;

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
     * GIDs are printed (IPv6 notation: eight groups of hex digits, {@code fe80:0000:…:0003}, or with a run of
     * zero groups as {@code ::}, {@code ff12:401b:ffff::ffff:ffff} as saquery prints an MGID), or, where
     * {@code guidAlone} allows it, a port GUID alone (link-local prefix).
     */
    static Gid parseGid(String option, String text, boolean guidAlone) {
        String stripped = text.strip();
        String[] parts = stripped.split(":", -1);
        try {
            if (stripped.contains("::")) {
                return ipv6(stripped);
            }
            if (parts.length == 8) {
                return groups(parts);
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
                + " four hex digits as fe80:0000:0000:0000:0002:c903:0000:1234 or fe80::2:c903:0:1234"
                + (guidAlone ? ", or a port GUID" : "") + ")");
    }

    /** IPv6 notation with one {@code ::} standing for the zero groups that make eight. */
    private static Gid ipv6(String text) {
        int gap = text.indexOf("::");
        if (text.indexOf("::", gap + 1) >= 0) {
            throw new NumberFormatException(text);
        }
        String head = text.substring(0, gap);
        String tail = text.substring(gap + 2);
        String[] left = head.isEmpty() ? new String[0] : head.split(":", -1);
        String[] right = tail.isEmpty() ? new String[0] : tail.split(":", -1);
        if (left.length + right.length > 7) {
            throw new NumberFormatException(text);
        }
        String[] all = new String[8];
        Arrays.fill(all, "0");
        System.arraycopy(left, 0, all, 0, left.length);
        System.arraycopy(right, 0, all, 8 - right.length, right.length);
        return groups(all);
    }

    /** Eight groups of one to four hex digits: the prefix, then the GUID. */
    private static Gid groups(String[] groups) {
        long prefix = 0;
        long guid = 0;
        for (int i = 0; i < 8; i++) {
            String group = groups[i];
            if (group.isEmpty() || group.length() > 4 || group.startsWith("+") || group.startsWith("-")) {
                throw new NumberFormatException(group);
            }
            long value = Long.parseLong(group, 16);
            if (i < 4) {
                prefix = prefix << 16 | value;
            } else {
                guid = guid << 16 | value;
            }
        }
        return new Gid(prefix, guid);
    }

    private static long hex64(String text) {
        String hex = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (hex.isEmpty() || hex.length() > 16 || hex.startsWith("+") || hex.startsWith("-")) {
            throw new NumberFormatException(text);
        }
        return Long.parseUnsignedLong(hex, 16);
    }
}
