package io.reactiveumad;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import reactor.test.scheduler.VirtualTimeScheduler;

/** A port over the kernel-like {@link FakeChannel}, in virtual time: the fixture of the agent and client tests. */
public abstract class FakePortTest {
    protected VirtualTimeScheduler vts;
    protected FakeChannel channel;
    protected MadPort port;

    @BeforeEach
    void openPort() {
        vts = VirtualTimeScheduler.getOrSet();
        channel = new FakeChannel(vts);
        port = Umad.open(channel.transport(), new PortSpec("fake0", 1), new PortOptions(vts)).block();
    }

    @AfterEach
    void closePort() {
        port.dispose();
        VirtualTimeScheduler.reset();
    }
}
