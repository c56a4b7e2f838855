package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.poll.channel.MadChannel;
import io.reactiveumad.poll.channel.MadFrame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kernel RMPP (rmpp_version 1, no USER_RMPP): the server writes one long response with RMPP Active, the
 * kernel segments it, the client's kernel reassembles it, and the channel reads it whole, growing its
 * buffer when read() says ENOSPC.
 */
@Order(20)
class KernelRmppChannelTest {
    private final KernelChannels channels = new KernelChannels();
    private final MadAddress self = InVm.selfGsi();

    @AfterEach
    void closeAll() throws Exception {
        channels.close();
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 60_000, 1 << 20})
    void longResponseArrivesReassembled(int dataLength) throws Exception {
        FrameProbe clientFrames = new FrameProbe("client");
        FrameProbe serverFrames = new FrameProbe("server");
        MadChannel client = channels.open(clientFrames);
        MadChannel server = channels.open(serverFrames);
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        int serverAgent = channels.register(server, CLASS, 1L << GET, 1, false);

        Mad request = VendorMads.get(CLASS, 0x1000 + dataLength);
        channels.send(client, new MadFrame(clientAgent, 0, 5000, 0, self, request.toByteArray()));
        MadFrame atServer = serverFrames.next();
        Mad response = VendorMads.response(Mad.of(atServer.mad()), dataLength, true);
        channels.send(server, MadFrame.send(serverAgent, atServer.address(), response.toByteArray()));

        MadFrame atClient = clientFrames.next();
        Mad answer = Mad.adopt(atClient.mad());
        assertThat(atClient.status()).isZero();
        assertThat(answer.tidLow()).isEqualTo(request.tidLow());
        assertThat(answer.length()).isEqualTo(VendorMads.DATA_OFFSET + dataLength);
        assertThat(VendorMads.firstMismatch(answer, dataLength)).as("first corrupted data byte").isEqualTo(-1);
    }
}
