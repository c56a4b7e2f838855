package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.VendorRange2Header;
import io.reactiveumad.operators.RmppOptions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import io.reactiveumad.Transport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The transport contract on ibsim with OpenSM (under umad2sim) as the SM. */
class IbsimTransportContractIT extends TransportContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1"));

    @Override
    Transport transport(String node) {
        return FABRIC.fabric().transport(node);
    }

    @Override
    PortSpec port(String node) {
        return transport(node).ports().get(0);
    }

    /**
     * 1 MB (about 5 000 segments) from host2 to host3 while ibsim drops 1 % of what leaves host3's port:
     * requests, DATA segments and ACKs alike. The ACK timeout is shortened so the retransmissions fit a
     * test; the logic is the kernel's.
     */
    @Test
    void aMegabyteArrivesIntactThroughIbsimLossInjection() {
        byte[] payload = new byte[1 << 20];
        new Random(5).nextBytes(payload);
        PortOptions lossy = PortOptions.defaults().withRmpp(RmppOptions.defaults().withAckTimeout(Duration.ofMillis(300))
                .withMaxRetries(10));
        MadPort server = Umad.open(transport("host2"), port("host2"), lossy).block(PATIENCE);
        MadPort client = Umad.open(transport("host3"), port("host3"), lossy).block(PATIENCE);
        try {
            agent(server, vendor(RmppMode.USER, Method.GET)).serve(req -> Mono.just(
                    Mad.build(VendorRange2Header.DATA_OFFSET + payload.length, b -> {
                        new MadHeader().wrap(b, 0).mgmtClass(VENDOR_CLASS).classVersion(1).methodByte(Method.GET)
                                .attributeId(ECHO_ATTRIBUTE);
                        new VendorRange2Header().wrap(b, 0).oui(VENDOR_OUI);
                        b.put(VendorRange2Header.DATA_OFFSET, payload);
                    })));
            FABRIC.fabric().error("host3", 1, 1);
            MadAgent agent = agent(client, vendor(RmppMode.USER));
            RequestOptions patient = RequestOptions.defaults().withTimeout(Duration.ofSeconds(2)).withRetries(5);
            ReceivedMad r = agent.request(vendorGet(new byte[] {1}), MadAddress.gsi(server.attributes().lid()), patient)
                    .block(Duration.ofMinutes(4));
            byte[] got = r.mad().toByteArray();
            assertThat(Arrays.copyOfRange(got, VendorRange2Header.DATA_OFFSET, got.length)).isEqualTo(payload);
        } finally {
            FABRIC.fabric().error("host3", 1, 0);
            server.close().block(PATIENCE);
            client.close().block(PATIENCE);
        }
    }
}
