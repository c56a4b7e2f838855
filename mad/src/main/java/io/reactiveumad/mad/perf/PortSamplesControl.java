package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * PortSamplesControl (PerfMgt attribute 0x0010, mandatory): how the PMA's sampling mechanism is set up and how far a
 * sample has got; what {@code perfquery -c} shows. A Get carries PortSelect and nothing else.
 *
 * <pre>
 *  0               1               2               3
 *  | OpCode        | PortSelect    | Tick          |resv |CtrWidth|   0
 *  |rs|CM0 | CounterMasks1to9                                    |   4
 *  |r| CounterMasks10to14          | SampleMechs   |resv  |Status |   8
 *  | OptionMask (64 bits)                                          |  12
 *  | VendorMask (64 bits)                                          |  20
 *  | SampleStart                                                   |  28
 *  | SampleInterval                                                |  32
 *  | Tag                           | CounterSelect0 … 14 (16 bits each) … 
 *  | Reserved                                                      |  68
 *  | SamplesOnlyOptionMask (64 bits)                               |  72
 * </pre>
 *
 * @param counterSelects CounterSelect0 to CounterSelect14
 */
public record PortSamplesControl(int opCode, int portSelect, int tick, int counterWidth, int counterMask0,
        int counterMasks1to9, int counterMasks10to14, int sampleMechanisms, int sampleStatus, long optionMask,
        long vendorMask, long sampleStart, long sampleInterval, int tag, List<Integer> counterSelects,
        long samplesOnlyOptionMask) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Perf.PORT_SAMPLES_CONTROL;
    public static final int SIZE = 80;
    public static final int COUNTERS = 15;

    private static final int OP_CODE = 0;
    private static final int PORT_SELECT = 1;
    private static final int TICK = 2;
    private static final int MASKS = 4;
    private static final int MASKS10_TO_14 = 8;
    private static final int SAMPLE_MECHANISMS = 10;
    private static final int SAMPLE_STATUS = 11;
    private static final int OPTION_MASK = 12;
    private static final int VENDOR_MASK = 20;
    private static final int SAMPLE_START = 28;
    private static final int SAMPLE_INTERVAL = 32;
    private static final int TAG = 36;
    private static final int COUNTER_SELECT0 = 38;
    private static final int SAMPLES_ONLY_OPTION_MASK = 72;

    public PortSamplesControl {
        counterSelects = List.copyOf(counterSelects);
        if (counterSelects.size() != COUNTERS) {
            throw new IllegalArgumentException("PortSamplesControl has " + COUNTERS + " CounterSelects, not "
                    + counterSelects.size());
        }
    }

    /** A Get of {@code portSelect}'s sampling set-up: every other field zero. */
    public static PortSamplesControl query(int portSelect) {
        return new PortSamplesControl(0, portSelect, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                java.util.Collections.nCopies(COUNTERS, 0), 0);
    }

    public static PortSamplesControl decode(ByteBuffer buf, int o) {
        Wire.check("PortSamplesControl", buf, o, SIZE);
        List<Integer> selects = new ArrayList<>(COUNTERS);
        for (int i = 0; i < COUNTERS; i++) {
            selects.add(Wire.u16(buf, o + COUNTER_SELECT0 + 2 * i));
        }
        return new PortSamplesControl(Wire.u8(buf, o + OP_CODE), Wire.u8(buf, o + PORT_SELECT), Wire.u8(buf, o + TICK),
                Wire.bits8(buf, o + 3, 0, 3), Wire.bits32(buf, o + MASKS, 27, 3), Wire.bits32(buf, o + MASKS, 0, 27),
                Wire.bits16(buf, o + MASKS10_TO_14, 0, 15), Wire.u8(buf, o + SAMPLE_MECHANISMS),
                Wire.bits8(buf, o + SAMPLE_STATUS, 0, 2), Wire.u64(buf, o + OPTION_MASK), Wire.u64(buf, o + VENDOR_MASK),
                Wire.u32(buf, o + SAMPLE_START), Wire.u32(buf, o + SAMPLE_INTERVAL), Wire.u16(buf, o + TAG), selects,
                Wire.u64(buf, o + SAMPLES_ONLY_OPTION_MASK));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortSamplesControl", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + OP_CODE, opCode);
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU8(buf, o + TICK, tick);
        Wire.putBits8(buf, o + 3, 0, 3, counterWidth);
        Wire.putBits32(buf, o + MASKS, 27, 3, counterMask0);
        Wire.putBits32(buf, o + MASKS, 0, 27, counterMasks1to9);
        Wire.putBits16(buf, o + MASKS10_TO_14, 0, 15, counterMasks10to14);
        Wire.putU8(buf, o + SAMPLE_MECHANISMS, sampleMechanisms);
        Wire.putBits8(buf, o + SAMPLE_STATUS, 0, 2, sampleStatus);
        Wire.putU64(buf, o + OPTION_MASK, optionMask);
        Wire.putU64(buf, o + VENDOR_MASK, vendorMask);
        Wire.putU32(buf, o + SAMPLE_START, sampleStart);
        Wire.putU32(buf, o + SAMPLE_INTERVAL, sampleInterval);
        Wire.putU16(buf, o + TAG, tag);
        for (int i = 0; i < COUNTERS; i++) {
            Wire.putU16(buf, o + COUNTER_SELECT0 + 2 * i, counterSelects.get(i));
        }
        Wire.putU64(buf, o + SAMPLES_ONLY_OPTION_MASK, samplesOnlyOptionMask);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
