package io.reactiveumad.spi.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kernel's registration rules as {@link AgentRegistration#refusal} states them for the transports that stand in
 * for it (ChannelConformanceTest in the kernel VM checks the same cases against ib_umad itself).
 */
class AgentRegistrationTest {
    private static final long GET = 1L << 1;
    private static final long SET = 1L << 2;

    private static AgentRegistration gsi(int mgmtClass, int version, long methods, int oui, int rmpp) {
        return new AgentRegistration(1, mgmtClass, version, methods, 0, oui, rmpp, false);
    }

    @Test
    void aClientOnlyAgentIsNeverRefused() {
        assertThat(new AgentRegistration(0, 0, 0, 0, 0, 0, 0, false).refusal(List.of())).isEmpty();
        assertThat(gsi(0, 0, 0, 0, 1).refusal(List.of())).isEmpty();
    }

    @Test
    void aClassTheKernelKeepsNoTableForIsRefused() {
        assertThat(gsi(0x50, 1, 0, 0, 0).refusal(List.of())).contains("class 0x50 is reserved: the kernel registers "
                + "classes 0x01 to 0x4f and 0x81");
        assertThat(gsi(0x99, 1, 0, 0, 0).refusal(List.of())).isPresent();
        assertThat(new AgentRegistration(0, 0x81, 1, 0, 0, 0, 0, false).refusal(List.of())).isEmpty();
    }

    @Test
    void classesLiveOnTheirQp() {
        assertThat(gsi(0x81, 1, 0, 0, 0).refusal(List.of())).hasValueSatisfying(why -> assertThat(why)
                .startsWith("class 0x81 is not served on QP1"));
        assertThat(new AgentRegistration(0, 0x03, 2, 0, 0, 0, 0, false).refusal(List.of())).isPresent();
        assertThat(new AgentRegistration(0, 0x01, 1, GET, 0, 0, 0, false).refusal(List.of())).isEmpty();
    }

    @Test
    void theVendorRangeWantsAnOuiAndRmppOnlyWhereTheClassHasIt() {
        assertThat(gsi(0x30, 1, 0, 0, 0).refusal(List.of())).contains("vendor class 0x30 needs an OUI");
        assertThat(gsi(0x30, 1, 0, 0x1405, 1).refusal(List.of())).isEmpty();
        assertThat(gsi(0x04, 1, 0, 0, 1).refusal(List.of())).contains("class 0x04 has no RMPP");
        assertThat(gsi(0x03, 2, 0, 0, 1).refusal(List.of())).isEmpty();
    }

    @Test
    void aMethodBelongsToOneAgentPerClassVersionAndOui() {
        List<AgentRegistration> held = List.of(gsi(0x04, 1, GET, 0, 0), gsi(0x4F, 1, GET, 0x1405, 0));
        assertThat(gsi(0x04, 1, SET | GET, 0, 0).refusal(held)).contains("class 0x04 version 1 method 0x01 is served "
                + "by another agent");
        assertThat(gsi(0x04, 1, SET, 0, 0).refusal(held)).isEmpty();
        assertThat(gsi(0x04, 2, GET, 0, 0).refusal(held)).isEmpty();
        assertThat(gsi(0x4F, 1, GET, 0x1406, 0).refusal(held)).isEmpty();
        assertThat(gsi(0x4F, 1, GET, 0x1405, 0).refusal(held)).isPresent();
        assertThat(new AgentRegistration(1, 0x04, 1, 0, 1L << 3, 0, 0, false)
                .refusal(List.of(new AgentRegistration(1, 0x04, 1, 0, 1L << 3, 0, 0, false))))
                .contains("class 0x04 version 1 method 0x43 is served by another agent");
    }
}
