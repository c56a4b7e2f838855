package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.poll.Errors;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The transport's configuration; talking to a running ibsim is the reactive-umad-test ITs' job. */
class IbsimTransportTest {

    @Test
    void simHostIsTheDefaultPortAndTheOtherVariablesTheEndpoint() {
        IbsimTransport t = IbsimTransport.fromEnvironment(Map.of("SIM_HOST", "Hca2", "IBSIM_SOCKNAME", "run1"));
        assertThat(t.name()).isEqualTo("ibsim");
        assertThat(t.ports()).containsExactly(new PortSpec("Hca2", 1));
        assertThat(t.endpoint().socketName()).isEqualTo("run1");
    }

    @Test
    void withoutSimHostItListsIbsimsDefaultNode() {
        assertThat(IbsimTransport.fromEnvironment(Map.of()).ports())
                .containsExactly(new PortSpec(IbsimTransport.DEFAULT_DEVICE, 1));
    }

    @Test
    void onlyANodesFirstPortCanBeOpened() {
        IbsimTransport t = IbsimTransport.create(IbsimEndpoint.local("unused"), "Hca1");
        assertThatThrownBy(() -> t.open(new PortSpec("Hca1", 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("first port");
    }

    @Test
    void noSimulatorListeningIsATypedConnectionRefusal() {
        String socket = "no-ibsim-" + ProcessHandle.current().pid();
        IbsimTransport t = IbsimTransport.create(IbsimEndpoint.local(socket), null);
        assertThatThrownBy(() -> t.open(new PortSpec(IbsimTransport.DEFAULT_DEVICE, 1)))
                .isInstanceOf(NativeIoException.class)
                .hasMessageContaining("no simulator answers at ibsim@" + socket + " (IBSIM_SOCKNAME)")
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(Errors.ECONNREFUSED));
        assertThatThrownBy(t::devices).isInstanceOf(NativeIoException.class).hasMessageContaining("ibsim@" + socket);
    }
}
