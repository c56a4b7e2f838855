package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.PortInfoExtended;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortSamplesControl;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Round-trip properties over seeded random values. Random bytes decode to random in-range field
 * values; encoding them must give back exactly the input bytes with reserved bits cleared, and
 * decoding that must give the same value. The "field bits" of a layout are found by decoding all
 * ones, so a field read from one place and written to another, or two fields overlapping, shows up
 * as a mismatch.
 */
class RoundTripPropertyTest {
    private static final int ITERATIONS = 2_000;
    private static final HexFormat HEX = HexFormat.of();

    /**
     * A codec under test, with the byte ranges that hold NUL-padded text (random ASCII goes there) and
     * the bytes that hold a 0/1 flag (read as "non-zero", so random values there get 0 or 1).
     */
    record Codec(String name, int size, BiFunction<ByteBuffer, Integer, ? extends MadAttribute> decoder,
            int[] textRanges, int[] flagBytes) {
        Codec(String name, int size, BiFunction<ByteBuffer, Integer, ? extends MadAttribute> decoder) {
            this(name, size, decoder, new int[0], new int[0]);
        }

        static Codec withText(String name, int size, BiFunction<ByteBuffer, Integer, ? extends MadAttribute> decoder,
                int textStart, int textLength) {
            return new Codec(name, size, decoder, new int[] {textStart, textLength}, new int[0]);
        }

        static Codec withFlags(String name, int size, BiFunction<ByteBuffer, Integer, ? extends MadAttribute> decoder,
                int... flagBytes) {
            return new Codec(name, size, decoder, new int[0], flagBytes);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Codec> codecs() {
        return Stream.of(new Codec("NodeInfo", NodeInfo.SIZE, NodeInfo::decode),
                Codec.withText("NodeDescription", NodeDescription.SIZE, NodeDescription::decode, 0, 64),
                new Codec("PortInfo", PortInfo.SIZE, PortInfo::decode),
                new Codec("SwitchInfo", SwitchInfo.SIZE, SwitchInfo::decode),
                new Codec("PKeyTable", PKeyTable.SIZE, PKeyTable::decode),
                new Codec("GuidInfo", GuidInfo.SIZE, GuidInfo::decode),
                new Codec("SlToVlMappingTable", SlToVlMappingTable.SIZE, SlToVlMappingTable::decode),
                new Codec("VlArbitrationTable", VlArbitrationTable.SIZE, VlArbitrationTable::decode),
                new Codec("LinearForwardingTable", LinearForwardingTable.SIZE, LinearForwardingTable::decode),
                new Codec("MulticastForwardingTable", MulticastForwardingTable.SIZE, MulticastForwardingTable::decode),
                new Codec("SmInfo", SmInfo.SIZE, SmInfo::decode),
                new Codec("MlnxExtPortInfo", MlnxExtPortInfo.SIZE, MlnxExtPortInfo::decode),
                new Codec("PortInfoExtended", PortInfoExtended.SIZE, PortInfoExtended::decode),
                new Codec("ClassPortInfo", ClassPortInfo.SIZE, ClassPortInfo::decode),
                new Codec("Notice", Notice.SIZE, Notice::decode),
                Codec.withFlags("InformInfo", InformInfo.SIZE, InformInfo::decode, 22, 23),
                Codec.withText("NodeRecord", NodeRecord.SIZE, NodeRecord::decode, 44, 64),
                new Codec("PortInfoRecord", PortInfoRecord.SIZE, PortInfoRecord::decode),
                new Codec("PathRecord", PathRecord.SIZE, PathRecord::decode),
                new Codec("LinkRecord", LinkRecord.SIZE, LinkRecord::decode),
                new Codec("LinearForwardingTableRecord", LinearForwardingTableRecord.SIZE,
                        LinearForwardingTableRecord::decode),
                new Codec("SwitchInfoRecord", SwitchInfoRecord.SIZE, SwitchInfoRecord::decode),
                new Codec("SmInfoRecord", SmInfoRecord.SIZE, SmInfoRecord::decode),
                new Codec("GuidInfoRecord", GuidInfoRecord.SIZE, GuidInfoRecord::decode),
                new Codec("PKeyTableRecord", PKeyTableRecord.SIZE, PKeyTableRecord::decode),
                new Codec("SlToVlMappingTableRecord", SlToVlMappingTableRecord.SIZE, SlToVlMappingTableRecord::decode),
                new Codec("VlArbitrationTableRecord", VlArbitrationTableRecord.SIZE, VlArbitrationTableRecord::decode),
                new Codec("MulticastForwardingTableRecord", MulticastForwardingTableRecord.SIZE,
                        MulticastForwardingTableRecord::decode),
                Codec.withText("ServiceRecord", ServiceRecord.SIZE, ServiceRecord::decode, 48, 64),
                new Codec("McMemberRecord", McMemberRecord.SIZE, McMemberRecord::decode),
                Codec.withFlags("InformInfoRecord", InformInfoRecord.SIZE, InformInfoRecord::decode, 46, 47),
                new Codec("PortCounters", PortCounters.SIZE, PortCounters::decode),
                new Codec("PortCountersExtended", PortCountersExtended.SIZE, PortCountersExtended::decode),
                new Codec("PortRcvErrorDetails", PortRcvErrorDetails.SIZE, PortRcvErrorDetails::decode),
                new Codec("PortXmitDiscardDetails", PortXmitDiscardDetails.SIZE, PortXmitDiscardDetails::decode),
                new Codec("PortSamplesControl", PortSamplesControl.SIZE, PortSamplesControl::decode),
                new Codec("PortExtendedSpeedsCounters", PortExtendedSpeedsCounters.SIZE,
                        PortExtendedSpeedsCounters::decode));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void randomValuesRoundTripAndKeepEveryFieldBit(Codec codec) {
        byte[] fieldBits = fieldBits(codec);
        Random random = new Random(codec.name().hashCode());
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] input = randomLayout(codec, random);
            MadAttribute value = codec.decoder().apply(ByteBuffer.wrap(input), 0);
            byte[] encoded = value.toBytes();

            MadAttribute decodedAgain = codec.decoder().apply(ByteBuffer.wrap(encoded), 0);
            byte[] reencoded = decodedAgain.toBytes();
            // Plain comparisons first: thousands of AssertJ assertions per codec would dominate the run time.
            if (!Arrays.equals(encoded, and(input, fieldBits)) || !decodedAgain.equals(value)
                    || !Arrays.equals(reencoded, encoded)) {
                assertThat(HEX.formatHex(encoded)).as("%s re-encoded, reserved bits cleared", value)
                        .isEqualTo(HEX.formatHex(and(input, fieldBits)));
                assertThat(decodedAgain).isEqualTo(value);
                assertThat(reencoded).isEqualTo(encoded);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void encodingIntoADirtyBufferAtAnOffsetWritesOnlyTheLayout(Codec codec) {
        Random random = new Random(~codec.name().hashCode());
        MadAttribute value = codec.decoder().apply(ByteBuffer.wrap(randomLayout(codec, random)), 0);
        int offset = SaHeader.DATA_OFFSET;
        ByteBuffer dirty = ByteBuffer.allocateDirect(offset + codec.size() + 8);
        for (int i = 0; i < dirty.capacity(); i++) {
            dirty.put(i, (byte) 0xA5);
        }

        value.encode(dirty, offset);

        byte[] written = new byte[codec.size()];
        dirty.get(offset, written);
        assertThat(written).isEqualTo(value.toBytes());
        assertThat(dirty.get(offset - 1)).isEqualTo((byte) 0xA5);
        assertThat(dirty.get(offset + codec.size())).isEqualTo((byte) 0xA5);
        assertThat(codec.decoder().apply(dirty, offset)).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 65, 66, 67, 128, 129, 130, 131, 144, 145, 256, 257, 258, 259, 1000})
    void trapDetailsRoundTrip(int trapNumber) {
        Random random = new Random(trapNumber);
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] raw = new byte[Notice.DATA_DETAILS_SIZE];
            random.nextBytes(raw);
            TrapDetails details = TrapDetails.decode(trapNumber, ByteBuffer.wrap(raw), 0);

            Notice notice = Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, trapNumber, random.nextInt(0x10000),
                    details, new Gid(random.nextLong(), random.nextLong()));
            Notice decoded = Notice.decode(ByteBuffer.wrap(notice.toBytes()), 0);

            if (!decoded.equals(notice) || !decoded.details().equals(details)) {
                assertThat(decoded).isEqualTo(notice);
                assertThat(decoded.details()).isEqualTo(details);
            }
        }
    }

