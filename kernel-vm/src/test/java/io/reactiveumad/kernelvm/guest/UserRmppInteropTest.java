package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.operators.Rmpp;
import io.reactiveumad.operators.RmppEvent;
import io.reactiveumad.operators.RmppInbound;
import io.reactiveumad.operators.RmppOptions;
import io.reactiveumad.poll.channel.FrameListener;
import io.reactiveumad.poll.channel.MadChannel;
import io.reactiveumad.poll.channel.MadFrame;
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
        MadChannel client = channels.open(clientFrames);
        MadChannel server = channels.open(serverFrames);
        int clientAgent = channels.register(client, CLASS, 0, 1, true);
        int serverAgent = channels.register(server, CLASS, 1L << GET, 1, false);

        Mad request = VendorMads.get(CLASS, 0x5000 + dataLength);
        channels.send(client, new MadFrame(clientAgent, 0, REQUEST_TIMEOUT_MS, 0, self, request.toByteArray()));
        MadFrame atServer = serverFrames.next();
        Mad response = VendorMads.response(Mad.of(atServer.mad()), dataLength, true);
        channels.send(server, MadFrame.send(serverAgent, atServer.address(), response.toByteArray()));

        RmppEvent.Message message = Rmpp.receive(clientFrames.flux().map(f -> new RmppInbound(f.address(), f.mad())),
                        RmppOptions.DEFAULTS, timers)
                .doOnNext(event -> {
                    if (event instanceof RmppEvent.Control ack) {
                        channels.send(client, MadFrame.send(clientAgent, (MadAddress) ack.peer(), ack.mad()));
                    }
                })
                .ofType(RmppEvent.Message.class)
                .blockFirst(TRANSFER);

        Mad reassembled = Mad.adopt(message.bytes());
        assertThat(reassembled.tidLow()).isEqualTo(request.tidLow());
        assertThat(reassembled.length()).isEqualTo(VendorMads.DATA_OFFSET + dataLength);
        assertThat(VendorMads.firstMismatch(reassembled, dataLength)).as("first corrupted data byte").isEqualTo(-1);
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 1_000, 60_000, 1 << 20})
    void userSpaceSegmentsAndTheKernelReassembles(int dataLength) throws Exception {
        FrameProbe clientFrames = new FrameProbe("kernel-RMPP client");
        FrameStream serverFrames = new FrameStream();
        MadChannel client = channels.open(clientFrames);
        MadChannel server = channels.open(serverFrames);
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        int serverAgent = channels.register(server, CLASS, 1L << GET, 1, true);

        Mad request = VendorMads.get(CLASS, 0x6000 + dataLength);
        channels.send(client, new MadFrame(clientAgent, 0, REQUEST_TIMEOUT_MS, 0, self, request.toByteArray()));
        MadFrame atServer = serverFrames.flux().blockFirst(FrameProbe.DEADLINE);
        byte[] response = VendorMads.response(Mad.of(atServer.mad()), dataLength, true).toByteArray();
        Rmpp.send(response, serverFrames.flux().map(MadFrame::mad).filter(Rmpp::isSenderControl),
                        segment -> channels.send(server, MadFrame.send(serverAgent, atServer.address(), segment)),
                        RmppOptions.DEFAULTS, timers)
                .block(TRANSFER);

        MadFrame atClient = clientFrames.next();
        Mad reassembled = Mad.adopt(atClient.mad());
        assertThat(atClient.status()).isZero();
        assertThat(reassembled.tidLow()).isEqualTo(request.tidLow());
        assertThat(reassembled.length()).isEqualTo(VendorMads.DATA_OFFSET + dataLength);
        assertThat(VendorMads.firstMismatch(reassembled, dataLength)).as("first corrupted data byte").isEqualTo(-1);
    }

    /** A channel's frames as a replaying Flux, so the request and the later ACKs can be taken separately. */
    private static final class FrameStream implements FrameListener {
        private final Sinks.Many<MadFrame> frames = Sinks.many().replay().all();

        Flux<MadFrame> flux() {
            return frames.asFlux();
        }

        @Override
        public void onFrame(MadFrame frame) {
            frames.tryEmitNext(frame).orThrow();
        }

        @Override
        public void onError(Throwable error) {
            frames.tryEmitError(error).orThrow();
        }
    }
}
