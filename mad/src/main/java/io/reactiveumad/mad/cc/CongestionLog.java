package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * CongestionLog (CC attribute 0x0013, Get only): the agent's most recent congestion events, a switch's or a CA's by
 * LogType. Unlike every other CC attribute it starts at byte {@value #DATA_OFFSET} of the MAD, where the class's
 * reserved bytes would be, and fills the MAD's remaining {@value #SIZE} bytes; reading it clears it.
 *
 * <pre>
 *  0               1               2               3
 *  | LogType       | CongestionFlags | (the switch's or CA's log, below)
 * </pre>
 */
public sealed interface CongestionLog extends MadAttribute {
    int ATTRIBUTE_ID = AttributeId.Cc.CONGESTION_LOG;
    /** Where the log starts in the MAD: after the common header and the CC_Key. */
    int DATA_OFFSET = 32;
    /** Where every CC MAD carries the CC_Key: the eight bytes after the common header. */
    int CC_KEY_OFFSET = 24;
    int SIZE = 224;
    int TYPE_SWITCH = 1;
    int TYPE_CA = 2;

    int congestionFlags();

    /** Reads the log at {@code o}; a LogType neither a switch's nor a CA's is malformed. */
    static CongestionLog decode(ByteBuffer buf, int o) {
        Wire.check("CongestionLog", buf, o, SIZE);
        int type = Wire.u8(buf, o);
        return switch (type) {
            case TYPE_SWITCH -> SwitchLog.decode(buf, o);
            case TYPE_CA -> CaLog.decode(buf, o);
            default -> throw new MalformedMadException("CongestionLog of LogType " + type + ": neither a switch's (1) "
                    + "nor a CA's (2)");
        };
    }

    @Override
    default int encodedSize() {
        return SIZE;
    }

    /**
     * A switch's log (LogType 1).
     *
     * <pre>
     *  0               1               2               3
     *  | LogType = 1   | CongestionFlags | LogEventsCounter            |   0
     *  | CurrentTimeStamp                                              |   4
     *  | PortMap (256 bits: bit N, port N marked packets)              |   8
     *  | {@value #EVENTS} events of 12 bytes                               |  40
     * </pre>
     *
     * @param logEventsCounter events since the log was last read, recorded or not
     * @param portMap          32 bytes
     * @param events           {@value #EVENTS} events, an all-zero one where nothing was recorded
     */
    record SwitchLog(int congestionFlags, int logEventsCounter, long currentTimeStamp, Octets portMap,
            List<SwitchEvent> events) implements CongestionLog {
        public static final int EVENTS = 15;
        private static final int PORT_MAP = 8;
        private static final int FIRST_EVENT = 40;

        public SwitchLog {
            Objects.requireNonNull(portMap, "portMap").requireLength("PortMap", SwitchCongestionSetting.PORT_MASK_SIZE);
            events = List.copyOf(events);
            if (events.size() != EVENTS) {
                throw new IllegalArgumentException("a switch's log has " + EVENTS + " events, got " + events.size());
            }
        }

        static SwitchLog decode(ByteBuffer buf, int o) {
            List<SwitchEvent> events = new ArrayList<>(EVENTS);
            for (int i = 0; i < EVENTS; i++) {
                events.add(SwitchEvent.decode(buf, o + FIRST_EVENT + i * SwitchEvent.SIZE));
            }
            return new SwitchLog(Wire.u8(buf, o + 1), Wire.u16(buf, o + 2), Wire.u32(buf, o + 4),
                    Octets.read(buf, o + PORT_MAP, SwitchCongestionSetting.PORT_MASK_SIZE), events);
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.check("CongestionLog", buf, o, SIZE);
            Wire.zero(buf, o, SIZE);
            Wire.putU8(buf, o, TYPE_SWITCH);
            Wire.putU8(buf, o + 1, congestionFlags);
            Wire.putU16(buf, o + 2, logEventsCounter);
            Wire.putU32(buf, o + 4, currentTimeStamp);
            portMap.write(buf, o + PORT_MAP);
            for (int i = 0; i < EVENTS; i++) {
                events.get(i).encode(buf, o + FIRST_EVENT + i * SwitchEvent.SIZE);
            }
        }
    }

    /**
     * A packet a switch marked: its LIDs, SL, and when.
     *
     * <pre>
     *  0               1               2               3
     *  | SLID                          | DLID                          |   0
     *  | SL    | Reserved                                              |   4
     *  | Timestamp                                                     |   8
     * </pre>
     */
    record SwitchEvent(int slid, int dlid, int sl, long timestamp) {
        public static final int SIZE = 12;
        public static final SwitchEvent NONE = new SwitchEvent(0, 0, 0, 0);
        private static final BitField SL = BitField.in8(4, 4, 4);

        /** Whether nothing was recorded here: ibccquery prints only the others. */
        public boolean isEmpty() {
            return equals(NONE);
        }

        static SwitchEvent decode(ByteBuffer buf, int o) {
            return new SwitchEvent(Wire.u16(buf, o), Wire.u16(buf, o + 2), SL.get(buf, o), Wire.u32(buf, o + 8));
        }

        void encode(ByteBuffer buf, int o) {
            Wire.putU16(buf, o, slid);
            Wire.putU16(buf, o + 2, dlid);
            SL.put(buf, o, sl);
            Wire.putU32(buf, o + 8, timestamp);
        }
    }

    /**
     * A CA's log (LogType 2). IBA's Q3/2010 erratum puts CurrentTimeStamp at byte 6, where it would not be aligned;
     * libibmad and OpenSM read it at byte 8 and the events after it, as here.
     *
     * <pre>
     *  0               1               2               3
     *  | LogType = 2   | CongestionFlags | ThresholdEventCounter       |   0
     *  | ThresholdCongestionEventMap   | Reserved                      |   4
     *  | CurrentTimeStamp                                              |   8
     *  | {@value #EVENTS} events of 16 bytes                               |  12
     * </pre>
     *
     * @param thresholdCongestionEventMap bit N: SL N reached its trigger threshold
     */
    record CaLog(int congestionFlags, int thresholdEventCounter, int thresholdCongestionEventMap,
            long currentTimeStamp, List<CaEvent> events) implements CongestionLog {
        public static final int EVENTS = 13;
        private static final int FIRST_EVENT = 12;

        public CaLog {
            events = List.copyOf(events);
            if (events.size() != EVENTS) {
                throw new IllegalArgumentException("a CA's log has " + EVENTS + " events, got " + events.size());
            }
        }

        static CaLog decode(ByteBuffer buf, int o) {
            List<CaEvent> events = new ArrayList<>(EVENTS);
            for (int i = 0; i < EVENTS; i++) {
                events.add(CaEvent.decode(buf, o + FIRST_EVENT + i * CaEvent.SIZE));
            }
            return new CaLog(Wire.u8(buf, o + 1), Wire.u16(buf, o + 2), Wire.u16(buf, o + 4), Wire.u32(buf, o + 8),
                    events);
        }

        @Override
        public void encode(ByteBuffer buf, int o) {
            Wire.check("CongestionLog", buf, o, SIZE);
            Wire.zero(buf, o, SIZE);
            Wire.putU8(buf, o, TYPE_CA);
            Wire.putU8(buf, o + 1, congestionFlags);
            Wire.putU16(buf, o + 2, thresholdEventCounter);
            Wire.putU16(buf, o + 4, thresholdCongestionEventMap);
            Wire.putU32(buf, o + 8, currentTimeStamp);
            for (int i = 0; i < EVENTS; i++) {
                events.get(i).encode(buf, o + FIRST_EVENT + i * CaEvent.SIZE);
            }
        }
    }

    /**
     * A congestion notification a CA received: the QPs and LIDs of the flow, its SL and service type, and when.
     *
     * <pre>
     *  0               1               2               3
     *  | Local_QP_CN_Entry                             | SL    | SvcTy |   0
     *  | Remote_QP_Number_CN_Entry                     | Reserved      |   4
     *  | Local_LID_CN                  | Remote_LID_CN_Entry           |   8
     *  | Timestamp_CN_Entry                                            |  12
     * </pre>
     */
    record CaEvent(int localQp, int sl, int serviceType, int remoteQp, int localLid, int remoteLid, long timestamp) {
        public static final int SIZE = 16;
        public static final CaEvent NONE = new CaEvent(0, 0, 0, 0, 0, 0, 0);
        private static final BitField SL = BitField.in8(3, 4, 4);
        private static final BitField SERVICE_TYPE = BitField.in8(3, 0, 4);

        /** Whether nothing was recorded here: ibccquery prints only the others. */
        public boolean isEmpty() {
            return equals(NONE);
        }

        static CaEvent decode(ByteBuffer buf, int o) {
            return new CaEvent(Wire.u24(buf, o), SL.get(buf, o), SERVICE_TYPE.get(buf, o), Wire.u24(buf, o + 4),
                    Wire.u16(buf, o + 8), Wire.u16(buf, o + 10), Wire.u32(buf, o + 12));
        }

        void encode(ByteBuffer buf, int o) {
            Wire.putU24(buf, o, localQp);
            SL.put(buf, o, sl);
            SERVICE_TYPE.put(buf, o, serviceType);
            Wire.putU24(buf, o + 4, remoteQp);
            Wire.putU16(buf, o + 8, localLid);
            Wire.putU16(buf, o + 10, remoteLid);
            Wire.putU32(buf, o + 12, timestamp);
        }
    }
}