    /** Random bytes, except text fields get random printable ASCII then NUL padding. */
    private static byte[] randomLayout(Codec codec, Random random) {
        byte[] bytes = new byte[codec.size()];
        random.nextBytes(bytes);
        for (int r = 0; r < codec.textRanges().length; r += 2) {
            int start = codec.textRanges()[r];
            int length = codec.textRanges()[r + 1];
            int textLength = random.nextInt(length + 1);
            Arrays.fill(bytes, start, start + length, (byte) 0);
            for (int i = 0; i < textLength; i++) {
                bytes[start + i] = (byte) (' ' + random.nextInt(95));
            }
        }
        for (int flag : codec.flagBytes()) {
            bytes[flag] = (byte) random.nextInt(2);
        }
        return bytes;
    }

    /**
     * The bits that belong to some field: all ones decoded and encoded again. Text fields are decoded
     * from ASCII (no NUL, which would end them early) and count as field bits whole.
     */
    private static byte[] fieldBits(Codec codec) {
        byte[] ones = new byte[codec.size()];
        Arrays.fill(ones, (byte) 0xFF);
        fillText(codec, ones, (byte) 'x');
        for (int flag : codec.flagBytes()) {
            ones[flag] = 1;
        }
        byte[] bits = codec.decoder().apply(ByteBuffer.wrap(ones), 0).toBytes();
        fillText(codec, bits, (byte) 0xFF);
        return bits;
    }

    private static void fillText(Codec codec, byte[] bytes, byte value) {
        for (int r = 0; r < codec.textRanges().length; r += 2) {
            Arrays.fill(bytes, codec.textRanges()[r], codec.textRanges()[r] + codec.textRanges()[r + 1], value);
        }
    }

    private static byte[] and(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] & b[i]);
        }
        return out;
    }
}
