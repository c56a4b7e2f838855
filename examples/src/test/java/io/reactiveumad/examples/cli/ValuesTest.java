package io.reactiveumad.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void bits64TakesAll64BitsInDecimalOrHexAndDigitsOnly() {
        assertThat(Values.bits64("18446744073709551615")).isEqualTo(-1L);
        assertThat(Values.bits64(" 0xFFFFFFFFFFFFFFFF ")).isEqualTo(-1L);
        assertThat(Values.bits64("0X1b")).isEqualTo(0x1b);
        // Long.parseUnsignedLong would take the sign in each of these.
        for (String bad : new String[] {"+5", "0x+5", "-1", "0x-1", "0x", "", "0x1_0", "18446744073709551616"}) {
            assertThatThrownBy(() -> Values.bits64(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not 64 bits (decimal, or hex with 0x)");
        }
    }
}
