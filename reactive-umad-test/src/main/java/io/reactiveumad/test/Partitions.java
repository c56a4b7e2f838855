package io.reactiveumad.test;

import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.sa.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The partitions an embedded fabric's SM makes, written as OpenSM's partitions.conf writes them (so one file serves
 * both): {@code Name=P_Key[,flag[=value]]... : member[=full|limited|both][, member...] ;}, a definition ending at
 * its semicolon, {@code #} starting a comment. A member is {@code ALL}, {@code ALL_CAS}, {@code ALL_SWITCHES} (their
 * port 0), {@code ALL_ROUTERS}, {@code SELF} (the SM's port) or a port GUID; one listed without a membership is the
 * definition's {@code defmember} (limited unless it says otherwise); {@code both} is full, as OpenSM takes it unless
 * {@code allow_both_pkeys}. Partition flags: {@code ipoib} (the SM creates the partition's IPoIB broadcast group,
 * ff12:401b:P_Key::ffff:ffff, link-local), and that group's {@code mtu} (default 4, 2048 bytes), {@code rate}
 * (default 3, 10 Gb/s), {@code Q_Key} (default 0x0B1B), {@code TClass}, {@code FlowLabel} and {@code sl} (0 whatever it
 * says: OpenSM keeps it only with QoS on, which the embedded SM does not run); {@code scope} (checked, and like
 * OpenSM's of no effect on the broadcast group); {@code defmember}. As OpenSM's, keywords and flags may be abbreviated.
 *
 * <p>OpenSM always makes the default partition 0x7FFF of every port, the SM's a full member: every port a full member
 * too and an IPoIB broadcast group when there is no file ({@link #NONE}), limited members with one (a definition of
 * P_Key 0x7FFF adds to it). A port listed twice in a partition is what it was listed as last.
 *
 * <p>Where OpenSM logs a warning and goes on (an unknown flag or membership, a bad value), this refuses the text with
 * {@link IllegalArgumentException} naming the line; so do what the embedded SM does not do: {@code indx0},
 * {@code mgid=} groups, a definition without a P_Key.
 */
public final class Partitions {
    /** OpenSM without a partitions file: the default partition of every port, a full member, with IPoIB. */
    public static final Partitions NONE = new Partitions(List.of(), false);

    /** The default partition's P_Key, without the membership bit. */
    static final int DEFAULT_PARTITION = PKeyTable.DEFAULT_P_KEY & PKeyTable.PARTITION_MASK;
    static final int DEFAULT_MTU = Selector.MTU_2048;
    static final int DEFAULT_RATE = RateCodes.RATE_10_GBPS;
    static final long IPOIB_Q_KEY = 0x0B1BL;
    private static final int MAX_SCOPE = 0xF;
    private static final int MAX_FLOW_LABEL = 0xFFFFF;
    private static final int MAX_SL = 15;

    /** Who a member names: every port, every port of a kind of node, the SM's port, or one port by its GUID. */
    enum Selects { ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, SELF, GUID }

    /** One member of a definition, as listed. */
    record Member(Selects selects, long guid, boolean full) {
    }

    /**
     * One definition: its P_Key (the partition, without the membership bit), whether the SM creates its IPoIB
     * broadcast group and that group's values (MTU and rate codes), its members in the order listed.
     */
    record Definition(String name, int partition, boolean ipoib, int mtu, int rate, long qKey, int trafficClass,
                      int flowLabel, List<Member> members) {
    }

    private final List<Definition> definitions;
    private final boolean configured;

    private Partitions(List<Definition> definitions, boolean configured) {
        this.definitions = definitions;
        this.configured = configured;
    }

    /** The partitions {@code text} (a partitions.conf's) defines. */
    public static Partitions parse(String text) {
        Objects.requireNonNull(text, "text");
        List<Definition> definitions = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        int firstLine = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            for (int semicolon = line.indexOf(';'); semicolon >= 0; semicolon = line.indexOf(';')) {
                if (pending.toString().isBlank()) {
                    firstLine = i + 1;
                }
                pending.append(' ').append(line, 0, semicolon);
                definitions.add(definition(firstLine, pending.toString().strip()));
                pending.setLength(0);
                line = line.substring(semicolon + 1);
            }
            if (!line.isBlank() && pending.toString().isBlank()) {
                firstLine = i + 1;
            }
            pending.append(' ').append(line);
        }
        if (!pending.toString().isBlank()) {
            throw new IllegalArgumentException("partitions, line " + firstLine + ": a definition without its ';': "
                    + pending.toString().strip());
        }
        return new Partitions(List.copyOf(definitions), true);
    }

    /** Whether a file defined these (OpenSM with a partitions file), or there is none ({@link #NONE}). */
    boolean configured() {
        return configured;
    }

    List<Definition> definitions() {
        return definitions;
    }

    private static Definition definition(int line, String text) {
        int colon = text.indexOf(':');
        if (text.isEmpty()) {
            throw new IllegalArgumentException("partitions, line " + line + ": an empty definition");
        }
        if (colon < 0) {
            throw fail(line, "no ':' between the partition and its members: " + text);
        }
        String[] header = text.substring(0, colon).split(",", -1);
        String[] nameAndKey = header[0].split("=", 2);
        String name = nameAndKey[0].strip();
        String key = nameAndKey.length > 1 ? nameAndKey[1].strip() : !name.isEmpty() && Character.isDigit(name.charAt(0))
                ? name : null;
        if (key == null) {
            throw fail(line, "partition \"" + name + "\" has no P_Key (name=P_Key), which the embedded SM does not make "
                    + "up");
        }
        int partition = (int) number(line, "P_Key", key, PKeyTable.DEFAULT_P_KEY) & PKeyTable.PARTITION_MASK;
        if (partition == 0) {
            throw fail(line, "P_Key " + key + " is no partition's");
        }
        boolean ipoib = false;
        boolean defaultFull = false;
        int mtu = DEFAULT_MTU;
        int rate = DEFAULT_RATE;
        long qKey = 0;
        int trafficClass = 0;
        int flowLabel = 0;
        for (int i = 1; i < header.length; i++) {
            String[] flagAndValue = header[i].split("=", 2);
            String flag = flagAndValue[0].strip();
            String value = flagAndValue.length > 1 ? flagAndValue[1].strip() : null;
            if (flag.isEmpty()) {
                throw fail(line, "an empty partition flag");
            } else if (abbreviates(flag, "mtu")) {
                mtu = (int) number(line, "mtu", value, Selector.MTU_4096);
                if (mtu < Selector.MTU_256) {
                    throw fail(line, "mtu " + value + " is no MTU code (1 to 5)");
                }
            } else if (abbreviates(flag, "rate")) {
                rate = (int) number(line, "rate", value, 0xFF);
                if (!RateCodes.valid(rate)) {
                    throw fail(line, "rate " + value + " is no rate code");
                }
            } else if (abbreviates(flag, "scope")) {
                if (number(line, "scope", value, MAX_SCOPE) == 0) {
                    throw fail(line, "scope 0 is no multicast scope (1 to 15)");
                }
            } else if (abbreviates(flag, "Q_Key")) {
                qKey = number(line, "Q_Key", value, 0xFFFF_FFFFL);
            } else if (abbreviates(flag, "TClass")) {
                trafficClass = (int) number(line, "TClass", value, 0xFF);
            } else if (abbreviates(flag, "sl")) {
                number(line, "sl", value, MAX_SL); // OpenSM keeps it only with QoS on
            } else if (abbreviates(flag, "FlowLabel")) {
                flowLabel = (int) number(line, "FlowLabel", value, MAX_FLOW_LABEL);
            } else if (abbreviates(flag, "ipoib")) {
                ipoib = true;
            } else if (abbreviates(flag, "defmember")) {
                defaultFull = full(line, "defmember", value);
            } else if (flag.equals("indx0")) {
                throw fail(line, "indx0 (a P_Key at index 0 but the default partition's) is not made by the embedded SM");
            } else {
                throw fail(line, "unknown partition flag '" + flag + "' (OpenSM ignores it)");
            }
        }
        List<Member> members = new ArrayList<>();
        for (String item : text.substring(colon + 1).split(",", -1)) {
            String[] nameAndFlag = item.split("=", 2);
            String member = nameAndFlag[0].strip();
            if (member.isEmpty() || abbreviates(member, "NONE")) {
                continue;
            }
            if (member.equals("mgid")) {
                throw fail(line, "mgid= groups are not made by the embedded SM");
            }
            boolean full = nameAndFlag.length > 1 ? full(line, "member " + member, nameAndFlag[1].strip()) : defaultFull;
            members.add(member(line, member, full));
        }
        return new Definition(name, partition, ipoib, mtu, rate, qKey == 0 ? IPOIB_Q_KEY : qKey, trafficClass, flowLabel,
                List.copyOf(members));
    }

    private static Member member(int line, String member, boolean full) {
        // In OpenSM's order of checks: "A" and "AL" are ALL, "ALL_C" ALL_CAS.
        for (Selects s : List.of(Selects.ALL, Selects.ALL_CAS, Selects.ALL_SWITCHES, Selects.ALL_ROUTERS, Selects.SELF)) {
            if (abbreviates(member, s.name())) {
                return new Member(s, 0, full);
            }
        }
        long guid;
        try {
            guid = Long.parseUnsignedLong(member.startsWith("0x") || member.startsWith("0X") ? member.substring(2)
                    : member, member.startsWith("0x") || member.startsWith("0X") ? 16 : 10);
        } catch (NumberFormatException e) {
            throw fail(line, "member '" + member + "' is not ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, SELF or a port GUID");
        }
        if (guid == 0) {
            throw fail(line, "member '" + member + "': port GUID 0 is no port's");
        }
        return new Member(Selects.GUID, guid, full);
    }

    private static boolean full(int line, String what, String value) {
        if (value != null && !value.isEmpty()) {
            if (abbreviates(value, "full") || abbreviates(value, "both")) {
                return true;
            }
            if (abbreviates(value, "limited")) {
                return false;
            }
        }
        throw fail(line, what + ": membership '" + value + "' is not full, limited or both");
    }

    /** A whole number as OpenSM's strtoul reads it here: decimal, or hex with 0x, at most {@code max}. */
    private static long number(int line, String what, String value, long max) {
        if (value == null || value.isEmpty()) {
            throw fail(line, what + " needs a value");
        }
        boolean hex = value.startsWith("0x") || value.startsWith("0X");
        long n;
        try {
            n = Long.parseLong(hex ? value.substring(2) : value, hex ? 16 : 10);
        } catch (NumberFormatException e) {
            throw fail(line, what + " '" + value + "' is not a number");
        }
        if (n < 0 || n > max) {
            throw fail(line, what + " " + value + " is more than 0x" + Long.toHexString(max));
        }
        return n;
    }

    /** OpenSM's keyword matching: {@code word} is a non-empty start of {@code keyword}. */
    private static boolean abbreviates(String word, String keyword) {
        return !word.isEmpty() && keyword.startsWith(word);
    }

    private static IllegalArgumentException fail(int line, String what) {
        return new IllegalArgumentException("partitions, line " + line + ": " + what);
    }
}
