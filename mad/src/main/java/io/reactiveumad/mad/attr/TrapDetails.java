package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * The DataDetails of a generic {@link Notice}, typed by trap number. Offsets count from the start of
 * DataDetails (Notice byte {@value Notice#DATA_DETAILS}); bytes not named are reserved.
 */
public sealed interface TrapDetails {
    /** Writes these details into a zeroed {@value Notice#DATA_DETAILS_SIZE}-byte area at {@code offset}. */
    void encode(ByteBuffer buf, int offset);

    /** Decodes the details of trap {@code trapNumber} from the DataDetails at {@code offset}. */
    static TrapDetails decode(int trapNumber, ByteBuffer buf, int offset) {
        Wire.check("Notice DataDetails", buf, offset, Notice.DATA_DETAILS_SIZE);
        return switch (trapNumber) {
            case Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE, Notice.TRAP_MCAST_GROUP_CREATED,
                    Notice.TRAP_MCAST_GROUP_DELETED -> GidDetails.decode(buf, offset);
            case Notice.TRAP_LINK_STATE_CHANGE -> LinkStateChange.decode(buf, offset);
            case Notice.TRAP_LINK_INTEGRITY, Notice.TRAP_BUFFER_OVERRUN, Notice.TRAP_FLOW_CONTROL_WATCHDOG ->
                    PortError.decode(buf, offset);
            case Notice.TRAP_LOCAL_CHANGES -> LocalChanges.decode(buf, offset);
            case Notice.TRAP_SYSTEM_IMAGE_GUID_CHANGE -> SystemImageGuidChange.decode(buf, offset);
            case Notice.TRAP_BAD_M_KEY -> BadMKey.decode(buf, offset);
            case Notice.TRAP_BAD_P_KEY, Notice.TRAP_BAD_Q_KEY -> BadKey.decode(buf, offset);
            case Notice.TRAP_SWITCH_BAD_P_KEY -> SwitchBadPKey.decode(buf, offset);
            default -> new Raw(Octets.read(buf, offset, Notice.DATA_DETAILS_SIZE));
        };
    }

    /** Details this model does not type: the raw 54 bytes. */
    record Raw(Octets bytes) implements TrapDetails {
        public Raw {
            bytes.requireLength("Notice DataDetails", Notice.DATA_DETAILS_SIZE);
        }

        @Override
        public void encode(ByteBuffer buf, int offset) {
            bytes.write(buf, offset);
        }
    }

    /** Traps 64–67: the port GID that came into / went out of service, or the multicast group created / deleted. */
    record GidDetails(Gid gid) implements TrapDetails {
        private static final int GID = 6;

        static GidDetails decode(ByteBuffer buf, int o) {
            return new GidDetails(Gid.read(buf, o + GID));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            gid.write(buf, o + GID);
        }
    }

    /** Trap 128: a link state changed on the switch with this LID. */
    record LinkStateChange(int lid) implements TrapDetails {
        private static final int LID = 0;

        static LinkStateChange decode(ByteBuffer buf, int o) {
            return new LinkStateChange(Wire.u16(buf, o + LID));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + LID, lid);
        }
    }

    /** Traps 129–131: local link integrity / excessive buffer overrun / flow control watchdog at this port. */
    record PortError(int lid, int portNum) implements TrapDetails {
        private static final int LID = 2;
        private static final int PORT_NUM = 4;

        static PortError decode(ByteBuffer buf, int o) {
            return new PortError(Wire.u16(buf, o + LID), Wire.u8(buf, o + PORT_NUM));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + LID, lid);
            Wire.putU8(buf, o + PORT_NUM, portNum);
        }
    }

    /**
     * Trap 144: the port with this LID changed its CapabilityMask, or something flagged in
     * {@code changeFlags}, or (with {@code otherLocalChanges}) something else.
     */
    record LocalChanges(int lid, boolean otherLocalChanges, long capabilityMask, int changeFlags,
            int capabilityMask2) implements TrapDetails {
        /** ChangeFlags bits. */
        public static final int NODE_DESCRIPTION_CHANGE = 1;
        public static final int LINK_WIDTH_ENABLED_CHANGE = 1 << 1;
        public static final int LINK_SPEED_ENABLED_CHANGE = 1 << 2;
        public static final int SM_PRIORITY_CHANGE = 1 << 3;
        public static final int HIERARCHY_INFO_CHANGE = 1 << 4;
        public static final int CAPABILITY_MASK2_CHANGE = 1 << 5;

        private static final int LID = 2;
        private static final BitField OTHER_LOCAL_CHANGES = BitField.flag(5, 0);
        private static final int CAPABILITY_MASK = 6;
        private static final int CHANGE_FLAGS = 10;
        private static final int CAPABILITY_MASK2 = 12;

        static LocalChanges decode(ByteBuffer buf, int o) {
            return new LocalChanges(Wire.u16(buf, o + LID), OTHER_LOCAL_CHANGES.isSet(buf, o),
                    Wire.u32(buf, o + CAPABILITY_MASK), Wire.u16(buf, o + CHANGE_FLAGS),
                    Wire.u16(buf, o + CAPABILITY_MASK2));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + LID, lid);
            OTHER_LOCAL_CHANGES.put(buf, o, otherLocalChanges);
            Wire.putU32(buf, o + CAPABILITY_MASK, capabilityMask);
            Wire.putU16(buf, o + CHANGE_FLAGS, changeFlags);
            Wire.putU16(buf, o + CAPABILITY_MASK2, capabilityMask2);
        }
    }

    /** Trap 145: the node with this LID has a new SystemImageGUID. */
    record SystemImageGuidChange(int lid, long systemImageGuid) implements TrapDetails {
        private static final int LID = 2;
        private static final int SYSTEM_IMAGE_GUID = 6;

        static SystemImageGuidChange decode(ByteBuffer buf, int o) {
            return new SystemImageGuidChange(Wire.u16(buf, o + LID), Wire.u64(buf, o + SYSTEM_IMAGE_GUID));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + LID, lid);
            Wire.putU64(buf, o + SYSTEM_IMAGE_GUID, systemImageGuid);
        }
    }

    /**
     * Trap 256: an SMP with a bad M_Key arrived. {@code mKey} is the offending (wrong) key, still not
     * for logs; for a directed-route SMP the return path is included (up to 30 hops).
     */
    record BadMKey(int lid, int drSlid, int method, int attributeId, long attributeModifier, long mKey,
            boolean drNotice, boolean drPathTruncated, int drHopCount, Octets drNoticeReturnPath)
            implements TrapDetails {
        public static final int RETURN_PATH_SIZE = 30;

        private static final int LID = 2;
        private static final int DR_SLID = 4;
        private static final int METHOD = 6;
        private static final int ATTRIBUTE_ID = 8;
        private static final int ATTRIBUTE_MODIFIER = 10;
        private static final int M_KEY = 14;
        private static final BitField DR_NOTICE = BitField.flag(23, 7);
        private static final BitField DR_PATH_TRUNCATED = BitField.flag(23, 6);
        private static final BitField DR_HOP_COUNT = BitField.in8(23, 0, 6);
        private static final int DR_NOTICE_RETURN_PATH = 24;

        public BadMKey {
            drNoticeReturnPath.requireLength("DRNoticeReturnPath", RETURN_PATH_SIZE);
        }

        static BadMKey decode(ByteBuffer buf, int o) {
            return new BadMKey(Wire.u16(buf, o + LID), Wire.u16(buf, o + DR_SLID), Wire.u8(buf, o + METHOD),
                    Wire.u16(buf, o + ATTRIBUTE_ID), Wire.u32(buf, o + ATTRIBUTE_MODIFIER), Wire.u64(buf, o + M_KEY),
                    DR_NOTICE.isSet(buf, o), DR_PATH_TRUNCATED.isSet(buf, o), DR_HOP_COUNT.get(buf, o),
                    Octets.read(buf, o + DR_NOTICE_RETURN_PATH, RETURN_PATH_SIZE));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + LID, lid);
            Wire.putU16(buf, o + DR_SLID, drSlid);
            Wire.putU8(buf, o + METHOD, method);
            Wire.putU16(buf, o + ATTRIBUTE_ID, attributeId);
            Wire.putU32(buf, o + ATTRIBUTE_MODIFIER, attributeModifier);
            Wire.putU64(buf, o + M_KEY, mKey);
            DR_NOTICE.put(buf, o, drNotice);
            DR_PATH_TRUNCATED.put(buf, o, drPathTruncated);
            DR_HOP_COUNT.put(buf, o, drHopCount);
            drNoticeReturnPath.write(buf, o + DR_NOTICE_RETURN_PATH);
        }

        /** Without the offending M_Key. */
        @Override
        public String toString() {
            return String.format("BadMKey[lid=%d drSlid=%d method=0x%02x attr=0x%04x mod=0x%08x dr=%b]", lid, drSlid,
                    method, attributeId, attributeModifier, drNotice);
        }
    }

    /** Traps 257 (bad P_Key) and 258 (bad Q_Key): a packet between these two endpoints carried a bad key. */
    record BadKey(int lid1, int lid2, long key, int sl, int qp1, int qp2, Gid gid1, Gid gid2) implements TrapDetails {
        private static final int LID1 = 2;
        private static final int LID2 = 4;
        private static final int KEY = 6;
        private static final BitField SL = BitField.in32(10, 28, 4);
        private static final BitField QP1 = BitField.in32(10, 0, 24);
        private static final BitField QP2 = BitField.in32(14, 0, 24);
        private static final int GID1 = 18;
        private static final int GID2 = 34;

        static BadKey decode(ByteBuffer buf, int o) {
            return new BadKey(Wire.u16(buf, o + LID1), Wire.u16(buf, o + LID2), Wire.u32(buf, o + KEY),
                    SL.get(buf, o), QP1.get(buf, o), QP2.get(buf, o), Gid.read(buf, o + GID1),
                    Gid.read(buf, o + GID2));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + LID1, lid1);
            Wire.putU16(buf, o + LID2, lid2);
            Wire.putU32(buf, o + KEY, key);
            SL.put(buf, o, sl);
            QP1.put(buf, o, qp1);
            QP2.put(buf, o, qp2);
            gid1.write(buf, o + GID1);
            gid2.write(buf, o + GID2);
        }
    }

    /** Trap 259: a switch external port saw a bad P_Key; {@code dataValid} says which fields are meaningful. */
    record SwitchBadPKey(int dataValid, int lid1, int lid2, int pKey, int sl, int qp1, int qp2, Gid gid1, Gid gid2,
            int switchLid, int portNum) implements TrapDetails {
        private static final int DATA_VALID = 0;
        private static final int LID1 = 2;
        private static final int LID2 = 4;
        private static final int P_KEY = 6;
        private static final BitField SL = BitField.in32(8, 28, 4);
        private static final BitField QP1 = BitField.in32(8, 0, 24);
        private static final BitField QP2 = BitField.in32(12, 0, 24);
        private static final int GID1 = 16;
        private static final int GID2 = 32;
        private static final int SWITCH_LID = 48;
        private static final int PORT_NUM = 50;

        static SwitchBadPKey decode(ByteBuffer buf, int o) {
            return new SwitchBadPKey(Wire.u16(buf, o + DATA_VALID), Wire.u16(buf, o + LID1), Wire.u16(buf, o + LID2),
                    Wire.u16(buf, o + P_KEY), SL.get(buf, o), QP1.get(buf, o), QP2.get(buf, o),
                    Gid.read(buf, o + GID1), Gid.read(buf, o + GID2), Wire.u16(buf, o + SWITCH_LID),
                    Wire.u8(buf, o + PORT_NUM));
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o + DATA_VALID, dataValid);
            Wire.putU16(buf, o + LID1, lid1);
            Wire.putU16(buf, o + LID2, lid2);
            Wire.putU16(buf, o + P_KEY, pKey);
            SL.put(buf, o, sl);
            QP1.put(buf, o, qp1);
            QP2.put(buf, o, qp2);
            gid1.write(buf, o + GID1);
            gid2.write(buf, o + GID2);
            Wire.putU16(buf, o + SWITCH_LID, switchLid);
            Wire.putU8(buf, o + PORT_NUM, portNum);
        }
    }
}
