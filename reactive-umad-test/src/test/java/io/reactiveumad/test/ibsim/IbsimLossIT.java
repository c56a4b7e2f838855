package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.NodeInfo;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The public API over ibsim with 20 % loss on the target's port: every request either completes (by a
 * resend if need be) or fails with {@link MadTimeoutException} by its deadline; none hangs.
 */
class IbsimLossIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path4hca")).smNode("Hca1"));

    private static final Duration BLOCK = Duration.ofSeconds(30);
    private static final int REQUESTS = 200;
    private static final int LOSS_PERCENT = 20;
    private static final RequestOptions OPTIONS = RequestOptions.defaults().withTimeout(Duration.ofMillis(200))
            .withRetries(3);
    /** Scheduling slack on a loaded machine past a request's own deadline. */
    private static final Duration SLACK = Duration.ofSeconds(1);

    /** How one request ended: its response's NodeGUID, or a timeout; and how long it took. */
    private record Outcome(Long nodeGuid, Duration took) {
    }

    @Test
    void underTwentyPercentLossEveryRequestCompletesOrTimesOutByItsDeadline() {
        IbsimFabric fabric = FABRIC.fabric();
        IbsimTransport transport = fabric.transport("Hca3");
        MadPort target = Umad.open(transport, new PortSpec("Hca2", 1)).block(BLOCK);
        int targetLid = target.attributes().lid();
        long targetGuid = target.attributes().nodeGuid();
        target.dispose();

        MadPort port = Umad.open(transport, new PortSpec("Hca3", 1)).block(BLOCK);
        fabric.error("Hca2", 1, LOSS_PERCENT);
        try {
            MadAgent smp = port.agent(AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, Requests.SMP_VERSION)).block(BLOCK);
            Mad get = Mad.adopt(Requests.smpGet(NodeInfo.ATTRIBUTE_ID, 0));
            List<Outcome> outcomes = Flux.range(0, REQUESTS)
                    .flatMap(i -> timed(smp.request(get, MadAddress.smp(targetLid), OPTIONS)), 16)
                    .collectList()
                    .block(BLOCK);

            assertThat(outcomes).hasSize(REQUESTS);
            List<Outcome> answered = outcomes.stream().filter(o -> o.nodeGuid() != null).toList();
            List<Outcome> timedOut = outcomes.stream().filter(o -> o.nodeGuid() == null).toList();
            assertThat(answered).extracting(Outcome::nodeGuid).containsOnly(targetGuid);
            // Four attempts each at 20 % loss: a request fails with probability 0.2^4 = 0.0016.
            assertThat(answered.size()).isGreaterThanOrEqualTo(REQUESTS * 95 / 100);
            assertThat(timedOut).allSatisfy(o ->
                    assertThat(o.took()).isLessThanOrEqualTo(OPTIONS.deadline().plus(SLACK)));
            assertThat(port.stats().sent()).as("resends happened").isGreaterThan(REQUESTS);
            assertThat(port.stats().timeouts()).isEqualTo(timedOut.size());
        } finally {
            fabric.error("Hca2", 1, 0);
            port.dispose();
        }
    }

    private static Mono<Outcome> timed(Mono<io.reactiveumad.ReceivedMad> request) {
        return Mono.defer(() -> {
            long start = System.nanoTime();
            return request
                    .map(r -> new Outcome(NodeInfo.decode(r.mad().buffer(), SmpHeader.DATA_OFFSET).nodeGuid(),
                            Duration.ofNanos(System.nanoTime() - start)))
                    .onErrorResume(MadTimeoutException.class,
                            e -> Mono.just(new Outcome(null, Duration.ofNanos(System.nanoTime() - start))));
        });
    }
}
