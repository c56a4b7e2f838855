package io.reactiveumad;

import static io.reactiveumad.MadAgentTest.FAST;
import static io.reactiveumad.MadAgentTest.GET;
import static io.reactiveumad.MadAgentTest.PEER;
import static io.reactiveumad.MadAgentTest.PERF;
import static io.reactiveumad.MadAgentTest.REPORT;
import static io.reactiveumad.MadAgentTest.SET;
import static io.reactiveumad.MadAgentTest.echo;
import static io.reactiveumad.MadAgentTest.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.spi.channel.MadFrame;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** Each agent's counters, and the port's as their sum (closed agents included), over the in-memory channel in virtual time. */
class AgentStatsTest extends FakePortTest {
    static final int SA = 0x03;


    @Test
    void eachAgentCountsItsOwnMadsAndThePortSumsThemClosedAgentsIncluded() {
        MadAgent reports = port.agent(AgentSpec.server(PERF, 1, REPORT)).block();
        List<ReceivedMad> unsolicited = new CopyOnWriteArrayList<>();
        reports.receive().subscribe(unsolicited::add);
        MadAgent perf = port.agent(AgentSpec.client(PERF, 1)).block();
        MadAgent sa = port.agent(AgentSpec.client(SA, 2)).block();
        assertThat(port.agents()).containsExactlyInAnyOrder(reports, perf, sa);
        assertThat(List.of(reports.id(), perf.id(), sa.id())).doesNotHaveDuplicates();

        channel.peer(f -> echo(f, 0));
        perf.request(get(0x12, 1), PEER, FAST).block(Duration.ofSeconds(5));
        sa.request(Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) SA).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 2)
                .put(MadHeader.METHOD_OFFSET, (byte) GET)), PEER).block(Duration.ofSeconds(5));
        MadFrame perfsFirst = channel.sent.peek();
        channel.inject(echo(perfsFirst, 0).get(0));               // the same answer again: late, perf's
        Mad report = get(0x02, 0).with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) REPORT));
        channel.inject(new MadFrame(0, 0, 0, 0, PEER, report.toByteArray()));
        Mad set = get(0x02, 0).with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) SET));
        channel.inject(new MadFrame(reports.id(), 0, 0, 0, PEER, set.toByteArray()));    // a method it does not serve

        channel.peer(f -> List.of());
        StepVerifier.withVirtualTime(() -> perf.request(get(0x12, 2), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .then(() -> assertThat(perf.stats().inFlight()).isEqualTo(1))
                .then(() -> assertThat(sa.stats().inFlight()).isZero())
                .then(() -> assertThat(port.stats().inFlight()).isEqualTo(1))
                .thenAwait(Duration.ofSeconds(3))
                .expectError(MadTimeoutException.class)
                .verify(Duration.ofSeconds(5));

        assertThat(unsolicited).hasSize(1);
        // received, sent, droppedOverflow, lateResponses, timeouts, unclaimed, malformed, retries, rmppTransfers, inFlight
        assertThat(perf.stats()).as("perf").isEqualTo(new AgentStats(2, 4, 0, 1, 1, 0, 0, 2, 0, 0));
        assertThat(sa.stats()).as("sa").isEqualTo(new AgentStats(1, 1, 0, 0, 0, 0, 0, 0, 0, 0));
        assertThat(reports.stats()).as("reports").isEqualTo(new AgentStats(2, 0, 0, 0, 0, 1, 0, 0, 0, 0));
        PortStats sum = new PortStats(5, 5, 0, 1, 1, 1, 0, 2, 0, 0);
        assertThat(port.stats()).isEqualTo(sum);

        perf.dispose();
        vts.advanceTimeBy(Duration.ZERO);
        assertThat(port.agents()).as("the open agents").containsExactlyInAnyOrder(reports, sa);
        assertThat(port.stats()).as("a closed agent's counts stay in the port's").isEqualTo(sum);
    }
}
