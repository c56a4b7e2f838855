package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.operators.Rmpp;
import io.reactiveumad.operators.RmppEvent;
import io.reactiveumad.operators.RmppInbound;
import io.reactiveumad.operators.RmppOptions;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Our user-space RMPP operators against the kernel's mad_rmpp.c, over channels: an agent registered
 * with the USER_RMPP flag sees raw segments and does its own ACKs, the other side lets the kernel
 * segment, acknowledge and reassemble. Both directions.
 */
@Order(25)
class UserRmppInteropTest {
    /** Bounds a whole transfer: 1 MiB is 4855 segments, each through the JVM under TCG. */
    private static final Duration TRANSFER = Duration.ofSeconds(60);
    /** The requester's kernel timeout: it must outlast the response's transfer. */
    private static final int REQUEST_TIMEOUT_MS = (int) TRANSFER.toMillis();

    private final KernelChannels channels = new KernelChannels();
    private final MadAddress self = InVm.selfGsi();
    private final Scheduler timers = Schedulers.newSingle("rmpp-timers");

    @AfterEach
    void closeAll() {
        channels.close();
        timers.dispose();
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 1_000, 60_000, 1 << 20})
    void kernelSegmentsAndUserSpaceReassembles(int dataLength) throws Exception {
        FrameStream clientFrames = new FrameStream();
        FrameProbe serverFrames = new FrameProbe("kernel-RMPP server");
        KernelChannels.ClientServer pair = channels.clientAndServer(clientFrames, true, serverFrames, false);
        MadChannel client = pair.client();

        Mad request = VendorMads.get(CLASS, 0x5000 + dataLength);
        channels.send(client, new MadFrame(pair.clientAgent(), 0, REQUEST_TIMEOUT_MS, 0, self, request.toByteArray()));
        MadFrame atServer = serverFrames.next();
        Mad response = VendorMads.response(Mad.of(atServer.mad()), dataLength, true);
        channels.send(pair.server(), MadFrame.send(pair.serverAgent(), atServer.address(), response.toByteArray()));

        RmppEvent.Message message = Rmpp.receive(clientFrames.flux().map(f -> new RmppInbound(f.address(), f.mad())),
                        RmppOptions.defaults(), timers)
                .doOnNext(event -> {
                    if (event instanceof RmppEvent.Control ack) {
                        channels.send(client, MadFrame.send(pair.clientAgent(), (MadAddress) ack.peer(), ack.mad()));
                    }
                })
                .ofType(RmppEvent.Message.class)
                .blockFirst(TRANSFER);

        Mad reassembled = Mad.adopt(message.bytes());
        VendorMads.assertWholeResponse(reassembled, request, dataLength);
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 1_000, 60_000, 1 << 20})
    void userSpaceSegmentsAndTheKernelReassembles(int dataLength) throws Exception {
        FrameProbe clientFrames = new FrameProbe("kernel-RMPP client");
        FrameStream serverFrames = new FrameStream();
        KernelChannels.ClientServer pair = channels.clientAndServer(clientFrames, false, serverFrames, true);
        MadChannel server = pair.server();

        Mad request = VendorMads.get(CLASS, 0x6000 + dataLength);
        channels.send(pair.client(),
                new MadFrame(pair.clientAgent(), 0, REQUEST_TIMEOUT_MS, 0, self, request.toByteArray()));
        MadFrame atServer = serverFrames.flux().blockFirst(FrameProbe.DEADLINE);
        byte[] response = VendorMads.response(Mad.of(atServer.mad()), dataLength, true).toByteArray();
        Rmpp.send(response, serverFrames.flux().map(MadFrame::mad).filter(Rmpp::isSenderControl),
                        segment -> channels.send(server,
                                MadFrame.send(pair.serverAgent(), atServer.address(), segment)),
                        RmppOptions.defaults(), timers)
                .block(TRANSFER);

        MadFrame atClient = clientFrames.next();
        Mad reassembled = Mad.adopt(atClient.mad());
        assertThat(atClient.status()).isZero();
        VendorMads.assertWholeResponse(reassembled, request, dataLength);
    }

    /** A channel's frames as a replaying Flux, so the request and the later ACKs can be taken separately. */
    private static final class FrameStream implements FrameListener {
        private final Sinks.Many<MadFrame> frames = Sinks.many().replay().all();

        Flux<MadFrame> flux() {
            return frames.asFlux();
        }

        @Override
        public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
            MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
            frames.tryEmitNext(frame).orThrow();
        }

        @Override
        public void onError(Throwable error) {
            frames.tryEmitError(error).orThrow();
        }
    }
}
