package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad bytes and bad values give typed exceptions naming the problem, never an index error from deep inside. */
class MalformedInputTest {

    static Stream<RoundTripPropertyTest.Codec> codecs() {
        return RoundTripPropertyTest.codecs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void decodingAShortBufferFailsWithMalformedMad(RoundTripPropertyTest.Codec codec) {
        ByteBuffer oneShort = ByteBuffer.allocate(codec.size() - 1);
        assertThatThrownBy(() -> codec.decoder().apply(oneShort, 0)).isInstanceOf(MalformedMadException.class)
                .hasMessageContaining("needs bytes [0, " + codec.size() + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void decodingAtAnOffsetPastTheEndFailsWithMalformedMad(RoundTripPropertyTest.Codec codec) {
        ByteBuffer mad = ByteBuffer.allocate(MadHeader.MAD_SIZE);
        int offset = MadHeader.MAD_SIZE - codec.size() + 1;
        assertThatThrownBy(() -> codec.decoder().apply(mad, offset)).isInstanceOf(MalformedMadException.class);
        assertThatThrownBy(() -> codec.decoder().apply(mad, -1)).isInstanceOf(MalformedMadException.class);
        assertThatThrownBy(() -> codec.decoder().apply(mad, Integer.MAX_VALUE))
                .isInstanceOf(MalformedMadException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void encodingPastTheEndFailsBeforeWritingAnything(RoundTripPropertyTest.Codec codec) {
        MadAttribute value = codec.decoder().apply(ByteBuffer.allocate(codec.size()), 0);
        byte[] target = new byte[codec.size() + 3];
        Arrays.fill(target, (byte) 0x5A);

        assertThatThrownBy(() -> value.encode(ByteBuffer.wrap(target), 4)).isInstanceOf(MalformedMadException.class);
        assertThat(target).containsOnly((byte) 0x5A);
    }

    @Test
    void headerFlyweightsRefuseBuffersShorterThanTheirLayout() {
        List<Consumer<ByteBuffer>> wraps = List.of(b -> new MadHeader().wrap(b, 0), b -> new SaHeader().wrap(b, 0),
                b -> new VendorRange2Header().wrap(b, 0), b -> new SmpHeader().wrap(b, 0),
                b -> new DirectedRouteSmp().wrap(b, 0));
        int[] sizes = {MadHeader.SIZE, SaHeader.DATA_OFFSET, VendorRange2Header.DATA_OFFSET, MadHeader.MAD_SIZE,
                MadHeader.MAD_SIZE};
        for (int i = 0; i < sizes.length; i++) {
            Consumer<ByteBuffer> wrap = wraps.get(i);
            wrap.accept(ByteBuffer.allocate(sizes[i]));
            ByteBuffer shortBuffer = ByteBuffer.allocate(sizes[i] - 1);
            assertThatThrownBy(() -> wrap.accept(shortBuffer)).isInstanceOf(MalformedMadException.class);
            ByteBuffer limitedBelowCapacity = ByteBuffer.allocate(MadHeader.MAD_SIZE).limit(sizes[i] - 1);
            assertThatThrownBy(() -> wrap.accept(limitedBelowCapacity)).isInstanceOf(MalformedMadException.class);
        }
        ByteBuffer twoMads = ByteBuffer.allocate(2 * MadHeader.MAD_SIZE);
        assertThat(new SmpHeader().wrap(twoMads, MadHeader.MAD_SIZE).offset()).isEqualTo(MadHeader.MAD_SIZE);
        assertThatThrownBy(() -> new SmpHeader().wrap(twoMads, MadHeader.MAD_SIZE + 1))
                .isInstanceOf(MalformedMadException.class);
    }

    @Test
    void aMadNeedsACommonHeaderAndBaseVersionOne() {
        assertThatThrownBy(() -> Mad.of(new byte[MadHeader.SIZE - 1])).isInstanceOf(MalformedMadException.class)
                .hasMessageContaining("at least 24 bytes");
        byte[] badVersion = new byte[MadHeader.MAD_SIZE];
        badVersion[MadHeader.BASE_VERSION_OFFSET] = 2;
        assertThatThrownBy(() -> Mad.of(badVersion)).isInstanceOf(MalformedMadException.class)
                .hasMessageContaining("base version 2");
        assertThatThrownBy(() -> new MadHeader().wrap(badVersion).checkBaseVersion())
                .isInstanceOf(MalformedMadException.class).hasMessageContaining("base version 2");
        assertThatThrownBy(() -> Mad.build(b -> { }).slice(250, 7)).isInstanceOf(MalformedMadException.class);
    }

    @Test
    void aGidNeedsSixteenBytes() {
        assertThatThrownBy(() -> Gid.of(new byte[15])).isInstanceOf(MalformedMadException.class);
        assertThatThrownBy(() -> Gid.read(ByteBuffer.allocate(20), 5)).isInstanceOf(MalformedMadException.class);
    }

    @Test
    void valuesThatDoNotFitTheirFieldAreRejectedOnEncode() {
        PortInfo lmcTooBig = PortInfo.builder().lid(1).lmc(8).build();
        assertThatThrownBy(lmcTooBig::toBytes).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit 3 bits");

        ByteBuffer mad = ByteBuffer.allocate(MadHeader.MAD_SIZE);
        assertThatThrownBy(() -> new MadHeader().wrap(mad, 0).mgmtClass(0x100))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DirectedRouteSmp().wrap(mad, 0).hopCount(64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DirectedRouteSmp().wrap(mad, 0).initialPath(0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DirectedRouteSmp().wrap(mad, 0).status(0x8000))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new VendorRange2Header().wrap(mad, 0).oui(0x1000000))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void recordsCheckTheirFixedSizeParts() {
        assertThatThrownBy(() -> new NodeDescription("x".repeat(65))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Notice(true, 1, 2, 128, 1, false, 0, Octets.zeros(53), Gid.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PKeyTable(List.of(0xFFFF))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TrapDetails.Raw(Octets.zeros(10))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ServiceRecord(0, Gid.ZERO, 0, 0, Octets.zeros(15), "", Octets.zeros(64)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void invalidUtf8TextKeepsItsBytes() {
        byte[] garbage = new byte[NodeRecord.SIZE];
        Arrays.fill(garbage, (byte) 0xFF);

        NodeRecord record = NodeRecord.decode(ByteBuffer.wrap(garbage), 0);

        assertThat(record.nodeDescription().text()).isEqualTo("\uDCFF".repeat(NodeDescription.SIZE));
        assertThat(NodeRecord.decode(ByteBuffer.wrap(record.toBytes()), 0)).isEqualTo(record);
    }

    /**
     * 58 letters, an invalid byte, a four-byte character: the text used to be cut back (U+FFFD takes three
     * bytes), losing the character; Latin-1, a character cut at the field's end, an overlong NUL and an
     * encoded surrogate are kept byte for byte too. Before, each came back changed (U+FFFD, or cut).
     */
    @Test
    void invalidUtf8TextEncodesBackToTheSameBytes() {
        byte[] emoji = {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80};
        List<byte[]> fields = List.of(
                concat("a".repeat(58).getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xFF}, emoji),
                "caf\u00e9 na\u00efve".getBytes(StandardCharsets.ISO_8859_1),
                concat("x".repeat(62).getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xE2, (byte) 0x82}),
                new byte[] {'a', (byte) 0xC0, (byte) 0x80, 'b', (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'c'},
                concat(emoji, new byte[] {(byte) 0x80, (byte) 0xBF}, emoji));
        for (byte[] bytes : fields) {
            ByteBuffer field = ByteBuffer.allocate(NodeDescription.SIZE).put(0, bytes);
            NodeDescription once = NodeDescription.decode(field, 0);
            ByteBuffer again = ByteBuffer.allocate(NodeDescription.SIZE);
            once.encode(again, 0);
            assertThat(again.array()).as("%s", once).isEqualTo(field.array());
            assertThat(NodeDescription.decode(again, 0)).isEqualTo(once);
        }
        NodeDescription latin1 = NodeDescription.decode(ByteBuffer.allocate(64).put(0, new byte[] {'c', 'a', 'f', (byte) 0xE9}), 0);
        assertThat(latin1.text()).isEqualTo("caf\uDCE9");
    }

    @Test
    void textThatHasNoEncodingIsRefused() {
        assertThatThrownBy(() -> new NodeDescription("a\0b")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
        assertThatThrownBy(() -> new NodeDescription("a\uD800b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unpaired surrogate U+D800");
        assertThatThrownBy(() -> new NodeDescription("\uDC41")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unpaired surrogate U+DC41");
        assertThat(new NodeDescription("\uD83D\uDE00 ok").text()).isEqualTo("\uD83D\uDE00 ok");
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuffer all = ByteBuffer.allocate(Arrays.stream(parts).mapToInt(p -> p.length).sum());
        for (byte[] p : parts) {
            all.put(p);
        }
        return all.array();
    }

    @Test
    void aServiceRecordsTextNeverShowsItsServiceKey() {
        ByteBuffer bytes = ByteBuffer.allocate(ServiceRecord.SIZE);
        for (int i = 32; i < 32 + ServiceRecord.KEY_SIZE; i++) { // ServiceKey, at byte 32
            bytes.put(i, (byte) 0x5C);
        }
        ServiceRecord record = ServiceRecord.decode(bytes, 0);
        String key = record.serviceKey().toString();
        assertThat(record.toString()).doesNotContain("serviceKey").doesNotContain(key);
    }
}
