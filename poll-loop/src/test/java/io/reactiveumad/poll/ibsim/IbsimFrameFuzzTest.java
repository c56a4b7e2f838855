package io.reactiveumad.poll.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.spi.channel.PortAttributes;

/**
 * Coverage-guided fuzzing (Jazzer) of what ibsim sends us: a {@code struct sim_request} datagram of any
 * bytes reads back its fields and a MAD of at most 256 bytes; the control replies GET_GUID, GET_GID,
 * GET_NODEINFO, GET_PORTINFO and GET_PKEYS of any bytes decode into port attributes or fail with
 * {@link MalformedMadException}, nothing else, and the P_Key table never exceeds the 32 entries a reply holds.
 */
class IbsimFrameFuzzTest {

    @FuzzTest(maxDuration = "4s")
    void simulatorFramesDecodeOrFailMalformed(FuzzedDataProvider data) {
        SimRequest request = new SimRequest();
        byte[] datagram = data.consumeBytes(SimRequest.SIZE);
        request.buffer().clear();
        request.buffer().put(datagram);
        request.dlid();
        request.slid();
        request.dqp();
        request.sqp();
        request.status();
        request.length();
        assertThat(request.mad()).hasSizeLessThanOrEqualTo(SimRequest.MAD_SIZE);

        byte[][] replies = new byte[4][];
        for (int i = 0; i < replies.length; i++) {
            replies[i] = java.util.Arrays.copyOf(data.consumeBytes(SimCtl.DATA_SIZE), SimCtl.DATA_SIZE);
        }
        try {
            PortAttributes port = SimAttributes.decode("fuzzed", data.consumeLong(), replies[0], replies[1], replies[2],
                    replies[3]);
            assertThat(port.pkeys()).hasSizeBetween(1, SimCtl.DATA_SIZE / 2);
        } catch (MalformedMadException expected) {
            // a reply whose attribute does not decode
        }
    }
}
