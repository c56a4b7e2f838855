package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Coverage-guided fuzzing (Jazzer) of every attribute and record decoder and of the MAD and header
 * wrappers, fed arbitrary wire bytes at arbitrary offsets: only {@link MalformedMadException} may
 * escape, and whatever decodes encodes into its own size and decodes back to an equal value
 * (decode, encode, decode is stable; byte-exact for valid input is {@code RoundTripPropertyTest}'s).
 * In the normal test run it replays its checked-in inputs ({@code MadCodecFuzzTestInputs}); the
 * {@code fuzz} surefire execution fuzzes it for {@code maxDuration}; docs/RELIABILITY.md has the longer run.
 */
class MadCodecFuzzTest {
    private static final List<RoundTripPropertyTest.Codec> CODECS = RoundTripPropertyTest.codecs().toList();

    @FuzzTest(maxDuration = "6s")
    void wireBytesDecodeOrFailMalformedAndWhatDecodesRoundTrips(FuzzedDataProvider data) {
        RoundTripPropertyTest.Codec codec = CODECS.get(data.consumeInt(0, CODECS.size() - 1));
        int offset = data.consumeInt(-2, 300);
        byte[] wire = data.consumeRemainingAsBytes();
        ByteBuffer buffer = ByteBuffer.wrap(wire);
        headersWrapOrFailMalformed(buffer, offset);
        MadAttribute decoded;
        try {
            decoded = codec.decoder().apply(buffer, offset);
        } catch (MalformedMadException expected) {
            return;
        }
        ByteBuffer encoded = ByteBuffer.allocate(codec.size());
        decoded.encode(encoded, 0);
        assertThat(codec.decoder().apply(encoded, 0)).as(codec.name()).isEqualTo(decoded);
    }

    private static void headersWrapOrFailMalformed(ByteBuffer buffer, int offset) {
        try {
            Mad mad = Mad.of(buffer.array());
            mad.header();
            mad.toString();
        } catch (MalformedMadException expected) {
            // too short, or not base version 1
        }
        for (Runnable wrap : List.<Runnable>of(() -> new MadHeader().wrap(buffer, offset).tid(),
                () -> new SaHeader().wrap(buffer, offset).attributeOffset(),
                () -> new RmppHeader().wrap(buffer).payloadLength(),
                () -> new SmpHeader().wrap(buffer, offset).mKey(),
                () -> new DirectedRouteSmp().wrap(buffer, offset).hopCount(),
                () -> new VendorRange2Header().wrap(buffer, offset).oui())) {
            try {
                wrap.run();
            } catch (MalformedMadException expected) {
                // a buffer shorter than the layout
            }
        }
    }
}
