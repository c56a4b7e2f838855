package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class SmpClientTest extends ClientTestBase {
    static final NodeInfo SWITCH = new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 36, 0x0002c9000000aaaaL,
            0x0002c9000000aaaaL, 0x0002c9000000aaaaL, 32, 0xc738, 0xa0, 7, 0x0002c9);

    /** An SMA that answers every Get with {@link #SWITCH} and every Set with the value sent. */
    static List<MadFrame> sma(MadFrame request) {
        ByteBuffer req = ByteBuffer.wrap(request.mad());
        boolean directed = req.get(MadHeader.MGMT_CLASS_OFFSET) == (byte) MgmtClass.SUBN_DIRECTED_ROUTE;
        int method = req.get(MadHeader.METHOD_OFFSET);
        return answer(request, Method.GET_RESP, b -> {
            if (method == Method.GET && b.getShort(MadHeader.ATTRIBUTE_ID_OFFSET) == NodeInfo.ATTRIBUTE_ID) {
                SWITCH.encode(b, SmpHeader.DATA_OFFSET);
            }
            if (directed) {
                DirectedRouteSmp dr = new DirectedRouteSmp().wrap(b, 0);
                dr.inbound(true).hopPointer(dr.hopCount());
            }
        });
    }

    SmpClient smp() {
        channel.peer(SmpClientTest::sma);
        return SmpClient.of(port);
    }

    @Test
    void lidRoutedGetGoesToQp0OfTheLidAndDecodesTheRecord() {
        assertThat(smp().nodeInfo(SmpRoute.lid(5)).block()).isEqualTo(SWITCH);
        MadFrame sent = lastFrame();
        assertThat(sent.address().lid()).isEqualTo(5);
        assertThat(sent.address().qpn()).isZero();
        ByteBuffer b = lastSent();
        assertThat(b.get(MadHeader.MGMT_CLASS_OFFSET)).isEqualTo((byte) MgmtClass.SUBN_LID_ROUTED);
        assertThat(b.get(MadHeader.METHOD_OFFSET)).isEqualTo((byte) Method.GET);
        assertThat(b.getShort(MadHeader.ATTRIBUTE_ID_OFFSET)).isEqualTo((short) NodeInfo.ATTRIBUTE_ID);
    }

    @Test
    void directedRouteFromHereIsPermissiveAtBothEndsAndTheReturningDBitIsNoError() {
        assertThat(smp().nodeInfo(SmpRoute.directed(1, 3)).block()).isEqualTo(SWITCH);
        assertThat(lastFrame().address().lid()).isEqualTo(MadAddress.PERMISSIVE_LID);
        DirectedRouteSmp dr = new DirectedRouteSmp().wrap(lastSent(), 0);
        assertThat(dr.buffer().get(MadHeader.MGMT_CLASS_OFFSET)).isEqualTo((byte) MgmtClass.SUBN_DIRECTED_ROUTE);
        assertThat(dr.hopCount()).isEqualTo(2);
        assertThat(dr.hopPointer()).isZero();
        assertThat(dr.isInbound()).isFalse();
        assertThat(dr.initialPath(1)).isEqualTo(1);
        assertThat(dr.initialPath(2)).isEqualTo(3);
        assertThat(dr.drSlid()).isEqualTo(MadAddress.PERMISSIVE_LID);
        assertThat(dr.drDlid()).isEqualTo(MadAddress.PERMISSIVE_LID);
    }

    @Test
    void directedPartReachedByLidUsesTheLocalLidAsDrSlidAndEndsAtDrDlid() {
        smp().nodeInfo(SmpRoute.directed(2).from(9).to(33)).block();
        assertThat(lastFrame().address().lid()).isEqualTo(9);
        DirectedRouteSmp dr = new DirectedRouteSmp().wrap(lastSent(), 0);
        assertThat(dr.drSlid()).isEqualTo(port.attributes().lid());
        assertThat(dr.drDlid()).isEqualTo(33);
        assertThat(dr.hopCount()).isEqualTo(1);
    }

    @Test
    void aDirectedRouteErrorStatusBesideTheDBitIsStillAnError() {
        channel.peer(f -> answer(f, Method.GET_RESP, b -> new DirectedRouteSmp().wrap(b, 0).inbound(true)
                .status(0x000C)));
        StepVerifier.create(SmpClient.of(port).nodeInfo(SmpRoute.directed()))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadStatusException.class)
                        .hasMessageContaining("unsupported method/attribute"))
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void mKeyGoesIntoEverySmpButNeverIntoToString() {
        SmpClient keyed = smp().withMKey(0x1122334455667788L);
        keyed.nodeInfo(SmpRoute.lid(5)).block();
        assertThat(lastSent().getLong(SmpHeader.M_KEY_OFFSET)).isEqualTo(0x1122334455667788L);
        keyed.nodeInfo(SmpRoute.directed(1)).block();
        assertThat(lastSent().getLong(SmpHeader.M_KEY_OFFSET)).isEqualTo(0x1122334455667788L);
        assertThat(keyed.toString()).doesNotContain("1122334455667788").doesNotContain("1234605616436508552");
    }

    @Test
    void setWritesTheValueAtTheDataOffsetWithThePortAsModifier() {
        byte[] raw = new byte[PortInfo.SIZE];
        ByteBuffer.wrap(raw).putShort(16, (short) 42).put(32, (byte) 0x24);
        PortInfo value = PortInfo.decode(ByteBuffer.wrap(raw), 0);
        PortInfo now = smp().setPortInfo(SmpRoute.lid(5), 3, value).block();
        assertThat(now).isEqualTo(value);
        ByteBuffer b = lastSent();
        assertThat(b.get(MadHeader.METHOD_OFFSET)).isEqualTo((byte) Method.SET);
        assertThat(b.getInt(MadHeader.ATTRIBUTE_MODIFIER_OFFSET)).isEqualTo(3);
        assertThat(PortInfo.decode(b, SmpHeader.DATA_OFFSET)).isEqualTo(value);
    }

    @Test
    void pKeyTableModifierCarriesPortAndBlock() {
        smp().pKeyTable(SmpRoute.lid(5), 7, 2).block();
        assertThat(lastSent().getInt(MadHeader.ATTRIBUTE_MODIFIER_OFFSET)).isEqualTo(7 << 16 | 2);
    }

    @Test
    void aResponseForAnotherAttributeIsMalformed() {
        channel.peer(f -> answer(f, Method.GET_RESP, b -> b.putShort(MadHeader.ATTRIBUTE_ID_OFFSET, (short) 0x15)));
        StepVerifier.create(SmpClient.of(port).nodeInfo(SmpRoute.lid(5)))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MalformedMadException.class)
                        .hasMessageContaining("NodeInfo"))
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void badArgumentsFailAtAssemblyNamingTheValue() {
        SmpClient smp = SmpClient.of(port);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> smp.portInfo(SmpRoute.lid(5), 300))
                .hasMessageContaining("300");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SmpRoute.lid(0xFFFF))
                .hasMessageContaining("65535");
        // A multicast LID names no port an SMP could reach (libibmad's IB_LID_VALID refuses it too).
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SmpRoute.lid(0xC000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a unicast LID (1 to 49151): 49152");
        org.assertj.core.api.Assertions.assertThat(SmpRoute.lid(0xBFFF)).isEqualTo(SmpRoute.lid(0xBFFF));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SmpRoute.directed(new int[64]))
                .hasMessageContaining("64");
    }

    @Test
    void disposedClientFailsTyped() {
        SmpClient smp = smp();
        smp.nodeInfo(SmpRoute.lid(5)).block();
        smp.dispose();
        StepVerifier.create(smp.nodeInfo(SmpRoute.lid(5)))
                .expectErrorSatisfies(e -> assertThat(e)
                        .isInstanceOf(PortClosedException.class)
                        .hasMessageContaining("client of class 0x01").hasMessageContaining("was disposed"))
                .verify(Duration.ofSeconds(5));
    }
}
