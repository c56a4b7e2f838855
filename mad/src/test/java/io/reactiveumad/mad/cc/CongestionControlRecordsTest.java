package io.reactiveumad.mad.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.Octets;
import java.nio.ByteBuffer;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** What the golden vectors do not show: the checks on what a record is given, and the two blocks' port arithmetic. */
class CongestionControlRecordsTest {

    @Test
    void aLogOfAnotherTypeIsMalformedNamingTheType() {
        ByteBuffer log = ByteBuffer.allocate(CongestionLog.SIZE);
        log.put(0, (byte) 3);
        assertThatThrownBy(() -> CongestionLog.decode(log, 0)).isInstanceOf(MalformedMadException.class)
                .hasMessageContaining("LogType 3");
    }

    @Test
    void aShortLogIsMalformed() {
        assertThatThrownBy(() -> CongestionLog.decode(ByteBuffer.allocate(CongestionLog.SIZE - 1), 0))
                .isInstanceOf(MalformedMadException.class);
    }

    @Test
    void blocksHoldTheirCountOfElementsAndNoOther() {
        assertThatThrownBy(() -> new SwitchPortCongestionSetting(Collections.nCopies(48,
                SwitchPortCongestionSetting.Element.NONE))).hasMessageContaining("32 elements, got 48");
        assertThatThrownBy(() -> new CongestionControlTable(0, Collections.nCopies(63,
                CongestionControlTable.Entry.NONE))).hasMessageContaining("64 entries, got 63");
        assertThatThrownBy(() -> new CaCongestionSetting(0, 0, Collections.nCopies(15, CaCongestionSetting.Entry.NONE)))
                .hasMessageContaining("16 entries, got 15");
        assertThatThrownBy(() -> new SwitchCongestionSetting(0, Octets.zeros(31), Octets.zeros(32), 0, 0, 0, 0, 0))
                .hasMessageContaining("Victim_Mask must be 32 bytes");
    }

    @Test
    void portThirtyThreeIsTheSecondElementOfTheSecondBlock() {
        var element = new SwitchPortCongestionSetting.Element(true, 1, 9, 4, 100);
        SwitchPortCongestionSetting block = SwitchPortCongestionSetting.none().with(33, element);
        assertThat(SwitchPortCongestionSetting.block(33)).isEqualTo(1);
        assertThat(block.elements().get(1)).isEqualTo(element);
        assertThat(block.port(33)).isEqualTo(element);
        assertThat(block.port(32)).isEqualTo(SwitchPortCongestionSetting.Element.NONE);
    }

    @Test
    void aFieldTooWideForItsBitsIsRefusedWhenEncoded() {
        var tooHigh = new SwitchPortCongestionSetting.Element(true, 0, 16, 0, 0);
        assertThatThrownBy(() -> SwitchPortCongestionSetting.none().with(0, tooHigh).toBytes())
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theCcKeyIsLeftOutOfTheText() {
        assertThat(new CongestionKeyInfo(0x1234567890abcdefL, true, 5, 0).toString()).doesNotContain("1234567890")
                .doesNotContain(Long.toString(0x1234567890abcdefL));
    }
}
