package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class PerfClientTest extends ClientTestBase {
    static final int DATA = MgmtClass.DEVICE_DATA_OFFSET;

    static ClassPortInfo capabilities(int mask) {
        ByteBuffer b = ByteBuffer.allocate(ClassPortInfo.SIZE);
        b.put(0, (byte) 1).put(1, (byte) 1).putShort(2, (short) mask);
        return ClassPortInfo.decode(b, 0);
    }

    /** A PerfMgt agent with capability {@code mask}: counters echo the PortSelect with 7 symbol errors. */
    static List<MadFrame> perfAgent(MadFrame request, int mask) {
        ByteBuffer req = ByteBuffer.wrap(request.mad());
        int attribute = req.getShort(MadHeader.ATTRIBUTE_ID_OFFSET);
        return answer(request, Method.GET_RESP, b -> {
            if (attribute == ClassPortInfo.ATTRIBUTE_ID) {
                capabilities(mask).encode(b, DATA);
            } else if (attribute == PortCounters.ATTRIBUTE_ID && req.get(MadHeader.METHOD_OFFSET) == Method.GET) {
                b.putShort(DATA + 4, (short) 7);
            }
        });
    }

    PerfClient perf(int mask) {
        channel.peer(f -> perfAgent(f, mask));
        return PerfClient.of(port);
    }

    @Test
    void portCountersGoToQp1OfTheLidWithThePortSelect() {
        PortCounters counters = perf(0).portCounters(12, 3).block();
        assertThat(counters.portSelect()).isEqualTo(3);
        assertThat(counters.symbolErrorCounter()).isEqualTo(7);
        MadFrame sent = lastFrame();
        assertThat(sent.address().lid()).isEqualTo(12);
        assertThat(sent.address().qpn()).isEqualTo(1);
        assertThat(sent.address().qkey()).isEqualTo(MadAddress.GSI_QKEY);
        ByteBuffer b = lastSent();
        assertThat(b.get(MadHeader.MGMT_CLASS_OFFSET)).isEqualTo((byte) MgmtClass.PERF);
        assertThat(b.getShort(MadHeader.ATTRIBUTE_ID_OFFSET)).isEqualTo((short) PortCounters.ATTRIBUTE_ID);
        assertThat(channel.sent).hasSize(1);
    }

    @Test
    void classPortInfoIsDecoded() {
        ClassPortInfo cpi = perf(ClassPortInfo.PERF_CAP_ALL_PORT_SELECT).classPortInfo(12).block();
        assertThat(cpi.capabilityMask()).isEqualTo(ClassPortInfo.PERF_CAP_ALL_PORT_SELECT);
    }

    @Test
    void extendedCountersNeedTheCapabilityAndAreNotRequestedWithoutIt() {
        StepVerifier.create(perf(ClassPortInfo.PERF_CAP_ALL_PORT_SELECT).portCountersExtended(12, 1))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(UnsupportedCapabilityException.class)
                        .hasMessageContaining("PortCountersExtended"))
                .verify(Duration.ofSeconds(5));
        assertThat(channel.sent).as("only ClassPortInfo was asked").hasSize(1);
    }

    @Test
    void extendedCountersWithTheNoIetfCapabilityAreRead() {
        PortCountersExtended ext = perf(ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_NO_IETF).portCountersExtended(12, 2)
                .block();
        assertThat(ext.portSelect()).isEqualTo(2);
        assertThat(lastSent().getShort(MadHeader.ATTRIBUTE_ID_OFFSET))
                .isEqualTo((short) PortCountersExtended.ATTRIBUTE_ID);
        assertThat(channel.sent).hasSize(2);
    }

    @Test
    void allPortsNeedsAllPortSelect() {
        StepVerifier.create(perf(ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED)
                        .portCounters(12, PortCounters.ALL_PORTS))
                .expectError(UnsupportedCapabilityException.class)
                .verify(Duration.ofSeconds(5));
        assertThat(perf(ClassPortInfo.PERF_CAP_ALL_PORT_SELECT).portCounters(12, PortCounters.ALL_PORTS).block()
                .portSelect()).isEqualTo(PortCounters.ALL_PORTS);
    }

    @Test
    void resetIsASetWithTheSelectMasks() {
        perf(0).resetPortCounters(12, 1, PortCounters.SELECT_SYMBOL_ERROR | PortCounters.SELECT_PORT_RCV_ERRORS,
                PortCounters.SELECT2_PORT_XMIT_WAIT).block();
        ByteBuffer b = lastSent();
        assertThat(b.get(MadHeader.METHOD_OFFSET)).isEqualTo((byte) Method.SET);
        PortCounters body = PortCounters.decode(b, DATA);
        assertThat(body.portSelect()).isEqualTo(1);
        assertThat(body.counterSelect())
                .isEqualTo(PortCounters.SELECT_SYMBOL_ERROR | PortCounters.SELECT_PORT_RCV_ERRORS);
        assertThat(body.counterSelect2()).isEqualTo(PortCounters.SELECT2_PORT_XMIT_WAIT);
    }

    @Test
    void badArgumentsFailAtAssembly() {
        PerfClient perf = PerfClient.of(port);
        assertThatThrownBy(() -> perf.portCounters(0, 1)).hasMessageContaining("not a unicast LID (1 to 49151): 0");
        assertThatThrownBy(() -> perf.portCounters(5, 256)).hasMessageContaining("256");
    }
}
