package io.reactiveumad.operators;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.reactiveumad.mad.RmppHeader;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Coverage-guided fuzzing (Jazzer) of the RMPP receiver fed arbitrary segment sequences from two peers
 * and two TIDs: any type, flags, status, version, segment number and PayloadLength, any length. The
 * stream never fails; every transfer ends (a message or a failure) once its timers have run, so the
 * stream completes; a reassembled message is never longer than the segments that were fed carry (a
 * hostile PayloadLength cannot make it allocate beyond them); every control MAD is one 256-byte MAD.
 */
class RmppReceiverFuzzTest {
    private static final int SA = 0x03;
    private static final int SA_DATA = 56;

    @FuzzTest(maxDuration = "5s")
    void arbitrarySegmentSequencesEndTypedAndBounded(FuzzedDataProvider data) {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        try {
            List<RmppInbound> inbound = new ArrayList<>();
            int count = data.consumeInt(1, 40);
            long fedBytes = 0;
            for (int i = 0; i < count; i++) {
                byte[] mad = segment(data);
                fedBytes += mad.length;
                inbound.add(new RmppInbound(data.consumeBoolean() ? "peer A" : "peer B", mad));
            }
            List<RmppEvent> events = new ArrayList<>();
            List<Throwable> errors = new ArrayList<>();
            boolean[] completed = new boolean[1];
            Rmpp.receive(Flux.fromIterable(inbound), RmppOptions.defaults(), time)
                    .subscribe(events::add, errors::add, () -> completed[0] = true);
            time.advanceTimeBy(Duration.ofMinutes(2));

            assertThat(errors).isEmpty();
            assertThat(completed[0]).as("every transfer ended once its timers ran").isTrue();
            for (RmppEvent event : events) {
                if (event instanceof RmppEvent.Control control) {
                    assertThat(control.mad()).hasSize(256);
                } else if (event instanceof RmppEvent.Message message) {
                    assertThat((long) message.bytes().length).isLessThanOrEqualTo(Math.max(fedBytes, 256));
                } else {
                    assertThat(((RmppEvent.Failure) event).error()).isNotNull();
                }
            }
        } finally {
            time.dispose();
        }
    }

    /** An SA GetTableResp segment whose RMPP header fields and length are the fuzzer's. */
    private static byte[] segment(FuzzedDataProvider data) {
        int length = data.consumeBoolean() ? 256 : data.consumeInt(0, 300);
        byte[] mad = new byte[length];
        byte[] fill = data.consumeBytes(length);
        System.arraycopy(fill, 0, mad, 0, fill.length);
        if (length >= SA_DATA) {
            ByteBuffer b = ByteBuffer.wrap(mad);
            b.put(0, (byte) 1).put(1, (byte) SA).put(2, (byte) 2).put(3, (byte) 0x92)
                    .putLong(8, data.consumeBoolean() ? 1L : 2L);
            if (data.consumeBoolean()) {
                // Mostly well-formed headers, so the fuzzer reaches reassembly and windows.
                b.put(24, (byte) 1).put(25, (byte) RmppHeader.TYPE_DATA).put(27, (byte) 0)
                        .putInt(28, data.consumeInt(0, 6));
                mad[26] = (byte) ((mad[26] & 0xF8) | RmppHeader.FLAG_ACTIVE | (data.consumeInt(0, 3) << 1));
            }
        }
        return mad;
    }
}
