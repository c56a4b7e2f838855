package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MethodTest {

    @Test
    void aTrapIsAnsweredWithTrapRepressWhichHasNoResponseBit() {
        assertThat(Method.responseOf(Method.TRAP)).isEqualTo(Method.TRAP_REPRESS).isEqualTo(0x07);
        assertThat(Method.responseOf(Method.GET)).isEqualTo(0x81);
        assertThat(Method.responseOf(Method.SET)).isEqualTo(0x81);
        assertThat(Method.responseOf(Method.REPORT)).isEqualTo(0x86);
    }

    /** As the kernel's ib_response_mad: the R bit, or TrapRepress (the answer to a Trap). */
    @Test
    void aTrapRepressIsAnAnswerLikeEveryMethodWithTheResponseBit() {
        for (int methodByte : new int[] {Method.TRAP_REPRESS, Method.GET_RESP, Method.REPORT_RESP, Method.GET_TABLE_RESP}) {
            Mad mad = Mad.build(b -> b.put(MadHeader.METHOD_OFFSET, (byte) methodByte));
            assertThat(mad.isResponse()).as(Method.name(methodByte)).isTrue();
            assertThat(new MadHeader().wrap(mad.toByteArray()).isResponse()).as(Method.name(methodByte)).isTrue();
        }
        for (int methodByte : new int[] {Method.TRAP, Method.GET, Method.REPORT, Method.SEND}) {
            Mad mad = Mad.build(b -> b.put(MadHeader.METHOD_OFFSET, (byte) methodByte));
            assertThat(mad.isResponse()).as(Method.name(methodByte)).isFalse();
            assertThat(new MadHeader().wrap(mad.toByteArray()).isResponse()).as(Method.name(methodByte)).isFalse();
        }
    }
}
