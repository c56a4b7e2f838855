package io.reactiveumad.poll.ibsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class IbsimEndpointTest {

    @Test
    void withNothingSetItIsTheLocalSimulatorNamedSim() {
        IbsimEndpoint e = IbsimEndpoint.fromEnvironment(Map.of());
        assertThat(e.socketName()).isEqualTo("sim");
        assertThat(e.isRemote()).isFalse();
        assertThat(e.controlName()).isEqualTo("sim:ctl");
        assertThat(e.dataName(3)).isEqualTo("sim:out3");
        assertThat(e.acceptRequests()).isTrue();
    }

    @Test
    void ibsimVariablesChooseTheSocketNameAndRemoteMode() {
        IbsimEndpoint e = IbsimEndpoint.fromEnvironment(Map.of("IBSIM_SOCKNAME", "run7",
                "IBSIM_SERVER_NAME", "127.0.0.1", "IBSIM_SERVER_PORT", "7100"));
        assertThat(e.socketName()).isEqualTo("run7");
        assertThat(e.isRemote()).isTrue();
        assertThat(e.controlAddress().getPort()).isEqualTo(7100);
        assertThat(e.dataAddress(2).getPort()).as("client slot n answers on port + n + 1").isEqualTo(7103);
    }

    @Test
    void anEmptyServerNameMeansLocalAsUmad2simReadsIt() {
        assertThat(IbsimEndpoint.fromEnvironment(Map.of("IBSIM_SERVER_NAME", "")).isRemote()).isFalse();
    }

    @Test
    void aBadPortIsAClearError() {
        assertThatThrownBy(() -> IbsimEndpoint.fromEnvironment(Map.of("IBSIM_SERVER_PORT", "seven")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IBSIM_SERVER_PORT");
    }
}
