package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.PortAttributes;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;

/**
 * A RoCE port (link layer Ethernet), as the kernel lists an rxe or mlx5 Ethernet port: no QP0, no LIDs, no SM. What
 * cannot work there says so, naming the port, where the kernel's errno (EPROTONOSUPPORT, EINVAL) names nothing. The
 * real kernel's side is in kernel-vm's ApiConformanceTest.
 */
class RocePortTest {
    private static final Gid GID = new Gid(0xfe80_0000_0000_0000L, 0x0200_00ff_fe00_0001L);
    private static final Duration WAIT = Duration.ofSeconds(5);

    private FakeChannel channel;
    private MadPort port;

    @BeforeEach
    void openRocePort() {
        channel = new FakeChannel(Schedulers.single());
        channel.attributes(new PortAttributes("rxe0", 1, 0x0200_00ff_fe00_0001L, 0, 0, 0, 0, PortAttributes.STATE_ACTIVE,
                5, "Ethernet", List.of(GID), List.of(0xFFFF), 0, "10 Gb/sec (1X QDR)"));
        port = Umad.open(channel.transport(), new PortSpec("rxe0", 1)).block(WAIT);
    }

    @AfterEach
    void close() {
        port.dispose();
    }

    @Test
    void anSmpAgentIsRefusedNamingThePort() {
        assertThatThrownBy(() -> port.agent(AgentSpec.client(0x81, 1)).block(WAIT))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(93))
                .hasMessageContaining("port rxe0:1 is a RoCE port (link layer Ethernet): it has no QP0");
        assertThat(port.agent(AgentSpec.client(0x04, 1)).block(WAIT)).as("GSI classes register").isNotNull();
    }

    @Test
    void aMadWithoutAGrhIsRefusedAndOneWithAGrhGoesOut() {
        MadAgent perf = port.agent(AgentSpec.client(0x04, 1)).block(WAIT);
        Mad get = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(0x04).classVersion(1).methodByte(Method.GET)
                .attributeId(PortInfo.ATTRIBUTE_ID));

        assertThatThrownBy(() -> perf.request(get, MadAddress.gsi(7)).block(WAIT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port rxe0:1 is a RoCE port (link layer Ethernet): a MAD from it needs a GRH with the "
                        + "destination's GID; LID 7 alone addresses nothing there");
        assertThat(channel.sent).isEmpty();

        perf.send(get, MadAddress.gsi(0).withGrh(new MadAddress.Grh(GID, 0, 64, 0, 0))).block(WAIT);
        assertThat(channel.sent).hasSize(1);
    }

    @Test
    void whatNeedsAnSmSaysThePortIsRoce() {
        PortNotActiveException e = new PortNotActiveException(port.spec(), port.attributes(), "no SA to ask");
        assertThat(e).hasMessage("port rxe0:1 is Active (LID 0, SM LID 0): no SA to ask; it is a RoCE port (link layer "
                + "Ethernet), which no subnet manager serves");
        assertThat(e.isRoce()).isTrue();
        assertThat(SaClient.unreachable(e)).as("not worth waiting for").isFalse();
        assertThatThrownBy(() -> SaClient.of(port).getTable(SaClient.NODE_RECORD).collectList().block(WAIT))
                .isInstanceOfSatisfying(PortNotActiveException.class, p -> assertThat(p.isRoce()).isTrue());
    }
}
