package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.sa.NodeRecord;
import java.time.Duration;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The event loop itself dies (a {@link VirtualMachineError} on its thread) while a request waits for an
 * answer that will never come (a server that never answers): the request ends at once with {@link PortClosedException} caused by what
 * killed the loop (not at its distant deadline, and not never), and a request made afterwards is refused
 * the same way instead of vanishing into a loop that no longer runs.
 */
class IbsimLoopDeathIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path4hca")).smNode("Hca1"));

    private static final Duration BLOCK = Duration.ofSeconds(30);
    /** Far beyond the test's own wait: only the loop's death can end the request in time. */
    private static final RequestOptions NEVER_TIMES_OUT = RequestOptions.defaults().withTimeout(Duration.ofMinutes(10));

    @Test
    void aPendingRequestEndsTypedWithTheCauseWhenTheLoopDies() {
        IbsimFabric fabric = FABRIC.fabric();
        IbsimTransport transport = fabric.transport("Hca3");
        // Hca2's request receiver: an SA-class server that never answers, so a Get sent to it stays pending. (A MAD
        // ibsim could not deliver would come back to its sender and end the attempt.)
        MadPort target = Umad.open(transport, new PortSpec("Hca2", 1)).block(BLOCK);
        int targetLid = target.attributes().lid();
        target.agent(AgentSpec.server(MgmtClass.SUBN_ADM, Requests.SA_VERSION, Method.GET)).block(BLOCK);

        MadPort port = Umad.open(transport, new PortSpec("Hca3", 1)).block(BLOCK);
        try {
            MadAgent sa = port.agent(AgentSpec.client(MgmtClass.SUBN_ADM, Requests.SA_VERSION)).block(BLOCK);
            Mono<ReceivedMad> request = sa.request(Mad.adopt(nodeRecordGet(targetLid)), MadAddress.gsi(targetLid),
                    NEVER_TIMES_OUT);
            OutOfMemoryError killer = new OutOfMemoryError("injected: the loop thread dies");

            StepVerifier.create(request)
                    .then(() -> port.loopScheduler().schedule(() -> {
                        throw killer;
                    }))
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortClosedException.class)
                            .extracting(Throwable::getCause).extracting(Throwable::getCause).isSameAs(killer))
                    .verify(BLOCK);

            StepVerifier.create(sa.request(Mad.adopt(nodeRecordGet(targetLid)), MadAddress.gsi(targetLid),
                            NEVER_TIMES_OUT))
                    .expectError(PortClosedException.class)
                    .verify(BLOCK);
            assertThat(port.isDisposed()).isTrue();
            assertThat(port.stats()).extracting(s -> s.sent(), InstanceOfAssertFactories.LONG).isEqualTo(1);
        } finally {
            port.dispose();
            target.dispose();
        }
    }

    private static byte[] nodeRecordGet(int lid) {
        NodeRecord template = new NodeRecord(lid, new NodeInfo(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                new NodeDescription(""));
        return Requests.saGet(NodeRecord.ATTRIBUTE_ID, NodeRecord.Component.LID, template);
    }
}
