package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.ErrorSweep;
import io.reactiveumad.fabric.ErrorSweepOptions;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.MadFrame;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * An error sweep sends each PMA query on the SL its options give for the LID it goes to, as ibqueryerrors sends them on
 * the SL of the SA's path there; SL 0 where none is given (its --skip-sl).
 */
class ErrorSweepOnServiceLevelsTest extends ClientTestBase {

    /** A two-port CA whose ports have LIDs 12 and 13. */
    private static DiscoveredNode twoPortCa() {
        NodeInfo info = new NodeInfo(1, 1, NodeInfo.TYPE_CHANNEL_ADAPTER, 2, 0x100, 0x100, 0x101, 64, 0, 0, 1, 0x2c9);
        TreeMap<Integer, PortInfo> ports = new TreeMap<>(Map.of(
                1, PortInfo.builder().localPortNum(1).lid(12).portState(PortInfo.STATE_ACTIVE).build(),
                2, PortInfo.builder().localPortNum(2).lid(13).portState(PortInfo.STATE_ACTIVE).build()));
        return new DiscoveredNode(info, "two ports", null, ports, new TreeMap<>(Map.of(1, 0x101L, 2, 0x102L)),
                SmpRoute.directed());
    }

    @Test
    void eachPmaQueryGoesOnTheSlOfItsLid() {
        channel.peer(f -> PerfClientTest.perfAgent(f, 0));
        ErrorSweepOptions options = ErrorSweepOptions.defaults().withServiceLevels(Map.of(12, 5, 13, 9));

        assertThat(ErrorSweep.sweep(port, List.of(twoPortCa()), options).collectList().block(Duration.ofSeconds(5)))
                .singleElement().satisfies(node -> assertThat(node.failures()).isEmpty());
        assertThat(channel.sent).isNotEmpty().allSatisfy(frame -> assertThat(frame.address().sl())
                .as("to lid %d", frame.address().lid()).isEqualTo(frame.address().lid() == 12 ? 5 : 9));
        assertThat(channel.sent).extracting(frame -> frame.address().lid()).contains(12, 13);
    }

    @Test
    void withoutServiceLevelsEveryQueryGoesOnSlZero() {
        channel.peer(f -> PerfClientTest.perfAgent(f, 0));

        ErrorSweep.sweep(port, List.of(twoPortCa()), ErrorSweepOptions.defaults()).collectList()
                .block(Duration.ofSeconds(5));
        assertThat(channel.sent).isNotEmpty().extracting(MadFrame::address).allSatisfy(a -> assertThat(a.sl()).isZero());
    }
}
