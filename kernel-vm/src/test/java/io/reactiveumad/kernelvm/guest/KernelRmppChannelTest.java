package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.spi.channel.MadFrame;
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
        KernelChannels.ClientServer pair = channels.clientAndServer(clientFrames, false, serverFrames, false);

        Mad request = VendorMads.get(CLASS, 0x1000 + dataLength);
        channels.send(pair.client(), KernelChannels.request(pair.clientAgent(), self, request));
        MadFrame atServer = serverFrames.next();
        Mad response = VendorMads.response(Mad.of(atServer.mad()), dataLength, true);
        channels.send(pair.server(), MadFrame.send(pair.serverAgent(), atServer.address(), response.toByteArray()));

        MadFrame atClient = clientFrames.next();
        Mad answer = Mad.adopt(atClient.mad());
        assertThat(atClient.status()).isZero();
        VendorMads.assertWholeResponse(answer, request, dataLength);
    }
}
