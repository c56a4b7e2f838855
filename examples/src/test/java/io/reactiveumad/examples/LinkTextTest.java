package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * iblinkinfo's hints on links no simulated fabric has: ibsim writes a port's MlnxExtPortInfo only while it runs at FDR10,
 * so a QDR link between two ports that both support FDR10 (two SwitchX switches cabled at QDR, on hardware) is built
 * here from the attributes the discovery would have read.
 */
class LinkTextTest {
    private static final int QDR = PortInfo.LINK_SPEED_QDR;
    private static final int WIDTH_4X = 2;
    private static final int WIDTHS_1X_4X = 3;

    @Test
    void aQdrLinkBetweenPortsThatSupportFdr10CouldBeFdr10() {
        PortLink link = new PortLink(end(0x200000L, MlnxExtPortInfo.FDR10), Optional.of(end(0x200001L, MlnxExtPortInfo.FDR10)));

        assertThat(LinkText.couldBe(link)).containsExactly("", "Could be FDR10 (Found link at QDR but expected speed is FDR10)");
    }

    @Test
    void withoutFdr10AtOneEndAQdrLinkIsAsGoodAsItGets() {
        PortLink link = new PortLink(end(0x200000L, MlnxExtPortInfo.FDR10), Optional.of(end(0x200001L, 0)));

        assertThat(LinkText.couldBe(link)).containsExactly("", "");
    }

    /** Port 1 of a SwitchX switch at 4X QDR (no extended speeds), its MlnxExtPortInfo supporting {@code fdr10}. */
    private static LinkEnd end(long guid, int fdr10) {
        PortInfo zero = PortInfo.decode(ByteBuffer.allocate(PortInfo.SIZE), 0);
        PortInfo port = zero.toBuilder().linkWidthSupported(WIDTHS_1X_4X).linkWidthActive(WIDTH_4X).linkSpeedActive(QDR)
                .linkSpeedSupported(QDR | 3).portState(PortInfo.STATE_ACTIVE).build();
        NodeInfo info = new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 8, guid, guid, guid, 8, 0xc738, 0xA1, 1, 0x2c9);
        TreeMap<Integer, PortInfo> ports = new TreeMap<>();
        ports.put(0, zero);
        ports.put(1, port);
        TreeMap<Integer, Long> guids = new TreeMap<>();
        guids.put(0, guid);
        TreeMap<Integer, MlnxExtPortInfo> mlnx = new TreeMap<>();
        mlnx.put(1, new MlnxExtPortInfo(0, fdr10, fdr10, 0));
        DiscoveredNode node = new DiscoveredNode(info, "sx", SwitchInfo.decode(ByteBuffer.allocate(SwitchInfo.SIZE), 0),
                ports, guids, SmpRoute.directed(), mlnx);
        return new LinkEnd(node, 1, port, 4);
    }
}
