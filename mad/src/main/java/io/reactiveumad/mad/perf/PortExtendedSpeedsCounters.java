package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * PortExtendedSpeedsCounters (PerfMgt attribute 0x001F, optional): the physical-layer error counters of a port running
 * at an extended speed (FDR and faster), lane by lane; what {@code perfquery -T} shows. Its CounterSelect is 64 bits.
 *
 * <p>One layout, read two ways. With Reed-Solomon FEC active the per-lane 32-bit counters at byte 44 count corrected
 * symbols rather than correctable blocks, and three port-wide FEC counters follow the lanes (libibmad's "RS-FEC
 * active" fields); the record holds every byte, and says nothing of which FEC the port runs.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved      | PortSelect    | Reserved                      |   0
 *  | Reserved                                                      |   4
 *  | CounterSelect (64 bits)                                       |   8
 *  | SyncHeaderErrorCounter        | UnknownBlockCounter           |  16
 *  | ErrorDetectionCounterLane0 … 11 (16 bits each)                |  20
 *  | FECCorrectableBlockCtrLane0 … 11 (32 bits each)               |  44
 *  | FECUncorrectableBlockCtrLane0 … 11 (32 bits each)             |  92
 *  | PortFECCorrectableBlockCtr                                    | 140
 *  | PortFECUncorrectableBlockCtr                                  | 144
 *  | PortFECCorrectedSymbolCtr                                     | 148
 * </pre>
 *
 * @param errorDetectionCounters        ErrorDetectionCounterLane0 to 11
 * @param fecCorrectableCounters        FECCorrectableBlockCtrLane0 to 11 (with RS-FEC active: FECCorrectableSymbolCtr)
 * @param fecUncorrectableBlockCounters FECUncorrectableBlockCtrLane0 to 11
 */
public record PortExtendedSpeedsCounters(int portSelect, long counterSelect, int syncHeaderErrorCounter,
        int unknownBlockCounter, List<Integer> errorDetectionCounters, List<Long> fecCorrectableCounters,
        List<Long> fecUncorrectableBlockCounters, long portFecCorrectableBlockCounter,
        long portFecUncorrectableBlockCounter, long portFecCorrectedSymbolCounter) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Perf.PORT_EXTENDED_SPEEDS_COUNTERS;
    public static final int SIZE = 152;
    public static final int LANES = 12;
    /** CounterSelect of every counter (a Set resets the selected ones). */
    public static final long SELECT_ALL = -1L;

    private static final int PORT_SELECT = 1;
    private static final int COUNTER_SELECT = 8;
    private static final int SYNC_HEADER_ERRORS = 16;
    private static final int UNKNOWN_BLOCKS = 18;
    private static final int ERROR_DETECTION = 20;
    private static final int FEC_CORRECTABLE = 44;
    private static final int FEC_UNCORRECTABLE = 92;
    private static final int PORT_FEC_CORRECTABLE = 140;
    private static final int PORT_FEC_UNCORRECTABLE = 144;
    private static final int PORT_FEC_CORRECTED_SYMBOLS = 148;

    public PortExtendedSpeedsCounters {
        errorDetectionCounters = lanes("ErrorDetectionCounter", errorDetectionCounters);
        fecCorrectableCounters = lanes("FECCorrectableBlockCtr", fecCorrectableCounters);
        fecUncorrectableBlockCounters = lanes("FECUncorrectableBlockCtr", fecUncorrectableBlockCounters);
    }

    private static <T> List<T> lanes(String what, List<T> values) {
        List<T> copy = List.copyOf(values);
        if (copy.size() != LANES) {
            throw new IllegalArgumentException(what + " has " + LANES + " lanes, not " + copy.size());
        }
        return copy;
    }

    /** A request: Get of {@code portSelect}, or Set resetting the counters in {@code counterSelect}; every counter zero. */
    public static PortExtendedSpeedsCounters reset(int portSelect, long counterSelect) {
        List<Long> zeros = java.util.Collections.nCopies(LANES, 0L);
        return new PortExtendedSpeedsCounters(portSelect, counterSelect, 0, 0, java.util.Collections.nCopies(LANES, 0),
                zeros, zeros, 0, 0, 0);
    }

    public static PortExtendedSpeedsCounters decode(ByteBuffer buf, int o) {
        Wire.check("PortExtendedSpeedsCounters", buf, o, SIZE);
        List<Integer> detected = new ArrayList<>(LANES);
        List<Long> correctable = new ArrayList<>(LANES);
        List<Long> uncorrectable = new ArrayList<>(LANES);
        for (int lane = 0; lane < LANES; lane++) {
            detected.add(Wire.u16(buf, o + ERROR_DETECTION + 2 * lane));
            correctable.add(Wire.u32(buf, o + FEC_CORRECTABLE + 4 * lane));
            uncorrectable.add(Wire.u32(buf, o + FEC_UNCORRECTABLE + 4 * lane));
        }
        return new PortExtendedSpeedsCounters(Wire.u8(buf, o + PORT_SELECT), Wire.u64(buf, o + COUNTER_SELECT),
                Wire.u16(buf, o + SYNC_HEADER_ERRORS), Wire.u16(buf, o + UNKNOWN_BLOCKS), detected, correctable,
                uncorrectable, Wire.u32(buf, o + PORT_FEC_CORRECTABLE), Wire.u32(buf, o + PORT_FEC_UNCORRECTABLE),
                Wire.u32(buf, o + PORT_FEC_CORRECTED_SYMBOLS));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortExtendedSpeedsCounters", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU64(buf, o + COUNTER_SELECT, counterSelect);
        Wire.putU16(buf, o + SYNC_HEADER_ERRORS, syncHeaderErrorCounter);
        Wire.putU16(buf, o + UNKNOWN_BLOCKS, unknownBlockCounter);
        for (int lane = 0; lane < LANES; lane++) {
            Wire.putU16(buf, o + ERROR_DETECTION + 2 * lane, errorDetectionCounters.get(lane));
            Wire.putU32(buf, o + FEC_CORRECTABLE + 4 * lane, fecCorrectableCounters.get(lane));
            Wire.putU32(buf, o + FEC_UNCORRECTABLE + 4 * lane, fecUncorrectableBlockCounters.get(lane));
        }
        Wire.putU32(buf, o + PORT_FEC_CORRECTABLE, portFecCorrectableBlockCounter);
        Wire.putU32(buf, o + PORT_FEC_UNCORRECTABLE, portFecUncorrectableBlockCounter);
        Wire.putU32(buf, o + PORT_FEC_CORRECTED_SYMBOLS, portFecCorrectedSymbolCounter);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
