package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import reactor.test.subscriber.TestSubscriber;

/** Traps as an SMA sends them (resent until repressed) and as an SM answers them (TrapRepress). */
class TrapsTest extends ClientTestBase {
    static final RequestOptions EVERY_SECOND = RequestOptions.defaults().withTimeout(Duration.ofSeconds(1)).withRetries(4);
    static final Notice LINK_STATE = Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_CHANNEL_ADAPTER,
            Notice.TRAP_LINK_STATE_CHANGE, 7, new TrapDetails.LinkStateChange(7), Gid.ZERO);

    /** The SM's answer to a Trap: the same TID, method TrapRepress (0x07, no R bit). */
    static List<MadFrame> repress(MadFrame trap) {
        byte[] r = trap.mad().clone();
        r[MadHeader.METHOD_OFFSET] = (byte) Method.TRAP_REPRESS;
        return List.of(new MadFrame(0, 0, 0, 0, trap.address(), r));
    }

    @Test
    void aTrapIsResentWithItsTidUntilTheSmRepressesItAndTheSendCompletesThen() {
        AtomicInteger seen = new AtomicInteger();
        channel.peer(f -> seen.incrementAndGet() == 3 ? repress(f) : List.of());
        Traps traps = Traps.of(port).withOptions(EVERY_SECOND);
        StepVerifier.withVirtualTime(() -> traps.send(LINK_STATE), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofSeconds(2))
                .expectComplete()
                .verify(Duration.ofSeconds(5));

        assertThat(channel.sent).hasSize(3).allSatisfy(f -> {
            ByteBuffer b = ByteBuffer.wrap(f.mad());
            assertThat(b.get(MadHeader.MGMT_CLASS_OFFSET)).isEqualTo((byte) MgmtClass.SUBN_LID_ROUTED);
            assertThat(b.get(MadHeader.METHOD_OFFSET)).isEqualTo((byte) Method.TRAP);
            assertThat(b.getShort(MadHeader.ATTRIBUTE_ID_OFFSET)).isEqualTo((short) Notice.ATTRIBUTE_ID);
            assertThat(Notice.decode(b, SmpHeader.DATA_OFFSET).trapNumber()).isEqualTo(Notice.TRAP_LINK_STATE_CHANGE);
            assertThat(f.address().lid()).isEqualTo(port.attributes().smLid());
            assertThat(f.address().qpn()).isZero();
            assertThat(b.getLong(MadHeader.TID_OFFSET)).isEqualTo(ByteBuffer.wrap(channel.sent.peek().mad()).getLong(8));
        });
    }

    @Test
    void aTrapNeverRepressedEndsWithATimeoutAfterItsResends() {
        Traps traps = Traps.of(port).withOptions(EVERY_SECOND);
        StepVerifier.withVirtualTime(() -> traps.send(LINK_STATE), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofSeconds(5))
                .expectError(MadTimeoutException.class)
                .verify(Duration.ofSeconds(5));
        assertThat(channel.sent).hasSize(5);
    }

    @Test
    void theSmSideAnswersEveryTrapWithATrapRepressAndHandsItOn() {
        MadAgent sm = port.agent(AgentSpec.server(MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP)).block();
        TestSubscriber<ReceivedMad> traps = TestSubscriber.create();
        Traps.repress(sm).subscribe(traps);
        byte[] trap = new byte[MadHeader.MAD_SIZE];
        ByteBuffer b = ByteBuffer.wrap(trap).put(MadHeader.BASE_VERSION_OFFSET, (byte) 1)
                .put(MadHeader.MGMT_CLASS_OFFSET, (byte) MgmtClass.SUBN_LID_ROUTED)
                .put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1).put(MadHeader.METHOD_OFFSET, (byte) Method.TRAP)
                .putLong(MadHeader.TID_OFFSET, 0x1234_5678_9abc_def0L).putShort(MadHeader.ATTRIBUTE_ID_OFFSET,
                        (short) Notice.ATTRIBUTE_ID);
        LINK_STATE.encode(b, SmpHeader.DATA_OFFSET);
        channel.inject(new MadFrame(0, 0, 0, 0, MadAddress.smp(7), trap));
        vts.advanceTime();

        assertThat(traps.getReceivedOnNext()).singleElement().satisfies(r ->
                assertThat(Notice.decode(r.mad().buffer(), SmpHeader.DATA_OFFSET).trapNumber())
                        .isEqualTo(Notice.TRAP_LINK_STATE_CHANGE));
        assertThat(channel.sent).singleElement().satisfies(f -> {
            assertThat(f.mad()[MadHeader.METHOD_OFFSET]).isEqualTo((byte) Method.TRAP_REPRESS);
            assertThat(ByteBuffer.wrap(f.mad()).getLong(MadHeader.TID_OFFSET)).isEqualTo(0x1234_5678_9abc_def0L);
            assertThat(f.address().lid()).isEqualTo(7);
            assertThat(f.address().qpn()).isZero();
        });
        traps.cancel();
    }
}
