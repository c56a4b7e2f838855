package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AgentSpecTest {
    static final int VENDOR_CLASS = 0x30;
    static final int MELLANOX_OUI = 0x0002C9;

    @Test
    void aVendorClassAgentIsBuiltWithItsOuiInOneStep() {
        AgentSpec spec = AgentSpec.vendor(VENDOR_CLASS, 1, MELLANOX_OUI).withMethods(0x01);
        assertThat(spec.mgmtClass()).isEqualTo(VENDOR_CLASS);
        assertThat(spec.oui()).isEqualTo(MELLANOX_OUI);
        assertThat(spec.serves(0x01)).isTrue();
        assertThat(spec.qpn()).isEqualTo(1);
    }

    @Test
    void clientForAVendorClassPointsAtTheVendorFactory() {
        assertThatThrownBy(() -> AgentSpec.client(VENDOR_CLASS, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("AgentSpec.vendor");
    }

    @Test
    void anOuiIs24Bits() {
        assertThatThrownBy(() -> AgentSpec.vendor(VENDOR_CLASS, 1, 0x1000000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("OUI");
    }
}
