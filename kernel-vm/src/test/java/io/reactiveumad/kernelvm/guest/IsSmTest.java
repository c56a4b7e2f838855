package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.InVm.sysfs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.poll.kernel.IsSm;
import io.reactiveumad.poll.kernel.IsSmHeldException;
import io.reactiveumad.poll.kernel.UmadHost;
import io.reactiveumad.poll.kernel.UmadPortRef;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** Holding {@code issm0} sets the port's IsSM capability bit, for one holder at a time, until closed. */
@Order(15)
class IsSmTest {
    /** CapabilityMask bit 1 (PortInfo): the port runs an SM. */
    private static final long IS_SM = 1L << 1;

    private final UmadHost host = UmadHost.system();
    private final UmadPortRef rxe0 = host.sysfs().find(InVm.DEVICE, InVm.PORT).orElseThrow();

    @Test
    void holdingIssmSetsTheIsSmBitForOneHolderUntilClosed() {
        assertThat(capabilityMask() & IS_SM).as("IsSM before").isZero();

        try (IsSm held = host.acquireIsSm(rxe0, false)) {
            assertThat(capabilityMask() & IS_SM).as("IsSM while held").isNotZero();
            assertThatThrownBy(() -> host.acquireIsSm(rxe0, false)).isInstanceOf(IsSmHeldException.class);
        }

        assertThat(capabilityMask() & IS_SM).as("IsSM after close").isZero();
    }

    private static long capabilityMask() {
        return Long.decode(sysfs(InVm.PORT_DIR.resolve("cap_mask")));
    }
}
