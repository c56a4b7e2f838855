package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * CACongestionSetting (CC attribute 0x0016): how a channel adapter reacts to congestion notifications (BECN), one
 * entry per service level.
 *
 * <pre>
 *  0               1               2               3
 *  | Port_Control                  | Control_Map                   |   0
 *  | CCTI_Timer                    | CCTI_Increase | Trigger_Thr   |   4 + 8 * SL
 *  | CCTI_Min      | Reserved                                      |   8 + 8 * SL
 * </pre>
 *
 * @param portControl bit 0: congestion control is per QP (0) or per SL (1)
 * @param controlMap  bit N: a Set applies entry N (SL N)
 * @param entries     {@value #SERVICE_LEVELS} entries, SL 0 first
 */
public record CaCongestionSetting(int portControl, int controlMap, List<Entry> entries) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.CA_CONGESTION_SETTING;
    public static final int SERVICE_LEVELS = 16;
    public static final int SIZE = 4 + SERVICE_LEVELS * Entry.SIZE;

    /**
     * One SL's reaction.
     *
     * @param cctiTimer        1.024 µs units between two decrements of the CCT index
     * @param cctiIncrease     how far a BECN moves the CCT index
     * @param triggerThreshold the CCT index at which a congestion log event is recorded
     * @param cctiMin          the lowest the CCT index goes
     */
    public record Entry(int cctiTimer, int cctiIncrease, int triggerThreshold, int cctiMin) {
        public static final int SIZE = 8;
        public static final Entry NONE = new Entry(0, 0, 0, 0);
    }

    public CaCongestionSetting {
        entries = List.copyOf(entries);
        if (entries.size() != SERVICE_LEVELS) {
            throw new IllegalArgumentException("CACongestionSetting has " + SERVICE_LEVELS + " entries, got "
                    + entries.size());
        }
    }

    /** No reaction on any SL. */
    public static CaCongestionSetting none() {
        return new CaCongestionSetting(0, 0, Collections.nCopies(SERVICE_LEVELS, Entry.NONE));
    }

    public static CaCongestionSetting decode(ByteBuffer buf, int o) {
        Wire.check("CACongestionSetting", buf, o, SIZE);
        List<Entry> entries = new ArrayList<>(SERVICE_LEVELS);
        for (int sl = 0; sl < SERVICE_LEVELS; sl++) {
            int e = o + 4 + sl * Entry.SIZE;
            entries.add(new Entry(Wire.u16(buf, e), Wire.u8(buf, e + 2), Wire.u8(buf, e + 3), Wire.u8(buf, e + 4)));
        }
        return new CaCongestionSetting(Wire.u16(buf, o), Wire.u16(buf, o + 2), entries);
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("CACongestionSetting", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o, portControl);
        Wire.putU16(buf, o + 2, controlMap);
        for (int sl = 0; sl < SERVICE_LEVELS; sl++) {
            Entry entry = entries.get(sl);
            int e = o + 4 + sl * Entry.SIZE;
            Wire.putU16(buf, e, entry.cctiTimer());
            Wire.putU8(buf, e + 2, entry.cctiIncrease());
            Wire.putU8(buf, e + 3, entry.triggerThreshold());
            Wire.putU8(buf, e + 4, entry.cctiMin());
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
